/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_job_detail.h - what a job's detail adds to the job record (GET
 * /api/v1/jobs/ID, the job page): each attempt that reported a result,
 * with the tail of its log (db_job_attempts), and the samples it took
 * summed up per series and attempt (db_job_series).  rec_job_encode and
 * rec_job_decode write and read them as the arrays "attempts" and
 * "series"; these are their element functions.  And what a job's pages
 * show of its spec, read into the job's spec_ fields.
 */
#ifndef KPCI_REC_JOB_DETAIL_H
#define KPCI_REC_JOB_DETAIL_H

#include <stddef.h>

#include <jansson.h>

/* One attempt's result. */
struct rec_attempt {
	long long attempt;
	char *status;               /* ok, failed */
	char *reason;               /* NULL: none */
	long long received_at;
	char *runner;               /* the runner's name; NULL: not known */
	char *runner_class;         /* NULL: not known */
	long long log_size;         /* characters; REC_NONE: no log */
	char *log_tail;             /* its last characters; NULL: no log */
};

/* The samples of one series and attempt. */
struct rec_job_series {
	long long series_id;
	char *suite;
	char *metric;
	char *unit;
	char *better;               /* higher or lower */
	char *runner_class;
	long long attempt;
	long long iterations;
	double mean, min, max;
};

/* The n attempts at v as a JSON array; NULL when out of memory. */
json_t *rec_attempts_encode(const struct rec_attempt *v, size_t n);
/* The JSON array arr into a new array at *out, *n of them; -1 with a
 * sentence naming the field ("WHEREattempts[0].status is missing") in
 * *cause, *out and *n empty. */
int rec_attempts_decode(struct rec_attempt **out, size_t *n, const json_t *arr,
			const char *where, char **cause);
/* Frees the n attempts at v and v (NULL: nothing). */
void rec_attempts_dispose(struct rec_attempt *v, size_t n);
/* Frees what one attempt owns and leaves it empty. */
void rec_attempt_dispose(struct rec_attempt *a);

/* As the attempts' functions, for the array "series". */
json_t *rec_job_series_encode(const struct rec_job_series *v, size_t n);
int rec_job_series_decode(struct rec_job_series **out, size_t *n, const json_t *arr,
			  const char *where, char **cause);
void rec_job_series_dispose(struct rec_job_series *v, size_t n);
void rec_job_series_row_dispose(struct rec_job_series *s);

struct rec_job;

/* Reads j->spec's suite, boot, tree and commit into j->spec_suite,
 * spec_boot, spec_tree and spec_commit (each NULL unless a string there);
 * -1 when out of memory (the fields then disposable). */
int rec_job_spec_fields(struct rec_job *j);

#endif
