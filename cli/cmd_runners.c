// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_runners.c - kpci runners | runner ID | drift-ack ID: the runners as
 * GET /api/v1/runners lists them, one runner as GET /api/v1/runners/:id
 * answers it (topology, kernel, last seen, current job, environment
 * drift events newest first), both read back with the decoders of
 * lib/rec.h, and an admin's acknowledgement of its open drift (POST /api/v1/runners/:id/drift/ack).
 * Names, CPU models and drift values come from the runners themselves:
 * cli_call cleans them and cmd_runners_text prints through cli_text_bad
 * too, so a hostile runner cannot drive the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cmd_runners.h"
#include "lib/rec.h"

#define CMD_RUNNERS_PATH 80          /* bytes of an API path with an id */

/*
 * Writes s (NULL: "-") to f as plain text, each sequence cli_text_bad
 * names as '?', then spaces up to width characters (0: none).
 */
static void cmd_runners_text(FILE *f, const char *s, size_t width)
{
	const char *p = s ? s : "-";
	size_t chars = 0;

	while (*p) {
		size_t bad = cli_text_bad(p);

		fputc(bad ? '?' : *p, f);
		if (bad || (*p & 0xc0) != 0x80)
			chars++;
		p += bad ? bad : 1;
	}
	for (; chars < width; chars++)
		fputc(' ', f);
}

/* The runner id in argv[1] (cli_id); 0 after a usage sentence. */
static long long cmd_runners_id(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: kpci %s ID  (ID: a runner id, see kpci runners)\n",
			argv[0]);
		return 0;
	}
	return cli_id(argv[0], "runner", argv[1]);
}

/* Prints the n CPU numbers cpus as ranges ("0-3,8"). */
static void cmd_runners_cpus(const long long *cpus, size_t n)
{
	size_t i = 0;
	int first_range = 1;

	if (!n)
		fputs("-", stdout);
	while (i < n) {
		long long first = cpus[i], last = first;

		while (i + 1 < n && cpus[i + 1] == last + 1)
			last++, i++;
		if (first == last)
			printf("%s%lld", first_range ? "" : ",", first);
		else
			printf("%s%lld-%lld", first_range ? "" : ",", first, last);
		first_range = 0;
		i++;
	}
}

/* One labelled line with a runner-supplied value. */
static void cmd_runners_line(const char *label, const char *value)
{
	printf("%-13s", label);
	cmd_runners_text(stdout, value, 0);
	putchar('\n');
}

/* The topology, state and last contact of runner r. */
static void cmd_runners_head(const struct rec_runner *r)
{
	char seen[32];

	printf("runner %lld: ", r->id);
	cmd_runners_text(stdout, r->name, 0);
	putchar('\n');
	cmd_runners_line("class:", r->runner_class);
	cmd_runners_line("cpu model:", r->cpu_model);
	printf("%-13s%lld node%s, %lld cpu%s\n", "numa:", r->numa_nodes,
	       r->numa_nodes == 1 ? "" : "s", r->cpus, r->cpus == 1 ? "" : "s");
	for (size_t i = 0; i < r->nnodes; i++) {
		printf("%-13snode %lld: cpus ", "", r->nodes[i].id);
		cmd_runners_cpus(r->nodes[i].cpus, r->nodes[i].ncpus);
		putchar('\n');
	}
	cmd_runners_line("kernel:", r->kernel_release);
	cli_fmt_time(seen, sizeof seen, r->last_seen);
	printf("%-13s%s%s\n", "last seen:", seen, r->last_seen ? " UTC" : "");
	if (r->current_job)
		printf("%-13s%lld\n", "current job:", r->current_job);
	else
		printf("%-13snone\n", "current job:");
	printf("%-13s%lld\n", "drift open:", r->drift_open);
}

/* The drift events of r as a table, newest first as kpcid sends them. */
static void cmd_runners_drift(const struct rec_runner *r)
{
	char when[32];

	if (!r->ndrift) {
		printf("no drift events\n");
		return;
	}
	printf("\n%-6s %-6s %-12s %-20s %-6s %-28s %s\n", "DRIFT", "BOOT", "FIELD",
	       "DETECTED (UTC)", "JOB", "ACKNOWLEDGED", "OLD -> NEW");
	for (size_t i = 0; i < r->ndrift; i++) {
		const struct rec_drift *d = &r->drift[i];

		printf("%-6lld ", d->id);
		cmd_runners_text(stdout, d->boot_method, 6);
		putchar(' ');
		cmd_runners_text(stdout, d->field, 12);
		cli_fmt_time(when, sizeof when, d->detected_at);
		printf(" %-20s ", when);
		if (d->job_id)
			printf("%-6lld ", d->job_id);
		else
			printf("%-6s ", "-");
		if (!d->acked_at) {
			printf("%-28s ", "no");
		} else {
			/* "YYYY-MM-DD HH:MM:SS by NAME", NAME padded to the column */
			cli_fmt_time(when, sizeof when, d->acked_at);
			printf("%s by ", when);
			cmd_runners_text(stdout, d->acked_by, 5);
			putchar(' ');
		}
		cmd_runners_text(stdout, d->old_value ? d->old_value : "(none)", 0);
		fputs(" -> ", stdout);
		cmd_runners_text(stdout, d->new_value ? d->new_value : "(none)", 0);
		putchar('\n');
	}
}

int cmd_runners(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "limit", "offset", NULL };
	struct rec_runners l;
	char seen[32], *cause = NULL;
	int usage;
	json_t *a;

	a = cli_get(cli, "/api/v1/runners", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_runners_decode(&l, json_object_get(a, "runners"), &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-4s %-20s %-16s %5s %5s  %-20s %s\n", "ID", "NAME", "CLASS", "NODES", "CPUS",
	       "LAST SEEN (UTC)", "KERNEL");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_runner *r = &l.v[i];

		cli_fmt_time(seen, sizeof seen, r->last_seen);
		printf("%-4lld %-20s %-16s %5lld %5lld  %-20s %s\n", r->id, r->name,
		       r->runner_class, r->numa_nodes, r->cpus, seen,
		       r->kernel_release ? r->kernel_release : "-");
	}
	rec_runners_dispose(&l);
	return 0;
}

int cmd_runner(struct cli *cli, int argc, char **argv)
{
	long long id = cmd_runners_id(argc, argv);
	char path[CMD_RUNNERS_PATH], *cause = NULL;
	struct rec_runner r;
	json_t *j;

	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/runners/%lld", id);
	j = cli_call(cli, "GET", path, NULL, NULL);
	if (!j)
		return 1;
	if (cli->json)
		return cli_print_json(j), json_decref(j), 0;
	if (rec_runner_decode(&r, j, "", &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(j);
		return 1;
	}
	json_decref(j);
	cmd_runners_head(&r);
	cmd_runners_drift(&r);
	rec_runner_dispose(&r);
	return 0;
}

int cmd_drift_ack(struct cli *cli, int argc, char **argv)
{
	long long id = cmd_runners_id(argc, argv), acked;
	char path[CMD_RUNNERS_PATH];
	json_t *body, *a;

	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/runners/%lld/drift/ack", id);
	body = json_object();
	if (!body) {
		fprintf(stderr, "kpci %s: out of memory\n", argv[0]);
		return 1;
	}
	a = cli_call(cli, "POST", path, body, NULL);
	json_decref(body);
	if (!a)
		return 1;
	if (cli->json) {
		cli_print_json(a);
	} else {
		acked = cli_jint(a, "acknowledged");
		printf("runner %lld: %lld drift event%s acknowledged\n", id, acked,
		       acked == 1 ? "" : "s");
	}
	json_decref(a);
	return 0;
}
