/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * deliver.h - sending what kpcid reports: a mail over SMTP and a JSON
 * document POSTed to a webhook, both through libcurl.
 *
 * This is libcurl's second user beside lib/client.c, and a file of its
 * own because the two speak to different peers in different ways:
 * client.c is the client of kpcid's own JSON API (one base URL, a bearer
 * token, JSON answers parsed and capped), while a report goes to any SMTP
 * server (an envelope, an upload, STARTTLS or implicit TLS, a login) and
 * to any webhook URL (whose answer is not JSON: Slack answers "ok").
 */
#ifndef KPCI_DELIVER_H
#define KPCI_DELIVER_H

#include <stddef.h>

#define DELIVER_CONNECT_TIMEOUT_S 10
#define DELIVER_TIMEOUT_S 60        /* one whole transfer */
#define DELIVER_MAX_ANSWER 4096     /* bytes of a webhook's answer kept */

enum deliver_tls { DELIVER_TLS_NONE, DELIVER_TLS_TRY, DELIVER_TLS_REQUIRED };

struct deliver_smtp {
	const char *url;            /* smtp://host:port or smtps://host:port */
	enum deliver_tls tls;       /* STARTTLS on smtp:// (smtps:// is always TLS) */
	const char *ca_file;        /* NULL or "": the system's CAs */
	const char *user, *password; /* NULL: no login */
};

/* Sends msg (len bytes, CRLF line ends) from `from` to the one envelope
 * recipient rcpt.  0 when the server accepted it; -1 with *cause
 * (malloc'd), the server's or libcurl's words. */
int deliver_mail(const struct deliver_smtp *s, const char *from, const char *rcpt,
		 const char *msg, size_t len, char **cause);

/* POSTs body as application/json to url (ca_file as above).  0 when the
 * answer was 2xx; -1 with *cause naming the status (and the first bytes
 * of the answer) or the transfer error. */
int deliver_post(const char *url, const char *ca_file, const char *body, char **cause);

#endif
