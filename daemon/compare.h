/*
 * compare.h - GET /api/v1/compare, the compare page and `kpci
 * compare-jobs`: two sides (a job or a commit) compared metric by metric
 * with lib/verdict.h's three-way verdict, Benjamini-Hochberg over the
 * metrics compared at once (docs/analysis.md).
 */
#ifndef KPCI_DAEMON_COMPARE_H
#define KPCI_DAEMON_COMPARE_H

#include <jansson.h>

#include "db/db.h"
#include "lib/verdict.h"

#define COMPARE_MIN_PREFIX 7        /* hex digits of a commit prefix at least */

/*
 * The samples of base and head (each "job:N", "commit:HEX", a bare job
 * number, or a commit id or prefix of at least COMPARE_MIN_PREFIX hex
 * digits) compared for every (runner class, metric) both sides measured,
 * optionally of one runner class, the job as the unit of replication and
 * the noise model of each (runner class, metric); vp gives alpha (the FDR
 * level), the smallest effect and the prior.  *out (caller owns) gets the
 * report (docs/API.md).  Returns 0, or an HTTP status (400, 404, 409,
 * 500) with *cause (malloc'd) saying why.
 */
int compare_json(json_t **out, struct db *db, const char *base, const char *head,
		 const char *runner_class, const struct verdict_params *vp, char **cause);

#endif
