/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compare.h - GET /api/v1/compare, the compare page and `kpci
 * compare-jobs`: two sides (a job or a commit) compared metric by metric
 * with lib/verdict.h's three-way verdict, Benjamini-Hochberg over the
 * metrics compared at once (docs/analysis.md).
 */
#ifndef KPCI_DAEMON_COMPARE_H
#define KPCI_DAEMON_COMPARE_H

#include "db/db.h"
#include "lib/rec_compare.h"
#include "lib/verdict.h"

#define COMPARE_MIN_PREFIX 7        /* hex digits of a commit prefix at least */
#define COMPARE_MAX_REF 255         /* bytes of a tag or branch name given as a side */

/*
 * The samples of base and head (each "job:N", "commit:HEX", a bare job
 * number, a commit id or prefix of at least COMPARE_MIN_PREFIX hex
 * digits, or the name of a tag or branch, which stands for the commit it
 * points at) compared for every (runner class, metric) both sides measured,
 * optionally of one runner class, the job as the unit of replication and
 * the noise model of each (runner class, metric); vp gives alpha (the FDR
 * level), the smallest effect and the prior.  *out (free with
 * compare_report_free) gets the report.  Returns DB_OK, or with *cause
 * DB_INVALID (a side that is none of these, too many samples),
 * DB_NOTFOUND (a side without samples, no metric in common), DB_CONFLICT
 * (a prefix of several commits, a name of different commits in several
 * trees) or DB_ERR.
 */
int compare_run(struct compare_report **out, struct db *db, const char *base, const char *head,
		const char *runner_class, const struct verdict_params *vp, char **cause);
void compare_report_free(struct compare_report *rep);

#endif
