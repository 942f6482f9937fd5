/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_lists.h - the records of the read-only lists (lib/rec.h's rules):
 * the status counts (GET /api/v1/status, the Prometheus metrics), the
 * metrics (GET /api/v1/metrics, the comparison's names), the samples
 * (GET /api/v1/samples, the overview), the noise models (GET
 * /api/v1/noise, a change's detail) and the confirmations (GET
 * /api/v1/confirmations).  db/ fills them; lib/rec_lists.c is the one
 * place that names their JSON keys, and `kpci` reads them back with the
 * decoders.
 */
#ifndef KPCI_REC_LISTS_H
#define KPCI_REC_LISTS_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"

/* How many jobs are in one state. */
struct rec_job_count {
	char *state;                /* queued, running, done, failed, cancelled */
	long long n;
};

/* The status counts (GET /api/v1/status): "jobs" an object of the
 * counts by state, in the order db/ gives them. */
struct rec_status {
	struct rec_job_count *jobs;
	size_t njobs;
	long long runners;
	long long samples;
	long long schema_version;
	char *version;              /* kpcid's; NULL: not encoded */
	int has_pipeline;           /* 0: "pipeline" not encoded */
	struct rec_pipeline pipeline;
};

/* The jobs in state (0 when none is). */
long long rec_status_jobs(const struct rec_status *s, const char *state);
/* NULL when out of memory. */
json_t *rec_status_encode(const struct rec_status *s);
/* Fills *out from an encoded status; -1 with a sentence naming the field
 * in *cause.  *out is empty or whole.  A pipeline is read back only as
 * present (has_pipeline), its counts are not. */
int rec_status_decode(struct rec_status *out, const json_t *j, char **cause);
void rec_status_dispose(struct rec_status *s);

/* A metric (GET /api/v1/metrics). */
struct rec_metric {
	long long id;
	char *suite;
	char *name;
	char *unit;
	char *better;               /* higher or lower */
};

struct rec_metrics {
	struct rec_metric *v;
	size_t n;
};

/* As the runner's functions (lib/rec.h). */
json_t *rec_metric_encode(const struct rec_metric *m);
int rec_metric_decode(struct rec_metric *out, const json_t *j, const char *where,
		      char **cause);
void rec_metric_dispose(struct rec_metric *m);
json_t *rec_metrics_encode(const struct rec_metrics *l);
int rec_metrics_decode(struct rec_metrics *out, const json_t *arr, char **cause);
void rec_metrics_dispose(struct rec_metrics *l);

/* One measured iteration (GET /api/v1/samples, the overview's latest). */
struct rec_sample {
	long long id;
	long long job_id;
	long long attempt;
	long long series_id;
	char *suite;
	char *metric;
	char *unit;
	char *better;               /* higher or lower */
	long long iteration;
	double value;
	char *runner_class;
	char *runner;               /* NULL: not known */
	char *commit_sha;           /* NULL: none */
	char *kernel_release;       /* NULL: not known */
	char *boot_method;          /* NULL: not known */
	long long created_at;
	/* lab 1 (db_samples_find) also encodes these two, before spread */
	int lab;
	char *lab_job_url;          /* the LAVA job it ran in; NULL: none */
	char *lab_device;           /* NULL: none */
	double spread;              /* of its inner repetitions, %; NAN: none */
};

struct rec_samples {
	struct rec_sample *v;
	size_t n;
};

/* As the runner's functions (lib/rec.h); a list is of one shape. */
json_t *rec_sample_encode(const struct rec_sample *s);
int rec_sample_decode(struct rec_sample *out, const json_t *j, const char *where,
		      char **cause);
void rec_sample_dispose(struct rec_sample *s);
json_t *rec_samples_encode(const struct rec_samples *l);
int rec_samples_decode(struct rec_samples *out, const json_t *arr, char **cause);
void rec_samples_dispose(struct rec_samples *l);

/*
 * The noise of one (runner class, metric) over its series (GET
 * /api/v1/noise, a change's detail).  db/ fills the sums; the analyzer's
 * model (daemon/api/api_changes.c) fills the figures after them, which
 * are what is encoded: the sums are not, and a decoded record has them 0.
 * A figure that is NAN is null.
 */
struct rec_noise {
	char *runner_class;
	long long metric_id;
	char *suite;
	char *metric;
	char *unit;
	long long series;           /* its series summed */
	double aa_ss;               /* the sums of migrations 0005 and 0013 */
	long long aa_df;
	double it_ss;
	long long it_df;
	long long jobs;
	long long samples_used;
	long long noisy;            /* db/: a series flagged; the model: too noisy */
	double rep_ss;
	long long rep_df;
	double rep_wn;
	double win_ss;
	long long win_df;
	/* the model's figures */
	int known;
	double cv_job_percent;
	double cv_iteration_percent;
	double iterations;
	double mde_percent;
	double target_effect_percent;
	double iterations_needed;
	long long jobs_needed;      /* 0: none (null) */
	double max_noise_percent;
	double between_job_percent;
	double within_job_percent;
	long long between_job_df;
	int model_known;
	double min_effect_percent;
};

struct rec_noises {
	struct rec_noise *v;
	size_t n;
};

/* As the runner's functions (lib/rec.h). */
json_t *rec_noise_encode(const struct rec_noise *n);
int rec_noise_decode(struct rec_noise *out, const json_t *j, const char *where,
		     char **cause);
void rec_noise_dispose(struct rec_noise *n);
json_t *rec_noises_encode(const struct rec_noises *l);
int rec_noises_decode(struct rec_noises *out, const json_t *arr, char **cause);
void rec_noises_dispose(struct rec_noises *l);

/* A confirmation with its successful jobs per side (GET
 * /api/v1/confirmations). */
struct rec_confirmation {
	long long id;
	char *good_sha;
	char *bad_sha;
	char *suite;
	char *runner_class;
	char *config_name;
	long long want;             /* jobs wanted per side */
	char *state;                /* measuring, done, no-code, stopped */
	char *code;                 /* changed, unchanged, unknown; NULL: not checked */
	char *code_reason;          /* NULL: none */
	char *opened_by;
	char *reason;               /* how it ended; NULL: not ended */
	long long created_at;
	long long finished_at;      /* 0: not finished */
	long long good_jobs;
	long long bad_jobs;
};

struct rec_confirmations {
	struct rec_confirmation *v;
	size_t n;
};

/* As the runner's functions (lib/rec.h). */
json_t *rec_confirmation_encode(const struct rec_confirmation *c);
int rec_confirmation_decode(struct rec_confirmation *out, const json_t *j, const char *where,
			    char **cause);
void rec_confirmation_dispose(struct rec_confirmation *c);
json_t *rec_confirmations_encode(const struct rec_confirmations *l);
int rec_confirmations_decode(struct rec_confirmations *out, const json_t *arr, char **cause);
void rec_confirmations_dispose(struct rec_confirmations *l);

#endif
