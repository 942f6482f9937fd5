// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_cpd_commits.c - change points over a few measured commits
 * (lib/cpd_commits.c): the v7.4 merge window (a release, five
 * merges, an -rc1; one job of 3 iterations each) with a 4x drop at the
 * second merge and a +60% rise at the fourth, with and without a noise
 * model; A/A windows (false change points per 1,000 points); the power
 * table of docs/detector.md; a change resting on one job is not
 * reported until a second job comes; a short segment that segmentation
 * leaves is split; plain values through cpd_detect(CPD_COMMITS).
 */
#include "lib/cpd.h"
#include "lib/stats.h"
#include "tests/unit/check.h"
#include "tests/unit/rng.h"

#include <stdlib.h>

#define MAX_COMMITS 64
#define MAX_JOBS 256
#define MAX_ITER 10
#define WINDOW_REPS 200         /* planted windows per case */
#define AA_REPS 2000            /* A/A windows */

/* A planted series: commits with their jobs, as the analyzer builds it. */
struct planted {
	double points[MAX_JOBS];
	struct verdict_job jobs[MAX_JOBS];
	size_t first[MAX_COMMITS + 1];
	size_t ncommits, njobs;
};

/* Appends one job of n iterations at level: a boot effect of spread sb
 * (log sd), iteration noise sw. */
static void plant_job(struct planted *s, double level, size_t n, double sb, double sw)
{
	double x[MAX_ITER], boot = exp(sb * rng_normal());

	for (size_t i = 0; i < n; i++)
		x[i] = level * boot * exp(sw * rng_normal());
	verdict_job_of(&s->jobs[s->njobs], x, n);
	stats_median(&s->points[s->njobs], x, n);
	s->njobs++;
}

/* Appends a commit with `jobs` such jobs. */
static void plant_commit(struct planted *s, double level, size_t jobs, size_t n, double sb,
			 double sw)
{
	s->first[s->ncommits] = s->njobs;
	for (size_t j = 0; j < jobs; j++)
		plant_job(s, level, n, sb, sw);
	s->ncommits++;
	s->first[s->ncommits] = s->njobs;
}

/* Adds one more job to the last commit. */
static void plant_again(struct planted *s, double level, size_t n, double sb, double sw)
{
	plant_job(s, level, n, sb, sw);
	s->first[s->ncommits] = s->njobs;
}

static int detect(struct cpd_commit_point **cp, size_t *n, const struct planted *s,
		  const struct verdict_noise *noise)
{
	struct cpd_params p;
	struct verdict_params vp;

	cpd_params_default(&p, CPD_COMMITS);
	verdict_params_default(&vp);
	return cpd_commits_detect(cp, n, s->points, s->jobs, s->first, s->ncommits, noise, &vp,
				  &p);
}

/* The v7.4 window: v7.3 (commit 0), five merges (1..5), v7.4-rc1 (6);
 * wq-flush falls 4x at the second merge (2), boot run-init rises 60% at
 * the fourth (4); 5% between boots, 3% between iterations. */
static void plant_window(struct planted *s, size_t n, double sb, double sw)
{
	static const double level[] = { 1, 1, 0.25, 0.25, 0.4, 0.4, 0.4 };

	memset(s, 0, sizeof *s);
	for (size_t c = 0; c < 7; c++)
		plant_commit(s, 1e6 * level[c], 1, n, sb, sw);
}

static void test_window(void)
{
	struct verdict_noise model = { 0.05 * 0.05, 20, 0.03 * 0.03, 60 };
	int exact_known = 0, exact_prior = 0;
	struct planted s;

	rng_seed(74);
	for (int r = 0; r < WINDOW_REPS; r++) {
		struct cpd_commit_point *cp;
		size_t n;

		plant_window(&s, 3, 0.05, 0.03);
		CHECK_INT(detect(&cp, &n, &s, &model), 0);
		exact_known += n == 2 && cp[0].commit == 2 && cp[1].commit == 4;
		if (r == 0 && n == 2) {
			CHECK(cp[0].few && cp[1].few);
			CHECK_STR(verdict_name(cp[0].verdict.kind), "changed");
			CHECK(cp[0].verdict.percent < -70 && cp[1].verdict.percent > 45);
			CHECK_INT(cp[0].index, 2);
		}
		free(cp);
		CHECK_INT(detect(&cp, &n, &s, NULL), 0);
		exact_prior += n == 2 && cp[0].commit == 2 && cp[1].commit == 4;
		free(cp);
	}
	printf("window of 7 commits, 1 job x 3 iterations, steps at 2 (x0.25) and 4 (x1.6): "
	       "exactly found %d/%d with a noise model, %d/%d without\n", exact_known,
	       WINDOW_REPS, exact_prior, WINDOW_REPS);
	CHECK(exact_known >= WINDOW_REPS * 95 / 100);
	CHECK(exact_prior >= WINDOW_REPS * 80 / 100);
}

/* A/A windows of 7 commits: false change points per 1,000 points. */
static void test_aa(void)
{
	struct verdict_noise model = { 0.05 * 0.05, 20, 0.03 * 0.03, 60 };
	size_t found_known = 0, found_prior = 0;
	struct planted s;

	rng_seed(75);
	for (int r = 0; r < AA_REPS; r++) {
		struct cpd_commit_point *cp;
		size_t n;

		memset(&s, 0, sizeof s);
		for (size_t c = 0; c < 7; c++)
			plant_commit(&s, 1e6, 1, 3, 0.05, 0.03);
		CHECK_INT(detect(&cp, &n, &s, &model), 0);
		found_known += n;
		free(cp);
		CHECK_INT(detect(&cp, &n, &s, NULL), 0);
		found_prior += n;
		free(cp);
	}
	printf("A/A windows of 7 commits: false change points per 1000 points %.3f with a "
	       "noise model, %.3f without\n", 1000.0 * (double)found_known / (AA_REPS * 7),
	       1000.0 * (double)found_prior / (AA_REPS * 7));
	CHECK(1000.0 * (double)found_known / (AA_REPS * 7) <= 2);
	CHECK(1000.0 * (double)found_prior / (AA_REPS * 7) <= 2);
}

/* Power: a step of k between-job spreads at commit 3 of 7, one job of n
 * iterations each, the model known. */
static void test_power(void)
{
	static const double ks[] = { 1, 2, 3, 5, 10 };
	static const size_t iters[] = { 3, 5, 10 };
	const double sb = 0.03, sw = 0.03;
	struct verdict_noise model = { sb * sb, 20, sw * sw, 60 };
	struct planted s;

	printf("power, step at commit 3 of 7, one job a commit, between-job %.0f%%, "
	       "within %.0f%%, model known\n%-6s", 100 * sb, 100 * sw, "iter");
	for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++)
		printf(" %6s%-4g", "k=", ks[k]);
	printf("\n");
	rng_seed(76);
	for (size_t a = 0; a < 3; a++) {
		double rate[5];

		printf("%-6zu", iters[a]);
		for (size_t k = 0; k < 5; k++) {
			int hit = 0;

			for (int r = 0; r < WINDOW_REPS; r++) {
				struct cpd_commit_point *cp;
				size_t n;

				memset(&s, 0, sizeof s);
				for (size_t c = 0; c < 7; c++)
					plant_commit(&s, 100 * (c >= 3 ? exp(ks[k] * sb) : 1), 1,
						     iters[a], sb, sw);
				CHECK_INT(detect(&cp, &n, &s, &model), 0);
				hit += n == 1 && cp[0].commit == 3;
				free(cp);
			}
			rate[k] = (double)hit / WINDOW_REPS;
			printf(" %10.3f", rate[k]);
		}
		printf("\n");
		CHECK(rate[4] >= 0.95);
		CHECK(rate[4] >= rate[1]);
	}
}

/* A step at the last commit rests on one job: it waits for a second. */
static void test_single_job(void)
{
	struct verdict_noise model = { 0.02 * 0.02, 20, 0.02 * 0.02, 60 };
	struct cpd_commit_point *cp;
	struct planted s;
	size_t n;

	rng_seed(77);
	memset(&s, 0, sizeof s);
	for (size_t c = 0; c < 4; c++)
		plant_commit(&s, 100, 1, 5, 0.02, 0.02);
	plant_commit(&s, 200, 1, 5, 0.02, 0.02);
	CHECK_INT(detect(&cp, &n, &s, &model), 0);
	CHECK_INT(n, 0);
	free(cp);
	plant_again(&s, 200, 5, 0.02, 0.02);
	CHECK_INT(s.first[s.ncommits], 6);
	CHECK_INT(detect(&cp, &n, &s, &model), 0);
	CHECK_INT(n, 1);
	if (n == 1) {
		CHECK_INT(cp[0].commit, 4);
		CHECK_INT(cp[0].index, 4);
		CHECK(!cp[0].verdict.single_job);
	}
	free(cp);
}

/* 14 commits, steps at 3 and 9: whatever segmentation finds, the short
 * segment it leaves is split by the few-commits stage. */
static void test_short_segment(void)
{
	struct verdict_noise model = { 0.01 * 0.01, 20, 0.01 * 0.01, 60 };
	int both = 0;
	struct planted s;

	rng_seed(78);
	for (int r = 0; r < 50; r++) {
		struct cpd_commit_point *cp;
		size_t n;

		memset(&s, 0, sizeof s);
		for (size_t c = 0; c < 14; c++)
			plant_commit(&s, c < 3 ? 100 : c < 9 ? 130 : 90, 1, 5, 0.01, 0.01);
		CHECK_INT(detect(&cp, &n, &s, &model), 0);
		both += n == 2 && cp[0].commit == 3 && cp[1].commit == 9;
		free(cp);
	}
	printf("14 commits, steps at 3 and 9: both found exactly in %d/50\n", both);
	CHECK(both >= 48);
}

static void test_values(void)
{
	const double x[] = { 10, 10.1, 9.9, 10, 20, 20.2, 19.8, 20 };
	struct cpd_params p;
	struct cpd_point *pts;
	size_t np;

	cpd_params_default(&p, CPD_DEFAULT);
	CHECK_INT(cpd_detect(&pts, &np, x, 8, &p), 0);
	CHECK_INT(np, 0);
	free(pts);
	CHECK(cpd_method_parse(&p.method, "commits") == 0 && p.method == CPD_COMMITS);
	CHECK_STR(cpd_method_name(CPD_COMMITS), "commits");
	CHECK_INT(cpd_detect(&pts, &np, x, 8, &p), 0);
	CHECK_INT(np, 1);
	if (np == 1) {
		CHECK_INT(pts[0].index, 4);
		CHECK_NEAR(pts[0].mean_before, 10, 1e-9);
		CHECK_NEAR(pts[0].mean_after, 20, 1e-9);
		CHECK(pts[0].pvalue < 0.01);
	}
	free(pts);
	CHECK_INT(cpd_detect(&pts, &np, x, 1, &p), 0);
	CHECK_INT(np, 0);
	p.window = 1;
	CHECK_INT(cpd_detect(&pts, &np, x, 8, &p), -1);
}

int main(void)
{
	test_window();
	test_aa();
	test_power();
	test_single_job();
	test_short_segment();
	test_values();
	return check_done();
}
