// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_conf.c - the table-driven INI reader: every error path names
 * file:line, defaults, overrides and reloads.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/conf.h"
#include "lib/fail.h"
#include "check.h"

struct item {
	char *name;
	char *url;
	long long weight;
	struct item *next;
};

struct cfg {
	char *listen;
	long long threads;
	int flag;
	char *level;
	char *server;
	char *text;
	struct item *items;
};

#define K(f) offsetof(struct cfg, f)

static const struct conf_key main_keys[] = {
	{ "listen", CONF_HOSTPORT, K(listen), "127.0.0.1:8080", 0, 0, NULL, 0, "" },
	{ "threads", CONF_INT, K(threads), "4", 1, 64, NULL, 1, "" },
	{ "flag", CONF_BOOL, K(flag), "false", 0, 0, NULL, 1, "" },
	{ "level", CONF_ENUM, K(level), "info", 0, 0, "debug|info|warn", 1, "" },
	{ "server", CONF_URL, K(server), NULL, 0, 0, NULL, 0, "" },
	{ "text", CONF_STR, K(text), NULL, 0, 0, NULL, 1, "" },
	{ NULL },
};

static const struct conf_key item_keys[] = {
	{ "url", CONF_GITURL, offsetof(struct item, url), NULL, 0, 0, NULL, 0, "" },
	{ "weight", CONF_INT, offsetof(struct item, weight), "7", 0, 10, NULL, 0, "" },
	{ NULL },
};

static void *item_instance(void *obj, const char *arg, char **cause)
{
	struct cfg *c = obj;
	struct item *it;

	if (!strcmp(arg, "forbidden")) {
		fail_cause(cause, "that name is reserved");
		return NULL;
	}
	for (it = c->items; it; it = it->next)
		if (!strcmp(it->name, arg))
			return it;
	it = calloc(1, sizeof *it);
	it->name = strdup(arg);
	conf_defaults_keys(it, item_keys);
	it->next = c->items;
	c->items = it;
	return it;
}

static const struct conf_section sections[] = {
	{ "main", 0, main_keys, NULL },
	{ "item", 1, item_keys, item_instance },
	{ NULL },
};

static char path[] = "/tmp/kpci-test-conf.XXXXXX";

static void cfg_free(struct cfg *c)
{
	struct item *it, *next;

	conf_dispose(c, sections);
	for (it = c->items; it; it = next) {
		next = it->next;
		conf_dispose_keys(it, item_keys);
		free(it->name);
		free(it);
	}
}

/* Loads text into a fresh cfg; returns the error count, errors in errs. */
static int load(struct cfg *c, struct buf *errs, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	memset(c, 0, sizeof *c);
	conf_defaults(c, sections);
	buf_reset(errs);
	return conf_load(c, sections, path, errs);
}

/* 1 if errs holds "PATH:LINE: msg". */
static int has(struct buf *errs, int line, const char *msg)
{
	char want[512];

	snprintf(want, sizeof want, "%s:%d: %s\n", path, line, msg);
	if (strstr(buf_str(errs), want))
		return 1;
	fprintf(stderr, "missing: %s  in:\n%s", want, buf_str(errs));
	return 0;
}

static void test_defaults_and_values(struct buf *errs)
{
	struct cfg c;

	CHECK_INT(load(&c, errs, "; comment\n[main]\nthreads = 12\nflag = yes\n"
		       "level = warn\nserver = https://kpci.example.org/\n"
		       "[item one]\nurl = git://example.org/linux.git\n[item two]\n"
		       "url = /srv/git/linux\nweight = 0\n"), 0);
	CHECK_STR(c.listen, "127.0.0.1:8080");
	CHECK_INT(c.threads, 12);
	CHECK_INT(c.flag, 1);
	CHECK_STR(c.level, "warn");
	CHECK_STR(c.server, "https://kpci.example.org/");
	CHECK(c.text == NULL);
	CHECK(c.items && !strcmp(c.items->name, "two") && c.items->weight == 0);
	CHECK(c.items && c.items->next && c.items->next->weight == 7);
	cfg_free(&c);
}

static void test_errors(struct buf *errs)
{
	struct cfg c;
	char longline[300];

	CHECK_INT(load(&c, errs, "orphan = 1\n"), 1);
	CHECK(has(errs, 1, "'orphan' is outside any [section]"));
	cfg_free(&c);

	/* an emptied file (a truncated write, a wrong path's twin) is not
	 * read as "all the defaults" */
	CHECK_INT(load(&c, errs, ""), 1);
	CHECK(has(errs, 0, "the file is empty (no section, no key); without a file the "
		  "defaults apply"));
	cfg_free(&c);
	CHECK_INT(load(&c, errs, "# only a comment\n\n  ; and another\n"), 1);
	cfg_free(&c);
	CHECK_INT(load(&c, errs, "[main]\n"), 0);
	cfg_free(&c);

	CHECK_INT(load(&c, errs,
		       "[main]\n"                       /* 1 */
		       "threads = many\n"               /* 2 */
		       "threads = 65\n"                 /* 3 */
		       "flag = perhaps\n"               /* 4 */
		       "level = loud\n"                 /* 5 */
		       "listen = 127.0.0.1\n"           /* 6 */
		       "server = ftp://x\n"             /* 7 */
		       "colour = red\n"                 /* 8 */
		       "[nothing]\n"                    /* 9 */
		       "a = b\n"                        /* 10 */
		       "[item]\n"                       /* 11 */
		       "url = /x\n"                     /* 12 */
		       "[main extra]\n"                 /* 13 */
		       "threads = 2\n"                  /* 14 */
		       "[item forbidden]\n"             /* 15 */
		       "url = /x\n"                     /* 16 */
		       "[item ok]\n"                    /* 17 */
		       "url = relative/path\n"          /* 18 */
		       "weight = 11\n"                  /* 19 */
		       "[main]\n"                       /* 20 */
		       "text = a\x01" "b\n"             /* 21 */
		       "listen = [::1]:70000\n"         /* 22 */
		       "threads = \n"),                 /* 23 */
		  16);
	CHECK(has(errs, 2, "main.threads: 'many' is not an integer"));
	CHECK(has(errs, 3, "main.threads: 65 is out of range 1..64"));
	CHECK(has(errs, 4, "main.flag: 'perhaps' is not a boolean (true or false)"));
	CHECK(has(errs, 5, "main.level: 'loud' is not one of debug|info|warn"));
	CHECK(has(errs, 6, "main.listen: '127.0.0.1' is not HOST:PORT"));
	CHECK(has(errs, 7, "main.server: 'ftp://x' is not a valid http:// or https:// URL"));
	CHECK(has(errs, 8, "unknown key 'colour' in section [main]"));
	CHECK(has(errs, 10, "unknown section [nothing]"));
	CHECK(has(errs, 12, "section [item] needs a name: [item NAME]"));
	CHECK(has(errs, 14, "section [main] takes no name"));
	CHECK(has(errs, 16, "[item forbidden]: that name is reserved"));
	CHECK(has(errs, 18, "item.url: 'relative/path' is not a valid git URL (https://, git://, "
		  "file:// or an absolute path)"));
	CHECK(has(errs, 19, "item.weight: 11 is out of range 0..10"));
	CHECK(has(errs, 21, "main.text: control characters are not allowed in the value"));
	CHECK(has(errs, 22, "main.listen: '[::1]:70000' is not HOST:PORT"));
	CHECK(has(errs, 23, "main.threads: '' is not an integer"));
	/* A good value before a bad one stays; the bad one does not land. */
	CHECK_INT(c.threads, 4);
	cfg_free(&c);

	memset(longline, 'x', sizeof longline - 1);
	longline[sizeof longline - 1] = '\0';
	{
		char text[400];

		snprintf(text, sizeof text, "[main]\ntext = %s\nthreads = 3\n", longline);
		CHECK_INT(load(&c, errs, text), 1);
		CHECK(strstr(buf_str(errs), ":2: line is longer than") != NULL);
		CHECK_INT(c.threads, 3);    /* the next line is still read */
		cfg_free(&c);
	}

	CHECK_INT(load(&c, errs, "[main]\nthreads = 2\njust words\n"), 1);
	CHECK(has(errs, 3, "syntax error: expected [section] or key = value"));
	cfg_free(&c);

	memset(&c, 0, sizeof c);
	buf_reset(errs);
	CHECK_INT(conf_load(&c, sections, "/nonexistent/kpci.ini", errs), 1);
	CHECK(strstr(buf_str(errs), "/nonexistent/kpci.ini: cannot open: No such file") != NULL);
}

static void test_set_and_reload(struct buf *errs)
{
	struct cfg cur, fresh;
	struct buf ignored;
	char *cause = NULL;

	load(&cur, errs, "[main]\nthreads = 2\n");
	CHECK_INT(conf_set(&cur, sections, "main", "listen", "0.0.0.0:0", &cause), 0);
	CHECK_STR(cur.listen, "0.0.0.0:0");
	CHECK_INT(conf_set(&cur, sections, "main", "listen", "nowhere", &cause), -1);
	CHECK_STR(cause, "main.listen: 'nowhere' is not HOST:PORT");
	free(cause);
	cause = NULL;
	CHECK_INT(conf_set(&cur, sections, "main", "nokey", "1", &cause), -1);
	CHECK_STR(cause, "unknown key main.nokey");
	free(cause);
	cause = NULL;
	CHECK_INT(conf_set(&cur, sections, "item", "url", "/x", &cause), -1);
	free(cause);

	load(&fresh, errs, "[main]\nthreads = 9\nlisten = 127.0.0.1:1\ntext = new\n");
	buf_init(&ignored, 1024);
	conf_apply_reloadable(&cur, &fresh, sections, &ignored);
	CHECK_INT(cur.threads, 9);
	CHECK_STR(cur.text, "new");
	CHECK_STR(cur.listen, "0.0.0.0:0");
	CHECK_STR(buf_str(&ignored), " main.listen");
	buf_dispose(&ignored);
	cfg_free(&cur);
	cfg_free(&fresh);
}

static void test_hostport(void)
{
	char *host = NULL;
	int port = 0;

	CHECK_INT(conf_parse_hostport(&host, &port, "[::1]:8080"), 0);
	CHECK_STR(host, "::1");
	CHECK_INT(port, 8080);
	free(host);
	CHECK_INT(conf_parse_hostport(&host, &port, "localhost:0"), 0);
	CHECK_STR(host, "localhost");
	free(host);
	CHECK_INT(conf_parse_hostport(NULL, NULL, ":80"), -1);
	CHECK_INT(conf_parse_hostport(NULL, NULL, "h:"), -1);
	CHECK_INT(conf_parse_hostport(NULL, NULL, "h:-1"), -1);
	CHECK_INT(conf_parse_hostport(NULL, NULL, "::1:80"), -1);
}

int main(void)
{
	struct buf errs;
	int fd = mkstemp(path);

	if (fd < 0)
		return 1;
	close(fd);
	buf_init(&errs, 1 << 16);
	test_defaults_and_values(&errs);
	test_errors(&errs);
	test_set_and_reload(&errs);
	test_hostport();
	buf_dispose(&errs);
	unlink(path);
	return check_done();
}
