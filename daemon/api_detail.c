/*
 * api_detail.c - the data of the metric chart and of the job detail page.
 *
 * detail_series() backs GET /api/v1/series/:id and /series/ID: a series'
 * points by first-parent position, the release tags on its branch, its
 * changes with the positions of their commit ranges, and the same metric
 * on the other runner classes the caller asked for (?classes=).
 * detail_job() backs GET /api/v1/jobs/:id and /jobs/ID.
 */
#include <math.h>
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
#include "lib/stats.h"
#include "web/html.h"
#include "web/pages.h"

#define DETAIL_MAX_QUERY 1024       /* characters of ?classes= */

/* ?from= / ?to= (v, NULL when absent): a position (digits) or a full
 * commit id on the branch.  *pos stays as it is when v is NULL. */
static int detail_bound(long long *pos, char **cause, struct kpcid *k, const char *v,
			const char *name, long long branch_id)
{
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

/* Adds "subject", "author" and "time" (commit time) of their commits to
 * points (in position order). */
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
			json_object_set(p, "time", json_object_get(c, "commit_time"));
		}
	}
	json_decref(det);
	return 0;
}

/* The points of series id whose position is in [lo, hi] (all when the
 * series is in job order), with their commits' subjects when details;
 * *by_commit gets the order. */
static json_t *detail_points(struct kpcid *k, long long id, long long lo, long long hi,
			     long long branch_id, int details, int *by_commit)
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
	*by_commit = a.by_commit;
	arr = json_array();
	for (size_t i = 0; arr && i < a.n; i++) {
		const struct analyze_point *p = &a.points[i];

		if (a.by_commit && (p->position < lo || p->position > hi))
			continue;
		json_array_append_new(arr, json_pack("{s:I, s:o, s:I, s:o, s:f, s:f, s:f, s:I}",
			"index", (json_int_t)i,
			"position", p->position >= 0 ? json_integer(p->position) : json_null(),
			"job_id", (json_int_t)p->job_id,
			"commit_sha", p->sha[0] ? json_string(p->sha) : json_null(),
			"value", p->value, "min", p->min, "max", p->max,
			"iterations", (json_int_t)p->iterations));
	}
	analyze_series_dispose(&a);
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

/* A point's x on the chart: its position in commit order, else its index. */
static long long detail_x(const json_t *p, int by_commit)
{
	return json_integer_value(json_object_get(p, by_commit ? "position" : "index"));
}

/* The x of the first bad point of each change, sorted, into *out (caller
 * frees); their number. */
static size_t detail_bounds(long long **out, const json_t *changes, int by_commit)
{
	size_t n = json_array_size(changes), k = 0, i;
	long long *v = calloc(n ? n : 1, sizeof *v);
	json_t *c;

	*out = v;
	if (!v)
		return 0;
	json_array_foreach(changes, i, c) {
		const json_t *bad = json_object_get(c, by_commit ? "bad_position" : "point_index");

		if (json_is_integer(bad))
			v[k++] = json_integer_value(bad);
	}
	for (i = 1; i < k; i++)      /* a handful: insertion sort */
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			long long x = v[j];

			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return k;
}

/* One segment of points [a, b) (same x side of every change bound): its
 * mean and the spread of one point about it, from the noise model of the
 * series when it knows the between-job spread, else from the points. */
static json_t *detail_segment(const json_t *points, size_t a, size_t b, int by_commit,
			      const struct verdict_noise *noise)
{
	size_t n = b - a;
	double *v = calloc(n, sizeof *v), iters = 0, mean, sd;
	int model = noise->between_df > 0;
	json_t *seg;

	if (!v)
		return NULL;
	for (size_t i = a; i < b; i++) {
		v[i - a] = json_number_value(json_object_get(json_array_get(points, i), "value"));
		iters += (double)json_integer_value(json_object_get(json_array_get(points, i),
								   "iterations"));
	}
	mean = stats_mean(v, n);
	iters = iters / (double)n >= 1 ? iters / (double)n : 1;
	if (model)
		sd = fabs(mean) * sqrt(noise->between_var + noise->within_var / iters);
	else
		sd = n >= 2 ? sqrt(stats_variance(v, n)) : 0;
	free(v);
	seg = json_pack("{s:I, s:I, s:I, s:f, s:f, s:s}",
			"from", (json_int_t)detail_x(json_array_get(points, a), by_commit),
			"to", (json_int_t)detail_x(json_array_get(points, b - 1), by_commit),
			"points", (json_int_t)n, "mean", mean, "sd", isfinite(sd) ? sd : 0,
			"sd_from", model ? "noise model" : "points");
	return seg;
}

/* The segments of points between the changes (the chart's noise band). */
static json_t *detail_segments(struct kpcid *k, long long id, const json_t *points,
			       const json_t *changes, int by_commit)
{
	struct db_noise_sums sums;
	struct verdict_noise noise = { 0 };
	long long *bounds;
	size_t nb = detail_bounds(&bounds, changes, by_commit), next = 0, a = 0;
	size_t n = json_array_size(points);
	json_t *segs = json_array();

	if (db_noise_sums(k->db, &sums, id, 0, NULL) == DB_OK)
		analyze_noise_of(&noise, &sums);
	for (size_t i = 0; segs && i <= n; i++) {
		long long x = i < n ? detail_x(json_array_get(points, i), by_commit) : 0;
		int cut = i == n;

		while (i < n && next < nb && bounds[next] <= x) {
			cut |= i > a;
			next++;
		}
		if (cut && i > a) {
			json_t *seg = detail_segment(points, a, i, by_commit, &noise);

			if (seg)
				json_array_append_new(segs, seg);
			a = i;
		}
	}
	free(bounds);
	return segs;
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

int detail_series_of(json_t **out, char **cause, struct kpcid *k, long long id,
		     const struct detail_query *q, int details)
{
	long long lo = 0, hi = (1LL << 62);
	struct db_series_where where;
	json_t *s, *sib = NULL, *overlay, *selected, *o, *pts, *chg;
	size_t i;
	int rc, by_commit = 0;

	*out = NULL;
	*cause = NULL;
	if (q->classes && (rc = detail_classes_ok(cause, q->classes)) != 0)
		return rc;
	s = db_series_get(k->db, id);
	if (!s) {
		fail_cause(cause, "series %lld does not exist", id);
		return 404;
	}
	rc = 500;
	if (db_series_place(k->db, &where, id) != DB_OK)
		goto fail;
	if ((rc = detail_bound(&lo, cause, k, q->from, "from", where.branch_id)) != 0 ||
	    (rc = detail_bound(&hi, cause, k, q->to, "to", where.branch_id)) != 0)
		goto fail;
	rc = 500;
	json_object_set_new(s, "tree", where.tree[0] ? json_string(where.tree) : json_null());
	json_object_set_new(s, "branch", where.branch[0] ? json_string(where.branch) : json_null());
	json_object_set_new(s, "releases", where.branch_id ?
			    db_branch_marks(k->db, where.tree_id, where.branch_id) : json_array());
	sib = db_series_siblings(k->db, id);
	if (!sib || !json_object_get(s, "releases"))
		goto fail;
	pts = detail_points(k, id, lo, hi, where.branch_id, details, &by_commit);
	chg = detail_changes(k, id, where.branch_id);
	json_object_set_new(s, "points", pts);
	json_object_set_new(s, "changes", chg);
	if (!pts || !chg)
		goto fail;
	json_object_set_new(s, "ordered_by", json_string(by_commit ? "commit" : "job"));
	json_object_set_new(s, "segments", detail_segments(k, id, pts, chg, by_commit));
	overlay = json_array();
	selected = json_array();
	json_array_append_new(selected, json_string(html_jstr(s, "runner_class")));
	json_array_foreach(sib, i, o) {
		long long oid = json_integer_value(json_object_get(o, "id"));
		int oby = 0;

		if (oid == id || !q->classes || !detail_listed(q->classes,
							   html_jstr(o, "runner_class")))
			continue;
		pts = detail_points(k, oid, lo, hi, where.branch_id, details, &oby);
		if (!pts)
			continue;
		chg = detail_changes(k, oid, where.branch_id);
		json_array_append_new(selected, json_string(html_jstr(o, "runner_class")));
		json_array_append_new(overlay, json_pack("{s:I, s:s, s:o, s:o, s:o}", "series_id",
			(json_int_t)oid, "runner_class", html_jstr(o, "runner_class"), "points", pts,
			"changes", chg, "segments", detail_segments(k, oid, pts, chg, oby)));
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

int detail_series(json_t **out, char **cause, struct kpcid *k, long long id,
		  struct http_req *req, int details)
{
	struct detail_query q = { http_query(req, "classes"), http_query(req, "from"),
				  http_query(req, "to") };

	return detail_series_of(out, cause, k, id, &q, details);
}

int detail_job(struct rec_job *out, char **cause, struct kpcid *k, long long id)
{
	int rc = db_job_get(k->db, out, id);
	long long build_id = 0;
	struct rec_build b;

	*cause = NULL;
	if (rc != DB_OK) {
		fail_cause(cause, rc == DB_NOTFOUND ? "job %lld does not exist" :
			   "cannot read job %lld: database error", id);
		return http_status(rc);
	}
	out->shape = REC_JOB_DETAIL;
	out->attempts = db_job_attempts(k->db, id, DETAIL_LOG_TAIL);
	out->series = db_job_series(k->db, id);
	if (!out->attempts || !out->series || db_job_build(k->db, &build_id, id) != DB_OK) {
		rec_job_dispose(out);
		fail_cause(cause, "cannot read job %lld", id);
		return 500;
	}
	if (build_id && db_build_get(k->db, &b, build_id) == DB_OK) {
		out->build = malloc(sizeof *out->build);
		if (!out->build) {
			rec_build_dispose(&b);
			rec_job_dispose(out);
			fail_cause(cause, "cannot read job %lld: out of memory", id);
			return 500;
		}
		*out->build = b;
	}
	out->estimate = db_job_estimate(k->db, id);
	return 0;
}

void api_page_job(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_job job;
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
	resp->status = page_job(&resp->body, &job, (long long)time(NULL)) == 0 ? 200 : 500;
	rec_job_dispose(&job);
}
