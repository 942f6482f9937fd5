// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_verdicts.c - what the three-way verdict stores and reads
 * (migration 0013, docs/analysis.md): the log-scale noise sums per
 * (runner class, metric), the verdict of each stored change and of each
 * measured commit against the one before it, the merge-window's commit
 * verdicts, and the requests to measure a commit (again): the
 * analyzer's, capped per commit, suite and runner class, and bench jobs
 * submitted for a commit whose build is not there yet.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_internal.h"

int db_noise_sums(struct db *db, struct db_noise_sums *out, long long series_id,
		  long long metric_id, const char *runner_class)
{
	sqlite3_stmt *st;
	int rc = DB_OK;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT IFNULL(SUM(rep_ss), 0), IFNULL(SUM(rep_df), 0), "
		      " IFNULL(SUM(rep_wn), 0), IFNULL(SUM(win_ss), 0), IFNULL(SUM(win_df), 0) "
		      "FROM series WHERE (metric_id, runner_class) = "
		      " (SELECT metric_id, runner_class FROM series WHERE id = ?1 "
		      "  UNION ALL SELECT ?2, ?3 LIMIT 1)", "IIs", series_id,
		      series_id ? 0 : metric_id, runner_class ? runner_class : "");
	if (!st) {
		rc = DB_ERR;
	} else if (sqlite3_step(st) == SQLITE_ROW) {
		out->rep_ss = sqlite3_column_double(st, 0);
		out->rep_df = sqlite3_column_int64(st, 1);
		out->rep_wn = sqlite3_column_double(st, 2);
		out->win_ss = sqlite3_column_double(st, 3);
		out->win_df = sqlite3_column_int64(st, 4);
	}
	db_done(st);
	db_read_unlock(db);
	return rc;
}

/* A number for SQLite: NaN binds NULL, and so does an infinity here. */
static double db_num(double v)
{
	return isfinite(v) ? v : NAN;
}

int db_change_verdict_locked(struct db *db, long long id, const struct db_change_new *c)
{
	const struct verdict *v = c->verdict;

	if (!v)
		return DB_OK;
	return db_exec_st(db, db_prepk(db,
		"UPDATE changes SET verdict = ?, jobs_before = ?, jobs_after = ?, reason = ?, "
		" found_by = ?, percent_lo = ?, percent_hi = ?, verdict_p = ?, min_effect = ? "
		"WHERE id = ? AND triaged_by IS NULL", "sIIssddddI", verdict_name(v->kind),
		(long long)v->jobs[0], (long long)v->jobs[1], v->reason, c->found_by,
		db_num(v->ci_lo), db_num(v->ci_hi), db_num(v->p), db_num(v->min_effect), id));
}

int db_commit_verdicts_store_locked(struct db *db, const struct db_analysis *a)
{
	long long now = db_now();
	int rc;

	rc = db_exec_st(db, db_prepk(db, "DELETE FROM commit_verdicts WHERE series_id = ?", "I",
				    a->series_id));
	for (size_t i = 0; rc == DB_OK && i < a->nverdicts; i++) {
		const struct db_commit_verdict *c = &a->verdicts[i];
		const struct verdict *v = c->v;

		rc = db_exec_st(db, db_prepk(db,
			"INSERT INTO commit_verdicts (series_id, sha, prev_sha, position, log_scale, "
			" tested, prior_used, jobs_before, jobs_after, iterations_before, "
			" iterations_after, diff, se, df, percent, percent_lo, percent_hi, pvalue, "
			" p_same, min_effect, eq_half, between_var, within_var, between_cv, "
			" within_cv, between_df, verdict, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
			" ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
			"IssIiiiIIIIdddddddddddddddsI", a->series_id, c->sha, c->prev_sha, c->position,
			v->log_scale, v->tested, v->prior_used, (long long)v->jobs[0],
			(long long)v->jobs[1], (long long)v->iterations[0],
			(long long)v->iterations[1], db_num(v->diff), db_num(v->se), db_num(v->df),
			db_num(v->percent), db_num(v->ci_lo), db_num(v->ci_hi), db_num(v->p),
			db_num(v->p_same), db_num(v->min_effect), db_num(v->eq_half),
			db_num(v->between_var), db_num(v->within_var), db_num(v->between_cv),
			db_num(v->within_cv), db_num(v->between_df), verdict_name(v->kind), now));
	}
	return rc;
}

/* A real column: NAN for SQL NULL. */
static double db_verdict_real(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* A row of db_window_verdicts into the rec_commit_verdict at rec. */
static int db_window_verdict_row(sqlite3_stmt *st, void *rec)
{
	struct rec_commit_verdict *v = rec;
	double *reals[] = { &v->diff, &v->se, &v->df, &v->percent, &v->percent_lo,
			    &v->percent_hi, &v->pvalue, &v->p_same, &v->min_effect, &v->eq_half,
			    &v->between_var, &v->within_var, &v->between_cv, &v->within_cv,
			    &v->between_df };
	long long *ints[] = { &v->log_scale, &v->tested, &v->prior_used, &v->jobs_before,
			      &v->jobs_after, &v->iterations_before, &v->iterations_after };
	int lost = 0;

	memset(v, 0, sizeof *v);
	v->position = sqlite3_column_int64(st, 0);
	lost |= db_column_copy(&v->sha, st, 1);
	lost |= db_column_copy(&v->prev_sha, st, 2);
	v->series_id = sqlite3_column_int64(st, 3);
	lost |= db_column_copy(&v->runner_class, st, 4);
	v->noisy = sqlite3_column_int64(st, 5);
	lost |= db_column_copy(&v->suite, st, 6);
	lost |= db_column_copy(&v->metric, st, 7);
	lost |= db_column_copy(&v->unit, st, 8);
	lost |= db_column_copy(&v->better, st, 9);
	v->merge = sqlite3_column_int(st, 10);
	lost |= db_column_copy(&v->subject, st, 11);
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
		*ints[i] = sqlite3_column_int64(st, 12 + (int)i);
	for (size_t i = 0; i < sizeof reals / sizeof *reals; i++)
		*reals[i] = db_verdict_real(st, 19 + (int)i);
	lost |= db_column_copy(&v->verdict, st, 34);
	if (lost || !v->sha) {
		rec_commit_verdict_dispose(v);
		return -1;
	}
	return 0;
}

int db_window_verdicts(struct db *db, struct rec_commit_verdict **out, size_t *n,
		       long long branch_id, long long from, long long to)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc, step = SQLITE_DONE;

	*out = NULL;
	*n = 0;
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT bc.position, cv.sha, cv.prev_sha, cv.series_id, se.runner_class, "
		" se.noisy, m.suite, m.name AS metric, m.unit, m.direction AS better, "
		" c.merged_tip IS NOT NULL AS merge, c.subject, cv.log_scale, cv.tested, cv.prior_used, "
		" cv.jobs_before, cv.jobs_after, cv.iterations_before, cv.iterations_after, "
		" cv.diff, cv.se, cv.df, cv.percent, cv.percent_lo, cv.percent_hi, cv.pvalue, "
		" cv.p_same, cv.min_effect, cv.eq_half, cv.between_var, cv.within_var, "
		" cv.between_cv, cv.within_cv, cv.between_df, cv.verdict "
		"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
		"JOIN commit_verdicts cv ON cv.sha = c.sha "
		"JOIN series se ON se.id = cv.series_id JOIN metrics m ON m.id = se.metric_id "
		"WHERE bc.branch_id = ?1 AND bc.position > ?2 AND bc.position <= ?3 "
		"ORDER BY bc.position, se.runner_class, m.suite, m.name LIMIT ?4",
		"IIIi", branch_id, from, to, DB_MAX_WINDOW_VERDICTS);
	rc = st ? DB_OK : DB_ERR;
	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)out, &cap, *n, sizeof **out, DB_MAX_WINDOW_VERDICTS + 1);
		if (rc == DB_OK && db_window_verdict_row(st, &(*out)[*n]) < 0)
			rc = DB_ERR;
		if (rc == DB_OK)
			(*n)++;
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	db_done(st);
	db_read_unlock(db);
	return rc;
}

/* Whether one more job like `like` may be queued for series_id (see
 * db_measure_again): 1 yes, 0 no, -1 on error.  Caller holds the lock. */
static int db_measure_may_locked(struct db *db, long long series_id, long long like, int cap)
{
	sqlite3_stmt *st;
	int rc = -1;

	/* The job's commit is a merge or tagged; the bench jobs of that
	 * commit and suite for the series' class or any, and those pending. */
	st = db_prepk(db,
		"SELECT (EXISTS (SELECT 1 FROM commits c WHERE " DB_LEVELS("c") " "
		"  AND c.sha = j.commit_sha AND c.merged_tip IS NOT NULL) "
		"  OR EXISTS (SELECT 1 FROM tags t WHERE t.commit_sha = j.commit_sha)), "
		" count(o.id), IFNULL(SUM(o.state IN ('queued', 'running')), 0) "
		"FROM jobs j JOIN series se ON se.id = ?2 "
		"LEFT JOIN jobs o ON o.kind = 'bench' AND o.commit_sha = j.commit_sha "
		" AND json_extract(o.spec, '$.suite') IS json_extract(j.spec, '$.suite') "
		" AND (o.runner_class IS NULL OR o.runner_class = se.runner_class) "
		"WHERE j.id = ?1 AND j.kind = 'bench' AND j.commit_sha IS NOT NULL "
		"GROUP BY j.id", "II", like, series_id);
	if (!st)
		return -1;
	switch (sqlite3_step(st)) {
	case SQLITE_ROW:
		rc = sqlite3_column_int(st, 0) && sqlite3_column_int64(st, 1) < cap &&
		     sqlite3_column_int64(st, 2) == 0;
		break;
	case SQLITE_DONE:
		rc = 0;
		break;
	}
	db_done(st);
	return rc;
}

/* Body of db_measure_again in its transaction. */
static int db_measure_again_locked(struct db *db, long long *job_id, long long series_id,
				   long long like, int cap, const char *reason)
{
	int may = db_measure_may_locked(db, series_id, like, cap), rc;

	if (may <= 0)
		return may < 0 ? DB_ERR : DB_OK;
	rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO jobs (kind, spec, runner_class, priority, max_attempts, tree_id, "
		" commit_sha, build_id, created_at) SELECT 'bench', j.spec, se.runner_class, "
		" j.priority, j.max_attempts, j.tree_id, j.commit_sha, j.build_id, ?3 "
		"FROM jobs j, series se WHERE j.id = ?1 AND se.id = ?2", "III", like, series_id,
		db_now()));
	if (rc != DB_OK)
		return rc;
	*job_id = sqlite3_last_insert_rowid(db->conn);
	return db_exec_st(db, db_prepk(db,
		"INSERT INTO measure_requests (source, state, tree_id, commit_sha, build_id, "
		" series_id, spec, runner_class, priority, job_id, reason, created_at, updated_at) "
		"SELECT 'analysis', 'queued', tree_id, commit_sha, build_id, ?2, spec, "
		" runner_class, priority, id, ?3, created_at, created_at FROM jobs WHERE id = ?1",
		"IIs", *job_id, series_id, reason));
}

int db_measure_again(struct db *db, long long *job_id, long long series_id,
		     long long like_job_id, int cap, const char *reason)
{
	int rc, may;

	*job_id = 0;
	db_lock(db);
	/* Most commits may not ask (no merge, or enough jobs): found out
	 * without a write transaction, then asked again inside one. */
	may = db_measure_may_locked(db, series_id, like_job_id, cap);
	if (may <= 0) {
		db_unlock(db);
		return may < 0 ? DB_ERR : DB_OK;
	}
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_measure_again_locked(db, job_id, series_id, like_job_id, cap, reason));
	if (rc != DB_OK)
		*job_id = 0;
	db_unlock(db);
	return rc;
}

long long db_tree_id(struct db *db, const char *name)
{
	long long id;

	db_lock(db);
	id = db_scalar(db_prepk(db, "SELECT id FROM trees WHERE name = ?", "s", name), 0);
	db_unlock(db);
	return id;
}

int db_commit_resolve(struct db *db, char sha[DB_SHA_MAX + 1], long long tree_id,
		      const char *prefix)
{
	char end[DB_SHA_MAX + 2];
	sqlite3_stmt *st;
	int n = 0;

	sha[0] = '\0';
	/* Commit ids are lower-case hex: every id starting with p sorts in
	 * [p, p + "g"). */
	snprintf(end, sizeof end, "%sg", prefix);
	db_lock(db);
	st = db_prepk(db, "SELECT DISTINCT sha FROM commits c WHERE " DB_LEVELS("c") " AND "
		      "c.sha >= ? AND c.sha < ? AND c.tree_id = ? LIMIT 2", "ssI", prefix, end,
		      tree_id);
	while (st && sqlite3_step(st) == SQLITE_ROW) {
		if (!n++)
			snprintf(sha, DB_SHA_MAX + 1, "%s", (const char *)sqlite3_column_text(st, 0));
	}
	db_done(st);
	db_unlock(db);
	if (!st)
		return DB_ERR;
	return n == 0 ? DB_NOTFOUND : n > 1 ? DB_CONFLICT : DB_OK;
}

int db_build_find(struct db *db, long long *build_id, char state[16], int *has_kernel,
		  long long tree_id, const char *sha, const char *config)
{
	sqlite3_stmt *st;

	*build_id = 0;
	*has_kernel = 0;
	state[0] = '\0';
	db_lock(db);
	/* The newest good build first, else the newest of any state. */
	st = db_prepk(db, "SELECT b.id, b.state, EXISTS (SELECT 1 FROM build_artifacts ba "
		      " WHERE ba.build_id = b.id AND ba.name = 'bzImage') FROM builds b "
		      "WHERE b.commit_sha = ? AND b.tree_id IS ? AND b.config_name = ? "
		      "ORDER BY b.state = 'ok' DESC, b.id DESC LIMIT 1", "sIs", sha,
		      tree_id ? tree_id : 0, config);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		*build_id = sqlite3_column_int64(st, 0);
		snprintf(state, 16, "%s", (const char *)sqlite3_column_text(st, 1));
		*has_kernel = sqlite3_column_int(st, 2);
	}
	db_done(st);
	db_unlock(db);
	return st ? DB_OK : DB_ERR;
}

int db_bench_for_commit(struct db *db, long long *job_id, const json_t *spec,
			const char *runner_class, int priority, int max_attempts,
			long long tree_id, const char *sha, long long build_id)
{
	int rc;

	*job_id = 0;
	db_lock(db);
	if (build_id)
		rc = db_bench_insert_locked(db, build_id, spec, runner_class, priority,
					    max_attempts);
	else
		rc = db_exec_st(db, db_prepk(db,
			"INSERT INTO jobs (kind, spec, runner_class, priority, max_attempts, "
			" tree_id, commit_sha, created_at) VALUES ('bench', ?, ?, ?, ?, ?, ?, ?)",
			"jsiiIsI", spec, runner_class, priority, max_attempts, tree_id, sha,
			db_now()));
	if (rc == DB_OK)
		*job_id = sqlite3_last_insert_rowid(db->conn);
	db_unlock(db);
	return rc;
}

int db_measure_wait(struct db *db, long long *request_id, const json_t *spec,
		    const char *runner_class, int priority, long long tree_id, const char *sha,
		    long long build_id, const char *reason)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO measure_requests (source, state, tree_id, commit_sha, build_id, spec, "
		" runner_class, priority, reason, created_at, updated_at) VALUES ('submit', "
		" 'waiting', ?, ?, ?, ?, ?, ?, ?, ?, ?)", "IsIjsisII", tree_id, sha, build_id, spec,
		runner_class, priority, reason, now, now));
	*request_id = rc == DB_OK ? sqlite3_last_insert_rowid(db->conn) : 0;
	db_unlock(db);
	return rc;
}

/* Body of db_measure_build_done in its transaction. */
static int db_measure_done_locked(struct db *db, int *queued, long long build_id,
				  int max_attempts)
{
	char state[16] = "";
	sqlite3_stmt *st;
	int rc = DB_OK;

	st = db_prep(db, "SELECT state FROM builds WHERE id = ?", "I", build_id);
	if (st && sqlite3_step(st) == SQLITE_ROW)
		snprintf(state, sizeof state, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (!strcmp(state, "queued") || !strcmp(state, "building"))
		return DB_OK;
	if (!strcmp(state, "ok") && !db_scalar(db_prepk(db, "SELECT 1 FROM build_artifacts "
		"WHERE build_id = ? AND name = 'bzImage'", "I", build_id), 0))
		snprintf(state, sizeof state, "%s", "without kernel");
	if (strcmp(state, "ok"))
		return db_exec_st(db, db_prepk(db,
			"UPDATE measure_requests SET state = 'failed', updated_at = ?2, "
			" reason = 'build ' || ?1 || ' ended ' || ?3 || ': nothing to measure' "
			"WHERE build_id = ?1 AND state = 'waiting'", "IIs", build_id, db_now(),
			state[0] ? state : "unknown"));
	st = db_prep(db, "SELECT id, spec, runner_class, priority FROM measure_requests "
		     "WHERE build_id = ? AND state = 'waiting' ORDER BY id", "I", build_id);
	while (rc == DB_OK && st && sqlite3_step(st) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		const char *rclass = (const char *)sqlite3_column_text(st, 2);
		json_t *spec = json_loads((const char *)sqlite3_column_text(st, 1), 0, NULL);

		rc = spec ? db_bench_insert_locked(db, build_id, spec, rclass,
						   sqlite3_column_int(st, 3), max_attempts) : DB_ERR;
		json_decref(spec);
		if (rc == DB_OK)
			rc = db_exec_st(db, db_prepk(db,
				"UPDATE measure_requests SET state = 'queued', job_id = ?, "
				" updated_at = ? WHERE id = ?", "III",
				sqlite3_last_insert_rowid(db->conn), db_now(), id));
		*queued += rc == DB_OK;
	}
	sqlite3_finalize(st);
	return rc;
}

int db_measure_build_done(struct db *db, int *queued, long long build_id, int max_attempts)
{
	int rc;

	*queued = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_measure_done_locked(db, queued, build_id, max_attempts));
	if (rc != DB_OK)
		*queued = 0;
	db_unlock(db);
	return rc;
}
