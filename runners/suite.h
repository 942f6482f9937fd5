/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite.h - benchmark suites a runner can run, in one table.
 *
 * A suite runs `warmup` unrecorded iterations, then `iterations` recorded
 * ones, and appends one sample per metric per recorded iteration to the
 * result.  It fails with a sentence in *cause.
 */
#ifndef KPCI_RUNNERS_SUITE_H
#define KPCI_RUNNERS_SUITE_H

#include <jansson.h>

#include "lib/proto.h"

struct sdef;

/* Iterations and warm-up of a job whose spec and suite file name none. */
#define SUITE_ITERATIONS 5
#define SUITE_WARMUP 1

struct suite_run {
	int iterations;
	int warmup;
	int max_iterations;     /* adaptive repeats up to this (repeat.h); 0: iterations */
	double rsd_pct;         /* ... while the RSD stays above this; 0: off */
	int timeout;            /* seconds one iteration of an external program may take */
	const struct sdef *def; /* the suite's file (configs/suites/), or NULL */
	const char *work_dir;   /* scratch space for outputs */
	const char *modules_dir;/* kernel modules of the running kernel (wq_flush.ko) */
};

struct suite {
	const char *name;
	const char *description;
	int (*run)(const struct suite_run *sr, struct proto_result *r, char **cause);
};

/* The suite called name, or NULL. */
const struct suite *suite_find(const char *name);
/* "kbench, ..." for messages; borrowed. */
const char *suite_names(void);

/* suite_kbench.c */
int kbench_run(const struct suite_run *sr, struct proto_result *r, char **cause);

/* suite_host.c: the boot and wq-flush suites on the running kernel, and
 * suites whose file names a command (stress-ng, perf bench, ...). */
int shost_boot_run(const struct suite_run *sr, struct proto_result *r, char **cause);
int shost_wq_flush_run(const struct suite_run *sr, struct proto_result *r, char **cause);
int shost_command_run(const struct suite_run *sr, struct proto_result *r, char **cause);
/* 1 while the samples of suite in r (from index first on, `done` recorded
 * iterations) ask for another iteration under sr's repeat rule. */
int shost_want_more(const struct proto_result *r, size_t first, int done,
		    const struct suite_run *sr);

#endif
