// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpci.c - the command-line client of kpcid's JSON API, and offline tools.
 *
 *   kpci [--server URL] [--token T] [--json] COMMAND [ARGS]
 * The server and token default to $KPCI_SERVER and $KPCI_TOKEN.  Each
 * command is a row of the table below; output is a plain table, or the
 * API's JSON with --json.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cli/cmd_bisect.h"
#include "cli/cmd_builds.h"
#include "cli/cmd_changes.h"
#include "cli/cmd_compare.h"
#include "cli/cmd_detect.h"
#include "cli/cmd_jobs.h"
#include "cli/cmd_maintainers.h"
#include "cli/cmd_reports.h"
#include "cli/cmd_runners.h"
#include "cli/cmd_trees.h"
#include "cli/cli.h"
#include "lib/buf.h"
#include "lib/rec_lists.h"

#define KPCI_DEFAULT_SERVER "http://127.0.0.1:8080"

struct cli_cmd {
	const char *name;
	const char *usage;
	int needs_server;
	int (*run)(struct cli *cli, int argc, char **argv);
};

static int cmd_status(struct cli *cli, int argc, char **argv)
{
	json_t *h = cli_call(cli, "GET", "/api/v1/health", NULL, NULL), *s;
	struct rec_status st;
	char *cause = NULL;

	if (!h)
		return 1;
	s = cli_call(cli, "GET", "/api/v1/status", NULL, NULL);
	if (!s) {
		json_decref(h);
		return 1;
	}
	if (cli->json) {
		json_object_set(s, "health", h);
		cli_print_json(s);
	} else if (rec_status_decode(&st, s, &cause) < 0) {
		fprintf(stderr, "kpci status: kpcid's answer: %s\n", cause);
		free(cause);
		json_decref(h);
		json_decref(s);
		return 1;
	} else {
		printf("server:   %s (kpcid %s, database %s)\n", cli->client.base,
		       cli_jstr(h, "version"), cli_jstr(h, "db"));
		printf("runners:  %lld\nsamples:  %lld\njobs:    ", st.runners, st.samples);
		if (!st.njobs)
			printf(" none");
		for (size_t i = 0; i < st.njobs; i++)
			printf(" %s %lld", st.jobs[i].state, st.jobs[i].n);
		printf("\n");
		rec_status_dispose(&st);
	}
	json_decref(h);
	json_decref(s);
	return 0;
}

static int cmd_submit(struct cli *cli, int argc, char **argv)
{
	static const struct { const char *flag, *key; int is_int; } fields[] = {
		{ "--suite", "suite", 0 }, { "--boot", "boot", 0 },
		{ "--class", "runner_class", 0 }, { "--iterations", "iterations", 1 },
		{ "--warmup", "warmup", 1 }, { "--priority", "priority", 1 },
		{ "--tree", "tree", 0 }, { "--commit", "commit", 0 }, { "--config", "config", 0 },
	};
	json_t *body = json_object(), *answer;
	int rc = 2;

	json_object_set_new(body, "kind", json_string("bench"));
	for (int i = 1; i < argc; i++) {
		size_t f;

		for (f = 0; f < sizeof fields / sizeof fields[0]; f++)
			if (!strcmp(argv[i], fields[f].flag))
				break;
		if (f == sizeof fields / sizeof fields[0] || i + 1 >= argc) {
			fprintf(stderr, "kpci: submit: %s '%s'\n", i + 1 >= argc &&
				f < sizeof fields / sizeof fields[0] ? "missing value after" :
				"unexpected argument", argv[i]);
			goto out;
		}
		if (fields[f].is_int) {
			char *end;
			long long v = strtoll(argv[i + 1], &end, 10);

			if (!*argv[i + 1] || *end) {
				fprintf(stderr, "kpci: submit: %s '%s' is not an integer\n",
					argv[i], argv[i + 1]);
				goto out;
			}
			json_object_set_new(body, fields[f].key, json_integer(v));
		} else {
			json_object_set_new(body, fields[f].key, json_string(argv[i + 1]));
		}
		i++;
	}
	if (!json_object_get(body, "suite"))
		json_object_set_new(body, "suite", json_string("kbench"));
	answer = cli_call(cli, "POST", "/api/v1/jobs", body, NULL);
	rc = answer ? 0 : 1;
	if (answer && cli->json)
		cli_print_json(answer);
	else if (answer && json_object_get(answer, "request_id"))
		printf("commit %.12s waits for build %lld (request %lld)\n",
		       cli_jstr(answer, "commit"), cli_jint(answer, "build_id"),
		       cli_jint(answer, "request_id"));
	else if (answer)
		rc = cmd_job_queued(answer);
	json_decref(answer);
out:
	json_decref(body);
	return rc;
}

static int cmd_samples(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "job", "metric", "limit", "offset", "before", NULL };
	struct rec_samples l;
	char *cause = NULL;
	int usage;
	json_t *a;

	a = cli_get(cli, "/api/v1/samples", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_samples_decode(&l, json_object_get(a, "samples"), &cause) < 0) {
		fprintf(stderr, "kpci samples: kpcid's answer: %s\n", cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-5s %-8s %-18s %4s %14s %-7s %-16s %s\n", "JOB", "SUITE", "METRIC", "ITER",
	       "VALUE", "UNIT", "RUNNER", "KERNEL");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_sample *s = &l.v[i];

		printf("%-5lld %-8s %-18s %4lld %14.3f %-7s %-16s %s\n", s->job_id, s->suite,
		       s->metric, s->iteration, s->value, s->unit, s->runner ? s->runner : "-",
		       s->kernel_release ? s->kernel_release : "-");
	}
	rec_samples_dispose(&l);
	return 0;
}

/* Offline: change points of a series in a file (cli/cmd_detect.c). */
static int cmd_detect_offline(struct cli *cli, int argc, char **argv)
{
	return cmd_detect(argc, argv);
}

/* Offline: who a report would go to (cli/cmd_maintainers.c). */
static int cmd_maintainers_offline(struct cli *cli, int argc, char **argv)
{
	return cmd_maintainers(argc, argv);
}

/* Offline: two sample sets side by side (cli/cmd_compare.c). */
static int cmd_compare_offline(struct cli *cli, int argc, char **argv)
{
	return cmd_compare(argc, argv);
}

static const struct cli_cmd cli_cmds[] = {
	{ "status", "status", 1, cmd_status },
	{ "runners", "runners [--limit N] [--offset N]", 1, cmd_runners },
	{ "runner", "runner ID  (one runner, its environment drift newest first)", 1, cmd_runner },
	{ "drift-ack", "drift-ack ID  (admin: acknowledge the runner's open drift)", 1,
	  cmd_drift_ack },
	{ "jobs", "jobs [--state queued|running|done|failed] [--limit N] [--offset N] [--before ID]", 1,
	  cmd_jobs },
	{ "submit", "submit [--suite kbench] [--iterations N] [--warmup N] [--boot host] "
	  "[--class C] [--priority P] [--tree T --commit C [--config F]]", 1, cmd_submit },
	{ "samples", "samples [--job ID] [--metric NAME] [--limit N] [--offset N] [--before ID]", 1,
	  cmd_samples },
	{ "detect", "detect [--method default|otava] [--window N] [--max-pvalue P] "
	  "[--min-magnitude M] FILE", 0, cmd_detect_offline },
	{ "compare", "compare [--alpha Q] [--json] BASE HEAD", 0, cmd_compare_offline },
	{ "changes", "changes [--state S] [--direction regression|improvement] [--metric M] "
	  "[--runner_class C] [--series ID] [--group ID] [--noisy 0|1] [--limit N] [--offset N]",
	  1, cmd_changes },
	{ "builds", "builds [--state queued|building|ok|failed|timeout] [--limit N] [--offset N]",
	  1, cmd_builds },
	{ "build", "build ID", 1, cmd_build },
	{ "build-log", "build-log ID", 1, cmd_build_log },
	{ "artifact", "artifact SHA256 FILE  (download, verified)", 1, cmd_artifact },
	{ "change", "change ID", 1, cmd_change },
	{ "triage", "triage ID new|confirmed|bisecting|culprit-found|fixed|invalid|wontfix "
	  "[--note TEXT]", 1, cmd_triage },
	{ "compare-jobs", "compare-jobs BASE HEAD [--runner_class C] [--alpha Q]  (job ids, "
	  "commit ids, tags or branches, from kpcid)", 1, cmd_compare_jobs },
	{ "noise", "noise [--runner_class C]", 1, cmd_noise },
	{ "trees", "trees", 1, cmd_trees },
	{ "commits", "commits TREE [--branch B] [--window vX.Y] [--limit N] [--offset N]", 1,
	  cmd_commits },
	{ "windows", "windows TREE [--branch B]", 1, cmd_windows },
	{ "merges", "merges TREE vX.Y [--branch B]", 1, cmd_merges },
	{ "poll", "poll TREE", 1, cmd_poll },
	{ "reports", "reports [--change ID] [--limit N] [--offset N]", 1, cmd_reports },
	{ "report", "report ID  (its text and its delivery per recipient)", 1, cmd_report },
	{ "report-resend", "report-resend ID [--to ADDRESS]  (admin)", 1, cmd_report_resend },
	{ "report-hold", "report-hold ID [--release]  (admin)", 1, cmd_report_hold },
	{ "maintainers", "maintainers -C DIR [--rev REV] [FILE...]  (offline: who a report on "
	  "these files, or on commit REV, goes to)", 0, cmd_maintainers_offline },
	{ "bisect", "bisect CHANGE [--revert]  (admin: find the commit that made the change)", 1,
	  cmd_bisect },
	{ "bisections", "bisections [--state running|done|failed|cancelled] [--change ID] "
	  "[--limit N] [--offset N]", 1, cmd_bisections },
	{ "bisection", "bisection ID  (where it stands or what it found, and its probes)", 1,
	  cmd_bisection },
	{ "bisect-cancel", "bisect-cancel ID  (admin)", 1, cmd_bisect_cancel },
	{ NULL },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: kpci [--server URL] [--token TOKEN] [--json] COMMAND [ARGS]\n"
		"commands:\n");
	for (const struct cli_cmd *c = cli_cmds; c->name; c++)
		fprintf(f, "  kpci %s\n", c->usage);
	fprintf(f, "server and token default to $KPCI_SERVER (else %s) and $KPCI_TOKEN\n",
		KPCI_DEFAULT_SERVER);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "server", required_argument, NULL, 's' },
		{ "token", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *server = getenv("KPCI_SERVER"), *token = getenv("KPCI_TOKEN");
	struct cli cli = { .json = 0 };
	const struct cli_cmd *cmd;
	char *cause = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 's': server = optarg; break;
		case 't': token = optarg; break;
		case 'j': cli.json = 1; break;
		case 'V': printf("kpci %s\n", KPCI_VERSION); return 0;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	for (cmd = cli_cmds; cmd->name; cmd++)
		if (!strcmp(cmd->name, argv[optind]))
			break;
	if (!cmd->name) {
		fprintf(stderr, "kpci: unknown command '%s' (see kpci --help)\n", argv[optind]);
		return 2;
	}
	if (cmd->needs_server &&
	    client_init(&cli.client, server && *server ? server : KPCI_DEFAULT_SERVER,
			token, &cause) < 0) {
		fprintf(stderr, "kpci: %s\n", cause ? cause : "bad server");
		free(cause);
		return 2;
	}
	rc = cmd->run(&cli, argc - optind, argv + optind);
	if (cmd->needs_server)
		client_dispose(&cli.client);
	return rc;
}
