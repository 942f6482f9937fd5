// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbench_measure.c - how one kbench sample is taken (kbench_measure,
 * kbench_core.h): pinned to one CPU, the operation count calibrated to
 * rep_ms, then reps repetitions timed on the plan's clock and, where the
 * plan asks, counted in instructions (kbench_insn.h); their medians and
 * spreads.  The benchmarks themselves are kbench_core.c's.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "runners/kbench_core.h"
#include "runners/kbench_insn.h"
#include "runners/repeat.h"
#include "lib/mono.h"

#define KBENCH_MAX_OPS    (1L << 40)
#define KBENCH_CALIBRATE_STEPS 64
/* Now on clock c, in ns: wall time, or the CPU time of this process, of
 * the live partner process and of the children it reaped; -1 when the
 * kernel has no such clock. */
static double kbench_clock_ns(enum kbench_clock c, pid_t partner)
{
	struct timespec ts, tp = { 0, 0 };
	struct rusage ru;
	clockid_t pc;

	if (c == KBENCH_WALL)
		return (double)mono_ns();
	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0 || getrusage(RUSAGE_CHILDREN, &ru) < 0)
		return -1;
	if (partner > 0 && (clock_getcpuclockid(partner, &pc) || clock_gettime(pc, &tp) < 0))
		return -1;
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec + (double)tp.tv_sec * 1e9 +
	       (double)tp.tv_nsec + ((double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec) * 1e9 +
	       ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) * 1e3;
}

/* ops operations of b timed on clock c into *ns. */
static int kbench_timed(const struct kbench_bench *b, void *state, enum kbench_clock c,
			long ops, double *ns, char *cause, size_t n)
{
	pid_t partner = b->partner && state ? b->partner(state) : 0;
	double t0 = kbench_clock_ns(c, partner), t1;

	if (b->run(state, ops, cause, n) < 0)
		return -1;
	t1 = kbench_clock_ns(c, partner);
	if (t0 < 0 || t1 < 0) {
		snprintf(cause, n, "%s: the kernel gives no CPU time clock", b->name);
		return -1;
	}
	*ns = t1 > t0 ? t1 - t0 : 1;
	return 0;
}

/* The operation count for one repetition of about target_ns: grown from 1
 * until a run takes a tenth of the target, then scaled.  These runs also
 * warm caches and the partner up. */
static int kbench_calibrate(const struct kbench_bench *b, void *state, enum kbench_clock c,
			    double target_ns, long *ops, char *cause, size_t n)
{
	long k = 1;
	double ns = 0;

	for (int step = 0; step < KBENCH_CALIBRATE_STEPS; step++) {
		if (kbench_timed(b, state, c, k, &ns, cause, n) < 0)
			return -1;
		if (ns >= target_ns / 10 || k >= KBENCH_MAX_OPS / 10)
			break;
		k = ns < target_ns / 1000 ? k * 10 : k * 2;
	}
	if (ns > 0) {
		double want = (double)k * target_ns / ns;

		k = want < 1 ? 1 : want > (double)KBENCH_MAX_OPS ? KBENCH_MAX_OPS : (long)want;
	}
	*ops = k;
	return 0;
}

enum kbench_clock kbench_clock_usable(enum kbench_clock want)
{
	struct timespec ts;

	if (want == KBENCH_CPU && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
		return KBENCH_WALL;
	return want;
}

/* The repetitions' instruction counts per operation into out (median,
 * spread), or out->insn -1 when any repetition went uncounted. */
static void kbench_insn_sum(struct kbench_sample *out, double *insn, int reps)
{
	double tmp[KBENCH_MAX_REPS];

	out->insn = -1;
	out->insn_spread = 0;
	for (int r = 0; r < reps; r++)
		if (!(insn[r] >= 0))
			return;
	memcpy(tmp, insn, sizeof(double) * (size_t)reps);
	out->insn = repeat_median(tmp, reps);
	out->insn_spread = repeat_spread(insn, reps);
}

int kbench_measure(const struct kbench_bench *b, const struct kbench_plan *p,
		   struct kbench_sample *out, char *cause, size_t n)
{
	double vals[KBENCH_MAX_REPS], tmp[KBENCH_MAX_REPS], insn[KBENCH_MAX_REPS];
	int reps = p->reps < 1 ? 1 : p->reps > KBENCH_MAX_REPS ? KBENCH_MAX_REPS : p->reps;
	double target = (double)(p->rep_ms > 0 ? p->rep_ms : KBENCH_REP_MS) * 1e6;
	double calls = b->calls_per_op > 0 ? b->calls_per_op : 1;
	char why[KBENCH_MAX_CAUSE];
	cpu_set_t saved, one;
	void *state = NULL;
	int rc = -1, fd = -1;
	long ops;

	if (sched_getaffinity(0, sizeof saved, &saved) < 0) {
		snprintf(cause, n, "%s: %s", b->name, strerror(errno));
		return -1;
	}
	if (p->cpu >= 0) {
		CPU_ZERO(&one);
		CPU_SET(p->cpu, &one);
		if (sched_setaffinity(0, sizeof one, &one) < 0) {
			snprintf(cause, n, "%s: cannot pin to CPU %d: %s", b->name, p->cpu,
				 strerror(errno));
			return -1;
		}
	}
	/* this thread's instructions; a counter that does not open leaves
	 * the sample uncounted */
	if (p->count == KBENCH_COUNT_PMU)
		fd = kbench_insn_open(why, sizeof why);
	if (b->setup && b->setup(&state, cause, n) < 0)
		goto out;
	if (kbench_calibrate(b, state, p->clock, target, &ops, cause, n) < 0)
		goto out;
	for (int r = 0; r < reps; r++) {
		double ns, c0 = kbench_insn_read(fd), c1;

		if (kbench_timed(b, state, p->clock, ops, &ns, cause, n) < 0)
			goto out;
		c1 = kbench_insn_read(fd);
		vals[r] = b->mb_per_op > 0 ? b->mb_per_op * (double)ops / (ns / 1e9) :
			  ns / ((double)ops * calls);
		insn[r] = p->count == KBENCH_COUNT_CLOCK ? kbench_insn_per_op(b, ns, ops) :
			  c0 >= 0 && c1 >= c0 ? kbench_insn_per_op(b, c1 - c0, ops) : -1;
	}
	memcpy(tmp, vals, sizeof(double) * (size_t)reps);
	out->value = repeat_median(tmp, reps);
	out->spread = repeat_spread(vals, reps);
	out->ops = ops;
	kbench_insn_sum(out, insn, reps);
	rc = 0;
out:
	if (state && b->done)
		b->done(state);
	kbench_insn_close(fd);
	sched_setaffinity(0, sizeof saved, &saved);
	return rc;
}
