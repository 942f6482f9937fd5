/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * retention.h - the fold pass of kpcid's main loop ([storage]
 * fold_after_days, db_fold_pass in db/db_fold.c, docs/ARCHITECTURE.md
 * "Retention").
 */
#ifndef KPCI_DAEMON_RETENTION_H
#define KPCI_DAEMON_RETENTION_H

struct kpcid;

/* Called each second by the main loop: while fold_after_days is set,
 * folds for at most RETENTION_PASS_MS the jobs older than that, again the
 * next second while work is left, else every RETENTION_IDLE_S. */
void retention_tick(struct kpcid *k);

#endif
