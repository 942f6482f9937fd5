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
struct http_settings;
struct watcher;

struct kpcid {
	struct config cfg;
	const char *config_path;    /* NULL: embedded defaults only */
#define KPCID_FLAGS 3
	const char *flags[KPCID_FLAGS]; /* --listen, --db, --data-dir (override the file) */
	struct db *db;
	struct watcher *watcher;    /* the tree watcher (daemon/watch/); NULL: not started */
	struct http_server *http;   /* the HTTP server (daemon/http.c); NULL: not started */
	/* live copies of reloadable keys (the server keeps its own) */
	int live_lease_seconds;
	int live_max_attempts;
	long long live_min_free;        /* bytes */
	long long live_max_wal;         /* bytes */
};

/* Copies the reloadable keys of k->cfg into the live atomics, and the
 * server's into the running server (http_configure). */
void kpcid_publish_config(struct kpcid *k);
/* The HTTP server's settings from c's [server] keys. */
void kpcid_http_settings(struct http_settings *s, const struct config *c);
int kpcid_lease_seconds(struct kpcid *k);
int kpcid_max_attempts(struct kpcid *k);
/* The reloadable [storage] limits, in bytes. */
long long kpcid_min_free(struct kpcid *k);
long long kpcid_max_wal(struct kpcid *k);

#endif
