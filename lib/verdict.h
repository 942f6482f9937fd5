/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * verdict.h - the three-way verdict of one metric between two sides:
 * changed, same or inconclusive.  Used by every comparison kpci makes
 * (GET /api/v1/compare, the compare page, `kpci compare-jobs`, the
 * analyzer's changes and merge-window report) and meant for bisection
 * probes.  Pure computation: no I/O, no global state, no allocation
 * except in verdict_fdr.
 *
 * The unit of replication is the job, one boot of the kernel under test:
 * the iterations of one job share that boot and are not independent
 * samples of the commit.  The model, on the log scale when every value of
 * both sides is positive (effects are ratios) and on the values' own scale
 * otherwise:
 *
 *     value = level(side) + b(job) + e(iteration),
 *     b ~ N(0, sb2) between jobs,  e ~ N(0, sw2) within a job.
 *
 * A side's level is the mean of its job means; its variance is
 * sb2 / J + sw2 * mean(1 / n_j) / J for J jobs of n_j iterations.  sw2 is
 * pooled from the iterations of both sides and the noise model; sb2 from
 * the spread of the sides' own job means (a side with 2 jobs or more) and
 * the noise model of the (runner class, metric), and, while that model has
 * fewer than known_df degrees of freedom, a conservative prior spread.  So
 * with one job a side the between-job variance still counts: it comes from
 * the model or the prior, never from the iterations.  The difference of the
 * levels is tested with Student's t on Satterthwaite's degrees of freedom.
 *
 *   changed       q < alpha and the estimated change is at least the
 *                 smallest effect that matters (q: p after the caller's
 *                 false-discovery-rate control; p for a single metric);
 *   same          the two one-sided tests (TOST) at alpha put the change
 *                 inside +-min_effect: the 90% interval lies inside it;
 *   inconclusive  neither: `more` says whether more jobs or more
 *                 iterations would decide, and about how many.
 *
 * The smallest effect that matters is max(min_effect, noise_effect * the
 * between-job spread the model and the sides' jobs measured, not the
 * prior), both relative (0.02 = 2%).  A caller that knows the
 * effect it looks for (a bisection of a -30% change) sets min_effect to
 * it and noise_effect to 0.
 *
 * Contract for a caller with one metric (a bisection probe):
 *
 *     struct verdict_job base_jobs[J], head_jobs[K];
 *     verdict_job_of(&base_jobs[i], iterations, n);   (each job)
 *     struct verdict_side base = { base_jobs, J }, head = { head_jobs, K };
 *     struct verdict_params p;  verdict_params_default(&p);  p.min_effect = ...;
 *     struct verdict v;
 *     verdict_compare(&v, &base, &head, &noise_or_NULL, &p);
 *     v.kind, v.percent, v.ci_lo, v.ci_hi, v.p, v.p_same, v.reason,
 *     v.more, v.jobs_needed, v.iterations_needed.
 *
 * Several metrics at once: verdict_test each, then verdict_fdr over all.
 */
#ifndef KPCI_LIB_VERDICT_H
#define KPCI_LIB_VERDICT_H

#include <stddef.h>

#define VERDICT_REASON_MAX 320      /* bytes of the reason sentence, NUL included */
#define VERDICT_MAX_EFFECT 0.9      /* the smallest effect is capped here (relative) */
#define VERDICT_MAX_ITERATIONS 100  /* beyond this many a job, more jobs are advised */
#define VERDICT_Z_POWER 0.841621    /* 80% power for the advice */

/* One job: its iterations summed up (verdict_job_of). */
struct verdict_job {
	size_t n;                   /* iterations, >= 1 */
	double mean, ss;            /* mean of the values, sum of squared deviations */
	double lmean, lss;          /* the same of their logarithms; NAN: a value <= 0 */
};

/* One side of a comparison: its jobs (borrowed). */
struct verdict_side {
	const struct verdict_job *jobs;
	size_t njobs;
};

/*
 * The noise model of a (runner class, metric), relative (log scale):
 * between_var is sb2, the variance of a job's mean beyond what its
 * iterations explain; within_var is sw2, of one iteration within its job.
 * A _df of 0 means unknown.  NULL or all 0: no model.
 */
struct verdict_noise {
	double between_var, between_df;
	double within_var, within_df;
};

struct verdict_params {
	double alpha;               /* level of both tests (0.05) */
	double min_effect;          /* floor of the smallest effect that matters (0.02) */
	double noise_effect;        /* ... and at least this times the between-job CV (1) */
	double prior_between;       /* between-job CV assumed without a model (0.10); 0: none */
	double prior_df;            /* its weight in degrees of freedom (2) */
	double known_df;            /* a model with this many df needs no prior (4) */
};

enum verdict_kind { VERDICT_INCONCLUSIVE, VERDICT_SAME, VERDICT_CHANGED };
enum verdict_more { VERDICT_MORE_NONE, VERDICT_MORE_JOBS, VERDICT_MORE_ITERATIONS };

struct verdict {
	enum verdict_kind kind;
	int tested;                 /* 0: no estimate of the noise (see reason) */
	int log_scale;              /* 1: ratios of geometric means */
	size_t jobs[2];             /* base, head */
	size_t iterations[2];
	double diff, se, df;        /* head - base on the scale, its standard error, df */
	double percent;             /* 100 * (head / base - 1); NAN when base is 0 */
	double ci_lo, ci_hi;        /* 95% interval of percent */
	double p;                   /* two-sided p-value of "no change" */
	double q;                   /* what verdict_decide was given */
	double p_same;              /* TOST p-value of "a change of min_effect or more" */
	double min_effect;          /* the smallest effect that matters here, relative;
				     * NAN on the raw scale with a base of 0 */
	double eq_half;             /* its half-width on the scale of diff */
	double between_var, within_var; /* sb2 and sw2 used, on the scale of diff */
	double between_cv, within_cv; /* the same as relative spreads */
	double between_df;          /* degrees of freedom behind between_cv */
	int prior_used;             /* 1: the prior stood in for a missing model */
	int single_job;             /* 1: a side has one job only */
	enum verdict_more more;     /* what would decide (or confirm a single-job change) */
	double jobs_needed;         /* jobs a side in all; INFINITY: out of reach */
	double iterations_needed;   /* iterations a job at the present jobs; INFINITY: none do */
	char reason[VERDICT_REASON_MAX];
};

/* Fills p with the defaults above. */
void verdict_params_default(struct verdict_params *p);

/* Sums up the iterations x[0..n) (finite, n >= 1) of one job into *out. */
void verdict_job_of(struct verdict_job *out, const double *x, size_t n);

/*
 * Estimates head against base (each with at least one job; noise may be
 * NULL): every field but kind, q and reason.  Returns 0, or -1 when a side
 * has no job or a job no iteration.  v->tested is 0 when nothing tells the
 * between-job spread (one job a side, no model, no prior): p is NAN then.
 */
int verdict_test(struct verdict *v, const struct verdict_side *base,
		 const struct verdict_side *head, const struct verdict_noise *noise,
		 const struct verdict_params *p);

/* Decides v (after verdict_test) from q, its p-value after the caller's
 * FDR control (NAN: untested), and writes kind, q, more, the needed jobs
 * and iterations, and the reason sentence. */
void verdict_decide(struct verdict *v, double q, const struct verdict_params *p);

/* verdict_test then verdict_decide with q = p: one metric. */
int verdict_compare(struct verdict *v, const struct verdict_side *base,
		    const struct verdict_side *head, const struct verdict_noise *noise,
		    const struct verdict_params *p);

/* Benjamini-Hochberg over the p-values of the tested v[0..n), then
 * verdict_decide on each.  Returns 0, or -1 when memory is out. */
int verdict_fdr(struct verdict *v, size_t n, const struct verdict_params *p);

/* "changed", "same", "inconclusive"; "jobs", "iterations", "none". */
const char *verdict_name(enum verdict_kind k);
const char *verdict_more_name(enum verdict_more m);

/* The noise model from sums over repeated jobs (what the analyzer keeps
 * per series): within = win_ss / win_df; between = (rep_ss - rep_wn *
 * within) / rep_df, at least 0.  See docs/analysis.md. */
void verdict_noise_of(struct verdict_noise *out, double rep_ss, double rep_df, double rep_wn,
		      double win_ss, double win_df);

#endif
