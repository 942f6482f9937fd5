// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpcid.c - the daemon's shared state (kpcid.h): the live copies of the
 * reloadable settings, published at start and on SIGHUP, read by request
 * handlers and threads without a lock.
 */
#include "daemon/kpcid.h"
#include "lib/log.h"

void kpcid_publish_config(struct kpcid *k)
{
	enum log_level lvl = LOG_INFO;

	__atomic_store_n(&k->live_lease_seconds, (int)k->cfg.lease_seconds, __ATOMIC_RELAXED);
	__atomic_store_n(&k->live_max_attempts, (int)k->cfg.max_attempts, __ATOMIC_RELAXED);
	__atomic_store_n(&k->live_min_free, k->cfg.min_free_mb << 20, __ATOMIC_RELAXED);
	__atomic_store_n(&k->live_max_wal, k->cfg.max_wal_mb << 20, __ATOMIC_RELAXED);
	__atomic_store_n(&k->live_fold_days, k->cfg.fold_after_days, __ATOMIC_RELAXED);
	log_level_parse(&lvl, k->cfg.log_level);
	log_set_level(lvl);
}

int kpcid_lease_seconds(struct kpcid *k)
{
	return __atomic_load_n(&k->live_lease_seconds, __ATOMIC_RELAXED);
}

int kpcid_max_attempts(struct kpcid *k)
{
	return __atomic_load_n(&k->live_max_attempts, __ATOMIC_RELAXED);
}

long long kpcid_min_free(struct kpcid *k)
{
	return __atomic_load_n(&k->live_min_free, __ATOMIC_RELAXED);
}

long long kpcid_max_wal(struct kpcid *k)
{
	return __atomic_load_n(&k->live_max_wal, __ATOMIC_RELAXED);
}

long long kpcid_fold_days(struct kpcid *k)
{
	return __atomic_load_n(&k->live_fold_days, __ATOMIC_RELAXED);
}
