// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_trees.c - kpci trees | commits TREE | windows TREE | merges TREE vX.Y
 * | poll TREE: tables over /api/v1/trees (see docs/API.md).  Commit data
 * (subjects, names, branch names) come from the watched repositories:
 * control characters are shown as '?' so they cannot drive the terminal.
 * Trees and commits are read back from kpcid's answers with the decoders
 * of lib/rec.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_trees.h"
#include "lib/rec.h"
#include "lib/rec_tree.h"
#include "lib/rec_window.h"

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

/* A text field, "-" when there is none. */
static const char *cmd_trees_text(const char *s)
{
	return s ? s : "-";
}

/* A repository's time as cli_fmt_time shows it ("-" when there is none). */
static void cmd_trees_time(char *out, size_t n, long long t)
{
	cli_fmt_time(out, n, t == REC_NONE ? 0 : t);
}

/* Prints the decoder's sentence about kpcid's answer; 1. */
static int cmd_trees_bad(const char *cmd, const char *what, char *cause)
{
	fprintf(stderr, "kpci %s: kpcid's answer%s: %s\n", cmd, what, cause);
	free(cause);
	return 1;
}

static void cmd_trees_print_tree(const struct rec_tree *t)
{
	char when[32];

	cli_fmt_time(when, sizeof when, t->polled_at);
	printf("%s  %s  polled %s  commits %lld  tags %lld", t->name, t->url, when, t->commits,
	       t->tags);
	if (t->last_error) {
		printf("\n  error (%lld in a row): ", t->error_count);
		cmd_trees_safe(t->last_error, 0);
	}
	putchar('\n');
	for (size_t i = 0; i < t->nbranches; i++) {
		const struct rec_branch *b = &t->branches[i];

		printf("  %-20s %-8s %-12.12s %7lld  ", b->name, b->state, cmd_trees_text(b->tip),
		       b->length);
		if (b->last_error)
			cmd_trees_safe(b->last_error, 0);
		putchar('\n');
		for (size_t j = 0; j < b->nevents; j++) {
			const struct rec_branch_event *e = &b->events[j];

			cli_fmt_time(when, sizeof when, e->at);
			printf("    %s %-13s %.12s -> %.12s ", when, e->kind,
			       cmd_trees_text(e->old_sha), cmd_trees_text(e->new_sha));
			if (e->message)
				cmd_trees_safe(e->message, 0);
			putchar('\n');
		}
	}
}

int cmd_trees(struct cli *cli, int argc, char **argv)
{
	struct rec_trees l;
	char *cause = NULL;
	json_t *a;

	if (argc > 1) {
		fprintf(stderr, "kpci: trees: unexpected argument '%s'\n", argv[1]);
		return 2;
	}
	a = cli_call(cli, "GET", "/api/v1/trees", NULL, NULL);
	if (!a)
		return 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_trees_decode(&l, json_object_get(a, "trees"), &cause) < 0) {
		json_decref(a);
		return cmd_trees_bad(argv[0], "", cause);
	}
	json_decref(a);
	if (!l.n)
		printf("no trees are watched\n");
	for (size_t i = 0; i < l.n; i++)
		cmd_trees_print_tree(&l.v[i]);
	rec_trees_dispose(&l);
	return 0;
}

int cmd_poll(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { NULL };
	struct rec_tree t;
	char *cause = NULL;
	json_t *j;
	int status;

	if (argc != 2) {
		fprintf(stderr, "kpci: poll needs exactly one TREE\n");
		return 2;
	}
	j = cmd_trees_get(&status, cli, argc, argv, 1, "/poll", NULL, flags, "POST");
	if (!j)
		return status;
	if (cli->json)
		return cli_print_json(j), json_decref(j), 0;
	if (rec_tree_decode(&t, j, "", &cause) < 0) {
		json_decref(j);
		return cmd_trees_bad(argv[0], "", cause);
	}
	json_decref(j);
	cmd_trees_print_tree(&t);
	rec_tree_dispose(&t);
	return 0;
}

int cmd_commits(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "branch", "window", "limit", "offset", NULL };
	struct rec_commits l;
	char *cause = NULL;
	json_t *a;
	int status;

	a = cmd_trees_get(&status, cli, argc, argv, 1, "/commits", NULL, flags, "GET");
	if (!a)
		return status;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_commits_decode(&l, json_object_get(a, "commits"), &cause) < 0) {
		json_decref(a);
		return cmd_trees_bad(argv[0], "", cause);
	}
	json_decref(a);
	printf("%7s %-12s %-10s  %s\n", "POS", "SHA", "DATE", "AUTHOR / SUBJECT");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_commit *c = &l.v[i];
		char when[32];

		cmd_trees_time(when, sizeof when, c->commit_time);
		printf("%7lld %.12s %.10s  ", c->position, c->sha, when);
		cmd_trees_safe(cmd_trees_text(c->author_name), 24);
		printf(": ");
		cmd_trees_safe(cmd_trees_text(c->subject), CMD_TREES_SUBJECT);
		putchar('\n');
	}
	rec_commits_dispose(&l);
	return 0;
}

int cmd_windows(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "branch", NULL };
	struct rec_tree_windows t;
	char *cause = NULL;
	json_t *a;
	int status;

	a = cmd_trees_get(&status, cli, argc, argv, 1, "/windows", NULL, flags, "GET");
	if (!a)
		return status;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_tree_windows_decode(&t, a, &cause) < 0) {
		json_decref(a);
		return cmd_trees_bad(argv[0], "", cause);
	}
	json_decref(a);
	printf("releases:");
	for (size_t i = 0; i < t.releases.n; i++)
		printf(" %s", t.releases.v[i].name);
	printf("\n%-12s %-7s %-14s %8s %7s\n", "WINDOW", "STATE", "CLOSED BY", "COMMITS", "MERGES");
	for (size_t i = 0; i < t.windows.n; i++) {
		const struct rec_window *w = &t.windows.v[i];

		printf("%-12s %-7s %-14s %8lld %7lld\n", w->release, w->state,
		       w->closed_by ? w->closed_by : "-", w->commits, w->merges);
	}
	rec_tree_windows_dispose(&t);
	return 0;
}

int cmd_merges(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "branch", NULL };
	struct rec_window_merges w;
	char *cause = NULL;
	json_t *a;
	int status;

	a = cmd_trees_get(&status, cli, argc, argv, 2, "/windows", "/merges", flags, "GET");
	if (!a)
		return status;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_window_merges_decode(&w, a, &cause) < 0) {
		json_decref(a);
		return cmd_trees_bad(argv[0], "", cause);
	}
	json_decref(a);
	printf("merge window of %s (%s%s%s)\n", w.release, w.state,
	       w.closed_by ? ", closed by " : "", w.closed_by ? w.closed_by : "");
	printf("%7s %-12s %-12s %7s %-20s %s\n", "POS", "MERGE", "MERGED TIP", "BROUGHT",
	       "SUBSYSTEM", "SOURCE");
	for (size_t i = 0; i < w.merges.n; i++) {
		const struct rec_commit *m = &w.merges.v[i];

		printf("%7lld %.12s %.12s %7lld ", m->position, m->sha,
		       cmd_trees_text(m->merged_tip), m->brought == REC_NONE ? 0 : m->brought);
		cmd_trees_safe(cmd_trees_text(m->merge_subsystem), 20);
		printf(" ");
		cmd_trees_safe(cmd_trees_text(m->merge_source), 0);
		putchar('\n');
	}
	rec_window_merges_dispose(&w);
	return 0;
}
