// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_req.c - the handler's side of a request (daemon/http/http.h): numbers,
 * ids and times from its query, its JSON body, and its answer as JSON or
 * as an error sentence with the status of a db/ code.  daemon/http/http.c
 * does the rest, over libmicrohttpd.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/http/http.h"
#include "db/db.h"
#include "lib/utf8.h"

#define HTTP_DEFAULT_LIMIT 50

void http_json(struct http_resp *resp, int status, json_t *j)
{
	char *text = j ? json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(15)) : NULL;

	resp->status = status;
	resp->content_type = "application/json";
	buf_reset(&resp->body);
	if (text) {
		buf_adds(&resp->body, text);
		buf_adds(&resp->body, "\n");
	} else {
		resp->status = 500;
		buf_adds(&resp->body, "{\"error\":\"internal error\"}\n");
	}
	free(text);
	json_decref(j);
}

void http_error(struct http_resp *resp, int status, const char *fmt, ...)
{
	char msg[1024], *fixed = NULL;
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* a URL's bytes, or a value cut inside a character, are shown with
	 * U+FFFD: JSON holds only UTF-8, and a 4xx must not become a 500 */
	if (!utf8_valid(msg, strlen(msg)))
		fixed = utf8_repair(msg, strlen(msg), &n);
	http_json(resp, status, json_pack("{s:s}", "error", fixed ? fixed : msg));
	free(fixed);
}

int http_query_int(struct http_req *req, struct http_resp *resp, const char *name,
		   long long def, long long min, long long max, long long *out)
{
	const char *v = http_query(req, name);
	char *end;
	long long n;

	*out = def;
	if (!v)
		return 0;
	errno = 0;
	n = strtoll(v, &end, 10);
	if (!*v || *end || errno || n < min || n > max) {
		http_error(resp, 400, "query parameter %s: '%.40s' is not a number from %lld to %lld",
			   name, v, min, max);
		return -1;
	}
	*out = n;
	return 0;
}

int http_query_id(struct http_req *req, struct http_resp *resp, const char *name,
		  long long *out)
{
	const char *v = http_query(req, name);
	char *end;

	*out = 0;
	if (!v)
		return 0;
	errno = 0;
	*out = strtoll(v, &end, 10);
	if (!*v || *end || errno || *out <= 0) {
		*out = 0;
		http_error(resp, 400, "query parameter %s: '%.40s' is not a %s id", name, v, name);
		return -1;
	}
	return 0;
}

int http_query_time(struct http_req *req, struct http_resp *resp, const char *name,
		    long long *out)
{
	const char *v = http_query(req, name);
	struct tm tm;
	const char *end;
	char *nend;

	*out = 0;
	if (!v)
		return 0;
	memset(&tm, 0, sizeof tm);
	if (strlen(v) == 10 && (end = strptime(v, "%Y-%m-%d", &tm)) && !*end) {
		*out = (long long)timegm(&tm);
		return 0;
	}
	*out = strtoll(v, &nend, 10);
	if (*v && !*nend && *out > 0 && strlen(v) < 14)
		return 0;
	http_error(resp, 400, "query parameter %s: '%.40s' is neither UNIX seconds nor "
		   "YYYY-MM-DD", name, v);
	return -1;
}

int http_paging(struct http_req *req, struct http_resp *resp, int *limit, int *offset)
{
	long long l, o;

	if (http_query_int(req, resp, "limit", HTTP_DEFAULT_LIMIT, 1, DB_MAX_LIST, &l) < 0 ||
	    http_query_int(req, resp, "offset", 0, 0, 1 << 30, &o) < 0)
		return -1;
	if (o > HTTP_MAX_OFFSET) {
		http_error(resp, 400, "query parameter offset: %lld is more than %d; page "
			   "by key (before=, where the list has it: docs/API.md) or narrow "
			   "the filters", o, HTTP_MAX_OFFSET);
		return -1;
	}
	*limit = (int)l;
	*offset = (int)o;
	return 0;
}

int http_status(int db_rc)
{
	switch (db_rc) {
	case DB_OK: return 200;
	case DB_NOTFOUND: return 404;
	case DB_CONFLICT: return 409;
	case DB_INVALID: return 400;
	case DB_MISMATCH: return 422;
	case DB_DENIED: return 403;
	default: return 500;
	}
}

json_t *http_body_json(struct http_req *req, struct http_resp *resp)
{
	json_error_t err;
	json_t *j;

	if (!req->body.len) {
		http_error(resp, 400, "the request body is empty; a JSON object was expected");
		return NULL;
	}
	j = json_loadb(req->body.data, req->body.len, JSON_REJECT_DUPLICATES, &err);
	if (!j) {
		http_error(resp, 400, "the request body is not valid JSON: %s at line %d column %d",
			   err.text, err.line, err.column);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		http_error(resp, 400, "the request body must be a JSON object");
		return NULL;
	}
	return j;
}

/* 1 if c may appear in a :name segment: [A-Za-z0-9._+-]. */
