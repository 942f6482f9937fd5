/*
 * cmd_trees.c - kpci trees | commits TREE | windows TREE | merges TREE vX.Y
 * | poll TREE: tables over /api/v1/trees (see docs/API.md).  Commit data
 * (subjects, names, branch names) come from the watched repositories:
 * control characters are shown as '?' so they cannot drive the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_trees.h"

#define CMD_TREES_MAX_ARGS 32       /* flags of one command at most */
#define CMD_TREES_SUBJECT 72        /* characters of a subject in a table */

/* Prints s with control characters as '?', at most width bytes (0: all). */
static void cmd_trees_safe(const char *s, size_t width)
{
	for (size_t i = 0, bad; s && s[i] && (!width || i < width); i += bad ? bad : 1) {
		bad = cli_text_bad(s + i);
		putchar(bad ? '?' : s[i]);
	}
}

/* 1 if name can be a path segment: what kpcid's :name matches, and for a
 * tree (what :ref matches) also '/' and ':'. */
static int cmd_trees_name_ok(const char *name, int tree)
{
	size_t n = strlen(name);

	if (!n || n > 128)
		return 0;
	for (const char *p = name; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-", *p) &&
		    !(tree && (*p == '/' || *p == ':')))
			return 0;
	return 1;
}

/*
 * Builds "/api/v1/trees/TREE[/mid][/ARG][/tail]?flags" from argv (argv[1]
 * TREE, then npos-1 more positional words, then --flags); NULL after a
 * message, *status 2 on bad usage and 1 when kpcid refused.
 */
static json_t *cmd_trees_get(int *status, struct cli *cli, int argc, char **argv, int npos,
			     const char *mid, const char *tail, const char *const *flags,
			     const char *method)
{
	char *rest[CMD_TREES_MAX_ARGS];
	struct buf path;
	json_t *j;
	int n = 1;

	*status = 2;
	if (argc < 1 + npos || argc - npos > CMD_TREES_MAX_ARGS) {
		fprintf(stderr, "kpci: %s: missing arguments (see kpci --help)\n", argv[0]);
		return NULL;
	}
	for (int i = 1; i <= npos; i++) {
		if (!cmd_trees_name_ok(argv[i], i == 1)) {
			fprintf(stderr, "kpci: %s: '%.128s' is not a %s name (letters, digits "
				"and ._+-%s)\n", argv[0], argv[i], i == 1 ? "tree" : "release",
				i == 1 ? ":/" : "");
			return NULL;
		}
	}
	rest[0] = argv[0];
	for (int i = 1 + npos; i < argc; i++)
		rest[n++] = argv[i];
	buf_init(&path, 4096);
	buf_adds(&path, "/api/v1/trees/");
	for (const char *p = argv[1]; *p; p++)  /* '/' and ':' as %2F and %3A */
		if (*p == '/' || *p == ':')
			buf_printf(&path, "%%%02X", (unsigned char)*p);
		else
			buf_add(&path, p, 1);
	buf_adds(&path, mid ? mid : "");
	if (npos > 1)
		buf_printf(&path, "/%s", argv[2]);
	if (tail)
		buf_adds(&path, tail);
	if (cli_query(&path, n, rest, flags) < 0) {
		buf_dispose(&path);
		return NULL;
	}
	*status = 1;
	j = cli_call(cli, method, buf_str(&path), NULL, NULL);
	buf_dispose(&path);
	return j;
}

static void cmd_trees_print_tree(const json_t *t)
{
	const json_t *b, *e;
	char when[32];
	size_t i, j;

	cli_fmt_time(when, sizeof when, cli_jint(t, "polled_at"));
	printf("%s  %s  polled %s  commits %lld  tags %lld", cli_jstr(t, "name"),
	       cli_jstr(t, "url"), when, cli_jint(t, "commits"), cli_jint(t, "tags"));
	if (json_is_string(json_object_get(t, "last_error"))) {
		printf("\n  error (%lld in a row): ", cli_jint(t, "error_count"));
		cmd_trees_safe(cli_jstr(t, "last_error"), 0);
	}
	putchar('\n');
	json_array_foreach(json_object_get(t, "branches"), i, b) {
		printf("  %-20s %-8s %-12.12s %7lld  ", cli_jstr(b, "name"), cli_jstr(b, "state"),
		       cli_jstr(b, "tip"), cli_jint(b, "length"));
		if (json_is_string(json_object_get(b, "last_error")))
			cmd_trees_safe(cli_jstr(b, "last_error"), 0);
		putchar('\n');
		json_array_foreach(json_object_get(b, "events"), j, e) {
			cli_fmt_time(when, sizeof when, cli_jint(e, "at"));
			printf("    %s %-13s %.12s -> %.12s ", when, cli_jstr(e, "kind"),
			       cli_jstr(e, "old_sha"), cli_jstr(e, "new_sha"));
			if (json_is_string(json_object_get(e, "message")))
				cmd_trees_safe(cli_jstr(e, "message"), 0);
			putchar('\n');
		}
	}
}

int cmd_trees(struct cli *cli, int argc, char **argv)
{
	json_t *a, *t;
	size_t i;

	if (argc > 1) {
		fprintf(stderr, "kpci: trees: unexpected argument '%s'\n", argv[1]);
		return 2;
	}
	a = cli_call(cli, "GET", "/api/v1/trees", NULL, NULL);
	if (!a)
		return 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (!json_array_size(json_object_get(a, "trees")))
		printf("no trees are watched\n");
	json_array_foreach(json_object_get(a, "trees"), i, t)
		cmd_trees_print_tree(t);
	json_decref(a);
	return 0;
}

int cmd_poll(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { NULL };
	json_t *t;
	int status;

	if (argc != 2) {
		fprintf(stderr, "kpci: poll needs exactly one TREE\n");
		return 2;
	}
	t = cmd_trees_get(&status, cli, argc, argv, 1, "/poll", NULL, flags, "POST");
	if (!t)
		return status;
	if (cli->json)
		cli_print_json(t);
	else
		cmd_trees_print_tree(t);
	json_decref(t);
	return 0;
}

int cmd_commits(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "branch", "window", "limit", "offset", NULL };
	json_t *a, *c;
	size_t i;
	int status;

	a = cmd_trees_get(&status, cli, argc, argv, 1, "/commits", NULL, flags, "GET");
	if (!a)
		return status;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	printf("%7s %-12s %-10s  %s\n", "POS", "SHA", "DATE", "AUTHOR / SUBJECT");
	json_array_foreach(json_object_get(a, "commits"), i, c) {
		char when[32];

		cli_fmt_time(when, sizeof when, cli_jint(c, "commit_time"));
		printf("%7lld %.12s %.10s  ", cli_jint(c, "position"), cli_jstr(c, "sha"), when);
		cmd_trees_safe(cli_jstr(c, "author_name"), 24);
		printf(": ");
		cmd_trees_safe(cli_jstr(c, "subject"), CMD_TREES_SUBJECT);
		putchar('\n');
	}
	json_decref(a);
	return 0;
}

int cmd_windows(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "branch", NULL };
	json_t *a, *w, *r;
	size_t i;
	int status;

	a = cmd_trees_get(&status, cli, argc, argv, 1, "/windows", NULL, flags, "GET");
	if (!a)
		return status;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	printf("releases:");
	json_array_foreach(json_object_get(a, "releases"), i, r)
		printf(" %s", cli_jstr(r, "name"));
	printf("\n%-12s %-7s %-14s %8s %7s\n", "WINDOW", "STATE", "CLOSED BY", "COMMITS", "MERGES");
	json_array_foreach(json_object_get(a, "windows"), i, w)
		printf("%-12s %-7s %-14s %8lld %7lld\n", cli_jstr(w, "release"), cli_jstr(w, "state"),
		       cli_jstr(w, "closed_by"), cli_jint(w, "commits"), cli_jint(w, "merges"));
	json_decref(a);
	return 0;
}

int cmd_merges(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "branch", NULL };
	json_t *a, *m;
	size_t i;
	int status;

	a = cmd_trees_get(&status, cli, argc, argv, 2, "/windows", "/merges", flags, "GET");
	if (!a)
		return status;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	printf("merge window of %s (%s%s%s)\n", cli_jstr(a, "release"), cli_jstr(a, "state"),
	       json_is_string(json_object_get(a, "closed_by")) ? ", closed by " : "",
	       json_is_string(json_object_get(a, "closed_by")) ? cli_jstr(a, "closed_by") : "");
	printf("%7s %-12s %-12s %7s %-20s %s\n", "POS", "MERGE", "MERGED TIP", "BROUGHT",
	       "SUBSYSTEM", "SOURCE");
	json_array_foreach(json_object_get(a, "merges"), i, m) {
		printf("%7lld %.12s %.12s %7lld ", cli_jint(m, "position"), cli_jstr(m, "sha"),
		       cli_jstr(m, "merged_tip"), cli_jint(m, "brought"));
		cmd_trees_safe(cli_jstr(m, "merge_subsystem"), 20);
		printf(" ");
		cmd_trees_safe(cli_jstr(m, "merge_source"), 0);
		putchar('\n');
	}
	json_decref(a);
	return 0;
}
