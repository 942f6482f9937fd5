/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kbench_core.h - kpci's own microbenchmarks of the running kernel, with no
 * dependency beyond libc and pthreads, so the same code runs in-process in
 * kpci-runner (host boot) and in the static guest program kpci-kbench
 * (runners/guest/kbench_main.c, QEMU and kexec boots).
 *
 * Each benchmark measures one thing: ns per operation (lower is better) or
 * MB/s (higher is better).  One sample (kbench_measure) is the median of
 * `reps` inner repetitions, each calibrated to last about `rep_ms`, all on
 * one CPU; the spread of those repetitions goes with the sample.
 */
#ifndef KPCI_RUNNERS_KBENCH_CORE_H
#define KPCI_RUNNERS_KBENCH_CORE_H

#include <stddef.h>
#include <sys/types.h>

#define KBENCH_MAX_CAUSE   256
#define KBENCH_REP_MS      50     /* default: ms of one inner repetition */
#define KBENCH_REPS        5      /* default: inner repetitions of one sample */
#define KBENCH_MAX_REP_MS  10000
#define KBENCH_MAX_REPS    99

struct kbench_bench {
	const char *name;       /* metric name, e.g. "syscall-getppid" */
	const char *unit;       /* "ns/op", "MB/s", "ns" */
	int higher_is_better;
	int needs_numa;         /* 1: only where two NUMA nodes exist */
	double mb_per_op;       /* MB/s metrics: MB one operation moves; 0: ns per op */
	int calls_per_op;       /* ns metrics: the value is per call, this many per op (0: 1) */
	/* What run() works on (a partner process, bound memory), made once
	 * per sample and freed by done(); NULL when there is none. */
	int (*setup)(void **state, char *cause, size_t n);
	void (*done)(void *state);
	/* The partner process whose CPU time counts too, or 0. */
	pid_t (*partner)(const void *state);
	/* ops operations (timed by the caller).  0, or -1 with a sentence in
	 * cause. */
	int (*run)(void *state, long ops, char *cause, size_t n);
};

/* What a repetition is timed with.  KBENCH_CPU: the CPU time of the tasks
 * the benchmark uses (this process's threads, its partner process, the
 * children it reaped), so time the CPU gave to other tasks is not counted
 * (a busy shared host); KBENCH_WALL: CLOCK_MONOTONIC (guests: an emulated
 * guest cannot see the host's scheduling, and may lack CPU clocks). */
enum kbench_clock { KBENCH_WALL, KBENCH_CPU };

/* Where a sample's instruction counts come from (kbench_insn.h): none;
 * a hardware counter per measuring thread (none where it does not open);
 * or the clock itself, in a QEMU guest under -icount shift=0 whose ns are
 * executed instructions (its times are then no times). */
enum kbench_count { KBENCH_COUNT_NONE, KBENCH_COUNT_PMU, KBENCH_COUNT_CLOCK };

/* How a sample is taken.  cpu < 0: where the caller runs, unpinned. */
struct kbench_plan {
	int rep_ms;
	int reps;
	int cpu;
	enum kbench_clock clock;
	enum kbench_count count;
};

struct kbench_sample {
	double value;           /* median of the repetitions, in the bench's unit */
	double spread;          /* robust relative spread of the repetitions, % */
	long ops;               /* operations in one repetition */
	double insn;            /* median instructions per operation; -1: not counted */
	double insn_spread;     /* their robust relative spread, % */
};

/* The table, ended by a NULL name; borrowed. */
const struct kbench_bench *kbench_table(void);

/* The benchmark called name, or NULL; borrowed. */
const struct kbench_bench *kbench_find(const char *name);

/* 1 if name is in list ("all", or names separated by spaces or commas). */
int kbench_listed(const char *list, const char *name);

/* Number of online NUMA nodes seen in /sys (1 when there is no such dir). */
int kbench_numa_nodes(void);

/* The CPU samples are pinned to: the highest-numbered CPU of node 0 that
 * the caller may run on (CPU 0 takes most device interrupts), else the
 * highest it may run on; -1 when affinity cannot be read. */
int kbench_pick_cpu(void);

/* want, or KBENCH_WALL when the running kernel has no CPU time clocks. */
enum kbench_clock kbench_clock_usable(enum kbench_clock want);

/* One sample of b under plan p: the calling thread (and what it starts)
 * pinned to p->cpu, the operation count calibrated so one repetition lasts
 * about p->rep_ms, then p->reps repetitions; their median and spread into
 * *out, and their instruction counts' as p->count says (out->insn -1 when
 * not counted).  The caller's affinity is restored.  0, or -1 with cause. */
int kbench_measure(const struct kbench_bench *b, const struct kbench_plan *p,
		   struct kbench_sample *out, char *cause, size_t n);

#define KBENCH_MAX_BENCHES 32

/* A run of a set of benchmarks: warm-up passes, then recorded passes until
 * repeat_more() (repeat.h) is content for every benchmark. */
struct kbench_run {
	const char *set;        /* "all" or names (kbench_listed) */
	int iterations, warmup, max;
	double rsd_pct;
	struct kbench_plan plan;
};

/* Called with each recorded sample; 0, or -1 (with cause) to stop. */
typedef int (*kbench_emit_fn)(void *arg, const struct kbench_bench *b, int iteration,
			      const struct kbench_sample *s, char *cause, size_t n);

/* Runs run's benchmarks (the NUMA remote ones only where two nodes exist)
 * in passes, handing each recorded sample to emit.  0, or -1 with cause. */
int kbench_run_set(const struct kbench_run *run, kbench_emit_fn emit, void *arg, char *cause,
		   size_t n);

#endif
