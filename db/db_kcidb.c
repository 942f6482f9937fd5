// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_kcidb.c - what the KCIDB export (daemon/export/kcidb.c) reads and what it
 * remembers having sent (migration 0015, table kcidb_sent).
 *
 * Each read lists rows of one kind that are final and not yet delivered,
 * after a cursor (the caller's last id), in id order; kcidb_sent's
 * primary key (kind, ref) makes "not yet delivered" one index probe per
 * row.  Rows are plain JSON objects: daemon/export/kcidb.c turns them into
 * KCIDB objects.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db_reports.h"
#include "db/db_internal.h"
#include "lib/fail.h"

/* The build columns KCIDB's checkout and build objects are made of. */
#define DB_KCIDB_BUILD_SELECT \
	"SELECT b.id, b.tree_id, t.name AS tree, t.url, b.commit_sha, b.branch, " \
	" b.config_name, b.state, b.duration_ms, b.compiler, b.kernel_release, " \
	" b.text_size, b.data_size, b.bss_size, b.image_size, b.make_jobs, " \
	" b.created_at, b.started_at, b.finished_at, b.error, b.spec AS spec_json, " \
	" (SELECT c.subject FROM commits c WHERE " DB_LEVELS("c") " AND c.sha = b.commit_sha " \
	"   AND c.tree_id = b.tree_id) AS subject, " \
	" EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'checkout' " \
	"   AND s.ref = b.tree_id || ':' || b.commit_sha) AS checkout_sent, " \
	" (SELECT json_group_array(json_object('name', ba.name, 'sha256', ba.sha256)) " \
	"   FROM build_artifacts ba WHERE ba.build_id = b.id) AS artifacts_json " \
	"FROM builds b JOIN trees t ON t.id = b.tree_id "

json_t *db_kcidb_builds(struct db *db, long long after, int limit)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db, DB_KCIDB_BUILD_SELECT
		"WHERE b.id > ? AND b.state IN ('ok', 'failed', 'timeout') "
		" AND NOT EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'build' "
		"   AND s.ref = CAST(b.id AS TEXT)) "
		"ORDER BY b.id LIMIT ?", "Ii", after, limit));
	db_unlock(db);
	return rows;
}

json_t *db_kcidb_build(struct db *db, long long id)
{
	json_t *rows, *row;

	db_lock(db);
	rows = db_rows(db, db_prepk(db, DB_KCIDB_BUILD_SELECT "WHERE b.id = ?", "I", id));
	db_unlock(db);
	row = json_incref(json_array_get(rows, 0));
	json_decref(rows);
	return row;
}

int db_kcidb_sent(struct db *db, const char *kind, long long ref)
{
	int sent;

	db_lock(db);
	sent = (int)db_scalar(db_prepk(db, "SELECT 1 FROM kcidb_sent WHERE kind = ? AND ref = ?",
				       "sI", kind, ref), 0);
	db_unlock(db);
	return sent;
}

/*
 * Bench jobs that are done, of a build that is final, with the samples
 * of the attempt that succeeded: [{id, attempt, build_id, started_at,
 * finished_at, suite (spec), lab_job_url, lab_device, samples: [{suite,
 * metric, unit, better, iteration, value, runner, runner_class,
 * kernel_release, boot_method, cpu_model}]}].
 */
json_t *db_kcidb_jobs(struct db *db, long long after, int limit)
{
	json_t *jobs, *job;
	size_t i;

	db_lock(db);
	jobs = db_rows(db, db_prepk(db,
		"SELECT j.id, jr.attempt, j.build_id, j.started_at, j.finished_at, "
		" json_extract(j.spec, '$.suite') AS suite, jr.lab_job_url, jr.lab_device "
		"FROM jobs j JOIN builds b ON b.id = j.build_id "
		" JOIN job_results jr ON jr.job_id = j.id AND jr.status = 'ok' "
		"WHERE j.id > ? AND j.kind = 'bench' AND j.state = 'done' "
		" AND b.state IN ('ok', 'failed', 'timeout') "
		" AND NOT EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'tests' "
		"   AND s.ref = CAST(j.id AS TEXT)) "
		"ORDER BY j.id LIMIT ?", "Ii", after, limit));
	json_array_foreach(jobs, i, job) {
		json_t *samples = db_rows(db, db_prepk(db,
			"SELECT m.suite, m.name AS metric, m.unit, m.direction AS better, "
			" s.iteration, s.value, r.name AS runner, e.runner_class, e.kernel_release, "
			" e.boot_method, e.cpu_model "
			"FROM samples s JOIN series se ON se.id = s.series_id "
			" JOIN metrics m ON m.id = se.metric_id JOIN environments e ON e.id = s.env_id "
			" LEFT JOIN runners r ON r.id = s.runner_id "
			"WHERE s.job_id = ? AND s.attempt = ? "
			"ORDER BY m.suite, m.name, s.iteration", "II",
			(long long)json_integer_value(json_object_get(job, "id")),
			(long long)json_integer_value(json_object_get(job, "attempt"))));

		json_object_set_new(job, "samples", samples ? samples : json_array());
	}
	db_unlock(db);
	return jobs;
}

/*
 * Regressions the analyzer found whose first bad point was measured on a
 * good build (that of its job, else a good build of the first bad commit
 * with the series' config): [{id, build_id, good_sha, bad_sha,
 * magnitude, mean_before, mean_after, pvalue, state, detected_at, suite,
 * metric, unit, better, runner_class}].  A change triaged as invalid is
 * not one.
 */
json_t *db_kcidb_regressions(struct db *db, long long after, int confirmed, int limit)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT * FROM (SELECT c.id, c.good_sha, c.bad_sha, c.magnitude, c.mean_before, "
		"  c.mean_after, c.pvalue, c.state, c.detected_at, m.suite, m.name AS metric, "
		"  m.unit, m.direction AS better, se.runner_class, "
		"  COALESCE((SELECT b.id FROM jobs j JOIN builds b ON b.id = j.build_id "
		"    WHERE j.id = c.bad_job_id AND b.state = 'ok'), "
		"   (SELECT b.id FROM builds b WHERE b.commit_sha = c.bad_sha "
		"    AND b.config_name = se.config_name AND b.state = 'ok' "
		"    ORDER BY b.id DESC LIMIT 1)) AS build_id "
		" FROM changes c JOIN series se ON se.id = c.series_id "
		"  JOIN metrics m ON m.id = se.metric_id "
		" WHERE c.id > ? AND c.kind = 'perf' AND c.direction = 'regression' "
		"  AND c.state != 'invalid' AND c.withdrawn_at IS NULL AND c.bad_sha IS NOT NULL "
		"  AND (?3 = 0 OR (" DB_CONFIRMED("c") " AND c.id < IFNULL((SELECT MIN(p.id) "
		"   FROM changes p JOIN series ps ON ps.id = p.series_id WHERE "
		    DB_CONFIRM_PENDING("p", "ps") "), 9223372036854775807))) "
		"  AND NOT EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'regression' "
		"    AND s.ref = CAST(c.id AS TEXT)) ORDER BY c.id) "
		"WHERE build_id IS NOT NULL LIMIT ?2", "Iii", after, limit, confirmed));
	db_unlock(db);
	return rows;
}

int db_kcidb_mark(struct db *db, const json_t *sent, char **cause)
{
	const json_t *e;
	size_t i;
	int rc = DB_OK;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return fail_cause(cause, "database busy");
	}
	json_array_foreach(sent, i, e) {
		rc = db_exec_st(db, db_prepk(db, "INSERT OR IGNORE INTO kcidb_sent (kind, ref, "
				"kcidb_id, sent_at) VALUES (?, ?, ?, ?)", "sssI",
				json_string_value(json_array_get(e, 0)),
				json_string_value(json_array_get(e, 1)),
				json_string_value(json_array_get(e, 2)), db_now()));
		if (rc != DB_OK)
			break;
	}
	rc = db_end(db, rc);
	db_unlock(db);
	if (rc != DB_OK)
		return fail_cause(cause, "cannot record what was sent to KCIDB");
	return DB_OK;
}
