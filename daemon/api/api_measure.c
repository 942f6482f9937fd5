// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_measure.c - bench jobs that measure a given commit
 * (POST /api/v1/jobs with "tree" and "commit", `kpci submit --tree T
 * --commit C`).  With boot host the job runs on the runner's kernel and
 * its samples carry the commit; with qemu or kexec it boots the commit's
 * build: an existing good build is used at once, a build that is queued
 * or building is waited for (a measure request, queued when the build
 * ends), and a missing one is queued first.  The analyzer places the
 * samples on the commit's first-parent position like those of the jobs a
 * build queues (docs/analysis.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/api/api.h"
#include "daemon/config.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"

#define MEASURE_MIN_PREFIX 7        /* hex digits of a commit id at least */
#define MEASURE_CONFIG_MAX 128      /* bytes of a config name */

static const struct config_tree *measure_tree_config(struct kpcid *k, const char *name)
{
	for (const struct config_tree *t = k->cfg.trees; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/* 1 when s is 7 to DB_SHA_MAX lower-case hex digits. */
static int measure_hex(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return !s[n] && n >= MEASURE_MIN_PREFIX && n <= DB_SHA_MAX;
}

/* The full commit id of text in tree_id into sha; -1 after an error
 * response.  An id kpcid has not seen is accepted when it is complete. */
static int measure_commit(struct kpcid *k, char sha[DB_SHA_MAX + 1], long long tree_id,
			  const char *tree, const char *text, struct http_resp *resp)
{
	int rc = db_commit_resolve(k->db, sha, tree_id, text);

	if (rc == DB_OK)
		return 0;
	if (rc == DB_NOTFOUND && (strlen(text) == 40 || strlen(text) == 64)) {
		snprintf(sha, DB_SHA_MAX + 1, "%s", text);
		return 0;
	}
	if (rc == DB_NOTFOUND)
		http_error(resp, http_status(rc), "commit %s is not in tree %s (give the full id "
			   "of a commit the watcher has not seen yet)", text, tree);
	else if (rc == DB_CONFLICT)
		http_error(resp, http_status(rc), "commit %s names more than one commit of tree %s",
			   text, tree);
	else
		http_error(resp, http_status(rc), "cannot look commit %s up: database error", text);
	return -1;
}

/* The config of the build: the body's, else the tree's first. */
static void measure_config(char *out, size_t size, json_t *body, const struct config_tree *t)
{
	const char *c = json_string_value(json_object_get(body, "config"));

	if (c) {
		snprintf(out, size, "%s", c);
		return;
	}
	snprintf(out, size, "%s", t && t->configs ? t->configs : "defconfig");
	out[strcspn(out, " \t,")] = '\0';
}

/* Queues the build of sha (a body for api_build_spec); its ids in *job,
 * *build.  -1 after an error response. */
static int measure_build(struct kpcid *k, long long *job, long long *build, json_t *body,
			 const char *tree, const char *sha, const char *config, int priority,
			 struct http_resp *resp)
{
	json_t *b = json_pack("{s:s, s:s, s:s}", "tree", tree, "commit", sha, "config", config);
	json_t *spec;
	int rc;

	if (!b)
		return http_error(resp, 500, "out of memory"), -1;
	if (json_is_string(json_object_get(body, "branch")))
		json_object_set(b, "branch", json_object_get(body, "branch"));
	spec = api_build_spec(k, b, resp);
	json_decref(b);
	if (!spec)
		return -1;
	rc = db_build_queue(k->db, job, build, spec, NULL, priority, kpcid_max_attempts(k));
	json_decref(spec);
	if (rc != DB_OK) {
		http_error(resp, 500, "cannot queue the build: database error");
		return -1;
	}
	log_info("job %lld queued: build %lld of %s at %.12s with %s, to measure it", *job,
		 *build, tree, sha, config);
	return 0;
}

/* Waits for build (queued or building): a measure request. */
static void measure_wait(struct kpcid *k, json_t *spec, const char *rclass, int priority,
			 long long tree_id, const char *sha, long long build, long long build_job,
			 struct http_resp *resp)
{
	char reason[160];
	long long id;

	snprintf(reason, sizeof reason, "submitted: waits for build %lld of %.12s", build, sha);
	if (db_measure_wait(k->db, &id, spec, rclass, priority, tree_id, sha, build, reason) !=
	    DB_OK) {
		http_error(resp, 500, "cannot record the request: database error");
		return;
	}
	log_info("measure request %lld: %s", id, reason);
	http_json(resp, 202, json_pack("{s:I, s:s, s:s, s:I, s:o, s:s}", "request_id",
		(json_int_t)id, "state", "waiting", "commit", sha, "build_id", (json_int_t)build,
		"build_job_id", build_job ? json_integer(build_job) : json_null(), "reason",
		reason));
}

void api_bench_commit(struct kpcid *k, json_t *body, json_t *spec, const char *runner_class,
		      int priority, struct http_resp *resp)
{
	const char *tree = json_string_value(json_object_get(body, "tree"));
	const char *text = json_string_value(json_object_get(body, "commit"));
	const char *boot = json_string_value(json_object_get(spec, "boot"));
	char sha[DB_SHA_MAX + 1], config[MEASURE_CONFIG_MAX], state[16];
	long long tree_id, build = 0, build_job = 0, job;
	int has_kernel;

	if (!tree || !proto_name_ok(tree) || !text || !measure_hex(text)) {
		http_error(resp, 400, "a bench job of a commit needs tree (a name) and commit "
			   "(%d to %d lower-case hex digits)", MEASURE_MIN_PREFIX, DB_SHA_MAX);
		return;
	}
	tree_id = db_tree_id(k->db, tree);
	if (!tree_id) {
		http_error(resp, 404, "tree %s is not a tree kpcid follows", tree);
		return;
	}
	if (measure_commit(k, sha, tree_id, tree, text, resp) < 0)
		return;
	json_object_set_new(spec, "tree", json_string(tree));
	json_object_set_new(spec, "commit", json_string(sha));
	if (!strcmp(boot, "host")) {    /* the runner's own kernel */
		build = 0;
	} else {
		measure_config(config, sizeof config, body, measure_tree_config(k, tree));
		if (db_build_find(k->db, &build, state, &has_kernel, tree_id, sha, config) != DB_OK) {
			http_error(resp, 500, "cannot look the build up: database error");
			return;
		}
		if (build && (!strcmp(state, "failed") || !strcmp(state, "timeout") ||
			      (!strcmp(state, "ok") && !has_kernel))) {
			http_error(resp, 409, "build %lld of %.12s (%s) %s; there is no kernel to "
				   "boot", build, sha, config, !strcmp(state, "ok") ?
				   "has no bzImage" : !strcmp(state, "failed") ? "failed" :
				   "timed out");
			return;
		}
		if (!build && measure_build(k, &build_job, &build, body, tree, sha, config, priority,
					    resp) < 0)
			return;
		if (build_job || strcmp(state, "ok")) {
			measure_wait(k, spec, runner_class, priority, tree_id, sha, build, build_job,
				     resp);
			return;
		}
	}
	if (db_bench_for_commit(k->db, &job, spec, runner_class, priority, kpcid_max_attempts(k),
				tree_id, sha, build) != DB_OK) {
		http_error(resp, 500, "cannot queue the job: database error");
		return;
	}
	log_info("job %lld queued: bench %s of %s at %.12s, boot %s%s", job,
		 json_string_value(json_object_get(spec, "suite")), tree, sha, boot,
		 build ? " (its build)" : "");
	api_job_created(k, resp, job);
}

void api_measure_build_done(struct kpcid *k, long long build_id)
{
	int queued = 0;

	if (db_measure_build_done(k->db, &queued, build_id, kpcid_max_attempts(k)) != DB_OK)
		log_error("build %lld: cannot queue the bench jobs waiting for it", build_id);
	else if (queued)
		log_info("build %lld: %d waiting bench job(s) queued", build_id, queued);
}
