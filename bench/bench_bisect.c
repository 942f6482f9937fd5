// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_bisect.c - how well and how fast kpci's bisection finds a culprit:
 * a simulation that runs the search and the probe judgement of
 * lib/bisect.h, the code kpcid's bisector runs, against a noisy oracle.
 *
 * Histories of 64 to 4,096 commits shaped like a merge window: a
 * first-parent line of merges, each bringing a topic branch of 1 to 40
 * commits forked from the last release (the good end) or from an earlier
 * commit of the line, and a few commits straight on the line.  One
 * culprit, uniform among the commits that are not merges.  A job (one
 * boot) measures a commit with 5 iterations: log value = level + b + e,
 * the culprit and its descendants one effect above the others, b the
 * job's draw and e each iteration's, so that a job's mean has standard
 * deviation sigma (half of its variance between jobs).  The judgement
 * gets that noise model as kpcid's analyzer would have it.  The ends
 * start with 3 jobs each, as the analyzer's more_jobs_max leaves them;
 * as in kpcid, a probe starts with BISECT_PROBE_JOBS jobs and gets one
 * more per undecided look (the ends topped up to the probe's jobs, the
 * probes decided pooled into them), is skipped at BISECT_PROBE_MAX_JOBS,
 * and a bisection gives up after BISECT_MAX_UNDECIDED skipped probes.
 *
 * For effect/sigma 1, 2, 4 and 1, 2, 4 runners (k probes a round): the
 * rate of correct culprits, probes (commits measured), rounds and jobs,
 * beside log2(N) and log(N)/log(k+1); then the two goals of
 * docs/performance.md checked.  BENCH_BISECT_TRIALS (environment) sets
 * the trials per cell.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/bisect.h"

#define SIM_ITERATIONS 5            /* iterations of a job */
#define SIM_END_JOBS 3              /* jobs of each end at the start */
#define SIM_EFFECT 0.10             /* the change, on the log scale */
#define SIM_MAX_TOPIC 40            /* commits of a topic branch at most */
#define SIM_MAX_JOBS 4096           /* jobs of one side at most */
#define SIM_TRIALS 200              /* default trials per cell */

static uint64_t sim_rng = 0x9e3779b97f4a7c15ull;

static double sim_uniform(void)
{
	sim_rng ^= sim_rng >> 12;
	sim_rng ^= sim_rng << 25;
	sim_rng ^= sim_rng >> 27;
	return (double)((sim_rng * 2685821657736338717ull) >> 11) * 0x1.0p-53;
}

static double sim_normal(void)
{
	double u = sim_uniform(), v = sim_uniform();

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static size_t sim_below(size_t n)
{
	size_t r = (size_t)(sim_uniform() * (double)n);

	return r < n ? r : n - 1;
}

/* A generated history: parents inside the range, merges flagged. */
struct sim_dag {
	size_t n, tip;
	size_t *par;                /* 2 per commit */
	struct bisect_commit *c;
	unsigned char *merge;
};

static void sim_dag_free(struct sim_dag *d)
{
	free(d->par);
	free(d->c);
	free(d->merge);
}

/* Appends a commit with parents a, b (SIZE_MAX: outside the range). */
static size_t sim_add(struct sim_dag *d, size_t a, size_t b)
{
	size_t i = d->n++;

	d->c[i].parents = d->par + 2 * i;
	d->c[i].nparents = 0;
	if (a != SIZE_MAX)
		d->par[2 * i + d->c[i].nparents++] = a;
	if (b != SIZE_MAX)
		d->par[2 * i + d->c[i].nparents++] = b;
	d->merge[i] = a != SIZE_MAX && b != SIZE_MAX;
	return i;
}

/* About target commits shaped like a merge window. */
static int sim_dag_make(struct sim_dag *d, size_t target)
{
	size_t cap = target + SIM_MAX_TOPIC + 2, line = SIZE_MAX, nline = 0;
	size_t *lines = calloc(cap, sizeof *lines);

	memset(d, 0, sizeof *d);
	d->par = calloc(2 * cap, sizeof *d->par);
	d->c = calloc(cap, sizeof *d->c);
	d->merge = calloc(cap, 1);
	if (!lines || !d->par || !d->c || !d->merge) {
		free(lines);
		return -1;
	}
	while (d->n + 1 < target) {
		if (sim_uniform() < 0.15 || d->n + 3 > target) {
			line = sim_add(d, line, SIZE_MAX);      /* a commit on the line */
		} else {
			size_t t = 1 + (size_t)(-6 * log(1 - sim_uniform())), prev;

			if (t > SIM_MAX_TOPIC)
				t = SIM_MAX_TOPIC;
			if (d->n + t + 1 > target)
				t = target - d->n - 1;
			/* forked from the release, or from a commit of the line */
			prev = nline && sim_uniform() < 0.3 ? lines[sim_below(nline)] : SIZE_MAX;
			for (size_t k = 0; k < t; k++)
				prev = sim_add(d, prev, SIZE_MAX);
			line = sim_add(d, line, prev);
		}
		lines[nline++] = line;
	}
	d->tip = line;
	free(lines);
	return 0;
}

/* bad[i] = 1 when the culprit is an ancestor of i (itself included). */
static void sim_bad_set(unsigned char *bad, const struct sim_dag *d, size_t culprit)
{
	memset(bad, 0, d->n);
	bad[culprit] = 1;
	/* commits come parents first */
	for (size_t i = culprit + 1; i < d->n; i++)
		for (size_t k = 0; k < d->c[i].nparents; k++)
			if (bad[d->c[i].parents[k]])
				bad[i] = 1;
}

/* The jobs of one side. */
struct sim_side {
	struct verdict_job jobs[SIM_MAX_JOBS];
	size_t n;
};

static double sim_sigma;        /* of one job's mean */

static void sim_job(struct sim_side *s, int bad, size_t iterations)
{
	double x[VERDICT_MAX_ITERATIONS], b = sqrt(0.5) * sim_sigma * sim_normal();
	double w = sqrt(0.5 * SIM_ITERATIONS) * sim_sigma;

	if (s->n >= SIM_MAX_JOBS)
		return;
	for (size_t i = 0; i < iterations; i++)
		x[i] = 1000 * exp((bad ? SIM_EFFECT : 0) + b + w * sim_normal());
	verdict_job_of(&s->jobs[s->n++], x, iterations);
}

static struct verdict_noise sim_noise(void)
{
	struct verdict_noise n = { 0 };

	n.between_var = 0.5 * sim_sigma * sim_sigma;
	n.between_df = 40;
	n.within_var = 0.5 * SIM_ITERATIONS * sim_sigma * sim_sigma;
	n.within_df = 200;
	return n;
}

/* What one simulated bisection did. */
struct sim_run {
	int correct, failed;
	size_t probes, rounds, jobs;
};

static struct sim_side sim_good, sim_bad, sim_probe[BISECT_MAX_PARALLEL];

/* Judges probe p against the pooled ends until it decides or reaches the
 * cap of jobs: GOOD, BAD or SKIP. */
static enum bisect_outcome sim_measure(struct sim_side *probe, int bad, size_t *jobs,
				       const struct bisect_params *p)
{
	struct bisect_sides m;
	struct bisect_metric_verdict v;
	struct bisect_judgement j;
	size_t it = SIM_ITERATIONS;

	probe->n = 0;
	for (size_t k = 0; k < BISECT_PROBE_JOBS; k++, (*jobs)++)
		sim_job(probe, bad, it);
	for (;;) {
		/* the ends keep at least the probe's jobs: an end measured
		 * less than the probe is what limits the comparison */
		while (sim_good.n < probe->n) {
			sim_job(&sim_good, 0, SIM_ITERATIONS);
			(*jobs)++;
		}
		while (sim_bad.n < probe->n) {
			sim_job(&sim_bad, 1, SIM_ITERATIONS);
			(*jobs)++;
		}
		m.good = (struct verdict_side){ sim_good.jobs, sim_good.n };
		m.bad = (struct verdict_side){ sim_bad.jobs, sim_bad.n };
		m.probe = (struct verdict_side){ probe->jobs, probe->n };
		m.noise = sim_noise();
		if (bisect_judge(&j, &v, &m, 1, p) < 0)
			return BISECT_SKIP;
		if (j.outcome != BISECT_UNKNOWN)
			return j.outcome;
		if (probe->n >= BISECT_PROBE_MAX_JOBS)
			return BISECT_SKIP;
		it = bisect_next_iterations(&j, it, VERDICT_MAX_ITERATIONS);
		sim_job(probe, bad, it);
		(*jobs)++;
	}
}

static void sim_pool(struct sim_side *to, const struct sim_side *from)
{
	for (size_t k = 0; k < from->n && to->n < SIM_MAX_JOBS; k++)
		to->jobs[to->n++] = from->jobs[k];
}

/* One bisection of d with its culprit, k probes a round. */
static void sim_bisect(struct sim_run *r, const struct sim_dag *d, size_t culprit, size_t k,
		       const struct bisect_params *p)
{
	unsigned char *bad = malloc(d->n);
	struct bisect *b = NULL;
	struct bisect_status st;
	const char *why;
	size_t undecided = 0;

	memset(r, 0, sizeof *r);
	if (!bad || bisect_new(&b, d->c, d->n, d->tip, &why) < 0) {
		r->failed = 1;
		free(bad);
		return;
	}
	sim_bad_set(bad, d, culprit);
	sim_good.n = sim_bad.n = 0;
	for (size_t e = 0; e < SIM_END_JOBS; e++) {
		sim_job(&sim_good, 0, SIM_ITERATIONS);
		sim_job(&sim_bad, 1, SIM_ITERATIONS);
	}
	r->jobs = 2 * SIM_END_JOBS;
	/* the ends must differ before anything is probed */
	for (;;) {
		struct bisect_sides m = { { sim_good.jobs, sim_good.n }, { sim_bad.jobs, sim_bad.n },
					  { NULL, 0 }, sim_noise() };
		struct bisect_metric_verdict v;
		size_t usable;

		if (bisect_judge_ends(&usable, &v, &m, 1, p) < 0 || usable)
			break;
		if (sim_good.n >= BISECT_PROBE_MAX_JOBS) {
			r->failed = 1;
			goto out;
		}
		sim_job(&sim_good, 0, SIM_ITERATIONS);
		sim_job(&sim_bad, 1, SIM_ITERATIONS);
		r->jobs += 2;
	}
	for (;;) {
		size_t pts[BISECT_MAX_PARALLEL], np;
		enum bisect_outcome o[BISECT_MAX_PARALLEL];

		bisect_status(b, &st);
		if (st.culprit >= 0 || st.stuck || undecided > BISECT_MAX_UNDECIDED)
			break;
		if (bisect_pick(b, k, pts, &np) < 0 || !np)
			break;
		r->rounds++;
		for (size_t x = 0; x < np; x++) {
			o[x] = sim_measure(&sim_probe[x], bad[pts[x]], &r->jobs, p);
			r->probes++;
		}
		for (size_t x = 0; x < np; x++) {
			undecided += o[x] == BISECT_SKIP;
			if (bisect_mark(b, pts[x], o[x]) < 0) {
				r->failed = 1;
				goto out;
			}
			if (o[x] == BISECT_GOOD)
				sim_pool(&sim_good, &sim_probe[x]);
			else if (o[x] == BISECT_BAD)
				sim_pool(&sim_bad, &sim_probe[x]);
		}
	}
	bisect_status(b, &st);
	r->failed = st.culprit < 0;
	r->correct = st.culprit == (long)culprit;
out:
	bisect_free(b);
	free(bad);
}

/* One cell of the table. */
struct sim_cell {
	double correct, within, probes, p95_probes, rounds, jobs, n;
	double wrong;
};

static int sim_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

static void sim_cell_run(struct sim_cell *c, size_t target, double ratio, size_t k,
			 size_t trials, const struct bisect_params *p)
{
	size_t *probes = calloc(trials, sizeof *probes);

	memset(c, 0, sizeof *c);
	sim_sigma = SIM_EFFECT / ratio;
	for (size_t t = 0; t < trials && probes; t++) {
		struct sim_dag d;
		struct sim_run r;
		size_t culprit;

		if (sim_dag_make(&d, target) < 0)
			break;
		do
			culprit = sim_below(d.n);
		while (d.merge[culprit]);
		sim_bisect(&r, &d, culprit, k, p);
		c->correct += r.correct;
		c->wrong += !r.failed && !r.correct;
		c->within += r.correct && (double)r.probes <= log2((double)d.n) + 2;
		c->probes += (double)r.probes;
		c->rounds += (double)r.rounds;
		c->jobs += (double)r.jobs;
		c->n += (double)d.n;
		probes[t] = r.probes;
		sim_dag_free(&d);
	}
	if (probes) {
		qsort(probes, trials, sizeof *probes, sim_cmp);
		c->p95_probes = (double)probes[(size_t)(0.95 * (double)(trials - 1))];
	}
	free(probes);
	c->correct /= (double)trials;
	c->wrong /= (double)trials;
	c->within /= (double)trials;
	c->probes /= (double)trials;
	c->rounds /= (double)trials;
	c->jobs /= (double)trials;
	c->n /= (double)trials;
}

int main(void)
{
	static const size_t sizes[] = { 64, 256, 1024, 4096 };
	static const double ratios[] = { 1, 2, 4 };
	static const size_t runners[] = { 1, 2, 4 };
	const char *env = getenv("BENCH_BISECT_TRIALS");
	size_t trials = env ? (size_t)strtoul(env, NULL, 10) : 0;
	struct bisect_params p;
	int goal_found = 1, goal_rounds = 1;
	clock_t t0 = clock();

	if (!trials || trials > 100000)
		trials = SIM_TRIALS;
	bisect_params_default(&p);
	printf("%zu trials per cell; alpha %g; probes start with %d jobs, at most %d\n", trials,
	       p.alpha, BISECT_PROBE_JOBS, BISECT_PROBE_MAX_JOBS);
	printf("%-5s %-2s %-5s %-7s %-6s %-7s %-7s %-7s %-4s %-6s %-7s %-8s %-6s %-6s\n",
	       "e/sd", "k", "N", "correct", "wrong", "gaveup", "within", "probes", "p95", "log2N",
	       "rounds", "logN/k+1", "ratio", "jobs");
	for (size_t ri = 0; ri < sizeof ratios / sizeof *ratios; ri++)
		for (size_t ki = 0; ki < sizeof runners / sizeof *runners; ki++)
			for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
				struct sim_cell c;
				size_t k = runners[ki];
				double ideal;

				sim_cell_run(&c, sizes[si], ratios[ri], k, trials, &p);
				ideal = log(c.n) / log((double)k + 1);
				printf("%-5g %-2zu %-5.0f %-7.3f %-6.3f %-7.3f %-7.3f %-7.2f %-4.0f "
				       "%-6.2f %-7.2f %-8.2f %-6.2f %-6.1f\n", ratios[ri], k, c.n,
				       c.correct, c.wrong, 1 - c.correct - c.wrong, c.within, c.probes,
				       c.p95_probes, log2(c.n), c.rounds, ideal, c.rounds / ideal, c.jobs);
				if (ratios[ri] >= 2 && k == 1 && c.within < 0.95)
					goal_found = 0;
				if (ratios[ri] >= 2 && c.rounds > 1.3 * ideal)
					goal_rounds = 0;
			}
	printf("goal: at effect/sigma >= 2 on one runner, >= 95%% correct within log2(N)+2 "
	       "probes: %s\n", goal_found ? "met" : "NOT met");
	printf("goal: at effect/sigma >= 2, rounds within 1.3x of log(N)/log(k+1): %s\n",
	       goal_rounds ? "met" : "NOT met");
	printf("%.1f s of CPU\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
	return 0;
}
