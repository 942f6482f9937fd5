// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_lists.c - the records of the read-only lists (lib/rec_lists.h):
 * status, metric, sample, noise and confirmation, each encoded as the
 * API answers it and decoded back for `kpci`.  Keys are written in the
 * order of the answer.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_lists.h"

/* Sets key of j to v (NULL: out of memory); *ok turns 0 on failure. */
static void rec_put(json_t *j, const char *key, json_t *v, int *ok)
{
	if (!v || json_object_set_new(j, key, v) < 0)
		*ok = 0;
}

/* j when every rec_put succeeded, else NULL (j freed). */
static json_t *rec_done(json_t *j, int ok)
{
	if (ok && j)
		return j;
	json_decref(j);
	return NULL;
}

/* key of j: true or false, into *out as 1 or 0. */
static int rec_get_flag(int *out, const json_t *j, const char *key, const char *where,
			char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = json_is_true(v);
	return json_is_boolean(v) ? 0 : fail_cause(cause, "%s%s must be true or false", where, key);
}

/* --- status --------------------------------------------------------- */

long long rec_status_jobs(const struct rec_status *s, const char *state)
{
	for (size_t i = 0; i < s->njobs; i++)
		if (s->jobs[i].state && !strcmp(s->jobs[i].state, state))
			return s->jobs[i].n;
	return 0;
}

json_t *rec_status_encode(const struct rec_status *s)
{
	json_t *j = json_object(), *jobs = json_object();
	int ok = j && jobs;

	for (size_t i = 0; ok && i < s->njobs; i++)
		rec_put(jobs, s->jobs[i].state, json_integer(s->jobs[i].n), &ok);
	rec_put(j, "jobs", jobs, &ok);
	jobs = NULL;
	rec_put(j, "runners", json_integer(s->runners), &ok);
	rec_put(j, "samples", json_integer(s->samples), &ok);
	rec_put(j, "schema_version", json_integer(s->schema_version), &ok);
	if (s->version)
		rec_put(j, "version", json_string(s->version), &ok);
	if (s->has_pipeline)
		rec_put(j, "pipeline", rec_pipeline_encode(&s->pipeline), &ok);
	return rec_done(j, ok);
}

/* The object "jobs" of a status. */
static int rec_status_decode_jobs(struct rec_status *s, json_t *jobs, char **cause)
{
	const char *state;
	json_t *v;

	if (!json_is_object(jobs))
		return fail_cause(cause, "jobs must be an object");
	s->jobs = calloc(json_object_size(jobs) + 1, sizeof *s->jobs);
	if (!s->jobs)
		return fail_cause(cause, "out of memory");
	json_object_foreach(jobs, state, v) {
		if (!json_is_integer(v))
			return fail_cause(cause, "jobs.%s must be an integer", state);
		s->jobs[s->njobs].n = json_integer_value(v);
		s->jobs[s->njobs].state = strdup(state);
		if (!s->jobs[s->njobs++].state)
			return fail_cause(cause, "out of memory");
	}
	return 0;
}

int rec_status_decode(struct rec_status *out, const json_t *j, char **cause)
{
	const json_t *p = json_object_get(j, "pipeline");

	memset(out, 0, sizeof *out);
	if (rec_check_object(j, "", "a status", cause) < 0 ||
	    rec_status_decode_jobs(out, json_object_get(j, "jobs"), cause) < 0 ||
	    rec_get_int(&out->runners, j, "runners", 0, "", cause) < 0 ||
	    rec_get_int(&out->samples, j, "samples", 0, "", cause) < 0 ||
	    rec_get_int(&out->schema_version, j, "schema_version", 0, "", cause) < 0 ||
	    rec_get_str(&out->version, j, "version", 1, "", cause) < 0 ||
	    (p && !json_is_null(p) && rec_check_object(p, "pipeline", "", cause) < 0)) {
		rec_status_dispose(out);
		return -1;
	}
	out->has_pipeline = p && !json_is_null(p);
	return 0;
}

void rec_status_dispose(struct rec_status *s)
{
	if (!s)
		return;
	for (size_t i = 0; s->jobs && i < s->njobs; i++)
		free(s->jobs[i].state);
	free(s->jobs);
	free(s->version);
	memset(s, 0, sizeof *s);
}

/* --- metric --------------------------------------------------------- */

json_t *rec_metric_encode(const struct rec_metric *m)
{
	return json_pack("{s:I, s:o, s:o, s:o, s:o}", "id", (json_int_t)m->id,
			 "suite", rec_str_json(m->suite), "name", rec_str_json(m->name),
			 "unit", rec_str_json(m->unit), "better", rec_str_json(m->better));
}

int rec_metric_decode(struct rec_metric *out, const json_t *j, const char *where,
		      char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, where, "a metric", cause) < 0 ||
	    rec_get_int(&out->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&out->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&out->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&out->unit, j, "unit", 0, where, cause) < 0 ||
	    rec_get_str(&out->better, j, "better", 0, where, cause) < 0) {
		rec_metric_dispose(out);
		return -1;
	}
	return 0;
}

void rec_metric_dispose(struct rec_metric *m)
{
	if (!m)
		return;
	free(m->suite);
	free(m->name);
	free(m->unit);
	free(m->better);
	memset(m, 0, sizeof *m);
}

/* rec_metrics_encode, rec_metrics_decode, rec_metrics_dispose */
REC_LIST(metric, metrics, "metrics")

/* --- sample --------------------------------------------------------- */

json_t *rec_sample_encode(const struct rec_sample *s)
{
	json_t *j = json_object();
	int ok = j != NULL;

	rec_put(j, "id", json_integer(s->id), &ok);
	rec_put(j, "job_id", json_integer(s->job_id), &ok);
	rec_put(j, "attempt", json_integer(s->attempt), &ok);
	rec_put(j, "series_id", json_integer(s->series_id), &ok);
	rec_put(j, "suite", rec_str_json(s->suite), &ok);
	rec_put(j, "metric", rec_str_json(s->metric), &ok);
	rec_put(j, "unit", rec_str_json(s->unit), &ok);
	rec_put(j, "better", rec_str_json(s->better), &ok);
	rec_put(j, "iteration", json_integer(s->iteration), &ok);
	rec_put(j, "value", rec_real_json(s->value), &ok);
	rec_put(j, "runner_class", rec_str_json(s->runner_class), &ok);
	rec_put(j, "runner", rec_str_json(s->runner), &ok);
	rec_put(j, "commit_sha", rec_str_json(s->commit_sha), &ok);
	rec_put(j, "kernel_release", rec_str_json(s->kernel_release), &ok);
	rec_put(j, "boot_method", rec_str_json(s->boot_method), &ok);
	rec_put(j, "created_at", json_integer(s->created_at), &ok);
	if (s->lab) {
		rec_put(j, "lab_job_url", rec_str_json(s->lab_job_url), &ok);
		rec_put(j, "lab_device", rec_str_json(s->lab_device), &ok);
	}
	rec_put(j, "spread", rec_real_json(s->spread), &ok);
	return rec_done(j, ok);
}

int rec_sample_decode(struct rec_sample *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_sample *s = out;

	memset(s, 0, sizeof *s);
	s->lab = json_object_get(j, "lab_job_url") != NULL;
	if (rec_check_object(j, where, "a sample", cause) < 0 ||
	    rec_get_int(&s->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&s->job_id, j, "job_id", 0, where, cause) < 0 ||
	    rec_get_int(&s->attempt, j, "attempt", 0, where, cause) < 0 ||
	    rec_get_int(&s->series_id, j, "series_id", 0, where, cause) < 0 ||
	    rec_get_str(&s->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&s->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&s->unit, j, "unit", 0, where, cause) < 0 ||
	    rec_get_str(&s->better, j, "better", 0, where, cause) < 0 ||
	    rec_get_int(&s->iteration, j, "iteration", 0, where, cause) < 0 ||
	    rec_get_num(&s->value, j, "value", 0, NAN, where, cause) < 0 ||
	    rec_get_str(&s->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_str(&s->runner, j, "runner", 1, where, cause) < 0 ||
	    rec_get_str(&s->commit_sha, j, "commit_sha", 1, where, cause) < 0 ||
	    rec_get_str(&s->kernel_release, j, "kernel_release", 1, where, cause) < 0 ||
	    rec_get_str(&s->boot_method, j, "boot_method", 1, where, cause) < 0 ||
	    rec_get_int(&s->created_at, j, "created_at", 0, where, cause) < 0 ||
	    rec_get_str(&s->lab_job_url, j, "lab_job_url", 1, where, cause) < 0 ||
	    rec_get_str(&s->lab_device, j, "lab_device", 1, where, cause) < 0 ||
	    rec_get_num(&s->spread, j, "spread", 1, NAN, where, cause) < 0) {
		rec_sample_dispose(s);
		return -1;
	}
	return 0;
}

void rec_sample_dispose(struct rec_sample *s)
{
	if (!s)
		return;
	free(s->suite);
	free(s->metric);
	free(s->unit);
	free(s->better);
	free(s->runner_class);
	free(s->runner);
	free(s->commit_sha);
	free(s->kernel_release);
	free(s->boot_method);
	free(s->lab_job_url);
	free(s->lab_device);
	memset(s, 0, sizeof *s);
}

/* rec_samples_encode, rec_samples_decode, rec_samples_dispose */
REC_LIST(sample, samples, "samples")

/* --- noise ---------------------------------------------------------- */

/* The model's numbers, in the order of the answer after "known" (jobs_needed
 * and between_job_df, integers, are written between them). */
#define NOISE_REAL(key) { #key, offsetof(struct rec_noise, key) }
static const struct { const char *key; size_t off; } rec_noise_reals[] = {
	NOISE_REAL(cv_job_percent), NOISE_REAL(cv_iteration_percent), NOISE_REAL(iterations),
	NOISE_REAL(mde_percent), NOISE_REAL(target_effect_percent),
	NOISE_REAL(iterations_needed), NOISE_REAL(max_noise_percent),
	NOISE_REAL(between_job_percent), NOISE_REAL(within_job_percent),
	NOISE_REAL(min_effect_percent),
};
#undef NOISE_REAL
#define NOISE_JOBS_NEEDED 6         /* jobs_needed comes before reals[6] */
#define NOISE_DF 9                  /* between_job_df and model_known before reals[9] */

static double *rec_noise_real(struct rec_noise *n, size_t i)
{
	return (double *)(void *)((char *)n + rec_noise_reals[i].off);
}

/* The figures of the model after the sums. */
static void rec_noise_encode_figures(json_t *j, const struct rec_noise *n, int *ok)
{
	rec_put(j, "known", json_boolean(n->known), ok);
	for (size_t i = 0; i < sizeof rec_noise_reals / sizeof rec_noise_reals[0]; i++) {
		if (i == NOISE_JOBS_NEEDED)
			rec_put(j, "jobs_needed", rec_id_json(n->jobs_needed), ok);
		if (i == NOISE_DF) {
			rec_put(j, "between_job_df", json_integer(n->between_job_df), ok);
			rec_put(j, "model_known", json_boolean(n->model_known), ok);
		}
		const double *d = (const double *)(const void *)((const char *)n +
								   rec_noise_reals[i].off);

		rec_put(j, rec_noise_reals[i].key, rec_real_json(*d), ok);
	}
}

json_t *rec_noise_encode(const struct rec_noise *n)
{
	json_t *j = json_object();
	int ok = j != NULL;

	rec_put(j, "runner_class", rec_str_json(n->runner_class), &ok);
	rec_put(j, "metric_id", json_integer(n->metric_id), &ok);
	rec_put(j, "suite", rec_str_json(n->suite), &ok);
	rec_put(j, "metric", rec_str_json(n->metric), &ok);
	rec_put(j, "unit", rec_str_json(n->unit), &ok);
	rec_put(j, "series", json_integer(n->series), &ok);
	rec_put(j, "aa_df", json_integer(n->aa_df), &ok);
	rec_put(j, "it_df", json_integer(n->it_df), &ok);
	rec_put(j, "jobs", json_integer(n->jobs), &ok);
	rec_put(j, "samples_used", json_integer(n->samples_used), &ok);
	rec_put(j, "noisy", json_boolean(n->noisy), &ok);
	rec_noise_encode_figures(j, n, &ok);
	return rec_done(j, ok);
}

/* The figures of an encoded noise model. */
static int rec_noise_decode_figures(struct rec_noise *n, const json_t *j, const char *where,
				    char **cause)
{
	for (size_t i = 0; i < sizeof rec_noise_reals / sizeof rec_noise_reals[0]; i++)
		if (rec_get_num(rec_noise_real(n, i), j, rec_noise_reals[i].key, 1, NAN, where,
				cause) < 0)
			return -1;
	if (rec_get_flag(&n->known, j, "known", where, cause) < 0 ||
	    rec_get_int(&n->jobs_needed, j, "jobs_needed", 1, where, cause) < 0 ||
	    rec_get_int(&n->between_job_df, j, "between_job_df", 0, where, cause) < 0 ||
	    rec_get_flag(&n->model_known, j, "model_known", where, cause) < 0)
		return -1;
	return 0;
}

int rec_noise_decode(struct rec_noise *out, const json_t *j, const char *where, char **cause)
{
	struct rec_noise *n = out;
	int noisy;

	memset(n, 0, sizeof *n);
	if (rec_check_object(j, where, "a noise model", cause) < 0 ||
	    rec_get_str(&n->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_int(&n->metric_id, j, "metric_id", 0, where, cause) < 0 ||
	    rec_get_str(&n->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&n->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&n->unit, j, "unit", 0, where, cause) < 0 ||
	    rec_get_int(&n->series, j, "series", 0, where, cause) < 0 ||
	    rec_get_int(&n->aa_df, j, "aa_df", 0, where, cause) < 0 ||
	    rec_get_int(&n->it_df, j, "it_df", 0, where, cause) < 0 ||
	    rec_get_int(&n->jobs, j, "jobs", 0, where, cause) < 0 ||
	    rec_get_int(&n->samples_used, j, "samples_used", 0, where, cause) < 0 ||
	    rec_get_flag(&noisy, j, "noisy", where, cause) < 0 ||
	    rec_noise_decode_figures(n, j, where, cause) < 0) {
		rec_noise_dispose(n);
		return -1;
	}
	n->noisy = noisy;
	return 0;
}

void rec_noise_dispose(struct rec_noise *n)
{
	if (!n)
		return;
	free(n->runner_class);
	free(n->suite);
	free(n->metric);
	free(n->unit);
	memset(n, 0, sizeof *n);
}

/* rec_noises_encode, rec_noises_decode, rec_noises_dispose */
REC_LIST(noise, noises, "noise")

/* --- confirmation --------------------------------------------------- */

json_t *rec_confirmation_encode(const struct rec_confirmation *c)
{
	json_t *j = json_object();
	int ok = j != NULL;

	rec_put(j, "id", json_integer(c->id), &ok);
	rec_put(j, "good_sha", rec_str_json(c->good_sha), &ok);
	rec_put(j, "bad_sha", rec_str_json(c->bad_sha), &ok);
	rec_put(j, "suite", rec_str_json(c->suite), &ok);
	rec_put(j, "runner_class", rec_str_json(c->runner_class), &ok);
	rec_put(j, "config_name", rec_str_json(c->config_name), &ok);
	rec_put(j, "want", json_integer(c->want), &ok);
	rec_put(j, "state", rec_str_json(c->state), &ok);
	rec_put(j, "code", rec_str_json(c->code), &ok);
	rec_put(j, "code_reason", rec_str_json(c->code_reason), &ok);
	rec_put(j, "opened_by", rec_str_json(c->opened_by), &ok);
	rec_put(j, "reason", rec_str_json(c->reason), &ok);
	rec_put(j, "created_at", json_integer(c->created_at), &ok);
	rec_put(j, "finished_at", rec_id_json(c->finished_at), &ok);
	rec_put(j, "good_jobs", json_integer(c->good_jobs), &ok);
	rec_put(j, "bad_jobs", json_integer(c->bad_jobs), &ok);
	return rec_done(j, ok);
}

int rec_confirmation_decode(struct rec_confirmation *out, const json_t *j, const char *where,
			    char **cause)
{
	struct rec_confirmation *c = out;

	memset(c, 0, sizeof *c);
	if (rec_check_object(j, where, "a confirmation", cause) < 0 ||
	    rec_get_int(&c->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&c->good_sha, j, "good_sha", 0, where, cause) < 0 ||
	    rec_get_str(&c->bad_sha, j, "bad_sha", 0, where, cause) < 0 ||
	    rec_get_str(&c->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&c->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_str(&c->config_name, j, "config_name", 0, where, cause) < 0 ||
	    rec_get_int(&c->want, j, "want", 0, where, cause) < 0 ||
	    rec_get_str(&c->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_str(&c->code, j, "code", 1, where, cause) < 0 ||
	    rec_get_str(&c->code_reason, j, "code_reason", 1, where, cause) < 0 ||
	    rec_get_str(&c->opened_by, j, "opened_by", 0, where, cause) < 0 ||
	    rec_get_str(&c->reason, j, "reason", 1, where, cause) < 0 ||
	    rec_get_int(&c->created_at, j, "created_at", 0, where, cause) < 0 ||
	    rec_get_int(&c->finished_at, j, "finished_at", 1, where, cause) < 0 ||
	    rec_get_int(&c->good_jobs, j, "good_jobs", 0, where, cause) < 0 ||
	    rec_get_int(&c->bad_jobs, j, "bad_jobs", 0, where, cause) < 0) {
		rec_confirmation_dispose(c);
		return -1;
	}
	return 0;
}

void rec_confirmation_dispose(struct rec_confirmation *c)
{
	if (!c)
		return;
	free(c->good_sha);
	free(c->bad_sha);
	free(c->suite);
	free(c->runner_class);
	free(c->config_name);
	free(c->state);
	free(c->code);
	free(c->code_reason);
	free(c->opened_by);
	free(c->reason);
	memset(c, 0, sizeof *c);
}

/* rec_confirmations_encode, rec_confirmations_decode, rec_confirmations_dispose */
REC_LIST(confirmation, confirmations, "confirmations")
