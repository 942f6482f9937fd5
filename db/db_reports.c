// SPDX-License-Identifier: GPL-2.0-only
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
#include "lib/log.h"

/* A group is reportable when it has a change that is a performance
 * change on a commit, judged (DB_JUDGED), not triaged away, not withdrawn,
 * settled. */
#define DB_REPORTABLE \
	"c.kind = 'perf' AND c.bad_sha IS NOT NULL AND " DB_JUDGED("c", "se") \
	"AND c.state NOT IN ('invalid', 'wontfix', 'fixed') AND c.withdrawn_at IS NULL "

/* Reads every row of st into a new array of records of size bytes whose
 * address is stored at v (a T ** passed as void *), *n of them, at most
 * max, each filled by row (which zeroes its record, and disposes it and
 * returns nonzero when out of memory), given ctx.  Ends st.  DB_OK, or
 * DB_ERR with *n records for the caller to dispose. */
static int db_reports_rows(sqlite3_stmt *st, void *v, size_t *n, size_t size, size_t max,
			   int (*row)(sqlite3_stmt *st, void *rec, void *ctx), void *ctx)
{
	void **out = v;
	size_t cap = 0;
	int rc = DB_OK, step = SQLITE_ERROR;

	*out = NULL;
	*n = 0;
	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow(out, &cap, *n, size, max);
		if (rc == DB_OK && row(st, (char *)*out + *n * size, ctx) != 0)
			rc = DB_ERR;
		if (rc != DB_OK)
			break;
		(*n)++;
	}
	if (st && rc == DB_OK && step != SQLITE_DONE)
		log_error("db: %s", sqlite3_errmsg(sqlite3_db_handle(st)));
	db_done(st);
	return st && rc == DB_OK && step == SQLITE_DONE ? DB_OK : DB_ERR;
}

/* The report columns of db_reports_due, db_reports_void and DB_REPORT_COLUMNS
 * (below), in the order they are read. */
enum db_report_col {
	RC_ID, RC_GROUP_ID, RC_GROUP_KEY, RC_CHANGE_ID, RC_KIND, RC_COMMIT_SHA, RC_BISECTION_ID,
	RC_TREE, RC_BRANCH, RC_DIRECTION, RC_SUBJECT, RC_MESSAGE_ID, RC_HELD, RC_HELD_BY,
	RC_CREATED_AT, RC_REPLY_TO, RC_WITHDRAWN_AT, RC_WITHDRAWN_REASON, RC_DELIVERIES,
	RC_DELIVERED, RC_FAILED, RC_BODY, RC_WEBHOOK, RC_NCOLUMNS
};

/* A report row of columns in the order of enum db_report_col, up to ncols,
 * for db_reports_rows (ctx: the int ncols). */
static int db_report_row(sqlite3_stmt *st, void *rec, void *ctx)
{
	struct rec_report *r = rec;
	int n = *(const int *)ctx, oom = 0;

	memset(r, 0, sizeof *r);
	r->id = sqlite3_column_int64(st, RC_ID);
	r->group_id = sqlite3_column_int64(st, RC_GROUP_ID);
	oom |= db_column_copy(&r->group_key, st, RC_GROUP_KEY);
	r->change_id = sqlite3_column_int64(st, RC_CHANGE_ID);
	oom |= db_column_copy(&r->kind, st, RC_KIND);
	oom |= db_column_copy(&r->commit_sha, st, RC_COMMIT_SHA);
	r->bisection_id = sqlite3_column_int64(st, RC_BISECTION_ID);
	if (n > RC_TREE) {
		oom |= db_column_copy(&r->tree, st, RC_TREE);
		oom |= db_column_copy(&r->branch, st, RC_BRANCH);
		oom |= db_column_copy(&r->direction, st, RC_DIRECTION);
		oom |= db_column_copy(&r->subject, st, RC_SUBJECT);
		oom |= db_column_copy(&r->message_id, st, RC_MESSAGE_ID);
		r->held = sqlite3_column_int64(st, RC_HELD);
		oom |= db_column_copy(&r->held_by, st, RC_HELD_BY);
		r->created_at = sqlite3_column_int64(st, RC_CREATED_AT);
		r->reply_to = sqlite3_column_int64(st, RC_REPLY_TO);
		r->withdrawn_at = sqlite3_column_int64(st, RC_WITHDRAWN_AT);
		oom |= db_column_copy(&r->withdrawn_reason, st, RC_WITHDRAWN_REASON);
		r->deliveries = sqlite3_column_int64(st, RC_DELIVERIES);
		r->delivered = sqlite3_column_int64(st, RC_DELIVERED);
		r->failed = sqlite3_column_int64(st, RC_FAILED);
	}
	if (n > RC_BODY) {
		r->detail = 1;
		oom |= db_column_copy(&r->body, st, RC_BODY);
		oom |= !(r->webhook = db_column_json(st, RC_WEBHOOK));
	}
	if (oom) {
		rec_report_dispose(r);
		return -1;
	}
	return 0;
}

/* Reads the report rows of st (ncols columns of enum db_report_col) into
 * *out; ends st. */
static int db_report_rows(struct rec_reports *out, sqlite3_stmt *st, int ncols, int limit)
{
	int rc = db_reports_rows(st, &out->v, &out->n, sizeof *out->v,
				 (size_t)(limit > 0 ? limit : 0), db_report_row, &ncols);

	if (rc != DB_OK)
		rec_reports_dispose(out);
	return rc;
}

int db_reports_due(struct db *db, struct rec_reports *out, long long settled_before,
		   int improvements, int confirmed, int limit)
{
	int rc;

	db_lock(db);
	/* per group: the culprit of a finished bisection of one of its
	 * changes if there is one, else the first bad commit; due when no
	 * report on that commit exists (and, for the merge, none on a culprit)
	 * and, with confirmations, when its changes are confirmed, none of
	 * them waits for its confirmation and no job the analyzer asked for
	 * on either end is pending */
	rc = db_report_rows(out, db_prepk(db,
		"SELECT 0, g.group_id, g.range_key AS group_key, 0, "
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
		confirmed), RC_TREE, limit);
	db_unlock(db);
	return rc;
}

/* The instructions per operation counted beside a change's metric (the
 * series of metric NAME.insn of the same suite, runner class, config and
 * branch) at the change's two ends into *out (known 0 when either end has
 * no count, or the metric is such a count).  Under the lock. */
static void db_insn_ends(struct db *db, struct db_insn *out, const struct rec_change *c)
{
	size_t n = c->metric ? strlen(c->metric) : 0;
	double mean[2] = { 0, 0 }, sd[2] = { 0, 0 };
	long long cnt[2] = { 0, 0 };
	sqlite3_stmt *st;

	memset(out, 0, sizeof *out);
	if (!c->good_sha || !c->bad_sha || (n > 5 && !strcmp(c->metric + n - 5, ".insn")))
		return;
	st = db_prepk(db,
		"SELECT s.commit_sha = ?3 AS bad, SUM(IFNULL(s.fold_n, 1)) AS n, "
		" SUM(IFNULL(s.fold_n * s.fold_mean, s.value)) / SUM(IFNULL(s.fold_n, 1)) AS mean, "
		" SUM(IFNULL(s.fold_ss + s.fold_n * s.fold_mean * s.fold_mean, s.value * s.value)) "
		" / SUM(IFNULL(s.fold_n, 1)) AS sq FROM series se JOIN metrics m ON m.id = se.metric_id "
		" JOIN metrics mi ON mi.suite = m.suite AND mi.name = m.name || '.insn' "
		" JOIN series ci ON ci.metric_id = mi.id AND ci.runner_class = se.runner_class "
		"  AND ci.config_name = se.config_name "
		"  AND IFNULL(ci.branch_id, 0) = IFNULL(se.branch_id, 0) "
		" JOIN samples s ON s.series_id = ci.id AND s.commit_sha IN (?2, ?3) "
		"WHERE se.id = ?1 GROUP BY s.commit_sha", "Iss", c->series_id, c->good_sha,
		c->bad_sha);
	while (st && sqlite3_step(st) == SQLITE_ROW) {
		int k = sqlite3_column_int64(st, 0) != 0;
		double m = sqlite3_column_double(st, 2), sq = sqlite3_column_double(st, 3);

		cnt[k] = sqlite3_column_int64(st, 1);
		mean[k] = m;
		sd[k] = sq > m * m ? sqrt(sq - m * m) : 0;
	}
	db_done(st);
	if (cnt[0] && cnt[1])
		*out = (struct db_insn){ 1, mean[0], mean[1], sd[0], sd[1], cnt[0], cnt[1] };
}

/* Column i as a number of a change: NAN for SQL NULL. */
static double db_report_real(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* A change row of db_report_group (the first 24 columns) into rec, and
 * the headline's own columns after them into the group (ctx) when it is
 * the first; for db_reports_rows. */
static int db_report_change_row(sqlite3_stmt *st, void *rec, void *ctx)
{
	struct rec_change *c = rec;
	struct db_report_group *g = ctx;
	int oom = 0;

	memset(c, 0, sizeof *c);
	c->id = sqlite3_column_int64(st, 0);
	c->group_id = sqlite3_column_int64(st, 1);
	c->series_id = sqlite3_column_int64(st, 2);
	oom |= db_column_copy(&c->suite, st, 3);
	oom |= db_column_copy(&c->metric, st, 4);
	oom |= db_column_copy(&c->unit, st, 5);
	oom |= db_column_copy(&c->better, st, 6);
	oom |= db_column_copy(&c->runner_class, st, 7);
	oom |= db_column_copy(&c->config_name, st, 8);
	oom |= db_column_copy(&c->good_sha, st, 9);
	oom |= db_column_copy(&c->bad_sha, st, 10);
	c->good_job_id = sqlite3_column_int64(st, 11);
	c->bad_job_id = sqlite3_column_int64(st, 12);
	c->n_before = db_column_measure(st, 13);
	c->n_after = db_column_measure(st, 14);
	c->mean_before = db_report_real(st, 15);
	c->mean_after = db_report_real(st, 16);
	c->sd_before = db_report_real(st, 17);
	c->sd_after = db_report_real(st, 18);
	c->magnitude = db_report_real(st, 19);
	c->pvalue = db_report_real(st, 20);
	oom |= db_column_copy(&c->direction, st, 21);
	oom |= db_column_copy(&c->state, st, 22);
	oom |= db_column_copy(&c->confirm_reason, st, 23);
	/* what the query does not read is unknown, as a record says it */
	c->point_index = c->jobs_before = c->jobs_after = REC_NONE;
	c->median_before = c->median_after = c->confidence = NAN;
	c->percent_lo = c->percent_hi = c->verdict_p = c->min_effect = NAN;
	if (!oom && !g->spec) {
		oom |= db_column_copy(&g->tree, st, 24);
		oom |= db_column_copy(&g->tree_url, st, 25);
		oom |= db_column_copy(&g->branch, st, 26);
		oom |= !(g->spec = db_column_json(st, 27));
		oom |= !(g->env = db_column_json(st, 28));
		oom |= db_column_copy(&g->runner, st, 29);
		g->cpus = sqlite3_column_int64(st, 30);
		g->numa_nodes = sqlite3_column_int64(st, 31);
		oom |= !(g->topology = db_column_json(st, 32));
	}
	if (oom) {
		rec_change_dispose(c);
		return -1;
	}
	return 0;
}

int db_report_group(struct db *db, struct db_report_group *out, const char *group_key)
{
	int rc;

	memset(out, 0, sizeof *out);
	db_lock(db);
	rc = db_reports_rows(db_prepk(db,
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
		group_key, DB_MAX_LIST), &out->changes.v, &out->changes.n, sizeof *out->changes.v,
		DB_MAX_LIST, db_report_change_row, out);
	if (rc == DB_OK && !(out->insn = calloc(out->changes.n + 1, sizeof *out->insn)))
		rc = DB_ERR;
	for (size_t i = 0; rc == DB_OK && i < out->changes.n; i++)
		db_insn_ends(db, &out->insn[i], &out->changes.v[i]);
	db_unlock(db);
	if (rc != DB_OK)
		db_report_group_dispose(out);
	return rc;
}

void db_report_group_dispose(struct db_report_group *g)
{
	if (!g)
		return;
	rec_changes_dispose(&g->changes);
	free(g->insn);
	free(g->tree);
	free(g->tree_url);
	free(g->branch);
	free(g->runner);
	json_decref(g->spec);
	json_decref(g->env);
	json_decref(g->topology);
	memset(g, 0, sizeof *g);
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

int db_reports_void(struct db *db, struct rec_reports *out, int limit)
{
	int rc;

	db_lock(db);
	rc = db_report_rows(out, db_prepk(db,
		"SELECT r.id, r.group_id, r.group_key, r.change_id, r.kind, r.commit_sha, "
		" r.bisection_id, r.tree, r.branch, r.direction, r.subject, r.message_id, r.held, "
		" r.held_by, r.created_at, r.reply_to, r.withdrawn_at, "
		" IFNULL((SELECT c.withdrawn_reason FROM changes c WHERE c.id = r.change_id), "
		"  'withdrawn') AS reason, 0, "
		" (SELECT count(*) FROM report_deliveries d WHERE d.report_id = r.id "
		"  AND d.state IN ('sent', 'dry-run')) AS delivered, 0 "
		"FROM reports r WHERE r.withdrawn_at IS NULL AND r.kind <> 'followup' "
		" AND EXISTS (SELECT 1 FROM report_changes rc WHERE rc.report_id = r.id) "
		" AND NOT EXISTS (SELECT 1 FROM report_changes rc JOIN changes c "
		"  ON c.id = rc.change_id WHERE rc.report_id = r.id AND c.withdrawn_at IS NULL) "
		"ORDER BY r.id LIMIT ?", "i", limit), RC_BODY, limit);
	db_unlock(db);
	return rc;
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

/* The columns of a delivery d, in the order db_delivery_row reads them. */
#define DB_DELIVERY_COLUMNS \
	"d.id, d.report_id, d.channel, d.recipient, d.name, d.role, d.why, d.sent_to, " \
	"d.state, d.attempts, d.next_at, d.last_error, d.sent_at, d.in_digest "
#define DB_DELIVERY_NCOLUMNS 14
#define DB_MAX_DELIVERIES 100000    /* deliveries of one report read at most */

/* DB_DELIVERY_COLUMNS into *d (zeroed first): 0, or -1 when out of memory
 * (*d then disposed). */
static int db_delivery_cols(sqlite3_stmt *st, struct rec_delivery *d)
{
	int oom = 0;

	memset(d, 0, sizeof *d);
	d->id = sqlite3_column_int64(st, 0);
	d->report_id = sqlite3_column_int64(st, 1);
	oom |= db_column_copy(&d->channel, st, 2);
	oom |= db_column_copy(&d->recipient, st, 3);
	oom |= db_column_copy(&d->name, st, 4);
	oom |= db_column_copy(&d->role, st, 5);
	oom |= db_column_copy(&d->why, st, 6);
	oom |= db_column_copy(&d->sent_to, st, 7);
	oom |= db_column_copy(&d->state, st, 8);
	d->attempts = sqlite3_column_int64(st, 9);
	d->next_at = sqlite3_column_int64(st, 10);
	oom |= db_column_copy(&d->last_error, st, 11);
	d->sent_at = sqlite3_column_int64(st, 12);
	d->in_digest = sqlite3_column_int64(st, 13);
	if (oom) {
		rec_delivery_dispose(d);
		return -1;
	}
	return 0;
}

/* A row of DB_DELIVERY_COLUMNS, for db_reports_rows. */
static int db_delivery_row(sqlite3_stmt *st, void *rec, void *ctx)
{
	(void)ctx;
	return db_delivery_cols(st, rec);
}

/* Reads the delivery rows of st into *out, at most max; ends st. */
static int db_delivery_rows(struct rec_deliveries *out, sqlite3_stmt *st, size_t max)
{
	int rc = db_reports_rows(st, &out->v, &out->n, sizeof *out->v, max, db_delivery_row, NULL);

	if (rc != DB_OK)
		rec_deliveries_dispose(out);
	return rc;
}

int db_deliveries_due(struct db *db, struct rec_deliveries *out, long long now, int limit)
{
	int rc;

	db_lock(db);
	rc = db_delivery_rows(out, db_prepk(db,
		"SELECT " DB_DELIVERY_COLUMNS "FROM report_deliveries d "
		"JOIN reports r ON r.id = d.report_id "
		"WHERE d.state = 'pending' AND d.next_at <= ? AND r.held = 0 "
		"ORDER BY d.report_id, d.channel, d.sent_to, d.id LIMIT ?", "Ii", now, limit),
		(size_t)(limit > 0 ? limit : 0));
	db_unlock(db);
	return rc;
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

int db_report_recipients(struct db *db, struct rec_deliveries *out, long long report_id)
{
	int rc;

	db_lock(db);
	rc = db_delivery_rows(out, db_prepk(db, "SELECT " DB_DELIVERY_COLUMNS "FROM "
				   "report_deliveries d WHERE d.report_id = ? AND d.channel = 'mail' "
				   "ORDER BY d.id", "I", report_id), DB_MAX_DELIVERIES);
	db_unlock(db);
	return rc;
}

/* A row of DB_DELIVERY_COLUMNS and its report's subject and body, for
 * db_reports_rows. */
static int db_digest_row(sqlite3_stmt *st, void *rec, void *ctx)
{
	struct db_digest_item *it = rec;

	(void)ctx;
	memset(it, 0, sizeof *it);
	if (db_delivery_cols(st, &it->delivery) < 0)
		return -1;
	if (db_column_copy(&it->subject, st, DB_DELIVERY_NCOLUMNS) != DB_OK ||
	    db_column_copy(&it->body, st, DB_DELIVERY_NCOLUMNS + 1) != DB_OK) {
		rec_delivery_dispose(&it->delivery);
		free(it->subject);
		return -1;
	}
	return 0;
}

int db_digest_due(struct db *db, struct db_digest *out)
{
	int rc;

	db_lock(db);
	rc = db_reports_rows(db_prepk(db,
		"SELECT " DB_DELIVERY_COLUMNS ", r.subject, r.body FROM report_deliveries d "
		"JOIN reports r ON r.id = d.report_id "
		"WHERE d.state = 'digest' AND r.held = 0 ORDER BY d.recipient, d.report_id "
		"LIMIT ?", "i", DB_MAX_LIST), &out->v, &out->n, sizeof *out->v, DB_MAX_LIST,
		db_digest_row, NULL);
	db_unlock(db);
	if (rc != DB_OK)
		db_digest_dispose(out);
	return rc;
}

void db_digest_dispose(struct db_digest *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++) {
		rec_delivery_dispose(&d->v[i].delivery);
		free(d->v[i].subject);
		free(d->v[i].body);
	}
	free(d->v);
	d->v = NULL;
	d->n = 0;
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

int db_reports_list(struct db *db, struct rec_reports *out, long long change_id, int limit,
		    int offset)
{
	int rc;

	db_read_lock(db);
	rc = db_report_rows(out, db_prepk(db, "SELECT " DB_REPORT_COLUMNS "FROM reports r "
		"WHERE ?1 = 0 OR EXISTS (SELECT 1 FROM report_changes rc WHERE "
		" rc.report_id = r.id AND rc.change_id = ?1) OR r.group_id = (SELECT group_id "
		" FROM changes WHERE id = ?1) ORDER BY r.id DESC LIMIT ?2 OFFSET ?3", "Iii",
		change_id, limit, offset), RC_BODY, limit);
	db_read_unlock(db);
	return rc;
}

int db_report_get(struct db *db, struct rec_report *out, long long id)
{
	struct rec_reports l = { 0 };
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_report_rows(&l, db_prepk(db, "SELECT " DB_REPORT_COLUMNS ", r.body, "
					 "r.webhook FROM reports r WHERE r.id = ?", "I", id),
			    RC_NCOLUMNS, 1);
	if (rc == DB_OK && !l.n)
		rc = DB_NOTFOUND;
	if (rc == DB_OK) {
		*out = l.v[0];
		memset(&l.v[0], 0, sizeof l.v[0]);
		rc = db_delivery_rows(&out->recipients, db_prepk(db,
			"SELECT " DB_DELIVERY_COLUMNS "FROM report_deliveries d "
			"WHERE d.report_id = ? ORDER BY d.id", "I", id), DB_MAX_DELIVERIES);
	}
	if (rc == DB_OK)
		rc = db_ids(db_prepk(db, "SELECT change_id FROM report_changes WHERE "
				     "report_id = ? ORDER BY change_id", "I", id),
			    &out->changes, &out->nchanges);
	db_read_unlock(db);
	rec_reports_dispose(&l);
	if (rc != DB_OK)
		rec_report_dispose(out);
	return rc;
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
