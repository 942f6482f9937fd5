// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_cache.c - kpcid's answer cache: hits only at the version an entry
 * was made at, replacement, least-recently-used eviction by count and by
 * bytes, bodies that outlive their eviction while still referenced, and
 * the event loop's lookup (cache_peek).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "daemon/http/cache.h"

static void put(const char *key, const char *version, const char *body)
{
	cache_put(key, version, body, strlen(body), "\"e\"", "application/json", NULL);
}

static void test_versions(void)
{
	struct cache_body *b;

	CHECK(cache_get("GET /a", "1.0", 0) == NULL);
	put("GET /a", "1.0", "first");
	b = cache_get("GET /a", "1.0", 0);
	CHECK(b && b->len == 5 && !memcmp(b->data, "first", 5));
	CHECK(b && !strcmp(b->etag, "\"e\"") && !strcmp(b->content_type, "application/json"));
	CHECK(b && b->cache_control[0] == '\0');
	CHECK(cache_get("GET /a", "2.0", 0) == NULL);          /* stale */
	CHECK(cache_get("GET /a admin", "1.0", 0) == NULL);    /* another key */
	put("GET /a", "2.0", "second");                     /* replaces */
	CHECK(cache_get("GET /a", "1.0", 0) == NULL);
	/* the replaced body is still whole for whoever holds it */
	CHECK(b && b->len == 5 && !memcmp(b->data, "first", 5));
	cache_release(b);
	b = cache_get("GET /a", "2.0", 0);
	CHECK(b && b->len == 6);
	cache_release(b);
	cache_clear();
	CHECK(cache_get("GET /a", "2.0", 0) == NULL);
}

/* A body of CACHE_GZIP_MIN bytes or more also has a gzip form, with an
 * ETag of its own; smaller ones and callers without gzip get the plain. */
static void test_gzip(void)
{
	static const char row[] = "{\"value\":12.5,\"job\":7}";
	char big[4096];
	struct cache_body *b;

	for (size_t i = 0; i < sizeof big; i++)
		big[i] = row[i % (sizeof row - 1)];
	cache_put("GET /big", "v", big, sizeof big, "\"e1\"", "application/json", NULL);
	b = cache_get("GET /big", "v", 1);
	CHECK(b && b->gzip && b->len < sizeof big / 4);
	CHECK(b && !strcmp(b->etag, "\"e1-gz\""));
	CHECK(b && (unsigned char)b->data[0] == 0x1f && (unsigned char)b->data[1] == 0x8b);
	cache_release(b);
	b = cache_get("GET /big", "v", 0);
	CHECK(b && !b->gzip && b->len == sizeof big && !strcmp(b->etag, "\"e1\""));
	cache_release(b);
	put("GET /small", "v", "{}");
	b = cache_get("GET /small", "v", 1);
	CHECK(b && !b->gzip && b->len == 2);
	cache_release(b);
	cache_clear();
}

static void test_eviction(void)
{
	char key[32];
	struct cache_body *b, *b2;
	size_t big = CACHE_MAX_BYTES / 4;
	char *data = malloc(big + 1);

	for (int i = 0; i < CACHE_SLOTS; i++) {
		snprintf(key, sizeof key, "GET /%d", i);
		put(key, "v", "x");
	}
	b = cache_get("GET /0", "v", 0);        /* /0 is now the most recent */
	cache_release(b);
	put("GET /new", "v", "y");           /* evicts /1, the least recent */
	CHECK((b = cache_get("GET /1", "v", 0)) == NULL);
	cache_release(b);
	CHECK((b = cache_get("GET /0", "v", 0)) != NULL);
	cache_release(b);
	CHECK((b = cache_get("GET /new", "v", 0)) != NULL);
	cache_release(b);

	CHECK(data != NULL);
	memset(data, 'z', big + 1);
	cache_put("GET /too-big", "v", data, big + 1, "\"b\"", "t", NULL);   /* not kept */
	CHECK(cache_get("GET /too-big", "v", 0) == NULL);
	cache_put("GET /huge", "v", data, big, "\"b\"", "t", NULL);
	b = cache_get("GET /huge", "v", 0);
	CHECK(b && b->len == big);
	for (int i = 0; i < 4; i++) {        /* bytes: four more of them must evict */
		snprintf(key, sizeof key, "GET /big%d", i);
		cache_put(key, "v", data, big, "\"b\"", "t", NULL);
	}
	/* the least recent went first: the small ones, then /huge */
	CHECK(cache_get("GET /huge", "v", 0) == NULL);
	CHECK(cache_get("GET /0", "v", 0) == NULL);
	CHECK((b2 = cache_get("GET /big3", "v", 0)) != NULL);
	cache_release(b2);
	/* the held body survived its eviction */
	CHECK(b && b->len == big && b->data[big - 1] == 'z');
	cache_release(b);
	free(data);
	cache_clear();
}

/* cache_peek, the event loop's lookup: the body at its version, or
 * while a build of the key runs the last one built, up to max_len bytes;
 * counted as cache_get and cache_get_latest count them, and nothing
 * counted when it finds nothing (the handler then looks again). */
static void test_peek(void)
{
	unsigned long long h0, m0, h, m;
	struct cache_body *b;

	put("GET /p", "1", "one");
	cache_counts(&h0, &m0);
	b = cache_peek("GET /p", "1", 0, 64);
	CHECK(b && b->len == 3 && !memcmp(b->data, "one", 3));
	cache_release(b);
	cache_counts(&h, &m);
	CHECK(h == h0 + 1 && m == m0);
	CHECK(cache_peek("GET /p", "1", 0, 2) == NULL);         /* longer than max_len */
	CHECK(cache_peek("GET /p", "2", 0, 64) == NULL);        /* stale, no build */
	CHECK(cache_peek("GET /none", "1", 0, 64) == NULL);
	cache_counts(&h, &m);
	CHECK(h == h0 + 1 && m == m0);
	CHECK_INT(cache_build_begin("GET /p", "2"), 1);
	b = cache_peek("GET /p", "2", 0, 64);                   /* the last one built */
	CHECK(b && b->len == 3);
	cache_release(b);
	cache_counts(&h, &m);
	CHECK(h == h0 + 2 && m == m0 + 1);
	CHECK_INT(cache_build_begin("GET /q", "2"), 1);
	CHECK(cache_peek("GET /q", "2", 0, 64) == NULL);        /* built, never kept */
	cache_counts(&h, &m);
	CHECK(h == h0 + 2 && m == m0 + 1);
	cache_build_end("GET /q", "2");
	put("GET /p", "2", "two");
	cache_build_end("GET /p", "2");
	b = cache_peek("GET /p", "2", 0, 64);
	CHECK(b && b->len == 3 && !memcmp(b->data, "two", 3));
	cache_release(b);
	CHECK(cache_peek("GET /p", "3", 0, 64) == NULL);        /* the build is over */
	cache_clear();
}

int main(void)
{
	test_versions();
	test_gzip();
	test_eviction();
	test_peek();
	return check_done();
}
