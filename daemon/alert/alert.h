/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * alert.h - kpcid's alerter: a thread that turns change groups into
 * reports (one per group and commit: the merge the group points at, then
 * the culprit once a bisection row says 'done'), works out who gets them
 * (lib/recipients.h, read from the tree's mirror at that commit), stores
 * them with one delivery row per recipient (db/db_reports.c), and sends
 * what is due by SMTP and webhook (lib/deliver.h), with retries, a rate
 * limit per address, a daily digest, a staging allow-list and a dry-run
 * directory.  Bisection only writes its row; the alerter finds it.
 * docs/reports.md.
 */
#ifndef KPCI_DAEMON_ALERT_H
#define KPCI_DAEMON_ALERT_H

#include <jansson.h>

#include "lib/buf.h"
#include "lib/gitrepo.h"
#include "lib/rec.h"
#include "lib/rec_bisect.h"
#include "lib/recipients.h"

#define ALERT_TICK_MS 1000          /* how often the thread looks for work */
#define ALERT_MAX_WEBHOOKS 16       /* lines of the webhooks file */
#define ALERT_BATCH 50              /* groups or deliveries one pass takes */

struct kpcid;
struct config;
struct db_report_group;
struct rec_changes;

/* Checks the [alert] keys that span values (addresses, URLs, files);
 * -1 with one sentence in *cause (malloc'd). */
int alert_config_check(const struct config *c, char **cause);
/* Starts the thread when [alert] enabled (a no-op otherwise); -1 with *cause. */
int alert_start(struct kpcid *k, char **cause);
/* Wakes the thread (an admin re-sent or released a report). */
void alert_poke(void);
/* Stops the thread after the transfer in flight; a no-op when not started. */
void alert_stop(struct kpcid *k);

/* What a report is composed from (daemon/alert/alert_text.c). */
struct alert_report {
	const char *kind;               /* "merge" or "culprit" */
	const char *tree, *branch, *tree_url;
	const struct gitrepo_commit *commit;
	const struct recip_source *src;  /* a merge's commits, or NULL */
	const struct db_report_group *group;    /* its changes, the headline first (one at least) */
	const struct rec_bisection *bisection;  /* db_bisection_full, or NULL */
	const char *base_url, *reported_by;
	int closes;
};

/* "[kpci] [tree:branch] [subsystem] sha: suite.metric N% direction" */
void alert_subject(struct buf *b, const struct alert_report *r);
/* The plain-text body (LKP's layout). */
void alert_body(struct buf *b, const struct alert_report *r);
/* The LKP table: base ± %stddev, %change, head ± %stddev, one row per
 * change of the group (kept apart so that it can show another verdict);
 * changes NULL: its head alone. */
void alert_changes_table(struct buf *b, const struct rec_changes *changes, const char *good,
			 const char *bad);
/* alert_changes_table of encoded changes (rec_changes_encode), as the
 * change summary below holds its group; NULL or not changes: the head. */
void alert_table(struct buf *b, const json_t *changes, const char *good, const char *bad);
/* A change's title: "wq/metric-07 \u22128.0% regression at Merge tag
 * 'wq-for-6.13' of ..." (the subject of its first bad commit, or "in one
 * of N merges").  c: the change of GET /api/v1/changes/:id with its place. */
void alert_change_title(struct buf *b, const struct rec_change *c);
/* The plain-text summary of change c (with its place and group) that a
 * maintainer pastes into a mail: the title, tree, branch, runner class,
 * first bad and last good commits, the candidate merges (those never
 * measured said so), the window, the verdict, the state, the LKP table of
 * its group and a link under base_url. */
void alert_change_summary(struct buf *b, const struct rec_change *c, const char *base_url);
/* The generic webhook document (caller owns). */
json_t *alert_webhook_doc(const struct alert_report *r, const char *subject, const char *body);
/* The Slack-compatible document of a generic one (caller owns). */
json_t *alert_slack_doc(const json_t *doc, long long report_id, const char *base_url);

#endif
