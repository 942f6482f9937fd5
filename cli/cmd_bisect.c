// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_bisect.c - `kpci bisect`, `bisections`, `bisection`, `bisect-cancel`:
 * the bisections kpcid runs (daemon/bisect/bisector.c, docs/bisect.md).  Commit
 * subjects are printed with cli_text_bad's sequences as '?' (cli_call
 * does that for every string of an answer in text mode).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_bisect.h"
#include "lib/rec_bisect.h"

#define CMD_SHA 12                  /* hex digits of a commit id shown */

/* A string of the answer as kpci prints it: "-" for none. */
static const char *cmd_bisect_s(const char *s)
{
	return s ? s : "-";
}

/* A count of the answer: 0 for none. */
static long long cmd_bisect_n(long long v)
{
	return v == REC_NONE ? 0 : v;
}

/* Decodes kpcid's answer j into *out; 1 with a message when it is wrong. */
static int cmd_bisect_decode(struct rec_bisection *out, const json_t *j, const char *cmd)
{
	char *cause = NULL;

	if (rec_bisection_decode(out, j, "", &cause) == 0)
		return 0;
	fprintf(stderr, "kpci %s: kpcid's answer: %s\n", cmd, cause);
	free(cause);
	return 1;
}

/* "search: round 3, 12 of 300 left" or the state. */
static void cmd_bisect_where(char *out, size_t n, const struct rec_bisection *b)
{
	if (!strcmp(b->state, "running"))
		snprintf(out, n, "%s: round %lld, %lld of %lld left", cmd_bisect_s(b->phase),
			 b->rounds, cmd_bisect_n(b->remaining), cmd_bisect_n(b->commits));
	else
		snprintf(out, n, "%s", b->state);
}

static void cmd_bisect_show(const struct rec_bisection *b)
{
	char where[96], when[32];

	cmd_bisect_where(where, sizeof where, b);
	cli_fmt_time(when, sizeof when, b->started_at);
	printf("bisection %lld of change %lld (%s), started %s by %s\n", b->id, b->change_id,
	       b->metric, when, cmd_bisect_s(b->started_by));
	printf("range:   %.*s..%.*s, %lld commits, runner class %s\n", CMD_SHA, b->good_sha,
	       CMD_SHA, b->bad_sha, cmd_bisect_n(b->commits), cmd_bisect_s(b->runner_class));
	printf("state:   %s\n", where);
	if (!strcmp(b->state, "done"))
		printf("culprit: %s %s (confidence %.4f)\n", cmd_bisect_s(b->culprit_sha),
		       cmd_bisect_s(b->culprit_subject), isfinite(b->confidence) ? b->confidence : 0.0);
	if (b->reason)
		printf("why:     %s\n", b->reason);
	printf("\n%5s %-7s %-12s %-9s %-7s %4s  %s\n", "ROUND", "ROLE", "COMMIT", "STATE",
	       "OUTCOME", "JOBS", "SUBJECT / WHY");
	for (size_t i = 0; i < b->nprobe_list; i++) {
		const struct rec_bisect_probe *p = &b->probe_list[i];

		printf("%5lld %-7s %-12.12s %-9s %-7s %4lld  %s\n", p->round, p->role, p->sha,
		       p->state, p->outcome ? p->outcome : "", p->jobs, cmd_bisect_s(p->subject));
		if (p->reason)
			printf("%48s# %s\n", "", p->reason);
	}
}

int cmd_bisect(struct cli *cli, int argc, char **argv)
{
	int revert = argc == 3 && !strcmp(argv[2], "--revert"), rc = 0;
	struct rec_bisection b;
	json_t *body, *a;
	long long id;

	if (argc != 2 && !revert) {
		fprintf(stderr, "usage: kpci bisect CHANGE [--revert]\n");
		return 2;
	}
	if (!(id = cli_id("bisect", "change", argv[1])))
		return 2;
	body = json_pack("{s:I}", "change", (json_int_t)id);
	if (revert)
		json_object_set_new(body, "revert", json_true());
	a = cli_call(cli, "POST", "/api/v1/bisections", body, NULL);
	json_decref(body);
	if (!a)
		return 1;
	if (cli->json) {
		cli_print_json(a);
	} else if (!(rc = cmd_bisect_decode(&b, a, argv[0]))) {
		printf("bisection %lld of change %lld started: %lld commits %.*s..%.*s\n",
		       b.id, id, cmd_bisect_n(b.commits), CMD_SHA, b.good_sha, CMD_SHA, b.bad_sha);
		rec_bisection_dispose(&b);
	}
	json_decref(a);
	return rc;
}

int cmd_bisections(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "state", "change", "limit", "offset", NULL };
	struct rec_bisections l;
	char where[96], *cause = NULL;
	json_t *a;
	int usage;

	a = cli_get(cli, "/api/v1/bisections", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_bisections_decode(&l, json_object_get(a, "bisections"), &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-5s %-6s %-24s %-36s %-12s %s\n", "ID", "CHANGE", "METRIC", "STATE", "CULPRIT",
	       "SUBJECT / WHY");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_bisection *b = &l.v[i];
		int done = !strcmp(b->state, "done");

		cmd_bisect_where(where, sizeof where, b);
		printf("%-5lld %-6lld %-24s %-36s %-12.12s %s\n", b->id, b->change_id, b->metric,
		       where, done ? cmd_bisect_s(b->culprit_sha) : "",
		       done ? cmd_bisect_s(b->culprit_subject) : b->reason ? b->reason : "");
	}
	rec_bisections_dispose(&l);
	return 0;
}

/* kpci CMD ID: METHOD /api/v1/bisections/ID[SUFFIX], then show the
 * answer (cancelled: one line). */
static int cmd_bisect_one(struct cli *cli, int argc, char **argv, const char *method,
			  const char *suffix)
{
	struct rec_bisection r;
	char path[96];
	long long id;
	json_t *b;
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: kpci %s ID\n", argv[0]);
		return 2;
	}
	if (!(id = cli_id(argv[0], "bisection", argv[1])))
		return 2;
	snprintf(path, sizeof path, "/api/v1/bisections/%lld%s", id, suffix);
	b = cli_call(cli, method, path, NULL, NULL);
	if (!b)
		return 1;
	if (cli->json) {
		cli_print_json(b);
	} else if (*suffix) {
		printf("bisection %lld cancelled\n", id);
	} else if (!(rc = cmd_bisect_decode(&r, b, argv[0]))) {
		cmd_bisect_show(&r);
		rec_bisection_dispose(&r);
	}
	json_decref(b);
	return rc;
}

int cmd_bisection(struct cli *cli, int argc, char **argv)
{
	return cmd_bisect_one(cli, argc, argv, "GET", "");
}

int cmd_bisect_cancel(struct cli *cli, int argc, char **argv)
{
	return cmd_bisect_one(cli, argc, argv, "POST", "/cancel");
}
