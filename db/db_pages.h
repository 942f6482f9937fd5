/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_pages.h - what the dashboard reads: the overview, the chart and job
 * detail, filtered lists, merge-window reports.  One family of db/db.h,
 * which includes them all; each file of db/ includes the family it
 * implements.
 */
#ifndef KPCI_DB_PAGES_H
#define KPCI_DB_PAGES_H

#include "db/db_core.h"
#include "lib/rec_job_detail.h"
#include "lib/rec_place.h"
#include "lib/rec_window_report.h"
#include "lib/rec_series.h"
#include "lib/rec_tree.h"
#include "lib/rec_window.h"

/* --- dashboard (db/db_dash.c) ------------------------------------- */
/* Series id with its metric, runner class and own branch into *out (its
 * fields down to branch; caller disposes); DB_NOTFOUND when there is no
 * such series. */
int db_series_get(struct db *db, struct rec_series *out, long long id);

#define DB_SPARK_POINTS 60          /* points of a series' sparkline */
#define DB_SPARK_SAMPLES 600        /* newest samples a sparkline is made of */
/* A series as the metrics index shows it. */
struct db_series_brief {
	long long id, metric_id;
	char suite[PROTO_MAX_NAME + 1], metric[PROTO_MAX_NAME + 1], unit[PROTO_MAX_NAME + 1];
	char better[8];             /* "higher" or "lower" */
	char runner_class[PROTO_MAX_NAME + 1];
	int noisy;
	long long changes;          /* its changes, invalid ones left out */
	double spark[DB_SPARK_POINTS];  /* the newest points (job medians), oldest first */
	size_t nspark;
	long long latest_job;       /* the job of the last point, 0 when none */
};
/* The series of one page of metrics (limit at offset, by suite and name)
 * whose "suite/name" holds q (case-insensitive; NULL: all), into *out
 * (caller frees; *n of them, by suite, name and runner class); *more: a
 * next page exists. */
int db_series_index(struct db *db, struct db_series_brief **out, size_t *n, int *more,
		    const char *q, int limit, int offset);

/* --- chart, job detail, filtered lists (db/db_detail.c) ------------- */
/* Filters of db_samples_find; NULL / 0 for any.  metric: NAME or SUITE/NAME. */
struct db_sample_filter {
	long long job_id, series_id;
	const char *metric, *runner_class, *commit;
	long long since, until;     /* created_at in [since, until) */
	long long before;           /* > 0: samples whose id is below it (paging by key) */
};

/* The series measuring the same metric, config and branch as series s->id
 * on every runner class (s itself included) into s->classes, by class. */
int db_series_siblings(struct db *db, struct rec_series *s);
#define DB_REF_MAX 255              /* bytes of a branch name kept by the pages' reads */
/* Where a series lies: the branch whose first-parent positions order it
 * (its own, or the branch holding most of its commits, as the analyzer
 * orders it) and that branch's tree; ids 0 and names "" when none. */
struct db_series_where {
	long long branch_id, tree_id;
	char tree[PROTO_MAX_NAME + 1];
	char branch[DB_REF_MAX + 1];    /* cut at DB_REF_MAX bytes */
};
/* Fills *out for series id; DB_NOTFOUND when there is no such series. */
int db_series_place(struct db *db, struct db_series_where *out, long long id);
/* The commits at first-parent positions[0..n) of the branch's line, in
 * position order, into *out (caller disposes): their position, sha,
 * subject, author_name and commit_time only (the other strings NULL, the
 * other times REC_NONE). */
int db_branch_details(struct db *db, struct rec_commits *out, long long branch_id,
		      const long long *positions, size_t n);
/* The results of job_id per attempt, each with the last `tail` characters
 * of its log, into *out (caller disposes: rec_attempts_dispose), *n of
 * them; DB_OK or DB_ERR (then none). */
int db_job_attempts(struct db *db, long long job_id, int tail, struct rec_attempt **out,
		    size_t *n);
/* The samples of job_id summed up per series and attempt, by suite, metric
 * and attempt, into *out (caller disposes: rec_job_series_dispose), *n of
 * them; DB_OK or DB_ERR (then none). */
int db_job_series(struct db *db, long long job_id, struct rec_job_series **out, size_t *n);
/* The build a job came from (bench) or made (build), 0 when none.
 * DB_NOTFOUND when no such job. */
int db_job_build(struct db *db, long long *build_id, long long job_id);
/* Samples newest first, filtered, a page of them, into *out (shape lab
 * 1; caller disposes): DB_OK or DB_ERR. */
int db_samples_find(struct db *db, struct rec_samples *out, const struct db_sample_filter *f,
		    int limit, int offset);
/* --- merge-window reports (0007; db/db_report.c, docs/dashboard.md) - */
/* The changes of release's merge window on branch (NULL: the first
 * followed) grouped by the merge that brought them into *out (caller
 * disposes): the window's bounds, its summary (the verdicts left to the
 * API), the groups holding changes [offset, offset + limit) in report
 * order with their candidate merges (each with the bench jobs that
 * measured it and those queued or running), the withdrawn changes, the
 * ranges of the same code, and the commit verdicts (db_window_verdicts)
 * for the API to decide.  DB_NOTFOUND / DB_INVALID with one sentence in
 * *cause. */
int db_window_report(struct db *db, struct rec_window_report *out, const char *tree,
		     const char *branch, const char *release, int limit, int offset,
		     char **cause);
#define DB_PLACE_MERGES 20          /* candidate merges of a change listed at most */
/* Where change id lies into *out (caller disposes): the tree and branch
 * of its series (as the analyzer orders it; none when not known), its
 * last good and first bad commits (NULL when unknown), and when the first
 * bad commit is on the line the first-parent merges in (good, bad] (at
 * most DB_PLACE_MERGES, each with the bench jobs that measured it and
 * those queued or running), their count and the merge window holding
 * it.  DB_NOTFOUND when there is no such change. */
int db_change_place(struct db *db, struct rec_place *out, long long id);
/* A merge window of a tree's first branch with what the overview says of
 * it: the changes of the window as db_window_report counts them, its
 * merges and those measured. */
struct db_window_counts {
	char release[64];
	char closed_by[64];         /* the -rc1 that closed it, "" while open */
	long long regressions, improvements, merges, merges_measured;
};
/* The newest windows of tree's first branch, at most max, newest first,
 * into out[0..*n) (none without a release on the branch). */
int db_window_counts(struct db *db, struct db_window_counts *out, size_t max, size_t *n,
		     const char *tree);

/* The commit a tag (first) or a branch's tip names, in any tree, into
 * sha, with kind "tag" or "branch": DB_NOTFOUND, DB_CONFLICT when the name
 * names different commits (in several trees). */
int db_ref_resolve(struct db *db, char sha[DB_SHA_MAX + 1], char kind[8], const char *name);
/* The commit whose id starts with prefix (the first of any tree) into
 * *out (caller disposes); DB_NOTFOUND when there is none. */
int db_commit_about(struct db *db, struct rec_commit_about *out, const char *prefix);

#endif
