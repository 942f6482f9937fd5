/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * http.h - kpcid's HTTP server: libmicrohttpd behind a route table.
 *
 * This is the only file that includes microhttpd.h.  A handler sees a
 * struct http_req (method, path parameters, query, body, the caller's
 * role) and fills a struct http_resp; it never exits the process.
 * Routes are declared in daemon/api/routes.c.
 */
#ifndef KPCI_DAEMON_HTTP_H
#define KPCI_DAEMON_HTTP_H

#include <jansson.h>

#include "lib/buf.h"

#define HTTP_MAX_PARAMS 4
#define HTTP_MAX_ARGS 2         /* :name segments in one route */
#define HTTP_MAX_ARG 128        /* characters of one :name segment */
#define HTTP_MAX_HEADER 4096    /* bytes of one request header we read */
#define HTTP_MAX_QUERIED 16     /* query parameters one handler reads, at most */
#define HTTP_SLOT_WAIT_MS 10000 /* a reader waits this long for a build slot, then 503 */
#define HTTP_RETRY_AFTER 5      /* seconds of the Retry-After of that 503 */
#define HTTP_READERS_KEPT 4     /* read connections build slots never take */
#define HTTP_MAX_OFFSET 10000   /* ?offset= of a list, at most (deeper: by key, before=) */

struct config;
struct db;
struct kpcid;
struct cache_body;

/* Who may call a route. */
enum http_access {
	HTTP_PUBLIC,    /* anyone when [server] public_read, else any token */
	HTTP_RUNNER,    /* a runner token */
	HTTP_ADMIN,     /* an admin token */
};

struct http_req {
	const char *method;
	const char *path;
	long long params[HTTP_MAX_PARAMS];  /* the :id parts of the route */
	const char *args[HTTP_MAX_ARGS];    /* the :name parts ([A-Za-z0-9._+-]+) and :ref
					     * parts (also '/' and ':'), decoded, or NULL */
	char argbuf[HTTP_MAX_ARGS][HTTP_MAX_ARG + 1];
	char *raw_path;                     /* the path as sent (percent-encoded), or NULL */
	char *raw_uri;                      /* the path and query as sent, or NULL */
	struct buf body;
	char role[8];                       /* "" when no token was given */
	long long token_id;
	void *conn;                         /* the MHD connection */
	int too_large;
	int over_budget;                    /* the body did not fit [server] body_budget_mb */
	long long reserved;                 /* bytes of the body budget this request holds */
	struct http_resp *held;             /* the answer the header decided, sent once the
					     * body is read and dropped (daemon/http/http.c) */
	int dispatched;                     /* 1: its handler went to a worker
					     * (daemon/http/http_work.h); 2: answered */
	void *answer;                       /* the worker's MHD response, queued once the
					     * connection is resumed */
	unsigned answer_status;
	const struct http_route *matched;   /* the route, once the header is in */
	int route_no;                       /* matched's place in the route table */
	const char *queried[HTTP_MAX_QUERIED];  /* names http_query looked up */
	int nqueried;
	/* streamed routes only (see struct http_stream) */
	const struct http_route *route;
	void *stream_ctx;                   /* what begin returned; the handler frees it */
	int stream_failed;                  /* stream_resp holds the answer */
	struct http_resp *stream_resp;
};

struct http_resp {
	int status;
	const char *content_type;
	struct buf body;
	const char *cache_control;          /* NULL: no-store */
	int file_fd;                        /* with has_file: send this file (closed after) */
	long long file_size;
	int has_file;
	/* With has_file and reader: the body is read through reader(reader_ctx,
	 * pos, buf, max) instead of straight from file_fd: it returns the bytes
	 * put in buf, or -1 to abort the connection (the client sees a truncated
	 * body); reader_free(reader_ctx) runs once the response is done. */
	long (*reader)(void *ctx, unsigned long long pos, char *buf, size_t max);
	void (*reader_free)(void *ctx);
	void *reader_ctx;
	/* Set by http_cached(): a cached answer to send, or the key and
	 * version under which a 200 answer is to be kept. */
	struct cache_body *cached;
	char *cache_key, *cache_version;
	/* set by http_cached on a miss: the answer's build (cache_build_begin)
	 * and one of the [server] threads slots that builds may hold */
	char *build_key, *build_version;
	int build_slot;
	int retry_after;                    /* > 0: a Retry-After header of that many seconds */
};

typedef void (*http_handler)(struct kpcid *k, struct http_req *req, struct http_resp *resp);

/*
 * A route whose request body is streamed instead of collected (artifact
 * uploads: never whole in memory, not capped by max_body).  Once the
 * headers are in and the caller is authorised, begin() returns a context
 * (or NULL after setting an error response: the body is then read and
 * dropped); data() gets each piece (-1 after setting an error response);
 * the route's handler runs when the body is complete, with the context in
 * req->stream_ctx, and frees it.  abort() frees a context the handler never
 * got (a broken connection or a data() error).
 */
struct http_stream {
	void *(*begin)(struct kpcid *k, struct http_req *req, struct http_resp *resp);
	int (*data)(void *ctx, const char *data, size_t len, struct http_resp *resp);
	void (*abort)(void *ctx);
};

struct http_route {
	const char *method;
	const char *pattern;    /* "/api/v1/jobs/:id/result": each :x is a number, except
				 * ":name", which is [A-Za-z0-9._+-]+ (req->args), and
				 * ":ref", which may also hold '/' (sent as %2F) and ':' */
	enum http_access access;
	http_handler handler;
	const struct http_stream *stream;   /* NULL: the body is collected up to max_body */
};

/* What a server serves: its route table, matched in order and ended by a
 * route whose pattern is NULL, and the HTML page a browser is shown for
 * an error that no route answered (a path no route matches). */
struct http_app {
	const struct http_route *routes;
	void (*error_page)(struct http_resp *resp, int status, const char *msg);
};

/* The server's settings (kpcid's [server] keys: http_settings_of).  The
 * first four are reloadable (http_configure); requests read them without
 * a lock. */
struct http_settings {
	int public_read;            /* reading needs no token */
	long long max_body;         /* bytes of a collected request body */
	long long header_timeout;   /* seconds a connection has for a whole header */
	long long body_budget;      /* bytes of request bodies in memory, all together */
	int max_conns_per_client;   /* connections from one address at once; at start only */
	int threads;                /* answers built at once (build slots); at start only */
	int max_connections;        /* connections at once, all addresses; at start only */
};

struct http_server;

/* The server's settings from c's [server] keys. */
void http_settings_of(struct http_settings *s, const struct config *c);
/* Starts serving app on listen ("host:port") with the settings s;
 * handlers get k.  *out gets the server (stop it with http_stop), *port
 * the bound port.  0, or -1 with *cause. */
int http_start(struct http_server **out, struct kpcid *k, const struct http_app *app,
	       const char *listen, const struct http_settings *s, int *port, char **cause);
/* Replaces the reloadable settings of a running server. */
void http_configure(struct http_server *srv, const struct http_settings *s);
/* Stops accepting, waits for handlers in flight and frees srv; NULL: nothing. */
void http_stop(struct http_server *srv);

/* A query-string argument, or NULL; borrowed from the request.  The names
 * a handler looks up make its answer's key in the answer cache, so every
 * read of the query goes through here. */
const char *http_query(struct http_req *req, const char *name);
/* ?name= as a whole number from min to max, def when absent: 0, or -1
 * after a 400 ("query parameter limit: '0' is not a number from 1 to 1000").
 * Every handler reads numbers from the query through these. */
int http_query_int(struct http_req *req, struct http_resp *resp, const char *name,
		   long long def, long long min, long long max, long long *out);
/* ?name= as a positive id, 0 when absent: 0, or -1 after a 400 ("query
 * parameter job: 'x' is not a job id"). */
int http_query_id(struct http_req *req, struct http_resp *resp, const char *name,
		  long long *out);
/* ?name= as a time: UNIX seconds or YYYY-MM-DD (UTC midnight); 0 when
 * absent; -1 after a 400. */
int http_query_time(struct http_req *req, struct http_resp *resp, const char *name,
		    long long *out);
/* Parses ?limit= and ?offset= (defaults 50 and 0, limit capped, offset at
 * most HTTP_MAX_OFFSET: SQLite walks every row it skips); -1 on a bad value
 * after setting an error response. */
int http_paging(struct http_req *req, struct http_resp *resp, int *limit, int *offset);
/* The HTTP status of a db/db.h code, the one mapping every handler uses:
 * DB_OK 200, DB_NOTFOUND 404, DB_CONFLICT 409, DB_INVALID 400 (the request
 * names something malformed or asks too much), DB_MISMATCH 422 (the input
 * contradicts what is stored), DB_DENIED 403, anything else 500. */
int http_status(int db_rc);
/* Parses the body as a JSON object; NULL after setting a 400 response. */
json_t *http_body_json(struct http_req *req, struct http_resp *resp);

/*
 * For handlers whose answer is a function of the path, the query
 * parameters they read (http_query), the caller's role and the tables of
 * db named by the NULL-terminated list tables (NULL: every table), at
 * their version (db_tables_version): 1 when an answer made at this
 * version is cached, or while another request builds this URL's answer
 * the last one built (at most one build old), which resp now holds (the
 * handler returns at once); else 0, and the 200 answer the handler goes
 * on to make, holding one of [server] threads build slots, is kept for
 * the next caller (daemon/http/cache.h).  Parameters the route never
 * reads are not part of the key: an unknown ?x=random is a hit.  Also 1,
 * with resp a 503 and Retry-After, when no build slot came in
 * HTTP_SLOT_WAIT_MS.
 *
 * The route's tables are remembered, so that a later request whose
 * answer is cached is answered on the event-loop thread without running
 * the handler (http_cache_answer).  A handler therefore calls it before it
 * reads the database, and with the same list every time; what it decides
 * before (a 400 for a malformed parameter) depends on nothing but the
 * path and the query parameters it reads.
 */
int http_cached(struct http_req *req, struct http_resp *resp, struct db *db,
		const char *const *tables);
/* For a handler that builds its answer from the database without the
 * answer cache: takes one of the same [server] threads build slots (given
 * back once the answer is sent), so that readers, however many, hold at
 * most that many threads and read connections busy.  0, or -1 with resp a
 * 503 and Retry-After when none came in HTTP_SLOT_WAIT_MS. */
int http_read_slot(struct http_resp *resp);

/* Sets a JSON response; takes the reference to j. */
void http_json(struct http_resp *resp, int status, json_t *j);
/* Sets {"error": "..."} with status. */
void http_error(struct http_resp *resp, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
