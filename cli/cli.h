/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h - shared by the command files of kpci (cli/kpci.c, cli/cmd_*.c).
 */
#ifndef KPCI_CLI_H
#define KPCI_CLI_H

#include <stddef.h>

#include <jansson.h>

#include "lib/buf.h"
#include "lib/client.h"

#define CLI_PATH_MAX 8192        /* bytes of an API path with its query */

struct cli {
	struct client client;
	int json;               /* --json: print the API's JSON as it came */
};

/* A string member of o, or "-"; borrowed. */
const char *cli_jstr(const json_t *o, const char *key);
long long cli_jint(const json_t *o, const char *key);
/* "YYYY-MM-DD HH:MM:SS" (UTC) of a UNIX time, "-" for 0. */
void cli_fmt_time(char *out, size_t n, long long t);
/* Calls the API; prints kpcid's error sentence and returns NULL when the
 * call failed or answered 4xx/5xx; otherwise the body (caller owns). */
json_t *cli_call(struct cli *cli, const char *method, const char *path,
		 const json_t *body, long *status);
/*
 * The length of the sequence at s that could drive a terminal (C0
 * controls, DEL, C1 controls U+0080..U+009F, bidirectional overrides and
 * isolates U+202A..U+202E and U+2066..U+2069), or 0.  Text mode prints
 * each such sequence as '?'.
 */
size_t cli_text_bad(const char *s);
/* The id in text: 1 to CLI_ID_DIGITS decimal digits, above 0, nothing
 * else.  0 after "kpci CMD: the WHAT id '...' is not a positive integer"
 * on stderr. */
#define CLI_ID_DIGITS 18
long long cli_id(const char *cmd, const char *what, const char *text);
int cli_print_json(const json_t *j);
/* Appends "?k=v&..." from "--k v" pairs of argv[1..] whose k is in flags;
 * values are percent-encoded.  -1 (after a message) on anything else. */
int cli_query(struct buf *path, int argc, char **argv, const char *const *flags);

/* GETs base with the query cli_query makes of argv: the answer (caller
 * owns), or NULL after a message; *usage is 1 for a usage error. */
json_t *cli_get(struct cli *cli, const char *base, int argc, char **argv,
		const char *const *flags, int *usage);

#endif
