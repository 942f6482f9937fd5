// SPDX-License-Identifier: GPL-2.0-only
/*
 * retention.c - when kpcid folds old raw iterations: a pass each second
 * of the main loop while jobs older than [storage] fold_after_days wait,
 * one every RETENTION_IDLE_S once it has caught up.  The folding itself,
 * its transactions and its totals are db/db_fold.c's.
 */
#include <time.h>

#include "daemon/kpcid.h"
#include "daemon/retention.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/mono.h"

#define RETENTION_PASS_MS 200       /* a pass's time budget (the writer is yielded within) */
#define RETENTION_IDLE_S 60         /* seconds between passes once caught up */
#define RETENTION_DAY_S 86400

void retention_tick(struct kpcid *k)
{
	static long long next_ms;   /* the main loop's thread only */
	struct db_fold_result r;
	long long now = mono_ms();

	if (k->cfg.fold_after_days <= 0 || now < next_ms)
		return;
	if (db_fold_pass(k->db, (long long)time(NULL) - k->cfg.fold_after_days * RETENTION_DAY_S,
			 RETENTION_PASS_MS, &r) != DB_OK) {
		log_warn("retention: the fold pass failed; it is tried again in %d s",
			 RETENTION_IDLE_S);
		r.more = 0;
	} else if (r.rows) {
		log_info("retention: folded %lld jobs: %lld iterations into %lld rows", r.jobs,
			 r.iterations, r.rows);
	}
	next_ms = mono_ms() + (r.more ? 0 : RETENTION_IDLE_S * 1000LL);
}
