// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_runner.c - the runner protocol: register, claim, heartbeat, result.
 *
 * All four need a runner token.  A runner sends the runner_id that
 * register gave it; it must belong to the same token.  Bodies are decoded
 * by lib/proto.c, so daemon and runner agree on one format.
 */
#include <stdlib.h>
#include <string.h>

#include "daemon/api/api.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"

/* Reads and checks body.runner_id; 0 after setting an error response. */
static long long api_runner_id(struct kpcid *k, struct http_req *req, json_t *body,
			       struct http_resp *resp)
{
	json_t *v = json_object_get(body, "runner_id");
	long long id;
	int rc;

	if (!json_is_integer(v) || json_integer_value(v) <= 0) {
		http_error(resp, 400, "runner_id must be the positive integer that register returned");
		return 0;
	}
	id = json_integer_value(v);
	rc = db_runner_touch(k->db, id, req->token_id);
	if (rc == DB_NOTFOUND) {
		http_error(resp, 403, "runner %lld is not registered with this token", id);
		return 0;
	}
	if (rc != DB_OK) {      /* a storage error, never an authorisation answer */
		http_error(resp, http_status(rc), "cannot record that runner %lld was seen: "
			   "database error", id);
		return 0;
	}
	return id;
}

void api_runner_register(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp);
	struct rec_runner r;
	char *cause = NULL;
	long long id;
	int rc;

	if (!body)
		return;
	if (proto_register_decode(&r, body, &cause) < 0) {
		http_error(resp, 400, "register: %s", cause ? cause : "bad body");
		goto out;
	}
	rc = db_runner_register(k->db, &id, req->token_id, &r, &cause);
	if (rc == DB_OK) {
		log_info("runner %s (class %s) registered as %lld", r.name, r.runner_class, id);
		http_json(resp, 200, json_pack("{s:I, s:i}", "runner_id", (json_int_t)id,
					       "lease_seconds", kpcid_lease_seconds(k)));
	} else {
		http_error(resp, http_status(rc), "%s", cause ? cause : "database error");
	}
	rec_runner_dispose(&r);
out:
	free(cause);
	json_decref(body);
}

void api_job_claim(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp);
	struct proto_job job;
	long long runner;

	if (!body)
		return;
	runner = api_runner_id(k, req, body, resp);
	json_decref(body);
	if (!runner)
		return;
	if (db_job_claim(k->db, &job, runner, kpcid_lease_seconds(k)) != DB_OK) {
		http_error(resp, 500, "cannot claim a job: database error");
		return;
	}
	if (!job.id) {
		resp->status = 204;
		resp->content_type = "application/json";
		return;
	}
	log_info("job %lld attempt %d leased to runner %lld", job.id, job.attempt, runner);
	http_json(resp, 200, json_pack("{s:o}", "job", proto_job_encode(&job)));
	proto_job_dispose(&job);
}

/* Reads a heartbeat or release body; 0 after setting an error response. */
static long long api_runner_heartbeat_body(struct kpcid *k, struct http_req *req,
					   struct http_resp *resp, struct proto_heartbeat *h)
{
	json_t *body = http_body_json(req, resp);
	char *cause = NULL;
	long long runner = 0;

	memset(h, 0, sizeof *h);
	if (!body)
		return 0;
	if (proto_heartbeat_decode(h, body, &cause) < 0)
		http_error(resp, 400, "%s", cause ? cause : "bad body");
	else
		runner = api_runner_id(k, req, body, resp);
	free(cause);
	json_decref(body);
	return runner;
}

void api_job_heartbeat(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct proto_heartbeat h;
	long long runner = api_runner_heartbeat_body(k, req, resp, &h);
	int rc;

	if (runner) {
		rc = db_job_heartbeat_phase(k->db, req->params[0], h.attempt, runner,
					    kpcid_lease_seconds(k), h.phase, h.detail, h.percent);
		if (rc == DB_OK)
			http_json(resp, 200, json_pack("{s:i}", "lease_seconds",
						       kpcid_lease_seconds(k)));
		else if (rc == DB_CONFLICT)
			http_error(resp, http_status(rc), "job %lld attempt %d is not leased to this "
				   "runner any more", req->params[0], h.attempt);
		else
			http_error(resp, http_status(rc), "cannot extend the lease: database error");
	}
	proto_heartbeat_dispose(&h);
}

/* POST /api/v1/jobs/:id/release: the runner holding the lease gives the
 * job back (it was stopped); the job is queued again. */
void api_job_release(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct proto_heartbeat h;
	long long runner = api_runner_heartbeat_body(k, req, resp, &h);
	int rc;

	if (runner) {
		rc = db_job_release(k->db, req->params[0], h.attempt, runner);
		if (rc == DB_OK) {
			log_info("job %lld attempt %d given back by runner %lld; queued again",
				 req->params[0], h.attempt, runner);
			http_json(resp, 200, json_pack("{s:s}", "state", "queued"));
		} else if (rc == DB_CONFLICT) {
			http_error(resp, http_status(rc), "job %lld attempt %d is not leased to this "
				   "runner", req->params[0], h.attempt);
		} else {
			http_error(resp, http_status(rc), "cannot give the job back: database error");
		}
	}
	proto_heartbeat_dispose(&h);
}

void api_job_result(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp);
	struct proto_result r;
	char *cause = NULL;
	long long runner;
	int dup, rc;

	if (!body)
		return;
	runner = api_runner_id(k, req, body, resp);
	if (!runner)
		goto out;
	if (proto_result_decode(&r, body, &cause) < 0) {
		http_error(resp, 400, "result: %s", cause ? cause : "bad body");
		goto out;
	}
	if (r.job_id != req->params[0]) {
		http_error(resp, 400, "result: job_id %lld does not match the URL's job %lld",
			   r.job_id, req->params[0]);
	} else {
		rc = db_job_result(k->db, runner, &r, &dup, &cause);
		if (rc == DB_OK) {
			if (!dup)
				log_info("job %lld attempt %d: %s, %zu samples", r.job_id, r.attempt,
					 r.status, r.nsamples);
			http_json(resp, 200, json_pack("{s:b, s:I}", "duplicate", dup,
						       "samples", (json_int_t)(dup ? 0 : r.nsamples)));
		} else {
			http_error(resp, http_status(rc), "result: %s",
				   cause ? cause : "database error");
		}
	}
	proto_result_dispose(&r);
out:
	free(cause);
	json_decref(body);
}
