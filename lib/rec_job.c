// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_job.c - the job record (lib/rec.h): a build or bench job with its
 * spec, state, lease and phase and, in its detail, its attempts, the
 * samples it took per series, its build and how long jobs like it took.
 * GET /api/v1/jobs[/ID] and the 201 answers that queue a job are
 * rec_job_encode; `kpci jobs` reads them back with rec_job_decode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_job_detail.h"

/* Sets key of j to v (taken), clearing *ok when it cannot. */
static void rec_job_set(json_t *j, const char *key, json_t *v, int *ok)
{
	if (json_object_set_new(j, key, v) < 0)
		*ok = 0;
}

static json_t *rec_estimate_json(const struct rec_estimate *e)
{
	if (!e->jobs)
		return json_null();
	return json_pack("{s:I, s:I, s:I, s:I}", "jobs", (json_int_t)e->jobs, "median_s",
			 (json_int_t)e->median_s, "min_s", (json_int_t)e->min_s, "max_s",
			 (json_int_t)e->max_s);
}

/* The keys a detail has after "samples". */
static void rec_job_encode_detail(json_t *o, const struct rec_job *j, int *ok)
{
	rec_job_set(o, "tree", rec_str_json(j->tree), ok);
	rec_job_set(o, "attempts", rec_attempts_encode(j->attempts, j->nattempts), ok);
	rec_job_set(o, "series", rec_job_series_encode(j->series, j->nseries), ok);
	rec_job_set(o, "build", j->build ? rec_build_encode(j->build) : json_null(), ok);
	rec_job_set(o, "estimate", rec_estimate_json(&j->estimate), ok);
}

json_t *rec_job_encode(const struct rec_job *j)
{
	int found = j->shape == REC_JOB_FOUND, ok = 1;
	json_t *o = json_object();

	/* in the order of the SELECT the API answered before there was a record */
	rec_job_set(o, "id", json_integer(j->id), &ok);
	rec_job_set(o, "kind", rec_str_json(j->kind), &ok);
	rec_job_set(o, "state", rec_str_json(j->state), &ok);
	rec_job_set(o, "priority", json_integer(j->priority), &ok);
	rec_job_set(o, "runner_class", rec_str_json(j->runner_class), &ok);
	rec_job_set(o, "spec", rec_any_json(j->spec), &ok);
	if (found)
		rec_job_set(o, "tree", rec_str_json(j->tree), &ok);
	rec_job_set(o, "commit_sha", rec_str_json(j->commit_sha), &ok);
	if (found)
		rec_job_set(o, "build_id", rec_id_json(j->build_id), &ok);
	rec_job_set(o, "attempt", json_integer(j->attempt), &ok);
	rec_job_set(o, "max_attempts", json_integer(j->max_attempts), &ok);
	rec_job_set(o, "reason", rec_str_json(j->reason), &ok);
	rec_job_set(o, "created_at", json_integer(j->created_at), &ok);
	rec_job_set(o, "started_at", rec_id_json(j->started_at), &ok);
	rec_job_set(o, "finished_at", rec_id_json(j->finished_at), &ok);
	rec_job_set(o, "lease_expires", rec_id_json(j->lease_expires), &ok);
	rec_job_set(o, "phase", rec_str_json(j->phase), &ok);
	rec_job_set(o, "phase_detail", rec_str_json(j->phase_detail), &ok);
	rec_job_set(o, "phase_percent", rec_measure_json(j->phase_percent), &ok);
	rec_job_set(o, "phase_at", rec_id_json(j->phase_at), &ok);
	rec_job_set(o, "runner", rec_str_json(j->runner), &ok);
	rec_job_set(o, "samples", json_integer(j->samples), &ok);
	if (j->shape == REC_JOB_DETAIL)
		rec_job_encode_detail(o, j, &ok);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* "attempts", "series", "build" and "estimate" of a detail. */
static int rec_job_decode_detail(struct rec_job *x, const json_t *j, const char *where,
				 char **cause)
{
	const json_t *build = json_object_get(j, "build");
	const json_t *estimate = json_object_get(j, "estimate");
	char at[64];

	x->shape = REC_JOB_DETAIL;
	if (rec_attempts_decode(&x->attempts, &x->nattempts, json_object_get(j, "attempts"), where,
				cause) < 0 ||
	    rec_job_series_decode(&x->series, &x->nseries, json_object_get(j, "series"), where,
				  cause) < 0)
		return -1;
	if (estimate && !json_is_null(estimate) && !json_is_object(estimate))
		return fail_cause(cause, "%sestimate must be an object or null", where);
	snprintf(at, sizeof at, "%sestimate.", where);
	if (json_is_object(estimate) &&
	    (rec_get_int(&x->estimate.jobs, estimate, "jobs", 0, at, cause) < 0 ||
	     rec_get_int(&x->estimate.median_s, estimate, "median_s", 0, at, cause) < 0 ||
	     rec_get_int(&x->estimate.min_s, estimate, "min_s", 0, at, cause) < 0 ||
	     rec_get_int(&x->estimate.max_s, estimate, "max_s", 0, at, cause) < 0))
		return -1;
	if (!build || json_is_null(build))
		return 0;
	x->build = malloc(sizeof *x->build);
	if (!x->build)
		return fail_cause(cause, "out of memory");
	snprintf(at, sizeof at, "%sbuild.", where);
	if (rec_build_decode(x->build, build, at, cause) < 0) {
		free(x->build);
		x->build = NULL;
		return -1;
	}
	return 0;
}

int rec_job_decode(struct rec_job *out, const json_t *j, const char *where, char **cause)
{
	struct rec_job *x = out;

	memset(x, 0, sizeof *x);
	x->shape = json_object_get(j, "build_id") ? REC_JOB_FOUND : REC_JOB_ROW;
	if (rec_check_object(j, where, "a job", cause) < 0 ||
	    rec_get_int(&x->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&x->kind, j, "kind", 0, where, cause) < 0 ||
	    rec_get_str(&x->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_int(&x->priority, j, "priority", 1, where, cause) < 0 ||
	    rec_get_str(&x->runner_class, j, "runner_class", 1, where, cause) < 0 ||
	    rec_get_any(&x->spec, j, "spec", where, cause) < 0 ||
	    (rec_job_spec_fields(x) < 0 && fail_cause(cause, "out of memory") < 0) ||
	    rec_get_str(&x->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_get_str(&x->commit_sha, j, "commit_sha", 1, where, cause) < 0 ||
	    rec_get_int(&x->build_id, j, "build_id", 1, where, cause) < 0 ||
	    rec_get_int(&x->attempt, j, "attempt", 1, where, cause) < 0 ||
	    rec_get_int(&x->max_attempts, j, "max_attempts", 1, where, cause) < 0 ||
	    rec_get_str(&x->reason, j, "reason", 1, where, cause) < 0 ||
	    rec_get_int(&x->created_at, j, "created_at", 1, where, cause) < 0 ||
	    rec_get_int(&x->started_at, j, "started_at", 1, where, cause) < 0 ||
	    rec_get_int(&x->finished_at, j, "finished_at", 1, where, cause) < 0 ||
	    rec_get_int(&x->lease_expires, j, "lease_expires", 1, where, cause) < 0 ||
	    rec_get_str(&x->phase, j, "phase", 1, where, cause) < 0 ||
	    rec_get_str(&x->phase_detail, j, "phase_detail", 1, where, cause) < 0 ||
	    rec_get_measure(&x->phase_percent, j, "phase_percent", where, cause) < 0 ||
	    rec_get_int(&x->phase_at, j, "phase_at", 1, where, cause) < 0 ||
	    rec_get_str(&x->runner, j, "runner", 1, where, cause) < 0 ||
	    rec_get_int(&x->samples, j, "samples", 1, where, cause) < 0 ||
	    (json_object_get(j, "attempts") && rec_job_decode_detail(x, j, where, cause) < 0)) {
		rec_job_dispose(x);
		return -1;
	}
	return 0;
}

void rec_job_dispose(struct rec_job *j)
{
	if (!j)
		return;
	free(j->kind);
	free(j->state);
	free(j->runner_class);
	json_decref(j->spec);
	free(j->spec_suite);
	free(j->spec_boot);
	free(j->spec_tree);
	free(j->spec_commit);
	free(j->commit_sha);
	free(j->reason);
	free(j->phase);
	free(j->phase_detail);
	free(j->runner);
	free(j->tree);
	rec_attempts_dispose(j->attempts, j->nattempts);
	rec_job_series_dispose(j->series, j->nseries);
	rec_build_dispose(j->build);
	free(j->build);
	memset(j, 0, sizeof *j);
}

/* rec_jobs_encode, rec_jobs_decode, rec_jobs_dispose */
REC_LIST(job, jobs, "jobs")

json_t *rec_pipeline_encode(const struct rec_pipeline *p)
{
	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}",
			 "queued_builds", (json_int_t)p->queued_builds,
			 "queued_bench", (json_int_t)p->queued_bench,
			 "building", (json_int_t)p->building, "booting", (json_int_t)p->booting,
			 "measuring", (json_int_t)p->measuring,
			 "changes_open", (json_int_t)p->changes_open,
			 "bisecting", (json_int_t)p->bisecting,
			 "reporting", (json_int_t)p->reporting, "reports", (json_int_t)p->reports);
}
