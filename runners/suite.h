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

struct suite_run {
	int iterations;
	int warmup;
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

#endif
