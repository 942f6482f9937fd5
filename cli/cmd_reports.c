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
#include "lib/rec_report.h"

/* A string field as the commands print it: "-" for none. */
static const char *cmd_reports_str(const char *s)
{
	return s ? s : "-";
}

int cmd_reports(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "change", "limit", "offset", NULL };
	struct rec_reports l;
	char *cause = NULL;
	json_t *a;
	int usage;
	char when[32];

	a = cli_get(cli, "/api/v1/reports", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_reports_decode(&l, json_object_get(a, "reports"), &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-5s %-20s %-8s %-9s %4s %s\n", "ID", "CREATED (UTC)", "KIND", "DELIVERED",
	       "HELD", "SUBJECT");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_report *r = &l.v[i];
		char got[32];

		cli_fmt_time(when, sizeof when, r->created_at);
		snprintf(got, sizeof got, "%lld/%lld", r->delivered, r->deliveries);
		printf("%-5lld %-20s %-8s %-9s %4s %s\n", r->id, when, cmd_reports_str(r->kind), got,
		       r->held ? "yes" : "", cmd_reports_str(r->subject));
	}
	rec_reports_dispose(&l);
	return 0;
}

/* Report id as the API answers it, decoded; text as cli_call makes it
 * (json 0: what could drive a terminal as '?'), or as sent (json 1).
 * 0, or 1 (said on stderr). */
static int cmd_report_read(struct cli *cli, struct rec_report *r, const char *path, int json)
{
	int was = cli->json;
	char *cause = NULL;
	json_t *j;

	cli->json = json;
	j = cli_call(cli, "GET", path, NULL, NULL);
	cli->json = was;
	if (!j)
		return 1;
	if (rec_report_decode(r, j, "", &cause) < 0) {
		fprintf(stderr, "kpci report: kpcid's answer: %s\n", cause);
		free(cause);
		json_decref(j);
		return 1;
	}
	json_decref(j);
	return 0;
}

int cmd_report(struct cli *cli, int argc, char **argv)
{
	struct rec_report raw, r;
	char path[64], when[32];
	long long id;

	if (argc != 2) {
		fprintf(stderr, "usage: kpci report ID\n");
		return 2;
	}
	if (!(id = cli_id("report", "report", argv[1])))
		return 2;
	snprintf(path, sizeof path, "/api/v1/reports/%lld", id);
	if (cli->json) {
		json_t *j = cli_call(cli, "GET", path, NULL, NULL);

		if (!j)
			return 1;
		return cli_print_json(j), json_decref(j), 0;
	}
	/* the body's line breaks are kept: it is printed line by line below */
	if (cmd_report_read(cli, &raw, path, 1))
		return 1;
	if (cmd_report_read(cli, &r, path, 0)) {
		rec_report_dispose(&raw);
		return 1;
	}
	printf("report %lld (%s %s, change %lld)%s\nSubject: %s\n\n", id,
	       cmd_reports_str(r.kind), cmd_reports_str(r.commit_sha), r.change_id,
	       r.held ? " HELD" : "", cmd_reports_str(r.subject));
	printf("%-8s %-40s %-10s %-8s %3s %-20s %s\n", "CHANNEL", "RECIPIENT", "ROLE", "STATE",
	       "TRY", "SENT (UTC)", "LAST ERROR");
	for (size_t i = 0; i < r.recipients.n; i++) {
		const struct rec_delivery *d = &r.recipients.v[i];

		cli_fmt_time(when, sizeof when, d->sent_at);
		printf("%-8s %-40s %-10s %-8s %3lld %-20s %s\n", cmd_reports_str(d->channel),
		       cmd_reports_str(d->recipient), cmd_reports_str(d->role),
		       cmd_reports_str(d->state), d->attempts, when,
		       d->last_error ? d->last_error : "");
	}
	putchar('\n');
	/* each line of the text with what could drive a terminal as '?' */
	for (char *line = raw.body, *next; line && *line; line = next) {
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
	rec_report_dispose(&raw);
	rec_report_dispose(&r);
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
