// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_runner.c - the runner protocol: register, claim, heartbeat, result.
 *
 * All four need a runner token.  A runner sends the runner_id that
 * register gave it; it must belong to the same token.  Bodies are decoded
 * by lib/proto.c, so daemon and runner agree on one format.  A result is
 * decoded as its body arrives (a streamed route): its samples are never
 * a JSON tree, nor its body whole in memory.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/api/api.h"
#include "daemon/http/http_guard.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/jstream.h"
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

/* --- the result (POST /api/v1/jobs/:id/result), decoded as it arrives --- */

#define API_RESULT_TRIM (1 << 20)   /* bytes of a body after which memory is given back */

/* A result body being read: its members but samples as jansson objects
 * (lib/jstream.h), its samples as compact structs (proto_result_stream),
 * never the whole text nor its tree.  What it holds is reserved from
 * [server] body_budget_mb as it grows. */
struct api_result_body {
	struct jstream js;
	struct proto_result_stream st;
	size_t bytes, max;              /* read so far; [server] max_body */
	long long reserved, budget;     /* bytes of the body budget held; the budget */
};

static void api_result_free(struct api_result_body *b)
{
	int large;

	if (!b)
		return;
	large = b->bytes >= API_RESULT_TRIM;
	http_guard_release(b->reserved);
	jstream_dispose(&b->js);
	proto_result_stream_dispose(&b->st);
	free(b);
	if (large)
		malloc_trim(0);     /* a thread's arena keeps what it freed otherwise */
}

static void *api_result_begin(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct api_result_body *b = calloc(1, sizeof *b);

	if (!b) {
		http_error(resp, 500, "out of memory");
		return NULL;
	}
	b->max = req->body.max;
	b->budget = (long long)k->cfg.body_budget_mb << 20;
	proto_result_stream_init(&b->st);
	jstream_init(&b->js, "samples", proto_result_stream_sample, &b->st, b->max);
	return b;
}

static int api_result_data(void *ctx, const char *data, size_t len, struct http_resp *resp)
{
	struct api_result_body *b = ctx;
	long long held;

	b->bytes += len;
	if (b->bytes > b->max) {
		http_error(resp, 413, "the request body is larger than %zu bytes", b->max);
		return -1;
	}
	if (jstream_feed(&b->js, data, len) < 0) {
		if (b->js.not_object)
			http_error(resp, 400, "the request body must be a JSON object");
		else
			http_error(resp, 400, "the request body is not valid JSON: %s", b->js.error);
		return -1;
	}
	held = (long long)(jstream_held(&b->js) + b->st.cap * sizeof *b->st.r.samples);
	if (held > b->reserved) {
		if (http_guard_reserve(held - b->reserved, b->budget) < 0) {
			http_error(resp, 503, "kpcid holds %lld MiB of request bodies in memory, its "
				   "[server] body_budget_mb; send this one again in a moment",
				   http_guard_held() >> 20);
			return -1;
		}
		b->reserved = held;
	}
	return 0;
}

static void api_result_abort(void *ctx)
{
	api_result_free(ctx);
}

const struct http_stream api_result_stream = {
	.begin = api_result_begin, .data = api_result_data, .abort = api_result_abort,
};

/* The result's members but its samples, checked as http_body_json does;
 * NULL after setting a 400 response. */
static json_t *api_result_object(struct api_result_body *b, struct http_resp *resp)
{
	json_t *j;

	if (!b->bytes) {
		http_error(resp, 400, "the request body is empty; a JSON object was expected");
		return NULL;
	}
	j = jstream_finish(&b->js);
	if (!j)
		http_error(resp, 400, "the request body is not valid JSON: %s", b->js.error);
	return j;
}

void api_job_result(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct api_result_body *b = req->stream_ctx;
	json_t *body = api_result_object(b, resp);
	struct proto_result r;
	char *cause = NULL;
	long long runner;
	int dup, rc;

	req->stream_ctx = NULL;
	if (!body)
		goto out;
	runner = api_runner_id(k, req, body, resp);
	if (!runner)
		goto out;
	if (proto_result_stream_end(&b->st, &r, body, b->js.elements, &cause) < 0) {
		http_error(resp, 400, "result: %s", cause ? cause : "bad body");
		goto out;
	}
	json_decref(body);
	body = NULL;
	jstream_dispose(&b->js);
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
	api_result_free(b);
}
