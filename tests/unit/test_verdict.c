// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_verdict.c - the three-way verdict (lib/verdict.h): fixed cases
 * (the v7.4 merge window's own numbers: a 4x drop over 3 iterations, a 51% "slower"
 * job that is only another boot), the noise model from sums, the
 * untested case, equivalence, FDR; then planted data with 3, 5 and 10
 * iterations, effects from 0.5 to 10 times the between-job spread, 1,000
 * metrics per cell: the power and false-positive table of
 * docs/analysis.md, against the iteration-level test kpci used before.
 */
#include "lib/stats.h"
#include "lib/verdict.h"
#include "tests/unit/check.h"
#include "tests/unit/rng.h"

#include <stdlib.h>

#define SIM_METRICS 1000        /* metrics per cell of the table */
#define SIM_SB 0.03             /* between-job spread (log sd) */
#define SIM_SW 0.03             /* within-job spread */
#define SIM_MAX_JOBS 3
#define SIM_MAX_ITER 10

static const double sim_effects[] = { 0, 0.5, 1, 2, 3, 5, 10 };
#define SIM_NEFFECTS (sizeof sim_effects / sizeof sim_effects[0])

/* One job of n iterations around level: a boot effect sb, iteration noise sw. */
static void sim_job(struct verdict_job *j, double *x, double level, double sb, double sw,
		    size_t n)
{
	double boot = exp(sb * rng_normal());

	for (size_t i = 0; i < n; i++)
		x[i] = level * boot * exp(sw * rng_normal());
	verdict_job_of(j, x, n);
}

static void test_job_of(void)
{
	const double x[] = { 2, 4, 8 };
	const double y[] = { -1, 1 };
	struct verdict_job j;

	verdict_job_of(&j, x, 3);
	CHECK_INT(j.n, 3);
	CHECK_NEAR(j.mean, 14.0 / 3, 1e-12);
	CHECK_NEAR(j.lmean, log(4), 1e-12);
	CHECK_NEAR(j.lss, 2 * log(2) * log(2), 1e-12);
	verdict_job_of(&j, y, 2);
	CHECK(isnan(j.lmean));
	CHECK_NEAR(j.ss, 2, 1e-12);
}

/* The v7.4 merge window's second merge: wq-flush idle flushes/s from about 1.0 M to
 * 0.25 M, one job of 3 iterations a side. */
static void test_four_times_drop(void)
{
	const double base_x[] = { 1.02e6, 0.93e6, 1.08e6 }, head_x[] = { 0.25e6, 0.27e6, 0.23e6 };
	struct verdict_job b, h;
	struct verdict_side base = { &b, 1 }, head = { &h, 1 };
	struct verdict_noise model = { 0.05 * 0.05, 20, 0.04 * 0.04, 60 };
	struct verdict_params p;
	struct verdict v;

	verdict_params_default(&p);
	verdict_job_of(&b, base_x, 3);
	verdict_job_of(&h, head_x, 3);
	CHECK(verdict_compare(&v, &base, &head, &model, &p) == 0);
	CHECK_STR(verdict_name(v.kind), "changed");
	CHECK(v.log_scale);
	CHECK(v.percent < -73 && v.percent > -76);
	CHECK(v.ci_lo < v.percent && v.ci_hi > v.percent && v.ci_hi < -50);
	CHECK(v.p < 1e-4);
	CHECK(v.single_job);
	CHECK_STR(verdict_more_name(v.more), "jobs");
	CHECK(strstr(v.reason, "single job") != NULL);
	/* With no model at all, the prior (10%, 2 df) still calls a 4x drop. */
	CHECK(verdict_compare(&v, &base, &head, NULL, &p) == 0);
	CHECK_STR(verdict_name(v.kind), "changed");
	CHECK(v.prior_used);
	CHECK(strstr(v.reason, "no noise model") != NULL);
	/* Without a prior, one job a side tells nothing of the between-job spread. */
	p.prior_between = 0;
	CHECK(verdict_compare(&v, &base, &head, NULL, &p) == 0);
	CHECK(!v.tested);
	CHECK_STR(verdict_name(v.kind), "inconclusive");
	CHECK(isnan(v.p));
	CHECK(strstr(v.reason, "second job") != NULL);
	CHECK_NEAR(v.jobs_needed, 2, 0);
}

/* The v7.4 merge window's first merge changed no compiled file, yet one boot read
 * getppid 51% slower: iterations agree within a job (2%), boots do not
 * (20% between jobs).  Welch over the iterations says p < 0.01; the
 * verdict, which counts the job as the unit, does not call it. */
static void test_other_boot(void)
{
	const double base_x[] = { 320, 326, 318 }, head_x[] = { 483, 490, 478 };
	struct verdict_job b, h;
	struct verdict_side base = { &b, 1 }, head = { &h, 1 };
	struct verdict_noise model = { 0.20 * 0.20, 30, 0.02 * 0.02, 120 };
	struct verdict_params p;
	struct stats_test w;
	struct verdict v;

	verdict_params_default(&p);
	verdict_job_of(&b, base_x, 3);
	verdict_job_of(&h, head_x, 3);
	CHECK(stats_welch_t(&w, base_x, 3, head_x, 3) == 0 && w.pvalue < 0.01);
	CHECK(verdict_compare(&v, &base, &head, &model, &p) == 0);
	CHECK(v.percent > 50 && v.percent < 52);
	CHECK(v.p > 0.05);
	CHECK_STR(verdict_name(v.kind), "inconclusive");
	CHECK_STR(verdict_more_name(v.more), "jobs");
	CHECK(v.jobs_needed > 2 && isfinite(v.jobs_needed));
	CHECK(v.ci_lo < 0 && v.ci_hi > 100);
	/* The smallest effect that matters follows the between-job spread. */
	CHECK_NEAR(v.min_effect, 0.20, 0.01);
}

static void test_noise_of(void)
{
	struct verdict_noise n;

	/* 10 groups of 2 jobs of 5 iterations: rep_wn = 10 * (1 - 1/2) * 2 / 5 */
	verdict_noise_of(&n, 10 * (0.0004 + 0.0001 * 2 / 5 * 0.5) , 10, 10 * 0.5 * 2.0 / 5,
			 0.0001 * 80, 80);
	CHECK_NEAR(n.within_var, 0.0001, 1e-12);
	CHECK_NEAR(n.between_var, 0.0004, 1e-9);
	CHECK_NEAR(n.between_df, 10, 0);
	verdict_noise_of(&n, 0, 0, 0, 0, 0);
	CHECK(n.between_df == 0 && n.within_df == 0);
	/* more iteration noise than the job means show: no negative variance */
	verdict_noise_of(&n, 0.0001, 10, 10, 0.01, 10);
	CHECK(n.between_var == 0);
}

static void test_constant_and_raw(void)
{
	const double c[] = { 7, 7, 7 }, d[] = { 7.5, 7.5, 7.5 };
	const double neg_b[] = { -1, 0.5, 0.2, -0.3 }, neg_h[] = { 4, 5, 4.5, 5.5 };
	struct verdict_job b[2], h[2];
	struct verdict_side base = { b, 2 }, head = { h, 2 };
	struct verdict_params p;
	struct verdict v;

	verdict_params_default(&p);
	p.prior_between = 0;
	verdict_job_of(&b[0], c, 3);
	verdict_job_of(&b[1], c, 3);
	verdict_job_of(&h[0], c, 3);
	verdict_job_of(&h[1], c, 3);
	CHECK(verdict_compare(&v, &base, &head, NULL, &p) == 0);
	CHECK_STR(verdict_name(v.kind), "same");
	CHECK_NEAR(v.p, 1, 0);
	verdict_job_of(&h[0], d, 3);
	verdict_job_of(&h[1], d, 3);
	CHECK(verdict_compare(&v, &base, &head, NULL, &p) == 0);
	CHECK_STR(verdict_name(v.kind), "changed");
	CHECK_NEAR(v.percent, 100.0 / 14, 1e-9);
	/* Values around 0: the raw scale, still tested. */
	verdict_job_of(&b[0], neg_b, 2);
	verdict_job_of(&b[1], neg_b + 2, 2);
	verdict_job_of(&h[0], neg_h, 2);
	verdict_job_of(&h[1], neg_h + 2, 2);
	CHECK(verdict_compare(&v, &base, &head, NULL, &p) == 0);
	CHECK(!v.log_scale);
	CHECK(v.tested);
	CHECK(v.diff > 4.5 && v.diff < 5.3);
}

static int sim_fill(struct verdict_job *jobs, double *x, size_t njobs, double level, size_t n)
{
	for (size_t j = 0; j < njobs; j++)
		sim_job(&jobs[j], x, level, SIM_SB, SIM_SW, n);
	return 0;
}

/* A quiet metric (0.5% between jobs, 1% within) measured 3 jobs of 5
 * iterations a side is shown "same" when nothing changed. */
static void test_same(void)
{
	struct verdict_job b[3], h[3];
	struct verdict_side base = { b, 3 }, head = { h, 3 };
	struct verdict_noise model = { 0.005 * 0.005, 40, 0.01 * 0.01, 200 };
	struct verdict_params p;
	struct verdict v;
	double x[5];
	int same = 0, changed = 0;

	verdict_params_default(&p);
	rng_seed(7);
	for (int r = 0; r < 200; r++) {
		for (int j = 0; j < 3; j++) {
			sim_job(&b[j], x, 100, 0.005, 0.01, 5);
			sim_job(&h[j], x, 100, 0.005, 0.01, 5);
		}
		CHECK(verdict_compare(&v, &base, &head, &model, &p) == 0);
		same += v.kind == VERDICT_SAME;
		changed += v.kind == VERDICT_CHANGED;
	}
	printf("quiet null, 3 jobs x 5 iterations a side: same %d/200, changed %d/200\n",
	       same, changed);
	CHECK(same >= 150);
	CHECK(changed <= 5);
	CHECK(strstr(v.reason, "jobs") != NULL);
}

/* FDR over 1,000 null metrics and 10 changed by 10x the between-job
 * spread, 3 jobs of 5 iterations a side, model known. */
static void test_fdr(void)
{
	static struct verdict v[1010];
	struct verdict_job b[3], h[3];
	struct verdict_side base = { b, 3 }, head = { h, 3 };
	struct verdict_noise model = { SIM_SB * SIM_SB, 40, SIM_SW * SIM_SW, 400 };
	struct verdict_params p;
	double x[5];
	int real = 0, false_pos = 0, raw = 0;

	verdict_params_default(&p);
	rng_seed(11);
	for (int m = 0; m < 1010; m++) {
		sim_fill(b, x, 3, 1000, 5);
		sim_fill(h, x, 3, m < 10 ? 1000 * (1 + 10 * SIM_SB) : 1000, 5);
		CHECK(verdict_test(&v[m], &base, &head, &model, &p) == 0);
		raw += m >= 10 && v[m].p < 0.05;
	}
	CHECK(verdict_fdr(v, 1010, &p) == 0);
	for (int m = 0; m < 1010; m++) {
		real += m < 10 && v[m].kind == VERDICT_CHANGED;
		false_pos += m >= 10 && v[m].kind == VERDICT_CHANGED;
	}
	printf("FDR: %d/10 real changes, %d/1000 false, %d null p < 0.05 before FDR\n", real,
	       false_pos, raw);
	CHECK_INT(real, 10);
	CHECK(false_pos <= 1);
	CHECK(raw >= 20);
}

/* The iteration-level test kpci used before: Welch and Mann-Whitney over
 * all iterations, the larger p. */
static double old_p(const struct verdict_job *b, const double *bx, size_t nb,
		    const double *hx, size_t nh)
{
	struct stats_test w, mw;

	(void)b;
	if (stats_welch_t(&w, bx, nb, hx, nh) < 0 || stats_mann_whitney(&mw, bx, nb, hx, nh) < 0)
		return 1;
	return fmax(w.pvalue, mw.pvalue);
}

/* One cell: rates of changed / same / inconclusive at effect k (in units
 * of SIM_SB), plus with FDR over the cell's metrics. */
struct sim_rates {
	double changed, same, fdr_changed, old, old_fdr;
};

static void sim_cell(struct sim_rates *r, size_t n, size_t jobs, int known, double k)
{
	static struct verdict v[SIM_METRICS];
	static double oldp[SIM_METRICS];
	struct verdict_job b[SIM_MAX_JOBS], h[SIM_MAX_JOBS];
	struct verdict_side base = { b, jobs }, head = { h, jobs };
	struct verdict_noise model = { SIM_SB * SIM_SB, 40, SIM_SW * SIM_SW, 400 };
	double bx[SIM_MAX_JOBS * SIM_MAX_ITER], hx[SIM_MAX_JOBS * SIM_MAX_ITER];
	struct verdict_params p;
	size_t ch = 0, sa = 0, fch = 0, old = 0, oldf = 0;

	verdict_params_default(&p);
	for (size_t m = 0; m < SIM_METRICS; m++) {
		double level = 1000 * (1 + (m % 2 ? k : -k) * SIM_SB);

		for (size_t j = 0; j < jobs; j++) {
			sim_job(&b[j], bx + j * n, 1000, SIM_SB, SIM_SW, n);
			sim_job(&h[j], hx + j * n, level, SIM_SB, SIM_SW, n);
		}
		verdict_compare(&v[m], &base, &head, known ? &model : NULL, &p);
		ch += v[m].kind == VERDICT_CHANGED;
		sa += v[m].kind == VERDICT_SAME;
		oldp[m] = old_p(b, bx, jobs * n, hx, jobs * n);
		old += oldp[m] < p.alpha;
	}
	verdict_fdr(v, SIM_METRICS, &p);
	stats_bh_adjust(oldp, oldp, SIM_METRICS);
	for (size_t m = 0; m < SIM_METRICS; m++) {
		fch += v[m].kind == VERDICT_CHANGED;
		oldf += oldp[m] < p.alpha;
	}
	r->changed = (double)ch / SIM_METRICS;
	r->same = (double)sa / SIM_METRICS;
	r->fdr_changed = (double)fch / SIM_METRICS;
	r->old = (double)old / SIM_METRICS;
	r->old_fdr = (double)oldf / SIM_METRICS;
}

/* The table of docs/analysis.md, with what it must show asserted. */
static void test_power_table(void)
{
	static const size_t iters[] = { 3, 5, 10 }, jobs[] = { 1, 3 };

	rng_seed(2026);
	printf("planted data: between-job spread %.0f%%, within %.0f%%, %d metrics a cell;\n"
	       "rate of \"changed\" (one metric, q = p) at effect k x %.0f%%; same = \"same\" "
	       "at k 0;\nfdr = false \"changed\" with BH over the cell's null metrics; "
	       "old = max(Welch, MW) over iterations\n", 100 * SIM_SB, 100 * SIM_SW,
	       SIM_METRICS, 100 * SIM_SB);
	printf("%-4s %-4s %-6s", "iter", "jobs", "model");
	for (size_t e = 0; e < SIM_NEFFECTS; e++)
		printf(" %6s%-3g", "k=", sim_effects[e]);
	printf(" %6s %6s | %7s %8s %7s %8s\n", "same", "fdr", "old k=0", "oldfdr@0", "old k=3",
	       "oldfdr@3");
	for (size_t a = 0; a < 3; a++)
		for (size_t b = 0; b < 2; b++)
			for (int known = 1; known >= 0; known--) {
				struct sim_rates r[SIM_NEFFECTS];

				for (size_t e = 0; e < SIM_NEFFECTS; e++)
					sim_cell(&r[e], iters[a], jobs[b], known, sim_effects[e]);
				printf("%-4zu %-4zu %-6s", iters[a], jobs[b], known ? "known" : "prior");
				for (size_t e = 0; e < SIM_NEFFECTS; e++)
					printf(" %9.3f", r[e].changed);
				printf(" %6.3f %6.3f | %7.3f %8.3f %7.3f %8.3f\n", r[0].same,
				       r[0].fdr_changed, r[0].old, r[0].old_fdr, r[4].old,
				       r[4].old_fdr);
				/* false positives: one metric at most alpha, none after FDR */
				CHECK(r[0].changed <= 0.065);
				CHECK(r[0].fdr_changed <= 0.002);
				/* the old test flags boot-to-boot noise as change with
				 * one job a side */
				if (jobs[b] == 1 && known && iters[a] >= 5)
					CHECK(r[0].old > 0.2);
				/* power: 10x the spread is found with a model, 3 jobs a side */
				if (known && jobs[b] == 3)
					CHECK(r[6].changed >= 0.95);
				/* more effect, more power */
				CHECK(r[6].changed >= r[3].changed && r[3].changed >= r[1].changed);
			}
}

int main(void)
{
	test_job_of();
	test_four_times_drop();
	test_other_boot();
	test_noise_of();
	test_constant_and_raw();
	test_same();
	test_fdr();
	test_power_table();
	return check_done();
}
