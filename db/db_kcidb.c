// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_kcidb.c - what the KCIDB export (daemon/export/kcidb.c) reads and what it
 * remembers having sent (migration 0015, table kcidb_sent).
 *
 * Each read lists rows of one kind that are final and not yet delivered,
 * after a cursor (the caller's last id), in id order; kcidb_sent's
 * primary key (kind, ref) makes "not yet delivered" one index probe per
 * row.  Rows are C structs (db/db_reports.h): daemon/export/kcidb.c turns
 * them into KCIDB objects.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_reports.h"
#include "db/db_internal.h"
#include "lib/fail.h"

/* The build columns KCIDB's checkout and build objects are made of, in
 * the order db_kcidb_build_row reads them. */
#define DB_KCIDB_BUILD_SELECT \
	"SELECT b.id, b.tree_id, t.name AS tree, t.url, b.commit_sha, b.config_name, " \
	" b.state, b.branch, b.compiler, b.kernel_release, b.error, " \
	" (SELECT c.subject FROM commits c WHERE " DB_LEVELS("c") " AND c.sha = b.commit_sha " \
	"   AND c.tree_id = b.tree_id) AS subject, b.duration_ms, " \
	" b.text_size, b.data_size, b.bss_size, b.image_size, b.make_jobs, " \
	" b.created_at, b.started_at, b.finished_at, " \
	" EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'checkout' " \
	"   AND s.ref = b.tree_id || ':' || b.commit_sha) AS checkout_sent " \
	"FROM builds b JOIN trees t ON t.id = b.tree_id "

/* A row of DB_KCIDB_BUILD_SELECT, for db_rows_into (artifacts apart). */
static int db_kcidb_build_row(sqlite3_stmt *st, void *rec)
{
	struct db_kcidb_build *b = rec;
	char **text[] = { &b->tree, &b->url, &b->commit_sha, &b->config_name, &b->state,
			  &b->branch, &b->compiler, &b->kernel_release, &b->error, &b->subject };
	long long *num[] = { &b->text_size, &b->data_size, &b->bss_size, &b->image_size,
			     &b->make_jobs, &b->created_at, &b->started_at, &b->finished_at };
	int rc = DB_OK;

	b->id = sqlite3_column_int64(st, 0);
	b->tree_id = sqlite3_column_int64(st, 1);
	for (int i = 0; i < 10; i++)
		rc |= db_column_copy(text[i], st, 2 + i);
	b->duration_ms = db_column_measure(st, 12);
	for (int i = 0; i < 8; i++)
		*num[i] = sqlite3_column_int64(st, 13 + i);
	b->checkout_sent = sqlite3_column_int(st, 21) != 0;
	if (rc != DB_OK) {
		db_kcidb_build_dispose(b);
		return -1;
	}
	return 0;
}

/* The artifacts of build b into it, by name. */
static int db_kcidb_artifacts(struct db *db, struct db_kcidb_build *b)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT name, sha256 FROM build_artifacts "
				    "WHERE build_id = ? ORDER BY name", "I", b->id);
	size_t cap = 0;
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;

	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct rec_artifact *a;

		rc = db_grow((void **)&b->artifacts, &cap, b->nartifacts, sizeof *a, DB_MAX_LIST);
		if (rc != DB_OK)
			break;
		a = &b->artifacts[b->nartifacts++];
		memset(a, 0, sizeof *a);
		if (db_column_copy(&a->name, st, 0) != DB_OK ||
		    db_column_copy(&a->sha256, st, 1) != DB_OK)
			rc = DB_ERR;
	}
	db_done(st);
	return rc == DB_OK && step != SQLITE_DONE ? DB_ERR : rc;
}

int db_kcidb_builds(struct db *db, struct db_kcidb_builds *out, long long after, int limit)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_lock(db);
	rc = db_rows_into(db_prepk(db, DB_KCIDB_BUILD_SELECT
		"WHERE b.id > ? AND b.state IN ('ok', 'failed', 'timeout') "
		" AND NOT EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'build' "
		"   AND s.ref = CAST(b.id AS TEXT)) "
		"ORDER BY b.id LIMIT ?", "Ii", after, limit), out->v, sizeof *out->v,
		(size_t)limit, &out->n, db_kcidb_build_row);
	for (size_t i = 0; rc == DB_OK && i < out->n; i++)
		rc = db_kcidb_artifacts(db, &out->v[i]);
	db_unlock(db);
	if (rc != DB_OK)
		db_kcidb_builds_dispose(out);
	return rc;
}

int db_kcidb_build(struct db *db, struct db_kcidb_build *out, long long id)
{
	size_t n = 0;
	int rc;

	memset(out, 0, sizeof *out);
	db_lock(db);
	rc = db_rows_into(db_prepk(db, DB_KCIDB_BUILD_SELECT "WHERE b.id = ?", "I", id), out,
			  sizeof *out, 1, &n, db_kcidb_build_row);
	if (rc == DB_OK && !n)
		rc = DB_NOTFOUND;
	if (rc == DB_OK)
		rc = db_kcidb_artifacts(db, out);
	db_unlock(db);
	if (rc != DB_OK)
		db_kcidb_build_dispose(out);
	return rc;
}

void db_kcidb_build_dispose(struct db_kcidb_build *b)
{
	if (!b)
		return;
	free(b->tree);
	free(b->url);
	free(b->commit_sha);
	free(b->config_name);
	free(b->state);
	free(b->branch);
	free(b->compiler);
	free(b->kernel_release);
	free(b->error);
	free(b->subject);
	for (size_t i = 0; i < b->nartifacts; i++) {
		free(b->artifacts[i].name);
		free(b->artifacts[i].sha256);
	}
	free(b->artifacts);
	memset(b, 0, sizeof *b);
}

void db_kcidb_builds_dispose(struct db_kcidb_builds *l)
{
	for (size_t i = 0; l && l->v && i < l->n; i++)
		db_kcidb_build_dispose(&l->v[i]);
	if (l) {
		free(l->v);
		memset(l, 0, sizeof *l);
	}
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

static void db_kcidb_sample_dispose(struct db_kcidb_sample *s)
{
	char *text[] = { s->suite, s->metric, s->unit, s->better, s->runner, s->runner_class,
			 s->kernel_release, s->boot_method, s->cpu_model };

	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		free(text[i]);
}

/* The samples of job j's successful attempt into it. */
static int db_kcidb_samples(struct db *db, struct db_kcidb_job *j)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT m.suite, m.name AS metric, m.unit, m.direction AS better, "
		" r.name AS runner, e.runner_class, e.kernel_release, e.boot_method, e.cpu_model, "
		" s.iteration, s.value "
		"FROM samples s JOIN series se ON se.id = s.series_id "
		" JOIN metrics m ON m.id = se.metric_id JOIN environments e ON e.id = s.env_id "
		" LEFT JOIN runners r ON r.id = s.runner_id "
		"WHERE s.job_id = ? AND s.attempt = ? "
		"ORDER BY m.suite, m.name, s.iteration", "II", j->id, j->attempt);
	size_t cap = 0;
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;

	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct db_kcidb_sample *s;

		rc = db_grow((void **)&j->samples, &cap, j->nsamples, sizeof *s, SIZE_MAX / 2);
		if (rc != DB_OK)
			break;
		s = &j->samples[j->nsamples++];
		memset(s, 0, sizeof *s);
		char **text[] = { &s->suite, &s->metric, &s->unit, &s->better, &s->runner,
				  &s->runner_class, &s->kernel_release, &s->boot_method,
				  &s->cpu_model };

		for (int i = 0; i < 9; i++)
			rc |= db_column_copy(text[i], st, i);
		s->iteration = sqlite3_column_int64(st, 9);
		s->value = sqlite3_column_double(st, 10);
	}
	db_done(st);
	return rc == DB_OK && step != SQLITE_DONE ? DB_ERR : rc;
}

/* A row of db_kcidb_jobs's SELECT, for db_rows_into (samples apart). */
static int db_kcidb_job_row(sqlite3_stmt *st, void *rec)
{
	struct db_kcidb_job *j = rec;

	j->id = sqlite3_column_int64(st, 0);
	j->attempt = sqlite3_column_int64(st, 1);
	j->build_id = sqlite3_column_int64(st, 2);
	j->started_at = sqlite3_column_int64(st, 3);
	j->finished_at = sqlite3_column_int64(st, 4);
	if (db_column_copy(&j->lab_job_url, st, 5) != DB_OK ||
	    db_column_copy(&j->lab_device, st, 6) != DB_OK) {
		free(j->lab_job_url);
		j->lab_job_url = NULL;
		return -1;
	}
	return 0;
}

/*
 * Bench jobs that are done, of a build that is final, with the samples
 * of the attempt that succeeded.
 */
int db_kcidb_jobs(struct db *db, struct db_kcidb_jobs *out, long long after, int limit)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT j.id, jr.attempt, j.build_id, j.started_at, j.finished_at, "
		" jr.lab_job_url, jr.lab_device "
		"FROM jobs j JOIN builds b ON b.id = j.build_id "
		" JOIN job_results jr ON jr.job_id = j.id AND jr.status = 'ok' "
		"WHERE j.id > ? AND j.kind = 'bench' AND j.state = 'done' "
		" AND b.state IN ('ok', 'failed', 'timeout') "
		" AND NOT EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'tests' "
		"   AND s.ref = CAST(j.id AS TEXT)) "
		"ORDER BY j.id LIMIT ?", "Ii", after, limit), out->v, sizeof *out->v,
		(size_t)limit, &out->n, db_kcidb_job_row);
	for (size_t i = 0; rc == DB_OK && i < out->n; i++)
		rc = db_kcidb_samples(db, &out->v[i]);
	db_unlock(db);
	if (rc != DB_OK)
		db_kcidb_jobs_dispose(out);
	return rc;
}

void db_kcidb_jobs_dispose(struct db_kcidb_jobs *l)
{
	for (size_t i = 0; l && l->v && i < l->n; i++) {
		struct db_kcidb_job *j = &l->v[i];

		for (size_t k = 0; k < j->nsamples; k++)
			db_kcidb_sample_dispose(&j->samples[k]);
		free(j->samples);
		free(j->lab_job_url);
		free(j->lab_device);
	}
	if (l) {
		free(l->v);
		memset(l, 0, sizeof *l);
	}
}

static void db_kcidb_regression_dispose(struct db_kcidb_regression *c)
{
	char *text[] = { c->good_sha, c->bad_sha, c->state, c->suite, c->metric, c->unit,
			 c->better, c->runner_class };

	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		free(text[i]);
	memset(c, 0, sizeof *c);
}

/* A row of db_kcidb_regressions's SELECT, for db_rows_into. */
static int db_kcidb_regression_row(sqlite3_stmt *st, void *rec)
{
	struct db_kcidb_regression *c = rec;
	char **text[] = { &c->good_sha, &c->bad_sha, &c->state, &c->suite, &c->metric, &c->unit,
			  &c->better, &c->runner_class };
	int rc = DB_OK;

	c->id = sqlite3_column_int64(st, 0);
	c->magnitude = sqlite3_column_double(st, 1);
	c->mean_before = sqlite3_column_double(st, 2);
	c->mean_after = sqlite3_column_double(st, 3);
	c->pvalue = sqlite3_column_double(st, 4);
	c->detected_at = sqlite3_column_int64(st, 5);
	c->build_id = sqlite3_column_int64(st, 6);
	for (int i = 0; i < 8; i++)
		rc |= db_column_copy(text[i], st, 7 + i);
	if (rc != DB_OK) {
		db_kcidb_regression_dispose(c);
		return -1;
	}
	return 0;
}

/*
 * Regressions the analyzer found whose first bad point was measured on a
 * good build (that of its job, else a good build of the first bad commit
 * with the series' config).  A change triaged as invalid is not one.
 */
int db_kcidb_regressions(struct db *db, struct db_kcidb_regressions *out, long long after,
			 int confirmed, int limit)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT * FROM (SELECT c.id, c.magnitude, c.mean_before, c.mean_after, c.pvalue, "
		"  c.detected_at, "
		"  COALESCE((SELECT b.id FROM jobs j JOIN builds b ON b.id = j.build_id "
		"    WHERE j.id = c.bad_job_id AND b.state = 'ok'), "
		"   (SELECT b.id FROM builds b WHERE b.commit_sha = c.bad_sha "
		"    AND b.config_name = se.config_name AND b.state = 'ok' "
		"    ORDER BY b.id DESC LIMIT 1)) AS build_id, "
		"  c.good_sha, c.bad_sha, c.state, m.suite, m.name AS metric, m.unit, "
		"  m.direction AS better, se.runner_class "
		" FROM changes c JOIN series se ON se.id = c.series_id "
		"  JOIN metrics m ON m.id = se.metric_id "
		" WHERE c.id > ? AND c.kind = 'perf' AND c.direction = 'regression' "
		"  AND c.state != 'invalid' AND c.withdrawn_at IS NULL AND c.bad_sha IS NOT NULL "
		"  AND (?3 = 0 OR (" DB_CONFIRMED("c") " AND c.id < IFNULL((SELECT MIN(p.id) "
		"   FROM changes p JOIN series ps ON ps.id = p.series_id WHERE "
		    DB_CONFIRM_PENDING("p", "ps") "), 9223372036854775807))) "
		"  AND NOT EXISTS (SELECT 1 FROM kcidb_sent s WHERE s.kind = 'regression' "
		"    AND s.ref = CAST(c.id AS TEXT)) ORDER BY c.id) "
		"WHERE build_id IS NOT NULL LIMIT ?2", "Iii", after, limit, confirmed),
		out->v, sizeof *out->v, (size_t)limit, &out->n, db_kcidb_regression_row);
	db_unlock(db);
	if (rc != DB_OK)
		db_kcidb_regressions_dispose(out);
	return rc;
}

void db_kcidb_regressions_dispose(struct db_kcidb_regressions *l)
{
	for (size_t i = 0; l && l->v && i < l->n; i++)
		db_kcidb_regression_dispose(&l->v[i]);
	if (l) {
		free(l->v);
		memset(l, 0, sizeof *l);
	}
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
