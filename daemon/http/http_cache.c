// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_cache.c - the answer cache as requests see it (daemon/http/http.h,
 * http_cached): the key of a request (its path, role and the query
 * parameters its route reads), the slots answers are built in, one build
 * per URL at a time.  The cache itself is daemon/http/cache.c.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/http/cache.h"
#include "daemon/http/http.h"
#include "daemon/http/http_internal.h"
#include "lib/buf.h"

/* Builds of cacheable answers at once ([server] threads): each
 * reader's handler runs on a worker of the read lane (daemon/http/http_work.h,
 * twice as many workers as slots), and the answers that cost (a page, a
 * series of 10,000 points) take one of these slots, so that however many
 * readers miss the cache, the CPU they take is bounded, cached answers go
 * on, and runners, on the control lane, are answered.
 * Slots are handed out in the order they were asked for (a semaphore let
 * readers that ask again and again keep one waiting for a minute). */
static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int free;
	unsigned long long next, serving;   /* tickets */
} http_builds = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

void http_builds_init(int n)
{
	http_builds.free = n;
}

static void http_build_slot_take(void)
{
	unsigned long long mine;

	pthread_mutex_lock(&http_builds.mu);
	mine = http_builds.next++;
	while (mine != http_builds.serving || http_builds.free == 0)
		pthread_cond_wait(&http_builds.cv, &http_builds.mu);
	http_builds.serving++;
	http_builds.free--;
	pthread_cond_broadcast(&http_builds.cv);    /* the next ticket may go */
	pthread_mutex_unlock(&http_builds.mu);
}

static void http_build_slot_give(void)
{
	pthread_mutex_lock(&http_builds.mu);
	http_builds.free++;
	pthread_cond_broadcast(&http_builds.cv);
	pthread_mutex_unlock(&http_builds.mu);
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

int http_cached(struct http_req *req, struct http_resp *resp, const char *version)
{
	free(resp->cache_key);
	free(resp->cache_version);
	resp->cache_version = NULL;
	if (!req->matched || !(resp->cache_key = http_cache_key(req)))
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
	resp->cache_version = strdup(version);
	if (!resp->build_key) {
		resp->build_key = strdup(resp->cache_key);
		resp->build_version = strdup(version);
		http_build_slot_take();
		resp->build_slot = 1;
	}
	return 0;
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
