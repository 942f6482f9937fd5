/*
 * db_jobs.c - the job queue: submit, claim with a lease, heartbeat,
 * lease expiry, and job lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "lib/log.h"

/* --- jobs ----------------------------------------------------------- */

int db_job_submit(struct db *db, long long *id, const char *kind, const json_t *spec,
		  const char *runner_class, int priority, int max_attempts)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO jobs (kind, spec, runner_class, priority, "
				   "max_attempts, created_at) VALUES (?, ?, ?, ?, ?, ?)",
				   "sjsiiI", kind, spec, runner_class, priority, max_attempts,
				   db_now()));
	*id = rc == DB_OK ? sqlite3_last_insert_rowid(db->conn) : 0;
	db_unlock(db);
	return rc;
}

/* Requeue or fail expired leases; caller holds the lock. */
static int db_expire_locked(struct db *db, int *requeued, int *failed)
{
	long long now = db_now();
	int rc;

	rc = db_exec_st(db, db_prepk(db,
		"UPDATE jobs SET state = 'failed', finished_at = ?1, lease_owner = NULL, "
		" lease_expires = NULL, "
		" reason = 'lease expired on attempt ' || attempt || ' of ' || max_attempts || "
		"  ' (runner ' || IFNULL((SELECT name FROM runners WHERE id = lease_owner), '?') || "
		"  ' stopped answering)' "
		"WHERE state = 'running' AND lease_expires < ?1 AND attempt >= max_attempts",
		"I", now));
	*failed = rc == DB_OK ? sqlite3_changes(db->conn) : 0;
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_expires = NULL, "
			" reason = 'requeued: the lease of attempt ' || attempt || ' expired (runner ' || "
			"  IFNULL((SELECT name FROM runners WHERE id = lease_owner), '?') || ')' "
			"WHERE state = 'running' AND lease_expires < ?", "I", now));
	*requeued = rc == DB_OK ? sqlite3_changes(db->conn) : 0;
	return rc;
}

int db_job_expire_leases(struct db *db, int *requeued, int *failed)
{
	int rc;

	db_lock(db);
	rc = db_expire_locked(db, requeued, failed);
	db_unlock(db);
	return rc;
}

int db_job_claim(struct db *db, struct proto_job *out, long long runner_id,
		 int lease_seconds)
{
	sqlite3_stmt *st;
	int requeued, failed, rc = DB_OK;
	long long now = db_now();

	memset(out, 0, sizeof *out);
	db_lock(db);
	db_expire_locked(db, &requeued, &failed);
	/* One statement: the pick and the lease cannot be separated. */
	st = db_prep(db,
		"UPDATE jobs SET state = 'running', lease_owner = ?1, lease_expires = ?2 + ?3, "
		" attempt = attempt + 1, started_at = ?2, reason = NULL, phase = 'claimed', "
		" phase_detail = NULL, phase_percent = NULL, phase_at = ?2 "
		"WHERE id = (SELECT j.id FROM jobs j, runners r WHERE r.id = ?1 "
		"  AND j.state = 'queued' "
		"  AND (j.runner_class IS NULL OR j.runner_class = r.runner_class) "
		"  AND j.kind IN (SELECT value FROM json_each(r.capabilities)) "
		"  AND (j.kind <> 'bench' OR json_extract(j.spec, '$.boot') IN "
		"       (SELECT value FROM json_each(r.boot_methods))) "
		"  ORDER BY j.priority DESC, j.id LIMIT 1) "
		"RETURNING id, attempt, kind, spec", "III", runner_id, now, (long long)lease_seconds);
	if (!st) {
		db_unlock(db);
		return DB_ERR;
	}
	switch (sqlite3_step(st)) {
	case SQLITE_ROW:
		out->id = sqlite3_column_int64(st, 0);
		out->attempt = sqlite3_column_int(st, 1);
		out->kind = strdup((const char *)sqlite3_column_text(st, 2));
		out->spec = json_loads((const char *)sqlite3_column_text(st, 3), 0, NULL);
		out->lease_seconds = lease_seconds;
		if (!out->kind || !out->spec)
			rc = DB_ERR;
		break;
	case SQLITE_DONE:
		break;
	default:
		log_error("db: claim: %s", sqlite3_errmsg(db->conn));
		rc = DB_ERR;
	}
	sqlite3_finalize(st);
	db_unlock(db);
	if (rc != DB_OK)
		proto_job_dispose(out);
	return rc;
}

int db_job_heartbeat(struct db *db, long long job_id, int attempt, long long runner_id,
		     int lease_seconds)
{
	return db_job_heartbeat_phase(db, job_id, attempt, runner_id, lease_seconds, NULL, NULL,
				      -1);
}

/* Finds or creates the metric of a sample; DB_MISMATCH when it exists with
 * another unit or direction. */
#define DB_JOB_COLUMNS \
	"j.id, j.kind, j.state, j.priority, j.runner_class, j.spec AS spec_json, " \
	"j.commit_sha, j.attempt, j.max_attempts, j.reason, j.created_at, j.started_at, " \
	"j.finished_at, j.lease_expires, j.phase, j.phase_detail, j.phase_percent, j.phase_at, " \
	"(SELECT name FROM runners WHERE id = IFNULL(j.lease_owner, " \
	" (SELECT x.runner_id FROM job_results x WHERE x.job_id = j.id ORDER BY x.attempt DESC " \
	"  LIMIT 1))) AS runner, (SELECT count(*) FROM samples s WHERE s.job_id = j.id) AS samples "

json_t *db_jobs_list(struct db *db, const char *state, int limit, int offset)
{
	json_t *rows;

	db_read_lock(db);
	rows = db_rows(db, db_prepk(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j "
				   "WHERE ?1 IS NULL OR j.state = ?1 ORDER BY j.id DESC LIMIT ? OFFSET ?",
				   "sii", state, limit, offset));
	db_read_unlock(db);
	return rows;
}

json_t *db_job_get(struct db *db, long long id)
{
	json_t *rows, *job = NULL;

	db_read_lock(db);
	rows = db_rows(db, db_prepk(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j WHERE j.id = ?",
				   "I", id));
	db_read_unlock(db);
	if (rows && json_array_size(rows))
		job = json_incref(json_array_get(rows, 0));
	json_decref(rows);
	return job;
}
