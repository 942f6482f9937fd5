// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_cpd.c - how long change-point detection takes.
 *
 * Times both methods on one series of 100,000 points, on 10,000 series of
 * 500 points, and on single series of 1k, 10k and 100k points to show the
 * growth with n.  Series are seeded and kernel-like: 1% gaussian noise,
 * one step every 2,000 points.  Then the incremental case: a state loaded
 * with 100,000 points gets BENCH_APPENDS more, one per call, against one
 * full run over the same 100,000 points.  Prints tables; docs/detector.md
 * quotes them.
 */
#include "lib/cpd.h"
#include "lib/mono.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BENCH_BIG 100000
#define BENCH_MANY 10000
#define BENCH_SMALL 500
#define BENCH_STEP_EVERY 2000
#define BENCH_APPENDS 1000		/* single-point appends timed */

static uint64_t bench_rng = 0x2545f4914f6cdd1dull;

static double bench_uniform(void)
{
	bench_rng ^= bench_rng >> 12;
	bench_rng ^= bench_rng << 25;
	bench_rng ^= bench_rng >> 27;
	return ((bench_rng * 2685821657736338717ull) >> 11) * 0x1.0p-53;
}

static double bench_normal(void)
{
	double u = bench_uniform(), v = bench_uniform();

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static void bench_series(double *x, size_t n)
{
	double level = 1000;

	for (size_t i = 0; i < n; i++) {
		if (i && i % BENCH_STEP_EVERY == 0)
			level *= bench_uniform() < 0.5 ? 1.05 : 0.95;
		x[i] = level * (1 + 0.01 * bench_normal());
	}
}

/* Seconds to run `reps` detections over series of n points; *found gets
 * the change points of the last one. */
static double bench_run(enum cpd_method m, size_t n, size_t reps,
			size_t *found)
{
	double *x = malloc(n * sizeof *x), t0, total = 0;
	struct cpd_params p;

	if (!x) {
		fprintf(stderr, "bench_cpd: out of memory\n");
		exit(1);
	}
	cpd_params_default(&p, m);
	for (size_t r = 0; r < reps; r++) {
		struct cpd_point *pts;

		bench_series(x, n);
		t0 = mono_now();
		if (cpd_detect(&pts, found, x, n, &p) < 0) {
			fprintf(stderr, "bench_cpd: detection failed\n");
			exit(1);
		}
		total += mono_now() - t0;
		free(pts);
	}
	free(x);
	return total;
}

/* Mean seconds of one single-point cpd_state_append() to a series of
 * BENCH_BIG points, over BENCH_APPENDS appends; *full gets the seconds of
 * one full cpd_detect() over the first BENCH_BIG points. */
static double bench_append(enum cpd_method m, double *full)
{
	size_t n = BENCH_BIG + BENCH_APPENDS, found;
	double *x = malloc(n * sizeof *x), t0, total;
	struct cpd_params p;
	struct cpd_state *st;
	struct cpd_point *pts;

	cpd_params_default(&p, m);
	if (!x || cpd_state_new(&st, &p) < 0) {
		fprintf(stderr, "bench_cpd: out of memory\n");
		exit(1);
	}
	bench_series(x, n);
	t0 = mono_now();
	if (cpd_detect(&pts, &found, x, BENCH_BIG, &p) < 0 ||
	    cpd_state_append(st, x, BENCH_BIG) < 0) {
		fprintf(stderr, "bench_cpd: detection failed\n");
		exit(1);
	}
	*full = (mono_now() - t0) / 2;	/* the state's load is a full run */
	free(pts);
	t0 = mono_now();
	for (size_t i = BENCH_BIG; i < n; i++)
		if (cpd_state_append(st, x + i, 1) < 0) {
			fprintf(stderr, "bench_cpd: append failed\n");
			exit(1);
		}
	total = mono_now() - t0;
	cpd_state_free(st);
	free(x);
	return total / BENCH_APPENDS;
}

int main(void)
{
	static const size_t sizes[] = { 1000, 10000, 100000 };
	static const enum cpd_method methods[] = { CPD_DEFAULT, CPD_OTAVA };

	printf("%-8s %-22s %10s %12s %6s\n", "method", "workload", "seconds",
	       "us/point", "cps");
	for (size_t mi = 0; mi < 2; mi++) {
		enum cpd_method m = methods[mi];
		size_t found;
		double s;

		for (size_t si = 0; si < 3; si++) {
			char label[64];

			s = bench_run(m, sizes[si], 1, &found);
			snprintf(label, sizeof label, "1 x %zu", sizes[si]);
			printf("%-8s %-22s %10.4f %12.3f %6zu\n",
			       cpd_method_name(m), label, s,
			       s * 1e6 / (double)sizes[si], found);
		}
		s = bench_run(m, BENCH_SMALL, BENCH_MANY, &found);
		printf("%-8s %-22s %10.4f %12.3f %6s\n", cpd_method_name(m),
		       "10000 x 500", s,
		       s * 1e6 / (double)(BENCH_SMALL * BENCH_MANY), "-");
	}
	printf("\n%-8s %-34s %12s\n", "method", "incremental, 100,000 points",
	       "ms");
	for (size_t mi = 0; mi < 2; mi++) {
		double full, one = bench_append(methods[mi], &full);

		printf("%-8s %-34s %12.3f\n%-8s %-34s %12.3f\n",
		       cpd_method_name(methods[mi]), "full run", full * 1e3,
		       cpd_method_name(methods[mi]), "append 1 point (mean of 1000)",
		       one * 1e3);
	}
	return 0;
}
