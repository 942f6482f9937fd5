/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kcidb.h - sending what kpci measured to KCIDB, KernelCI's common
 * results database (I/O schema v5.3; docs/engines.md).
 *
 *   checkout  one per (tree, commit) that kpci built
 *   build     one per kpci build (status PASS, FAIL, or ERROR for a timeout)
 *   test      one per (bench job, metric): status DONE, number {value: the
 *             median of the iterations, unit}, misc {iterations, direction}
 *   test      one per regression the analyzer found: status FAIL on the
 *             build of its first bad commit, linking the change's page
 *
 * A thread of kpcid ([kcidb] enabled) looks every `interval` seconds for
 * objects not yet delivered, posts them in documents of at most `batch`
 * builds, jobs and regressions each, with the token of `token_file` as a
 * Bearer token, and records each delivered object (table kcidb_sent) so
 * that none is sent twice.  A failed post (no answer, 5xx) is retried
 * after 1, 2, 4 ... seconds up to `interval`; nothing is recorded until
 * KCIDB has answered 2xx.
 */
#ifndef KPCI_DAEMON_KCIDB_H
#define KPCI_DAEMON_KCIDB_H

#include "daemon/config.h"
#include "daemon/kpcid.h"

#define KCIDB_MAX_EXCERPT 16384     /* characters of a log_excerpt (the schema's maxLength) */
#define KCIDB_RETRY_FIRST 1         /* seconds before the first retry of a failed post */

/* Checks the [kcidb] keys that span more than one (origin's form, url
 * when enabled); 0, or -1 with *cause. */
int kcidb_config_check(const struct config *c, char **cause);

/* Starts the sender thread when [kcidb] enabled; 0, or -1 with *cause. */
int kcidb_start(struct kpcid *k, char **cause);
/* Stops it (a post under way ends within its time limit). */
void kcidb_stop(void);

/*
 * `kpcid kcidb export [--dry-run]`: with --dry-run, prints every document
 * that would be sent now (JSON, one after the other) and records nothing;
 * without it, sends them once and records them.  Returns the exit status.
 */
int kcidb_command(struct kpcid *k, int argc, char **argv);

#endif
