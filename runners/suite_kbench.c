/*
 * suite_kbench.c - the kbench suite on the running kernel: every
 * microbenchmark of kbench_core.c (the NUMA remote ones only where two
 * nodes exist), in passes.  After the warm-up passes, passes are recorded
 * until repeat_more() is content for every metric.  The same benchmarks
 * run inside QEMU guests as runners/guest/kbench_main.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lib/fail.h"
#include "runners/kbench_core.h"
#include "runners/repeat.h"
#include "runners/suite.h"
#include "runners/suite_defs.h"

#define KBENCH_MAX_BENCHES 32
/* Without a suite file (configs/suites/kbench.ini, benchmarks = all) the
 * runner measures the classic quick pair only. */
#define KBENCH_DEFAULT_SET "syscall-getppid pipe-pingpong"

/* 1 while any metric wants another recorded pass. */
static int kbench_want_more(double *const vals[], int nbench, int done, const struct suite_run *sr)
{
	int max = sr->max_iterations > sr->iterations ? sr->max_iterations : sr->iterations;

	for (int b = 0; b < nbench; b++)
		if (vals[b] && repeat_more(vals[b], done, sr->iterations, max, sr->rsd_pct))
			return 1;
	return 0;
}

int kbench_run(const struct suite_run *sr, struct proto_result *r, char **cause)
{
	const struct kbench_bench *t = kbench_table();
	double *vals[KBENCH_MAX_BENCHES] = { 0 };
	int nbench = 0, nodes = kbench_numa_nodes(), rc = -1;
	int max = sr->max_iterations > sr->iterations ? sr->max_iterations : sr->iterations;
	char why[KBENCH_MAX_CAUSE];

	if (max > REPEAT_HARD_MAX)
		max = REPEAT_HARD_MAX;
	const char *set = sr->def && sr->def->benchmarks ? sr->def->benchmarks : KBENCH_DEFAULT_SET;
	const char *suite = sr->def ? sr->def->name : "kbench";

	for (; t[nbench].name && nbench < KBENCH_MAX_BENCHES; nbench++) {
		if ((t[nbench].needs_numa && nodes < 2) || !kbench_listed(set, t[nbench].name))
			continue;
		vals[nbench] = calloc((size_t)max, sizeof(double));
		if (!vals[nbench]) {
			fail_cause(cause, "out of memory");
			goto out;
		}
	}
	for (int i = 0; i < sr->warmup + max; i++) {
		int it = i - sr->warmup;

		if (it >= 0 && !kbench_want_more(vals, nbench, it, sr))
			break;
		for (int b = 0; b < nbench; b++) {
			double v;

			if (!vals[b])
				continue;
			if (t[b].run(&v, 1, why, sizeof why) < 0) {
				fail_cause(cause, "%s", why);
				goto out;
			}
			if (it < 0)
				continue;
			vals[b][it] = v;
			if (!proto_value_ok(v)) {
				fail_cause(cause, "%s: %g is not a usable value", t[b].name, v);
				goto out;
			}
			if (proto_result_add(r, suite, t[b].name, t[b].unit, t[b].higher_is_better,
					     it, v) < 0) {
				fail_cause(cause, "out of memory");
				goto out;
			}
		}
	}
	rc = 0;
out:
	for (int b = 0; b < nbench; b++)
		free(vals[b]);
	return rc;
}
