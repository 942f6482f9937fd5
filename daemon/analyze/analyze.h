/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * analyze.h - kpcid's analyzer: turns the stored samples of dirty series
 * into stored changes, keeps the noise model per (runner class, metric),
 * and compares two sample sets metric by metric.
 *
 * A pass (analyze_pass, called from kpcid's main loop) visits only the
 * series marked dirty by a result upload, at most `batch` of them.  For
 * each: its points (one per job: the median of the job's iterations) in
 * first-parent order when the commits are on a branch, else in job
 * order, grouped into measured commits; lib/cpd.h's commits detector
 * (segmentation, then the few-commits stage with lib/verdict.h and the
 * noise model of its runner class and metric); the changes stored
 * through db/db.h with their commit (or job) range, before/after
 * statistics, verdict, direction from the metric's direction; a triaged
 * change is never rewritten.  Each measured commit is judged against the
 * one before it, and an inconclusive verdict (or a change on one job a
 * side) of a merge or tagged commit queues another job of it, up to
 * [analysis] more_jobs_max (daemon/analyze/analyze_verdict.c).
 * docs/analysis.md has the rules and the reasons.
 */
#ifndef KPCI_DAEMON_ANALYZE_H
#define KPCI_DAEMON_ANALYZE_H

#include <stddef.h>

#include <jansson.h>

#include "db/db.h"
#include "lib/cpd.h"
#include "lib/stats.h"
#include "lib/verdict.h"

#define ANALYZE_DEFAULT_BATCH 200       /* dirty series one pass visits at most */
#define ANALYZE_DEFAULT_SETTLE 5        /* seconds from the first new sample to a pass */
#define ANALYZE_MATCH_POINTS 5          /* a re-found change may move this many points */
#define ANALYZE_NOISE_MIN_DF 4          /* A/A degrees of freedom before noise is judged */
#define ANALYZE_Z_ALPHA 1.959964        /* two-sided 5% */
#define ANALYZE_Z_POWER 0.841621        /* 80% power */
/* A change of a noisy metric is judged when its means differ by more
 * than exp(this times the job-to-job CV): the smallest effect one job a
 * side detects, (z 5% + z 80%) * sqrt(2), in units of the CV (0025). */
#define ANALYZE_BEYOND_NOISE ((ANALYZE_Z_ALPHA + ANALYZE_Z_POWER) * 1.41421356)
#define ANALYZE_MAX_ITERATIONS_NEEDED 1000000 /* beyond: reported as unreachable */
#define ANALYZE_MORE_COMMITS 32         /* newest measured commits that may ask for more */
#define ANALYZE_DEFAULT_MORE_JOBS 3     /* jobs of a commit, suite and class at most */
#define ANALYZE_DEFAULT_CONFIRM_JOBS 4  /* jobs a side of a newest merge's confirmation */

struct analyze_params {
	struct cpd_params cpd;      /* the detector: CPD_DEFAULT with its defaults */
	size_t batch;               /* dirty series per pass */
	long long settle;           /* seconds a series stays dirty before a pass takes it */
	double noise_max_cv;        /* job-to-job CV above which a metric is too noisy */
	double target_effect;       /* relative effect the iterations-needed figure is for */
	struct verdict_params verdict; /* smallest effect, prior; alpha of comparisons */
	long long more_jobs_max;    /* more measurement stops at this many jobs; 1: none */
	int confirm_newest;         /* jobs a side of the newest merge's confirmation; 0: none */
};

/* Fills p with the documented defaults. */
void analyze_params_default(struct analyze_params *p);

/* One point of a series: one job. */
struct analyze_point {
	long long job_id;
	long long env_id;
	long long position;         /* first-parent position, -1: unknown */
	const char *sha;            /* "" when none; borrowed from the series data */
	double value;               /* median of the job's iterations */
	double min, max;            /* its smallest and largest iteration */
	size_t iterations;
	double it_ss;               /* squared relative deviations of its iterations */
	long long it_df;
	struct verdict_job vj;      /* its iterations summed up for lib/verdict.h */
};

/* The points of a loaded series, in analysis order. */
struct analyze_series {
	struct analyze_point *points;
	size_t n;
	int by_commit;              /* 1: first-parent order; 0: job order */
	size_t unplaced;            /* jobs left out: no position in a commit-ordered series */
	long long samples_used;
	double it_ss;               /* sum of squared relative deviations of iterations */
	long long it_df;
	/* measured commits (analyze_commits): commit k holds the points
	 * [first[k], first[k + 1]); in job order each job is one */
	size_t *first;
	size_t ncommits;
	struct verdict_job *jobs;   /* the points' vj, contiguous */
};

/* Builds the points of s into *out (free with analyze_series_dispose; the
 * points borrow shas from s).  Returns 0, or -1 when memory is out. */
int analyze_series_points(struct analyze_series *out, const struct db_series_data *s);
void analyze_series_dispose(struct analyze_series *a);

/* What a pass did. */
struct analyze_stats {
	size_t visited;             /* dirty series analysed */
	size_t changes;             /* changes stored (inserted or replaced) */
	size_t conflicts;           /* series that got samples meanwhile: left dirty */
	size_t failed;
};

/* Analyses series_id and stores the result.  *stored gets the changes
 * written.  Returns 0, 1 when samples arrived meanwhile (the series stays
 * dirty), or -1 on error: a series that was loaded but could not be
 * analysed is then marked failing (db_series_failed) with one log line,
 * and skipped until it gets a new sample. */
int analyze_series(struct db *db, long long series_id, const struct analyze_params *p,
		   size_t *stored);

/* One pass over at most p->batch dirty series.  Returns 0, or -1 when the
 * dirty list cannot be read; per-series failures are counted in *st. */
int analyze_pass(struct db *db, const struct analyze_params *p, struct analyze_stats *st);

struct config;

/* p from kpcid's [analysis] keys (the detector keeps its defaults). */
void analyze_params_from_config(struct analyze_params *p, const struct config *cfg);

/* One pass with cfg's parameters, logged when it did something; called
 * once a second from kpcid's main loop. */
void analyze_tick(struct db *db, const struct config *cfg);

/* The noise model of one (runner class, metric) from its A/A sums. */
struct analyze_noise {
	int known;                  /* enough A/A degrees of freedom to judge */
	int noisy;                  /* known and cv_job > noise_max_cv */
	double cv_job;              /* job-to-job coefficient of variation of points */
	double cv_iter;             /* iteration-to-iteration CV within a job */
	double cv_between;          /* the part of cv_job more iterations cannot remove */
	double iterations;          /* iterations per job observed */
	double mde;                 /* minimum detectable effect, one job a side */
	double iterations_needed;   /* for p->target_effect; INFINITY: unreachable */
	long long jobs_needed;      /* jobs a side for p->target_effect at `iterations` */
};

void analyze_noise_model(struct analyze_noise *out, double aa_ss, long long aa_df,
			 double it_ss, long long it_df, double iterations,
			 const struct analyze_params *p);

#define ANALYZE_DEFAULT_ALPHA 0.05   /* FDR level of a comparison */

/* One point of a series as a change's view shows it. */
struct analyze_around {
	size_t index;               /* in the series' analysis order */
	long long job_id;
	int placed;                 /* 1: position is its first-parent position */
	long long position;         /* (a series in commit order only) */
	char sha[DB_SHA_MAX + 1];   /* its commit, "" when none */
	double value;               /* the median of the job's iterations */
	size_t iterations;
};

/* The points of series_id around the point of job bad_job_id (around
 * points each side): *out (caller frees) gets *n of them.  DB_OK, or the
 * db/ code of the failure (DB_ERR when memory is out). */
int analyze_points_around(struct analyze_around **out, size_t *n, struct db *db,
			  long long series_id, long long bad_job_id, size_t around);

/* --- daemon/analyze/analyze_verdict.c: verdicts in the analyzer ------------- */

/* Groups the points of a (sorted) into measured commits: first[],
 * ncommits and jobs[].  Returns 0, or -1 when memory is out. */
int analyze_commits(struct analyze_series *a);

/* The noise model of lib/verdict.h from the stored sums. */
void analyze_noise_of(struct verdict_noise *out, const struct db_noise_sums *s);

/* The verdict of each measured commit k >= 1 against commit k - 1 into
 * (*out)[k] (caller frees; [0] unused), and the rows that store them
 * into *rows (caller frees; *nrows of them).  Commit order only.
 * Returns 0, or -1 when memory is out. */
int analyze_pairs(struct verdict **out, struct db_commit_verdict **rows, size_t *nrows,
		  const struct analyze_series *a, const struct verdict_noise *noise,
		  const struct analyze_params *p);

/* Asks for another job of the newest ANALYZE_MORE_COMMITS measured commits
 * whose verdict is inconclusive, or a side of a change resting on one
 * job (db_measure_again: merges and tagged commits, at most
 * p->more_jobs_max jobs).  The newest measured commit, when it differs
 * from the one before (changed, or inconclusive beyond the smallest effect
 * that matters), gets instead a confirmation of the two
 * (db_confirm_newest, p->confirm_newest jobs a side, interleaved), so
 * that a change there is confirmed without waiting for later merges.
 * Returns the jobs queued or confirmations opened. */
size_t analyze_more(struct db *db, long long series_id, const struct analyze_series *a,
		    const struct verdict *pairs, const struct analyze_params *p);

/* The verdicts of one measured commit of the merge-window report: its
 * commit verdicts rows[g, e) (db_window_report) decided again into
 * v[0 .. e - g), with Benjamini-Hochberg over its metrics.  Returns 0, or
 * -1 when memory is out. */
int analyze_commit_verdicts(struct verdict *v, const struct rec_commit_verdict *rows, size_t g,
			    size_t e, const struct verdict_params *vp);

/* The verdict of a stored row (commit_verdicts columns) in v. */
void analyze_verdict_of_row(struct verdict *v, const struct rec_commit_verdict *row);

#endif
