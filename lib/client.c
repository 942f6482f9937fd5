// SPDX-License-Identifier: GPL-2.0-only
/*
 * client.c - JSON requests to kpcid over libcurl.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curl/curl.h>

#include "lib/buf.h"
#include "lib/client.h"
#include "lib/fail.h"
#include "lib/sha256.h"

int client_init(struct client *c, const char *base_url, const char *token, char **cause)
{
	size_t n = strlen(base_url);

	memset(c, 0, sizeof *c);
	if (strncmp(base_url, "http://", 7) && strncmp(base_url, "https://", 8))
		return fail_cause(cause, "server URL '%s' must start with http:// or https://",
				  base_url);
	if (strpbrk(base_url, "\r\n \t"))
		return fail_cause(cause, "server URL '%s' contains white space", base_url);
	if (token && strpbrk(token, "\r\n"))
		return fail_cause(cause, "the API token contains a line break");
	while (n > 0 && base_url[n - 1] == '/')
		n--;
	c->base = strndup(base_url, n);
	if (token && *token && asprintf(&c->auth, "Authorization: Bearer %s", token) < 0)
		c->auth = NULL;
	c->curl = curl_easy_init();
	if (!c->base || !c->curl) {
		client_dispose(c);
		return fail_cause(cause, "cannot set up the HTTP client");
	}
	return 0;
}

void client_dispose(struct client *c)
{
	if (!c)
		return;
	if (c->curl)
		curl_easy_cleanup(c->curl);
	free(c->base);
	free(c->auth);
	memset(c, 0, sizeof *c);
}

static size_t client_write(char *data, size_t size, size_t nmemb, void *user)
{
	struct buf *b = user;

	if (buf_add(b, data, size * nmemb) < 0)
		return 0;       /* over CLIENT_MAX_RESPONSE: curl aborts */
	return size * nmemb;
}

/* Resets the handle for METHOD url with what every request shares: the
 * time limit, no signals, the user agent, the answer collected in resp. */
static void client_prepare(struct client *c, const char *url, const char *method,
			   long timeout, struct buf *resp)
{
	curl_easy_reset(c->curl);
	curl_easy_setopt(c->curl, CURLOPT_URL, url);
	curl_easy_setopt(c->curl, CURLOPT_CUSTOMREQUEST, method);
	curl_easy_setopt(c->curl, CURLOPT_TIMEOUT, timeout);
	curl_easy_setopt(c->curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c->curl, CURLOPT_WRITEFUNCTION, client_write);
	curl_easy_setopt(c->curl, CURLOPT_WRITEDATA, resp);
	curl_easy_setopt(c->curl, CURLOPT_USERAGENT, "kpci/" KPCI_VERSION);
}

/* Sends the prepared request with hdrs; *status gets the HTTP status and
 * *out the JSON answer (NULL when empty).  0, or -1 with *cause. */
static int client_perform_json(struct client *c, const char *url, struct curl_slist *hdrs,
			       struct buf *resp, long *status, json_t **out, char **cause)
{
	json_error_t jerr;
	CURLcode rc;

	curl_easy_setopt(c->curl, CURLOPT_HTTPHEADER, hdrs);
	rc = curl_easy_perform(c->curl);
	if (rc != CURLE_OK)
		return fail_cause(cause, "%s: %s", url, curl_easy_strerror(rc));
	curl_easy_getinfo(c->curl, CURLINFO_RESPONSE_CODE, status);
	if (resp->len) {
		*out = json_loadb(resp->data, resp->len, 0, &jerr);
		if (!*out)
			return fail_cause(cause, "%s: the answer is not JSON: %s", url, jerr.text);
	}
	return 0;
}

int client_call(struct client *c, const char *method, const char *path,
		const json_t *body, long *status, json_t **out, char **cause)
{
	struct curl_slist *hdrs = NULL;
	char *url = NULL, *text = NULL;
	struct buf resp;
	int ret = -1;

	*out = NULL;
	*status = 0;
	buf_init(&resp, CLIENT_MAX_RESPONSE);
	if (asprintf(&url, "%s%s", c->base, path) < 0)
		return fail_cause(cause, "out of memory");
	client_prepare(c, url, method, (long)CLIENT_TIMEOUT_S, &resp);
	hdrs = curl_slist_append(hdrs, "Accept: application/json");
	if (c->auth)
		hdrs = curl_slist_append(hdrs, c->auth);
	if (body) {
		text = json_dumps(body, JSON_COMPACT);
		if (!text) {
			fail_cause(cause, "cannot encode the request for %s", path);
			goto out;
		}
		hdrs = curl_slist_append(hdrs, "Content-Type: application/json");
		curl_easy_setopt(c->curl, CURLOPT_POSTFIELDS, text);
	}
	ret = client_perform_json(c, url, hdrs, &resp, status, out, cause);
out:
	curl_slist_free_all(hdrs);
	free(text);
	free(url);
	buf_dispose(&resp);
	return ret;
}

int client_set_auth(struct client *c, const char *scheme, const char *token, char **cause)
{
	char *auth = NULL;

	if (strpbrk(scheme, "\r\n \t") || (token && strpbrk(token, "\r\n")))
		return fail_cause(cause, "the %s token contains a line break", scheme);
	if (token && *token && asprintf(&auth, "Authorization: %s %s", scheme, token) < 0)
		return fail_cause(cause, "out of memory");
	free(c->auth);
	c->auth = auth;
	return 0;
}

int client_send(struct client *c, const char *method, const char *path, const char *body,
		const char *content_type, long *status, struct buf *answer, char **cause)
{
	struct curl_slist *hdrs = NULL;
	char *url = NULL, *ctype = NULL;
	CURLcode rc;

	*status = 0;
	if (asprintf(&url, "%s%s", c->base, path) < 0)
		return fail_cause(cause, "out of memory");
	client_prepare(c, url, method, (long)CLIENT_TIMEOUT_S, answer);
	if (c->auth)
		hdrs = curl_slist_append(hdrs, c->auth);
	if (body) {
		if (asprintf(&ctype, "Content-Type: %s", content_type) >= 0)
			hdrs = curl_slist_append(hdrs, ctype);
		hdrs = curl_slist_append(hdrs, "Expect:");
		curl_easy_setopt(c->curl, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(c->curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
	}
	curl_easy_setopt(c->curl, CURLOPT_HTTPHEADER, hdrs);
	rc = curl_easy_perform(c->curl);
	if (rc == CURLE_OK)
		curl_easy_getinfo(c->curl, CURLINFO_RESPONSE_CODE, status);
	curl_slist_free_all(hdrs);
	free(ctype);
	if (rc != CURLE_OK)
		fail_cause(cause, "%s: %s", url, curl_easy_strerror(rc));
	free(url);
	return rc == CURLE_OK ? 0 : -1;
}

static size_t client_read_file(char *data, size_t size, size_t nmemb, void *user)
{
	return fread(data, size, nmemb, user) * size;
}

int client_upload(struct client *c, const char *method, const char *path,
		  const char *file_path, long *status, json_t **out, char **cause)
{
	struct curl_slist *hdrs = NULL;
	char *url = NULL;
	struct buf resp;
	FILE *f;
	long size;
	int ret = -1;

	*out = NULL;
	*status = 0;
	f = fopen(file_path, "rb");
	if (!f)
		return fail_cause(cause, "cannot read %s: %m", file_path);
	if (fseek(f, 0, SEEK_END) < 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) < 0) {
		fclose(f);
		return fail_cause(cause, "cannot read %s: %m", file_path);
	}
	buf_init(&resp, CLIENT_MAX_RESPONSE);
	if (asprintf(&url, "%s%s", c->base, path) < 0) {
		fclose(f);
		return fail_cause(cause, "out of memory");
	}
	client_prepare(c, url, method, (long)CLIENT_TRANSFER_TIMEOUT_S, &resp);
	curl_easy_setopt(c->curl, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c->curl, CURLOPT_READFUNCTION, client_read_file);
	curl_easy_setopt(c->curl, CURLOPT_READDATA, f);
	curl_easy_setopt(c->curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)size);
	hdrs = curl_slist_append(hdrs, "Accept: application/json");
	hdrs = curl_slist_append(hdrs, "Content-Type: application/octet-stream");
	/* a refusal (a lost lease, a full store) comes before the file is sent */
	hdrs = curl_slist_append(hdrs, "Expect: 100-continue");
	if (c->auth)
		hdrs = curl_slist_append(hdrs, c->auth);
	ret = client_perform_json(c, url, hdrs, &resp, status, out, cause);
	curl_slist_free_all(hdrs);
	fclose(f);
	free(url);
	buf_dispose(&resp);
	return ret;
}

struct client_sink {
	FILE *f;
	struct sha256_ctx *sha;
	struct buf err;         /* the body of an error answer */
	long status;
	CURL *curl;
};

static size_t client_write_file(char *data, size_t size, size_t nmemb, void *user)
{
	struct client_sink *s = user;
	size_t n = size * nmemb;

	if (!s->status)
		curl_easy_getinfo(s->curl, CURLINFO_RESPONSE_CODE, &s->status);
	if (s->status != 200)
		return buf_add(&s->err, data, n) < 0 ? 0 : n;
	sha256_update(s->sha, data, n);
	return fwrite(data, 1, n, s->f) == n ? n : 0;
}

int client_download(struct client *c, const char *path, const char *dest,
		    const char *sha256, char **cause)
{
	struct client_sink s = { 0 };
	char *url = NULL, *tmp = NULL, got[SHA256_HEX_LEN + 1];
	struct curl_slist *hdrs = NULL;
	json_t *j;
	CURLcode rc;
	int ret = -1;

	if (asprintf(&url, "%s%s", c->base, path) < 0 || asprintf(&tmp, "%s.part", dest) < 0) {
		free(url);
		return fail_cause(cause, "out of memory");
	}
	buf_init(&s.err, 65536);
	s.curl = c->curl;
	s.sha = sha256_begin();
	s.f = fopen(tmp, "wb");
	if (!s.f || !s.sha) {
		fail_cause(cause, "cannot write %s: %m", tmp);
		goto out;
	}
	curl_easy_reset(c->curl);
	curl_easy_setopt(c->curl, CURLOPT_URL, url);
	curl_easy_setopt(c->curl, CURLOPT_TIMEOUT, (long)CLIENT_TRANSFER_TIMEOUT_S);
	curl_easy_setopt(c->curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c->curl, CURLOPT_WRITEFUNCTION, client_write_file);
	curl_easy_setopt(c->curl, CURLOPT_WRITEDATA, &s);
	curl_easy_setopt(c->curl, CURLOPT_USERAGENT, "kpci/" KPCI_VERSION);
	if (c->auth)
		hdrs = curl_slist_append(hdrs, c->auth);
	curl_easy_setopt(c->curl, CURLOPT_HTTPHEADER, hdrs);
	rc = curl_easy_perform(c->curl);
	curl_easy_getinfo(c->curl, CURLINFO_RESPONSE_CODE, &s.status);
	if (rc != CURLE_OK) {
		fail_cause(cause, "%s: %s", url, curl_easy_strerror(rc));
		goto out;
	}
	if (s.status != 200) {
		j = json_loadb(s.err.data ? s.err.data : "", s.err.len, 0, NULL);
		fail_cause(cause, "%s: %s", url, client_error_text(j, s.status));
		json_decref(j);
		goto out;
	}
	sha256_end(s.sha, got);
	s.sha = NULL;
	if (sha256 && strcmp(got, sha256)) {
		fail_cause(cause, "%s: the download's sha256 is %s, not %s; it was discarded",
			   url, got, sha256);
		goto out;
	}
	if (fclose(s.f) != 0) {
		s.f = NULL;
		fail_cause(cause, "cannot write %s: %m", tmp);
		goto out;
	}
	s.f = NULL;
	if (rename(tmp, dest) < 0) {
		fail_cause(cause, "cannot rename %s to %s: %m", tmp, dest);
		goto out;
	}
	ret = 0;
out:
	if (s.f)
		fclose(s.f);
	if (ret < 0)
		unlink(tmp);
	sha256_abort(s.sha);
	curl_slist_free_all(hdrs);
	buf_dispose(&s.err);
	free(url);
	free(tmp);
	return ret;
}

const char *client_error_text(const json_t *body, long status)
{
	const char *msg = json_string_value(json_object_get(body, "error"));

	if (msg)
		return msg;
	return status == 401 ? "unauthorized" : "the server answered with an error";
}
