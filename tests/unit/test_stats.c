// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_stats.c - lib/stats against values known in closed form or
 * computed independently (numerical integration of the t density, exact
 * normal tails), and Benjamini-Hochberg over 1,000 null metrics.
 */
#include "lib/stats.h"
#include "tests/unit/check.h"
#include "tests/unit/rng.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define NULL_METRICS 1000
#define REAL_CHANGES 10
#define SAMPLES 10

/* xorshift64* generator: deterministic across platforms. */
static void test_descriptive(void)
{
	const double x[] = { 5, 1, 4, 2, 3 }, y[] = { 4, 1, 3, 2 };
	double m;

	CHECK_NEAR(stats_mean(x, 5), 3, 1e-15);
	CHECK_NEAR(stats_variance(x, 5), 2.5, 1e-15);
	CHECK_NEAR(stats_variance_pop(x, 5), 2, 1e-15);
	CHECK_INT(stats_median(&m, x, 5), 0);
	CHECK_NEAR(m, 3, 0);
	CHECK_INT(stats_median(&m, y, 4), 0);
	CHECK_NEAR(m, 2.5, 0);
	CHECK_INT(stats_median(&m, x, 0), -1);
	CHECK_NEAR(x[0], 5, 0);		/* input left alone */
}

static void test_t_distribution(void)
{
	/* df = 1 is Cauchy, df = 2 has a closed form too. */
	for (double t = -8; t <= 8; t += 0.7) {
		CHECK_NEAR(stats_t_cdf(t, 1), 0.5 + atan(t) / M_PI, 1e-13);
		CHECK_NEAR(stats_t_cdf(t, 2), 0.5 + t / (2 * sqrt(2 + t * t)),
			   1e-13);
	}
	/* Large df tends to the normal: Phi(1.96) = 0.9750021048517795. */
	CHECK_NEAR(stats_t_cdf(1.96, 1e7), 0.9750021048517795, 1e-7);
	CHECK_NEAR(stats_t_sf2(2.5, 7), 0.04099221858575936, 1e-9);
	/* Tables: t(0.975, 10) and t(0.975, 30). */
	CHECK_NEAR(stats_t_quantile(0.975, 10), 2.228138851986274, 1e-9);
	CHECK_NEAR(stats_t_quantile(0.975, 30), 2.042272456301238, 1e-9);
	CHECK_NEAR(stats_t_quantile(0.025, 30), -2.042272456301238, 1e-9);
	/* A far tail keeps its relative precision (Cauchy: 2/(pi*t)). */
	CHECK_NEAR(stats_t_sf2(1e6, 1) / (2 / (M_PI * 1e6)), 1, 1e-6);
	CHECK(stats_t_sf2(40, 300) < 1e-100);
	CHECK_NEAR(stats_t_sf2(0, 5), 1, 1e-15);
	CHECK_NEAR(stats_beta_inc(2, 3, 0.4), 0.5248, 1e-13);
	CHECK_NEAR(stats_normal_cdf(-1.96), 1 - 0.9750021048517795, 1e-12);
}

static void test_two_sample(void)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 4, 6, 8, 10 };
	const double c[] = { 6, 7, 8, 9, 10 };
	struct stats_test t;

	CHECK_INT(stats_welch_t(&t, a, 5, b, 5), 0);
	CHECK_NEAR(t.statistic, -3 / sqrt(2.5), 1e-12);
	CHECK_NEAR(t.df, 6.25 / 1.0625, 1e-12);
	CHECK_NEAR(t.pvalue, 0.10753119493065423, 1e-8);

	CHECK_INT(stats_student_t(&t, a, 5, b, 5), 0);
	CHECK_NEAR(t.df, 8, 0);
	CHECK_NEAR(t.pvalue, 0.09434977284245825, 1e-8);
	CHECK_INT(stats_student_t(&t, a, 1, b, 1), -1);
	CHECK_INT(stats_welch_t(&t, a, 1, b, 5), -1);

	/* scipy semantics for a zero pooled variance. */
	CHECK_INT(stats_student_t_from_stats(&t, 1, 0, 3, 2, 0, 3), 0);
	CHECK(isinf(t.statistic) && t.pvalue == 0);
	CHECK_INT(stats_student_t_from_stats(&t, 1, 0, 3, 1, 0, 3), 0);
	CHECK(isnan(t.pvalue));

	/* Mann-Whitney, complete separation of 5 vs 5. */
	CHECK_INT(stats_mann_whitney(&t, a, 5, c, 5), 0);
	CHECK_NEAR(t.pvalue, 0.012185780355344818, 1e-12);
	CHECK(t.statistic < 0);
	/* Ties: a shares 2 and 4 with b; tie-corrected variance. */
	CHECK_INT(stats_mann_whitney(&t, a, 5, b, 5), 0);
	{
		/* U(a) = 5, ties {2,2},{4,4}: var = 25/12 (11 - 12/90). */
		double z = (fabs(5 - 12.5) - 0.5) /
			   sqrt(25.0 / 12 * (11 - 12.0 / 90));

		CHECK_NEAR(t.pvalue, erfc(z / sqrt(2.0)), 1e-12);
	}
	CHECK_INT(stats_mann_whitney(&t, a, 5, a, 5), 0);
	CHECK_NEAR(t.pvalue, 1, 1e-12);
	CHECK_INT(stats_mann_whitney(&t, a, 0, a, 5), -1);
}

/* The exact one-sided rank-sum p-values against a brute-force count of
 * every deal of the pooled values (computed once with Python's
 * itertools.combinations). */
static void test_rank_sum_exact(void)
{
	const double lo4[] = { 1, 2, 3, 4 }, hi4[] = { 5, 6, 7, 8 };
	const double odd[] = { 1, 3, 5, 7 }, even[] = { 2, 4, 6, 8 };
	const double lo3[] = { 1, 2, 3 }, hi3[] = { 4, 5, 6 };
	const double one_high[] = { 10, 1, 2, 3, 4 }, mid[] = { 5, 6, 7, 8, 9 };
	double big[STATS_EXACT_MAX + 1];

	CHECK_NEAR(stats_rank_sum_exact(lo4, 4, hi4, 4), 1.0 / 70, 1e-12);
	CHECK_NEAR(stats_rank_sum_exact(hi4, 4, lo4, 4), 1, 1e-12);
	CHECK_NEAR(stats_rank_sum_exact(odd, 4, even, 4), 0.34285714285714286, 1e-12);
	CHECK_NEAR(stats_rank_sum_exact(lo3, 3, hi3, 3), 0.05, 1e-12);
	/* one boot of the good side far out: the others still separate */
	CHECK_NEAR(stats_rank_sum_exact(one_high, 5, mid, 5), 0.07539682539682539, 1e-12);
	for (size_t i = 0; i <= STATS_EXACT_MAX; i++)
		big[i] = (double)i;
	CHECK(stats_rank_sum_exact(big, STATS_EXACT_MAX, big, STATS_EXACT_MAX) > 0.4);
	CHECK(isnan(stats_rank_sum_exact(big, STATS_EXACT_MAX + 1, big, 3)));
	CHECK(isnan(stats_rank_sum_exact(big, 0, big, 3)));
}

static void test_percent_change(void)
{
	const double a[] = { 99, 100, 101 }, b[] = { 109, 110, 111 };
	struct stats_change_ci ci;

	CHECK_INT(stats_percent_change_ci(&ci, a, 3, b, 3, 0.95), 0);
	CHECK_NEAR(ci.percent, 10, 1e-12);
	CHECK_NEAR(ci.hi - ci.percent, 2.383003063574109, 1e-8);
	CHECK_NEAR(ci.percent - ci.lo, 2.383003063574109, 1e-8);
	CHECK_INT(stats_percent_change_ci(&ci, a, 1, b, 3, 0.95), -1);
}

/* What the database may hold (values stored before uploads were checked)
 * gives NaN figures, never a stopped program. */
static void test_extreme_values(void)
{
	const double big[] = { 1e80, 3e80 }, small[] = { 1, 2 }, huge[] = { 1e300, 1.7e308 };
	struct stats_change_ci ci;
	struct stats_test t;

	CHECK(isnan(stats_t_quantile(0.975, NAN)));
	CHECK(isnan(stats_t_quantile(0.975, INFINITY)));
	CHECK(isnan(stats_t_quantile(0.975, -1)));
	CHECK(isnan(stats_t_quantile(NAN, 10)));
	CHECK(isnan(stats_t_quantile(1, 10)));
	CHECK(isnan(stats_t_sf2(2, NAN)));
	CHECK(isnan(stats_t_cdf(2, 0)));
	CHECK(isnan(stats_beta_inc(NAN, 1, 0.5)));
	CHECK_INT(stats_percent_change_ci(&ci, big, 2, small, 2, 0.95), 0);
	CHECK(isnan(ci.lo) && isnan(ci.hi));
	CHECK_INT(stats_percent_change_ci(&ci, huge, 2, small, 2, 0.95), 0);
	CHECK_INT(stats_welch_t(&t, huge, 2, small, 2), 0);
	CHECK_INT(stats_mann_whitney(&t, huge, 2, small, 2), 0);
	CHECK(t.pvalue > 0 && t.pvalue <= 1);
}

static void test_bh_known(void)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	double q[4];

	CHECK_INT(stats_bh_adjust(q, p, 4), 0);
	CHECK_NEAR(q[0], 0.02, 1e-15);
	CHECK_NEAR(q[1], 0.04, 1e-15);
	CHECK_NEAR(q[2], 0.04, 1e-15);
	CHECK_NEAR(q[3], 0.02, 1e-15);
}

/* 1,000 metrics without change and 10 with a 3-sigma shift, 10 samples a
 * side, Welch-tested: BH at q 0.05 keeps the real ones and few others;
 * raw p < 0.05 would report dozens of false changes. */
static void test_bh_fdr(void)
{
	size_t n = NULL_METRICS + REAL_CHANGES, raw_false = 0, bh_false = 0;
	size_t bh_true = 0;
	double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
	double a[SAMPLES], b[SAMPLES];

	CHECK(p && q);
	if (!p || !q)
		return;
	for (size_t m = 0; m < n; m++) {
		double shift = m < NULL_METRICS ? 0 : 3;
		struct stats_test t;

		for (int i = 0; i < SAMPLES; i++) {
			a[i] = 100 + rng_normal();
			b[i] = 100 + shift + rng_normal();
		}
		CHECK_INT(stats_welch_t(&t, a, SAMPLES, b, SAMPLES), 0);
		p[m] = t.pvalue;
	}
	CHECK_INT(stats_bh_adjust(q, p, n), 0);
	for (size_t m = 0; m < n; m++) {
		if (m < NULL_METRICS) {
			raw_false += p[m] < 0.05;
			bh_false += q[m] < 0.05;
		} else {
			bh_true += q[m] < 0.05;
		}
	}
	printf("BH: %zu/%d real kept, %zu false (raw p<0.05: %zu false)\n",
	       bh_true, REAL_CHANGES, bh_false, raw_false);
	CHECK_INT(bh_true, REAL_CHANGES);
	CHECK(bh_false <= 2);
	CHECK(raw_false >= 25);
	free(p);
	free(q);
}

int main(void)
{
	rng_state = 0x9e3779b97f4a7c15ull;     /* the stream the checks were planted with */
	test_descriptive();
	test_t_distribution();
	test_two_sample();
	test_rank_sum_exact();
	test_percent_change();
	test_extreme_values();
	test_bh_known();
	test_bh_fdr();
	return check_done();
}
