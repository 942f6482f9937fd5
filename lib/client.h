/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * client.h - the HTTP+JSON client of kpcid's API, used by kpci-runner and
 * kpci.  This is the only place that includes libcurl.
 */
#ifndef KPCI_CLIENT_H
#define KPCI_CLIENT_H

#include <jansson.h>

#define CLIENT_MAX_RESPONSE (64u << 20)   /* bytes of one response body */
#define CLIENT_TIMEOUT_S    60

struct client {
	char *base;     /* "http://host:port", without a trailing slash */
	char *auth;     /* "Authorization: Bearer ..." or NULL */
	void *curl;
};

/* Sets up a client for base_url; token may be NULL.  0, or -1 with *cause. */
int client_init(struct client *c, const char *base_url, const char *token, char **cause);
void client_dispose(struct client *c);

/*
 * Sends METHOD base+path with body (NULL: none) and reads the answer.
 * Returns 0 when an HTTP answer came back, whatever its status (*status);
 * *out gets the parsed JSON body or NULL (caller frees).  Returns -1 with
 * *cause (malloc'd) when no answer came or the body is not JSON.
 */
int client_call(struct client *c, const char *method, const char *path,
		const json_t *body, long *status, json_t **out, char **cause);

/*
 * Replaces the Authorization header with "SCHEME TOKEN" (LAVA's REST API
 * wants "Token ..."; kpcid and KCIDB "Bearer ...").  0, or -1 with
 * *cause when either contains white space that would break the header.
 */
int client_set_auth(struct client *c, const char *scheme, const char *token, char **cause);

/*
 * Sends METHOD base+path with body text (NULL: none) of content_type and
 * collects the answer's body, whatever it is, into answer (capped by its
 * maximum).  0 when an HTTP answer came back (*status), -1 with *cause
 * when none did.  For services whose answers are not always JSON.
 */
struct buf;
int client_send(struct client *c, const char *method, const char *path, const char *body,
		const char *content_type, long *status, struct buf *answer, char **cause);

#define CLIENT_TRANSFER_TIMEOUT_S 3600   /* a whole artifact upload or download */

/*
 * Streams the file at file_path as the body of METHOD base+path (never
 * whole in memory).  Answers like client_call: 0 with *status and *out
 * (the JSON answer, or NULL), -1 with *cause when no answer came.
 */
int client_upload(struct client *c, const char *method, const char *path,
		  const char *file_path, long *status, json_t **out, char **cause);

/*
 * GETs base+path into dest, streamed, and checks that its SHA-256 is
 * sha256 (64 hex digits; NULL: no check, for logs).  The file appears at
 * dest only when the whole body arrived with status 200 and the right
 * digest; otherwise nothing is left and -1 comes back with *cause.
 */
int client_download(struct client *c, const char *path, const char *dest,
		    const char *sha256, char **cause);

/* The "error" text of an error body, or a generic sentence; borrowed. */
const char *client_error_text(const json_t *body, long status);

#endif
