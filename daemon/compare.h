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
#define COMPARE_MAX_REF 255         /* bytes of a tag or branch name given as a side */

/*
 * The samples of base and head (each "job:N", "commit:HEX", a bare job
 * number, a commit id or prefix of at least COMPARE_MIN_PREFIX hex
 * digits, or the name of a tag or branch, which stands for the commit it
 * points at) compared for every (runner class, metric) both sides
 * measured, optionally of one runner class, the job as the unit of
 * replication and the noise model of each (runner class, metric); vp
 * gives alpha (the FDR level), the smallest effect and the prior.  *out
 * (caller owns) gets the report (docs/API.md): base_side and head_side
 * say what each side is (its job, its commit with subject and tree, its
 * ref), the metrics are ordered changed, inconclusive, same, each the
 * largest change first, each with the series_id of its head side.
 * Returns 0, or an HTTP status (400, 404, 409, 500) with *cause
 * (malloc'd) saying why.
 */
int compare_json(json_t **out, struct db *db, const char *base, const char *head,
		 const char *runner_class, const struct verdict_params *vp, char **cause);

#endif
