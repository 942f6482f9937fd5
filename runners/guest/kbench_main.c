/*
 * kbench_main.c - kpci-kbench, the static guest program of the kbench
 * suite (built with gcc -static by `make guest`; runs in kpci's initramfs
 * and on any host).  It runs kbench_core.c's benchmarks with the repeat
 * rule of repeat.c and prints one line per sample on stdout:
 *
 *   KPCI-RESULT {"suite":"kbench","metric":M,"unit":U,"higher_is_better":B,
 *                "iteration":I,"value":V}
 *
 * and "KPCI-ERROR text" when a benchmark fails.  Metric and unit names are
 * fixed strings of kbench_core.c, so no JSON escaping is needed.
 *
 * usage: kpci-kbench [ITERATIONS [WARMUP [MAX [RSD% [SCALE]]]]]
 */
#include <stdio.h>
#include <stdlib.h>

#include "runners/kbench_core.h"
#include "runners/repeat.h"

#define KBENCH_MAIN_BENCHES 32

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

int main(int argc, char **argv)
{
	const struct kbench_bench *t = kbench_table();
	int iterations = kbench_arg(argc, argv, 1, REPEAT_DEFAULT_ITERATIONS, 1, REPEAT_HARD_MAX);
	int warmup = kbench_arg(argc, argv, 2, 1, 0, REPEAT_HARD_MAX);
	int max = kbench_arg(argc, argv, 3, iterations, iterations, REPEAT_HARD_MAX);
	int rsd = kbench_arg(argc, argv, 4, 0, 0, 100);
	int scale = kbench_arg(argc, argv, 5, 1, 1, 1000000);
	static double vals[KBENCH_MAIN_BENCHES][REPEAT_HARD_MAX];
	int nodes = kbench_numa_nodes(), nbench = 0, done = 0;
	char why[KBENCH_MAX_CAUSE];

	while (t[nbench].name && nbench < KBENCH_MAIN_BENCHES)
		nbench++;
	printf("KPCI-INFO kpci-kbench: %d NUMA node(s)\n", nodes);
	for (int i = 0; i < warmup + max; i++) {
		int it = i - warmup, more = it < 0;

		for (int b = 0; b < nbench && !more; b++)
			if (!(t[b].needs_numa && nodes < 2))
				more = repeat_more(vals[b], done, iterations, max, rsd);
		if (!more)
			break;
		for (int b = 0; b < nbench; b++) {
			double v;

			if (t[b].needs_numa && nodes < 2)
				continue;
			if (t[b].run(&v, scale, why, sizeof why) < 0) {
				printf("KPCI-ERROR %s\n", why);
				return 1;
			}
			if (it < 0)
				continue;
			vals[b][it] = v;
			printf("KPCI-RESULT {\"suite\":\"kbench\",\"metric\":\"%s\",\"unit\":\"%s\","
			       "\"higher_is_better\":%d,\"iteration\":%d,\"value\":%.6g}\n",
			       t[b].name, t[b].unit, t[b].higher_is_better, it, v);
			fflush(stdout);
		}
		if (it >= 0)
			done = it + 1;
	}
	return 0;
}
