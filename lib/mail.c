// SPDX-License-Identifier: GPL-2.0-only
/*
 * mail.c - composing a plain-text mail with header fields that commit
 * data cannot break (lib/mail.h).  The encoded-words follow RFC 2047
 * section 2 (charset UTF-8, encoding B) and section 5 (a phrase may be
 * all encoded-words); addresses are not encoded, only checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/mail.h"
#include "lib/utf8.h"

#define MAIL_WORD_BYTES 45          /* input bytes of one encoded-word: 60 base64 chars */

int mail_address_ok(const char *a)
{
	static const char atext[] = "!#$%&'*+-/=?^_`{|}~";
	const char *at = a ? strrchr(a, '@') : NULL;
	size_t n;

	if (!a || !at || at == a || (n = strlen(a)) > MAIL_MAX_ADDRESS)
		return 0;
	/* local part: atext runs separated by single dots */
	for (const char *p = a; p < at; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '.') {
			if (p == a || p + 1 == at || p[1] == '.')
				return 0;
		} else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			     (c >= '0' && c <= '9') || (c && strchr(atext, c)))) {
			return 0;
		}
	}
	/* domain: labels of [A-Za-z0-9-], not starting or ending with '-', one dot at least */
	{
		const char *d = at + 1;
		size_t label = 0, labels = 0;

		if (!*d)
			return 0;
		for (const char *p = d;; p++) {
			unsigned char c = (unsigned char)*p;

			if (c == '.' || c == '\0') {
				if (label == 0 || p[-1] == '-')
					return 0;
				labels++;
				label = 0;
				if (!c)
					break;
				continue;
			}
			if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			      (c >= '0' && c <= '9') || (c == '-' && label > 0)))
				return 0;
			if (++label > 63)
				return 0;
		}
		return labels >= 2;
	}
}

char *mail_one_line(const char *s, size_t max)
{
	size_t n = s ? strlen(s) : 0, len, k = 0;
	char *fixed = utf8_repair(s ? s : "", n, &len), *out;

	if (!fixed)
		return NULL;
	out = malloc(len + 1);
	if (!out) {
		free(fixed);
		return NULL;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)fixed[i];

		if (c < 0x20 || c == 0x7f)
			c = ' ';
		if (c == ' ' && (k == 0 || out[k - 1] == ' '))
			continue;
		out[k++] = (char)c;
	}
	while (k && out[k - 1] == ' ')
		k--;
	/* cut at max on a character boundary */
	if (k > max) {
		k = max;
		while (k && ((unsigned char)out[k] & 0xc0) == 0x80)
			k--;
	}
	out[k] = '\0';
	free(fixed);
	return out;
}

static void mail_base64(struct buf *b, const unsigned char *s, size_t n)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char q[4];

	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)s[i] << 16 | (i + 1 < n ? (unsigned)s[i + 1] << 8 : 0) |
			     (i + 2 < n ? s[i + 2] : 0);

		q[0] = tab[v >> 18 & 63];
		q[1] = tab[v >> 12 & 63];
		q[2] = i + 1 < n ? tab[v >> 6 & 63] : '=';
		q[3] = i + 2 < n ? tab[v & 63] : '=';
		buf_add(b, q, 4);
	}
}

static int mail_plain(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			return 0;
	/* "=?" would read as the start of an encoded-word */
	return !strstr(s, "=?");
}

void mail_encode_words(struct buf *b, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n = strlen(text), i = 0;

	if (mail_plain(text)) {
		buf_adds(b, text);
		return;
	}
	while (i < n) {
		size_t take = n - i < MAIL_WORD_BYTES ? n - i : MAIL_WORD_BYTES;

		/* never split a UTF-8 sequence between two words */
		while (i + take < n && take > 1 && (s[i + take] & 0xc0) == 0x80)
			take--;
		if (i)
			buf_adds(b, "\r\n ");
		buf_adds(b, "=?UTF-8?B?");
		mail_base64(b, s + i, take);
		buf_adds(b, "?=");
		i += take;
	}
}

/* A display name as a quoted-string (printable ASCII) or encoded-words. */
static void mail_phrase(struct buf *b, const char *name)
{
	if (!mail_plain(name)) {
		mail_encode_words(b, name);
		return;
	}
	buf_adds(b, "\"");
	for (const char *p = name; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_adds(b, "\\");
		buf_add(b, p, 1);
	}
	buf_adds(b, "\"");
}

void mail_mailbox(struct buf *b, const struct mail_addr *a)
{
	char *name = a->name ? mail_one_line(a->name, MAIL_MAX_HEADER_TEXT) : NULL;

	if (name && *name) {
		mail_phrase(b, name);
		buf_adds(b, " ");
	}
	buf_printf(b, "<%s>", a->address);
	free(name);
}

static int mail_list(struct buf *b, const char *field, const struct mail_addr *v, size_t n)
{
	if (!n)
		return 0;
	buf_printf(b, "%s: ", field);
	for (size_t i = 0; i < n; i++) {
		if (!mail_address_ok(v[i].address))
			return -1;
		if (i)
			buf_adds(b, ",\r\n ");
		mail_mailbox(b, &v[i]);
	}
	buf_adds(b, "\r\n");
	return 0;
}

/* "<local@domain>" with printable characters and nothing to break a header. */
static int mail_msgid_ok(const char *id)
{
	size_t n = id ? strlen(id) : 0;

	if (n < 5 || n > 250 || id[0] != '<' || id[n - 1] != '>' || !strchr(id, '@'))
		return 0;
	for (size_t i = 1; i + 1 < n; i++)
		if (id[i] <= 0x20 || id[i] >= 0x7f || id[i] == '<' || id[i] == '>')
			return 0;
	return 1;
}

/* The body with CRLF line ends; a line longer than MAIL_MAX_LINE is split. */
static void mail_body(struct buf *b, const char *body)
{
	const char *p = body;

	while (*p) {
		size_t n = strcspn(p, "\n"), line = n;

		if (line && p[line - 1] == '\r')
			line--;
		for (size_t off = 0; off < line || off == 0; ) {
			size_t take = line - off > MAIL_MAX_LINE - 2 ? MAIL_MAX_LINE - 2 : line - off;

			/* keep a UTF-8 sequence on one line */
			while (off + take < line && take > 1 &&
			       ((unsigned char)p[off + take] & 0xc0) == 0x80)
				take--;
			buf_add(b, p + off, take);
			buf_adds(b, "\r\n");
			off += take;
			if (off >= line)
				break;
		}
		p += n + (p[n] == '\n');
	}
}

int mail_compose(struct buf *out, const struct mail_msg *m)
{
	struct buf b;
	char date[64], *subject;
	time_t t = (time_t)m->date;
	struct tm tm;
	int rc = -1;

	buf_init(&b, MAIL_MAX_MESSAGE);
	if (!mail_address_ok(m->from.address) || !mail_msgid_ok(m->message_id) ||
	    (m->in_reply_to && !mail_msgid_ok(m->in_reply_to)))
		goto out;
	gmtime_r(&t, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	buf_adds(&b, "From: ");
	mail_mailbox(&b, &m->from);
	buf_adds(&b, "\r\n");
	if (mail_list(&b, "To", m->to, m->nto) < 0 || mail_list(&b, "Cc", m->cc, m->ncc) < 0)
		goto out;
	subject = mail_one_line(m->subject, MAIL_MAX_HEADER_TEXT);
	if (!subject)
		goto out;
	buf_adds(&b, "Subject: ");
	mail_encode_words(&b, subject);
	free(subject);
	buf_printf(&b, "\r\nDate: %s\r\nMessage-ID: %s\r\n", date, m->message_id);
	if (m->in_reply_to)
		buf_printf(&b, "In-Reply-To: %s\r\nReferences: %s\r\n", m->in_reply_to,
			   m->in_reply_to);
	for (size_t i = 0; i < m->nextra; i++) {
		char *v = mail_one_line(m->extra[2 * i + 1], MAIL_MAX_HEADER_TEXT);

		if (!v)
			goto out;
		buf_printf(&b, "%s: ", m->extra[2 * i]);
		mail_encode_words(&b, v);
		buf_adds(&b, "\r\n");
		free(v);
	}
	buf_adds(&b, "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
		 "Content-Transfer-Encoding: 8bit\r\n\r\n");
	mail_body(&b, m->body ? m->body : "");
	if (buf_failed(&b) || b.len >= MAIL_MAX_MESSAGE - 1 || buf_add(out, b.data, b.len) < 0)
		goto out;
	rc = 0;
out:
	buf_dispose(&b);
	return rc;
}
