// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_reports.c - `kpci reports`, `report`, `report-resend`, `report-hold`:
 * the reports kpcid sent and their delivery per recipient.  Text from
 * commits is printed with cli_text_bad's sequences as '?' (cli_call does
 * that for every string of an answer in text mode).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_reports.h"

int cmd_reports(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "change", "limit", "offset", NULL };
	json_t *a, *r;
	size_t i;
	int usage;
	char when[32];

	a = cli_get(cli, "/api/v1/reports", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	printf("%-5s %-20s %-8s %-9s %4s %s\n", "ID", "CREATED (UTC)", "KIND", "DELIVERED",
	       "HELD", "SUBJECT");
	json_array_foreach(json_object_get(a, "reports"), i, r) {
		char got[32];

		cli_fmt_time(when, sizeof when, cli_jint(r, "created_at"));
		snprintf(got, sizeof got, "%lld/%lld", cli_jint(r, "delivered"),
			 cli_jint(r, "deliveries"));
		printf("%-5lld %-20s %-8s %-9s %4s %s\n", cli_jint(r, "id"), when, cli_jstr(r, "kind"),
		       got, cli_jint(r, "held") ? "yes" : "", cli_jstr(r, "subject"));
	}
	json_decref(a);
	return 0;
}

int cmd_report(struct cli *cli, int argc, char **argv)
{
	char path[64], when[32], *body;
	long long id;
	json_t *r, *d;
	size_t i;

	if (argc != 2) {
		fprintf(stderr, "usage: kpci report ID\n");
		return 2;
	}
	if (!(id = cli_id("report", "report", argv[1])))
		return 2;
	snprintf(path, sizeof path, "/api/v1/reports/%lld", id);
	{
		/* the body's line breaks are kept: it is printed line by line below */
		int json = cli->json;

		cli->json = 1;
		r = cli_call(cli, "GET", path, NULL, NULL);
		cli->json = json;
	}
	if (!r)
		return 1;
	if (cli->json)
		return cli_print_json(r), json_decref(r), 0;
	body = strdup(cli_jstr(r, "body"));
	json_decref(r);
	if (!(r = cli_call(cli, "GET", path, NULL, NULL))) {
		free(body);
		return 1;
	}
	printf("report %lld (%s %s, change %lld)%s\nSubject: %s\n\n", id, cli_jstr(r, "kind"),
	       cli_jstr(r, "commit_sha"), cli_jint(r, "change_id"),
	       cli_jint(r, "held") ? " HELD" : "", cli_jstr(r, "subject"));
	printf("%-8s %-40s %-10s %-8s %3s %-20s %s\n", "CHANNEL", "RECIPIENT", "ROLE", "STATE",
	       "TRY", "SENT (UTC)", "LAST ERROR");
	json_array_foreach(json_object_get(r, "recipients"), i, d) {
		cli_fmt_time(when, sizeof when, cli_jint(d, "sent_at"));
		printf("%-8s %-40s %-10s %-8s %3lld %-20s %s\n", cli_jstr(d, "channel"),
		       cli_jstr(d, "recipient"), cli_jstr(d, "role"), cli_jstr(d, "state"),
		       cli_jint(d, "attempts"), when, json_is_string(json_object_get(d, "last_error")) ?
		       cli_jstr(d, "last_error") : "");
	}
	putchar('\n');
	/* each line of the text with what could drive a terminal as '?' */
	for (char *line = body, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		for (const char *p = line; *p;) {
			size_t bad = cli_text_bad(p);

			putchar(bad ? '?' : *p);
			p += bad ? bad : 1;
		}
		putchar('\n');
	}
	free(body);
	json_decref(r);
	return 0;
}

int cmd_report_resend(struct cli *cli, int argc, char **argv)
{
	json_t *body = json_object(), *a;
	char path[64];
	long long id;

	if (!(argc == 2 || (argc == 4 && !strcmp(argv[2], "--to")))) {
		fprintf(stderr, "usage: kpci report-resend ID [--to ADDRESS]\n");
		json_decref(body);
		return 2;
	}
	if (!(id = cli_id("report-resend", "report", argv[1]))) {
		json_decref(body);
		return 2;
	}
	if (argc == 4)
		json_object_set_new(body, "recipient", json_string(argv[3]));
	snprintf(path, sizeof path, "/api/v1/reports/%lld/resend", id);
	a = cli_call(cli, "POST", path, body, NULL);
	json_decref(body);
	if (!a)
		return 1;
	if (cli->json)
		cli_print_json(a);
	else
		printf("report %lld: %lld deliveries go out again\n", id, cli_jint(a, "requeued"));
	json_decref(a);
	return 0;
}

int cmd_report_hold(struct cli *cli, int argc, char **argv)
{
	int release = argc == 3 && !strcmp(argv[2], "--release");
	json_t *body, *a;
	char path[64];
	long long id;

	if (argc != 2 && !release) {
		fprintf(stderr, "usage: kpci report-hold ID [--release]\n");
		return 2;
	}
	if (!(id = cli_id("report-hold", "report", argv[1])))
		return 2;
	body = json_pack("{s:b}", "hold", !release);
	snprintf(path, sizeof path, "/api/v1/reports/%lld/hold", id);
	a = cli_call(cli, "POST", path, body, NULL);
	json_decref(body);
	if (!a)
		return 1;
	if (cli->json)
		cli_print_json(a);
	else
		printf("report %lld %s\n", id, release ? "released" : "held");
	json_decref(a);
	return 0;
}
