/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cache.h - kpcid's cache of rendered answers.
 *
 * A handler whose answer is a function of the request URL, the caller's
 * role and a few tables (a 10,000-point series as JSON, a merge-window
 * report) asks http_cached() (daemon/http/http.h) first; that lands here,
 * and so does the event-loop thread (cache_peek) for the later requests
 * of its route, before any hand-off to a worker.  An entry is found by
 * key (method, URL as sent, role) and is good only for the version it was
 * made at (db_tables_version of the tables it read), so a write to those
 * tables makes it stale without any invalidation call.
 * Bodies are shared by reference: a hit costs no copy and no rendering,
 * and its ETag was computed once.  A body of CACHE_GZIP_MIN bytes or more
 * is also kept gzip-compressed, for callers that accept it.  Entries are
 * evicted least recently used past CACHE_SLOTS entries or CACHE_MAX_BYTES
 * of bodies.
 */
#ifndef KPCI_DAEMON_CACHE_H
#define KPCI_DAEMON_CACHE_H

#include <stddef.h>

#define CACHE_SLOTS 128
#define CACHE_MAX_BYTES (64u << 20)
#define CACHE_MAX_KEY 2048      /* longer URLs are not cached */
#define CACHE_GZIP_MIN 1024     /* smaller bodies are not worth compressing */

/* A cached body: immutable once made; freed with its last reference. */
struct cache_body {
	size_t len;
	char etag[24];
	char content_type[64];
	char cache_control[64];     /* "" when the handler set none */
	int gzip;                   /* data is gzip-compressed (its ETag ends "-gz") */
	int refs;                   /* under the cache's lock */
	char data[];
};

/* The body cached for key at version (its gzip form when gzip_ok and
 * there is one), with a reference the caller drops with cache_release();
 * NULL when there is none or it is stale. */
struct cache_body *cache_get(const char *key, const char *version, int gzip_ok);
/* Keeps a copy of data[0..len) for key at version (replacing an older
 * entry); bodies over a quarter of CACHE_MAX_BYTES are not kept. */
void cache_put(const char *key, const char *version, const char *data, size_t len,
	       const char *etag, const char *content_type, const char *cache_control);
void cache_release(struct cache_body *b);
/*
 * One build per URL at a time: when many requests miss the same key at
 * once (a page everybody reloads, while results keep arriving and every
 * write makes a new version), the first builds the answer and the others
 * get the last answer built for that key, at most one build old (or wait
 * for the build when there is none yet), instead of each building its
 * own and queueing for the CPU.  cache_build_begin returns 1 when the
 * caller is to build (it then calls cache_build_end, after its cache_put
 * if any), 0 when another build of key runs: take cache_get_latest, or
 * cache_build_wait and look again.
 */
#define CACHE_BUILDS 64         /* builds tracked at once; more build unshared */
int cache_build_begin(const char *key, const char *version);
void cache_build_end(const char *key, const char *version);
/* The body kept for key at whatever version (as cache_get); NULL. */
struct cache_body *cache_get_latest(const char *key, int gzip_ok);
/* Waits until no build of key runs. */
void cache_build_wait(const char *key);
/* What cache_get, then cache_build_begin and cache_get_latest would give
 * without waiting or beginning a build, for a thread that must not wait:
 * the body kept for key at version, else while a build of key runs the
 * last one built (counted as cache_get and cache_get_latest count them);
 * NULL, counting nothing, when the request is to go to its handler, also
 * when that body is longer than max_len bytes. */
struct cache_body *cache_peek(const char *key, const char *version, int gzip_ok,
			      size_t max_len);

/* How many cache_get calls found an answer, and how many did not. */
void cache_counts(unsigned long long *hits, unsigned long long *misses);
/* Drops every entry (kpcid's shutdown; tests). */
void cache_clear(void);

/*
 * The query parameters the answers of a route (numbered by the caller,
 * below CACHE_ROUTES) depend on: the names its handler was seen to look
 * up.  A key made of the path and just these parameters cannot be busted
 * with parameters the handler never reads.
 */
#define CACHE_ROUTES 256
#define CACHE_NAMES 16          /* names kept per route */
/* Adds names[0..n) (copied) to route's; 1 when one was new, 0 when none
 * was, -1 when they do not fit (the answer must not be kept). */
int cache_names_learn(int route, const char *const *names, int n);
/* Copies route's names, sorted, into names[CACHE_NAMES]; their count. */
int cache_names(int route, const char *names[CACHE_NAMES]);

#endif
