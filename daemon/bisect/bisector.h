/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bisector.h - kpcid's bisector: it narrows a change found on a commit
 * range (often one merge that brought many commits) down to the commit
 * that made it, by building and measuring commits of the range.  The
 * search and the judgement of each probe are lib/bisect.h; this part
 * runs them against the real queue: builds, bench jobs at a priority
 * above routine candidates, k probes at once with k free runners of the
 * change's class, retries of lost jobs, the confirmation of the culprit
 * against its parent, and optionally its revert.  Everything it knows is
 * in the database (migration 0016), so a restarted kpcid goes on.
 * docs/bisect.md describes it for users.
 */
#ifndef KPCI_DAEMON_BISECTOR_H
#define KPCI_DAEMON_BISECTOR_H

struct kpcid;

/*
 * Opens a bisection of change_id's range (revert: also measure the
 * culprit's revert), started by who ("auto" or a token's name).  Returns
 * DB_OK with *id the new bisection, or a db/ code with one sentence in
 * *cause (malloc'd): DB_NOTFOUND no such change, DB_INVALID a change that
 * is not a performance change or has no commit range, DB_CONFLICT its
 * group is being bisected, the range holds one commit, or the tree's
 * mirror cannot be read; DB_ERR.  Safe from any thread.
 */
int bisector_start(struct kpcid *k, long long *id, long long change_id, int revert,
		   const char *who, char **cause);
/* Cancels running bisection id (its queued jobs too) on behalf of who:
 * DB_OK, or DB_NOTFOUND / DB_CONFLICT (not running) / DB_ERR with *cause.
 * Safe from any thread. */
int bisector_cancel(struct kpcid *k, long long id, const char *who, char **cause);
/* Opens the bisections changes are due ([bisect] settle_seconds, each
 * tree's `bisect`) and takes every running one a step; kpcid's main loop
 * calls it once a second. */
void bisector_tick(struct kpcid *k);
/* Frees the candidates the main loop keeps between ticks. */
void bisector_free(void);

#endif
