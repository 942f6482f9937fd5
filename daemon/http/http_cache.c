// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_cache.c - the answer cache as requests see it (daemon/http/http.h,
 * http_cached): the key of a request (its path, role and the query
 * parameters its route reads), the slots answers are built in, one build
 * per URL at a time; the tables each route's answers are made from, so
 * that an answer in the cache is found on the event-loop thread before
 * the handler would run (http_cache_answer).  The cache itself is
 * daemon/http/cache.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/http/cache.h"
#include "daemon/http/http.h"
#include "daemon/http/http_internal.h"
#include "db/db.h"
#include "lib/buf.h"
#include "lib/mono.h"

/* Answers built from the database at once ([server] threads): each
 * reader's handler runs on a worker of the read lane (daemon/http/http_work.h,
 * twice as many workers as slots), and the answers that cost (a page, a
 * series of 10,000 points, a list, a comparison) take one of these slots,
 * so that however many readers ask, the CPU and the read connections they
 * take are bounded, cached answers go on, and runners, on the control
 * lane, are answered.  Slots go in the order they were asked for (a
 * semaphore let readers that ask again and again keep one waiting for a
 * minute): a waiter is a node in a FIFO, handed a slot by the request
 * that gives one back, or gone from the FIFO once it has waited
 * HTTP_SLOT_WAIT_MS. */
struct http_slot_waiter {
	pthread_cond_t cv;
	int granted;
	struct http_slot_waiter *next;
};

static struct {
	pthread_mutex_t mu;
	int free;
	struct http_slot_waiter *head, *tail;
} http_builds = { .mu = PTHREAD_MUTEX_INITIALIZER };

/* [server] threads slots, but never so many that readers could hold every
 * read connection: HTTP_READERS_KEPT stay for the runners' token checks,
 * health and the analyzer whatever the readers do. */
void http_builds_init(int n)
{
	http_builds.free = n < DB_MAX_READERS - HTTP_READERS_KEPT ? n :
			   DB_MAX_READERS - HTTP_READERS_KEPT;
}

/* Drops w from the FIFO (it gave up); caller holds the mutex. */
static void http_slot_unqueue(struct http_slot_waiter *w)
{
	struct http_slot_waiter **p = &http_builds.head, *prev = NULL;

	while (*p && *p != w) {
		prev = *p;
		p = &(*p)->next;
	}
	if (!*p)
		return;
	*p = w->next;
	if (http_builds.tail == w)
		http_builds.tail = prev;
}

/* Takes a slot, waiting at most HTTP_SLOT_WAIT_MS behind the requests
 * that asked before: 0, or -1 when none came in that time. */
static int http_build_slot_take(void)
{
	struct http_slot_waiter me = { .granted = 0 };
	pthread_condattr_t attr;
	struct timespec until;
	int rc = 0;

	pthread_mutex_lock(&http_builds.mu);
	if (http_builds.free > 0 && !http_builds.head) {
		http_builds.free--;
		pthread_mutex_unlock(&http_builds.mu);
		return 0;
	}
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&me.cv, &attr);
	pthread_condattr_destroy(&attr);
	if (http_builds.tail)
		http_builds.tail->next = &me;
	else
		http_builds.head = &me;
	http_builds.tail = &me;
	mono_deadline(&until, HTTP_SLOT_WAIT_MS);
	while (!me.granted && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&me.cv, &http_builds.mu, &until);
	if (!me.granted)
		http_slot_unqueue(&me);
	pthread_mutex_unlock(&http_builds.mu);
	pthread_cond_destroy(&me.cv);
	return me.granted ? 0 : -1;
}

/* Gives a slot back: to the first waiter, else to the free ones. */
static void http_build_slot_give(void)
{
	struct http_slot_waiter *w;

	pthread_mutex_lock(&http_builds.mu);
	w = http_builds.head;
	if (w) {
		http_builds.head = w->next;
		if (!http_builds.head)
			http_builds.tail = NULL;
		w->granted = 1;
		pthread_cond_signal(&w->cv);
	} else {
		http_builds.free++;
	}
	pthread_mutex_unlock(&http_builds.mu);
}

/* The answer to a reader that found no slot in HTTP_SLOT_WAIT_MS. */
static void http_busy(struct http_resp *resp)
{
	http_error(resp, 503, "kpcid is building as many answers as it may at once "
		   "([server] threads) and none was free for %d s; ask again in %d s",
		   HTTP_SLOT_WAIT_MS / 1000, HTTP_RETRY_AFTER);
	resp->retry_after = HTTP_RETRY_AFTER;
}

int http_read_slot(struct http_resp *resp)
{
	if (resp->build_slot)
		return 0;
	if (http_build_slot_take() < 0) {
		http_busy(resp);
		return -1;
	}
	resp->build_slot = 1;
	return 0;
}

/* The answer cache's key of the request: the path as sent, the caller's
 * role and the values of the query parameters its route's answers depend
 * on (cache_names), each with its length; NULL when it is too long. */
static char *http_cache_key(struct http_req *req)
{
	const char *names[CACHE_NAMES], *path = req->raw_path ? req->raw_path : req->path;
	int n = req->matched ? cache_names(req->route_no, names) : 0, bad;
	struct buf key;

	buf_init(&key, CACHE_MAX_KEY);
	bad = buf_printf(&key, "%s %s %s", http_method(req), path, req->role) < 0;
	for (int i = 0; i < n && !bad; i++) {
		const char *v = http_query_value(req, names[i]);

		bad = v ? buf_printf(&key, " %s=%zu:%s", names[i], strlen(v), v) < 0 :
			  buf_printf(&key, " %s!", names[i]) < 0;
	}
	if (bad) {
		buf_dispose(&key);
		return NULL;
	}
	return buf_steal(&key);
}

/* The tables each route's answers are made from, as its handler named
 * them to http_cached: known once it has, and never answered from the
 * event loop when two calls named different lists.  A list is written
 * once, before its state becomes known (release); readers load the state
 * first (acquire). */
enum { HTTP_TABLES_UNKNOWN, HTTP_TABLES_KNOWN, HTTP_TABLES_VARY };
static struct {
	const char *const *tables;
	int state;
} http_route_tables[CACHE_ROUTES];
static pthread_mutex_t http_route_tables_mu = PTHREAD_MUTEX_INITIALIZER;

static void http_route_tables_learn(int route, const char *const *tables)
{
	int state;

	if (route < 0 || route >= CACHE_ROUTES)
		return;
	state = __atomic_load_n(&http_route_tables[route].state, __ATOMIC_ACQUIRE);
	if (state == HTTP_TABLES_VARY ||
	    (state == HTTP_TABLES_KNOWN && http_route_tables[route].tables == tables))
		return;
	pthread_mutex_lock(&http_route_tables_mu);
	state = http_route_tables[route].state;
	if (state == HTTP_TABLES_UNKNOWN) {
		http_route_tables[route].tables = tables;
		__atomic_store_n(&http_route_tables[route].state, HTTP_TABLES_KNOWN,
				 __ATOMIC_RELEASE);
	} else if (state == HTTP_TABLES_KNOWN && http_route_tables[route].tables != tables) {
		__atomic_store_n(&http_route_tables[route].state, HTTP_TABLES_VARY,
				 __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&http_route_tables_mu);
}

int http_cached(struct http_req *req, struct http_resp *resp, struct db *db,
		const char *const *tables)
{
	char version[64];

	if (db_tables_version(db, version, sizeof version, tables) < 0)
		return 0;
	free(resp->cache_key);
	free(resp->cache_version);
	resp->cache_key = resp->cache_version = NULL;
	if (!req->matched)
		return 0;
	http_route_tables_learn(req->route_no, tables);
	if (!(resp->cache_key = http_cache_key(req)))
		return 0;
	for (;;) {
		resp->cached = cache_get(resp->cache_key, version,
					 http_accepts_gzip(req));
		if (resp->cached) {
			resp->status = 200;
			return 1;
		}
		if (resp->build_key || cache_build_begin(resp->cache_key, version))
			break;
		/* another request builds this answer: the last one built, at
		 * most one build old, or that build once it is done */
		resp->cached = cache_get_latest(resp->cache_key, http_accepts_gzip(req));
		if (resp->cached) {
			resp->status = 200;
			return 1;
		}
		cache_build_wait(resp->cache_key);
	}
	if (!resp->build_key) {
		resp->build_key = strdup(resp->cache_key);
		resp->build_version = strdup(version);
		if (http_read_slot(resp) < 0) {     /* the build ends unkept (http_build_end) */
			free(resp->cache_key);
			resp->cache_key = NULL;
			return 1;
		}
	}
	resp->cache_version = strdup(version);
	return 0;
}

/* Bytes of a body the event-loop thread sends from the cache, at most.
 * libmicrohttpd sends a large body queued in the pass that read its
 * request at about half the rate of one queued after a worker's turn (a
 * 1.8 MB series: a median of 400 against 850 a second,
 * docs/performance.md), so those still take the hand-off, which costs
 * little beside them; answers without a body (304, HEAD) do not. */
#define HTTP_LOOP_MAX_BODY (64 * 1024)

int http_cache_answer(struct http_req *req, struct http_resp *resp, struct db *db)
{
	const char *const *tables;
	char version[64], *key;
	struct cache_body *b;
	int route = req->route_no;

	if (!req->matched || strcmp(http_method(req), "GET") || route < 0 ||
	    route >= CACHE_ROUTES ||
	    __atomic_load_n(&http_route_tables[route].state, __ATOMIC_ACQUIRE) !=
	    HTTP_TABLES_KNOWN)
		return 0;
	tables = http_route_tables[route].tables;
	if (db_tables_version_known(db, version, sizeof version, tables) < 0 ||
	    !(key = http_cache_key(req)))
		return 0;
	b = cache_peek(key, version, http_accepts_gzip(req),
		       http_no_body_likely(req) ? SIZE_MAX : HTTP_LOOP_MAX_BODY);
	if (!b) {
		free(key);
		return 0;
	}
	resp->cached = b;
	resp->cache_key = key;
	resp->status = 200;
	return 1;
}

void http_build_end(struct http_resp *resp)
{
	if (resp->build_slot)
		http_build_slot_give();
	resp->build_slot = 0;
	if (resp->build_key && resp->build_version)
		cache_build_end(resp->build_key, resp->build_version);
	free(resp->build_key);
	free(resp->build_version);
	resp->build_key = resp->build_version = NULL;
}

void http_cache_learn(struct http_req *req, struct http_resp *resp)
{
	int learned;

	if (!resp->cache_key || !resp->cache_version || resp->status != 200)
		return;
	learned = req->nqueried > HTTP_MAX_QUERIED ? -1 :
		  cache_names_learn(req->route_no, req->queried,
				    req->nqueried);
	if (learned == 1) {
		free(resp->cache_key);
		resp->cache_key = http_cache_key(req);
	}
	if (learned < 0 || !resp->cache_key) {
		free(resp->cache_key);
		resp->cache_key = NULL;
	}
}
