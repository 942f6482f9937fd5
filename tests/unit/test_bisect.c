// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_bisect.c - lib/bisect.h: the candidates of a DAG and what each
 * outcome leaves of them, git bisect's midpoint, k points at once, skips
 * and contradictions, and the judgement of a probe against the two ends
 * with the three-way verdict (seeded noise, tests/unit/rng.h).
 */
#include "lib/bisect.h"
#include "tests/unit/check.h"
#include "tests/unit/rng.h"

#include <stdlib.h>

#define CHAIN_MAX 64

/* A chain 0 <- 1 <- ... <- n-1 (each commit's parent the one before). */
struct chain {
	struct bisect_commit c[CHAIN_MAX];
	size_t p[CHAIN_MAX];
};

static void chain_make(struct chain *ch, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		ch->p[i] = i - 1;
		ch->c[i].parents = &ch->p[i];
		ch->c[i].nparents = i ? 1 : 0;
	}
}

static void test_linear(void)
{
	struct chain ch;
	struct bisect *b;
	struct bisect_status st;
	const char *why;
	size_t pts[4], np, culprit = 11, probes = 0;

	chain_make(&ch, 16);
	CHECK_INT(bisect_new(&b, ch.c, 16, 15, &why), 0);
	CHECK_INT(bisect_remaining(b), 16);
	CHECK_INT(bisect_weight(b, 7), 8);
	CHECK_INT(bisect_outcome_of(b, 15), BISECT_BAD);
	/* git bisect's midpoint: 8 alive ancestors of 16 */
	CHECK_INT(bisect_pick(b, 1, pts, &np), 0);
	CHECK_INT(np, 1);
	CHECK_INT(bisect_weight(b, pts[0]), 8);
	for (;;) {
		bisect_status(b, &st);
		if (st.culprit >= 0 || st.stuck)
			break;
		CHECK_INT(bisect_pick(b, 1, pts, &np), 0);
		CHECK_INT(bisect_mark(b, pts[0], pts[0] >= culprit ? BISECT_BAD : BISECT_GOOD), 0);
		probes++;
	}
	CHECK_INT(st.culprit, (long)culprit);
	CHECK_INT(probes, 4);           /* log2(16) */
	bisect_free(b);
}

/*
 * A merge window:   0 - 1 ------- 5 - 6 (tip)
 *                    \           /
 *                     2 - 3 - 4           (a topic forked from 0)
 * plus 7, a topic commit forked outside the set, merged by 6... here 6
 * merges 5 and 7.
 */
static void test_dag(void)
{
	size_t p1[] = { 0 }, p2[] = { 0 }, p3[] = { 2 }, p4[] = { 3 }, p5[] = { 1, 4 },
	       p6[] = { 5, 7 };
	struct bisect_commit c[8] = {
		{ NULL, 0 }, { p1, 1 }, { p2, 1 }, { p3, 1 }, { p4, 1 }, { p5, 2 }, { p6, 2 },
		{ NULL, 0 },
	};
	struct bisect *b;
	struct bisect_status st;
	const char *why;
	size_t pts[4], np;

	CHECK_INT(bisect_new(&b, c, 8, 6, &why), 0);
	CHECK_INT(bisect_weight(b, 5), 6);          /* 0..5 */
	CHECK_INT(bisect_weight(b, 4), 4);          /* 0, 2, 3, 4 */
	/* 3 good: 0, 2, 3 are not the culprit; the topic's head and the rest are */
	CHECK_INT(bisect_mark(b, 3, BISECT_GOOD), 0);
	CHECK(!bisect_alive(b, 0) && !bisect_alive(b, 2) && !bisect_alive(b, 3));
	CHECK(bisect_alive(b, 4) && bisect_alive(b, 1) && bisect_alive(b, 7));
	CHECK_INT(bisect_remaining(b), 5);
	/* 5 bad: the culprit is among 5's ancestors: 1, 4, 5 */
	CHECK_INT(bisect_mark(b, 5, BISECT_BAD), 0);
	CHECK_INT(bisect_remaining(b), 3);
	CHECK(!bisect_alive(b, 7) && !bisect_alive(b, 6));
	/* a good commit with a bad ancestor contradicts: refused, nothing changes */
	CHECK_INT(bisect_mark(b, 6, BISECT_GOOD), -1);
	CHECK_INT(bisect_remaining(b), 3);
	/* skipping the topic's head: 1 is left to test */
	CHECK_INT(bisect_mark(b, 4, BISECT_SKIP), 0);
	CHECK_INT(bisect_pick(b, 1, pts, &np), 0);
	CHECK_INT(np, 1);
	CHECK_INT(pts[0], 1);
	CHECK_INT(bisect_mark(b, 1, BISECT_GOOD), 0);
	bisect_status(b, &st);
	CHECK_INT(st.alive, 2);         /* 4 (skipped) and 5 (bad): either */
	CHECK_INT(st.testable, 0);
	CHECK(st.stuck);
	CHECK_INT(st.culprit, -1);
	bisect_free(b);
}

static void test_bad_input(void)
{
	size_t p0[] = { 1 }, p1[] = { 0 }, p2[] = { 9 };
	struct bisect_commit cyc[2] = { { p0, 1 }, { p1, 1 } }, out[2] = { { NULL, 0 }, { p2, 1 } };
	struct bisect *b = NULL;
	const char *why = NULL;

	CHECK_INT(bisect_new(&b, cyc, 2, 1, &why), -1);
	CHECK(b == NULL);
	CHECK_STR(why, "the parents form a cycle");
	CHECK_INT(bisect_new(&b, out, 2, 1, &why), -1);
	CHECK_STR(why, "a parent index is out of range");
	CHECK_INT(bisect_new(&b, out, 0, 0, &why), -1);
	bisect_free(NULL);
}

/* k points at once cut a chain into about k + 1 equal parts. */
static void test_parallel(void)
{
	struct chain ch;
	struct bisect *b;
	const char *why;
	size_t pts[BISECT_MAX_PARALLEL], np, one;
	double e1, e3;

	chain_make(&ch, 64);
	CHECK_INT(bisect_new(&b, ch.c, 64, 63, &why), 0);
	CHECK_INT(bisect_pick(b, 1, &one, &np), 0);
	e1 = bisect_expected_left(b, &one, 1);
	CHECK_INT(bisect_pick(b, 3, pts, &np), 0);
	CHECK_INT(np, 3);
	e3 = bisect_expected_left(b, pts, np);
	CHECK_NEAR(e1, 32, 0.5);
	CHECK(e3 < 17);                 /* about 64 / 4 */
	CHECK(pts[0] != pts[1] && pts[1] != pts[2] && pts[0] != pts[2]);
	/* never more points than commits to test */
	CHECK_INT(bisect_mark(b, 61, BISECT_GOOD), 0);
	CHECK_INT(bisect_pick(b, 4, pts, &np), 0);
	CHECK_INT(np, 1);
	CHECK_INT(pts[0], 62);
	bisect_free(b);
}

/* n jobs of 5 iterations around level, 2% between jobs, 1% within. */
static void jobs_of(struct verdict_job *j, size_t n, double level)
{
	for (size_t k = 0; k < n; k++) {
		double x[5], b = 0.02 * rng_normal();

		for (int i = 0; i < 5; i++)
			x[i] = level * exp(b + 0.01 * rng_normal());
		verdict_job_of(&j[k], x, 5);
	}
}

static void test_judge(void)
{
	struct verdict_job g[4], bad[4], p[4], g2[4], b2[4], p2[4];
	struct bisect_sides m[2];
	struct bisect_metric_verdict v[2];
	struct bisect_judgement j;
	struct bisect_params par;
	struct verdict_noise model = { 0.0004, 40, 0.0005, 200 };

	rng_seed(7);
	bisect_params_default(&par);
	CHECK_NEAR(par.alpha, 0.0005, 1e-12);
	jobs_of(g, 4, 100);
	jobs_of(bad, 4, 150);
	m[0] = (struct bisect_sides){ { g, 4 }, { bad, 4 }, { p, 3 }, model };
	jobs_of(p, 3, 100);
	CHECK_INT(bisect_judge(&j, v, m, 1, &par), 0);
	CHECK_INT(j.outcome, BISECT_GOOD);
	CHECK_INT(v[0].says, BISECT_GOOD);
	CHECK(v[0].usable && v[0].ends.kind == VERDICT_CHANGED);
	CHECK(strstr(j.reason, "past the midpoint toward the good end on 1 of 1") != NULL);
	jobs_of(p, 3, 150);
	CHECK_INT(bisect_judge(&j, v, m, 1, &par), 0);
	CHECK_INT(j.outcome, BISECT_BAD);
	/* one job of a noisy metric between ends 10% apart: past neither
	 * midpoint significantly, more measurement decides */
	{
		struct verdict_noise noisy = { 0.0025, 40, 0.0005, 200 };
		struct bisect_sides n1 = { { g, 4 }, { bad, 4 }, { p, 1 }, noisy };

		jobs_of(bad, 4, 110);
		jobs_of(p, 1, 104);
		CHECK_INT(bisect_judge(&j, v, &n1, 1, &par), 0);
		jobs_of(bad, 4, 150);
	}
	CHECK_INT(j.outcome, BISECT_UNKNOWN);
	CHECK(j.more == VERDICT_MORE_JOBS || j.more == VERDICT_MORE_ITERATIONS);
	CHECK(strstr(j.reason, "undecided") != NULL);
	/* a second metric that says the opposite: a conflict, no outcome */
	jobs_of(p, 3, 100);
	jobs_of(g2, 4, 50);
	jobs_of(b2, 4, 80);
	jobs_of(p2, 3, 80);
	m[1] = (struct bisect_sides){ { g2, 4 }, { b2, 4 }, { p2, 3 }, model };
	CHECK_INT(bisect_judge(&j, v, m, 2, &par), 0);
	CHECK(j.conflict);
	CHECK_INT(j.outcome, BISECT_UNKNOWN);
	CHECK_INT(j.good, 1);
	CHECK_INT(j.bad, 1);
	/* ends that do not differ decide nothing */
	jobs_of(bad, 4, 100);
	CHECK_INT(bisect_judge(&j, v, m, 1, &par), 0);
	CHECK_INT(j.usable, 0);
	CHECK(strstr(j.reason, "do not differ") != NULL);
	/* a metric without jobs at an end takes no part */
	jobs_of(bad, 4, 150);
	m[0].good.njobs = 0;
	CHECK_INT(bisect_judge(&j, v, m, 2, &par), 0);
	CHECK(!v[0].usable);
	CHECK_INT(j.usable, 1);
	CHECK_INT(j.outcome, BISECT_BAD);       /* the second metric alone: p2 at its bad end */
}

static void test_shift(void)
{
	struct verdict_job from[3], to[3];
	struct verdict_side f = { from, 3 }, t = { to, 3 };
	struct bisect_params par;
	struct verdict v;
	int up = 1, down = -1;
	double q;

	rng_seed(11);
	bisect_params_default(&par);
	jobs_of(from, 3, 100);
	jobs_of(to, 3, 140);
	CHECK_INT(bisect_shift(&v, &q, &f, &t, NULL, &up, 1, &par), 1);
	CHECK(q < 0.05);
	CHECK_INT(v.kind, VERDICT_CHANGED);
	CHECK_INT(bisect_shift(&v, &q, &f, &t, NULL, &down, 1, &par), 0);
	CHECK_NEAR(q, 1, 0);
}

static void test_next_iterations(void)
{
	struct bisect_judgement j = { 0 };

	j.more = VERDICT_MORE_JOBS;
	CHECK_INT(bisect_next_iterations(&j, 5, 100), 5);
	j.more = VERDICT_MORE_ITERATIONS;
	j.iterations_needed = 12;
	CHECK_INT(bisect_next_iterations(&j, 5, 100), 12);
	j.iterations_needed = 1000;
	CHECK_INT(bisect_next_iterations(&j, 5, 100), 100);
	j.iterations_needed = 3;
	CHECK_INT(bisect_next_iterations(&j, 5, 100), 5);
	CHECK_STR(bisect_outcome_name(BISECT_SKIP), "skip");
}

int main(void)
{
	test_linear();
	test_dag();
	test_bad_input();
	test_parallel();
	test_judge();
	test_shift();
	test_next_iterations();
	return check_done();
}
