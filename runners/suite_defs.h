/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite_defs.h - suite definition files (configs/suites/NAME.ini), read
 * with lib/conf.h tables.  A file says how a suite runs: iterations,
 * warm-up, the adaptive repeat cap and threshold, a timeout, NUMA
 * placement, the parser of its output, the command of an established
 * benchmark (stress-ng, perf bench, hackbench, fio) and, for the boot
 * suite, the intervals between kernel log markers:
 *
 *   [suite]
 *   parser = stress-ng
 *   command = stress-ng --cpu 1 --timeout 5 --metrics-brief --yaml {output}
 *   requires = stress-ng
 *   iterations = 5
 *   [marker memblock-to-slub]
 *   from = Memory:
 *   to = SLUB:
 */
#ifndef KPCI_RUNNERS_SUITE_DEFS_H
#define KPCI_RUNNERS_SUITE_DEFS_H

#include "runners/suite_parse.h"

#define SDEF_MAX_ARGS 64

struct sdef {
	char *name;                     /* the file name without .ini */
	char *path;
	/* [suite] */
	char *description;
	char *parser;                   /* one of SPARSE_NAMES */
	char *command;                  /* argv split at spaces; {output} = a temp file */
	char *requires;                 /* program that must be on PATH */
	long long iterations;
	long long warmup;
	long long max_iterations;
	long long rsd_threshold;        /* percent; 0: no adaptive repeats */
	long long timeout;              /* seconds per iteration (or per guest boot) */
	char *numa;                     /* all | node | cross */
	long long wq_ms;                /* wq-flush: ms per scenario */
	long long rep_ms;               /* kbench: ms of one inner repetition */
	long long reps;                 /* kbench, wq-flush: inner repetitions per sample */
	char *benchmarks;               /* kbench: "all" or names of kbench_core.c */
	/* [marker NAME] */
	struct sparse_marker markers[SPARSE_MAX_MARKERS];
	size_t nmarkers;
};

/* Reads path into *out (caller frees with sdef_free); -1 with every error,
 * "path:line: section.key: ...", '\n'-separated in *cause. */
int sdef_load(struct sdef **out, const char *path, char **cause);

/* Reads dir/NAME.ini; *out NULL (and 0) when there is no such file.  -1
 * with *cause for a name that is not a suite name or a bad file. */
int sdef_find(struct sdef **out, const char *dir, const char *name, char **cause);

/* Splits command into argv (at most SDEF_MAX_ARGS words), replacing the
 * word {output} with output; argv strings point into *storage (caller
 * frees it).  0, or -1 when there are too many words or none. */
int sdef_argv(char **argv, size_t max, char **storage, const char *command, const char *output);

void sdef_free(struct sdef *d);

#endif
