// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_path.c - a request's path matched against a route's pattern
 * (daemon/http/http_internal.h): literal parts, :id parts as positive numbers,
 * :name and :ref parts percent-decoded and checked character by
 * character.  Pure: the path comes from the network as sent.
 */
#include <stdlib.h>
#include <string.h>

#include "daemon/http/http.h"
#include "daemon/http/http_internal.h"

static int http_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '+' || c == '-';
}

static int http_hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * Reads one :name or :ref segment of the raw (still percent-encoded) path
 * into out: characters [A-Za-z0-9._+-] given as such or as %XX; a :ref
 * also '/' (as %2F) and ':' (as such or %3A).  Its length in the path, 0
 * when it is empty, too long or holds anything else.
 */
static size_t http_segment(char out[HTTP_MAX_ARG + 1], const char *path, int ref)
{
	size_t i = 0, n = 0;

	while (path[i] && path[i] != '/') {
		char c = path[i];

		if (c == '%') {
			int hi = http_hex(path[i + 1]), lo = hi < 0 ? -1 : http_hex(path[i + 2]);

			if (lo < 0)
				return 0;
			c = (char)(hi * 16 + lo);
			i += 3;
		} else {
			i++;
		}
		if ((!http_name_char(c) && !(ref && (c == '/' || c == ':'))) || n == HTTP_MAX_ARG)
			return 0;
		out[n++] = c;
	}
	out[n] = '\0';
	return n ? i : 0;
}

int http_match(const char *pattern, struct http_req *req)
{
	const char *path = req->raw_path ? req->raw_path : req->path;
	int np = 0, na = 0;

	memset(req->params, 0, sizeof req->params);
	memset(req->args, 0, sizeof req->args);
	while (*pattern && *path) {
		size_t plen = !strncmp(pattern, ":name", 5) ? 5 : !strncmp(pattern, ":ref", 4) ? 4 : 0;

		if (plen && (!pattern[plen] || pattern[plen] == '/')) {
			size_t n;

			if (na == HTTP_MAX_ARGS ||
			    !(n = http_segment(req->argbuf[na], path, plen == 4)))
				return 0;
			req->args[na] = req->argbuf[na];
			na++;
			path += n;
			pattern += plen;
			continue;
		}
		if (*pattern == ':') {
			char *end;
			long long v;

			if (*path < '0' || *path > '9' || np == HTTP_MAX_PARAMS)
				return 0;
			v = strtoll(path, &end, 10);
			if (v <= 0)
				return 0;
			req->params[np++] = v;
			path = end;
			while (*pattern && *pattern != '/')
				pattern++;
			continue;
		}
		if (*pattern++ != *path++)
			return 0;
	}
	return !*pattern && !*path;
}
