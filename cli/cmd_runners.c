/*
 * cmd_runners.c - kpci runner ID | drift-ack ID: one runner as
 * GET /api/v1/runners/:id answers it (topology, kernel, last seen, current
 * job, environment drift events newest first), and an admin's
 * acknowledgement of its open drift (POST /api/v1/runners/:id/drift/ack).
 * Names, CPU models and drift values come from the runners themselves:
 * cli_call cleans them and cmd_runners_text prints through cli_text_bad
 * too, so a hostile runner cannot drive the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cmd_runners.h"

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

/* Prints a JSON array of CPU numbers as ranges ("0-3,8"). */
static void cmd_runners_cpus(const json_t *cpus)
{
	size_t i = 0, n = json_array_size(cpus);
	int first_range = 1;

	if (!n)
		fputs("-", stdout);
	while (i < n) {
		long long first = json_integer_value(json_array_get(cpus, i)), last = first;

		while (i + 1 < n && json_integer_value(json_array_get(cpus, i + 1)) == last + 1)
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
static void cmd_runners_head(const json_t *r)
{
	const json_t *nodes = json_object_get(json_object_get(r, "topology"), "nodes"), *node;
	const json_t *job = json_object_get(r, "current_job");
	char seen[32];
	size_t i;

	printf("runner %lld: ", cli_jint(r, "id"));
	cmd_runners_text(stdout, cli_jstr(r, "name"), 0);
	putchar('\n');
	cmd_runners_line("class:", cli_jstr(r, "runner_class"));
	cmd_runners_line("cpu model:", cli_jstr(r, "cpu_model"));
	printf("%-13s%lld node%s, %lld cpu%s\n", "numa:", cli_jint(r, "numa_nodes"),
	       cli_jint(r, "numa_nodes") == 1 ? "" : "s", cli_jint(r, "cpus"),
	       cli_jint(r, "cpus") == 1 ? "" : "s");
	json_array_foreach(nodes, i, node) {
		printf("%-13snode %lld: cpus ", "", cli_jint(node, "id"));
		cmd_runners_cpus(json_object_get(node, "cpus"));
		putchar('\n');
	}
	cmd_runners_line("kernel:", cli_jstr(r, "kernel_release"));
	cli_fmt_time(seen, sizeof seen, cli_jint(r, "last_seen"));
	printf("%-13s%s%s\n", "last seen:", seen, cli_jint(r, "last_seen") ? " UTC" : "");
	if (json_is_integer(job))
		printf("%-13s%lld\n", "current job:", (long long)json_integer_value(job));
	else
		printf("%-13snone\n", "current job:");
	printf("%-13s%lld\n", "drift open:", cli_jint(r, "drift_open"));
}

/* The drift events of r as a table, newest first as kpcid sends them. */
static void cmd_runners_drift(const json_t *r)
{
	const json_t *drift = json_object_get(r, "drift"), *d;
	char when[32];
	size_t i;

	if (!json_array_size(drift)) {
		printf("no drift events\n");
		return;
	}
	printf("\n%-6s %-6s %-12s %-20s %-6s %-28s %s\n", "DRIFT", "BOOT", "FIELD",
	       "DETECTED (UTC)", "JOB", "ACKNOWLEDGED", "OLD -> NEW");
	json_array_foreach(drift, i, d) {
		const json_t *old_v = json_object_get(d, "old_value");
		const json_t *new_v = json_object_get(d, "new_value");

		printf("%-6lld ", cli_jint(d, "id"));
		cmd_runners_text(stdout, cli_jstr(d, "boot_method"), 6);
		putchar(' ');
		cmd_runners_text(stdout, cli_jstr(d, "field"), 12);
		cli_fmt_time(when, sizeof when, cli_jint(d, "detected_at"));
		printf(" %-20s ", when);
		if (json_is_integer(json_object_get(d, "job_id")))
			printf("%-6lld ", cli_jint(d, "job_id"));
		else
			printf("%-6s ", "-");
		if (!json_is_integer(json_object_get(d, "acked_at"))) {
			printf("%-28s ", "no");
		} else {
			/* "YYYY-MM-DD HH:MM:SS by NAME", NAME padded to the column */
			cli_fmt_time(when, sizeof when, cli_jint(d, "acked_at"));
			printf("%s by ", when);
			cmd_runners_text(stdout, cli_jstr(d, "acked_by"), 5);
			putchar(' ');
		}
		cmd_runners_text(stdout, json_is_string(old_v) ? json_string_value(old_v) : "(none)", 0);
		fputs(" -> ", stdout);
		cmd_runners_text(stdout, json_is_string(new_v) ? json_string_value(new_v) : "(none)", 0);
		putchar('\n');
	}
}

int cmd_runner(struct cli *cli, int argc, char **argv)
{
	long long id = cmd_runners_id(argc, argv);
	char path[CMD_RUNNERS_PATH];
	json_t *r;

	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/runners/%lld", id);
	r = cli_call(cli, "GET", path, NULL, NULL);
	if (!r)
		return 1;
	if (cli->json) {
		cli_print_json(r);
	} else {
		cmd_runners_head(r);
		cmd_runners_drift(r);
	}
	json_decref(r);
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
