// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_progress.c - what people wait for: the phase of a running job (its
 * runner's heartbeats, migration 0018), a job given back by its runner,
 * how long earlier jobs of the same kind took, and the pipeline's counts
 * for the overview (docs/dashboard.md).
 */
#include <stdlib.h>
#include <string.h>

#include "db/db_queue.h"
#include "db/db_internal.h"

int db_job_heartbeat_phase(struct db *db, long long job_id, int attempt, long long runner_id,
			   int lease_seconds, const char *phase, const char *detail, int percent)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE jobs SET lease_expires = ?1 + ?2, "
		" phase_at = CASE WHEN ?6 IS NULL OR phase IS ?6 THEN phase_at ELSE ?1 END, "
		" phase = IFNULL(?6, phase), "
		" phase_detail = CASE WHEN ?6 IS NULL THEN phase_detail ELSE ?7 END, "
		" phase_percent = CASE WHEN ?6 IS NULL THEN phase_percent ELSE ?8 END "
		"WHERE id = ?3 AND attempt = ?4 AND lease_owner = ?5 AND state = 'running'",
		"IiIiIssi", now, lease_seconds, job_id, attempt, runner_id, phase, detail,
		percent));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_CONFLICT;
	db_unlock(db);
	return rc;
}

int db_job_release(struct db *db, long long job_id, int attempt, long long runner_id)
{
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	/* queued again; the attempt it used does not count against its limit */
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_expires = NULL, "
		" max_attempts = max_attempts + 1, phase = NULL, phase_detail = NULL, "
		" phase_percent = NULL, phase_at = NULL, "
		" reason = 'given back on attempt ' || attempt || ' by runner ' || "
		"  IFNULL((SELECT name FROM runners WHERE id = ?3), '?') || ', which was stopped' "
		"WHERE id = ?1 AND attempt = ?2 AND lease_owner = ?3 AND state = 'running'",
		"IiI", job_id, attempt, runner_id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_CONFLICT;
	/* its build, if it was one, waits for the next attempt */
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE builds SET state = 'queued', "
					   "finished_at = NULL WHERE job_id = ? AND state = 'building'",
					   "I", job_id));
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

/* The jobs an estimate compares a job with: done, of the same kind, tree
 * and config (builds), or suite, boot method and runner class (bench),
 * among the DB_ESTIMATE_LOOKBACK jobs before it and any after it, newest
 * first; their durations in seconds.  The unary + on o.state keeps
 * SQLite off jobs_queue (every done job read, then sorted): it walks jobs
 * newest first and stops at the DB_ESTIMATE_JOBS-th match, or at the
 * look-back, so that a kind of job seldom run reads no more of a long
 * history than a common one. */
#define DB_ESTIMATE_JOBS 20
#define DB_ESTIMATE_LOOKBACK 20000

static int db_cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

int db_job_estimate(struct db *db, long long job_id, struct rec_estimate *out)
{
	long long *d;
	size_t n;
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_ids(db_prepk(db,
		"SELECT o.finished_at - o.started_at AS seconds FROM jobs j JOIN jobs o "
		" ON o.kind = j.kind AND +o.state = 'done' AND o.id <> j.id "
		" AND o.started_at IS NOT NULL AND o.finished_at >= o.started_at "
		" AND (CASE WHEN j.kind = 'build' THEN o.tree_id IS j.tree_id AND "
		"  json_extract(o.spec, '$.config') IS json_extract(j.spec, '$.config') "
		"  ELSE json_extract(o.spec, '$.suite') IS json_extract(j.spec, '$.suite') AND "
		"  json_extract(o.spec, '$.boot') IS json_extract(j.spec, '$.boot') AND "
		"  o.runner_class IS j.runner_class END) "
		" AND o.id > j.id - ?3 "
		"WHERE j.id = ?1 ORDER BY o.id DESC LIMIT ?2", "IiI", job_id, DB_ESTIMATE_JOBS,
		(long long)DB_ESTIMATE_LOOKBACK),
		&d, &n);
	db_read_unlock(db);
	if (rc != DB_OK)
		return DB_ERR;
	if (n) {
		qsort(d, n, sizeof *d, db_cmp_ll);
		*out = (struct rec_estimate){ (long long)n,
					      n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2,
					      d[0], d[n - 1] };
	}
	free(d);
	return DB_OK;
}

int db_pipeline(struct db *db, struct rec_pipeline *out)
{
	long long *v[] = { &out->queued_builds, &out->queued_bench, &out->building,
			   &out->booting, &out->measuring, &out->changes_open, &out->bisecting,
			   &out->reporting, &out->reports };
	sqlite3_stmt *st;
	int rc = DB_ERR;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT "
		" (SELECT count(*) FROM jobs WHERE state = 'queued' AND kind = 'build') AS queued_builds, "
		" (SELECT count(*) FROM jobs WHERE state = 'queued' AND kind = 'bench') AS queued_bench, "
		" (SELECT count(*) FROM jobs WHERE state = 'running' AND kind = 'build') AS building, "
		" (SELECT count(*) FROM jobs WHERE state = 'running' AND kind = 'bench' AND "
		"  IFNULL(phase, 'claimed') IN ('claimed', 'start', 'fetch', 'boot')) AS booting, "
		" (SELECT count(*) FROM jobs WHERE state = 'running' AND kind = 'bench' AND "
		"  IFNULL(phase, 'claimed') NOT IN ('claimed', 'start', 'fetch', 'boot')) AS measuring, "
		" (SELECT count(*) FROM changes WHERE state IN ('new', 'confirmed', 'bisecting') "
		"  AND withdrawn_at IS NULL) "
		"  AS changes_open, "
		" (SELECT count(*) FROM bisections WHERE state = 'running') AS bisecting, "
		" (SELECT count(DISTINCT report_id) FROM report_deliveries "
		"  WHERE state IN ('pending', 'sending', 'digest')) AS reporting, "
		" (SELECT count(*) FROM reports) AS reports", "");
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		for (int i = 0; i < (int)(sizeof v / sizeof *v); i++)
			*v[i] = sqlite3_column_int64(st, i);
		rc = DB_OK;
	}
	db_done(st);
	db_read_unlock(db);
	return rc;
}
