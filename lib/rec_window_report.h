/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_window_report.h - the record of a merge-window report
 * (lib/rec_window_report.c): the changes found in a release's merge
 * window grouped by the merge that brought them, the changes
 * confirmations withdrew, the ranges that compile the same code, and
 * every measured commit against the one before it.  db_window_report
 * fills it (db/db_report.c), the API decides the measured commits'
 * verdicts (daemon/api/api_verdicts.c), GET
 * /api/v1/trees/NAME/windows/vX.Y/report is its encoding and the report
 * page (web/page_window.c) reads its fields.  The rules of every
 * record are in lib/rec.h; a number of a row that SQL holds as NULL is
 * NAN (a real) or REC_NONE (an integer) here and null in JSON.
 */
#ifndef KPCI_REC_WINDOW_REPORT_H
#define KPCI_REC_WINDOW_REPORT_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"
#include "lib/rec_tree.h"

/* A change of the window, as its group lists it. */
struct rec_window_report_change {
	long long id, series_id;
	char *suite, *metric, *unit, *better, *runner_class;
	char *config_name;          /* NULL: none, as the strings below */
	long long noisy;            /* REC_NONE: none, as the integers below */
	char *direction;            /* regression or improvement */
	double magnitude, confidence, pvalue, mean_before, mean_after;
	long long n_before, n_after;
	char *state, *good_sha, *bad_sha, *verdict;
	double percent_lo, percent_hi, verdict_p, min_effect;
	long long jobs_before, jobs_after;
	char *reason, *found_by, *confirm, *confirm_reason;
	long long good_position;    /* REC_NONE: the last good commit is off the line */
	long long bad_position;
	int starts_before_window;   /* its last good commit is before the window */
};

/* A change of the window that a confirmation withdrew. */
struct rec_window_report_withdrawn {
	long long id;
	char *suite, *metric, *direction;
	double magnitude;
	char *good_sha, *bad_sha, *confirm, *withdrawn_reason;
	long long bad_position;
};

/* A commit range of the window in which no compiled code changed. */
struct rec_window_report_no_code {
	char *good_sha, *bad_sha, *code_reason;
	long long bad_position;
};

/* A first-parent merge of the window with its bench jobs: those that
 * measured it and those queued or running. */
struct rec_window_report_merge {
	struct rec_commit commit;
	long long jobs, pending;
};

/* The changes of one merge, of one set of candidate merges (ambiguous)
 * or of one commit made on the line (direct), in report order. */
struct rec_window_report_group {
	char *kind;                 /* merge, ambiguous or direct */
	long long position;         /* of its (first) merge, or of the direct commit */
	long long bad_position;
	struct rec_window_report_merge *merges;    /* its candidates, at most 20 */
	size_t nmerges;
	long long regressions, improvements;
	struct rec_window_report_change *changes;
	size_t nchanges;
	long long candidates;       /* its candidate merges, all of them */
};

/* One metric of a measured commit against the measured commit before it,
 * as stored (db_window_verdicts); read to decide the commit's verdicts
 * again, not encoded. */
struct rec_commit_verdict {
	long long position;
	char *sha, *prev_sha;
	long long series_id;
	char *runner_class;
	long long noisy;
	char *suite, *metric, *unit, *better;
	int merge;
	char *subject;              /* NULL: none */
	long long log_scale, tested, prior_used;
	long long jobs_before, jobs_after, iterations_before, iterations_after;
	double diff, se, df, percent, percent_lo, percent_hi, pvalue, p_same, min_effect;
	double eq_half, between_var, within_var, between_cv, within_cv, between_df;
	char *verdict;
};

/* A changed metric of a measured commit, as its row lists it. */
struct rec_window_report_metric {
	long long series_id;
	char *suite, *metric, *runner_class, *prev_sha;
	char *verdict;              /* changed */
	char *direction;            /* regression or improvement */
	double change_percent, ci_lo, ci_hi, p, q;  /* NAN: none */
	long long jobs_before, jobs_after;
	char *reason;
};

/* A measured commit of the window against the one measured before it. */
struct rec_window_report_measured {
	long long position;
	char *sha;
	int merge;
	char *subject;              /* NULL: none */
	long long jobs, metrics, changed, same, inconclusive;
	struct rec_window_report_metric *changes;  /* its changed metrics, the first ones */
	size_t nchanges;
};

/* A merge-window report (db_window_report). */
struct rec_window_report {
	char *tree, *release;
	char *closed_by;            /* the -rc1 that closed it; NULL: open */
	char *state;                /* open or closed */
	long long from_position, to_position;
	char *branch;               /* as asked; NULL: the tree's first */
	struct {
		long long merges_measured, merges, confirmed, waiting, no_code;
		long long not_reproduced;
		long long ranges_no_code;   /* commit ranges that compile the same code */
		long long regressions, improvements, changes, groups, ambiguous_groups;
		/* With the measured commits' verdicts (decided 1): */
		long long verdicts[3];  /* metrics by enum verdict_kind */
		long long commits_changed, commits_inconclusive;
	} summary;
	struct rec_window_report_withdrawn *withdrawn;     /* the newest first */
	size_t nwithdrawn;
	struct rec_window_report_no_code *no_code;         /* the newest first (the summary has
						     * no count of them) */
	size_t nno_code;
	long long limit, offset;
	struct rec_window_report_group *groups;
	size_t ngroups;
	int more;                   /* changes after offset + limit */
	/* "measured" and the summary's verdicts are encoded when decided. */
	int decided;
	struct rec_window_report_measured *measured;
	size_t nmeasured;
	/* Neither encoded nor decoded: what db/ read for the API to decide
	 * (position order), and how the page's form measures a merge (the
	 * tree's configuration; NULL: none). */
	struct rec_commit_verdict *commit_verdicts;
	size_t ncommit_verdicts;
	char *measure_suites, *measure_classes, *measure_boot;
};

/* As the runner's functions in lib/rec.h. */
json_t *rec_window_report_encode(const struct rec_window_report *r);
int rec_window_report_decode(struct rec_window_report *out, const json_t *j, char **cause);
void rec_window_report_dispose(struct rec_window_report *r);
/* The parts' own, for db/ and the API, which fill them. */
void rec_window_report_change_dispose(struct rec_window_report_change *c);
void rec_window_report_group_dispose(struct rec_window_report_group *g);
void rec_window_report_measured_dispose(struct rec_window_report_measured *m);
void rec_commit_verdict_dispose(struct rec_commit_verdict *v);

#endif
