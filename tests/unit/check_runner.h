/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check_runner.h - a unit test's runner: a runner token and a runner
 * registered with it (bench, host boots) in a class, as kpci-runner
 * registers, so that the test can claim jobs and store results.
 */
#ifndef KPCI_CHECK_RUNNER_H
#define KPCI_CHECK_RUNNER_H

#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "lib/rec.h"

/* Registers runner name of runner_class into *id: DB_OK or a db/ code. */
static inline int test_runner_register(struct db *db, long long *id, const char *name,
				       const char *runner_class)
{
	struct rec_runner r = { 0 };
	char *cause = NULL, *tok = NULL, role[8];
	long long rtok;
	int rc;

	rc = db_token_create(db, &tok, "runner", name, "*", &cause);
	if (rc == DB_OK)
		rc = db_token_check(db, tok, role, &rtok);
	free(tok);
	if (rc != DB_OK) {
		free(cause);
		return rc;
	}
	r.name = strdup(name);
	r.runner_class = strdup(runner_class);
	r.capabilities = calloc(2, sizeof *r.capabilities);
	r.boot_methods = calloc(2, sizeof *r.boot_methods);
	if (r.capabilities && r.boot_methods) {
		r.capabilities[r.ncapabilities++] = strdup("bench");
		r.boot_methods[r.nboot_methods++] = strdup("host");
	}
	r.topology = json_object();
	rc = db_runner_register(db, id, rtok, &r, &cause);
	rec_runner_dispose(&r);
	free(cause);
	return rc;
}

#endif
