// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_send.c - a handler's answer made into libmicrohttpd's response:
 * the ETag and 304, a body from the answer cache (shared, not copied),
 * from a file or a reader, gzip when the client takes it; the answer
 * counted and logged.  It reads the connection's request headers only,
 * so a worker (daemon/http/http_work.h) may run it for a suspended
 * connection; daemon/http/http.c queues the response.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <microhttpd.h>

#include "daemon/http/cache.h"
#include "daemon/http/http.h"
#include "daemon/http/http_internal.h"
#include "daemon/http/prom.h"
#include "lib/buf.h"
#include "lib/gzip.h"
#include "lib/log.h"
#include "lib/mono.h"

#define HTTP_READER_BLOCK (64 * 1024) /* bytes a reader body is asked for at once */

/*
 * The ETag of a successful GET: a 64-bit FNV-1a hash of the body, so that
 * a list that did not change since the caller's copy is answered 304.
 * etag gets "" for other answers.
 */
static void http_etag(char etag[24], const char *method, const struct http_resp *resp)
{
	unsigned long long h = 14695981039346656037ULL;

	etag[0] = '\0';
	if ((strcmp(method, "GET") && strcmp(method, "HEAD")) || resp->status != 200 ||
	    resp->has_file)
		return;
	for (size_t i = 0; i < resp->body.len; i++) {
		h ^= (unsigned char)resp->body.data[i];
		h *= 1099511628211ULL;
	}
	snprintf(etag, 24, "\"%016llx\"", h);
}

/* 1 when the If-None-Match header lists etag (or is "*"). */
static int http_not_modified(struct MHD_Connection *conn, const char *etag)
{
	const char *h = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_IF_NONE_MATCH);

	if (!etag[0] || !h || strlen(h) > HTTP_MAX_HEADER)
		return 0;
	return !strcmp(h, "*") || strstr(h, etag) != NULL;
}

/* A response body read through http_resp.reader (see http.h). */
struct http_body_reader {
	long (*reader)(void *ctx, unsigned long long pos, char *buf, size_t max);
	void (*reader_free)(void *ctx);
	void *ctx;
};

static ssize_t http_body_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct http_body_reader *r = cls;
	long n = r->reader(r->ctx, pos, buf, max);

	return n < 0 ? MHD_CONTENT_READER_END_WITH_ERROR : (ssize_t)n;
}

static void http_body_free(void *cls)
{
	struct http_body_reader *r = cls;

	r->reader_free(r->ctx);
	free(r);
}

/* The response of a reader body; NULL (and the context freed) on error. */
static struct MHD_Response *http_reader_response(const struct http_resp *resp)
{
	struct http_body_reader *r = malloc(sizeof *r);
	struct MHD_Response *mr;

	if (!r) {
		resp->reader_free(resp->reader_ctx);
		return NULL;
	}
	r->reader = resp->reader;
	r->reader_free = resp->reader_free;
	r->ctx = resp->reader_ctx;
	mr = MHD_create_response_from_callback((uint64_t)resp->file_size, HTTP_READER_BLOCK,
					       http_body_read, r, http_body_free);
	if (!mr)
		http_body_free(r);
	return mr;
}

int http_accepts_gzip(struct http_req *req)
{
	const char *h = MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_ACCEPT_ENCODING);
	const char *g;

	if (!h || strlen(h) > HTTP_MAX_HEADER || !(g = strstr(h, "gzip")))
		return 0;
	g += 4 + strspn(g + 4, " ");
	if (strncmp(g, ";q=0", 4))
		return 1;
	g += 4 + strspn(g + 4, ".0");   /* q=0, q=0.0 ... refuse; q=0.5 accepts */
	return *g >= '1' && *g <= '9';
}

int http_no_body_likely(struct http_req *req)
{
	return !strcmp(req->method, "HEAD") ||
	       MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
					   MHD_HTTP_HEADER_IF_NONE_MATCH) != NULL;
}

static void http_cache_free(void *cls)
{
	cache_release(cls);
}

/* The response of a cached body (an empty one for 304); takes the
 * reference to b. */
static struct MHD_Response *http_cached_response(struct cache_body *b, int not_modified)
{
	struct MHD_Response *r;

	if (not_modified) {
		cache_release(b);
		return MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
	}
	r = MHD_create_response_from_buffer_with_free_callback_cls(b->len, b->data,
								  http_cache_free, b);
	if (!r)
		cache_release(b);
	return r;
}

/* Compresses an answer that is not cached (a page that shows the time,
 * an error page) for a client that accepts gzip: 1 when resp's body is
 * now gzip and etag names that form. */
static int http_gzip_body(struct http_resp *resp, char etag[24])
{
	char *z;
	size_t zlen, n = strlen(etag);

	if (resp->has_file || resp->body.len < CACHE_GZIP_MIN ||
	    gzip_compress(&z, &zlen, resp->body.data, resp->body.len) < 0)
		return 0;
	buf_reset(&resp->body);
	buf_add(&resp->body, z, zlen);
	free(z);
	if (n >= 2 && n + 3 < 24 && etag[n - 1] == '"')
		memcpy(etag + n - 1, "-gz\"", 5);
	return 1;
}

/* The MHD response of resp (its status in resp->status: 304 when the
 * caller's copy is current), or NULL when memory is out.  It reads the
 * connection's headers only, so a worker may make it for a suspended
 * connection. */
static struct MHD_Response *http_response_of(struct MHD_Connection *conn,
					     struct http_req *req, struct http_resp *resp)
{
	struct cache_body *hit = resp->cached;
	struct MHD_Response *r;
	char etag[24], ctype[sizeof hit->content_type], cc[sizeof hit->cache_control];
	int not_modified, gzip_ok = http_accepts_gzip(req), gzip = 0;

	resp->cached = NULL;
	if (!hit) {
		http_etag(etag, req->method, resp);
		if (resp->cache_key && resp->cache_version && etag[0]) {
			cache_put(resp->cache_key, resp->cache_version, resp->body.data,
				  resp->body.len, etag, resp->content_type ? resp->content_type :
				  "application/json", resp->cache_control);
			/* the first answer is the cached one: gzip too when accepted */
			if (gzip_ok)
				hit = cache_get(resp->cache_key, resp->cache_version, 1);
		} else if (gzip_ok) {
			gzip = http_gzip_body(resp, etag);
		}
	}
	if (hit) {  /* copies: the body may be released before the headers are added */
		gzip = hit->gzip;
		snprintf(etag, sizeof etag, "%s", hit->etag);
		snprintf(ctype, sizeof ctype, "%s", hit->content_type);
		snprintf(cc, sizeof cc, "%s", hit->cache_control);
		resp->content_type = ctype;
		resp->cache_control = cc[0] ? cc : NULL;
	}
	not_modified = http_not_modified(conn, etag);
	if (hit)
		r = http_cached_response(hit, not_modified);
	else if (resp->has_file && resp->reader)
		r = http_reader_response(resp);
	else if (resp->has_file)     /* MHD closes the descriptor */
		r = MHD_create_response_from_fd64((uint64_t)resp->file_size, resp->file_fd);
	else
		r = MHD_create_response_from_buffer(not_modified ? 0 : resp->body.len,
						    resp->body.data, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return NULL;
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
				resp->content_type ? resp->content_type : "application/json");
	/* A GET answered 200 may be kept but must be revalidated (ETag) unless
	 * its handler said how long it stays fresh; everything else: no-store. */
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
				resp->cache_control ? resp->cache_control :
				etag[0] ? "no-cache" : "no-store");
	if (resp->retry_after > 0) {
		char secs[16];

		snprintf(secs, sizeof secs, "%d", resp->retry_after);
		MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, secs);
	}
	if (etag[0])
		MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
	if (not_modified)
		resp->status = MHD_HTTP_NOT_MODIFIED;
	if (gzip && !not_modified)
		MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
	if (hit || resp->cache_key || gzip) /* the answer depends on Accept-Encoding */
		MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept-Encoding");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	return r;
}

/* The MHD response of resp (NULL when memory is out), its status in
 * *status; counts and logs the answer (with the time since t0) and frees
 * what resp holds. */
struct MHD_Response *http_finish(struct MHD_Connection *conn, struct http_req *req,
					struct http_resp *resp, double t0, unsigned *status)
{
	struct MHD_Response *r = http_response_of(conn, req, resp);
	double took;

	http_build_end(resp);       /* its answer is in the cache now */
	took = mono_now() - t0;
	log_debug("%s %s -> %d (%.1f ms)", req->method, req->path, resp->status, took * 1e3);
	prom_request_observe(resp->status, took);
	*status = (unsigned)resp->status;
	buf_dispose(&resp->body);
	free(resp->cache_key);
	free(resp->cache_version);
	return r;
}
