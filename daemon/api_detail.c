/*
 * api_detail.c - the data of the metric chart and of the job detail page.
 *
 * detail_series() backs GET /api/v1/series/:id and /series/ID: a series'
 * points by first-parent position, the release tags on its branch, its
 * changes with the positions of their commit ranges, and the same metric
 * on the other runner classes the caller asked for (?classes=).
 * detail_job() backs GET /api/v1/jobs/:id and /jobs/ID.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/analyze.h"
#include "daemon/api_detail.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "web/html.h"
#include "web/pages.h"

#define DETAIL_MAX_QUERY 1024       /* characters of ?classes= */

/* ?from= / ?to=: a position (digits) or a full commit id on the branch.
 * *pos stays as it is when the parameter is absent. */
static int detail_bound(long long *pos, char **cause, struct kpcid *k, struct http_req *req,
			const char *name, long long branch_id)
{
	const char *v = http_query(req, name);
	size_t hex;
	char *end;

	if (!v)
		return 0;
	hex = strspn(v, "0123456789abcdef");
	if (*v && strspn(v, "0123456789") == strlen(v) && strlen(v) < 12) {
		*pos = strtoll(v, &end, 10);
		return 0;
	}
	if (!v[hex] && (hex == 40 || hex == 64) && branch_id &&
	    db_branch_position(k->db, pos, branch_id, v) == DB_OK)
		return 0;
	fail_cause(cause, "query parameter %s: '%.64s' is neither a first-parent position nor a "
		   "commit on this series' branch", name, v);
	return 400;
}

/* Adds "subject" and "author" of their commits to points (in position order). */
static int detail_commits(struct kpcid *k, json_t *points, long long branch_id)
{
	json_t *pos = json_array(), *det, *p;
	size_t i, d = 0, nd;

	json_array_foreach(points, i, p)
		if (json_is_integer(json_object_get(p, "position")))
			json_array_append(pos, json_object_get(p, "position"));
	det = db_branch_details(k->db, branch_id, pos);
	json_decref(pos);
	if (!det)
		return -1;
	nd = json_array_size(det);
	json_array_foreach(points, i, p) {
		long long at = json_integer_value(json_object_get(p, "position"));
		const json_t *c;

		while (d < nd && json_integer_value(json_object_get(json_array_get(det, d),
				"position")) < at)
			d++;
		c = json_array_get(det, d);
		if (c && json_integer_value(json_object_get(c, "position")) == at) {
			json_object_set(p, "subject", json_object_get(c, "subject"));
			json_object_set(p, "author", json_object_get(c, "author"));
		}
	}
	json_decref(det);
	return 0;
}

/* The points of series id whose position is in [lo, hi] (all when the
 * series is in job order), with their commits' subjects when details. */
static json_t *detail_points(struct kpcid *k, long long id, long long lo, long long hi,
			     long long branch_id, int details)
{
	struct db_series_data *s = NULL;
	struct analyze_series a;
	json_t *arr;

	if (db_series_load(k->db, &s, id) != DB_OK)
		return NULL;
	if (analyze_series_points(&a, s) < 0) {
		db_series_data_free(s);
		return NULL;
	}
	arr = json_array();
	for (size_t i = 0; arr && i < a.n; i++) {
		const struct analyze_point *p = &a.points[i];

		if (a.by_commit && (p->position < lo || p->position > hi))
			continue;
		json_array_append_new(arr, json_pack("{s:I, s:o, s:I, s:o, s:f, s:I}",
			"index", (json_int_t)i,
			"position", p->position >= 0 ? json_integer(p->position) : json_null(),
			"job_id", (json_int_t)p->job_id,
			"commit_sha", p->sha[0] ? json_string(p->sha) : json_null(),
			"value", p->value, "iterations", (json_int_t)p->iterations));
	}
	analyze_series_free(&a);
	db_series_data_free(s);
	if (arr && details && branch_id && detail_commits(k, arr, branch_id) < 0) {
		json_decref(arr);
		return NULL;
	}
	return arr;
}

/* The changes of series id with the first-parent positions of their ends. */
static json_t *detail_changes(struct kpcid *k, long long id, long long branch_id)
{
	struct db_change_filter f = { .noisy = -1, .series_id = id };
	json_t *rows = db_changes_list(k->db, &f, DB_MAX_LIST, 0), *c;
	size_t i;

	json_array_foreach(rows, i, c) {
		const char *ends[2] = { "good_sha", "bad_sha" };
		const char *keys[2] = { "good_position", "bad_position" };

		for (int e = 0; e < 2; e++) {
			const char *sha = json_string_value(json_object_get(c, ends[e]));
			long long pos;

			if (sha && branch_id && db_branch_position(k->db, &pos, branch_id, sha) == DB_OK)
				json_object_set_new(c, keys[e], json_integer(pos));
			else
				json_object_set_new(c, keys[e], json_null());
		}
	}
	return rows;
}

/* 1 when class is listed in the comma-separated list. */
static int detail_listed(const char *list, const char *cls)
{
	size_t n = strlen(cls);

	for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, cls, n) && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* Checks ?classes=: names separated by commas. */
static int detail_classes_ok(char **cause, const char *list)
{
	char name[PROTO_MAX_NAME + 1];
	int count = 0;

	if (strlen(list) > DETAIL_MAX_QUERY) {
		fail_cause(cause, "query parameter classes is too long");
		return 400;
	}
	for (const char *p = list; *p; ) {
		size_t n = strcspn(p, ",");

		if (n > PROTO_MAX_NAME) {
			fail_cause(cause, "query parameter classes: a name is too long");
			return 400;
		}
		memcpy(name, p, n);
		name[n] = '\0';
		if (!proto_name_ok(name) || ++count > DETAIL_MAX_CLASSES) {
			fail_cause(cause, "query parameter classes: '%.64s' is not a runner class name "
				   "(or more than %d are listed)", name, DETAIL_MAX_CLASSES);
			return 400;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

int detail_series(json_t **out, char **cause, struct kpcid *k, long long id,
		  struct http_req *req, int details)
{
	const char *classes = http_query(req, "classes");
	long long branch_id, tree_id, lo = 0, hi = (1LL << 62);
	json_t *s, *sib = NULL, *overlay, *selected, *o;
	size_t i;
	int rc;

	*out = NULL;
	*cause = NULL;
	if (classes && (rc = detail_classes_ok(cause, classes)) != 0)
		return rc;
	s = db_series_get(k->db, id);
	if (!s) {
		fail_cause(cause, "series %lld does not exist", id);
		return 404;
	}
	rc = 500;
	if (db_series_place(k->db, &branch_id, &tree_id, id) != DB_OK)
		goto fail;
	if ((rc = detail_bound(&lo, cause, k, req, "from", branch_id)) != 0 ||
	    (rc = detail_bound(&hi, cause, k, req, "to", branch_id)) != 0)
		goto fail;
	rc = 500;
	json_object_set_new(s, "releases", branch_id ? db_branch_marks(k->db, tree_id, branch_id)
						      : json_array());
	sib = db_series_siblings(k->db, id);
	if (!sib || !json_object_get(s, "releases"))
		goto fail;
	json_object_set_new(s, "points", detail_points(k, id, lo, hi, branch_id, details));
	json_object_set_new(s, "changes", detail_changes(k, id, branch_id));
	if (!json_object_get(s, "points") || !json_object_get(s, "changes"))
		goto fail;
	overlay = json_array();
	selected = json_array();
	json_array_append_new(selected, json_string(html_jstr(s, "runner_class")));
	json_array_foreach(sib, i, o) {
		long long oid = json_integer_value(json_object_get(o, "id"));
		json_t *pts;

		if (oid == id || !classes || !detail_listed(classes, html_jstr(o, "runner_class")))
			continue;
		pts = detail_points(k, oid, lo, hi, branch_id, details);
		if (!pts)
			continue;
		json_array_append_new(selected, json_string(html_jstr(o, "runner_class")));
		json_array_append_new(overlay, json_pack("{s:I, s:s, s:o, s:o}", "series_id",
			(json_int_t)oid, "runner_class", html_jstr(o, "runner_class"), "points", pts,
			"changes", detail_changes(k, oid, branch_id)));
	}
	json_object_set_new(s, "overlay", overlay);
	json_object_set_new(s, "selected", selected);
	json_object_set_new(s, "classes", sib);
	json_object_set_new(s, "from", json_integer(lo));
	json_object_set_new(s, "to", hi == (1LL << 62) ? json_null() : json_integer(hi));
	*out = s;
	return 0;
fail:
	json_decref(sib);
	json_decref(s);
	if (!*cause)            /* keep the sentence of detail_bound */
		fail_cause(cause, "cannot read series %lld", id);
	return rc;
}

int detail_job(json_t **out, char **cause, struct kpcid *k, long long id)
{
	json_t *job = db_job_get(k->db, id), *attempts, *series, *build = NULL, *estimate;
	char tree[PROTO_MAX_NAME + 1];
	long long build_id = 0;

	*out = NULL;
	*cause = NULL;
	if (!job) {
		fail_cause(cause, "job %lld does not exist", id);
		return 404;
	}
	attempts = db_job_attempts(k->db, id, DETAIL_LOG_TAIL);
	series = db_job_series(k->db, id);
	if (!attempts || !series || db_job_where(k->db, &build_id, tree, id) != DB_OK) {
		json_decref(attempts);
		json_decref(series);
		json_decref(job);
		fail_cause(cause, "cannot read job %lld", id);
		return 500;
	}
	if (build_id)
		build = db_build_get(k->db, build_id);
	json_object_set_new(job, "tree", tree[0] ? json_string(tree) : json_null());
	json_object_set_new(job, "attempts", attempts);
	json_object_set_new(job, "series", series);
	json_object_set_new(job, "build", build ? build : json_null());
	estimate = db_job_estimate(k->db, id);
	json_object_set_new(job, "estimate", estimate ? estimate : json_null());
	*out = job;
	return 0;
}

void api_page_job(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *job;
	char *cause;
	int rc = detail_job(&job, &cause, k, req->params[0]);

	resp->content_type = "text/html; charset=utf-8";
	if (rc) {
		html_page_begin(&resp->body, "Error");
		buf_adds(&resp->body, "<p id=\"error\">");
		html_txt(&resp->body, cause ? cause : "error");
		buf_adds(&resp->body, "</p>\n");
		html_page_end(&resp->body);
		resp->status = rc;
		free(cause);
		return;
	}
	resp->status = page_job(&resp->body, job, (long long)time(NULL)) == 0 ? 200 : 500;
	json_decref(job);
}
