// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_bisect_probe.c - a running bisection's probes in the database
 * (migration 0016, daemon/bisect/bisector.c): each probe with what its build and
 * jobs have become, the samples they left, the builds and jobs queued
 * for it (at the bisection's priority, linked to the probe, refused once
 * the bisection is not running), its end and the log entry it appends,
 * the bisection's progress and end, and the runners free for a round.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_bisect.h"
#include "db/db_internal.h"

/* The columns of a probe with its jobs and build (p, b). */
#define DB_PROBE_COLUMNS \
	"p.id, p.role, IFNULL(p.idx, -1), p.sha, p.round, p.state, IFNULL(p.outcome, ''), " \
	"IFNULL(p.build_id, 0), p.iterations, p.retries, p.created_at, p.updated_at, " \
	"p.build_retries, IFNULL(p.reason, ''), " \
	"(SELECT count(*) FROM bisection_jobs bj WHERE bj.probe_id = p.id), " \
	"(SELECT count(*) FROM bisection_jobs bj JOIN jobs j ON j.id = bj.job_id " \
	" WHERE bj.probe_id = p.id AND j.state IN ('queued', 'running')), " \
	"(SELECT count(*) FROM bisection_jobs bj JOIN jobs j ON j.id = bj.job_id " \
	" WHERE bj.probe_id = p.id AND j.state IN ('failed', 'cancelled')), " \
	"(SELECT j.reason FROM bisection_jobs bj JOIN jobs j ON j.id = bj.job_id " \
	" WHERE bj.probe_id = p.id AND j.state IN ('failed', 'cancelled') ORDER BY j.id DESC " \
	" LIMIT 1), IFNULL(b.state, ''), EXISTS (SELECT 1 FROM build_artifacts ba " \
	" WHERE ba.build_id = b.id AND ba.name = 'bzImage'), " \
	"IFNULL((SELECT j.state FROM jobs j WHERE j.id = b.job_id), ''), " \
	"IFNULL(b.error, (SELECT j.reason FROM jobs j WHERE j.id = b.job_id)) "

static void db_probe_of(struct db_bisect_probe *p, sqlite3_stmt *st)
{
	p->id = sqlite3_column_int64(st, 0);
	db_column_text(p->role, sizeof p->role, st, 1);
	p->idx = sqlite3_column_int64(st, 2);
	db_column_text(p->sha, sizeof p->sha, st, 3);
	p->round = sqlite3_column_int(st, 4);
	db_column_text(p->state, sizeof p->state, st, 5);
	db_column_text(p->outcome, sizeof p->outcome, st, 6);
	p->build_id = sqlite3_column_int64(st, 7);
	p->iterations = sqlite3_column_int(st, 8);
	p->retries = sqlite3_column_int(st, 9);
	p->created_at = sqlite3_column_int64(st, 10);
	p->updated_at = sqlite3_column_int64(st, 11);
	p->build_retries = sqlite3_column_int(st, 12);
	db_column_text(p->reason, sizeof p->reason, st, 13);
	p->jobs = sqlite3_column_int(st, 14);
	p->pending = sqlite3_column_int(st, 15);
	p->failed = sqlite3_column_int(st, 16);
	db_column_text(p->failure, sizeof p->failure, st, 17);
	db_column_text(p->build_state, sizeof p->build_state, st, 18);
	p->build_kernel = sqlite3_column_int(st, 19);
	db_column_text(p->build_job, sizeof p->build_job, st, 20);
	db_column_text(p->build_error, sizeof p->build_error, st, 21);
}

int db_bisect_probes(struct db *db, struct db_bisect_probe **out, size_t *n, long long id)
{
	struct db_bisect_probe *v = NULL;
	long long count;
	sqlite3_stmt *st;
	size_t k = 0;

	*out = NULL;
	*n = 0;
	db_read_lock(db);
	count = db_scalar(db_prepk(db, "SELECT count(*) FROM bisection_probes WHERE "
				  "bisection_id = ?", "I", id), 0);
	v = calloc(count > 0 ? (size_t)count : 1, sizeof *v);
	st = v ? db_prepk(db, "SELECT " DB_PROBE_COLUMNS "FROM bisection_probes p "
			  "LEFT JOIN builds b ON b.id = p.build_id WHERE p.bisection_id = ? "
			  "ORDER BY p.id", "I", id) : NULL;
	while (st && k < (size_t)count && sqlite3_step(st) == SQLITE_ROW)
		db_probe_of(&v[k++], st);
	db_done(st);
	db_read_unlock(db);
	if (!st) {
		free(v);
		return DB_ERR;
	}
	*out = v;
	*n = k;
	return DB_OK;
}

int db_bisect_samples(struct db *db, struct db_bisect_sample **out, size_t *n, long long id)
{
	struct db_bisect_sample *v = NULL;
	size_t k = 0, cap = 0;
	sqlite3_stmt *st;
	int rc = DB_OK, step;

	*out = NULL;
	*n = 0;
	db_read_lock(db);
	/* the routine series' samples at the probes' commits, and those of
	 * the bisection's own jobs, which land in series of their own
	 * ("CONFIG@bisect", the revert's "CONFIG@revert-SHA") matched by
	 * metric and class; the revert's are sha "" */
	st = db_prepk(db,
		"SELECT s.series_id, s.job_id, s.commit_sha, s.value, s.iteration, "
		" " DB_FOLD_COLUMNS("s") " FROM bisection_metrics bm "
		" JOIN samples s ON s.series_id = bm.series_id "
		" JOIN job_results r ON r.job_id = s.job_id AND r.attempt = s.attempt "
		"WHERE bm.bisection_id = ?1 AND r.status = 'ok' AND s.commit_sha IN "
		" (SELECT sha FROM bisection_probes WHERE bisection_id = ?1 AND role <> 'revert') "
		"UNION ALL "
		"SELECT bm.series_id, s.job_id, CASE WHEN p.role = 'revert' THEN '' "
		" ELSE s.commit_sha END, s.value, s.iteration, " DB_FOLD_COLUMNS("s")
		" FROM bisection_probes p "
		" JOIN bisection_jobs bj ON bj.probe_id = p.id JOIN samples s ON s.job_id = bj.job_id "
		" JOIN job_results r ON r.job_id = s.job_id AND r.attempt = s.attempt "
		" JOIN series se ON se.id = s.series_id "
		" JOIN bisection_metrics bm ON bm.bisection_id = p.bisection_id "
		" JOIN series sb ON sb.id = bm.series_id AND sb.metric_id = se.metric_id "
		"  AND sb.runner_class = se.runner_class "
		"WHERE p.bisection_id = ?1 AND r.status = 'ok' AND s.series_id <> bm.series_id "
		"ORDER BY 1, 3, 2, 5", "I", id);
	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&v, &cap, k, sizeof *v, DB_MAX_SIDE_SAMPLES);
		if (rc != DB_OK)
			break;
		v[k].series_id = sqlite3_column_int64(st, 0);
		v[k].job_id = sqlite3_column_int64(st, 1);
		db_column_text(v[k].sha, sizeof v[k].sha, st, 2);
		v[k].value = sqlite3_column_double(st, 3);
		db_fold_read(&v[k].fold, st, 5);
		k++;
	}
	if (st && rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
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

int db_bisect_progress(struct db *db, long long id, const char *phase, long long remaining,
		       long long rounds, long long probes, long long parallel, const char *culprit,
		       const json_t *log)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE bisections SET phase = ?1, "
		" remaining = CASE WHEN ?2 < 0 THEN remaining ELSE ?2 END, "
		" rounds = CASE WHEN ?3 < 0 THEN rounds ELSE ?3 END, "
		" probes = CASE WHEN ?4 < 0 THEN probes ELSE ?4 END, "
		" parallel = CASE WHEN ?5 < 0 THEN parallel ELSE ?5 END, "
		" culprit_sha = IFNULL(?6, culprit_sha), log = IFNULL(?7, log), "
		" updated_at = ?8 WHERE id = ?9 AND state = 'running'", "sIIIIsjII", phase,
		remaining, rounds, probes, parallel, culprit, log, db_now(), id));
	db_unlock(db);
	return rc;
}

int db_bisect_probe_new(struct db *db, long long *probe_id, long long bisection_id,
			const char *role, long long idx, const char *sha, int round,
			int iterations)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO bisection_probes (bisection_id, role, idx, sha, round, state, "
		" iterations, created_at, updated_at) VALUES (?, ?, NULLIF(?, -1), ?, ?, "
		" 'measuring', ?, ?, ?)", "IsIsiiII", bisection_id, role, idx, sha, round,
		iterations, now, now));
	*probe_id = rc == DB_OK ? sqlite3_last_insert_rowid(db->conn) : 0;
	db_unlock(db);
	return rc;
}

static int db_bisect_probe_set_locked(struct db *db, long long probe_id, const char *state,
				      const char *outcome, const char *reason,
				      const json_t *detail, int retries, int build_retries,
				      int iterations, const json_t *entry)
{
	long long now = db_now();
	int rc;

	rc = db_exec_st(db, db_prepk(db,
		"UPDATE bisection_probes SET state = ?1, outcome = IFNULL(?2, outcome), "
		" reason = IFNULL(?3, reason), detail = IFNULL(?4, detail), "
		" retries = CASE WHEN ?5 < 0 THEN retries ELSE ?5 END, "
		" build_retries = CASE WHEN ?6 < 0 THEN build_retries ELSE ?6 END, "
		" iterations = CASE WHEN ?7 < 0 THEN iterations ELSE ?7 END, updated_at = ?8, "
		" decided_at = CASE WHEN ?1 IN ('decided', 'skipped') THEN ?8 ELSE decided_at END "
		"WHERE id = ?9", "sssjiiiII", state, outcome, reason, detail, retries,
		build_retries, iterations, now, probe_id));
	if (rc == DB_OK && entry)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE bisections SET log = json_insert(IFNULL(log, '[]'), '$[#]', json(?1)), "
			" updated_at = ?2 WHERE id = (SELECT bisection_id FROM bisection_probes "
			" WHERE id = ?3)", "jII", entry, now, probe_id));
	return rc;
}

int db_bisect_probe_set(struct db *db, long long probe_id, const char *state,
			const char *outcome, const char *reason, const json_t *detail,
			int retries, int build_retries, int iterations, const json_t *entry)
{
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_bisect_probe_set_locked(db, probe_id, state, outcome, reason, detail,
						   retries, build_retries, iterations, entry));
	db_unlock(db);
	return rc;
}

int db_bisect_probe_build(struct db *db, long long probe_id, long long build_id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE bisection_probes SET build_id = ?, state = "
				   "'building', updated_at = ? WHERE id = ?", "III", build_id, db_now(),
				   probe_id));
	db_unlock(db);
	return rc;
}

/* DB_CONFLICT unless probe_id's bisection is running (a cancel may have
 * come from another thread since the bisector read it). */
static int db_probe_running_locked(struct db *db, long long probe_id)
{
	return db_scalar(db_prepk(db, "SELECT 1 FROM bisection_probes p JOIN bisections b ON "
				  "b.id = p.bisection_id WHERE p.id = ? AND b.state = 'running'", "I",
				  probe_id), 0) ? DB_OK : DB_CONFLICT;
}

static int db_bisect_build_locked(struct db *db, long long *build_id, long long probe_id,
				  long long bisection_id, const json_t *spec,
				  const char *config_name, int priority, int max_attempts)
{
	long long job_id;
	int rc = db_probe_running_locked(db, probe_id);

	if (rc == DB_OK)
		rc = db_build_queue_locked(db, &job_id, build_id, spec, NULL, priority,
					   max_attempts);

	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE builds SET bisection_id = ?, "
					   "config_name = ? WHERE id = ?", "IsI", bisection_id,
					   config_name, *build_id));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE bisection_probes SET build_id = ?, "
					   "state = 'building', updated_at = ? WHERE id = ?", "III",
					   *build_id, db_now(), probe_id));
	return rc;
}

int db_bisect_queue_build(struct db *db, long long *build_id, long long probe_id,
			  long long bisection_id, const json_t *spec, const char *config_name,
			  int priority, int max_attempts)
{
	int rc;

	*build_id = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_bisect_build_locked(db, build_id, probe_id, bisection_id, spec,
					       config_name, priority, max_attempts));
	if (rc != DB_OK)
		*build_id = 0;
	db_unlock(db);
	return rc;
}

static int db_bisect_jobs_locked(struct db *db, int *queued, long long probe_id,
				 const json_t *spec, const char *runner_class, int priority,
				 int max_attempts, long long tree_id, const char *sha,
				 long long build_id, int count)
{
	int rc = db_probe_running_locked(db, probe_id);

	for (int i = 0; rc == DB_OK && i < count; i++) {
		if (build_id)
			rc = db_bench_insert_locked(db, build_id, spec, runner_class, priority,
						    max_attempts);
		else
			rc = db_exec_st(db, db_prepk(db,
				"INSERT INTO jobs (kind, spec, runner_class, priority, max_attempts, "
				" tree_id, commit_sha, created_at) VALUES ('bench', json_patch(?1, "
				" json_object('commit', ?6)), ?2, ?3, ?4, NULLIF(?5, 0), ?6, ?7)", "jsiiIsI",
				spec, runner_class, priority, max_attempts, tree_id, sha, db_now()));
		if (rc == DB_OK) {
			long long job = sqlite3_last_insert_rowid(db->conn);

			/* its samples go to the bisection's series, not the routine one */
			rc = db_exec_st(db, db_prepk(db,
				"UPDATE jobs SET spec = json_set(spec, '$.config', IFNULL(json_extract("
				" spec, '$.config'), '') || '@bisect') WHERE id = ? AND instr(IFNULL("
				" json_extract(spec, '$.config'), ''), '@') = 0", "I", job));
			if (rc == DB_OK)
				rc = db_exec_st(db, db_prepk(db, "INSERT INTO bisection_jobs (probe_id, "
							   "job_id) VALUES (?, ?)", "II", probe_id, job));
		}
		*queued += rc == DB_OK;
	}
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE bisection_probes SET state = 'measuring', "
					   "updated_at = ? WHERE id = ?", "II", db_now(), probe_id));
	return rc;
}

int db_bisect_queue_jobs(struct db *db, int *queued, long long probe_id, const json_t *spec,
			 const char *runner_class, int priority, int max_attempts,
			 long long tree_id, const char *sha, long long build_id, int count)
{
	int rc;

	*queued = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_bisect_jobs_locked(db, queued, probe_id, spec, runner_class, priority,
					      max_attempts, tree_id, sha, build_id, count));
	if (rc != DB_OK)
		*queued = 0;
	db_unlock(db);
	return rc;
}

/* Cancels queued bench jobs (a build may serve others: it stays). */
static int db_bisect_cancel_locked(struct db *db, long long bisection_id, long long probe_id)
{
	return db_exec_st(db, db_prepk(db,
		"UPDATE jobs SET state = 'cancelled', finished_at = ?3, reason = "
		" 'cancelled: bisection ' || ?1 || ' no longer needs it' "
		"WHERE state = 'queued' AND kind = 'bench' AND id IN (SELECT bj.job_id "
		" FROM bisection_jobs bj JOIN bisection_probes p ON p.id = bj.probe_id "
		" WHERE p.bisection_id = ?1 AND (?2 = 0 OR p.id = ?2))", "III", bisection_id,
		probe_id, db_now()));
}

int db_bisect_cancel(struct db *db, long long bisection_id, long long probe_id)
{
	int rc;

	db_lock(db);
	rc = db_bisect_cancel_locked(db, bisection_id, probe_id);
	db_unlock(db);
	return rc;
}

static int db_bisect_finish_locked(struct db *db, long long id, const char *state,
				   const char *culprit, const char *reason, double confidence,
				   const json_t *log, const json_t *result)
{
	long long now = db_now();
	int found = !strcmp(state, "done") && culprit && *culprit;
	int rc;

	rc = db_exec_st(db, db_prepk(db,
		"UPDATE bisections SET state = ?1, culprit_sha = CASE WHEN ?1 = 'done' THEN ?2 "
		" ELSE culprit_sha END, reason = ?3, confidence = ?4, log = IFNULL(?5, log), "
		" result = ?6, phase = NULL, finished_at = ?7, updated_at = ?7 "
		"WHERE id = ?8 AND state = 'running'", "sssdjjII", state, culprit, reason,
		isfinite(confidence) ? confidence : NAN, log, result, now, id));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE changes SET state = CASE WHEN ?2 THEN 'culprit-found' ELSE 'new' END "
			"WHERE range_key = (SELECT c.range_key FROM changes c JOIN bisections b "
			" ON b.change_id = c.id WHERE b.id = ?1) AND kind = 'perf' "
			" AND (state = 'bisecting' OR (?2 AND id = (SELECT change_id FROM bisections "
			"  WHERE id = ?1) AND state IN ('new', 'confirmed')))", "Ii", id, found));
	if (rc == DB_OK)      /* the ends keep their outcome; what was still measured is moot */
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE bisection_probes SET state = CASE WHEN role IN ('good', 'bad') "
			" THEN 'decided' ELSE 'moot' END, outcome = CASE WHEN role IN ('good', 'bad') "
			" THEN role ELSE outcome END, updated_at = ?2 "
			"WHERE bisection_id = ?1 AND state IN ('building', 'measuring')", "II", id, now));
	if (rc == DB_OK)
		rc = db_bisect_cancel_locked(db, id, 0);
	return rc;
}

int db_bisect_finish(struct db *db, long long id, const char *state, const char *culprit,
		     const char *reason, double confidence, const json_t *log,
		     const json_t *result)
{
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_bisect_finish_locked(db, id, state, culprit, reason, confidence, log,
						result));
	db_unlock(db);
	return rc;
}

long long db_bisect_free_runners(struct db *db, const char *runner_class, const char *boot,
				 int priority, long long seen_since)
{
	long long n;

	db_read_lock(db);
	n = db_scalar(db_prepk(db,
		"SELECT count(*) FROM runners r WHERE r.runner_class = ?1 AND r.last_seen >= ?4 "
		" AND EXISTS (SELECT 1 FROM json_each(r.capabilities) WHERE value = 'bench') "
		" AND (?2 IS NULL OR EXISTS (SELECT 1 FROM json_each(r.boot_methods) "
		"  WHERE value = ?2)) "
		" AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.lease_owner = r.id "
		"  AND j.state = 'running' AND j.priority >= ?3)", "ssiI", runner_class, boot,
		priority, seen_since), 0);
	db_read_unlock(db);
	return n;
}
