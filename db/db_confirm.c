// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_confirm.c - what the confirmer reads and writes (migration 0021,
 * daemon/analyze/confirm.c): the changes waiting for a confirmation, the
 * confirmations keyed by range, suite, runner class and config, their
 * jobs queued alternately on the two commits, the iterations of those
 * jobs in a change's series, and each change's outcome (a change that is
 * not reproduced, or whose range changed no compiled code, is withdrawn
 * with the reason).  docs/analysis.md "Confirmation" has the rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_confirm.h"
#include "db/db_internal.h"

#define DB_CONFIRM_MAX_CHANGES 256      /* changes one confirmation judges at once */

static int db_confirm_due_row(sqlite3_stmt *st, void *rec)
{
	struct db_confirm_due *d = rec;

	memset(d, 0, sizeof *d);
	d->change_id = sqlite3_column_int64(st, 0);
	d->confirmation_id = sqlite3_column_int64(st, 1);
	d->series_id = sqlite3_column_int64(st, 2);
	d->good_job_id = sqlite3_column_int64(st, 3);
	d->bad_job_id = sqlite3_column_int64(st, 4);
	db_column_text(d->metric, sizeof d->metric, st, 5);
	db_column_text(d->range, sizeof d->range, st, 6);
	return 0;
}

int db_confirm_due(struct db *db, struct db_confirm_due **out, size_t *n,
		   long long settled_before, size_t max)
{
	struct db_confirm_due *v;
	int rc;

	*out = NULL;
	*n = 0;
	v = calloc(max ? max : 1, sizeof *v);
	if (!v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT c.id, IFNULL(c.confirmation_id, 0), c.series_id, c.good_job_id, "
		" c.bad_job_id, m.suite || '/' || m.name, substr(c.good_sha, 1, 12) || '..' || "
		" substr(c.bad_sha, 1, 12) "
		"FROM changes c JOIN series se ON se.id = c.series_id "
		" JOIN metrics m ON m.id = se.metric_id "
		"WHERE " DB_CONFIRM_PENDING("c", "se") " AND (c.confirmation_id IS NULL OR "
		" (SELECT co.state FROM confirmations co WHERE co.id = c.confirmation_id) <> "
		" 'measuring') AND IFNULL(c.updated_at, c.detected_at) <= ? "
		"ORDER BY c.id LIMIT ?", "Ii", settled_before, (int)max), v, sizeof *v, max, n,
		db_confirm_due_row);
	db_read_unlock(db);
	if (rc != DB_OK || !*n) {
		free(v);
		*n = 0;
		return rc;
	}
	*out = v;
	return DB_OK;
}

/* The body of db_confirm_open inside its transaction. */
static int db_confirm_open_locked(struct db *db, long long *id, long long series_id,
				  long long good_job_id, long long bad_job_id, int want,
				  const char *opened_by)
{
	long long now = db_now();
	sqlite3_stmt *st;
	int rc;

	/* the key from the series and the two jobs' commits; values that
	 * builds measured (kbuild) are not booted again: want 0 */
	st = db_prepk(db,
		"SELECT g.commit_sha, b.commit_sha, g.kind = 'bench' AND b.kind = 'bench' "
		"FROM series se, jobs g, jobs b WHERE se.id = ? AND g.id = ? AND b.id = ?", "III",
		series_id, good_job_id, bad_job_id);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) != SQLITE_ROW) {
		db_done(st);
		return DB_NOTFOUND;
	}
	if (sqlite3_column_type(st, 0) == SQLITE_NULL || sqlite3_column_type(st, 1) == SQLITE_NULL) {
		db_done(st);
		return DB_INVALID;
	}
	if (!sqlite3_column_int(st, 2))
		want = 0;
	db_done(st);
	rc = db_exec_st(db, db_prepk(db,
		"INSERT OR IGNORE INTO confirmations (tree_id, good_sha, bad_sha, suite, runner_class, "
		" config_name, good_job_id, bad_job_id, want, opened_by, created_at, updated_at) "
		"SELECT IFNULL(b.tree_id, g.tree_id), g.commit_sha, b.commit_sha, m.suite, "
		" se.runner_class, se.config_name, g.id, b.id, ?4, ?5, ?6, ?6 "
		"FROM series se JOIN metrics m ON m.id = se.metric_id, jobs g, jobs b "
		"WHERE se.id = ?1 AND g.id = ?2 AND b.id = ?3",
		"IIIisI", series_id, good_job_id, bad_job_id, want, opened_by, now));
	if (rc != DB_OK)
		return rc;
	*id = db_scalar(db_prepk(db,
		"SELECT co.id FROM confirmations co, series se JOIN metrics m ON m.id = se.metric_id, "
		" jobs g, jobs b WHERE se.id = ?1 AND g.id = ?2 AND b.id = ?3 "
		" AND co.good_sha = g.commit_sha AND co.bad_sha = b.commit_sha AND co.suite = m.suite "
		" AND co.runner_class = se.runner_class AND co.config_name = se.config_name",
		"III", series_id, good_job_id, bad_job_id), 0);
	if (!*id)
		return DB_ERR;
	/* a confirmation that ended measures again for what it is asked now */
	return db_exec_st(db, db_prepk(db,
		"UPDATE confirmations SET state = 'measuring', finished_at = NULL, updated_at = ?2 "
		"WHERE id = ?1 AND state IN ('done', 'stopped', 'no-code')", "II", *id, now));
}

int db_confirm_open(struct db *db, long long *id, long long series_id, long long good_job_id,
		    long long bad_job_id, int want, const char *opened_by, long long change_id)
{
	int rc;

	*id = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_confirm_open_locked(db, id, series_id, good_job_id, bad_job_id, want, opened_by);
	if (rc == DB_OK && change_id)
		rc = db_exec_st(db, db_prepk(db, "UPDATE changes SET confirmation_id = ? WHERE id = ?",
					    "II", *id, change_id));
	rc = db_end(db, rc);
	if (rc != DB_OK)
		*id = 0;
	db_unlock(db);
	return rc;
}

int db_confirm_newest(struct db *db, long long *id, long long series_id, long long good_job_id,
		      long long bad_job_id, int want, const char *opened_by)
{
	int rc, candidate;

	*id = 0;
	db_lock(db);
	/* a merge or a tagged commit, never measured this way before */
	candidate = (int)db_scalar(db_prepk(db,
		"SELECT g.kind = 'bench' AND b.kind = 'bench' AND (EXISTS (SELECT 1 FROM commits c "
		"  WHERE " DB_LEVELS("c") " AND c.sha = b.commit_sha AND c.merged_tip IS NOT NULL) "
		" OR EXISTS (SELECT 1 FROM tags t WHERE t.commit_sha = b.commit_sha)) "
		" AND NOT EXISTS (SELECT 1 FROM confirmations co WHERE co.good_sha = g.commit_sha "
		"  AND co.bad_sha = b.commit_sha AND co.suite = m.suite "
		"  AND co.runner_class = se.runner_class AND co.config_name = se.config_name) "
		"FROM series se JOIN metrics m ON m.id = se.metric_id, jobs g, jobs b "
		"WHERE se.id = ? AND g.id = ? AND b.id = ? AND g.commit_sha IS NOT NULL "
		" AND b.commit_sha IS NOT NULL", "III", series_id, good_job_id, bad_job_id), -1);
	if (candidate <= 0) {
		db_unlock(db);
		return candidate < 0 ? DB_ERR : DB_OK;
	}
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_confirm_open_locked(db, id, series_id, good_job_id, bad_job_id, want,
					       opened_by));
	if (rc != DB_OK)
		*id = 0;
	db_unlock(db);
	return rc;
}

int db_confirm_running(struct db *db, long long **ids, size_t *n)
{
	int rc;

	db_read_lock(db);
	rc = db_ids(db_prepk(db, "SELECT id FROM confirmations WHERE state = 'measuring' "
			     "ORDER BY id", ""), ids, n);
	db_read_unlock(db);
	return rc;
}

int db_confirm_get(struct db *db, struct db_confirmation *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT co.id, IFNULL(co.tree_id, 0), IFNULL(t.name, ''), co.good_sha, co.bad_sha, "
		" co.suite, co.runner_class, co.config_name, co.state, IFNULL(co.code, ''), "
		" IFNULL(co.code_reason, ''), co.want, co.created_at, "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 0 AND j.state = 'done'), "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 1 AND j.state = 'done'), "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 0 AND j.state IN "
		"  ('failed', 'cancelled')), "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 1 AND j.state IN "
		"  ('failed', 'cancelled')), "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 0 AND j.state IN "
		"  ('queued', 'running')), "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 1 AND j.state IN "
		"  ('queued', 'running')) "
		"FROM confirmations co LEFT JOIN trees t ON t.id = co.tree_id WHERE co.id = ?", "I",
		id);
	if (!st) {
		rc = DB_ERR;
	} else if (sqlite3_step(st) == SQLITE_ROW) {
		out->id = sqlite3_column_int64(st, 0);
		out->tree_id = sqlite3_column_int64(st, 1);
		db_column_text(out->tree, sizeof out->tree, st, 2);
		db_column_text(out->good_sha, sizeof out->good_sha, st, 3);
		db_column_text(out->bad_sha, sizeof out->bad_sha, st, 4);
		db_column_text(out->suite, sizeof out->suite, st, 5);
		db_column_text(out->runner_class, sizeof out->runner_class, st, 6);
		db_column_text(out->config, sizeof out->config, st, 7);
		db_column_text(out->state, sizeof out->state, st, 8);
		db_column_text(out->code, sizeof out->code, st, 9);
		db_column_text(out->code_reason, sizeof out->code_reason, st, 10);
		out->want = sqlite3_column_int(st, 11);
		out->created_at = sqlite3_column_int64(st, 12);
		for (int s = 0; s < 2; s++) {
			out->ok[s] = sqlite3_column_int(st, 13 + s);
			out->failed[s] = sqlite3_column_int(st, 15 + s);
			out->pending[s] = sqlite3_column_int(st, 17 + s);
		}
		rc = DB_OK;
	}
	db_done(st);
	db_read_unlock(db);
	return rc;
}

int db_confirm_code(struct db *db, long long id, const char *code, const char *reason)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE confirmations SET code = ?, code_reason = ?, "
				    "updated_at = ? WHERE id = ?", "ssII", code, reason, db_now(),
				    id));
	db_unlock(db);
	return rc;
}

int db_confirm_want(struct db *db, long long id, int want)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE confirmations SET want = ?, updated_at = ? "
				    "WHERE id = ?", "iII", want, db_now(), id));
	db_unlock(db);
	return rc;
}

/* Queues one job of side (0 good, 1 bad) of confirmation id, made like
 * its job of that side. */
static int db_confirm_job_locked(struct db *db, long long id, int side, int priority)
{
	int rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO jobs (kind, spec, runner_class, priority, max_attempts, tree_id, "
		" commit_sha, build_id, created_at) "
		"SELECT 'bench', j.spec, co.runner_class, ?3, j.max_attempts, j.tree_id, "
		" j.commit_sha, j.build_id, ?4 FROM confirmations co JOIN jobs j ON j.id = "
		" CASE WHEN ?2 = 0 THEN co.good_job_id ELSE co.bad_job_id END WHERE co.id = ?1",
		"IiiI", id, side, priority, db_now()));

	if (rc != DB_OK)
		return rc;
	if (sqlite3_changes(db->conn) != 1)
		return DB_NOTFOUND;
	return db_exec_st(db, db_prepk(db, "INSERT INTO confirmation_jobs (job_id, "
				      "confirmation_id, side) VALUES (?, ?, ?)", "IIi",
				      sqlite3_last_insert_rowid(db->conn), id, side));
}

int db_confirm_queue(struct db *db, int *queued, long long id, const int n[2], int priority)
{
	int left[2] = { n[0], n[1] }, rc = DB_OK;

	*queued = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	/* A B A B ...: jobs of one priority are claimed in id order */
	while (rc == DB_OK && (left[0] > 0 || left[1] > 0))
		for (int s = 0; rc == DB_OK && s < 2; s++)
			if (left[s] > 0) {
				rc = db_confirm_job_locked(db, id, s, priority);
				left[s]--;
				(*queued)++;
			}
	rc = db_end(db, rc);
	if (rc != DB_OK)
		*queued = 0;
	db_unlock(db);
	return rc;
}

static int db_confirm_change_row(sqlite3_stmt *st, void *rec)
{
	struct db_confirm_change *c = rec;

	memset(c, 0, sizeof *c);
	c->change_id = sqlite3_column_int64(st, 0);
	c->series_id = sqlite3_column_int64(st, 1);
	c->regression = sqlite3_column_int(st, 2);
	c->higher_is_better = sqlite3_column_int(st, 3);
	db_column_text(c->metric, sizeof c->metric, st, 4);
	return 0;
}

int db_confirm_changes(struct db *db, struct db_confirm_change **out, size_t *n, long long id)
{
	struct db_confirm_change *v = calloc(DB_CONFIRM_MAX_CHANGES, sizeof *v);
	int rc;

	*out = NULL;
	*n = 0;
	if (!v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT c.id, c.series_id, c.direction = 'regression', m.direction = 'higher', "
		" m.suite || '/' || m.name FROM changes c JOIN series se ON se.id = c.series_id "
		" JOIN metrics m ON m.id = se.metric_id WHERE c.confirmation_id = ? AND "
		DB_CONFIRM_PENDING("c", "se") "ORDER BY c.id LIMIT ?", "Ii", id,
		DB_CONFIRM_MAX_CHANGES), v, sizeof *v, DB_CONFIRM_MAX_CHANGES, n,
		db_confirm_change_row);
	db_read_unlock(db);
	if (rc != DB_OK || !*n) {
		free(v);
		*n = 0;
		return rc;
	}
	*out = v;
	return DB_OK;
}

int db_confirm_samples(struct db *db, struct db_confirm_sample **out, size_t *n, long long id,
		       long long series_id)
{
	struct db_confirm_sample *v = NULL;
	size_t k = 0, cap = 0;
	sqlite3_stmt *st;
	int rc = DB_OK;

	*out = NULL;
	*n = 0;
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT s.series_id, s.job_id, cj.side, s.value, " DB_FOLD_COLUMNS("s")
		" FROM confirmation_jobs cj "
		" JOIN samples s ON s.job_id = cj.job_id "
		" JOIN job_results r ON r.job_id = s.job_id AND r.attempt = s.attempt "
		"WHERE cj.confirmation_id = ?1 AND (?2 = 0 OR s.series_id = ?2) "
		" AND r.status = 'ok' ORDER BY s.series_id, cj.side, s.job_id, s.iteration", "II",
		id, series_id);
	while (st && sqlite3_step(st) == SQLITE_ROW) {
		rc = db_grow((void **)&v, &cap, k, sizeof *v, DB_MAX_SIDE_SAMPLES);
		if (rc != DB_OK)
			break;
		v[k].series_id = sqlite3_column_int64(st, 0);
		v[k].job_id = sqlite3_column_int64(st, 1);
		v[k].side = sqlite3_column_int(st, 2);
		v[k].value = sqlite3_column_double(st, 3);
		db_fold_read(&v[k].fold, st, 4);
		k++;
	}
	db_done(st);
	db_read_unlock(db);
	if (!st || rc != DB_OK) {
		free(v);
		return st ? rc : DB_ERR;
	}
	*out = v;
	*n = k;
	return DB_OK;
}

int db_confirm_decide(struct db *db, long long change_id, const char *confirm, const char *why)
{
	long long now = db_now();
	int withdraw = strcmp(confirm, "confirmed") != 0, rc;

	db_lock(db);
	/* triaged_by IS NULL: a person's triage that came meanwhile wins */
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE changes SET confirm = ?1, confirm_reason = ?2, confirmed_at = ?3, "
		" withdrawn_at = CASE WHEN ?4 THEN ?3 ELSE withdrawn_at END, "
		" withdrawn_reason = CASE WHEN ?4 THEN ?2 ELSE withdrawn_reason END "
		"WHERE id = ?5 AND triaged_by IS NULL", "ssIiI", confirm, why, now, withdraw,
		change_id));
	db_unlock(db);
	return rc;
}

int db_confirm_group(struct db *db, long long bisection_id, const char *confirm,
		     const char *why)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE changes SET confirm = ?1, confirm_reason = ?2, confirmed_at = ?3, "
		" withdrawn_at = ?3, withdrawn_reason = ?2 "
		"WHERE range_key = (SELECT c.range_key FROM changes c JOIN bisections b "
		" ON b.change_id = c.id WHERE b.id = ?4) AND kind = 'perf' "
		" AND withdrawn_at IS NULL AND triaged_by IS NULL", "ssII", confirm, why, now,
		bisection_id));
	db_unlock(db);
	return rc;
}

int db_confirm_finish(struct db *db, long long id, const char *state, const char *reason)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE confirmations SET state = ?, reason = ?, finished_at = ?3, updated_at = ?3 "
		"WHERE id = ?", "ssII", state, reason, now, id));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE jobs SET state = 'cancelled', finished_at = ?2, reason = "
			" 'cancelled: confirmation ' || ?1 || ' no longer needs it' "
			"WHERE state = 'queued' AND id IN (SELECT job_id FROM confirmation_jobs "
			" WHERE confirmation_id = ?1)", "II", id, now));
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

/* A row of db_confirmations_list's SELECT, for db_rows_into. */
static int db_confirmation_row(sqlite3_stmt *st, void *rec)
{
	struct rec_confirmation *c = rec;
	char **text[] = { &c->good_sha, &c->bad_sha, &c->suite, &c->runner_class,
			  &c->config_name };
	char **more[] = { &c->state, &c->code, &c->code_reason, &c->opened_by, &c->reason };
	int rc = DB_OK;

	c->id = sqlite3_column_int64(st, 0);
	for (int i = 0; i < 5; i++)
		rc |= db_column_copy(text[i], st, 1 + i);
	c->want = sqlite3_column_int64(st, 6);
	for (int i = 0; i < 5; i++)
		rc |= db_column_copy(more[i], st, 7 + i);
	c->created_at = sqlite3_column_int64(st, 12);
	c->finished_at = sqlite3_column_int64(st, 13);
	c->good_jobs = sqlite3_column_int64(st, 14);
	c->bad_jobs = sqlite3_column_int64(st, 15);
	if (rc != DB_OK) {
		rec_confirmation_dispose(c);
		return -1;
	}
	return 0;
}

int db_confirmations_list(struct db *db, struct rec_confirmations *out, long long change_id,
			  int limit, int offset)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT co.id, co.good_sha, co.bad_sha, co.suite, co.runner_class, co.config_name, "
		" co.want, co.state, co.code, co.code_reason, co.opened_by, co.reason, "
		" co.created_at, co.finished_at, "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 0 AND j.state = 'done') "
		"  AS good_jobs, "
		" (SELECT count(*) FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id "
		"  WHERE cj.confirmation_id = co.id AND cj.side = 1 AND j.state = 'done') "
		"  AS bad_jobs "
		"FROM confirmations co WHERE ?1 = 0 OR co.id = (SELECT confirmation_id "
		" FROM changes WHERE id = ?1) ORDER BY co.id DESC LIMIT ?2 OFFSET ?3", "Iii",
		change_id, limit, offset), out->v, sizeof *out->v, (size_t)limit, &out->n,
		db_confirmation_row);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_confirmations_dispose(out);
	return rc;
}