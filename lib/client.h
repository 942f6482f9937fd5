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
void client_free(struct client *c);

/*
 * Sends METHOD base+path with body (NULL: none) and reads the answer.
 * Returns 0 when an HTTP answer came back, whatever its status (*status);
 * *out gets the parsed JSON body or NULL (caller frees).  Returns -1 with
 * *cause (malloc'd) when no answer came or the body is not JSON.
 */
int client_call(struct client *c, const char *method, const char *path,
		const json_t *body, long *status, json_t **out, char **cause);

/* The "error" text of an error body, or a generic sentence; borrowed. */
const char *client_error_text(const json_t *body, long status);

#endif
