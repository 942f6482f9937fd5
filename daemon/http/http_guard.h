/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * http_guard.h - limits on what clients hold of kpcid, beside the ones
 * libmicrohttpd enforces (connections per client address, header size):
 *
 * - a deadline for a request's whole header: a connection gets
 *   [server] header_timeout seconds from its start, or from the end of
 *   its previous request, to send the next request's header; past it the
 *   socket is shut down, however slowly the client kept sending.
 * - a budget of request bodies held in memory, all requests together
 *   ([server] body_budget_mb): a body that does not fit is refused (503)
 *   before it is read, instead of growing kpcid's memory without bound.
 */
#ifndef KPCI_DAEMON_HTTP_GUARD_H
#define KPCI_DAEMON_HTTP_GUARD_H

struct http_guard_conn;

/* A connection on socket fd, not waiting for a header yet; NULL when
 * memory is out (it is then not guarded). */
struct http_guard_conn *http_guard_open(int fd);
/* The connection now owes a request header within timeout_s seconds. */
void http_guard_wait_header(struct http_guard_conn *c, long long timeout_s);
/* Its header arrived. */
void http_guard_header_done(struct http_guard_conn *c);
/* It is closing (before its socket is closed); frees c.  NULL is a no-op. */
void http_guard_close(struct http_guard_conn *c);
/* The thread that enforces the deadlines; 0 or -1. */
int http_guard_start(void);
void http_guard_stop(void);
/* Connections shut down at their deadline so far. */
unsigned long long http_guard_cut(void);

/* Reserves bytes of the body budget: 0, or -1 when it would go past
 * budget (one body alone always fits). */
int http_guard_reserve(long long bytes, long long budget);
void http_guard_release(long long bytes);
/* Bytes of request bodies reserved now. */
long long http_guard_held(void);

#endif
