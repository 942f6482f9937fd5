/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pages.h - the dashboard pages, one file each under web/.  A page
 * renders into b and returns 0, or -1 when its data could not be read.
 *
 * Every page gets its data from its handler (daemon/api/api_pages.c and
 * the other api_*.c files): records, or the JSON objects the API returns,
 * so each page is only markup and reads nothing itself.  Lists show PAGE_ROWS rows per page, chosen
 * with ?page=N (1 is the newest); `more` says a next page exists.
 */
#ifndef KPCI_WEB_PAGES_H
#define KPCI_WEB_PAGES_H

#include <stddef.h>

#include <jansson.h>

#include "db/db.h"
#include "lib/buf.h"
#include "lib/rec.h"
#include "lib/rec_bisect.h"
#include "lib/rec_compare.h"
#include "lib/rec_lists.h"
#include "lib/rec_report.h"
#include "lib/rec_window_report.h"
#include "lib/rec_series.h"
#include "lib/rec_tree.h"
#include "lib/rec_window.h"

#define PAGE_ROWS 50                /* rows of one page of a list */
#define PAGE_OVERVIEW_WINDOWS 6     /* merge windows of a tree on "/", the newest first */

/* What "/" shows.  A NULL object or an empty list shows as none. */
struct page_overview_data {
	struct rec_trees trees;
	struct rec_pipeline pipeline;       /* where the work is */
	struct rec_jobs running;            /* the running jobs, ... */
	struct rec_estimate *estimates;     /* ... each one's estimate */
	struct db_window_counts (*windows)[PAGE_OVERVIEW_WINDOWS];  /* per tree, ... */
	size_t *nwindows;                   /* ... windows[i][0..nwindows[i]) */
	struct rec_change_groups changes;   /* the latest, by commit range */
	struct rec_bisections bisections;   /* the running ones */
	struct rec_runners runners;
	struct rec_jobs jobs;               /* the latest */
	struct rec_samples samples;         /* the latest */
};

/* "/": the trees and their merge windows, the pipeline, the latest
 * changes, running bisections, runners, the latest jobs and samples. */
int page_overview(struct buf *b, const struct page_overview_data *o);
/* "/runners": every runner with topology, state, last seen and current job. */
int page_runners(struct buf *b, const struct rec_runner *runners, size_t n, long long now,
		 int page, int more);
/* "/runners/ID": one runner (db_runner_get) with its environment and drift. */
int page_runner(struct buf *b, const struct rec_runner *r, long long now);
/* "/jobs[?state=S]": jobs[0..n) newest first; state NULL for all. */
int page_jobs(struct buf *b, const struct rec_job *jobs, size_t n, const char *state, int page,
	      int more);
/* "/jobs/ID": one job (detail_job, shape REC_JOB_DETAIL: attempts with
 * log tails, samples per series, the build and its artifacts); now for
 * the lease countdown. */
int page_job(struct buf *b, const struct rec_job *job, long long now);
/* A running job's phase and its detail ("compile: 812 of about 2650
 * files (30%)"), escaped. */
void page_job_phase(struct buf *b, const struct rec_job *job);
/* How long jobs like it took (e->jobs 0: none to compare with) and, with
 * started > 0, when it should be done. */
void page_job_estimate(struct buf *b, const struct rec_estimate *e, long long started);
/* The query of the changes list, echoed in its form and links (NULL or ""
 * when absent). */
struct page_changes_query {
	const char *tree, *branch, *state, *runner_class, *direction, *min, *sort;
	int metrics;                /* 1: one row per change (?view=metrics) */
	long long group;            /* ?group=G: the changes of one group, 0: all */
};
/* "/changes": groups (db_change_groups), or changes (db_changes_list)
 * when q->metrics; now for the ages. */
int page_changes(struct buf *b, const struct rec_changes *changes,
		 const struct rec_change_groups *groups, const struct page_changes_query *q,
		 long long now, int page, int more);
/* "/changes/ID": a change as api_change_full gives it (full: points,
 * place, group, title, summary_text, bisection), its reports (db_reports_list,
 * NULL: none) and chart (web/chart.h's JSON of its range, NULL: none),
 * and its triage form; now for the change's age. */
int page_change(struct buf *b, const struct rec_change *c, const struct rec_reports *reports,
		const json_t *chart, long long now);
/* "/series/ID[?classes=A,B&from=&to=]": series as detail_series gives it
 * (points, changes with ranges, releases, overlay of other runner
 * classes); the table shows one page of PAGE_ROWS positions. */
int page_series(struct buf *b, const struct rec_series *series, int page);
struct db_series_brief;
/* "/series?q=": the metrics index, series s[0..n) of one page of metrics
 * (db_series_index) matching the search text q (NULL: none). */
int page_metrics(struct buf *b, const struct db_series_brief *s, size_t n, const char *q,
		 int page, int more);
/* "/trees/NAME[?branch=B]": tree (with its status), its branch's
 * windows, one page of commits, recent builds (any tree's). */
int page_tree(struct buf *b, const struct rec_tree *tree, const char *branch,
	      const struct rec_tree_windows *windows, const struct rec_commits *commits,
	      const struct rec_builds *builds, int page, int more);
/* The query of the compare page (NULL when absent). */
struct page_compare_query {
	const char *base, *head, *runner_class;
	int all;                    /* 1: every metric, not the changed ones alone */
};
/* A comparison as its page shows it: the report, what each side is (the
 * base_side and head_side objects of GET /api/v1/compare) and the
 * verdict's settings. */
struct page_compare_data {
	const struct compare_report *report;
	const json_t *base_side, *head_side;
	double alpha;                       /* the FDR level */
	double min_effect_percent;          /* the smallest effect that matters */
};
/* "/compare?base=&head=&runner_class=&all=": the form, and the
 * comparison or the error (either may be NULL). */
int page_compare(struct buf *b, const struct page_compare_query *q,
		 const struct page_compare_data *d, const char *error);

/* "/trees/NAME/windows/RELEASE": the report r (db_window_report, its
 * verdicts decided and how to measure a merge filled), page N. */
int page_window(struct buf *b, const struct rec_window_report *r, int page);

/* "/reports": reports newest first (db_reports_list). */
int page_reports(struct buf *b, const struct rec_reports *reports);
/* "/reports/ID": one report's detail (db_report_get), its text and its
 * delivery per recipient; NULL: a "no such report" page. */
int page_report(struct buf *b, const struct rec_report *report);
/* The reports of a change (db_reports_list; NULL: none) as a section of
 * its page. */
void page_change_reports(struct buf *b, const struct rec_reports *reports);

/* "/bisections": the running ones (db_bisections_list rows) with their
 * progress, then all. */
int page_bisections(struct buf *b, const struct rec_bisections *running,
		    const struct rec_bisections *all);
/* "/bisections/ID": one bisection (db_bisection_full) and its probes. */
int page_bisection(struct buf *b, const struct rec_bisection *bisection);
/* The running bisections (db_bisections_list rows) with their progress,
 * as a section of the overview; nothing when none runs. */
void page_overview_bisections(struct buf *b, const struct rec_bisections *running);
/* The bisection of a change's group (db_bisection_full; NULL: none) as a
 * section of its page. */
void page_change_bisection(struct buf *b, const struct rec_bisection *bisection);

#endif
