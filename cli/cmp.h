/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmp.h - the samples and statistics of `kpci compare` (cli/cmd_compare.c
 * prints them): two files of samples read by metric, and one row per
 * metric both have, as LKP reports it: mean and %stddev of each side,
 * %change with its 95% interval, Welch's t and Mann-Whitney U p-values,
 * and the Benjamini-Hochberg q-value over the rows.
 */
#ifndef KPCI_CLI_CMP_H
#define KPCI_CLI_CMP_H

#include <stddef.h>

#include "lib/stats.h"

/* The samples of one metric in one file. */
struct cmp_metric {
	char *name;
	double *v;
	size_t n, cap;
};

/* All metrics of one file, in order of first appearance, with a hash
 * index by name (open addressing; slots hold index + 1, 0 is empty). */
struct cmp_set {
	struct cmp_metric *m;
	size_t n, cap;
	size_t *slot;
	size_t n_slots;			/* a power of two >= 2 * cap */
};

/* One row of the report. */
struct cmp_row {
	const struct cmp_metric *base, *head;
	double mean_b, sd_b, mean_h, sd_h;	/* sd in % of the mean */
	struct stats_change_ci ci;
	double p_welch, p_mw, p, q;
	int tested;			/* both sides have 2+ samples */
};

/* Reads the samples of file ("-" is stdin) into s (zeroed by the
 * caller).  Returns 0, or -1 after printing one sentence on stderr. */
int cmp_read(struct cmp_set *s, const char *file);
/* Frees what s holds. */
void cmp_set_dispose(struct cmp_set *s);
/* The metric called name in s, or NULL; borrowed from s. */
const struct cmp_metric *cmp_find(const struct cmp_set *s, const char *name);
/* Builds the rows of the metrics of base also in head and adjusts their
 * p-values.  *rows (caller frees) gets *n rows, which borrow from base
 * and head.  Returns 0, or -1 when memory is out. */
int cmp_rows(struct cmp_row **rows, size_t *n, const struct cmp_set *base,
	     const struct cmp_set *head);
/* The verdict of a row at level alpha: "changed", "same" or "too-few". */
const char *cmp_verdict(const struct cmp_row *r, double alpha);
/* Counts the metrics of a that b lacks. */
size_t cmp_only(const struct cmp_set *a, const struct cmp_set *b);

#endif
