/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_analysis.h - analysis: dirty series, changes, noise, comparisons,
 * verdicts, more measurement.  One family of db/db.h, which includes
 * them all; each file of db/ includes the family it implements.
 */
#ifndef KPCI_DB_ANALYSIS_H
#define KPCI_DB_ANALYSIS_H

#include "db/db_core.h"
#include "lib/rec_window_report.h"

/* --- analysis: dirty series, changes, noise, comparisons ------------
 * db/db_changes.c and db_change_list.c; the analyzer is daemon/analyze/analyze.c,
 * docs/analysis.md. */
#define DB_MAX_SERIES_SAMPLES 10000000  /* samples one series load reads at most */
#define DB_MAX_SIDE_SAMPLES 2000000 /* samples one side of a comparison reads at most */

/* One stored iteration of a series, as analysis reads it. */
struct db_sample {
	long long job_id;
	long long env_id;
	long long position;         /* first-parent position of the commit, -1: unknown */
	char sha[DB_SHA_MAX + 1];   /* "" when the job had no commit */
	double value;               /* a folded job's: the median of its iterations */
	struct db_fold fold;        /* n 0: a raw iteration; else the job's only row */
};

/* A change already stored for a series. */
struct db_change_ref {
	long long id;
	long long bad_job_id;       /* 0 when unknown */
	char good_sha[DB_SHA_MAX + 1];
	char bad_sha[DB_SHA_MAX + 1];
	int regression;             /* 1 regression, 0 improvement */
	int triaged;                /* 1 when a person set its state */
	int confirmed;              /* 1: live, and its confirmation confirmed it */
	int confirming;             /* 1: live, its confirmation has not judged it yet */
};

/* A series with its samples (ok results only, in job, attempt, iteration
 * order) and its stored changes. */
struct db_series_data {
	long long id;
	long long last_sample_id;   /* the largest sample id of the series */
	long long branch_id;        /* the branch that places the samples: the series'
				     * own, else the majority rule (db/db_line.c); 0 none */
	int higher_is_better;
	struct db_sample *samples;
	size_t nsamples;
	struct db_change_ref *changes;
	size_t nchanges;
};

/* A change as analysis found it.  id 0 inserts it; otherwise it replaces
 * the untriaged change id (a triaged one is never written). */
struct db_change_new {
	long long id;
	const char *good_sha, *bad_sha;     /* NULL when the points have none */
	long long good_job_id, bad_job_id;
	long long point_index;
	long long n_before, n_after;
	double mean_before, mean_after, median_before, median_after, sd_before, sd_after;
	double magnitude, pvalue, confidence;
	int regression;
	const struct verdict *verdict;  /* before against after; NULL: none */
	const char *found_by;           /* "segmentation" or "commits" */
};

/* A stored change the analysis no longer finds where it was. */
struct db_change_drop {
	long long id;
	int moved;                  /* 1: the step is at another first bad commit now */
	char why[160];              /* one sentence */
};

/* The result of analysing one series. */
struct db_analysis {
	long long series_id;
	long long last_sample_id;   /* as loaded: a newer sample makes the store a conflict */
	const char *ordered_by;     /* "commit" or "job" */
	long long line_branch_id;   /* the branch that placed the points, 0 none (0023) */
	long long points, jobs, samples_used;
	double aa_ss, it_ss;        /* A/A sums, see db/migrations/0005-analysis.sql */
	long long aa_df, it_df;
	const struct db_change_new *changes;
	size_t nchanges;
	const struct db_change_drop *drop;  /* untriaged changes analysis no longer finds */
	size_t ndrop;
	double noise_max_cv;        /* a (runner class, metric) above it is noisy */
	double noise_beyond;        /* a noisy one's band: exp(this * its CV), 0025; 0 none */
	long long noise_min_df;     /* A/A degrees of freedom needed to judge noise */
	double rep_ss, rep_wn, win_ss;  /* log-scale noise sums, 0013-verdicts.sql */
	long long rep_df, win_df;
	const struct db_commit_verdict *verdicts;   /* replace the series' rows */
	size_t nverdicts;
	const double *spark;        /* the last points' values, oldest first (the index) */
	size_t nspark;              /* at most DB_SPARK_POINTS */
	long long spark_job;        /* the job of the last point, 0 when none */
};

/* Up to max ids of series dirty since settle seconds or more into *ids
 * (caller frees), *n of them.  With no dirty series this is one lookup in
 * a partial index. */
int db_series_dirty(struct db *db, long long **ids, size_t *n, size_t max,
		    long long settle);
/* Loads series id into *out (free with db_series_data_free).  DB_NOTFOUND. */
int db_series_load(struct db *db, struct db_series_data **out, long long id);
void db_series_data_free(struct db_series_data *s);
/* Stores an analysis in one transaction and clears the series' dirty flag.
 * DB_CONFLICT (nothing stored, the series stays dirty) when samples
 * arrived since the load.  Never changes or deletes a triaged change. */
int db_analysis_store(struct db *db, const struct db_analysis *a);

/* Filters of db_changes_list; NULL / 0 for any. */
struct db_change_filter {
	const char *state;
	const char *direction;
	const char *metric;         /* NAME or SUITE/NAME */
	const char *runner_class;
	long long series_id;
	long long group_id;
	int noisy;                  /* -1 any, 0 or 1 */
	const char *kind;           /* NULL any, 'perf' or 'build-failure' */
	const char *tree, *branch;  /* of the series; NULL any */
	long long since, until;     /* detected_at in [since, until); 0: open */
	int withdrawn;              /* -1 any, 0 live, 1 withdrawn (0 when zeroed) */
};
/* The changes that pass f, newest first, a page of them, into *out
 * (caller disposes). */
int db_changes_list(struct db *db, struct rec_changes *out, const struct db_change_filter *f,
		    int limit, int offset);
/* The changes that pass f grouped by commit range (group_id; a change not
 * grouped yet is a group of its own), one per group into *out (caller
 * disposes): its largest change with what the group adds (lib/rec.h) and
 * its members that pass f, the largest first.  Only groups whose largest
 * change is at least min_percent (0: any); the largest first when
 * by_size, else the latest detected first. */
int db_change_groups(struct db *db, struct rec_change_groups *out,
		     const struct db_change_filter *f, double min_percent, int by_size, int limit,
		     int offset);
/* One change with its series and metric into *out (caller disposes);
 * DB_NOTFOUND when there is no such change. */
int db_change_get(struct db *db, struct rec_change *out, long long id);
/* Sets the triage state and note of change id; the token names who.
 * DB_NOTFOUND, DB_INVALID (unknown state). */
int db_change_triage(struct db *db, long long id, const char *state, const char *note,
		     long long token_id);
/* Noise sums per (runner class, metric), at most DB_MAX_LIST, into *out
 * (the sums of each struct rec_noise, its figures 0; caller disposes);
 * runner_class NULL / metric_id 0 for any.  DB_OK or DB_ERR. */
int db_noise_list(struct db *db, struct rec_noises *out, const char *runner_class,
		  long long metric_id);

/* One sample of one side of a comparison. */
struct db_side_sample {
	long long metric_id;
	long long job_id;
	long long series_id;
	char runner_class[PROTO_MAX_NAME + 1];
	double value;               /* a folded job's: the median of its iterations */
	struct db_fold fold;        /* n 0: a raw iteration; else the job's only row */
};
/* The samples of a job (job_id > 0) or of the commits whose id starts
 * with sha_prefix, of runner_class (NULL: any), ordered by runner class
 * and metric.  *out (caller frees).  DB_NOTFOUND when the side has no
 * samples, DB_CONFLICT when the prefix names more than one commit,
 * DB_INVALID beyond DB_MAX_SIDE_SAMPLES. */
int db_side_samples(struct db *db, struct db_side_sample **out, size_t *n,
		    long long job_id, const char *sha_prefix, const char *runner_class);

/* --- verdicts, noise sums, more measurement (0013; db/db_verdicts.c) - */
/* The log-scale noise sums of a (runner class, metric), over its series. */
struct db_noise_sums {
	double rep_ss, rep_wn, win_ss;
	long long rep_df, win_df;
};
/* The sums of the (runner class, metric) of series_id, or of metric_id on
 * runner_class (series_id 0).  All 0 when nothing is known. */
int db_noise_sums(struct db *db, struct db_noise_sums *out, long long series_id,
		  long long metric_id, const char *runner_class);

/* A measured commit of a commit-ordered series against the measured commit
 * before it (strings and v borrowed). */
struct db_commit_verdict {
	const char *sha, *prev_sha;
	long long position;
	const struct verdict *v;
};

#define DB_MAX_WINDOW_VERDICTS 200000 /* commit verdicts of one window read at most */
/* The commit verdicts of the merges (and tagged commits) in positions
 * (from, to] of branch_id, each the stored fields of struct verdict with
 * its commit, series and metric, ordered by position, into *out (*n of
 * them; caller disposes each and frees *out, also on error). */
int db_window_verdicts(struct db *db, struct rec_commit_verdict **out, size_t *n,
		       long long branch_id, long long from, long long to);

/*
 * Queues one more bench job like like_job_id (its spec, tree, commit and
 * build) for the runner class of series_id, recorded in measure_requests
 * with reason, when the job's commit is a merge or tagged, fewer than cap
 * bench jobs of that commit and suite exist for that class or any runner
 * (in any state), and none of them is queued or running.  *job_id is the
 * new job, 0 when a rule said no.
 */
int db_measure_again(struct db *db, long long *job_id, long long series_id,
		     long long like_job_id, int cap, const char *reason);

/* The id of tree name, 0 when kpcid does not know it. */
long long db_tree_id(struct db *db, const char *name);
/* The full id of the commit of tree_id whose id starts with prefix:
 * DB_NOTFOUND, DB_CONFLICT (several). */
int db_commit_resolve(struct db *db, char sha[DB_SHA_MAX + 1], long long tree_id,
		      const char *prefix);
/* The newest build of (tree_id, sha, config): *build_id 0 when none, with
 * its state (queued, building, ok, failed, timeout) and whether it has a
 * kernel (bzImage). */
int db_build_find(struct db *db, long long *build_id, char state[16], int *has_kernel,
		  long long tree_id, const char *sha, const char *config);
/* Queues a bench job of spec for commit sha of tree_id (build_id 0: no
 * build, the runner's kernel); with a build, the spec gets its kernel,
 * modules, release and config as db_build_queue_benches gives them. */
int db_bench_for_commit(struct db *db, long long *job_id, const json_t *spec,
			const char *runner_class, int priority, int max_attempts,
			long long tree_id, const char *sha, long long build_id);
/* Records a bench job of spec waiting for build_id (source submit);
 * *request_id the row. */
int db_measure_wait(struct db *db, long long *request_id, const json_t *spec,
		    const char *runner_class, int priority, long long tree_id, const char *sha,
		    long long build_id, const char *reason);
/* After build_id ended: its waiting requests are queued as bench jobs
 * (state ok) or failed with the build's state; *queued counts the jobs. */
int db_measure_build_done(struct db *db, int *queued, long long build_id, int max_attempts);

#endif
