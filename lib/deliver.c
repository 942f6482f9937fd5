// SPDX-License-Identifier: GPL-2.0-only
/*
 * deliver.c - one SMTP transaction or one webhook POST through libcurl
 * (lib/deliver.h).  Each call uses an easy handle of its own: deliveries
 * are few and the alerter's thread is their only caller.
 */
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "lib/buf.h"
#include "lib/deliver.h"
#include "lib/fail.h"

struct deliver_src {
	const char *p;
	size_t left;
};

static size_t deliver_read(char *out, size_t size, size_t n, void *arg)
{
	struct deliver_src *s = arg;
	size_t k = size * n < s->left ? size * n : s->left;

	memcpy(out, s->p, k);
	s->p += k;
	s->left -= k;
	return k;
}

static size_t deliver_keep(char *data, size_t size, size_t n, void *arg)
{
	struct buf *b = arg;
	size_t len = size * n, room = b->max > b->len ? b->max - b->len : 0;

	buf_add(b, data, len < room ? len : room);
	return len;     /* the rest of a long answer is read and dropped */
}

/* The options every transfer gets. */
static void deliver_common(CURL *c, const char *ca_file, char *err)
{
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, (long)DELIVER_CONNECT_TIMEOUT_S);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, (long)DELIVER_TIMEOUT_S);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, err);
	if (ca_file && *ca_file)
		curl_easy_setopt(c, CURLOPT_CAINFO, ca_file);
}

int deliver_mail(const struct deliver_smtp *s, const char *from, const char *rcpt,
		 const char *msg, size_t len, char **cause)
{
	static const long tls[] = { CURLUSESSL_NONE, CURLUSESSL_TRY, CURLUSESSL_ALL };
	char err[CURL_ERROR_SIZE] = "", path[512];
	struct deliver_src src = { msg, len };
	struct curl_slist *to = NULL;
	CURLcode rc;
	CURL *c;

	if (strchr(from, '\r') || strchr(from, '\n') || strchr(rcpt, '\r') ||
	    strchr(rcpt, '\n'))
		return fail_cause(cause, "an envelope address holds a line break");
	if (!(c = curl_easy_init()))
		return fail_cause(cause, "libcurl cannot start a transfer");
	snprintf(path, sizeof path, "<%s>", from);
	to = curl_slist_append(NULL, rcpt);
	deliver_common(c, s->ca_file, err);
	curl_easy_setopt(c, CURLOPT_URL, s->url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	curl_easy_setopt(c, CURLOPT_USE_SSL, tls[s->tls]);
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, path);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, to);
	if (s->user) {
		curl_easy_setopt(c, CURLOPT_USERNAME, s->user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, s->password ? s->password : "");
	}
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, deliver_read);
	curl_easy_setopt(c, CURLOPT_READDATA, &src);
	curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	rc = curl_easy_perform(c);
	if (rc != CURLE_OK)
		fail_cause(cause, "SMTP to %s for %s failed: %s", s->url, rcpt,
			   err[0] ? err : curl_easy_strerror(rc));
	curl_slist_free_all(to);
	curl_easy_cleanup(c);
	return rc == CURLE_OK ? 0 : -1;
}

int deliver_post(const char *url, const char *ca_file, const char *body, char **cause)
{
	char err[CURL_ERROR_SIZE] = "";
	struct curl_slist *h = NULL;
	struct buf answer;
	long status = 0;
	CURLcode rc;
	CURL *c;
	int out = -1;

	if (!(c = curl_easy_init()))
		return fail_cause(cause, "libcurl cannot start a transfer");
	buf_init(&answer, DELIVER_MAX_ANSWER);
	h = curl_slist_append(NULL, "Content-Type: application/json");
	deliver_common(c, ca_file, err);
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
	curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, deliver_keep);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &answer);
	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	if (rc != CURLE_OK)
		fail_cause(cause, "POST to the webhook failed: %s",
			   err[0] ? err : curl_easy_strerror(rc));
	else if (status < 200 || status > 299)
		fail_cause(cause, "the webhook answered %ld: %.200s", status, buf_str(&answer));
	else
		out = 0;
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	buf_dispose(&answer);
	return out;
}
