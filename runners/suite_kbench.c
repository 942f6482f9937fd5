// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite_kbench.c - the kbench suite on the running kernel: every
 * microbenchmark of kbench_core.c (the NUMA remote ones only where two
 * nodes exist), in passes, each sample taken by kbench_measure() on one
 * CPU and timed with the CPU time of its tasks (what other tasks of a busy
 * runner take is not counted).  After the warm-up passes, passes are recorded until repeat_more()
 * is content for every metric.  Where this runner can count instructions
 * (kbench_insn.h) each sample has a second metric NAME.insn (insn/op);
 * where it cannot, the environment's kbench_insn says why.  The same
 * benchmarks run inside QEMU guests as runners/guest/kbench_main.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lib/fail.h"
#include "lib/log.h"
#include "runners/kbench_core.h"
#include "runners/kbench_insn.h"
#include "runners/progress.h"
#include "runners/repeat.h"
#include "runners/suite.h"
#include "runners/suite_defs.h"

/* Without a suite file (configs/suites/kbench.ini, benchmarks = all) the
 * runner measures the classic quick pair only. */
#define KBENCH_DEFAULT_SET "syscall-getppid pipe-pingpong"

struct kbench_dest {
	struct proto_result *r;
	const char *suite;
	const struct suite_run *sr;
	int iteration;          /* of the last sample */
};

static int kbench_add(void *arg, const struct kbench_bench *b, int iteration,
		      const struct kbench_sample *s, char *cause, size_t n)
{
	struct kbench_dest *d = arg;

	if (progress_abandoned()) {
		snprintf(cause, n, "stopped: the job is given back");
		return -1;
	}
	if (iteration != d->iteration) {        /* the first sample of a new pass */
		d->iteration = iteration;
		progress_iteration(iteration, d->sr->warmup, d->sr->iterations);
	}
	if (!proto_value_ok(s->value)) {
		snprintf(cause, n, "%s: %g is not a usable value", b->name, s->value);
		return -1;
	}
	if (proto_result_add_spread(d->r, d->suite, b->name, b->unit, b->higher_is_better,
				    iteration, s->value, s->spread) < 0)
		goto oom;
	if (s->insn >= 0 && proto_value_ok(s->insn)) {
		char name[KBENCH_INSN_MAX_NAME];

		if (kbench_insn_name(name, sizeof name, b->name) < 0 ||
		    proto_result_add_spread(d->r, d->suite, name, KBENCH_INSN_UNIT, 0, iteration,
					    s->insn, s->insn_spread) < 0)
			goto oom;
	}
	return 0;
oom:
	snprintf(cause, n, "out of memory");
	return -1;
}

/* Whether this runner counts instructions: the plan's count, the
 * environment's kbench_insn ("perf", or "not available (why)"), and the
 * reason in the log once per process. */
static enum kbench_count kbench_insn_plan(json_t *env)
{
	static int logged;
	char why[KBENCH_MAX_CAUSE] = "", text[KBENCH_MAX_CAUSE + 32];
	int ok = kbench_insn_available(why, sizeof why);

	snprintf(text, sizeof text, ok ? "perf" : "not available (%s)", why);
	if (!ok && !logged++)
		log_info("kbench: instruction counts: %s", text);
	if (env)
		json_object_set_new(env, "kbench_insn", json_string(text));
	return ok ? KBENCH_COUNT_PMU : KBENCH_COUNT_NONE;
}

int kbench_run(const struct suite_run *sr, struct proto_result *r, char **cause)
{
	const struct sdef *d = sr->def;
	struct kbench_dest dest = { r, d ? d->name : "kbench", sr, -1 };
	struct kbench_run run = {
		.set = d && d->benchmarks ? d->benchmarks : KBENCH_DEFAULT_SET,
		.iterations = sr->iterations, .warmup = sr->warmup,
		.max = sr->max_iterations, .rsd_pct = sr->rsd_pct,
		.plan = { d ? (int)d->rep_ms : KBENCH_REP_MS, d ? (int)d->reps : KBENCH_REPS,
			  kbench_pick_cpu(), kbench_clock_usable(KBENCH_CPU) },
	};
	char why[KBENCH_MAX_CAUSE] = "";

	/* CPU time and wall time differ on a busy machine: the environment
	 * says which the samples are */
	if (r->env)
		json_object_set_new(r->env, "kbench_clock",
				    json_string(run.plan.clock == KBENCH_CPU ? "cpu" : "wall"));
	run.plan.count = kbench_insn_plan(r->env);

	progress_iteration(sr->warmup > 0 ? -1 : 0, sr->warmup, sr->iterations);
	if (kbench_run_set(&run, kbench_add, &dest, why, sizeof why) < 0)
		return fail_cause(cause, "%s", why);
	return 0;
}
