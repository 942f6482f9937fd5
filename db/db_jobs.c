// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_jobs.c - the job queue: submit, claim with a lease, heartbeat,
 * lease expiry, and job lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_queue.h"
#include "db/db_internal.h"
#include "lib/log.h"
#include "lib/rec_job_detail.h"

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
	int requeued, failed, step, rc = DB_OK;
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
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		out->id = sqlite3_column_int64(st, 0);
		out->attempt = sqlite3_column_int(st, 1);
		out->kind = strdup((const char *)sqlite3_column_text(st, 2));
		out->spec = json_loads((const char *)sqlite3_column_text(st, 3), 0, NULL);
		out->lease_seconds = lease_seconds;
		if (!out->kind || !out->spec)
			rc = DB_ERR;
		/* the row comes before the statement's commit: a lease is given
		 * only once it is stored (a full disk fails the commit) */
		step = sqlite3_step(st);
	}
	if (step != SQLITE_DONE) {
		db_failed(db->conn, step);
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

/* The columns of a job record (struct rec_job), in db_job_row's order. */
#define DB_JOB_COLUMNS \
	"j.id, j.kind, j.state, j.priority, j.runner_class, j.spec, j.commit_sha, j.attempt, " \
	"j.max_attempts, j.reason, j.created_at, j.started_at, j.finished_at, j.lease_expires, " \
	"j.phase, j.phase_detail, j.phase_percent, j.phase_at, " \
	"(SELECT name FROM runners WHERE id = IFNULL(j.lease_owner, " \
	" (SELECT x.runner_id FROM job_results x WHERE x.job_id = j.id ORDER BY x.attempt DESC " \
	"  LIMIT 1))), (SELECT IFNULL(SUM(IFNULL(s.fold_n, 1)), 0) FROM samples s " \
	" WHERE s.job_id = j.id), " \
	"(SELECT t.name FROM trees t WHERE t.id = j.tree_id), j.build_id "

/* A row of DB_JOB_COLUMNS into *x (zeroed first, shape ROW); DB_ERR
 * when out of memory, *x then disposed. */
static int db_job_row(sqlite3_stmt *st, struct rec_job *x)
{
	int rc = DB_OK;

	memset(x, 0, sizeof *x);
	x->id = sqlite3_column_int64(st, 0);
	rc |= db_column_copy(&x->kind, st, 1);
	rc |= db_column_copy(&x->state, st, 2);
	x->priority = sqlite3_column_int64(st, 3);
	rc |= db_column_copy(&x->runner_class, st, 4);
	x->spec = db_column_json(st, 5);
	rc |= db_column_copy(&x->commit_sha, st, 6);
	x->attempt = sqlite3_column_int64(st, 7);
	x->max_attempts = sqlite3_column_int64(st, 8);
	rc |= db_column_copy(&x->reason, st, 9);
	x->created_at = sqlite3_column_int64(st, 10);
	x->started_at = sqlite3_column_int64(st, 11);
	x->finished_at = sqlite3_column_int64(st, 12);
	x->lease_expires = sqlite3_column_int64(st, 13);
	rc |= db_column_copy(&x->phase, st, 14);
	rc |= db_column_copy(&x->phase_detail, st, 15);
	x->phase_percent = db_column_measure(st, 16);
	x->phase_at = sqlite3_column_int64(st, 17);
	rc |= db_column_copy(&x->runner, st, 18);
	x->samples = sqlite3_column_int64(st, 19);
	rc |= db_column_copy(&x->tree, st, 20);
	x->build_id = sqlite3_column_int64(st, 21);
	if (rc != DB_OK || !x->spec || rec_job_spec_fields(x) < 0) {
		rec_job_dispose(x);
		return DB_ERR;
	}
	return DB_OK;
}

/* db_job_row for db_rows_into. */
static int db_job_row_any(sqlite3_stmt *st, void *x)
{
	return db_job_row(st, x);
}

/* The rows of st (prepared under the caller's read lock), at most limit,
 * into *out; ends st.  *out is empty on error. */
static int db_jobs_into(struct rec_jobs *out, sqlite3_stmt *st, int limit)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v) {
		db_done(st);
		return DB_ERR;
	}
	rc = db_rows_into(st, out->v, sizeof *out->v, (size_t)limit, &out->n, db_job_row_any);
	if (rc != DB_OK)
		rec_jobs_dispose(out);
	return rc;
}

int db_jobs_list(struct db *db, struct rec_jobs *out, const char *state, int limit,
		 int offset)
{
	int rc;

	db_read_lock(db);
	rc = db_jobs_into(out, db_prepk(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j WHERE ?1 IS "
					"NULL OR j.state = ?1 ORDER BY j.id DESC LIMIT ? OFFSET ?",
					"sii", state, limit, offset), limit);
	db_read_unlock(db);
	return rc;
}

int db_jobs_find(struct db *db, struct rec_jobs *out, const struct db_job_filter *f, int limit,
		 int offset)
{
	int rc;

	db_read_lock(db);
	rc = db_jobs_into(out, db_prepk(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j "
		"WHERE (?1 IS NULL OR j.state = ?1) AND (?2 IS NULL OR j.kind = ?2) "
		" AND (?3 IS NULL OR j.runner_class = ?3) "
		" AND (?4 IS NULL OR j.tree_id = (SELECT t.id FROM trees t WHERE t.name = ?4)) "
		" AND (?5 IS NULL OR j.commit_sha = ?5 OR (length(?5) < 40 AND "
		"  substr(j.commit_sha, 1, length(?5)) = ?5)) "
		" AND (?6 = 0 OR j.created_at >= ?6) AND (?7 = 0 OR j.created_at < ?7) "
		" AND (?10 = 0 OR j.id < ?10) "
		"ORDER BY j.id DESC LIMIT ?8 OFFSET ?9",
		"sssssIIiiI", f->state, f->kind, f->runner_class, f->tree, f->commit, f->since,
		f->until, limit, offset, f->before), limit);
	db_read_unlock(db);
	for (size_t i = 0; i < out->n; i++)
		out->v[i].shape = REC_JOB_FOUND;
	return rc;
}

int db_jobs_running(struct db *db, struct rec_jobs *out)
{
	int rc;

	db_read_lock(db);
	rc = db_jobs_into(out, db_prepk(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j WHERE "
					"j.state = 'running' ORDER BY j.started_at, j.id LIMIT ?",
					"i", DB_MAX_LIST), DB_MAX_LIST);
	db_read_unlock(db);
	return rc;
}

int db_job_get(struct db *db, struct rec_job *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_ERR, step;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j WHERE j.id = ?", "I", id);
	step = st ? sqlite3_step(st) : SQLITE_ERROR;
	if (step == SQLITE_DONE)
		rc = DB_NOTFOUND;
	else if (step == SQLITE_ROW)
		rc = db_job_row(st, out);
	db_done(st);
	db_read_unlock(db);
	return rc;
}
