/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats.h - the statistics kpci's detectors and comparisons are built on.
 *
 * Descriptive statistics, the Student t distribution (through the
 * regularized incomplete beta function), two-sample tests (Welch, pooled
 * Student, Mann-Whitney U), Benjamini-Hochberg adjustment and a confidence
 * interval for a percent change.  Pure computation: no I/O, no global state.
 * Functions that need scratch memory return -1 when it cannot be allocated.
 */
#ifndef KPCI_LIB_STATS_H
#define KPCI_LIB_STATS_H

#include <stddef.h>

/* Result of a two-sample test: the statistic (t, or z for Mann-Whitney),
 * its degrees of freedom (0 where none apply) and the two-sided p-value. */
struct stats_test {
	double statistic;
	double df;
	double pvalue;
};

/* Percent change from a to b with a two-sided confidence interval. */
struct stats_change_ci {
	double percent;		/* 100 * (mean(b) / mean(a) - 1) */
	double lo, hi;		/* interval bounds, in percent */
};

/* Arithmetic mean of x[0..n); 0 when n == 0. */
double stats_mean(const double *x, size_t n);

/* Unbiased sample variance (divisor n - 1); 0 when n < 2. */
double stats_variance(const double *x, size_t n);

/* Population variance (divisor n); 0 when n < 1. */
double stats_variance_pop(const double *x, size_t n);

/* Median of x[0..n) into *out; x is not modified.  Returns 0, or -1 when
 * n == 0 or scratch memory cannot be allocated. */
int stats_median(double *out, const double *x, size_t n);

/* Median of x[0..n), reordering x in place; n must be > 0. */
double stats_median_inplace(double *x, size_t n);

/* Regularized incomplete beta function I_x(a, b) for a, b > 0, 0 <= x <= 1.
 * The functions of the t distribution below return NaN, never stop the
 * program, when their arguments are out of their domain (a NaN or
 * infinite df from values too large to square). */
double stats_beta_inc(double a, double b, double x);

/* Cumulative distribution function of Student's t with df > 0 degrees of
 * freedom (df need not be an integer). */
double stats_t_cdf(double t, double df);

/* Two-sided tail probability P(|T| >= |t|) for Student's t with df > 0. */
double stats_t_sf2(double t, double df);

/* Quantile of Student's t: the t with stats_t_cdf(t, df) == p, 0 < p < 1;
 * NaN for another p or a df that is not a finite positive number. */
double stats_t_quantile(double p, double df);

/* Standard normal cumulative distribution function. */
double stats_normal_cdf(double z);

/* Two-sided Welch (unequal variances) t-test of a against b.  Returns 0, or
 * -1 when either sample has fewer than 2 points. */
int stats_welch_t(struct stats_test *out, const double *a, size_t na,
		  const double *b, size_t nb);

/* Welch's t from each sample's mean, variance (n - 1) and size, as
 * stats_welch_t computes it from the values. */
int stats_welch_t_from_stats(struct stats_test *out, double mean1, double var1, size_t n1,
			     double mean2, double var2, size_t n2);

/* Two-sided Student t-test with pooled variance (df = na + nb - 2).
 * Returns 0, or -1 when na + nb < 3 or a sample is empty. */
int stats_student_t(struct stats_test *out, const double *a, size_t na,
		    const double *b, size_t nb);

/* The pooled Student t-test from summary statistics, with the same meaning
 * as scipy.stats.ttest_ind_from_stats(equal_var=True): sd1 and sd2 are
 * used as given.  Returns 0, or -1 when n1 + n2 < 3 or n1 or n2 is 0.  A
 * zero pooled variance gives an infinite t (p 0) or, with equal means,
 * a NaN t and p, as scipy does. */
int stats_student_t_from_stats(struct stats_test *out, double mean1,
			       double sd1, size_t n1, double mean2,
			       double sd2, size_t n2);

/* Two-sided Mann-Whitney U test with the normal approximation, the tie
 * correction and a continuity correction of 0.5 (scipy's asymptotic
 * method).  statistic is the z score of U(a); df is 0.  Returns 0, or -1
 * on an empty sample or allocation failure. */
int stats_mann_whitney(struct stats_test *out, const double *a, size_t na,
		       const double *b, size_t nb);

/* The exact one-sided p-value of the Wilcoxon rank-sum (Mann-Whitney)
 * test that the values of b are larger than those of a: the share of the
 * C(na + nb, na) ways to deal the pooled values into two groups whose U
 * statistic of b is at least the one observed (a tie counts a half, and
 * U is rounded down).  For small groups, where the normal approximation
 * is poor: at most STATS_EXACT_MAX values a side, else NAN (as for an
 * empty side or when memory is out). */
#define STATS_EXACT_MAX 64
double stats_rank_sum_exact(const double *a, size_t na, const double *b, size_t nb);

/* Benjamini-Hochberg adjusted p-values (q-values) of p[0..n) into
 * q[0..n), same order; q may alias p.  Returns 0, or -1 on allocation
 * failure. */
int stats_bh_adjust(double *q, const double *p, size_t n);

/* Percent change from mean(a) to mean(b) with a delta-method confidence
 * interval at the given level (e.g. 0.95), using Welch's degrees of freedom.
 * Returns 0, or -1 when a sample has fewer than 2 points or mean(a) is 0.
 * Values too large to square give NaN bounds. */
int stats_percent_change_ci(struct stats_change_ci *out, const double *a,
			    size_t na, const double *b, size_t nb,
			    double level);

#endif
