/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api.h - the JSON API handlers under /api/v1 (see docs/API.md) and the
 * dashboard page handlers.  The route table in daemon/api/routes.c maps URLs
 * to them.
 */
#ifndef KPCI_DAEMON_API_H
#define KPCI_DAEMON_API_H

#include "daemon/http/http.h"
#include "lib/rec_compare.h"
#include "lib/verdict.h"

struct db;

/* routes.c: what kpcid's HTTP server serves (every route, the HTML error
 * page) */
extern const struct http_app api_app;

/* api_read.c: state anyone may read (see [server] public_read) */
/* http_cached() at the version of the NULL-terminated tables list (NULL:
 * every table): 1 when resp holds a cached answer (see daemon/http/cache.h). */
int api_cached(struct kpcid *k, struct http_req *req, struct http_resp *resp,
	       const char *const *tables);
void api_status(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_runners(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_jobs(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_job(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* Answers 201 with job id, just queued, as the record GET
 * /api/v1/jobs/ID starts from (shape REC_JOB_ROW). */
void api_job_created(struct kpcid *k, struct http_resp *resp, long long id);
void api_samples(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_metrics(struct kpcid *k, struct http_req *req, struct http_resp *resp);

/* api_admin.c */
void api_job_submit(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* api_measure.c: a bench job of a commit (POST /api/v1/jobs with tree
 * and commit): spec holds suite, boot, iterations and warmup. */
void api_bench_commit(struct kpcid *k, json_t *body, json_t *spec, const char *runner_class,
		      int priority, struct http_resp *resp);
/* After build_id ended: the bench jobs waiting for it are queued or failed. */
void api_measure_build_done(struct kpcid *k, long long build_id);

/* api_runner.c */
void api_runner_register(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_job_claim(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_job_heartbeat(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_job_release(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_job_result(struct kpcid *k, struct http_req *req, struct http_resp *resp);

/* api_builds.c: kernel builds and artifacts (docs/builds.md) */
/* POST /api/v1/jobs with kind "build": validates body and queues the build. */
void api_build_submit(struct kpcid *k, json_t *body, const char *runner_class, int priority,
		      struct http_resp *resp);
/* The spec of a build job from a body (tree, commit, config, url, branch,
 * fragments); NULL after an error response. */
json_t *api_build_spec(struct kpcid *k, json_t *body, struct http_resp *resp);
void api_build_record(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_artifact_link(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_artifact_upload(struct kpcid *k, struct http_req *req, struct http_resp *resp);
extern const struct http_stream api_artifact_stream;
extern const struct http_stream api_result_stream;   /* of api_job_result */
void api_artifact_download(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_builds(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_build(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_build_log(struct kpcid *k, struct http_req *req, struct http_resp *resp);

/* api_verdicts.c: what the analysis decided, as JSON (docs/API.md) */
/* The comparison of base and head (daemon/analyze/compare.h) as GET
 * /api/v1/compare answers it, into *out (caller owns).  Returns 0, or an
 * HTTP status with *cause (malloc'd) saying why. */
int api_compare_json(json_t **out, struct db *db, const char *base, const char *head,
		     const char *runner_class, const struct verdict_params *vp, char **cause);
/* What a side given as text is, as the API and the page show it: {text,
 * job_id, ref (tag or branch), commit {sha, subject, author, time, tree}}
 * (caller owns). */
json_t *api_compare_about(struct db *db, const char *text, const struct compare_which *w);
/* The points of c's series around the point of its first bad job (around
 * points each side) into c->points and c->npoints, which c owns even on
 * failure.  Returns 0, or -1 when they cannot be read. */
int api_change_points(struct rec_change *c, struct db *db, size_t around);
struct rec_window_report;
/* The merge-window report's commit verdicts (db_window_report) decided
 * again per measured commit (analyze_commit_verdicts) into its measured
 * commits and its summary's verdict counts (decided 1).  Returns 0, or -1
 * when memory is out (r disposable). */
int api_window_verdicts(struct rec_window_report *r, const struct verdict_params *vp);

/* routes.c: the dashboard */
void api_page_overview(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
