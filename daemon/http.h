/*
 * http.h - kpcid's HTTP server: libmicrohttpd behind a route table.
 *
 * This is the only file that includes microhttpd.h.  A handler sees a
 * struct http_req (method, path parameters, query, body, the caller's
 * role) and fills a struct http_resp; it never exits the process.
 * Routes are declared in daemon/routes.c.
 */
#ifndef KPCI_DAEMON_HTTP_H
#define KPCI_DAEMON_HTTP_H

#include <jansson.h>

#include "lib/buf.h"

#define HTTP_MAX_PARAMS 4
#define HTTP_MAX_HEADER 4096    /* bytes of one request header we read */

struct kpcid;

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
	struct buf body;
	char role[8];                       /* "" when no token was given */
	long long token_id;
	void *conn;                         /* the MHD connection */
	int too_large;
};

struct http_resp {
	int status;
	const char *content_type;
	struct buf body;
	const char *cache_control;          /* NULL: no-store */
};

typedef void (*http_handler)(struct kpcid *k, struct http_req *req, struct http_resp *resp);

struct http_route {
	const char *method;
	const char *pattern;    /* "/api/v1/jobs/:id/result": each :x is a number */
	enum http_access access;
	http_handler handler;
};

extern const struct http_route http_routes[];

/* Starts serving on listen ("host:port"); *port gets the bound port. */
int http_start(struct kpcid *k, const char *listen, int threads, int *port, char **cause);
/* Stops accepting and waits for handlers in flight. */
void http_stop(struct kpcid *k);

/* A query-string argument, or NULL; borrowed from the request. */
const char *http_query(struct http_req *req, const char *name);
/* Parses ?limit= and ?offset= (defaults 50 and 0, limit capped); -1 on a bad value
 * after setting an error response. */
int http_paging(struct http_req *req, struct http_resp *resp, int *limit, int *offset);
/* Parses the body as a JSON object; NULL after setting a 400 response. */
json_t *http_body_json(struct http_req *req, struct http_resp *resp);

/* Sets a JSON response; takes the reference to j. */
void http_json(struct http_resp *resp, int status, json_t *j);
/* Sets {"error": "..."} with status. */
void http_error(struct http_resp *resp, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
