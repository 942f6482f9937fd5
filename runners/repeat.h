/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * repeat.h - when to stop repeating a measurement (Phoronix Test Suite
 * style): at least `iterations` recorded runs; then more, up to `max`,
 * while the relative standard deviation stays above `rsd_pct`.
 * Also the median and robust spread of a sample's inner repetitions.
 * Pure arithmetic on doubles, so the static guest programs use it too.
 */
#ifndef KPCI_RUNNERS_REPEAT_H
#define KPCI_RUNNERS_REPEAT_H

#define REPEAT_DEFAULT_ITERATIONS 5
#define REPEAT_HARD_MAX           1000   /* no suite file may ask for more */

/* Relative standard deviation of v[0..n) in percent (sample stddev / mean);
 * 0 for n < 2 or a zero mean. */
double repeat_rsd(const double *v, int n);

/* 1 if another recorded iteration is wanted after n of them: n < iterations,
 * or n < max and rsd(v) > rsd_pct (rsd_pct <= 0 disables the rule). */
int repeat_more(const double *v, int n, int iterations, int max, double rsd_pct);

/* Median of v[0..n) (v is reordered); 0 for n = 0. */
double repeat_median(double *v, int n);

/* The robust coefficient of variation of v[0..n) in percent: 1.4826 times
 * the median absolute deviation over the |median| (an estimate of the
 * standard deviation that one outlier does not move); v is reordered.  0
 * for n < 2 or a zero median. */
double repeat_spread(double *v, int n);

#endif
