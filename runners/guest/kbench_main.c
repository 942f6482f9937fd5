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
 * in %), and "KPCI-ERROR text" when a benchmark fails.  Metric and unit
 * names are fixed strings of kbench_core.c, so no JSON escaping is needed.
 *
 * usage: kpci-kbench [ITERATIONS [WARMUP [MAX [RSD% [REP_MS [REPS [CPU [CLOCK [SET]]]]]]]]]
 * CPU -1 (the default) pins to kbench_pick_cpu(); -2 does not pin.  CLOCK
 * 0 (the default) times with the wall clock, 1 with the CPU time of the
 * benchmark's tasks (kbench_core.h).  SET is "all" (the default) or the
 * benchmarks' names separated by commas.
 */
#include <stdio.h>
#include <stdlib.h>

#include "runners/kbench_core.h"
#include "runners/repeat.h"

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

static int kbench_print(void *arg, const struct kbench_bench *b, int iteration,
			const struct kbench_sample *s, char *cause, size_t n)
{
	printf("KPCI-RESULT {\"suite\":\"kbench\",\"metric\":\"%s\",\"unit\":\"%s\","
	       "\"higher_is_better\":%d,\"iteration\":%d,\"value\":%.6g,\"spread\":%.3g}\n",
	       b->name, b->unit, b->higher_is_better, iteration, s->value, s->spread);
	return fflush(stdout) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct kbench_run run = { .set = "all" };
	char why[KBENCH_MAX_CAUSE] = "";
	int cpu;

	run.iterations = kbench_arg(argc, argv, 1, REPEAT_DEFAULT_ITERATIONS, 1, REPEAT_HARD_MAX);
	run.warmup = kbench_arg(argc, argv, 2, 1, 0, REPEAT_HARD_MAX);
	run.max = kbench_arg(argc, argv, 3, run.iterations, run.iterations, REPEAT_HARD_MAX);
	run.rsd_pct = kbench_arg(argc, argv, 4, 0, 0, 100);
	run.plan.rep_ms = kbench_arg(argc, argv, 5, KBENCH_REP_MS, 1, KBENCH_MAX_REP_MS);
	run.plan.reps = kbench_arg(argc, argv, 6, KBENCH_REPS, 1, KBENCH_MAX_REPS);
	cpu = kbench_arg(argc, argv, 7, -1, -2, 1 << 20);
	run.plan.cpu = cpu == -1 ? kbench_pick_cpu() : cpu == -2 ? -1 : cpu;
	run.plan.clock = kbench_clock_usable(kbench_arg(argc, argv, 8, 0, 0, 1) ? KBENCH_CPU :
					     KBENCH_WALL);
	if (argc > 9)
		run.set = argv[9];
	printf("KPCI-INFO kpci-kbench: %d NUMA node(s), samples on CPU %d, %d x %d ms of %s time\n",
	       kbench_numa_nodes(), run.plan.cpu, run.plan.reps, run.plan.rep_ms,
	       run.plan.clock == KBENCH_CPU ? "CPU" : "wall");
	if (kbench_run_set(&run, kbench_print, NULL, why, sizeof why) < 0) {
		printf("KPCI-ERROR %s\n", why[0] ? why : "kpci-kbench: cannot print its results");
		return 1;
	}
	return 0;
}
