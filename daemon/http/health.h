/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * health.h - kpcid's health: whether it can store, and what an operator
 * should look at (GET /api/v1/health, docs/API.md).
 *
 * kpcid cannot store when the database failed its integrity check (run
 * at start in a thread of its own, and on demand by an admin), when
 * SQLite reported it damaged, or when the disk beside it has less than
 * [storage] min_free_mb free: writes are then answered 503 or 507 with
 * a sentence before a handler runs, and the main loop writes nothing.
 * A WAL over [storage] max_wal_mb and series whose analysis failed make
 * the report say "degraded" without stopping anything.
 */
#ifndef KPCI_DAEMON_HEALTH_H
#define KPCI_DAEMON_HEALTH_H

#include "daemon/http/http.h"

struct kpcid;

/* Starts the integrity check of the database in a thread; 0 or -1. */
int health_start(struct kpcid *k);
/* Stops that check if it still runs, and waits for its thread. */
void health_stop(void);
/* 1 when kpcid can store; else 0, with the status (503 or 507) and one
 * sentence saying why in why[n] (NULLs allowed). */
int health_can_store(struct kpcid *k, int *status, char *why, size_t n);
/* For a request that writes: 0 when kpcid can store, else 1 after
 * setting resp to the 503 or 507 answer. */
int health_refuse_write(struct kpcid *k, struct http_resp *resp);
/* For a handler that answered 500: when its thread met a storage fault
 * (a full disk, an I/O error, a damaged file), the answer becomes 507 or
 * 503 saying so.  Call db_fault_take(NULL, 0) before the handler. */
void health_fault_answer(struct http_resp *resp);

/* GET /api/v1/health */
void api_health(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/integrity-check (admin): the check, run now. */
void api_integrity_check(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
