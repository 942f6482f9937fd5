// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli.c - what the commands of kpci share: API calls that print kpcid's
 * error sentence, query strings from flags, table cells from JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"

const char *cli_jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "-";
}

long long cli_jint(const json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

void cli_fmt_time(char *out, size_t n, long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!t) {
		snprintf(out, n, "-");
		return;
	}
	gmtime_r(&tt, &tm);
	strftime(out, n, "%Y-%m-%d %H:%M:%S", &tm);
}

size_t cli_text_bad(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (p[0] < 0x20 || p[0] == 0x7f)
		return 1;
	if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
		return 2;
	if (p[0] == 0xe2 && ((p[1] == 0x80 && p[2] >= 0xaa && p[2] <= 0xae) ||
			     (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)))
		return 3;
	return 0;
}

long long cli_id(const char *cmd, const char *what, const char *text)
{
	size_t n = strspn(text, "0123456789");
	long long id = 0;

	if (n && !text[n] && n <= CLI_ID_DIGITS)
		id = strtoll(text, NULL, 10);
	if (id > 0)
		return id;
	fprintf(stderr, "kpci %s: the %s id '", cmd, what);
	for (size_t i = 0, bad; text[i]; i += bad ? bad : 1) {
		bad = cli_text_bad(text + i);
		fputc(bad ? '?' : text[i], stderr);
	}
	fprintf(stderr, "' is not a positive integer\n");
	return 0;
}

/* Rewrites every string in v with cli_text_bad's sequences as '?'. */
static void cli_text_clean(json_t *v)
{
	const char *key;
	json_t *x;
	size_t i;

	if (json_is_object(v)) {
		json_object_foreach(v, key, x)
			cli_text_clean(x);
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, x)
			cli_text_clean(x);
	} else if (json_is_string(v)) {
		const char *s = json_string_value(v);
		size_t n = json_string_length(v), o = 0, bad;
		char *t;

		for (i = 0; i < n && !cli_text_bad(s + i); i++)
			;
		if (i == n || !(t = malloc(n + 1)))
			return;
		for (i = 0; i < n; i += bad ? bad : 1) {
			bad = s[i] ? cli_text_bad(s + i) : 1;
			t[o++] = bad ? '?' : s[i];
		}
		json_string_setn(v, t, o);
		free(t);
	}
}

/*
 * Calls the API; prints kpcid's error and returns NULL when it failed.
 * Unless --json asked for the answer as it came, its strings are made
 * safe for a terminal first (cli_text_bad): commit subjects, runner
 * names and error sentences are written by others.
 */
json_t *cli_call(struct cli *cli, const char *method, const char *path,
			const json_t *body, long *status)
{
	char *cause = NULL;
	json_t *answer;
	long st;

	if (client_call(&cli->client, method, path, body, &st, &answer, &cause) < 0) {
		fprintf(stderr, "kpci: %s\n", cause ? cause : "request failed");
		free(cause);
		return NULL;
	}
	if (status)
		*status = st;
	if (answer && (!cli->json || st >= 400))
		cli_text_clean(answer);
	if (st >= 400) {
		const char *text = client_error_text(answer, st);
		size_t m = strlen(method), p = strcspn(path, "?");

		/* kpcid's sentence may name the request itself */
		if (!strncmp(text, method, m) && text[m] == ' ' && !strncmp(text + m + 1, path, p) &&
		    text[m + 1 + p] == ' ')
			fprintf(stderr, "kpci: %s (HTTP %ld)\n", text, st);
		else
			fprintf(stderr, "kpci: %s %s: %s (HTTP %ld)\n", method, path, text, st);
		json_decref(answer);
		return NULL;
	}
	return answer ? answer : json_object();
}

int cli_print_json(const json_t *j)
{
	json_dumpf(j, stdout, JSON_INDENT(2));
	putchar('\n');
	return 0;
}

/* Appends "?k=v&..." built from --flag value pairs; values are escaped. */
int cli_query(struct buf *path, int argc, char **argv, const char *const *flags)
{
	char sep = '?';

	for (int i = 1; i < argc; i++) {
		int known = 0;

		for (int f = 0; flags[f]; f++) {
			if (strcmp(argv[i] + 2, flags[f]) || strncmp(argv[i], "--", 2))
				continue;
			if (i + 1 >= argc) {
				fprintf(stderr, "kpci: %s needs a value\n", argv[i]);
				return -1;
			}
			buf_printf(path, "%c%s=", sep, flags[f]);
			for (const char *v = argv[++i]; *v; v++) {
				if (strchr("&=#?+% ", *v) || (unsigned char)*v < 0x21)
					buf_printf(path, "%%%02X", (unsigned char)*v);
				else
					buf_add(path, v, 1);
			}
			sep = '&';
			known = 1;
		}
		if (!known) {
			fprintf(stderr, "kpci: %s: unexpected argument '%s'\n", argv[0], argv[i]);
			return -1;
		}
	}
	return 0;
}

/* GETs path built from argv's flags; NULL (after a message) on failure,
 * *usage set for a usage error. */
json_t *cli_get(struct cli *cli, const char *base, int argc, char **argv,
		const char *const *flags, int *usage)
{
	struct buf path;
	json_t *a;

	*usage = 0;
	buf_init(&path, CLI_PATH_MAX);
	buf_adds(&path, base);
	if (cli_query(&path, argc, argv, flags) < 0) {
		buf_dispose(&path);
		*usage = 1;
		return NULL;
	}
	a = cli_call(cli, "GET", buf_str(&path), NULL, NULL);
	buf_dispose(&path);
	return a;
}
