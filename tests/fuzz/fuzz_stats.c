/*
 * fuzz_stats.c - libFuzzer target for the statistics on what the
 * database may hold: the input is two samples of doubles, taken 8 bytes
 * at a time as they are (so NaN, infinities, 1e308, denormals and -0 all
 * come), split where the first byte says.  The two-sample tests, the
 * interval of a percent change, the t distribution at the degrees of
 * freedom they give, Benjamini-Hochberg, the comparison of kpcid's
 * /api/v1/compare (daemon/analyze.c) and both change-point detectors run
 * on them.  Nothing may stop the program, and a p-value is NaN or in
 * [0, 1].  Seeds: tests/fuzz/seeds/stats/.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze.h"
#include "lib/cpd.h"
#include "lib/stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_p(double p, const char *what)
{
	if (!isnan(p) && !(p >= 0 && p <= 1)) {
		fprintf(stderr, "fuzz_stats: %s gave p = %g\n", what, p);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n = size > 1 ? (size - 1) / sizeof(double) : 0, na;
	double *x, q[2], median;
	struct stats_test t;
	struct stats_change_ci ci;
	struct analyze_cmp cmp[2];
	struct cpd_point *cp = NULL;
	struct cpd_params p;
	size_t ncp = 0;

	if (n == 0 || n > 4096)
		return 0;
	x = malloc(n * sizeof *x);
	memcpy(x, data + 1, n * sizeof *x);
	na = data[0] % (n + 1);
	if (stats_welch_t(&t, x, na, x + na, n - na) == 0) {
		check_p(t.pvalue, "welch");
		check_p(stats_t_sf2(t.statistic, t.df), "t_sf2");
		stats_t_quantile(0.975, t.df);
	}
	if (stats_student_t(&t, x, na, x + na, n - na) == 0)
		check_p(t.pvalue, "student");
	if (stats_mann_whitney(&t, x, na, x + na, n - na) == 0)
		check_p(t.pvalue, "mann-whitney");
	stats_percent_change_ci(&ci, x, na, x + na, n - na, 0.95);
	stats_median(&median, x, n);
	stats_t_quantile(fabs(fmod(x[0], 1.0)), x[n - 1]);
	stats_t_cdf(x[0], x[n - 1]);
	stats_beta_inc(x[0], x[n - 1], 0.5);
	memset(cmp, 0, sizeof cmp);
	cmp[0] = (struct analyze_cmp){ .base = x, .nb = na, .head = x + na, .nh = n - na };
	cmp[1] = (struct analyze_cmp){ .base = x + na, .nb = n - na, .head = x, .nh = na };
	if (analyze_compare(cmp, 2) == 0) {
		check_p(cmp[0].q, "compare q");
		check_p(cmp[1].p, "compare p");
	}
	q[0] = x[0];
	q[1] = x[n - 1];
	stats_bh_adjust(q, q, 2);
	for (int m = CPD_DEFAULT; m <= CPD_OTAVA; m++) {
		cpd_params_default(&p, (enum cpd_method)m);
		if (cpd_detect(&cp, &ncp, x, n, &p) == 0)
			for (size_t i = 0; i < ncp; i++)
				if (cp[i].index >= n) {
					fprintf(stderr, "fuzz_stats: change point %zu past %zu\n",
						cp[i].index, n);
					abort();
				}
		free(cp);
		cp = NULL;
	}
	free(x);
	return 0;
}
