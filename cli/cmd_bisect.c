// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_bisect.c - `kpci bisect`, `bisections`, `bisection`, `bisect-cancel`:
 * the bisections kpcid runs (daemon/bisect/bisector.c, docs/bisect.md).  Commit
 * subjects are printed with cli_text_bad's sequences as '?' (cli_call
 * does that for every string of an answer in text mode).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_bisect.h"

#define CMD_SHA 12                  /* hex digits of a commit id shown */

/* "search: round 3, 12 of 300 left" or the state. */
static void cmd_bisect_where(char *out, size_t n, const json_t *b)
{
	if (!strcmp(cli_jstr(b, "state"), "running"))
		snprintf(out, n, "%s: round %lld, %lld of %lld left", cli_jstr(b, "phase"),
			 cli_jint(b, "rounds"), cli_jint(b, "remaining"), cli_jint(b, "commits"));
	else
		snprintf(out, n, "%s", cli_jstr(b, "state"));
}

static void cmd_bisect_show(const json_t *b)
{
	char where[96], when[32];
	const json_t *p;
	size_t i;

	cmd_bisect_where(where, sizeof where, b);
	cli_fmt_time(when, sizeof when, cli_jint(b, "started_at"));
	printf("bisection %lld of change %lld (%s), started %s by %s\n", cli_jint(b, "id"),
	       cli_jint(b, "change_id"), cli_jstr(b, "metric"), when, cli_jstr(b, "started_by"));
	printf("range:   %.*s..%.*s, %lld commits, runner class %s\n", CMD_SHA,
	       cli_jstr(b, "good_sha"), CMD_SHA, cli_jstr(b, "bad_sha"), cli_jint(b, "commits"),
	       cli_jstr(b, "runner_class"));
	printf("state:   %s\n", where);
	if (!strcmp(cli_jstr(b, "state"), "done"))
		printf("culprit: %s %s (confidence %.4f)\n", cli_jstr(b, "culprit_sha"),
		       cli_jstr(b, "culprit_subject"),
		       json_number_value(json_object_get(b, "confidence")));
	if (json_is_string(json_object_get(b, "reason")))
		printf("why:     %s\n", cli_jstr(b, "reason"));
	printf("\n%5s %-7s %-12s %-9s %-7s %4s  %s\n", "ROUND", "ROLE", "COMMIT", "STATE",
	       "OUTCOME", "JOBS", "SUBJECT / WHY");
	json_array_foreach(json_object_get(b, "probe_list"), i, p) {
		printf("%5lld %-7s %-12.12s %-9s %-7s %4lld  %s\n", cli_jint(p, "round"),
		       cli_jstr(p, "role"), cli_jstr(p, "sha"), cli_jstr(p, "state"),
		       json_is_string(json_object_get(p, "outcome")) ? cli_jstr(p, "outcome") : "",
		       cli_jint(p, "jobs"), cli_jstr(p, "subject"));
		if (json_is_string(json_object_get(p, "reason")))
			printf("%48s# %s\n", "", cli_jstr(p, "reason"));
	}
}

int cmd_bisect(struct cli *cli, int argc, char **argv)
{
	int revert = argc == 3 && !strcmp(argv[2], "--revert");
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
	if (cli->json)
		cli_print_json(a);
	else
		printf("bisection %lld of change %lld started: %lld commits %.*s..%.*s\n",
		       cli_jint(a, "id"), id, cli_jint(a, "commits"), CMD_SHA,
		       cli_jstr(a, "good_sha"), CMD_SHA, cli_jstr(a, "bad_sha"));
	json_decref(a);
	return 0;
}

int cmd_bisections(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "state", "change", "limit", "offset", NULL };
	char where[96];
	json_t *a, *b;
	size_t i;
	int usage;

	a = cli_get(cli, "/api/v1/bisections", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	printf("%-5s %-6s %-24s %-36s %-12s %s\n", "ID", "CHANGE", "METRIC", "STATE", "CULPRIT",
	       "SUBJECT / WHY");
	json_array_foreach(json_object_get(a, "bisections"), i, b) {
		int done = !strcmp(cli_jstr(b, "state"), "done");

		cmd_bisect_where(where, sizeof where, b);
		printf("%-5lld %-6lld %-24s %-36s %-12.12s %s\n", cli_jint(b, "id"),
		       cli_jint(b, "change_id"), cli_jstr(b, "metric"), where,
		       done ? cli_jstr(b, "culprit_sha") : "", done ? cli_jstr(b, "culprit_subject") :
		       json_is_string(json_object_get(b, "reason")) ? cli_jstr(b, "reason") : "");
	}
	json_decref(a);
	return 0;
}

/* kpci CMD ID: METHOD /api/v1/bisections/ID[SUFFIX], then show the
 * answer (cancelled: one line). */
static int cmd_bisect_one(struct cli *cli, int argc, char **argv, const char *method,
			  const char *suffix)
{
	char path[96];
	long long id;
	json_t *b;

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
	if (cli->json)
		cli_print_json(b);
	else if (*suffix)
		printf("bisection %lld cancelled\n", id);
	else
		cmd_bisect_show(b);
	json_decref(b);
	return 0;
}

int cmd_bisection(struct cli *cli, int argc, char **argv)
{
	return cmd_bisect_one(cli, argc, argv, "GET", "");
}

int cmd_bisect_cancel(struct cli *cli, int argc, char **argv)
{
	return cmd_bisect_one(cli, argc, argv, "POST", "/cancel");
}
