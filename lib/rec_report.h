/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_report.h - the report records (lib/rec.h's rules): a report kpcid
 * made about a change group, its deliveries (one per recipient and
 * webhook), as GET /api/v1/reports[/ID], the /reports pages, the reports
 * of a change's page, `kpci reports` and `kpci report` read them, and the
 * alerter reads the deliveries it sends (db/db_reports.c fills them).
 */
#ifndef KPCI_REC_REPORT_H
#define KPCI_REC_REPORT_H

#include "lib/rec.h"

/* One delivery of a report: to one mail recipient or one webhook.  The
 * alerter's queries (db_deliveries_due, db_report_recipients,
 * db_digest_due) fill the fields they select and leave the others empty. */
struct rec_delivery {
	long long id;
	long long report_id;        /* not encoded: the report holds its deliveries */
	char *channel;              /* mail, webhook */
	char *recipient;            /* an address, or a webhook's name */
	char *name;
	char *role;                 /* author, maintainer, ..., slack, generic */
	char *why;
	char *sent_to;              /* the envelope address; NULL: not known yet */
	char *state;                /* pending, sending, sent, failed, digest, dry-run, ... */
	long long attempts;
	long long next_at;
	char *last_error;           /* NULL: none */
	long long sent_at;          /* 0: not sent */
	long long in_digest;        /* 1: went out in a daily digest */
};

struct rec_deliveries {
	struct rec_delivery *v;
	size_t n;
};

/* A report (GET /api/v1/reports[/ID]). */
struct rec_report {
	long long id;
	long long group_id;
	char *group_key;
	long long change_id;        /* the change of its subject line */
	char *kind;                 /* merge, culprit, followup */
	char *commit_sha;
	long long bisection_id;     /* the bisection of its culprit; 0: none */
	char *tree;                 /* NULL: not known */
	char *branch;               /* NULL: not known */
	char *direction;            /* regression, improvement */
	char *subject;
	char *message_id;
	long long held;             /* 1: an admin holds it back */
	char *held_by;              /* NULL: not held */
	long long created_at;
	long long reply_to;         /* a follow-up: the report it follows; else 0 */
	long long withdrawn_at;     /* 0: not withdrawn */
	char *withdrawn_reason;     /* NULL: not withdrawn */
	long long deliveries;       /* its deliveries */
	long long delivered;        /* of them sent (or written, dry-run) */
	long long failed;
	/* The detail (db_report_get) also has these; a list row has detail 0. */
	int detail;
	char *body;
	/* The generic webhook document the alerter made (alert_webhook_doc),
	 * stored as sent: a pass-through blob, the webhook's own format; the
	 * alerter adds the report's id and link when it sends it, or makes it
	 * over into Slack's form (alert_slack_doc). */
	json_t *webhook;
	struct rec_deliveries recipients;   /* "recipients": the deliveries, oldest first */
	long long *changes;         /* its changes' ids, ascending */
	size_t nchanges;
};

struct rec_reports {
	struct rec_report *v;
	size_t n;
};

/* As rec_runner_encode and its kin (lib/rec.h). */
json_t *rec_delivery_encode(const struct rec_delivery *d);
int rec_delivery_decode(struct rec_delivery *out, const json_t *j, const char *where,
			char **cause);
void rec_delivery_dispose(struct rec_delivery *d);
json_t *rec_deliveries_encode(const struct rec_deliveries *l);
int rec_deliveries_decode(struct rec_deliveries *out, const json_t *arr, char **cause);
void rec_deliveries_dispose(struct rec_deliveries *l);

json_t *rec_report_encode(const struct rec_report *r);
int rec_report_decode(struct rec_report *out, const json_t *j, const char *where,
		      char **cause);
void rec_report_dispose(struct rec_report *r);
json_t *rec_reports_encode(const struct rec_reports *l);
int rec_reports_decode(struct rec_reports *out, const json_t *arr, char **cause);
void rec_reports_dispose(struct rec_reports *l);

#endif
