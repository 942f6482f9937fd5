/*
 * api_read.c - read-only API: health, status, trees, runners, jobs,
 * samples, metrics.  Lists take ?limit= (at most DB_MAX_LIST) and ?offset=.
 */
#include <stdlib.h>
#include <string.h>

#include "daemon/api.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/proto.h"

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

void api_health(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	int ok = db_ping(k->db) == DB_OK;

	http_json(resp, ok ? 200 : 503, json_pack("{s:s, s:s, s:s}",
		  "status", ok ? "ok" : "degraded", "version", KPCI_VERSION,
		  "db", ok ? "ok" : "error"));
}

void api_status(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *st = db_status(k->db);

	json_object_set_new(st, "version", json_string(KPCI_VERSION));
	http_json(resp, 200, st);
}

void api_trees(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	api_list(resp, db_trees_list(k->db), "trees", DB_MAX_LIST, 0);
}

void api_runners(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	int limit, offset;

	if (http_paging(req, resp, &limit, &offset) == 0)
		api_list(resp, db_runners_list(k->db, limit, offset), "runners", limit, offset);
}

void api_jobs(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	static const char *const states[] = { "queued", "running", "done", "failed",
					      "cancelled", NULL };
	const char *state = http_query(req, "state");
	int limit, offset, known = !state;

	for (int i = 0; state && states[i]; i++)
		known |= !strcmp(state, states[i]);
	if (!known) {
		http_error(resp, 400, "query parameter state: '%.40s' is not one of queued, "
			   "running, done, failed, cancelled", state);
		return;
	}
	if (http_paging(req, resp, &limit, &offset) == 0)
		api_list(resp, db_jobs_list(k->db, state, limit, offset), "jobs", limit, offset);
}

void api_job(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *job = db_job_get(k->db, req->params[0]);

	if (!job)
		http_error(resp, 404, "job %lld does not exist", req->params[0]);
	else
		http_json(resp, 200, job);
}

void api_samples(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *job = http_query(req, "job"), *metric = http_query(req, "metric");
	long long job_id = 0;
	int limit, offset;
	char *end;

	if (job) {
		job_id = strtoll(job, &end, 10);
		if (!*job || *end || job_id <= 0) {
			http_error(resp, 400, "query parameter job: '%.40s' is not a job id", job);
			return;
		}
	}
	if (metric && strlen(metric) > 2 * PROTO_MAX_NAME + 1) {
		http_error(resp, 400, "query parameter metric is too long");
		return;
	}
	if (http_paging(req, resp, &limit, &offset) == 0)
		api_list(resp, db_samples_list(k->db, job_id, metric, limit, offset), "samples",
			 limit, offset);
}

void api_metrics(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	api_list(resp, db_metrics_list(k->db), "metrics", DB_MAX_LIST, 0);
}
