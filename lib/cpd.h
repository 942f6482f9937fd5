/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpd.h - change-point detection over one benchmark series.
 *
 * A series is the values of one metric in first-parent commit order.  Two
 * methods: CPD_DEFAULT, kpci's own detector for kernel benchmark series
 * (robust binary segmentation refined by optimal partitioning, confirmed
 * by a local rank test; lib/cpd_default.c, docs/detector.md), and
 * CPD_OTAVA, a re-implementation of Apache Otava's E-divisive split and
 * merge with its Student t-test (lib/cpd_otava.c) that returns the same
 * indexes as Otava.  No I/O; the only allocation is the result array and
 * scratch memory.
 */
#ifndef KPCI_LIB_CPD_H
#define KPCI_LIB_CPD_H

#include <stddef.h>

#include "lib/verdict.h"

enum cpd_method {
	CPD_DEFAULT,
	CPD_OTAVA,
	CPD_COMMITS,            /* CPD_DEFAULT, then the few-commits stage (below) */
};

/* Parameters.  For CPD_OTAVA they mean what Otava's window_len,
 * max_pvalue and min_magnitude mean.  For CPD_DEFAULT: window caps the
 * points taken on each side of a candidate by the confirming test,
 * max_pvalue is that test's threshold, min_magnitude the smallest
 * relative change of the median (0.01 = 1%) that is reported. */
struct cpd_params {
	enum cpd_method method;
	int window;
	double max_pvalue;
	double min_magnitude;
};

/* One change point.  index is the 0-based first point of the new segment;
 * means are over the segments on either side (as the method delimits
 * them); pvalue is from the method's own test (Student t for CPD_OTAVA,
 * Mann-Whitney U over the local windows for CPD_DEFAULT). */
struct cpd_point {
	size_t index;
	double mean_before, mean_after;
	double forward_change_percent;	/* 100 * (after / before - 1) */
	double pvalue;
};

#define CPD_MIN_WINDOW 2		/* smallest accepted window */
#define CPD_MIN_SEGMENT 5		/* CPD_DEFAULT's shortest segment, in points */
#define CPD_COMMITS_MIN_JOBS 2		/* jobs a side of a few-commits change */
#define CPD_MAX_WINDOW 100000		/* largest accepted window */

/* Fills *p with the documented defaults of method m. */
void cpd_params_default(struct cpd_params *p, enum cpd_method m);

/* Parses "default" or "otava" into *out.  Returns 0, or -1 if unknown. */
int cpd_method_parse(enum cpd_method *out, const char *name);

/* Name of a method ("default", "otava"); a static string. */
const char *cpd_method_name(enum cpd_method m);

/* Finds change points in x[0..n) (finite values).  *out (caller frees with
 * free(); NULL when none) holds *n_out points sorted by index.  p->window
 * must lie in [CPD_MIN_WINDOW, CPD_MAX_WINDOW].  Returns 0, or -1 on
 * allocation failure or invalid parameters. */
int cpd_detect(struct cpd_point **out, size_t *n_out, const double *x,
	       size_t n, const struct cpd_params *p);

/* The two methods behind cpd_detect(), same contract. */
int cpd_otava_detect(struct cpd_point **out, size_t *n_out, const double *x,
		     size_t n, const struct cpd_params *p);
int cpd_default_detect(struct cpd_point **out, size_t *n_out,
		       const double *x, size_t n, const struct cpd_params *p);

/* cpd_detect() on x[0..n), the tail of a series of n_total points: the
 * default method then penalises change points as on the whole series
 * (used by lib/cpd_state.c); Otava ignores n_total. */
int cpd_detect_part(struct cpd_point **out, size_t *n_out, const double *x,
		    size_t n, size_t n_total, const struct cpd_params *p);
int cpd_default_detect_part(struct cpd_point **out, size_t *n_out,
			    const double *x, size_t n, size_t n_total,
			    const struct cpd_params *p);

/*
 * Change points over measured commits (lib/cpd_commits.c): the series'
 * points are its jobs (one value each, e.g. the median of its
 * iterations), in commit order; jobs[i] sums up the iterations of job i
 * (lib/verdict.h) and commit k holds the jobs [first[k], first[k + 1]),
 * first[ncommits] being the number of jobs.  CPD_DEFAULT segments the
 * points; each segment it leaves with fewer than 4 CPD_MIN_SEGMENT points
 * (a short series, a merge window measured at its merges) is then split
 * between commits by lib/verdict.h's test of the commits before against
 * the commits after, Bonferroni over the boundaries tried, at
 * p->max_pvalue, when the verdict is "changed" and each side has
 * CPD_COMMITS_MIN_JOBS jobs.  noise may be NULL; vp->alpha is replaced by
 * p->max_pvalue.  docs/detector.md.
 */
struct cpd_commit_point {
	size_t commit;              /* first commit of the new segment */
	size_t index;               /* its first job */
	double pvalue;              /* segmentation's confirming test, or the
				     * few-commits p times the boundaries tried */
	int few;                    /* 1: found by the few-commits stage */
	struct verdict verdict;     /* the segment before against the one after,
				     * at most `window` jobs each */
};

/* *out (caller frees; NULL when none) gets *n_out points sorted by
 * commit.  Returns 0, or -1 on allocation failure or a bad window. */
int cpd_commits_detect(struct cpd_commit_point **out, size_t *n_out, const double *points,
		       const struct verdict_job *jobs, const size_t *first, size_t ncommits,
		       const struct verdict_noise *noise, const struct verdict_params *vp,
		       const struct cpd_params *p);
/* CPD_COMMITS over plain values (cpd_detect): each value a commit with
 * one job of one iteration, no noise model, min_magnitude as the floor
 * of the smallest effect. */
int cpd_commits_detect_values(struct cpd_point **out, size_t *n_out, const double *x,
			      size_t n, const struct cpd_params *p);

/*
 * Incremental detection over a growing series (lib/cpd_state.c).
 *
 * A state holds the parameters, the change points found so far and the
 * values since the last settled change point.  A change point settles
 * once CPD_STATE_SETTLE windows of points follow it; settled points are
 * never revisited.  cpd_state_append() re-runs the method on the tail
 * only: from the last settled change point, and at most
 * CPD_STATE_TAIL_WINDOWS windows of points before the new ones.  The
 * first append of a whole series is therefore one full cpd_detect();
 * appending one point costs a detection over the tail, independent of
 * the series length.  docs/detector.md states when the result equals a
 * full run on the same data.
 */
#define CPD_STATE_SETTLE 16		/* windows after a point to settle it */
#define CPD_STATE_TAIL_WINDOWS 32	/* windows of context re-examined */

struct cpd_state;

/* Creates an empty state for parameters p (copied) into *out (caller
 * frees with cpd_state_free()).  Returns 0, or -1 on allocation failure
 * or a window outside [CPD_MIN_WINDOW, CPD_MAX_WINDOW]. */
int cpd_state_new(struct cpd_state **out, const struct cpd_params *p);

/* Frees st; NULL is a no-op. */
void cpd_state_free(struct cpd_state *st);

/* Appends x[0..n) (finite values) to the series and re-examines the tail.
 * Returns 0, or -1 on allocation failure (the state is then unchanged). */
int cpd_state_append(struct cpd_state *st, const double *x, size_t n);

/* The change points of the whole series so far, sorted by index; *n gets
 * their count.  Borrowed: valid until the next append or free. */
const struct cpd_point *cpd_state_points(const struct cpd_state *st,
					 size_t *n);

/* Points appended so far. */
size_t cpd_state_length(const struct cpd_state *st);

/* Index of the first point the last append re-examined. */
size_t cpd_state_examined_from(const struct cpd_state *st);

#endif
