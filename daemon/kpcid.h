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
struct watcher;

struct kpcid {
	struct config cfg;
	const char *config_path;    /* NULL: embedded defaults only */
#define KPCID_FLAGS 3
	const char *flags[KPCID_FLAGS]; /* --listen, --db, --data-dir (override the file) */
	struct db *db;
	struct watcher *watcher;    /* the tree watcher (daemon/watch/); NULL: not started */
	void *mhd;                  /* struct MHD_Daemon */
	/* live copies of reloadable keys */
	int live_public_read;
	long long live_max_body;
	int live_lease_seconds;
	int live_max_attempts;
	long long live_header_timeout;
	long long live_body_budget;     /* bytes */
	long long live_min_free;        /* bytes */
	long long live_max_wal;         /* bytes */
};

/* Copies the reloadable keys of k->cfg into the live atomics. */
void kpcid_publish_config(struct kpcid *k);
int kpcid_public_read(struct kpcid *k);
long long kpcid_max_body(struct kpcid *k);
int kpcid_lease_seconds(struct kpcid *k);
int kpcid_max_attempts(struct kpcid *k);
/* The reloadable [server] and [storage] limits, in seconds and bytes. */
long long kpcid_header_timeout(struct kpcid *k);
long long kpcid_body_budget(struct kpcid *k);
long long kpcid_min_free(struct kpcid *k);
long long kpcid_max_wal(struct kpcid *k);

#endif
