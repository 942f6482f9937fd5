// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_read.c - read-only API: status, trees, runners, jobs,
 * samples, metrics.  Lists take ?limit= (at most DB_MAX_LIST) and ?offset=
 * (at most HTTP_MAX_OFFSET); jobs and samples take the filters of
 * docs/API.md (class, tree, commit, since, until ...) and ?before=, paging
 * by key.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/api/api.h"
#include "daemon/api/api_detail.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/proto.h"

int api_cached(struct kpcid *k, struct http_req *req, struct http_resp *resp,
	       const char *const *tables)
{
	return http_cached(req, resp, k->db, tables);
}

/* Sends rows, or a 500 when the query failed. */
static void api_list(struct http_resp *resp, json_t *rows, const char *key,
		     int limit, int offset)
{
	if (!rows) {
		http_error(resp, 500, "database error while listing %s", key);
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i}", key, rows, "limit", limit,
				       "offset", offset));
}

/* Sends the rows of a list paged by key (?before=, newest first): the
 * answer of api_list with "before" and "next_before", the value that asks
 * for the next page (last_id, the id of the page's last row; null when the
 * page, of n rows, is not full: it was the last). */
static void api_list_keyset(struct http_resp *resp, json_t *rows, const char *key, int limit,
			    int offset, long long before, long long last_id, size_t n)
{
	json_t *next = n == (size_t)limit && n ? json_integer(last_id) : json_null();

	if (!rows) {
		json_decref(next);
		http_error(resp, 500, "database error while listing %s", key);
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i, s:I, s:o}", key, rows, "limit", limit,
				       "offset", offset, "before", (json_int_t)before,
				       "next_before", next));
}

/* ?before= (paging by key): 0 when absent; -1 after a 400. */
static int api_before_arg(struct http_req *req, struct http_resp *resp, long long *out)
{
	return http_query_int(req, resp, "before", 0, 1, LLONG_MAX, out);
}

void api_status(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_status st;

	if (db_status(k->db, &st) != DB_OK || !(st.version = strdup(KPCI_VERSION))) {
		rec_status_dispose(&st);
		http_error(resp, 500, "database error while reading the status");
		return;
	}
	st.has_pipeline = db_pipeline(k->db, &st.pipeline) == DB_OK;
	http_json(resp, 200, rec_status_encode(&st));
	rec_status_dispose(&st);
}

void api_runners(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	int limit, offset;

	struct rec_runners l;

	if (http_paging(req, resp, &limit, &offset) < 0)
		return;
	api_list(resp, db_runners_list(k->db, &l, limit, offset) == DB_OK ?
		 rec_runners_encode(&l) : NULL, "runners", limit, offset);
	rec_runners_dispose(&l);
}

/* ?name= when it is a name (runner class, tree); -1 after a 400. */
static int api_name_arg(struct http_req *req, struct http_resp *resp, const char *name,
			const char **out)
{
	*out = http_query(req, name);
	if (*out && !proto_name_ok(*out)) {
		http_error(resp, 400, "query parameter %s: '%.40s' is not a name", name, *out);
		return -1;
	}
	return 0;
}

/* ?commit=: 4 to 64 lower-case hex digits (a prefix or a full id). */
static int api_commit_arg(struct http_req *req, struct http_resp *resp, const char **out)
{
	const char *v = http_query(req, "commit");
	size_t n = v ? strspn(v, "0123456789abcdef") : 0;

	*out = v;
	if (v && (v[n] || n < 4 || n > 64)) {
		http_error(resp, 400, "query parameter commit: '%.40s' is not 4 to 64 lower-case "
			   "hex digits", v);
		return -1;
	}
	return 0;
}

void api_jobs(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	static const char *const states[] = { "queued", "running", "done", "failed",
					      "cancelled", NULL };
	struct db_job_filter f = { .state = http_query(req, "state"),
				   .kind = http_query(req, "kind") };
	int limit, offset, known = !f.state;
	struct rec_jobs l = { 0 };
	json_t *rows;

	for (int i = 0; f.state && states[i]; i++)
		known |= !strcmp(f.state, states[i]);
	if (!known) {
		http_error(resp, 400, "query parameter state: '%.40s' is not one of queued, "
			   "running, done, failed, cancelled", f.state);
		return;
	}
	if (f.kind && strcmp(f.kind, "build") && strcmp(f.kind, "bench")) {
		http_error(resp, 400, "query parameter kind: '%.40s' is not build or bench", f.kind);
		return;
	}
	if (api_name_arg(req, resp, "class", &f.runner_class) < 0 ||
	    api_name_arg(req, resp, "tree", &f.tree) < 0 || api_commit_arg(req, resp, &f.commit) < 0 ||
	    http_query_time(req, resp, "since", &f.since) < 0 ||
	    http_query_time(req, resp, "until", &f.until) < 0 ||
	    api_before_arg(req, resp, &f.before) < 0)
		return;
	if (http_paging(req, resp, &limit, &offset) < 0)
		return;
	rows = db_jobs_find(k->db, &l, &f, limit, offset) == DB_OK ? rec_jobs_encode(&l) : NULL;
	if (f.before)
		api_list_keyset(resp, rows, "jobs", limit, offset, f.before,
				l.n ? l.v[l.n - 1].id : 0, l.n);
	else
		api_list(resp, rows, "jobs", limit, offset);
	rec_jobs_dispose(&l);
}

void api_job(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_job job;
	char *cause;
	int rc = detail_job(&job, &cause, k, req->params[0]);

	if (rc)
		http_error(resp, rc, "%s", cause);
	else
		http_json(resp, 200, rec_job_encode(&job));
	rec_job_dispose(&job);
	free(cause);
}

void api_job_created(struct kpcid *k, struct http_resp *resp, long long id)
{
	struct rec_job job;

	if (db_job_get(k->db, &job, id) != DB_OK)
		http_error(resp, 500, "job %lld was queued but cannot be read back", id);
	else
		http_json(resp, 201, rec_job_encode(&job));
	rec_job_dispose(&job);
}

void api_samples(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct db_sample_filter f = { .metric = http_query(req, "metric") };
	struct rec_samples l = { 0 };
	int limit, offset;
	json_t *rows;

	if (http_query_id(req, resp, "job", &f.job_id) < 0 ||
	    http_query_id(req, resp, "series", &f.series_id) < 0)
		return;
	if (f.metric && strlen(f.metric) > 2 * PROTO_MAX_NAME + 1) {
		http_error(resp, 400, "query parameter metric is too long");
		return;
	}
	if (api_name_arg(req, resp, "class", &f.runner_class) < 0 ||
	    api_commit_arg(req, resp, &f.commit) < 0 ||
	    http_query_time(req, resp, "since", &f.since) < 0 ||
	    http_query_time(req, resp, "until", &f.until) < 0 ||
	    api_before_arg(req, resp, &f.before) < 0)
		return;
	if (http_paging(req, resp, &limit, &offset) < 0)
		return;
	rows = db_samples_find(k->db, &l, &f, limit, offset) == DB_OK ?
	       rec_samples_encode(&l) : NULL;
	if (f.before)
		api_list_keyset(resp, rows, "samples", limit, offset, f.before,
				l.n ? l.v[l.n - 1].id : 0, l.n);
	else
		api_list(resp, rows, "samples", limit, offset);
	rec_samples_dispose(&l);
}

void api_metrics(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_metrics l;

	api_list(resp, db_metrics_list(k->db, &l) == DB_OK ? rec_metrics_encode(&l) : NULL,
		 "metrics", DB_MAX_LIST, 0);
	rec_metrics_dispose(&l);
}
