// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_job_detail.c - a job detail's attempts and samples per series
 * (lib/rec_job_detail.h): their one JSON encoder and decoder; and what
 * the job's pages show of its spec.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec.h"
#include "lib/rec_internal.h"
#include "lib/rec_job_detail.h"

static json_t *rec_attempt_encode(const void *elem)
{
	const struct rec_attempt *a = elem;

	return json_pack("{s:I, s:o, s:o, s:I, s:o, s:o, s:o, s:o}",
			 "attempt", (json_int_t)a->attempt, "status", rec_str_json(a->status),
			 "reason", rec_str_json(a->reason), "received_at", (json_int_t)a->received_at,
			 "runner", rec_str_json(a->runner),
			 "runner_class", rec_str_json(a->runner_class),
			 "log_size", rec_measure_json(a->log_size),
			 "log_tail", rec_str_json(a->log_tail));
}

static int rec_attempt_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_attempt *a = elem;

	if (rec_check_object(j, where, "an attempt", cause) < 0 ||
	    rec_get_int(&a->attempt, j, "attempt", 0, where, cause) < 0 ||
	    rec_get_str(&a->status, j, "status", 0, where, cause) < 0 ||
	    rec_get_str(&a->reason, j, "reason", 1, where, cause) < 0 ||
	    rec_get_int(&a->received_at, j, "received_at", 0, where, cause) < 0 ||
	    rec_get_str(&a->runner, j, "runner", 1, where, cause) < 0 ||
	    rec_get_str(&a->runner_class, j, "runner_class", 1, where, cause) < 0 ||
	    rec_get_measure(&a->log_size, j, "log_size", where, cause) < 0 ||
	    rec_get_str(&a->log_tail, j, "log_tail", 1, where, cause) < 0)
		return -1;
	return 0;
}

void rec_attempt_dispose(struct rec_attempt *a)
{
	free(a->status);
	free(a->reason);
	free(a->runner);
	free(a->runner_class);
	free(a->log_tail);
	memset(a, 0, sizeof *a);
}

json_t *rec_attempts_encode(const struct rec_attempt *v, size_t n)
{
	return rec_array_encode(v, n, sizeof *v, rec_attempt_encode);
}

static void rec_attempt_elem_dispose(void *elem)
{
	rec_attempt_dispose(elem);
}

int rec_attempts_decode(struct rec_attempt **out, size_t *n, const json_t *arr,
			const char *where, char **cause)
{
	return rec_array_decode_whole(out, n, sizeof **out, arr, where, "attempts",
				      rec_attempt_decode, rec_attempt_elem_dispose, cause);
}

void rec_attempts_dispose(struct rec_attempt *v, size_t n)
{
	rec_array_dispose(v, n, sizeof *v, rec_attempt_elem_dispose);
}

static json_t *rec_series_row_encode(const void *elem)
{
	const struct rec_job_series *s = elem;

	return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:f, s:f, s:f}",
			 "series_id", (json_int_t)s->series_id, "suite", rec_str_json(s->suite),
			 "metric", rec_str_json(s->metric), "unit", rec_str_json(s->unit),
			 "better", rec_str_json(s->better),
			 "runner_class", rec_str_json(s->runner_class),
			 "attempt", (json_int_t)s->attempt, "iterations", (json_int_t)s->iterations,
			 "mean", s->mean, "min", s->min, "max", s->max);
}

static int rec_series_row_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_job_series *s = elem;

	if (rec_check_object(j, where, "a series", cause) < 0 ||
	    rec_get_int(&s->series_id, j, "series_id", 0, where, cause) < 0 ||
	    rec_get_str(&s->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&s->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&s->unit, j, "unit", 0, where, cause) < 0 ||
	    rec_get_str(&s->better, j, "better", 0, where, cause) < 0 ||
	    rec_get_str(&s->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_int(&s->attempt, j, "attempt", 0, where, cause) < 0 ||
	    rec_get_int(&s->iterations, j, "iterations", 0, where, cause) < 0 ||
	    rec_get_num(&s->mean, j, "mean", 0, NAN, where, cause) < 0 ||
	    rec_get_num(&s->min, j, "min", 0, NAN, where, cause) < 0 ||
	    rec_get_num(&s->max, j, "max", 0, NAN, where, cause) < 0)
		return -1;
	return 0;
}

void rec_job_series_row_dispose(struct rec_job_series *s)
{
	free(s->suite);
	free(s->metric);
	free(s->unit);
	free(s->better);
	free(s->runner_class);
	memset(s, 0, sizeof *s);
}

json_t *rec_job_series_encode(const struct rec_job_series *v, size_t n)
{
	return rec_array_encode(v, n, sizeof *v, rec_series_row_encode);
}

static void rec_series_row_elem_dispose(void *elem)
{
	rec_job_series_row_dispose(elem);
}

int rec_job_series_decode(struct rec_job_series **out, size_t *n, const json_t *arr,
			  const char *where, char **cause)
{
	return rec_array_decode_whole(out, n, sizeof **out, arr, where, "series",
				      rec_series_row_decode, rec_series_row_elem_dispose, cause);
}

void rec_job_series_dispose(struct rec_job_series *v, size_t n)
{
	rec_array_dispose(v, n, sizeof *v, rec_series_row_elem_dispose);
}

/* key of spec, copied when a string, else NULL; -1 when out of memory. */
static int rec_spec_str(char **out, const json_t *spec, const char *key)
{
	const char *s = json_string_value(json_object_get(spec, key));

	*out = s ? strdup(s) : NULL;
	return s && !*out ? -1 : 0;
}

int rec_job_spec_fields(struct rec_job *j)
{
	if (rec_spec_str(&j->spec_suite, j->spec, "suite") < 0 ||
	    rec_spec_str(&j->spec_boot, j->spec, "boot") < 0 ||
	    rec_spec_str(&j->spec_tree, j->spec, "tree") < 0 ||
	    rec_spec_str(&j->spec_commit, j->spec, "commit") < 0)
		return -1;
	return 0;
}
