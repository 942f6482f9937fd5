// SPDX-License-Identifier: GPL-2.0-only
/*
 * cache.c - the cache of rendered answers (see cache.h): a small array
 * searched linearly (CACHE_SLOTS is small and a lookup is dwarfed by the
 * rendering it saves), one mutex, reference-counted bodies.
 */
#include "daemon/http/cache.h"
#include "lib/gzip.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cache_slot {
	char *key;
	char *version;
	struct cache_body *body;
	struct cache_body *gz;      /* the body gzip-compressed, or NULL */
	unsigned long long used;    /* the tick of its last hit or store */
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	const char *names[CACHE_NAMES];     /* sorted */
	int n;
} cache_route_names[CACHE_ROUTES];
static struct cache_slot cache_slots[CACHE_SLOTS];
static unsigned long long cache_tick;
static unsigned long long cache_hits, cache_misses;     /* under cache_lock */
static struct {
	char *key, *version;
} cache_builds[CACHE_BUILDS];                           /* under cache_lock */
static pthread_cond_t cache_built = PTHREAD_COND_INITIALIZER;
static size_t cache_bytes;

/* Drops one reference; the caller holds cache_lock. */
static void cache_unref(struct cache_body *b)
{
	if (b && --b->refs == 0)
		free(b);
}

/* Empties slot s; the caller holds cache_lock. */
static void cache_drop(struct cache_slot *s)
{
	if (s->body)
		cache_bytes -= s->body->len;
	if (s->gz)
		cache_bytes -= s->gz->len;
	cache_unref(s->body);
	cache_unref(s->gz);
	free(s->key);
	free(s->version);
	memset(s, 0, sizeof *s);
}

static struct cache_slot *cache_find(const char *key)
{
	for (size_t i = 0; i < CACHE_SLOTS; i++)
		if (cache_slots[i].key && !strcmp(cache_slots[i].key, key))
			return &cache_slots[i];
	return NULL;
}

/* An empty slot when empty_first and there is one, else the least
 * recently used full one; NULL when every slot is empty. */
static struct cache_slot *cache_victim(int empty_first)
{
	struct cache_slot *v = NULL;

	for (size_t i = 0; i < CACHE_SLOTS; i++) {
		if (!cache_slots[i].key) {
			if (empty_first)
				return &cache_slots[i];
		} else if (!v || cache_slots[i].used < v->used) {
			v = &cache_slots[i];
		}
	}
	return v;
}

/* The body of slot s (its gzip form when gzip_ok and there is one) with
 * a reference, s marked used; the caller holds cache_lock. */
static struct cache_body *cache_take(struct cache_slot *s, int gzip_ok)
{
	struct cache_body *b = gzip_ok && s->gz ? s->gz : s->body;

	s->used = ++cache_tick;
	b->refs++;
	return b;
}

struct cache_body *cache_get(const char *key, const char *version, int gzip_ok)
{
	struct cache_slot *s;
	struct cache_body *b = NULL;

	pthread_mutex_lock(&cache_lock);
	s = cache_find(key);
	if (s && !strcmp(s->version, version))
		b = cache_take(s, gzip_ok);
	if (b)
		cache_hits++;
	else
		cache_misses++;
	pthread_mutex_unlock(&cache_lock);
	return b;
}

void cache_counts(unsigned long long *hits, unsigned long long *misses)
{
	pthread_mutex_lock(&cache_lock);
	*hits = cache_hits;
	*misses = cache_misses;
	pthread_mutex_unlock(&cache_lock);
}

/* A new body with one reference: a copy of data[0..len); NULL when out of
 * memory.  A gzip body's ETag is etag with "-gz" inside its quotes. */
static struct cache_body *cache_body_new(const char *data, size_t len, const char *etag,
					 const char *content_type, const char *cache_control,
					 int gzip)
{
	struct cache_body *b = malloc(sizeof *b + len);
	size_t n = strlen(etag);

	if (!b)
		return NULL;
	memcpy(b->data, data, len);
	b->len = len;
	b->refs = 1;
	b->gzip = gzip;
	if (gzip && n >= 2 && etag[n - 1] == '"')
		snprintf(b->etag, sizeof b->etag, "%.*s-gz\"", (int)(n - 1), etag);
	else
		snprintf(b->etag, sizeof b->etag, "%s", etag);
	snprintf(b->content_type, sizeof b->content_type, "%s", content_type);
	snprintf(b->cache_control, sizeof b->cache_control, "%s",
		 cache_control ? cache_control : "");
	return b;
}

void cache_put(const char *key, const char *version, const char *data, size_t len,
	       const char *etag, const char *content_type, const char *cache_control)
{
	struct cache_body *b, *gz = NULL;
	struct cache_slot *s;
	char *k, *v, *zdata;
	size_t zlen;

	if (len > CACHE_MAX_BYTES / 4 || strlen(key) > CACHE_MAX_KEY)
		return;
	b = cache_body_new(data, len, etag, content_type, cache_control, 0);
	k = strdup(key);
	v = strdup(version);
	if (!b || !k || !v) {
		free(b);
		free(k);
		free(v);
		return;
	}
	if (len >= CACHE_GZIP_MIN && gzip_compress(&zdata, &zlen, data, len) == 0) {
		gz = cache_body_new(zdata, zlen, etag, content_type, cache_control, 1);
		free(zdata);
	}
	pthread_mutex_lock(&cache_lock);
	s = cache_find(key);
	if (s)
		cache_drop(s);
	while (cache_bytes + len + (gz ? gz->len : 0) > CACHE_MAX_BYTES && (s = cache_victim(0)))
		cache_drop(s);
	s = cache_victim(1);
	if (s->key)
		cache_drop(s);
	s->key = k;
	s->version = v;
	s->body = b;
	s->gz = gz;
	s->used = ++cache_tick;
	cache_bytes += len + (gz ? gz->len : 0);
	pthread_mutex_unlock(&cache_lock);
}

void cache_release(struct cache_body *b)
{
	if (!b)
		return;
	pthread_mutex_lock(&cache_lock);
	cache_unref(b);
	pthread_mutex_unlock(&cache_lock);
}

void cache_clear(void)
{
	pthread_mutex_lock(&cache_lock);
	for (size_t i = 0; i < CACHE_SLOTS; i++)
		if (cache_slots[i].key)
			cache_drop(&cache_slots[i]);
	pthread_mutex_unlock(&cache_lock);
}

int cache_names_learn(int route, const char *const *names, int n)
{
	int added = 0, k;
	char *name;

	if (route < 0 || route >= CACHE_ROUTES)
		return -1;
	pthread_mutex_lock(&cache_lock);
	for (int i = 0; i < n && added >= 0; i++) {
		const char **have = cache_route_names[route].names;
		int *m = &cache_route_names[route].n;

		for (k = 0; k < *m && strcmp(have[k], names[i]) < 0; k++)
			;
		if (k < *m && !strcmp(have[k], names[i]))
			continue;
		if (*m == CACHE_NAMES) {
			added = -1;
			break;
		}
		if (!(name = strdup(names[i]))) {
			added = -1;
			break;
		}
		memmove(&have[k + 1], &have[k], (size_t)(*m - k) * sizeof *have);
		have[k] = name;         /* kept for the life of the process */
		(*m)++;
		added = 1;
	}
	pthread_mutex_unlock(&cache_lock);
	return added;
}

int cache_names(int route, const char *names[CACHE_NAMES])
{
	int n;

	if (route < 0 || route >= CACHE_ROUTES)
		return 0;
	pthread_mutex_lock(&cache_lock);
	n = cache_route_names[route].n;
	memcpy(names, cache_route_names[route].names, (size_t)n * sizeof *names);
	pthread_mutex_unlock(&cache_lock);
	return n;
}

/* The slot of the build of key (any version), or -1; the caller holds
 * cache_lock. */
static int cache_build_find(const char *key)
{
	for (int i = 0; i < CACHE_BUILDS; i++)
		if (cache_builds[i].key && !strcmp(cache_builds[i].key, key))
			return i;
	return -1;
}

int cache_build_begin(const char *key, const char *version)
{
	int mine = 1;

	pthread_mutex_lock(&cache_lock);
	if (cache_build_find(key) >= 0) {
		mine = 0;
	} else {
		for (int i = 0; i < CACHE_BUILDS; i++) {
			if (!cache_builds[i].key) {
				cache_builds[i].key = strdup(key);
				cache_builds[i].version = strdup(version);
				if (!cache_builds[i].key || !cache_builds[i].version) {
					free(cache_builds[i].key);
					free(cache_builds[i].version);
					cache_builds[i].key = cache_builds[i].version = NULL;
				}
				break;
			}
		}
	}
	pthread_mutex_unlock(&cache_lock);
	return mine;
}

void cache_build_end(const char *key, const char *version)
{
	int i;

	pthread_mutex_lock(&cache_lock);
	if ((i = cache_build_find(key)) >= 0 && !strcmp(cache_builds[i].version, version)) {
		free(cache_builds[i].key);
		free(cache_builds[i].version);
		cache_builds[i].key = cache_builds[i].version = NULL;
		pthread_cond_broadcast(&cache_built);
	}
	pthread_mutex_unlock(&cache_lock);
}

struct cache_body *cache_get_latest(const char *key, int gzip_ok)
{
	struct cache_slot *s;
	struct cache_body *b = NULL;

	pthread_mutex_lock(&cache_lock);
	s = cache_find(key);
	if (s) {
		b = cache_take(s, gzip_ok);
		cache_hits++;
	}
	pthread_mutex_unlock(&cache_lock);
	return b;
}

struct cache_body *cache_peek(const char *key, const char *version, int gzip_ok,
			      size_t max_len)
{
	struct cache_slot *s;
	struct cache_body *b = NULL;
	int fresh;

	pthread_mutex_lock(&cache_lock);
	s = cache_find(key);
	fresh = s && !strcmp(s->version, version);
	if (s && (gzip_ok && s->gz ? s->gz : s->body)->len <= max_len &&
	    (fresh || cache_build_find(key) >= 0)) {
		b = cache_take(s, gzip_ok);
		cache_hits++;
		if (!fresh)
			cache_misses++;     /* as cache_get, then cache_get_latest */
	}
	pthread_mutex_unlock(&cache_lock);
	return b;
}

void cache_build_wait(const char *key)
{
	pthread_mutex_lock(&cache_lock);
	while (cache_build_find(key) >= 0)
		pthread_cond_wait(&cache_built, &cache_lock);
	pthread_mutex_unlock(&cache_lock);
}
