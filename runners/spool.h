/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spool.h - results waiting for kpcid, one JSON file each in a directory.
 *
 * A result is written to the spool before it is uploaded and removed only
 * when kpcid has answered for it, so nothing is lost while the network or
 * the daemon is down: the next flush sends it again, and kpcid stores a
 * repeated (job, attempt) once.
 */
#ifndef KPCI_RUNNERS_SPOOL_H
#define KPCI_RUNNERS_SPOOL_H

#include "lib/client.h"
#include "lib/proto.h"

/* Writes r to DIR/job-ID-ATTEMPT.json atomically; 0 or -1 with *cause. */
int spool_put(const char *dir, const struct proto_result *r, char **cause);

/*
 * Uploads every spooled result for runner_id.  Accepted (or already
 * stored) results are removed; ones kpcid refuses for good (4xx other
 * than 401/403, which are the token's fault, not the result's) move to
 * DIR/rejected/ with a log line; the rest stay.  Returns how many stay.
 */
int spool_flush(const char *dir, struct client *c, long long runner_id);

#endif
