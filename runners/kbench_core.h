/*
 * kbench_core.h - kpci's own microbenchmarks of the running kernel, with no
 * dependency beyond libc and pthreads, so the same code runs in-process in
 * kpci-runner (host boot) and in the static guest program kpci-kbench
 * (runners/guest/kbench_main.c, QEMU and kexec boots).
 *
 * Each benchmark measures one thing and returns one number: ns per
 * operation (lower is better) or MB/s (higher is better).
 */
#ifndef KPCI_RUNNERS_KBENCH_CORE_H
#define KPCI_RUNNERS_KBENCH_CORE_H

#define KBENCH_MAX_CAUSE 256

struct kbench_bench {
	const char *name;       /* metric name, e.g. "syscall-getppid" */
	const char *unit;       /* "ns/op", "MB/s", "ns" */
	int higher_is_better;
	/* One measurement into *out; 0, or -1 with a sentence in cause.  scale
	 * >= 1 divides the operation counts (slow emulated guests). */
	int (*run)(double *out, int scale, char *cause, size_t n);
	int needs_numa;         /* 1: only where two NUMA nodes exist */
};

/* The table, ended by a NULL name; borrowed. */
const struct kbench_bench *kbench_table(void);

/* The benchmark called name, or NULL; borrowed. */
const struct kbench_bench *kbench_find(const char *name);

/* 1 if name is in list ("all", or names separated by spaces or commas). */
int kbench_listed(const char *list, const char *name);

/* Number of online NUMA nodes seen in /sys (1 when there is no such dir). */
int kbench_numa_nodes(void);

#endif
