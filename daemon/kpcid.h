/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kpcid.h - the daemon's shared state, handed to every HTTP handler.
 *
 * The reloadable settings are copied into atomics so that handlers read
 * them without a lock while SIGHUP replaces them.
 */
#ifndef KPCI_DAEMON_KPCID_H
#define KPCI_DAEMON_KPCID_H

#include "daemon/config.h"

struct db;
struct http_server;
struct watcher;

struct kpcid {
	struct config cfg;
	const char *config_path;    /* NULL: embedded defaults only */
#define KPCID_FLAGS 3
	const char *flags[KPCID_FLAGS]; /* --listen, --db, --data-dir (override the file) */
	struct db *db;
	struct watcher *watcher;    /* the tree watcher (daemon/watch/); NULL: not started */
	struct http_server *http;   /* the HTTP server (daemon/http/http.c); NULL: not started */
	/* live copies of reloadable keys (the server keeps its own) */
	int live_lease_seconds;
	int live_max_attempts;
	long long live_min_free;        /* bytes */
	long long live_max_wal;         /* bytes */
	long long live_fold_days;       /* [storage] fold_after_days */
};

/* Copies the reloadable keys of k->cfg into the live atomics (the HTTP
 * server keeps its own: http_configure). */
void kpcid_publish_config(struct kpcid *k);
/* config_load and then every subsystem's check of its sections ([alert],
 * [kcidb], [tree]); the number of errors, each a line in errs.  In
 * daemon/main.c, the one file that knows every subsystem. */
int kpcid_config_load(struct config *c, const char *path, struct buf *errs);
int kpcid_lease_seconds(struct kpcid *k);
int kpcid_max_attempts(struct kpcid *k);
/* The reloadable [storage] limits, in bytes. */
long long kpcid_min_free(struct kpcid *k);
long long kpcid_max_wal(struct kpcid *k);
/* [storage] fold_after_days as last loaded (0: never). */
long long kpcid_fold_days(struct kpcid *k);

#endif
