/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bisect.h - the search of a bisection: which commits may hold the
 * change, where to probe next, what a probe's outcome tells, and when the
 * culprit is known; and the judgement of a probe's measurements against
 * the two ends of the change with lib/verdict.h's three-way verdict.
 * Pure computation (no I/O, no global state): kpcid's bisector
 * (daemon/bisect/bisector.c) and the simulation of bench/bench_bisect.c run the
 * same code.  docs/bisect.md gives the method and its measured figures.
 *
 * The candidates are the commits reachable from the first bad commit (the
 * tip) and not from the last good one, the whole DAG as `git bisect` sees
 * it: commit i lists its parents inside the set; a parent outside it is
 * reachable from the good end and left out.  A commit is bad when the
 * culprit is among its ancestors (itself included).  The state is the set
 * of commits that may still be the culprit ("alive"): a good probe removes
 * its ancestors, a bad probe keeps only its ancestors, a skipped one
 * (it does not build, or its measurement never decided) stays in the set
 * but is never probed again.  One commit alive is the culprit.
 *
 * A probe point splits the alive commits as git bisect does: the commit
 * whose count of alive ancestors w is closest to half, max min(w, n - w).
 * With k probes at once (k runners) the k points are chosen together to
 * minimise the expected number of commits left after all k answer (the
 * sum of squares of the cells their answers cut the set into, starting
 * from the quantiles of w), about log(n) / log(k + 1) rounds.
 */
#ifndef KPCI_LIB_BISECT_H
#define KPCI_LIB_BISECT_H

#include <stddef.h>

#include "lib/verdict.h"

#define BISECT_MAX_COMMITS 16384    /* candidates of one bisection at most */
#define BISECT_MAX_PARALLEL 16      /* probes of one round at most */
#define BISECT_REASON_MAX 400       /* bytes of a judgement's sentence */
#define BISECT_PROBE_JOBS 2         /* jobs a probe starts with (the default) */
#define BISECT_PROBE_MAX_JOBS 16    /* jobs of a probe before it is skipped undecided */
#define BISECT_MAX_UNDECIDED 3      /* undecided probes a bisection gives up after */

enum bisect_outcome {
	BISECT_UNKNOWN,             /* not probed, or not decided yet */
	BISECT_GOOD,
	BISECT_BAD,
	BISECT_SKIP,                /* cannot be tested: never probed again */
};

/* One candidate commit: its parents inside the set, by index (borrowed). */
struct bisect_commit {
	const size_t *parents;
	size_t nparents;
};

struct bisect;

/*
 * The search over commits[0..n) (1 <= n <= BISECT_MAX_COMMITS), any order
 * but each parent index < n and no cycle; tip is the first bad commit,
 * marked bad.  *out is freed with bisect_free.  Returns 0, or -1 (with
 * *out NULL) on a bad index, a cycle or no memory; *why names which.
 */
int bisect_new(struct bisect **out, const struct bisect_commit *commits, size_t n, size_t tip,
	       const char **why);
void bisect_free(struct bisect *b);

size_t bisect_size(const struct bisect *b);
/* The outcome marked on commit i. */
enum bisect_outcome bisect_outcome_of(const struct bisect *b, size_t i);
/* 1 when commit i may still be the culprit. */
int bisect_alive(const struct bisect *b, size_t i);
/* Commits alive. */
size_t bisect_remaining(const struct bisect *b);

/*
 * Records the outcome of commit i (GOOD, BAD or SKIP).  Returns 0; or -1,
 * leaving the state as it was, when GOOD or BAD contradicts the outcomes
 * already recorded (no commit would be left: a good commit with a bad
 * ancestor, or a bad one all of whose possible culprits were shown good).
 */
int bisect_mark(struct bisect *b, size_t i, enum bisect_outcome o);

/* Where the search stands. */
struct bisect_status {
	size_t alive;               /* commits that may be the culprit */
	size_t testable;            /* alive, not yet probed, not skipped */
	long culprit;               /* the culprit's index when alive is 1, else -1 */
	int stuck;                  /* more than one alive and none testable */
};
void bisect_status(const struct bisect *b, struct bisect_status *st);

/*
 * Up to k (1 <= k <= BISECT_MAX_PARALLEL) probe points into out[], *nout
 * of them (0 when nothing is testable), never a commit probed, skipped,
 * or excluded; ties go to the lowest index.  With k = 1 it is git
 * bisect's best midpoint.  Returns 0, or -1 when memory is out.
 */
int bisect_pick(const struct bisect *b, size_t k, size_t *out, size_t *nout);

/* The number of alive ancestors of commit i (itself included when alive):
 * git bisect's weight. */
size_t bisect_weight(const struct bisect *b, size_t i);

/* The expected commits left when points p[0..np) answer, over a culprit
 * uniform among the alive ones (the quantity bisect_pick minimises). */
double bisect_expected_left(const struct bisect *b, const size_t *p, size_t np);

/* --- judging a probe (lib/bisect_judge.c) ---------------------------
 *
 * A probe's jobs are compared with the jobs of each end, metric by
 * metric, with lib/verdict.h (the job the unit, the noise model of the
 * (runner class, metric)):
 *
 *   the ends         good against bad at ends_alpha with the usual
 *                    smallest effect: a metric takes part only when they
 *                    differ (changed); d is their difference;
 *   against good     the probe is "bad-like" on a metric when it changed
 *                    from the good end, in the direction of d, by at
 *                    least |d| / 2 (past the midpoint) at alpha;
 *   against bad      "good-like" when it changed from the bad end toward
 *                    the good one by at least |d| / 2 at alpha.
 *
 * The tests of each end are corrected with Benjamini-Hochberg over the
 * metrics.  The probe is GOOD when some metric is good-like and none
 * bad-like, BAD the other way round, UNKNOWN otherwise (nothing decided,
 * or metrics disagree: `conflict`); `more` says what would decide.  alpha
 * is stricter than a comparison's 0.05 because a bisection chains its
 * probes: one wrong answer names a wrong culprit.
 */
struct bisect_params {
	double alpha;               /* level of a probe's tests (0.0005) */
	double ends_alpha;          /* level of the ends' test and of confirmation (0.05) */
	double min_effect;          /* the ends' smallest effect that matters (0.02) */
	double noise_effect;        /* ... and this times the between-job CV (1) */
	double prior_between, prior_df, known_df;   /* as struct verdict_params */
};

/* Fills p with the defaults above (the verdict's prior and known_df). */
void bisect_params_default(struct bisect_params *p);

/* One metric: the jobs of each end and of the probe (borrowed), the noise
 * model of its (runner class, metric) (all 0: none). */
struct bisect_sides {
	struct verdict_side good, bad, probe;
	struct verdict_noise noise;
};

/* What one metric says. */
struct bisect_metric_verdict {
	struct verdict ends;        /* good against bad */
	struct verdict vs_good;     /* good against the probe */
	struct verdict vs_bad;      /* bad against the probe */
	int usable;                 /* the ends differ on it */
	enum bisect_outcome says;   /* GOOD, BAD or UNKNOWN */
};

struct bisect_judgement {
	enum bisect_outcome outcome;    /* GOOD, BAD or UNKNOWN */
	size_t usable;              /* metrics whose ends differ */
	size_t good, bad;           /* metrics that say so */
	int conflict;               /* some say good, some bad */
	enum verdict_more more;     /* what would decide an UNKNOWN */
	double iterations_needed;   /* with VERDICT_MORE_ITERATIONS */
	char reason[BISECT_REASON_MAX];
};

/*
 * Judges a probe on the metrics m[0..n): v[0..n) gets each metric's
 * verdicts, *j the outcome.  A metric without jobs at an end takes no
 * part; one whose probe side is empty only tells whether its ends
 * differ.  Returns 0, or -1 when memory is out.
 */
int bisect_judge(struct bisect_judgement *j, struct bisect_metric_verdict *v,
		 const struct bisect_sides *m, size_t n, const struct bisect_params *p);

/* Whether the ends differ: m[i].probe is not read.  *usable gets the
 * metrics whose ends are changed, v[i].ends each verdict (all 0 for a
 * metric without jobs at an end).  0 or -1. */
int bisect_judge_ends(size_t *usable, struct bisect_metric_verdict *v,
		      const struct bisect_sides *m, size_t n, const struct bisect_params *p);

/*
 * A shift: whether `to` moved from `from` in the direction sign[i] (+1:
 * up, -1: down; 0: the metric does not take part) on some metric, at
 * ends_alpha with Benjamini-Hochberg over the metrics that take part (the
 * culprit against its parent: the direction of the change; the revert
 * against the first bad commit: back).  v[0..n) gets each verdict.
 * Returns 1 when some metric changed in its direction and none against
 * it, 0 when not, -1 on error; *q gets the smallest q of a metric that
 * moved in its direction (1 when none did).
 */
int bisect_shift(struct verdict *v, double *q, const struct verdict_side *from,
		 const struct verdict_side *to, const struct verdict_noise *noise,
		 const int *sign, size_t n, const struct bisect_params *p);

/* The iterations of an undecided probe's next job: what j asks for when
 * it asks for iterations (at most max), else current. */
size_t bisect_next_iterations(const struct bisect_judgement *j, size_t current, size_t max);

const char *bisect_outcome_name(enum bisect_outcome o);

#endif
