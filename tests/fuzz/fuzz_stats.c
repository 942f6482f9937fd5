// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_stats.c - libFuzzer target for the statistics on what the
 * database may hold: the input is two samples of doubles, taken 8 bytes
 * at a time as they are (so NaN, infinities, 1e308, denormals and -0 all
 * come), split where the first byte says.  The two-sample tests, the
 * interval of a percent change, the t distribution at the degrees of
 * freedom they give, Benjamini-Hochberg, the three-way verdict of
 * kpcid's /api/v1/compare (lib/verdict.c: each value a job of one
 * iteration, then the halves as jobs of many) and both change-point
 * detectors run on them.  Nothing may stop the program, and a p-value is NaN or in
 * [0, 1].  Seeds: tests/fuzz/seeds/stats/.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cpd.h"
#include "lib/stats.h"
#include "lib/verdict.h"

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
	struct verdict_job *jobs, halves[2];
	struct verdict v[2];
	struct verdict_params vp;
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
	jobs = malloc(n * sizeof *jobs);
	for (size_t i = 0; i < n; i++)
		verdict_job_of(&jobs[i], &x[i], 1);
	verdict_params_default(&vp);
	if (na && na < n) {
		verdict_job_of(&halves[0], x, na);
		verdict_job_of(&halves[1], x + na, n - na);
		if (verdict_test(&v[0], &(struct verdict_side){ jobs, na },
				 &(struct verdict_side){ jobs + na, n - na }, NULL, &vp) == 0 &&
		    verdict_test(&v[1], &(struct verdict_side){ &halves[0], 1 },
				 &(struct verdict_side){ &halves[1], 1 }, NULL, &vp) == 0 &&
		    verdict_fdr(v, 2, &vp) == 0) {
			check_p(v[0].p, "verdict p");
			check_p(v[1].q, "verdict q");
			check_p(v[0].p_same, "verdict p_same");
		}
	}
	free(jobs);
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
