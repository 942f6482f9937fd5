/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * http_internal.h - what daemon/http/http.c, http_send.c, http_cache.c and
 * http_path.c share; the handlers see daemon/http/http.h only.
 */
#ifndef KPCI_DAEMON_HTTP_INTERNAL_H
#define KPCI_DAEMON_HTTP_INTERNAL_H

#include "daemon/http/http.h"

/* The method routes are matched with: HEAD is answered as GET (the
 * server sends the headers only). */
const char *http_method(const struct http_req *req);
/* A query argument, or NULL, without counting it as read by the handler
 * (http_query does). */
const char *http_query_value(struct http_req *req, const char *name);
/* 1 when the Accept-Encoding header names gzip (not refused with q=0). */
int http_accepts_gzip(struct http_req *req);
/* 1 when the answer most likely goes without a body: a HEAD, or a
 * revalidation (If-None-Match). */
int http_no_body_likely(struct http_req *req);

struct MHD_Connection;
struct MHD_Response;
/* http_send.c: the MHD response of resp for the request on conn (NULL
 * when memory is out; the caller queues and destroys it), its status in
 * *status (304 when the caller's copy is current); counts and logs the
 * answer with the time since t0 and frees what resp holds.  It reads
 * conn's request headers only: a worker may call it for a suspended
 * connection. */
struct MHD_Response *http_finish(struct MHD_Connection *conn, struct http_req *req,
				 struct http_resp *resp, double t0, unsigned *status);

/* http_path.c: matches the request's path (raw, as sent, when MHD gave
 * it to us) against pattern; fills req->params from the numeric :x parts
 * and req->args from the :name and :ref parts (decoded, at most
 * HTTP_MAX_ARG characters: [A-Za-z0-9._+-] as such or as %XX, a :ref
 * also '/' as %2F and ':').  1 on a match, else 0. */
int http_match(const char *pattern, struct http_req *req);

/* http_cache.c: the build slots ([server] threads of them). */
void http_builds_init(int n);
/* On an event-loop thread, before a request's handler would run: 1 when
 * resp holds the answer http_cached would give it from the cache (a body
 * kept at the version of the tables its route's handler named, or while
 * its build runs the last one built), found without calling SQLite and
 * without waiting for anything but the cache's mutex, and of at most 64
 * KiB unless the answer most likely has no body (304, HEAD); else 0
 * (nothing counted: the handler runs as it would have). */
int http_cache_answer(struct http_req *req, struct http_resp *resp, struct db *db);
/* Ends the build http_cached began (after its answer was kept). */
void http_build_end(struct http_resp *resp);
/* Before a handler's 200 answer is kept: the parameters it read join its
 * route's (the key is made again if they grew); an answer whose
 * parameters cannot be kept is not kept. */
void http_cache_learn(struct http_req *req, struct http_resp *resp);

#endif
