/*
 * db_reports.h - reports and their deliveries, the KCIDB export.  One
 * family of db/db.h, which includes them all; each file of db/ includes
 * the family it implements.
 */
#ifndef KPCI_DB_REPORTS_H
#define KPCI_DB_REPORTS_H

#include "db/db_core.h"

/* --- reports and their deliveries (0014; db/db_reports.c) ---------- */
/* The change groups a report is due for (settled at or before
 * settled_before, regressions or with improvements any; with confirmed 1,
 * only confirmed changes, and none of the group waiting for its
 * confirmation or for a job the analyzer asked for at either end):
 * [{group_key, group_id, kind "merge"|"culprit", commit_sha,
 * bisection_id}]. */
json_t *db_reports_due(struct db *db, long long settled_before, int improvements, int confirmed,
		       int limit);
/* The reportable changes of a group (not noisy, not invalid, wontfix or
 * fixed), largest first (instruction counts after times), with their
 * metric, tree, branch, the bad job's spec and environment, its runner's
 * hardware and "insn" (docs/reports.md): the instructions per operation
 * of the metric's NAME.insn series at both ends, {before, after,
 * sd_before, sd_after, n_before, n_after}, where both ends have them
 * (caller owns). */
json_t *db_report_group(struct db *db, const char *group_key);
/* Stores a bisection of change_id (what the bisector writes when it
 * ends): state running|done|failed|cancelled, log a JSON array of
 * probes.  A 'done' row with a culprit sets the change culprit-found. */
int db_bisection_record(struct db *db, long long *id, long long change_id, const char *state,
			const char *good, const char *bad, const char *culprit, const json_t *log);

/* A report to store; strings borrowed. */
struct db_report_new {
	const char *group_key;
	long long group_id, change_id, bisection_id;
	const char *kind, *commit_sha;
	const char *tree, *branch, *direction;
	const char *subject, *body, *message_id;
	const json_t *webhook;
	const long long *change_ids;
	size_t nchanges;
};
/* One recipient of it: channel mail|webhook; state pending|digest. */
struct db_delivery_new {
	const char *channel, *recipient, *name, *role, *why, *sent_to, *state;
};
/* Stores a report with its changes and deliveries in one transaction;
 * DB_CONFLICT (nothing stored) when the group has one on that commit. */
int db_report_create(struct db *db, long long *id, const struct db_report_new *r,
		     const struct db_delivery_new *d, size_t nd);
/* Reports on a merge or a culprit, not withdrawn, whose changes are all
 * withdrawn now: [{id, group_key, group_id, change_id, kind, commit_sha,
 * tree, branch, direction, subject, message_id, reason (the headline
 * change's withdrawn_reason), delivered (deliveries that went out)}]. */
json_t *db_reports_void(struct db *db, int limit);
/* Withdraws report id with reason, in one transaction: its deliveries
 * that did not go out become withdrawn; when some went out, the follow-up
 * f (its subject, body, message_id and webhook; the rest is the report's)
 * is stored as a report of kind followup replying to it, with one delivery
 * in state (pending or digest) for each of them; *followup gets its id (0:
 * none).  DB_CONFLICT when the report was withdrawn already. */
int db_report_withdraw(struct db *db, long long *followup, long long id, const char *reason,
		       const struct db_report_new *f, const char *state);
/* Deliveries pending and due at now, of reports not held: [{id,
 * report_id, channel, recipient, name, role, sent_to, attempts}]. */
json_t *db_deliveries_due(struct db *db, long long now, int limit);
/* pending -> sending, attempts + 1; DB_CONFLICT when it is not pending. */
int db_delivery_start(struct db *db, long long id);
/* Ends a delivery attempt: state (pending with next_at for a retry),
 * error or NULL, where it went. */
int db_delivery_done(struct db *db, long long id, const char *state, const char *error,
		     long long next_at, const char *sent_to, int in_digest);
/* Deliveries a stop left 'sending' become failed (never sent twice). */
int db_deliveries_interrupted(struct db *db, int *n);
/* Reports mailed to recipient since `since`; *oldest the first sent_at. */
long long db_recipient_sent(struct db *db, const char *recipient, long long since,
			    long long *oldest);
/* The mail recipients of a report: [{recipient, name, role, sent_to}]. */
json_t *db_report_recipients(struct db *db, long long report_id);
/* Deliveries waiting for the digest, by recipient, with their report's
 * subject and body. */
json_t *db_digest_due(struct db *db);
/* Reports newest first; change_id > 0: those of that change's group. */
json_t *db_reports_list(struct db *db, long long change_id, int limit, int offset);
/* One report with its body, webhook document, "recipients" (the
 * deliveries) and "changes" (ids), or NULL (caller owns). */
json_t *db_report_get(struct db *db, long long id);
/* Holds (1) or releases (0) a report; DB_NOTFOUND. */
int db_report_hold(struct db *db, long long id, int hold, long long token_id);
/* Puts the report's deliveries (of recipient, NULL: all) back to pending
 * now; *n counts them; DB_NOTFOUND. */
int db_report_resend(struct db *db, long long id, const char *recipient, int *n);
/* --- KCIDB export (0015; db/db_kcidb.c, daemon/export/kcidb.c) ------------ */
/* Finished builds (ok, failed, timeout) not yet sent, id > after, with
 * their tree, commit subject, artifacts and whether their checkout was
 * sent (caller owns). */
json_t *db_kcidb_builds(struct db *db, long long after, int limit);
/* The same columns for build id, or NULL. */
json_t *db_kcidb_build(struct db *db, long long id);
/* 1 when the object of (kind, ref) was delivered. */
int db_kcidb_sent(struct db *db, const char *kind, long long ref);
/* Done bench jobs of finished builds not yet sent, id > after, each with
 * the samples of its successful attempt and the lab it ran in. */
json_t *db_kcidb_jobs(struct db *db, long long after, int limit);
/* Regressions not yet sent, id > after, with the good build of their
 * first bad commit (changes without one wait for it); with confirmed 1,
 * only confirmed ones, none after the first that waits for its
 * confirmation (the cursor may not pass it). */
json_t *db_kcidb_regressions(struct db *db, long long after, int confirmed, int limit);
/* Records delivered objects, [[kind, ref, kcidb_id]...], in one
 * transaction; a repeat is ignored. */
int db_kcidb_mark(struct db *db, const json_t *sent, char **cause);

#endif
