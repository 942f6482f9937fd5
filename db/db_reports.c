/*
 * db_reports.c - the reports kpcid sends about change groups and their
 * delivery per recipient (migration 0014; daemon/alert/alert.c decides, this
 * file stores), and the bisection rows reports read: a 'done' bisection
 * with a culprit turns the next report of its group into a report on the
 * culprit.  docs/reports.md describes the policy these queries serve.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_reports.h"
#include "db/db_internal.h"

/* A group is reportable when it has a change that is a performance
 * change on a commit, not noisy, not triaged away, not withdrawn, settled. */
#define DB_REPORTABLE \
	"c.kind = 'perf' AND c.bad_sha IS NOT NULL AND se.noisy = 0 " \
	"AND c.state NOT IN ('invalid', 'wontfix', 'fixed') AND c.withdrawn_at IS NULL "

json_t *db_reports_due(struct db *db, long long settled_before, int improvements, int confirmed,
		       int limit)
{
	json_t *rows;

	db_lock(db);
	/* per group: the culprit of a finished bisection of one of its
	 * changes if there is one, else the first bad commit; due when no
	 * report on that commit exists (and, for the merge, none on a culprit)
	 * and, with confirmations, when its changes are confirmed, none of
	 * them waits for its confirmation and no job the analyzer asked for
	 * on either end is pending */
	rows = db_rows(db, db_prepk(db,
		"SELECT g.range_key AS group_key, g.group_id, "
		" CASE WHEN b.id IS NULL THEN 'merge' ELSE 'culprit' END AS kind, "
		" IFNULL(b.culprit_sha, g.bad_sha) AS commit_sha, b.id AS bisection_id "
		"FROM (SELECT c.range_key, MIN(c.group_id) AS group_id, MIN(c.bad_sha) AS bad_sha, "
		"      MIN(c.good_sha) AS good_sha, "
		"      MAX(IFNULL(c.updated_at, c.detected_at)) AS settled, "
		"      SUM(c.direction = 'regression') AS regressions "
		"      FROM changes c JOIN series se ON se.id = c.series_id "
		"      WHERE " DB_REPORTABLE " AND (?4 = 0 OR " DB_CONFIRMED("c") ") "
		"      GROUP BY c.range_key) g "
		"LEFT JOIN bisections b ON b.id = (SELECT MAX(b2.id) FROM bisections b2 "
		"  JOIN changes c2 ON c2.id = b2.change_id WHERE c2.range_key = g.range_key "
		"  AND b2.state = 'done' AND b2.culprit_sha IS NOT NULL) "
		"WHERE g.settled <= ?1 AND (?2 OR g.regressions > 0) "
		" AND (?4 = 0 OR (NOT EXISTS (SELECT 1 FROM changes p JOIN series ps "
		"  ON ps.id = p.series_id WHERE p.range_key = g.range_key AND "
		   DB_CONFIRM_PENDING("p", "ps") ") AND NOT EXISTS (SELECT 1 FROM measure_requests mr "
		"  JOIN jobs j ON j.id = mr.job_id WHERE mr.commit_sha IN (g.good_sha, g.bad_sha) "
		"  AND j.state IN ('queued', 'running')))) "
		" AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.group_key = g.range_key "
		"  AND r.commit_sha = IFNULL(b.culprit_sha, g.bad_sha) "
		"  AND r.kind = CASE WHEN b.id IS NULL THEN 'merge' ELSE 'culprit' END) "
		/* nor one of its changes under the range they had before the last
		 * good commit moved closer (the same step, the same first bad commit) */
		" AND NOT EXISTS (SELECT 1 FROM changes c5 JOIN report_changes rc "
		"  ON rc.change_id = c5.id JOIN reports r ON r.id = rc.report_id "
		"  WHERE c5.range_key = g.range_key AND r.withdrawn_at IS NULL "
		"  AND r.commit_sha = IFNULL(b.culprit_sha, g.bad_sha) "
		"  AND r.kind = CASE WHEN b.id IS NULL THEN 'merge' ELSE 'culprit' END) "
		" AND (b.id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM reports r "
		"  WHERE r.group_key = g.range_key AND r.kind = 'culprit')) "
		"ORDER BY g.group_id LIMIT ?3", "Iiii", settled_before, improvements, limit,
		confirmed));
	db_unlock(db);
	return rows;
}

/* The instructions per operation counted beside a change's metric (the
 * series of metric NAME.insn of the same suite, runner class, config and
 * branch) at the change's two ends: {before, after, sd_before, sd_after,
 * n_before, n_after}, or NULL when either end has no count.  Under the lock. */
static json_t *db_insn_ends(struct db *db, const json_t *c)
{
	const char *good = json_string_value(json_object_get(c, "good_sha"));
	const char *bad = json_string_value(json_object_get(c, "bad_sha"));
	const char *metric = json_string_value(json_object_get(c, "metric"));
	size_t n = metric ? strlen(metric) : 0;
	json_t *rows, *r, *out = NULL;
	double mean[2] = { 0, 0 }, sd[2] = { 0, 0 };
	long long cnt[2] = { 0, 0 };
	size_t i;

	if (!good || !bad || (n > 5 && !strcmp(metric + n - 5, ".insn")))
		return NULL;
	rows = db_rows(db, db_prepk(db,
		"SELECT s.commit_sha = ?3 AS bad, count(*) AS n, avg(s.value) AS mean, "
		" avg(s.value * s.value) AS sq FROM series se JOIN metrics m ON m.id = se.metric_id "
		" JOIN metrics mi ON mi.suite = m.suite AND mi.name = m.name || '.insn' "
		" JOIN series ci ON ci.metric_id = mi.id AND ci.runner_class = se.runner_class "
		"  AND ci.config_name = se.config_name "
		"  AND IFNULL(ci.branch_id, 0) = IFNULL(se.branch_id, 0) "
		" JOIN samples s ON s.series_id = ci.id AND s.commit_sha IN (?2, ?3) "
		"WHERE se.id = ?1 GROUP BY s.commit_sha", "Iss",
		(long long)json_integer_value(json_object_get(c, "series_id")), good, bad));
	json_array_foreach(rows, i, r) {
		int k = json_integer_value(json_object_get(r, "bad")) != 0;
		double m = json_number_value(json_object_get(r, "mean"));
		double sq = json_number_value(json_object_get(r, "sq"));

		cnt[k] = json_integer_value(json_object_get(r, "n"));
		mean[k] = m;
		sd[k] = sq > m * m ? sqrt(sq - m * m) : 0;
	}
	if (cnt[0] && cnt[1])
		out = json_pack("{s:f, s:f, s:f, s:f, s:I, s:I}", "before", mean[0], "after",
				mean[1], "sd_before", sd[0], "sd_after", sd[1], "n_before",
				cnt[0], "n_after", cnt[1]);
	json_decref(rows);
	return out;
}

json_t *db_report_group(struct db *db, const char *group_key)
{
	json_t *rows, *c, *insn;
	size_t i;

	db_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT c.id, c.group_id, c.series_id, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, se.runner_class, se.config_name, c.good_sha, c.bad_sha, "
		" c.good_job_id, c.bad_job_id, c.n_before, c.n_after, c.mean_before, c.mean_after, "
		" c.sd_before, c.sd_after, c.magnitude, c.pvalue, c.direction, c.state, "
		" c.confirm_reason, "
		" t.name AS tree, t.url AS tree_url, IFNULL(b.name, (SELECT b2.name FROM commits cb "
		"  JOIN branch_commits bc ON bc.commit_id = cb.id JOIN branches b2 ON "
		"  b2.id = bc.branch_id WHERE " DB_LEVELS("cb") " AND cb.sha = c.bad_sha "
		"  AND b2.tree_id = t.id ORDER BY b2.id LIMIT 1)) AS branch, "
		" (SELECT j.spec FROM jobs j WHERE j.id = c.bad_job_id) AS spec_json, "
		" (SELECT e.env FROM samples s JOIN environments e ON e.id = s.env_id "
		"  WHERE s.job_id = c.bad_job_id LIMIT 1) AS env_json, "
		" r.name AS runner, r.cpus, r.numa_nodes, r.topology AS topology_json "
		"FROM changes c JOIN series se ON se.id = c.series_id "
		" JOIN metrics m ON m.id = se.metric_id "
		" LEFT JOIN runners r ON r.id = (SELECT jr.runner_id FROM job_results jr "
		"  WHERE jr.job_id = c.bad_job_id ORDER BY jr.attempt DESC LIMIT 1) "
		" LEFT JOIN branches b ON b.id = se.branch_id "
		" LEFT JOIN trees t ON t.id = IFNULL(b.tree_id, (SELECT cb.tree_id FROM commits cb "
		"  WHERE " DB_LEVELS("cb") " AND cb.sha = c.bad_sha ORDER BY cb.tree_id LIMIT 1)) "
		"WHERE c.range_key = ? AND " DB_REPORTABLE
		"ORDER BY m.name LIKE '%.insn', ABS(c.magnitude) DESC, c.id LIMIT ?", "si",
		group_key, DB_MAX_LIST));
	json_array_foreach(rows, i, c)
		if ((insn = db_insn_ends(db, c)))
			json_object_set_new(c, "insn", insn);
	db_unlock(db);
	return rows;
}

int db_bisection_record(struct db *db, long long *id, long long change_id, const char *state,
			const char *good, const char *bad, const char *culprit, const json_t *log)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_exec_st(db, db_prep(db,
		"INSERT INTO bisections (change_id, state, good_sha, bad_sha, culprit_sha, log, "
		" started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, "
		" CASE WHEN ?2 = 'running' THEN NULL ELSE ?7 END)", "IssssjI", change_id, state,
		good, bad, culprit, log, now));
	*id = rc == DB_OK ? sqlite3_last_insert_rowid(db->conn) : 0;
	if (rc == DB_OK && !strcmp(state, "done") && culprit)
		rc = db_exec_st(db, db_prep(db, "UPDATE changes SET state = 'culprit-found' "
					    "WHERE id = ?", "I", change_id));
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

int db_report_create(struct db *db, long long *id, const struct db_report_new *r,
		     const struct db_delivery_new *d, size_t nd)
{
	int rc;

	*id = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	if (db_scalar(db_prepk(db, "SELECT count(*) FROM reports WHERE group_key = ? AND "
			       "kind = ? AND commit_sha = ?", "sss", r->group_key, r->kind,
			       r->commit_sha), 0)) {
		db_end(db, DB_CONFLICT);
		db_unlock(db);
		return DB_CONFLICT;
	}
	rc = db_exec_st(db, db_prep(db,
		"INSERT INTO reports (group_key, group_id, change_id, kind, commit_sha, "
		" bisection_id, tree, branch, direction, subject, body, message_id, webhook, "
		" created_at) VALUES (?, ?, ?, ?, ?, NULLIF(?, 0), ?, ?, ?, ?, ?, ?, ?, ?)",
		"sIIssIssssssjI", r->group_key, r->group_id, r->change_id, r->kind, r->commit_sha,
		r->bisection_id, r->tree, r->branch, r->direction, r->subject, r->body,
		r->message_id, r->webhook, db_now()));
	if (rc == DB_OK)
		*id = sqlite3_last_insert_rowid(db->conn);
	for (size_t i = 0; rc == DB_OK && i < r->nchanges; i++)
		rc = db_exec_st(db, db_prepk(db, "INSERT OR IGNORE INTO report_changes (report_id, "
					    "change_id) VALUES (?, ?)", "II", *id,
					    r->change_ids[i]));
	for (size_t i = 0; rc == DB_OK && i < nd; i++)
		rc = db_exec_st(db, db_prepk(db,
			"INSERT OR IGNORE INTO report_deliveries (report_id, channel, recipient, "
			" name, role, why, sent_to, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			"Isssssss", *id, d[i].channel, d[i].recipient, d[i].name ? d[i].name : "",
			d[i].role, d[i].why ? d[i].why : "", d[i].sent_to, d[i].state));
	rc = db_end(db, rc);
	db_unlock(db);
	if (rc != DB_OK)
		*id = 0;
	return rc;
}

json_t *db_reports_void(struct db *db, int limit)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT r.id, r.group_key, r.group_id, r.change_id, r.kind, r.commit_sha, r.tree, "
		" r.branch, r.direction, r.subject, r.message_id, "
		" IFNULL((SELECT c.withdrawn_reason FROM changes c WHERE c.id = r.change_id), "
		"  'withdrawn') AS reason, "
		" (SELECT count(*) FROM report_deliveries d WHERE d.report_id = r.id "
		"  AND d.state IN ('sent', 'dry-run')) AS delivered "
		"FROM reports r WHERE r.withdrawn_at IS NULL AND r.kind <> 'followup' "
		" AND EXISTS (SELECT 1 FROM report_changes rc WHERE rc.report_id = r.id) "
		" AND NOT EXISTS (SELECT 1 FROM report_changes rc JOIN changes c "
		"  ON c.id = rc.change_id WHERE rc.report_id = r.id AND c.withdrawn_at IS NULL) "
		"ORDER BY r.id LIMIT ?", "i", limit));
	db_unlock(db);
	return rows;
}

/* The follow-up of report id in the caller's transaction: a report of
 * kind followup replying to it, with one delivery per (channel,
 * recipient) that got it, in state. */
static int db_followup_locked(struct db *db, long long *fid, long long id,
			      const struct db_report_new *f, const char *state)
{
	int rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO reports (group_key, group_id, change_id, kind, commit_sha, "
		" bisection_id, tree, branch, direction, subject, body, message_id, webhook, "
		" created_at, reply_to) SELECT group_key, group_id, change_id, 'followup', "
		" commit_sha, bisection_id, tree, branch, direction, ?2, ?3, ?4, ?5, ?6, id "
		"FROM reports WHERE id = ?1", "IsssjI", id, f->subject, f->body, f->message_id,
		f->webhook, db_now()));

	if (rc != DB_OK)
		return rc;
	*fid = sqlite3_last_insert_rowid(db->conn);
	rc = db_exec_st(db, db_prepk(db,
		"INSERT OR IGNORE INTO report_changes (report_id, change_id) SELECT ?1, change_id "
		"FROM report_changes WHERE report_id = ?2", "II", *fid, id));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"INSERT OR IGNORE INTO report_deliveries (report_id, channel, recipient, name, "
			" role, why, sent_to, state) SELECT ?1, channel, recipient, name, role, "
			" 'it got the report this follows', sent_to, ?3 FROM report_deliveries "
			"WHERE report_id = ?2 AND state IN ('sent', 'dry-run') ORDER BY id",
			"IIs", *fid, id, state));
	return rc;
}

int db_report_withdraw(struct db *db, long long *followup, long long id, const char *reason,
		       const struct db_report_new *f, const char *state)
{
	long long now = db_now(), delivered;
	int rc;

	*followup = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_exec_st(db, db_prepk(db, "UPDATE reports SET withdrawn_at = ?, withdrawn_reason = ? "
				    "WHERE id = ? AND withdrawn_at IS NULL", "IsI", now, reason, id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_CONFLICT;
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE report_deliveries SET state = 'withdrawn', last_error = ? "
			"WHERE report_id = ? AND state IN ('pending', 'digest', 'failed')", "sI",
			reason, id));
	delivered = rc == DB_OK ? db_scalar(db_prepk(db, "SELECT count(*) FROM report_deliveries "
		"WHERE report_id = ? AND state IN ('sent', 'dry-run')", "I", id), 0) : 0;
	if (rc == DB_OK && delivered)
		rc = db_followup_locked(db, followup, id, f, state);
	rc = db_end(db, rc);
	if (rc != DB_OK)
		*followup = 0;
	db_unlock(db);
	return rc;
}

json_t *db_deliveries_due(struct db *db, long long now, int limit)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT d.id, d.report_id, d.channel, d.recipient, d.name, d.role, d.sent_to, "
		" d.attempts FROM report_deliveries d JOIN reports r ON r.id = d.report_id "
		"WHERE d.state = 'pending' AND d.next_at <= ? AND r.held = 0 "
		"ORDER BY d.report_id, d.channel, d.sent_to, d.id LIMIT ?", "Ii", now, limit));
	db_unlock(db);
	return rows;
}

int db_delivery_start(struct db *db, long long id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE report_deliveries SET state = 'sending', "
				    "attempts = attempts + 1 WHERE id = ? AND state = 'pending'",
				    "I", id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_CONFLICT;
	db_unlock(db);
	return rc;
}

int db_delivery_done(struct db *db, long long id, const char *state, const char *error,
		     long long next_at, const char *sent_to, int in_digest)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE report_deliveries SET state = ?1, last_error = ?2, next_at = ?3, "
		" sent_to = IFNULL(?4, sent_to), in_digest = ?6, "
		" sent_at = CASE WHEN ?1 IN ('sent', 'dry-run') THEN ?5 ELSE sent_at END "
		"WHERE id = ?7", "ssIsIiI", state, error, next_at, sent_to, db_now(), in_digest, id));
	db_unlock(db);
	return rc;
}

int db_deliveries_interrupted(struct db *db, int *n)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE report_deliveries SET state = 'failed', last_error = 'kpcid stopped while "
		"it was being sent: not sent again, so that nobody gets it twice (re-send it by "
		"hand)' WHERE state = 'sending'", ""));
	*n = rc == DB_OK ? sqlite3_changes(db->conn) : 0;
	db_unlock(db);
	return rc;
}

long long db_recipient_sent(struct db *db, const char *recipient, long long since,
			    long long *oldest)
{
	sqlite3_stmt *st;
	long long n = 0;

	*oldest = 0;
	db_lock(db);
	st = db_prepk(db, "SELECT count(DISTINCT report_id), MIN(sent_at) FROM report_deliveries "
		      "WHERE recipient = ? AND state = 'sent' AND channel = 'mail' AND sent_at >= ?",
		      "sI", recipient, since);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		n = sqlite3_column_int64(st, 0);
		*oldest = sqlite3_column_int64(st, 1);
	}
	db_done(st);
	db_unlock(db);
	return n;
}

json_t *db_report_recipients(struct db *db, long long report_id)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db, "SELECT recipient, name, role, sent_to FROM "
				   "report_deliveries WHERE report_id = ? AND channel = 'mail' "
				   "ORDER BY id", "I", report_id));
	db_unlock(db);
	return rows;
}

json_t *db_digest_due(struct db *db)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT d.id, d.report_id, d.recipient, d.name, d.sent_to, r.subject, r.body, "
		" r.direction FROM report_deliveries d JOIN reports r ON r.id = d.report_id "
		"WHERE d.state = 'digest' AND r.held = 0 ORDER BY d.recipient, d.report_id "
		"LIMIT ?", "i", DB_MAX_LIST));
	db_unlock(db);
	return rows;
}

/* The columns of a report in lists, with its delivery counts. */
#define DB_REPORT_COLUMNS \
	"r.id, r.group_id, r.group_key, r.change_id, r.kind, r.commit_sha, r.bisection_id, " \
	"r.tree, r.branch, r.direction, r.subject, r.message_id, r.held, r.held_by, " \
	"r.created_at, r.reply_to, r.withdrawn_at, r.withdrawn_reason, " \
	"(SELECT count(*) FROM report_deliveries d WHERE d.report_id = r.id) AS deliveries, " \
	"(SELECT count(*) FROM report_deliveries d WHERE d.report_id = r.id " \
	" AND d.state IN ('sent', 'dry-run')) AS delivered, " \
	"(SELECT count(*) FROM report_deliveries d WHERE d.report_id = r.id " \
	" AND d.state = 'failed') AS failed "

json_t *db_reports_list(struct db *db, long long change_id, int limit, int offset)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db, "SELECT " DB_REPORT_COLUMNS "FROM reports r "
		"WHERE ?1 = 0 OR EXISTS (SELECT 1 FROM report_changes rc WHERE "
		" rc.report_id = r.id AND rc.change_id = ?1) OR r.group_id = (SELECT group_id "
		" FROM changes WHERE id = ?1) ORDER BY r.id DESC LIMIT ?2 OFFSET ?3", "Iii",
		change_id, limit, offset));
	db_unlock(db);
	return rows;
}

json_t *db_report_get(struct db *db, long long id)
{
	json_t *rows, *r = NULL, *d = NULL, *c = NULL;

	db_lock(db);
	rows = db_rows(db, db_prepk(db, "SELECT " DB_REPORT_COLUMNS ", r.body, "
				   "r.webhook AS webhook_json FROM reports r WHERE r.id = ?",
				   "I", id));
	if (rows && json_array_size(rows)) {
		d = db_rows(db, db_prepk(db, "SELECT id, channel, recipient, name, role, why, "
					"sent_to, state, attempts, next_at, last_error, sent_at, "
					"in_digest FROM report_deliveries WHERE report_id = ? "
					"ORDER BY id", "I", id));
		c = db_rows(db, db_prepk(db, "SELECT change_id FROM report_changes WHERE "
					"report_id = ? ORDER BY change_id", "I", id));
	}
	db_unlock(db);
	if (rows && json_array_size(rows) && d && c) {
		json_t *ids = json_array(), *row;
		size_t i;

		r = json_incref(json_array_get(rows, 0));
		json_array_foreach(c, i, row)
			json_array_append(ids, json_object_get(row, "change_id"));
		json_object_set(r, "recipients", d);
		json_object_set_new(r, "changes", ids);
	}
	json_decref(rows);
	json_decref(d);
	json_decref(c);
	return r;
}

int db_report_hold(struct db *db, long long id, int hold, long long token_id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE reports SET held = ?1, held_by = CASE WHEN ?1 THEN IFNULL((SELECT name "
		" FROM api_tokens WHERE id = ?2), 'token ' || ?2) ELSE NULL END WHERE id = ?3",
		"iII", hold, token_id, id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_NOTFOUND;
	db_unlock(db);
	return rc;
}

int db_report_resend(struct db *db, long long id, const char *recipient, int *n)
{
	int rc;

	*n = 0;
	db_lock(db);
	if (!db_scalar(db_prepk(db, "SELECT count(*) FROM reports WHERE id = ?", "I", id), 0)) {
		db_unlock(db);
		return DB_NOTFOUND;
	}
	/* a delivery in flight is left alone; the others go out again now */
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE report_deliveries SET state = 'pending', attempts = 0, next_at = 0, "
		" last_error = NULL WHERE report_id = ?1 AND state <> 'sending' "
		" AND (?2 IS NULL OR recipient = ?2)", "Is", id, recipient));
	if (rc == DB_OK)
		*n = sqlite3_changes(db->conn);
	db_unlock(db);
	return rc;
}
