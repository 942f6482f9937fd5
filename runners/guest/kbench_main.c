// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbench_main.c - kpci-kbench, the static guest program of the kbench
 * suite (built with gcc -static by `make guest`; runs in kpci's initramfs
 * and on any host).  It runs kbench_core.c's benchmarks with the repeat
 * rule of repeat.c and prints one line per sample on stdout:
 *
 *   KPCI-RESULT {"suite":"kbench","metric":M,"unit":U,"higher_is_better":B,
 *                "iteration":I,"value":V,"spread":S}
 *
 * (V the median of the sample's inner repetitions, S their robust spread
 * in %), and "KPCI-ERROR text" when a benchmark fails.  Where instructions
 * are counted (kbench_insn.h) a second line follows each, metric M.insn,
 * unit insn/op; "KPCI-ENV kbench_insn perf", or "... not available
 * (perf_event_open: <errno text>)", says once whether they are.  Metric and
 * unit names are fixed strings of kbench_core.c, so no JSON escaping is
 * needed.
 *
 * usage: kpci-kbench [ITERATIONS [WARMUP [MAX [RSD% [REP_MS [REPS [CPU [CLOCK [SET]]]]]]]]]
 * CPU -1 (the default) pins to kbench_pick_cpu(); -2 does not pin.  CLOCK
 * 0 (the default) times with the wall clock, 1 with the CPU time of the
 * benchmark's tasks (kbench_core.h); 2 says the wall clock counts
 * instructions (QEMU -icount shift=0: one ns per instruction), and only
 * the M.insn lines are printed.  SET is "all" (the default) or the
 * benchmarks' names separated by commas.
 */
#include <stdio.h>
#include <stdlib.h>

#include "runners/kbench_core.h"
#include "runners/kbench_insn.h"
#include "runners/repeat.h"

#define KBENCH_ARG_ICOUNT 2     /* CLOCK: the guest's clock counts instructions */

static int kbench_arg(int argc, char **argv, int i, int def, int lo, int hi)
{
	char *end;
	long v;

	if (argc <= i)
		return def;
	v = strtol(argv[i], &end, 10);
	if (*end || end == argv[i] || v < lo || v > hi) {
		fprintf(stderr, "kpci-kbench: argument %d ('%s') must be %d..%d\n", i, argv[i], lo, hi);
		exit(2);
	}
	return (int)v;
}

static void kbench_line(const char *metric, const char *unit, int hib, int iteration,
			double value, double spread)
{
	printf("KPCI-RESULT {\"suite\":\"kbench\",\"metric\":\"%s\",\"unit\":\"%s\","
	       "\"higher_is_better\":%d,\"iteration\":%d,\"value\":%.6g,\"spread\":%.3g}\n",
	       metric, unit, hib, iteration, value, spread);
}

/* arg: the plan; under KBENCH_COUNT_CLOCK the times are instructions,
 * and only those are printed. */
static int kbench_print(void *arg, const struct kbench_bench *b, int iteration,
			const struct kbench_sample *s, char *cause, size_t n)
{
	const struct kbench_plan *p = arg;
	char name[KBENCH_INSN_MAX_NAME];

	if (p->count != KBENCH_COUNT_CLOCK)
		kbench_line(b->name, b->unit, b->higher_is_better, iteration, s->value, s->spread);
	if (s->insn >= 0 && kbench_insn_name(name, sizeof name, b->name) == 0)
		kbench_line(name, KBENCH_INSN_UNIT, 0, iteration, s->insn, s->insn_spread);
	return fflush(stdout) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct kbench_run run = { .set = "all" };
	char why[KBENCH_MAX_CAUSE] = "";
	int cpu, clock;

	run.iterations = kbench_arg(argc, argv, 1, REPEAT_DEFAULT_ITERATIONS, 1, REPEAT_HARD_MAX);
	run.warmup = kbench_arg(argc, argv, 2, 1, 0, REPEAT_HARD_MAX);
	run.max = kbench_arg(argc, argv, 3, run.iterations, run.iterations, REPEAT_HARD_MAX);
	run.rsd_pct = kbench_arg(argc, argv, 4, 0, 0, 100);
	run.plan.rep_ms = kbench_arg(argc, argv, 5, KBENCH_REP_MS, 1, KBENCH_MAX_REP_MS);
	run.plan.reps = kbench_arg(argc, argv, 6, KBENCH_REPS, 1, KBENCH_MAX_REPS);
	cpu = kbench_arg(argc, argv, 7, -1, -2, 1 << 20);
	run.plan.cpu = cpu == -1 ? kbench_pick_cpu() : cpu == -2 ? -1 : cpu;
	clock = kbench_arg(argc, argv, 8, 0, 0, KBENCH_ARG_ICOUNT);
	run.plan.clock = kbench_clock_usable(clock == 1 ? KBENCH_CPU : KBENCH_WALL);
	if (argc > 9)
		run.set = argv[9];
	if (clock == KBENCH_ARG_ICOUNT) {
		run.plan.count = KBENCH_COUNT_CLOCK;
		printf("KPCI-ENV kbench_insn qemu-icount\n");
	} else if (kbench_insn_available(why, sizeof why)) {
		run.plan.count = KBENCH_COUNT_PMU;
		printf("KPCI-ENV kbench_insn perf\n");
	} else {
		printf("KPCI-ENV kbench_insn not available (%s)\n", why);
	}
	printf("KPCI-INFO kpci-kbench: %d NUMA node(s), samples on CPU %d, %d x %d ms of %s time\n",
	       kbench_numa_nodes(), run.plan.cpu, run.plan.reps, run.plan.rep_ms,
	       clock == KBENCH_ARG_ICOUNT ? "instruction" : run.plan.clock == KBENCH_CPU ? "CPU" :
	       "wall");
	why[0] = '\0';
	if (kbench_run_set(&run, kbench_print, &run.plan, why, sizeof why) < 0) {
		printf("KPCI-ERROR %s\n", why[0] ? why : "kpci-kbench: cannot print its results");
		return 1;
	}
	return 0;
}
