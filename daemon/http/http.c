// SPDX-License-Identifier: GPL-2.0-only
/*
 * http.c - libmicrohttpd glue: collect the request, authenticate it,
 * match it against the app's routes, send what the handler produced, or
 * an answer in the answer cache without running the handler.  Routes
 * with a struct http_stream get their body piece by piece instead.  What
 * a handler uses to read its query and body and to answer is in
 * daemon/http/http_req.c.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "daemon/http/http.h"
#include "daemon/http/http_internal.h"
#include "daemon/http/health.h"
#include "daemon/http/http_guard.h"
#include "daemon/http/http_work.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/conf.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/utf8.h"

#define HTTP_CONNECTION_TIMEOUT 60  /* seconds a connection may stay silent */
#define HTTP_DRAIN_MAX (1 << 20)    /* bytes of a refused body read before its answer */
#define HTTP_POOL_MAX 8             /* libmicrohttpd's event-loop threads, at most */
#define HTTP_FD_SPARE 512           /* descriptors kept for all but connections */
/* Workers of the read lane: the build slots ([server] threads) and as
 * many again for cached answers while the slots are busy. */
#define HTTP_READ_WORKERS(threads) (2 * (threads))
#define HTTP_CONTROL_WORKERS 4      /* runner protocol, admin calls, health */

/* A running server: libmicrohttpd's daemon, whom handlers serve, and the
 * reloadable settings (atomics: http_configure replaces them while
 * requests read them). */
struct http_server {
	struct MHD_Daemon *mhd;
	struct kpcid *k;
	struct http_app app;
	int public_read;
	long long max_body, header_timeout, body_budget;
};

void http_settings_of(struct http_settings *s, const struct config *c)
{
	s->public_read = c->public_read;
	s->max_body = c->max_body;
	s->header_timeout = c->header_timeout;
	s->body_budget = c->body_budget_mb << 20;
	s->max_conns_per_client = (int)c->max_conns_per_client;
	s->threads = (int)c->threads;
	s->max_connections = (int)c->max_connections;
}

void http_configure(struct http_server *srv, const struct http_settings *s)
{
	__atomic_store_n(&srv->public_read, s->public_read, __ATOMIC_RELAXED);
	__atomic_store_n(&srv->max_body, s->max_body, __ATOMIC_RELAXED);
	__atomic_store_n(&srv->header_timeout, s->header_timeout, __ATOMIC_RELAXED);
	__atomic_store_n(&srv->body_budget, s->body_budget, __ATOMIC_RELAXED);
}

static long long http_live(const long long *setting)
{
	return __atomic_load_n(setting, __ATOMIC_RELAXED);
}

const char *http_query_value(struct http_req *req, const char *name)
{
	return MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, name);
}

const char *http_query(struct http_req *req, const char *name)
{
	int i;

	for (i = 0; i < req->nqueried && strcmp(req->queried[i], name); i++)
		;
	if (i == req->nqueried && i < HTTP_MAX_QUERIED)
		req->queried[req->nqueried++] = name;
	else if (i == HTTP_MAX_QUERIED)
		req->nqueried = HTTP_MAX_QUERIED + 1;  /* too many: never cached */
	return MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, name);
}

/* Reads the bearer token, if any, into req->role.  -1: an error response is set. */
static int http_authenticate(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *h = MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_AUTHORIZATION);

	req->role[0] = '\0';
	if (!h)
		return 0;
	if (strncmp(h, "Bearer ", 7) || strlen(h) > HTTP_MAX_HEADER) {
		http_error(resp, 401, "the Authorization header must be 'Bearer TOKEN'");
		return -1;
	}
	if (db_token_check(k->db, h + 7, req->role, &req->token_id) != DB_OK) {
		http_error(resp, 401, "unknown or revoked API token");
		return -1;
	}
	return 0;
}

static int http_allowed(struct http_server *srv, const struct http_route *r,
			struct http_req *req, struct http_resp *resp)
{
	switch (r->access) {
	case HTTP_PUBLIC:
		if (req->role[0] || __atomic_load_n(&srv->public_read, __ATOMIC_RELAXED))
			return 1;
		http_error(resp, 401, "this server needs an API token to read (Authorization: Bearer TOKEN)");
		return 0;
	case HTTP_RUNNER:
		if (!strcmp(req->role, "runner"))
			return 1;
		http_error(resp, req->role[0] ? 403 : 401, "%s %s needs a runner token",
			   req->method, req->path);
		return 0;
	case HTTP_ADMIN:
		if (!strcmp(req->role, "admin"))
			return 1;
		http_error(resp, req->role[0] ? 403 : 401, "%s %s needs an admin token",
			   req->method, req->path);
		return 0;
	}
	return 0;
}

/* 404 for a path no route matches: the dashboard's HTML error page when a
 * browser asks for a page (Accept names text/html, the path is not under
 * /api/), else the JSON error. */
static void http_not_found(struct http_server *srv, struct http_req *req,
			   struct http_resp *resp)
{
	const char *accept = MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
							 MHD_HTTP_HEADER_ACCEPT);
	char msg[HTTP_MAX_ARG * 2];

	if (accept && strlen(accept) <= HTTP_MAX_HEADER && strstr(accept, "text/html") &&
	    strncmp(req->path, "/api/", 5)) {
		snprintf(msg, sizeof msg, "There is no page at %.200s.", req->path);
		srv->app.error_page(resp, 404, msg);
		return;
	}
	http_error(resp, 404, "no such resource: %s", req->path);
}


const char *http_method(const struct http_req *req)
{
	return strcmp(req->method, "HEAD") ? req->method : "GET";
}

/* Finds the route of the request (req->matched, and its parameters) and
 * checks that the caller may use it: 0, or -1 after setting the answer
 * (404, 405, 401, 403). */
static int http_route_find(struct http_server *srv, struct http_req *req,
			   struct http_resp *resp)
{
	int path_known = 0;

	for (const struct http_route *r = srv->app.routes; r->pattern; r++) {
		if (!http_match(r->pattern, req))
			continue;
		path_known = 1;
		if (strcmp(r->method, http_method(req)))
			continue;
		if (http_authenticate(srv->k, req, resp) < 0 || !http_allowed(srv, r, req, resp))
			return -1;
		req->matched = r;
		req->route_no = (int)(r - srv->app.routes);
		return 0;
	}
	if (path_known)
		http_error(resp, 405, "%s is not allowed on %s", req->method, req->path);
	else
		http_not_found(srv, req, resp);
	return -1;
}

/* Queues r (NULL: memory was out) with status and lets go of it. */
static enum MHD_Result http_queue(struct MHD_Connection *conn, struct MHD_Response *r,
				  unsigned status)
{
	enum MHD_Result ret;

	if (!r)
		return MHD_NO;
	ret = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return ret;
}

/* The streamed route for this request, if any. */
static const struct http_route *http_stream_route(struct http_server *srv,
						      struct http_req *req)
{
	for (const struct http_route *r = srv->app.routes; r->pattern; r++) {
		if (r->stream && !strcmp(r->method, req->method) &&
		    http_match(r->pattern, req))
			return r;
	}
	return NULL;
}

/* First call of a streamed request: authorise it and let the route begin.
 * -1 when memory is out; stream_failed when stream_resp holds the answer. */
static int http_stream_begin(struct http_server *srv, struct http_req *req)
{
	struct kpcid *k = srv->k;

	req->stream_resp = calloc(1, sizeof *req->stream_resp);
	if (!req->stream_resp)
		return -1;
	req->stream_resp->status = 200;
	buf_init(&req->stream_resp->body, 1u << 20);
	if (http_authenticate(k, req, req->stream_resp) < 0 ||
	    !http_allowed(srv, req->route, req, req->stream_resp) ||
	    health_refuse_write(k, req->stream_resp)) {
		req->stream_failed = 1;
		return 0;
	}
	req->stream_ctx = req->route->stream->begin(k, req, req->stream_resp);
	req->stream_failed = req->stream_ctx == NULL;
	return 0;
}

/* A piece of a streamed body; errors stop the stream, the rest is dropped. */
static void http_stream_data(struct http_req *req, const char *data, size_t len)
{
	if (req->stream_failed)
		return;
	if (req->route->stream->data(req->stream_ctx, data, len, req->stream_resp) < 0) {
		req->route->stream->abort(req->stream_ctx);
		req->stream_ctx = NULL;
		req->stream_failed = 1;
	}
}

/* MHD_KeyValueIterator over the query: stops at the first name or value
 * that is not UTF-8, left in *cls. */
static enum MHD_Result http_query_bad(void *cls, enum MHD_ValueKind kind, const char *key,
				      const char *value)
{
	(void)kind;
	if (utf8_valid(key, strlen(key)) && (!value || utf8_valid(value, strlen(value))))
		return MHD_YES;
	*(const char **)cls = key;
	return MHD_NO;
}

/* Keeps the bytes of a body piece within the body budget (for a body
 * without Content-Length, reserved as it comes); -1 when over. */
static int http_body_reserve(struct http_server *srv, struct http_req *req, size_t n)
{
	if (req->reserved >= (long long)(req->body.len + n))
		return 0;
	if (http_guard_reserve((long long)n, http_live(&srv->body_budget)) < 0)
		return -1;
	req->reserved += (long long)n;
	return 0;
}

/*
 * What the header alone decides, before a byte of the body is read: the
 * query is UTF-8; the route exists and the caller may use it; kpcid can
 * store (for a write); the announced body fits [server] max_body and the
 * body budget, which is then reserved for it.  0 to go on, 1 when resp
 * holds the answer (whose body is never stored: http_answer_now).
 */
static int http_header_checks(struct http_server *srv, struct http_req *req,
			      struct http_resp *resp)
{
	const char *bad = NULL, *cl;
	long long len = 0;

	MHD_get_connection_values(req->conn, MHD_GET_ARGUMENT_KIND, http_query_bad, &bad);
	if (bad) {
		http_error(resp, 400, "query parameter %.64s: the name or value is not UTF-8", bad);
		return 1;
	}
	if (req->route) {
		if (!req->stream_failed)
			return 0;
		resp->status = req->stream_resp->status;
		resp->content_type = req->stream_resp->content_type;
		buf_add(&resp->body, req->stream_resp->body.data, req->stream_resp->body.len);
		return 1;
	}
	if (http_route_find(srv, req, resp) < 0)
		return 1;
	/* a write is refused while kpcid cannot store (the integrity check,
	 * a POST that only reads, is how it learns it can again) */
	if (strcmp(http_method(req), "GET") && req->matched->handler != api_integrity_check &&
	    health_refuse_write(srv->k, resp))
		return 1;
	cl = MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
					 MHD_HTTP_HEADER_CONTENT_LENGTH);
	if (cl)
		len = strtoll(cl, NULL, 10);    /* MHD refused a malformed one */
	if (len > (long long)req->body.max) {
		http_error(resp, 413, "the request body is larger than %lld bytes",
			   (long long)req->body.max);
		return 1;
	}
	if (len > 0 && http_guard_reserve(len, http_live(&srv->body_budget)) < 0) {
		http_error(resp, 503, "kpcid holds %lld MiB of request bodies in memory, its "
			   "[server] body_budget_mb; send this one again in a moment",
			   http_guard_held() >> 20);
		return 1;
	}
	req->reserved = len;
	if (len > 0)
		buf_presize(&req->body, (size_t)len);
	return 0;
}

/*
 * Whether an answer that the header decided goes out before the body.
 * A socket closed on unread bytes is reset by the kernel, and the reset
 * can overtake the answer: the client sees only a broken connection.  So
 * a body of up to HTTP_DRAIN_MAX bytes is read and dropped first.  A
 * client that waits for "100 Continue" has sent nothing yet and is
 * answered at once, as is one whose body is larger or of unknown length
 * (a client that must see every refusal asks for 100 Continue, as
 * kpci-runner's uploads do).
 */
static int http_answer_now(struct http_req *req)
{
	const char *expect = MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
							 MHD_HTTP_HEADER_EXPECT);
	const char *cl = MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND,
						     MHD_HTTP_HEADER_CONTENT_LENGTH);
	long long len = cl ? strtoll(cl, NULL, 10) : -1;

	if (expect && !strcasecmp(expect, "100-continue"))
		return 1;
	return len <= 0 || len > HTTP_DRAIN_MAX;
}

/* Keeps resp as the request's answer, sent once the body is read; -1
 * (resp untouched) when memory is out. */
static int http_hold(struct http_req *req, struct http_resp *resp)
{
	req->held = malloc(sizeof *req->held);
	if (!req->held)
		return -1;
	*req->held = *resp;
	return 0;
}

/* Sends resp now, from libmicrohttpd's thread (http_finish). */
static enum MHD_Result http_answer(struct MHD_Connection *conn, struct http_req *req,
				   struct http_resp *resp, double t0)
{
	unsigned status;
	struct MHD_Response *r = http_finish(conn, req, resp, t0, &status);

	return http_queue(conn, r, status);
}

/* The connection's guard (its socket context), or NULL. */
static struct http_guard_conn *http_conn_guard(struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

/* Runs the request's handler (or answers what its body decided) into
 * resp, on a worker. */
static void http_handle(struct http_server *srv, struct http_req *req, struct http_resp *resp)
{
	db_fault_take(NULL, 0);
	if (req->route && req->stream_failed) {
		resp->status = req->stream_resp->status;
		resp->content_type = req->stream_resp->content_type;
		buf_add(&resp->body, req->stream_resp->body.data, req->stream_resp->body.len);
	} else if (req->route) {
		req->route->handler(srv->k, req, resp);
	} else if (req->too_large) {
		http_error(resp, 413, "the request body is larger than %lld bytes",
			   (long long)req->body.max);
	} else if (req->over_budget) {
		http_error(resp, 503, "kpcid holds %lld MiB of request bodies in memory, its "
			   "[server] body_budget_mb; send this one again in a moment",
			   http_guard_held() >> 20);
	} else {
		req->matched->handler(srv->k, req, resp);
	}
	if (buf_failed(&resp->body))    /* the one check of every handler's appends */
		http_error(resp, 500, "the answer is larger than %zu bytes", resp->body.max);
	if (resp->status == 500)
		health_fault_answer(resp);
	http_cache_learn(req, resp);
}

/* The lane of a request (daemon/http/http_work.h): runners, admins and
 * health on the control lane, readers on the read lane. */
static enum http_lane http_lane_of(const struct http_req *req)
{
	const struct http_route *r = req->route ? req->route : req->matched;

	if (r && (r->access != HTTP_PUBLIC || r->handler == api_health))
		return HTTP_LANE_CONTROL;
	return HTTP_LANE_READ;
}

/* The work of a suspended connection: its handler, run on a worker. */
struct http_job {
	struct http_work work;      /* first: the worker hands back &work */
	struct http_server *srv;
	struct MHD_Connection *conn;
	struct http_req *req;
	double t0;
};

static const char http_stopping_msg[] =
	"kpcid is stopping; send this request again once it is back";

/* A worker's side: the handler's answer made into the request's MHD
 * response, then the connection resumed, whose thread queues it
 * (http_answer_made). */
static void http_job_run(struct http_work *w, int cancelled)
{
	struct http_job *job = (struct http_job *)w;
	struct MHD_Connection *conn = job->conn;
	struct http_req *req = job->req;
	struct http_resp resp = { .status = 200 };

	buf_init(&resp.body, 256u << 20);
	if (cancelled)
		http_error(&resp, 503, "%s", http_stopping_msg);
	else
		http_handle(job->srv, req, &resp);
	req->answer = http_finish(conn, req, &resp, job->t0, &req->answer_status);
	free(job);
	MHD_resume_connection(conn);
}

/* The connection's thread, once resumed: queues the worker's answer
 * (MHD_NO, closing the connection, when it could not be made). */
static enum MHD_Result http_answer_made(struct MHD_Connection *conn, struct http_req *req)
{
	struct MHD_Response *r = req->answer;

	if (req->dispatched == 2)   /* queued already */
		return MHD_YES;
	req->answer = NULL;
	req->dispatched = 2;
	return http_queue(conn, r, req->answer_status);
}

/* Hands the request's handler to a worker of its lane and suspends the
 * connection until the answer is made; answers at once (503) when the
 * server is stopping. */
static enum MHD_Result http_dispatch(struct http_server *srv, struct MHD_Connection *conn,
				     struct http_req *req, double t0)
{
	struct http_job *job = malloc(sizeof *job);
	struct http_resp resp = { .status = 200 };

	if (!job)
		return MHD_NO;
	*job = (struct http_job){ .work.run = http_job_run, .srv = srv, .conn = conn,
				  .req = req, .t0 = t0 };
	req->dispatched = 1;
	MHD_suspend_connection(conn);
	if (http_work_submit(http_lane_of(req), &job->work) == 0)
		return MHD_YES;
	MHD_resume_connection(conn);
	free(job);
	req->dispatched = 2;
	buf_init(&resp.body, 1024);
	http_error(&resp, 503, "%s", http_stopping_msg);
	return http_answer(conn, req, &resp, t0);
}

/* A request whose answer is in the answer cache, answered here on the
 * event-loop thread without the hand-off to a worker and back (two
 * thread switches and a wake-up of this thread): 1 when resp holds it
 * (http_cache_answer, which neither calls SQLite nor waits for a build),
 * 0 when the handler is to run. */
static int http_answer_cached(struct http_server *srv, struct http_req *req,
			      struct http_resp *resp)
{
	if (req->route || req->too_large || req->over_budget)
		return 0;
	buf_init(&resp->body, 1024);
	return http_cache_answer(req, resp, srv->k->db);
}

static enum MHD_Result http_access_cb(void *cls, struct MHD_Connection *conn,
				      const char *url, const char *method,
				      const char *version, const char *upload_data,
				      size_t *upload_size, void **con_cls)
{
	struct http_server *srv = cls;
	struct http_req *req = *con_cls;
	struct http_resp resp = { .status = 200 };
	double t0 = mono_now();

	if (!req || !req->method) {     /* the first call (http_uri_cb may have made req) */
		if (!req && !(req = calloc(1, sizeof *req)))
			return MHD_NO;
		http_guard_header_done(http_conn_guard(conn));
		buf_init(&req->body, (size_t)http_live(&srv->max_body));
		*con_cls = req;
		req->method = method;
		req->path = url;
		req->conn = conn;
		req->route = http_stream_route(srv, req);
		if (req->route && http_stream_begin(srv, req) < 0)
			return MHD_NO;
		buf_init(&resp.body, 1u << 20);
		if (!http_header_checks(srv, req, &resp)) {
			buf_dispose(&resp.body);
			return MHD_YES;
		}
		if (http_answer_now(req) || http_hold(req, &resp) < 0)
			return http_answer(conn, req, &resp, t0);
		return MHD_YES;
	}
	if (*upload_size) {
		if (req->held)
			;                   /* dropped: the answer is decided */
		else if (req->route)
			http_stream_data(req, upload_data, *upload_size);
		else if (req->too_large || req->over_budget)
			;
		else if (http_body_reserve(srv, req, *upload_size) < 0)
			req->over_budget = 1;
		else if (buf_add(&req->body, upload_data, *upload_size) < 0)
			req->too_large = 1;
		*upload_size = 0;
		return MHD_YES;
	}
	req->method = method;
	req->path = url;
	req->conn = conn;
	if (req->held) {
		struct http_resp *held = req->held;
		enum MHD_Result ret;

		req->held = NULL;
		ret = http_answer(conn, req, held, t0);
		free(held);
		return ret;
	}
	if (req->dispatched)        /* resumed: what the worker answered */
		return http_answer_made(conn, req);
	if (http_answer_cached(srv, req, &resp))
		return http_answer(conn, req, &resp, t0);
	return http_dispatch(srv, conn, req, t0);
}

/*
 * MHD's URI log callback: sees the request target before MHD decodes it
 * in place, so that a :ref segment may carry an encoded '/' (%2F).  The
 * request is allocated here; the access callback fills it on its first
 * call.
 */
static void *http_uri_cb(void *cls, const char *uri, struct MHD_Connection *conn)
{
	struct http_req *req = calloc(1, sizeof *req);

	(void)cls;
	(void)conn;
	if (req) {
		req->raw_path = strndup(uri, strcspn(uri, "?"));
		req->raw_uri = strdup(uri);
	}
	return req;
}

static void http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
			   enum MHD_RequestTerminationCode toe)
{
	struct http_server *srv = cls;
	struct http_req *req = *con_cls;

	/* a connection kept alive owes the next request's header in time */
	if (toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
		http_guard_wait_header(http_conn_guard(conn), http_live(&srv->header_timeout));
	if (!req)
		return;
	if (req->reserved)
		http_guard_release(req->reserved);
	if (req->held)
		buf_dispose(&req->held->body);
	free(req->held);
	if (req->answer)
		MHD_destroy_response(req->answer);
	if (req->stream_ctx)
		req->route->stream->abort(req->stream_ctx);
	if (req->stream_resp)
		buf_dispose(&req->stream_resp->body);
	free(req->stream_resp);
	buf_dispose(&req->body);
	free(req->raw_path);
	free(req->raw_uri);
	free(req);
	*con_cls = NULL;
}

/* MHD's connection callback: each connection is guarded from its start
 * (http_guard.h) until its socket closes. */
static void http_connection_cb(void *cls, struct MHD_Connection *conn, void **socket_context,
			       enum MHD_ConnectionNotificationCode toe)
{
	struct http_server *srv = cls;
	const union MHD_ConnectionInfo *ci;

	if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
		http_guard_close(*socket_context);
		*socket_context = NULL;
		return;
	}
	ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	*socket_context = ci ? http_guard_open(ci->connect_fd) : NULL;
	http_guard_wait_header(*socket_context, http_live(&srv->header_timeout));
}

/* libmicrohttpd's event-loop threads: one per CPU, from 2 to
 * HTTP_POOL_MAX.  They only move bytes, decide a header's answer and
 * send answers found in the answer cache (http_answer_cached): the
 * handlers run on the workers of daemon/http/http_work.h. */
static unsigned http_pool_size(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 2 ? 2 : n > HTTP_POOL_MAX ? HTTP_POOL_MAX : (unsigned)n;
}

/*
 * Raises the soft RLIMIT_NOFILE so that want connections fit beside
 * HTTP_FD_SPARE other descriptors (the database, mirrors, artifacts);
 * returns the connection limit that fits, want or less when the hard
 * limit is lower (said in the log).
 */
static unsigned http_fd_room(int want)
{
	struct rlimit rl;
	rlim_t need = (rlim_t)want + HTTP_FD_SPARE;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return (unsigned)want;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > need ? need :
			      rl.rlim_max;
		if (setrlimit(RLIMIT_NOFILE, &rl) < 0)
			getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= need)
		return (unsigned)want;
	want = rl.rlim_cur > HTTP_FD_SPARE + 16 ? (int)(rl.rlim_cur - HTTP_FD_SPARE) : 16;
	log_warn("the open-file limit (RLIMIT_NOFILE) is %llu: kpcid takes %d connections, "
		 "fewer than [server] max_connections", (unsigned long long)rl.rlim_cur, want);
	return (unsigned)want;
}

int http_start(struct http_server **out, struct kpcid *k, const struct http_app *app,
	       const char *listen, const struct http_settings *s, int *port, char **cause)
{
	struct addrinfo hints = { .ai_flags = AI_PASSIVE,
				  .ai_socktype = SOCK_STREAM }, *ai = NULL;
	char *host = NULL, portstr[8];
	const union MHD_DaemonInfo *info;
	unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME |
			 MHD_USE_ERROR_LOG;
	struct http_server *srv;
	int p, rc, workers[HTTP_LANES] = { [HTTP_LANE_READ] = HTTP_READ_WORKERS(s->threads),
					   [HTTP_LANE_CONTROL] = HTTP_CONTROL_WORKERS };
	unsigned conns = http_fd_room(s->max_connections);

	*out = NULL;
	if (conf_parse_hostport(&host, &p, listen) < 0)
		return fail_cause(cause, "listen address '%s' is not HOST:PORT", listen);
	snprintf(portstr, sizeof portstr, "%d", p);
	rc = getaddrinfo(host, portstr, &hints, &ai);
	free(host);
	if (rc)
		return fail_cause(cause, "listen address '%s': %s", listen, gai_strerror(rc));
	srv = calloc(1, sizeof *srv);
	if (!srv) {
		freeaddrinfo(ai);
		return fail_cause(cause, "out of memory starting the HTTP server");
	}
	srv->k = k;
	srv->app = *app;
	http_configure(srv, s);
	if (ai->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	http_builds_init(s->threads);
	if (http_guard_start() < 0) {
		freeaddrinfo(ai);
		free(srv);
		return fail_cause(cause, "cannot start the thread of the header deadlines");
	}
	if (http_work_start(workers) < 0) {
		http_guard_stop();
		freeaddrinfo(ai);
		free(srv);
		return fail_cause(cause, "cannot start the threads that run request handlers");
	}
	srv->mhd = MHD_start_daemon(flags, (uint16_t)p, NULL, NULL, http_access_cb, srv,
				    MHD_OPTION_SOCK_ADDR, ai->ai_addr,
				    MHD_OPTION_NOTIFY_COMPLETED, http_completed, srv,
				    MHD_OPTION_URI_LOG_CALLBACK, http_uri_cb, srv,
				    MHD_OPTION_NOTIFY_CONNECTION, http_connection_cb, srv,
				    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)HTTP_CONNECTION_TIMEOUT,
				    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(HTTP_MAX_HEADER * 8),
				    MHD_OPTION_PER_IP_CONNECTION_LIMIT,
				    (unsigned)s->max_conns_per_client,
				    MHD_OPTION_CONNECTION_LIMIT, conns,
				    MHD_OPTION_THREAD_POOL_SIZE, http_pool_size(),
				    MHD_OPTION_END);
	freeaddrinfo(ai);
	if (!srv->mhd) {
		http_work_stop();
		http_guard_stop();
		free(srv);
		return fail_cause(cause, "cannot listen on %s (address in use or not local?)",
				  listen);
	}
	info = MHD_get_daemon_info(srv->mhd, MHD_DAEMON_INFO_BIND_PORT);
	*port = info ? info->port : p;
	*out = srv;
	return 0;
}

void http_stop(struct http_server *srv)
{
	if (!srv)
		return;
	/* no connection may stay suspended when the daemon stops: the work
	 * waiting is answered 503 and resumed first */
	http_work_stop();
	MHD_stop_daemon(srv->mhd);
	http_guard_stop();
	free(srv);
}
