/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mail.h - RFC 5322 messages whose header fields are safe whatever the
 * commit data put in them: no CR or LF from a value reaches a header (a
 * value is made one line first), names and subjects that are not plain
 * ASCII are RFC 2047 encoded-words (UTF-8, base64, at most 75 characters
 * each, never splitting a character), and only addresses that pass
 * mail_address_ok are written.  The body is UTF-8 text sent 8bit, with
 * CRLF line ends and no line longer than MAIL_MAX_LINE.
 */
#ifndef KPCI_MAIL_H
#define KPCI_MAIL_H

#include <stddef.h>

#include "lib/buf.h"

#define MAIL_MAX_ADDRESS 254        /* characters of an address (RFC 5321 path) */
#define MAIL_MAX_LINE 998           /* bytes of a line, CRLF excluded (RFC 5322) */
#define MAIL_MAX_HEADER_TEXT 1000   /* bytes of a subject or name kept */
#define MAIL_MAX_MESSAGE (16u << 20) /* bytes of one whole message */

struct mail_addr {
	const char *name;           /* display name, any text; NULL or "": none */
	const char *address;        /* must pass mail_address_ok */
};

struct mail_msg {
	struct mail_addr from;
	const struct mail_addr *to, *cc;
	size_t nto, ncc;
	const char *subject;        /* any text: made one line and encoded */
	const char *message_id;     /* "<id@host>", checked */
	const char *in_reply_to;    /* NULL or "<id@host>" */
	long long date;             /* UNIX time */
	const char *const *extra;   /* "X-Name", "value" pairs (values made one line) */
	size_t nextra;
	const char *body;           /* UTF-8 text, LF or CRLF line ends */
};

/*
 * 1 when address is a plain addr-spec kpci mails: local@domain, printable
 * ASCII, the local part of atext characters and single dots, the domain
 * of letters, digits and hyphens in dot-separated labels with a dot, at
 * most MAIL_MAX_ADDRESS characters; no quotes, spaces, brackets, commas,
 * CR or LF.  Else 0.
 */
int mail_address_ok(const char *address);
/* s (n bytes) as one line: CR, LF, TAB and other control characters
 * become spaces, runs of spaces one space, invalid UTF-8 U+FFFD, cut
 * at max bytes on a character boundary.  malloc'd; NULL when out of memory. */
char *mail_one_line(const char *s, size_t max);
/* Appends the encoded header value: text as is when it is printable
 * ASCII, else RFC 2047 encoded-words folded onto lines of their own. */
void mail_encode_words(struct buf *b, const char *text);
/* Appends one mailbox: "Name <address>" with the name quoted or encoded
 * as needed, or "<address>" alone. */
void mail_mailbox(struct buf *b, const struct mail_addr *a);
/* Appends the whole message to out.  -1 (out as it was) when an address
 * fails mail_address_ok, the message id is malformed or it would exceed
 * MAIL_MAX_MESSAGE. */
int mail_compose(struct buf *out, const struct mail_msg *m);

#endif
