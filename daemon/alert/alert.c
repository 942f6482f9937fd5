// SPDX-License-Identifier: GPL-2.0-only
/*
 * alert.c - the alerter's thread (daemon/alert/alert.h, docs/reports.md).
 *
 * Each tick: (1) change groups due a report become reports, each with
 * its recipients read from the tree's mirror at the commit (no
 * checkout) and one delivery row per recipient and webhook, stored in
 * one transaction whose UNIQUE key keeps a report from being made twice;
 * (2) reports whose changes were all withdrawn since are withdrawn: what
 * did not go out never does, and who got one gets a short follow-up in
 * the same thread; (3) due deliveries are sent, a row marked 'sending'
 * before its transfer so that a stop in between never sends it twice;
 * (4) at digest_hour, the day's digests.  The [alert] keys are copied at start
 * (none is reloadable), so the thread never reads the live configuration.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "daemon/alert/alert.h"
#include "daemon/alert/alert_internal.h"
#include "daemon/config.h"
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "db/db.h"
#include "lib/deliver.h"
#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/log.h"
#include "lib/mail.h"
#include "lib/maintainers.h"
#include "lib/proto.h"
#include "lib/sha256.h"

#define ALERT_RETRY_GROUP_S 300     /* a group whose commit cannot be read waits this long */
#define ALERT_DAY_S 86400

/* The alerter: one per kpcid, started by alert_start. */
static struct alert alert = { .lock = PTHREAD_MUTEX_INITIALIZER,
			      .wake = PTHREAD_COND_INITIALIZER };

static int alert_stopping(void);

/* ----- making reports -------------------------------------------------- */

static unsigned alert_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Whether the group failed lately (its commit could not be read). */
static int alert_failing(const char *key, long long now, int mark)
{
	unsigned h = alert_hash(key);
	size_t slot = h % ALERT_MAX_FAILED;

	if (mark) {
		alert.failed[slot].hash = h;
		alert.failed[slot].until = now + ALERT_RETRY_GROUP_S;
		return 1;
	}
	return alert.failed[slot].hash == h && alert.failed[slot].until > now;
}

/* The [tree] recipients of tree into l (role tree). */
static void alert_tree_recipients(struct recip_list *l, const char *tree)
{
	for (const struct config_tree *t = alert.cfg->trees; t; t = t->next) {
		char *words, *save = NULL;

		if (strcmp(t->name, tree) || !(words = strdup(t->recipients)))
			continue;
		for (char *w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
			recip_add(l, "", w, RECIP_TREE, "the tree's recipients");
		free(words);
	}
}

/* The deliveries of a report: one per mail recipient, one per webhook. */
static struct db_delivery_new *alert_deliveries(const struct recip_list *l, size_t *n,
						char names[][32])
{
	struct db_delivery_new *d = calloc(l->n + alert.nhooks + 1, sizeof *d);
	int mail = alert.cfg->alert_smtp_url[0] || alert.cfg->alert_dry_run_dir[0];
	size_t k = 0;

	if (!d)
		return NULL;
	for (size_t i = 0; mail && i < l->n; i++)
		d[k++] = (struct db_delivery_new){ "mail", l->v[i].address, l->v[i].name,
			recip_role_name(l->v[i].role), l->v[i].why, alert_sent_to(&alert, l->v[i].address),
			alert.cfg->alert_digest ? "digest" : "pending" };
	for (size_t i = 0; i < alert.nhooks; i++) {
		snprintf(names[i], 32, "webhook-%zu", i + 1);
		d[k++] = (struct db_delivery_new){ "webhook", names[i], "",
			alert.hooks[i].slack ? "slack" : "generic", "configured webhook", NULL,
			"pending" };
	}
	*n = k;
	return d;
}

/* Makes and stores the report of one due group (a db_reports_due row). */
static void alert_make(const struct rec_report *due, long long now)
{
	const char *key = due->group_key, *sha = due->commit_sha, *kind = due->kind;
	struct db_report_group g = { 0 };
	struct rec_bisection bis_row, *bis = NULL;
	json_t *doc = NULL;
	struct recip_list l = { 0 };
	struct recip_source src = { 0 };
	struct gitrepo *repo = NULL;
	struct db_delivery_new *d = NULL;
	struct buf subject, body;
	char *mirror = NULL, *cause = NULL, msgid[256], names[ALERT_MAX_WEBHOOKS][32], rnd[17];
	long long *ids = NULL, id, bid = due->bisection_id;
	const struct rec_change *head = NULL;
	size_t nd = 0, i;
	int rc;

	buf_init(&subject, 4096);
	buf_init(&body, 1 << 20);
	if (db_report_group(alert.db, &g, key) == DB_OK && g.changes.n)
		head = &g.changes.v[0];
	if (!head || !g.tree) {
		alert_failing(key, now, 1);
		goto out;
	}
	mirror = watch_mirror_path(alert.cfg->data_dir, g.tree);
	if (!mirror || gitrepo_open(&repo, mirror, &cause) < 0 ||
	    recip_for_commit(&l, &src, repo, sha, (size_t)alert.cfg->alert_max_brought,
			     &cause) < 0) {
		log_warn("alert: group %s: cannot read commit %.12s (retried in %d s): %s", key, sha,
			 ALERT_RETRY_GROUP_S, cause ? cause : "out of memory");
		alert_failing(key, now, 1);
		goto out;
	}
	if (src.maintainers_error)
		log_warn("alert: %.12s: no maintainers: %s", sha, src.maintainers_error);
	alert_tree_recipients(&l, g.tree);
	if (bid && db_bisection_full(alert.db, &bis_row, bid) == DB_OK)
		bis = &bis_row;
	{
		struct alert_report r = {
			kind, g.tree, g.branch, g.tree_url, src.commit,
			&src, &g, bis, alert.cfg->alert_base_url,
			alert.cfg->alert_reported_by[0] ? alert.cfg->alert_reported_by :
			alert.cfg->alert_from, alert.cfg->alert_closes,
		};

		alert_subject(&subject, &r);
		alert_body(&body, &r);
		doc = alert_webhook_doc(&r, buf_str(&subject), buf_str(&body));
	}
	ids = calloc(g.changes.n, sizeof *ids);
	d = alert_deliveries(&l, &nd, names);
	if (!ids || !d || !doc)
		goto out;
	for (i = 0; i < g.changes.n; i++)
		ids[i] = g.changes.v[i].id;
	{
		unsigned char rb[8] = { 0 };

		sha256_random(rb, sizeof rb);
		for (i = 0; i < sizeof rb; i++)
			snprintf(rnd + 2 * i, 3, "%02x", rb[i]);
	}
	snprintf(msgid, sizeof msgid, "<kpci-%lld-%s-%.12s-%s@%s>", due->group_id, kind, sha,
		 rnd, alert.domain);
	{
		struct db_report_new rep = {
			key, due->group_id, head->id, bid, kind, sha, g.tree, g.branch,
			head->direction, buf_str(&subject), buf_str(&body), msgid, doc, ids,
			g.changes.n,
		};

		rc = db_report_create(alert.db, &id, &rep, d, nd);
	}
	if (rc == DB_OK)
		log_info("alert: report %lld (%s %.12s of group %s) for %zu recipients: %s", id,
			 kind, sha, key, nd, buf_str(&subject));
	else if (rc != DB_CONFLICT)
		log_error("alert: cannot store the report of group %s", key);
out:
	free(ids);
	free(d);
	json_decref(doc);
	rec_bisection_dispose(bis);
	db_report_group_dispose(&g);
	recip_list_dispose(&l);
	recip_source_dispose(&src);
	gitrepo_free(repo);
	free(mirror);
	free(cause);
	buf_dispose(&subject);
	buf_dispose(&body);
}

/* ----- withdrawing ----------------------------------------------------- */

/* Withdraws a report whose changes were all withdrawn (a db_reports_void
 * row): what did not go out stays unsent; who got it gets one short
 * follow-up in its thread. */
static void alert_withdraw(const struct rec_report *r)
{
	long long id = r->id, fid = 0, change = r->change_id;
	const char *reason = r->withdrawn_reason, *subject = r->subject;
	struct buf subj, body;
	char msgid[256], rnd[17];
	unsigned char rb[8] = { 0 };
	json_t *doc;
	int rc;

	buf_init(&subj, 4096);
	buf_init(&body, 8192);
	buf_printf(&subj, "Re: %s", subject ? subject : "");
	buf_printf(&body, "Hello,\n\nkpci withdraws the report above: %s.\n\nNo action is "
		   "needed.  The change and what was measured since:\n\n\t%s/changes/%lld\n"
		   "\n-- \nkpci\n", reason ? reason : "withdrawn", alert.cfg->alert_base_url, change);
	sha256_random(rb, sizeof rb);
	for (size_t i = 0; i < sizeof rb; i++)
		snprintf(rnd + 2 * i, 3, "%02x", rb[i]);
	snprintf(msgid, sizeof msgid, "<kpci-%lld-followup-%s@%s>", id, rnd, alert.domain);
	doc = json_pack("{s:s, s:I, s:s, s:s, s:s}", "kind", "followup", "reply_to",
			(json_int_t)id, "reason", reason ? reason : "withdrawn", "subject",
			buf_str(&subj), "text", buf_str(&body));
	{
		struct db_report_new f = { .subject = buf_str(&subj), .body = buf_str(&body),
					   .message_id = msgid, .webhook = doc };

		rc = doc ? db_report_withdraw(alert.db, &fid, id, reason ? reason : "withdrawn", &f,
					      alert.cfg->alert_digest ? "digest" : "pending") :
			   DB_ERR;
	}
	if (rc == DB_OK)
		log_info("alert: report %lld withdrawn (%s)%s%lld", id, reason ? reason : "",
			 fid ? "; its follow-up is report " : "; it had not gone out", fid);
	else if (rc != DB_CONFLICT)
		log_error("alert: cannot withdraw report %lld", id);
	json_decref(doc);
	buf_dispose(&subj);
	buf_dispose(&body);
}

/* ----- sending --------------------------------------------------------- */

static long long alert_backoff(long long attempts)
{
	long long w = alert.cfg->alert_retry_min;

	for (long long i = 1; i < attempts && w < alert.cfg->alert_retry_max; i++)
		w *= 2;
	return w < alert.cfg->alert_retry_max ? w : alert.cfg->alert_retry_max;
}

/* After a failed attempt: pending again later, or failed for good. */
static void alert_retry(long long id, long long attempts, const char *why, long long now)
{
	int last = attempts >= alert.cfg->alert_max_attempts;

	db_delivery_done(alert.db, id, last ? "failed" : "pending", why,
			 last ? 0 : now + alert_backoff(attempts), NULL, 0);
	log_warn("alert: delivery %lld, attempt %lld: %s%s", id, attempts, why,
		 last ? " (given up)" : "");
}

static int alert_addr_cmp(const void *a, const void *b)
{
	return strcasecmp(((const struct mail_addr *)a)->address,
			  ((const struct mail_addr *)b)->address);
}

/* The message of report (db_report_get) for envelope address to; a
 * follow-up replies to the report it follows (In-Reply-To). */
static int alert_message(struct buf *out, const struct rec_report *report, const char *to,
			 const char *subject, const char *body_text, long long now)
{
	struct rec_report first = { 0 };
	struct rec_deliveries rcpt = { 0 };
	struct mail_addr *tos = NULL, *ccs = NULL;
	const char *extra[4] = { "X-Kpci-Report", NULL, "X-Kpci-Commit", NULL };
	char idtext[32];
	size_t nto = 0, ncc = 0, i;
	struct buf body;
	int rc = -1;

	if (report->reply_to)
		db_report_get(alert.db, &first, report->reply_to);  /* empty when gone */
	db_report_recipients(alert.db, &rcpt, report->id);         /* empty on an error */
	tos = calloc(rcpt.n + 1, sizeof *tos);
	ccs = calloc(rcpt.n + 1, sizeof *ccs);
	buf_init(&body, MAIL_MAX_MESSAGE);
	if (!tos || !ccs)
		goto out;
	snprintf(idtext, sizeof idtext, "%lld", report->id);
	extra[1] = idtext;
	extra[3] = report->commit_sha;
	if (alert.nallow) {
		/* staging: the envelope address alone, and who it was for in the
		 * body, in the order of their addresses (a list read by people) */
		size_t nfor = 0;

		tos[nto++] = (struct mail_addr){ NULL, to };
		for (i = 0; i < rcpt.n; i++)
			if (rcpt.v[i].sent_to && !strcasecmp(rcpt.v[i].sent_to, to))
				ccs[nfor++].address = rcpt.v[i].recipient;
		qsort(ccs, nfor, sizeof *ccs, alert_addr_cmp);
		buf_adds(&body, "[kpci staging: this report is for");
		for (size_t k = 0; k < nfor; k++)
			buf_printf(&body, " %s", ccs[k].address);
		buf_adds(&body, "]\n\n");
	} else {
		for (i = 0; i < rcpt.n; i++) {
			const char *role = rcpt.v[i].role;
			struct mail_addr a = { rcpt.v[i].name, rcpt.v[i].recipient };

			if (!strcmp(role, "author") || !strcmp(role, "maintainer"))
				tos[nto++] = a;
			else
				ccs[ncc++] = a;
		}
	}
	if (buf_adds(&body, body_text) < 0)     /* also when an earlier append failed */
		goto out;
	{
		struct mail_msg m = { { alert.from_name, alert.from_addr }, tos, ccs, nto, ncc,
				      subject, report->message_id, first.message_id,
				      now, extra, 2, buf_str(&body) };

		rc = mail_compose(out, &m);
	}
out:
	rec_report_dispose(&first);
	buf_dispose(&body);
	free(tos);
	free(ccs);
	rec_deliveries_dispose(&rcpt);
	return rc;
}

/* Writes a message to the dry-run directory; the path in *path (malloc'd). */
static int alert_dry_write(char **path, long long report, long long delivery, const char *ext,
			   const char *data, size_t len, char **cause)
{
	static unsigned long long seq;  /* a re-sent message gets a file of its own */
	char *tmp = NULL;
	int fd, rc = -1;

	if (asprintf(path, "%s/report-%lld-%lld-%llu.%s", alert.cfg->alert_dry_run_dir, report,
		     delivery, ++seq, ext) < 0 ||
	    asprintf(&tmp, "%s/.report-%lld-%lld-%llu.tmp", alert.cfg->alert_dry_run_dir, report,
		     delivery, seq) < 0)
		return fail_cause(cause, "out of memory");
	/* written aside and renamed: a reader of the directory sees whole files */
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	if (fd >= 0) {
		int ok = write(fd, data, len) == (ssize_t)len;

		ok = !close(fd) && ok;
		rc = ok && !rename(tmp, *path) ? 0 : -1;
	}
	if (rc < 0) {
		fail_cause(cause, "cannot write %s: %s", *path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return rc;
}

/* Sends (or writes) one message to one envelope address; *where gets
 * where it went.  0, or -1 with *cause. */
static int alert_send_mail(const struct rec_report *report, long long delivery, const char *to,
			   const char *subject, const char *body, char **where, char **cause,
			   long long now)
{
	struct buf msg;
	int rc = -1;

	*where = NULL;
	buf_init(&msg, MAIL_MAX_MESSAGE);
	if (alert_message(&msg, report, to, subject, body, now) < 0) {
		fail_cause(cause, "the message cannot be composed (an address or its size)");
	} else if (alert.cfg->alert_dry_run_dir[0]) {
		rc = alert_dry_write(where, report->id, delivery, "eml", msg.data, msg.len, cause);
	} else if (deliver_mail(&alert.smtp, alert.from_addr, to, msg.data, msg.len, cause) == 0) {
		*where = strdup(to);
		rc = 0;
	}
	buf_dispose(&msg);
	return rc;
}

/* The index of webhook "webhook-N" (N - 1); ALERT_MAX_WEBHOOKS when bad. */
static size_t alert_hook_index(const char *name)
{
	char *end;
	long n = name && !strncmp(name, "webhook-", 8) ? strtol(name + 8, &end, 10) : 0;

	return n >= 1 && n <= ALERT_MAX_WEBHOOKS && !*end ? (size_t)n - 1 : ALERT_MAX_WEBHOOKS;
}

/* Sends one due delivery (a db_deliveries_due row); 1 when it went out. */
static int alert_send_one(const struct rec_delivery *row, long long now)
{
	long long id = row->id, rid = row->report_id, attempts = row->attempts + 1, oldest;
	const char *channel = row->channel, *to = row->sent_to;
	struct rec_report report;
	char *cause = NULL, *where = NULL, *text = NULL;
	int mail = !strcmp(channel, "mail"), rc = -1;

	if (mail && alert.cfg->alert_rate_limit && !alert.cfg->alert_dry_run_dir[0] &&
	    db_recipient_sent(alert.db, to, now - ALERT_DAY_S, &oldest) >=
	    alert.cfg->alert_rate_limit) {
		db_delivery_done(alert.db, id, "pending", "rate limit: waits for a free place in "
				 "the address's last 24 hours", oldest + ALERT_DAY_S, NULL, 0);
		return 0;
	}
	if (db_delivery_start(alert.db, id) != DB_OK)
		return 0;
	if (db_report_get(alert.db, &report, rid) != DB_OK) {
		db_delivery_done(alert.db, id, "failed", "the report is gone", 0, NULL, 0);
		return 0;
	}
	if (mail) {
		rc = alert_send_mail(&report, id, to, report.subject, report.body, &where, &cause,
				     now);
	} else {
		size_t hook = alert_hook_index(row->recipient);
		json_t *doc = json_deep_copy(report.webhook), *send;
		char url[600];

		snprintf(url, sizeof url, "%s/reports/%lld", alert.cfg->alert_base_url, rid);
		json_object_set_new(doc, "report_id", json_integer(rid));
		json_object_set_new(doc, "report_url", json_string(url));
		send = hook < alert.nhooks && alert.hooks[hook].slack ?
			alert_slack_doc(doc, rid, alert.cfg->alert_base_url) : json_incref(doc);
		text = json_dumps(send, JSON_COMPACT);
		if (hook >= alert.nhooks)
			fail_cause(&cause, "webhook %zu is no longer configured", hook + 1);
		else if (alert.cfg->alert_dry_run_dir[0])
			rc = alert_dry_write(&where, rid, id, "json", text, strlen(text), &cause);
		else if ((rc = deliver_post(alert.hooks[hook].url, alert.cfg->alert_ca_file, text,
					    &cause)) == 0)
			where = strdup(row->recipient);
		json_decref(send);
		json_decref(doc);
	}
	if (rc == 0)
		db_delivery_done(alert.db, id, alert.cfg->alert_dry_run_dir[0] ? "dry-run" : "sent",
				 NULL, 0, alert.cfg->alert_dry_run_dir[0] ? NULL : where, 0);
	else
		alert_retry(id, attempts, cause ? cause : "failed", now);
	free(text);
	free(where);
	free(cause);
	rec_report_dispose(&report);
	return rc == 0;
}

/* Sends what is due.  In staging, several recipients share one envelope
 * address: the message goes there once and their rows are marked with it. */
static void alert_send_due(long long now)
{
	struct rec_deliveries rows = { 0 };
	long long last_report = 0;
	const char *last_to = NULL;

	db_deliveries_due(alert.db, &rows, now, ALERT_BATCH);      /* none on an error */
	for (size_t i = 0; i < rows.n; i++) {
		const struct rec_delivery *row = &rows.v[i];
		long long rid = row->report_id, id = row->id;
		const char *to = row->sent_to;

		if (alert_stopping())
			break;
		if (to && last_to && rid == last_report && !strcmp(to, last_to) &&
		    db_delivery_start(alert.db, id) == DB_OK) {
			db_delivery_done(alert.db, id, alert.cfg->alert_dry_run_dir[0] ? "dry-run" :
					 "sent", NULL, 0, NULL, 0);
			continue;
		}
		last_to = NULL;
		if (alert_send_one(row, now) && to) {
			last_report = rid;
			last_to = to;
		}
	}
	rec_deliveries_dispose(&rows);
}

/* The daily digest: one mail per envelope address with every report
 * waiting for it, once a day, on the first pass in digest_hour (UTC) that
 * finds reports waiting; later ones wait for the next day's. */
static void alert_digest(long long now)
{
	long long day = now / ALERT_DAY_S;
	struct db_digest rows = { 0 };
	size_t i, start = 0, n;

	if (!alert.cfg->alert_digest || day == alert.digest_day ||
	    (now % ALERT_DAY_S) / 3600 != alert.cfg->alert_digest_hour)
		return;
	db_digest_due(alert.db, &rows);     /* none on an error */
	n = rows.n;
	if (n)
		alert.digest_day = day;    /* the day's digest: the first pass that finds some */
	for (i = 1; i <= n; i++) {
		const struct rec_delivery *first = &rows.v[start].delivery;
		const char *to = first->sent_to;
		struct buf subject, body;
		struct rec_report report;
		char *where = NULL, *cause = NULL;
		int rc;

		if (i < n && !strcmp(rows.v[i].delivery.sent_to, to))
			continue;
		buf_init(&subject, 1024);
		buf_init(&body, MAIL_MAX_MESSAGE / 2);
		buf_printf(&subject, "[kpci] digest: %zu report%s", i - start,
			   i - start == 1 ? "" : "s");
		buf_adds(&body, "Reports of the last day:\n\n");
		for (size_t k = start; k < i; k++)
			buf_printf(&body, "  %s\n", rows.v[k].subject);
		for (size_t k = start; k < i; k++)
			buf_printf(&body, "\n========================================"
				   "======================================\n%s\n%s",
				   rows.v[k].subject, rows.v[k].body);
		rc = db_report_get(alert.db, &report, first->report_id) == DB_OK ?
			alert_send_mail(&report, first->id, to, buf_str(&subject), buf_str(&body),
					&where, &cause, now) : -1;
		rec_report_dispose(&report);
		for (size_t k = start; k < i; k++)
			db_delivery_done(alert.db, rows.v[k].delivery.id, rc == 0 ?
				(alert.cfg->alert_dry_run_dir[0] ? "dry-run" : "sent") : "digest",
				rc == 0 ? NULL : cause, 0, where, 1);
		if (rc < 0)
			log_warn("alert: the digest for %s failed (tried again tomorrow): %s", to,
				 cause ? cause : "");
		free(where);
		free(cause);
		buf_dispose(&subject);
		buf_dispose(&body);
		start = i;
	}
	db_digest_dispose(&rows);
}

/* ----- the thread ------------------------------------------------------ */

static int alert_stopping(void)
{
	int stop;

	pthread_mutex_lock(&alert.lock);
	stop = alert.stop;
	pthread_mutex_unlock(&alert.lock);
	return stop;
}

static void alert_pass(void)
{
	long long now = (long long)time(NULL);
	struct rec_reports due = { 0 };
	size_t i;

	/* none on an error: the next pass asks again */
	db_reports_due(alert.db, &due, now - alert.cfg->alert_settle_seconds,
		       alert.cfg->alert_improvements, alert.cfg->confirm_enabled, ALERT_BATCH);
	for (i = 0; i < due.n; i++) {
		if (alert_stopping())
			break;
		if (!alert_failing(due.v[i].group_key, now, 0))
			alert_make(&due.v[i], now);
	}
	rec_reports_dispose(&due);
	db_reports_void(alert.db, &due, ALERT_BATCH);
	for (i = 0; i < due.n; i++)
		alert_withdraw(&due.v[i]);
	rec_reports_dispose(&due);
	alert_send_due(now);
	alert_digest(now);
}

static void *alert_main(void *arg)
{
	struct timespec until;

	(void)arg;
	for (;;) {
		pthread_mutex_lock(&alert.lock);
		if (alert.stop) {
			pthread_mutex_unlock(&alert.lock);
			break;
		}
		alert.poked = 0;
		pthread_mutex_unlock(&alert.lock);
		alert_pass();
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += ALERT_TICK_MS / 1000;
		pthread_mutex_lock(&alert.lock);
		while (!alert.stop && !alert.poked &&
		       pthread_cond_timedwait(&alert.wake, &alert.lock, &until) == 0)
			;
		pthread_mutex_unlock(&alert.lock);
	}
	return NULL;
}

int alert_start(struct kpcid *k, char **cause)
{
	int n = 0;

	if (!k->cfg.alert_enabled)
		return 0;
	alert.db = k->db;
	alert.cfg = &k->cfg;
	if (alert_setup(&alert, &k->cfg, cause) < 0)
		return -1;
	if (db_deliveries_interrupted(k->db, &n) == DB_OK && n)
		log_warn("alert: %d deliveries were in flight when kpcid stopped: marked failed, "
			 "not sent again", n);
	alert.stop = 0;
	if (pthread_create(&alert.thread, NULL, alert_main, NULL) != 0)
		return fail_cause(cause, "cannot start the alerter's thread");
	alert.running = 1;
	log_info("alert: reports %s%s%s, %zu webhooks%s", alert.cfg->alert_dry_run_dir[0] ?
		 "written to " : "mailed through ", alert.cfg->alert_dry_run_dir[0] ?
		 alert.cfg->alert_dry_run_dir : alert.cfg->alert_smtp_url[0] ?
		 alert.cfg->alert_smtp_url : "(no smtp_url: none)", "", alert.nhooks,
		 alert.cfg->alert_digest ? ", daily digest" : "");
	return 0;
}

void alert_poke(void)
{
	pthread_mutex_lock(&alert.lock);
	alert.poked = 1;
	pthread_cond_signal(&alert.wake);
	pthread_mutex_unlock(&alert.lock);
}

void alert_stop(struct kpcid *k)
{
	(void)k;
	if (!alert.running)
		return;
	pthread_mutex_lock(&alert.lock);
	alert.stop = 1;
	pthread_cond_signal(&alert.wake);
	pthread_mutex_unlock(&alert.lock);
	pthread_join(alert.thread, NULL);
	alert.running = 0;
	alert_settings_dispose(&alert);
}
