// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_builds.c - kernel builds over the API: queueing a build job by
 * hand, the build runner's calls (its build record, artifact links and
 * streamed artifact uploads), and reading builds, logs and artifacts.
 *
 * A build runner, holding the lease of a build job, first reports
 * state "building", then for each artifact asks to link it by sha256
 * (a duplicate costs nothing) and uploads it only when kpcid does not
 * have it, then reports the final record, and last sends the job's
 * result (with the "kbuild" size samples) through api_runner.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "daemon/api/api.h"
#include "daemon/artifacts.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"
#include "lib/sha256.h"

#define API_MAX_FRAGMENTS   32
#define API_MAX_COMMIT      64
#define API_MAX_URL         1024
#define API_MAX_WARNINGS    200
#define API_MAX_ERROR       8192
#define API_MAX_RELEASE     64          /* a kernel release string ("6.12.57-kpci") */
#define API_RELEASE_CHARS   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-~"
#define API_MAX_LOG_SERVED  (256LL << 20)  /* bytes of a log decompressed to serve it */
#define API_MAX_ATTEMPT     1000        /* the largest attempt number of a lease */

/* 1 when s is a config or fragment file name: [A-Za-z0-9._+-], not starting with '.'. */
static int api_file_name_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			  "0123456789._+-");

	return n > 0 && n <= PROTO_MAX_NAME && !s[n] && s[0] != '.' && s[0] != '-';
}

/* 1 when s is an artifact name: a name without "..", not starting with '/' or '-'. */
static int api_artifact_name_ok(const char *s)
{
	return proto_name_ok(s) && s[0] != '/' && s[0] != '-' && !strstr(s, "..");
}

static int api_commit_ok(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return n >= 7 && n <= API_MAX_COMMIT && !s[n];
}

static int api_url_ok(const char *s)
{
	if (strlen(s) > API_MAX_URL || strpbrk(s, " \t\r\n") || s[0] == '-')
		return 0;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return 0;
	return !strncmp(s, "https://", 8) || !strncmp(s, "http://", 7) ||
	       !strncmp(s, "git://", 6) || !strncmp(s, "file://", 7) || s[0] == '/';
}

static const struct config_tree *api_tree_config(struct kpcid *k, const char *name)
{
	for (const struct config_tree *t = k->cfg.trees; name && t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/* Builds the spec of a build job from a submitted body; NULL after an error response. */
json_t *api_build_spec(struct kpcid *k, json_t *body, struct http_resp *resp)
{
	const char *tree = json_string_value(json_object_get(body, "tree"));
	const char *commit = json_string_value(json_object_get(body, "commit"));
	const char *config = json_string_value(json_object_get(body, "config"));
	const char *url = json_string_value(json_object_get(body, "url"));
	const char *branch = json_string_value(json_object_get(body, "branch"));
	json_t *frags = json_object_get(body, "fragments"), *f, *spec;
	const struct config_tree *t;
	size_t i;

	if (!tree || !proto_name_ok(tree)) {
		http_error(resp, 400, "tree must be a name of letters, digits and ._:/+-");
		return NULL;
	}
	if (!commit || !api_commit_ok(commit)) {
		http_error(resp, 400, "commit must be a commit id of 7 to %d lowercase hex digits",
			   API_MAX_COMMIT);
		return NULL;
	}
	if (!config || !api_file_name_ok(config)) {
		http_error(resp, 400, "config must name a file of configs/kconfig/ "
			   "(letters, digits and ._+-)");
		return NULL;
	}
	if (json_object_get(body, "branch") && (!branch || !proto_name_ok(branch))) {
		http_error(resp, 400, "branch must be a name of letters, digits and ._:/+-");
		return NULL;
	}
	if (frags && (!json_is_array(frags) || json_array_size(frags) > API_MAX_FRAGMENTS)) {
		http_error(resp, 400, "fragments must be an array of at most %d file names",
			   API_MAX_FRAGMENTS);
		return NULL;
	}
	json_array_foreach(frags, i, f) {
		if (!json_is_string(f) || !api_file_name_ok(json_string_value(f))) {
			http_error(resp, 400, "fragments[%zu] must name a file of configs/kconfig/ "
				   "(letters, digits and ._+-)", i);
			return NULL;
		}
	}
	t = api_tree_config(k, tree);
	if (!url && t)
		url = t->url;
	if (!url) {
		http_error(resp, 400, "tree '%s' is not configured and no url was given", tree);
		return NULL;
	}
	if (!api_url_ok(url)) {
		http_error(resp, 400, "url must be an https://, http://, git://, file:// URL or "
			   "an absolute path");
		return NULL;
	}
	spec = json_pack("{s:s, s:s, s:s, s:s, s:o}", "tree", tree, "url", url, "commit", commit,
			 "config", config, "fragments", frags ? json_incref(frags) : json_array());
	if (spec && branch)
		json_object_set_new(spec, "branch", json_string(branch));
	return spec;
}

void api_build_submit(struct kpcid *k, json_t *body, const char *runner_class, int priority,
		      struct http_resp *resp)
{
	json_t *spec = api_build_spec(k, body, resp);
	long long job_id, build_id;

	if (!spec)
		return;
	if (db_build_queue(k->db, &job_id, &build_id, spec, runner_class, priority,
			   kpcid_max_attempts(k)) != DB_OK) {
		http_error(resp, 500, "cannot queue the build: database error");
	} else {
		log_info("job %lld queued: build %lld of %s at %.12s with %s", job_id, build_id,
			 json_string_value(json_object_get(spec, "tree")),
			 json_string_value(json_object_get(spec, "commit")),
			 json_string_value(json_object_get(spec, "config")));
		api_job_created(k, resp, job_id);
	}
	json_decref(spec);
}

/* Reads and checks runner_id and attempt (from a JSON body or the query). */
static int api_lease_args(struct kpcid *k, struct http_req *req, json_t *body,
			  long long *runner, int *attempt, struct http_resp *resp)
{
	long long r = 0, a = -1;
	int rc;

	if (body) {
		json_t *rv = json_object_get(body, "runner_id"), *av = json_object_get(body, "attempt");

		r = json_is_integer(rv) ? json_integer_value(rv) : 0;
		a = json_is_integer(av) ? json_integer_value(av) : -1;
	} else if (http_query_id(req, resp, "runner_id", &r) < 0 ||
		   http_query_int(req, resp, "attempt", -1, 1, API_MAX_ATTEMPT, &a) < 0) {
		return -1;
	}
	if (r <= 0 || a < 1 || a > API_MAX_ATTEMPT) {
		http_error(resp, 400, "runner_id and attempt must be the positive integers of the lease");
		return -1;
	}
	rc = db_runner_touch(k->db, r, req->token_id);
	if (rc == DB_NOTFOUND) {
		http_error(resp, 403, "runner %lld is not registered with this token", r);
		return -1;
	}
	if (rc != DB_OK) {      /* a storage error, never an authorisation answer */
		http_error(resp, http_status(rc), "cannot record that runner %lld was seen: "
			   "database error", r);
		return -1;
	}
	*runner = r;
	*attempt = (int)a;
	return 0;
}

/* Compresses text for the builds table; *z malloc'd. */
static int api_compress(void **z, size_t *zlen, const char *text, size_t len)
{
	uLongf n = compressBound((uLong)len);

	*z = malloc(n);
	if (!*z || compress2(*z, &n, (const Bytef *)text, (uLong)len, 6) != Z_OK) {
		free(*z);
		*z = NULL;
		return -1;
	}
	*zlen = n;
	return 0;
}

/* Reads the integer field key (>= 0) into *out; -1 after an error response. */
static int api_size_field(json_t *body, const char *key, long long *out, struct http_resp *resp)
{
	json_t *v = json_object_get(body, key);

	*out = 0;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0) {
		http_error(resp, 400, "%s must be a non-negative integer", key);
		return -1;
	}
	*out = json_integer_value(v);
	return 0;
}

#define API_MAX_DISTRIBUTED 2048    /* bytes of a build's "distributed" object */

/* A build's compile farm: {tool, version, used, fallback}, small;
 * -1 after an error response. */
static int api_distributed_check(const json_t *d, struct http_resp *resp)
{
	const char *tool = json_string_value(json_object_get(d, "tool"));
	const char *version = json_string_value(json_object_get(d, "version"));
	const json_t *fb = json_object_get(d, "fallback");
	char *text = json_is_object(d) ? json_dumps(d, JSON_COMPACT) : NULL;
	size_t len = text ? strlen(text) : 0;

	free(text);
	if (!json_is_object(d) || !tool || !proto_name_ok(tool) ||
	    (version && !proto_name_ok(version)) || !json_is_boolean(json_object_get(d, "used")) ||
	    (fb && !json_is_null(fb) && !json_is_string(fb)) || len > API_MAX_DISTRIBUTED) {
		http_error(resp, 400, "distributed must be {\"tool\": NAME, \"version\": NAME, "
			   "\"used\": BOOL, \"fallback\": TEXT}, at most %d bytes",
			   API_MAX_DISTRIBUTED);
		return -1;
	}
	return 0;
}

/* Checks the record's text fields; -1 after an error response. */
static int api_record_texts(json_t *body, struct db_build_rec *b, struct http_resp *resp)
{
	static const char *const states[] = { "building", "ok", "failed", "timeout", NULL };
	json_t *w = json_object_get(body, "warnings"), *x;
	size_t i;
	int known = 0;

	b->state = json_string_value(json_object_get(body, "state"));
	for (i = 0; b->state && states[i]; i++)
		known |= !strcmp(b->state, states[i]);
	if (!known) {
		http_error(resp, 400, "state must be one of building, ok, failed, timeout");
		return -1;
	}
	b->compiler = json_string_value(json_object_get(body, "compiler"));
	b->error = json_string_value(json_object_get(body, "error"));
	if ((b->compiler && strlen(b->compiler) > PROTO_MAX_REASON) ||
	    (b->error && strlen(b->error) > API_MAX_ERROR)) {
		http_error(resp, 400, "compiler or error is too long");
		return -1;
	}
	if (w && (!json_is_array(w) || json_array_size(w) > API_MAX_WARNINGS)) {
		http_error(resp, 400, "warnings must be an array of at most %d strings",
			   API_MAX_WARNINGS);
		return -1;
	}
	json_array_foreach(w, i, x) {
		if (!json_is_string(x) || strlen(json_string_value(x)) > PROTO_MAX_REASON) {
			http_error(resp, 400, "warnings[%zu] must be a string", i);
			return -1;
		}
	}
	b->warnings = w;
	b->distributed = json_object_get(body, "distributed");
	if (b->distributed && api_distributed_check(b->distributed, resp) < 0)
		return -1;
	b->kernel_release = json_string_value(json_object_get(body, "kernel_release"));
	if (json_object_get(body, "kernel_release") &&
	    (!b->kernel_release || !*b->kernel_release ||
	     strlen(b->kernel_release) > API_MAX_RELEASE ||
	     strspn(b->kernel_release, API_RELEASE_CHARS) != strlen(b->kernel_release))) {
		http_error(resp, 400, "kernel_release must be at most %d letters, digits and "
			   "\"._+-~\"", API_MAX_RELEASE);
		return -1;
	}
	return 0;
}

/* A successful build queues the bench jobs its tree asks for; a build a
 * bisection queued is measured by the bisection alone. */
static void api_build_benches(struct kpcid *k, long long build_id)
{
	struct rec_build build;
	const struct config_tree *t;
	int queued = 0;

	if (db_build_get(k->db, &build, build_id) != DB_OK)
		return;
	if (build.bisection_id) {
		rec_build_dispose(&build);
		return;
	}
	t = api_tree_config(k, build.tree);
	if (t && t->suites && *t->suites &&
	    db_build_queue_benches(k->db, &queued, build_id, t->suites, t->bench_classes,
				   t->bench_boot, kpcid_max_attempts(k)) == DB_OK)
		log_info("build %lld: %d bench job(s) queued (%s)", build_id, queued, t->suites);
	rec_build_dispose(&build);
}

void api_build_record(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp), *lj;
	struct db_build_rec b = { 0 };
	long long runner, build_id, mj;
	char *cause = NULL;
	void *z = NULL;
	int attempt, rc;

	if (!body)
		return;
	if (api_lease_args(k, req, body, &runner, &attempt, resp) < 0 ||
	    api_record_texts(body, &b, resp) < 0 ||
	    api_size_field(body, "duration_ms", &b.duration_ms, resp) < 0 ||
	    api_size_field(body, "text", &b.text_size, resp) < 0 ||
	    api_size_field(body, "data", &b.data_size, resp) < 0 ||
	    api_size_field(body, "bss", &b.bss_size, resp) < 0 ||
	    api_size_field(body, "image_size", &b.image_size, resp) < 0 ||
	    api_size_field(body, "make_jobs", &mj, resp) < 0)
		goto out;
	b.make_jobs = mj > 4096 ? 4096 : (int)mj;
	lj = json_object_get(body, "log");
	if (json_is_string(lj)) {
		b.log_size = (long long)json_string_length(lj);
		if (api_compress(&z, &b.zlog_len, json_string_value(lj), json_string_length(lj)) < 0) {
			http_error(resp, 500, "cannot compress the build log");
			goto out;
		}
		b.zlog = z;
	}
	rc = db_build_record(k->db, &build_id, runner, req->params[0], attempt, &b, &cause);
	if (rc != DB_OK) {
		http_error(resp, http_status(rc), "build: %s", cause ? cause : "database error");
		goto out;
	}
	if (strcmp(b.state, "building"))
		log_info("build %lld (job %lld attempt %d): %s%s%s", build_id, req->params[0],
			 attempt, b.state, b.error ? ": " : "", b.error ? b.error : "");
	if (!strcmp(b.state, "ok"))
		api_build_benches(k, build_id);
	if (strcmp(b.state, "building"))
		api_measure_build_done(k, build_id);     /* daemon/api/api_measure.c */
	http_json(resp, 200, json_pack("{s:I}", "build_id", (json_int_t)build_id));
out:
	free(z);
	free(cause);
	json_decref(body);
}

/* Keeps the store under its budget after something was added. */
static void api_artifacts_gc(struct kpcid *k)
{
	int evicted = 0;

	if (artifact_gc(k->db, k->cfg.data_dir, k->cfg.artifacts_budget_mb << 20,
			(int)k->cfg.artifacts_keep_builds, &evicted) < 0)
		log_warn("artifacts: retention failed");
	else if (evicted)
		log_info("artifacts: %d evicted to stay under %lld MiB", evicted,
			 k->cfg.artifacts_budget_mb);
}

/* 1 when the artifact is in the index and its file is in the store. */
static int api_artifact_stored(struct kpcid *k, const char *sha)
{
	long long size;
	int fd;

	char *bad;
	int rc;

	if (db_artifact_touch(k->db, sha, &size) != DB_OK || artifact_open(&fd, &size,
			k->cfg.data_dir, sha) < 0)
		return 0;
	close(fd);
	bad = db_artifact_bad(k->db, sha);      /* a corrupt copy is replaced by uploading */
	rc = !bad;
	free(bad);
	return rc;
}

void api_artifact_link(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp);
	const char *name, *sha;
	long long runner;
	char *cause = NULL;
	int attempt, rc;

	if (!body)
		return;
	if (api_lease_args(k, req, body, &runner, &attempt, resp) < 0)
		goto out;
	name = json_string_value(json_object_get(body, "name"));
	sha = json_string_value(json_object_get(body, "sha256"));
	if (!name || !api_artifact_name_ok(name) || !sha || !sha256_hex_ok(sha)) {
		http_error(resp, 400, "name must be an artifact name and sha256 64 lowercase hex digits");
		goto out;
	}
	if (!api_artifact_stored(k, sha)) {
		http_error(resp, 404, "artifact %s is not stored; upload it", sha);
		goto out;
	}
	rc = db_build_link_artifact(k->db, runner, req->params[0], attempt, name, sha, &cause);
	if (rc == DB_OK)
		http_json(resp, 200, json_pack("{s:b, s:s}", "linked", 1, "sha256", sha));
	else
		http_error(resp, http_status(rc), "%s", cause ? cause : "database error");
out:
	free(cause);
	json_decref(body);
}

/* --- streamed upload (PUT /api/v1/jobs/:id/artifacts?...) ---------- */

struct api_upload {
	struct artifact_upload *u;          /* NULL: already stored, the body is dropped */
	long long runner;
	int attempt;
	char name[PROTO_MAX_NAME + 1];
	char sha[SHA256_HEX_LEN + 1];
};

static void *api_upload_begin(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *name = http_query(req, "name"), *sha = http_query(req, "sha256");
	struct api_upload *up;
	char *cause = NULL;

	if (!name || !api_artifact_name_ok(name) || !sha || !sha256_hex_ok(sha)) {
		http_error(resp, 400, "the query needs name (an artifact name) and sha256 "
			   "(64 lowercase hex digits)");
		return NULL;
	}
	up = calloc(1, sizeof *up);
	if (!up) {
		http_error(resp, 500, "out of memory");
		return NULL;
	}
	snprintf(up->name, sizeof up->name, "%s", name);
	snprintf(up->sha, sizeof up->sha, "%s", sha);
	if (api_lease_args(k, req, NULL, &up->runner, &up->attempt, resp) < 0)
		goto fail;
	if (db_build_lease_ok(k->db, up->runner, req->params[0], up->attempt) != DB_OK) {
		http_error(resp, 409, "job %lld attempt %d is not a build leased to this runner",
			   req->params[0], up->attempt);
		goto fail;
	}
	if (api_artifact_stored(k, sha))
		return up;
	if (artifact_upload_begin(&up->u, k->cfg.data_dir, sha, &cause) < 0) {
		http_error(resp, 507, "artifact upload: %s", cause ? cause : "cannot store");
		free(cause);
		goto fail;
	}
	return up;
fail:
	free(up);
	return NULL;
}

static int api_upload_data(void *ctx, const char *data, size_t len, struct http_resp *resp)
{
	struct api_upload *up = ctx;
	char *cause = NULL;

	if (!up->u || artifact_upload_write(up->u, data, len, &cause) == 0)
		return 0;
	http_error(resp, 507, "artifact %s: %s; nothing was stored", up->name,
		   cause ? cause : "cannot store");
	log_warn("upload of artifact %s (%s) failed: %s", up->name, up->sha,
		 cause ? cause : "?");
	free(cause);
	return -1;
}

static void api_upload_abort(void *ctx)
{
	struct api_upload *up = ctx;

	if (up)
		artifact_upload_abort(up->u);
	free(up);
}

const struct http_stream api_artifact_stream = {
	.begin = api_upload_begin, .data = api_upload_data, .abort = api_upload_abort,
};

void api_artifact_upload(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct api_upload *up = req->stream_ctx;
	char *cause = NULL;
	long long size = 0;
	int rc, stored = !up->u;

	req->stream_ctx = NULL;
	if (up->u) {
		rc = artifact_upload_finish(up->u, &size, &cause);
		up->u = NULL;
		if (rc < 0) {
			http_error(resp, 422, "artifact %s: %s", up->name, cause ? cause : "bad upload");
			goto out;
		}
		if (db_artifact_add(k->db, up->sha, size) != DB_OK) {
			http_error(resp, 500, "artifact %s: database error", up->name);
			goto out;
		}
		log_info("artifact %s stored: %s, %lld bytes", up->name, up->sha, size);
	}
	rc = db_build_link_artifact(k->db, up->runner, req->params[0], up->attempt, up->name,
				    up->sha, &cause);
	if (rc != DB_OK) {
		http_error(resp, http_status(rc), "%s", cause ? cause : "database error");
		goto out;
	}
	http_json(resp, stored ? 200 : 201, json_pack("{s:s, s:s, s:b}", "name", up->name,
				"sha256", up->sha, "duplicate", stored));
	if (!stored)
		api_artifacts_gc(k);
out:
	free(cause);
	api_upload_abort(up);
}

/* --- reading ------------------------------------------------------- */

void api_artifact_download(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *sha = http_query(req, "sha256");
	struct artifact_reader *reader;
	char *bad, *cause = NULL;
	long long size;
	int rc;

	if (!sha || !sha256_hex_ok(sha)) {
		http_error(resp, 400, "query parameter sha256 must be 64 lowercase hex digits");
		return;
	}
	if (db_artifact_touch(k->db, sha, &size) != DB_OK) {
		http_error(resp, 404, "artifact %s is not stored", sha);
		return;
	}
	bad = db_artifact_bad(k->db, sha);
	if (bad) {      /* found corrupt when served before: upload it again */
		http_error(resp, 410, "artifact %s failed verification on the server (%s); "
			   "it is not served until it is uploaded again", sha, bad);
		free(bad);
		return;
	}
	rc = artifact_reader_open(&reader, k->db, k->cfg.data_dir, sha, size, &cause);
	if (rc < 0) {
		http_error(resp, rc == ARTIFACT_CORRUPT ? 500 : 404, "%s",
			   cause ? cause : "cannot read the artifact");
		free(cause);
		return;
	}
	resp->status = 200;
	resp->content_type = "application/octet-stream";
	resp->has_file = 1;
	resp->file_fd = -1;
	resp->file_size = size;
	resp->reader = artifact_reader_read;
	resp->reader_free = artifact_reader_free;
	resp->reader_ctx = reader;
}

void api_builds(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	static const char *const states[] = { "queued", "building", "ok", "failed", "timeout",
					      NULL };
	const char *state = http_query(req, "state");
	int limit, offset, known = !state;
	struct rec_builds l;
	json_t *rows;

	for (int i = 0; state && states[i]; i++)
		known |= !strcmp(state, states[i]);
	if (!known) {
		http_error(resp, 400, "query parameter state: '%.40s' is not one of queued, "
			   "building, ok, failed, timeout", state);
		return;
	}
	if (http_paging(req, resp, &limit, &offset) < 0)
		return;
	rows = db_builds_list(k->db, &l, state, limit, offset) == DB_OK ? rec_builds_encode(&l) :
	       NULL;
	rec_builds_dispose(&l);
	if (!rows)
		http_error(resp, 500, "database error while listing builds");
	else
		http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "builds", rows, "limit", limit,
					       "offset", offset));
}

void api_build(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_build b;
	int rc = db_build_get(k->db, &b, req->params[0]);

	if (rc != DB_OK) {
		http_error(resp, http_status(rc), rc == DB_NOTFOUND ? "build %lld does not exist" :
			   "cannot read build %lld: database error", req->params[0]);
		return;
	}
	http_json(resp, 200, rec_build_encode(&b));
	rec_build_dispose(&b);
}

void api_build_log(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	void *z = NULL;
	Bytef *out;
	size_t zlen;
	long long size;
	uLongf n;

	if (db_build_log(k->db, &z, &zlen, &size, req->params[0]) != DB_OK) {
		http_error(resp, 404, "build %lld has no log", req->params[0]);
		return;
	}
	if (size > API_MAX_LOG_SERVED) {
		free(z);
		http_error(resp, 500, "the log of build %lld is too large to serve", req->params[0]);
		return;
	}
	out = malloc(size ? (size_t)size : 1);
	n = (uLongf)size;
	buf_reset(&resp->body);
	if (!out || uncompress(out, &n, z, (uLong)zlen) != Z_OK ||
	    buf_add(&resp->body, out, n) < 0) {
		free(out);
		free(z);
		http_error(resp, 500, "the log of build %lld cannot be read", req->params[0]);
		return;
	}
	free(out);
	free(z);
	resp->status = 200;
	resp->content_type = "text/plain; charset=utf-8";
}
