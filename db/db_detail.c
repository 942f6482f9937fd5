// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_detail.c - reads behind the metric chart (sibling series on other
 * runner classes, commit details by first-parent position), the job
 * detail page (attempts with a log tail, samples per series, the build)
 * and the filtered sample list of the JSON API.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_pages.h"
#include "db/db_queue.h"
#include "db/db_internal.h"

/* A row of the siblings' SELECT into a struct rec_series_class. */
static int db_series_class_row(sqlite3_stmt *st, void *rec)
{
	struct rec_series_class *c = rec;

	c->id = sqlite3_column_int64(st, 0);
	c->runner_class = db_column_dup(st, 1);
	c->points = sqlite3_column_int64(st, 2);
	return c->runner_class ? 0 : -1;
}

int db_series_siblings(struct db *db, struct rec_series *s)
{
#define DB_SQL_SIBLINGS "FROM series s JOIN series o " \
	"ON o.metric_id = s.metric_id AND o.config_name = s.config_name " \
	"AND IFNULL(o.branch_id, 0) = IFNULL(s.branch_id, 0) WHERE s.id = ?"
	long long n;
	int rc;

	db_read_lock(db);
	n = db_scalar(db_prepk(db, "SELECT count(*) " DB_SQL_SIBLINGS, "I", s->id), -1);
	s->classes = n >= 0 ? calloc((size_t)n + 1, sizeof *s->classes) : NULL;
	rc = s->classes ? db_rows_into(db_prepk(db, "SELECT o.id, o.runner_class, o.points "
						DB_SQL_SIBLINGS " ORDER BY o.runner_class", "I", s->id),
				       s->classes, sizeof *s->classes, (size_t)n, &s->nclasses,
				       db_series_class_row) : DB_ERR;
	db_read_unlock(db);
	return rc;
#undef DB_SQL_SIBLINGS
}

int db_series_place(struct db *db, struct db_series_where *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	if (db_scalar(db_prepk(db, "SELECT count(*) FROM series WHERE id = ?", "I", id), 0)) {
		rc = DB_OK;
		out->branch_id = db_series_branch_locked(db, id);
		st = db_prepk(db, "SELECT t.id, t.name, b.name FROM branches b "
			      "JOIN trees t ON t.id = b.tree_id WHERE b.id = ?", "I", out->branch_id);
		if (!st) {
			rc = DB_ERR;
		} else if (sqlite3_step(st) == SQLITE_ROW) {
			out->tree_id = sqlite3_column_int64(st, 0);
			db_column_text(out->tree, sizeof out->tree, st, 1);
			db_column_text(out->branch, sizeof out->branch, st, 2);
		}
		db_done(st);
	}
	db_read_unlock(db);
	return rc;
}

/* A row (position, sha, subject, author_name, commit_time) into the
 * rec_commit at rec (db_rows_into). */
static int db_detail_row(sqlite3_stmt *st, void *rec)
{
	struct rec_commit *c = rec;
	int lost = 0;

	memset(c, 0, sizeof *c);
	c->position = sqlite3_column_int64(st, 0);
	lost |= db_column_copy(&c->sha, st, 1);
	lost |= db_column_copy(&c->subject, st, 2);
	lost |= db_column_copy(&c->author_name, st, 3);
	c->author_time = REC_NONE;
	c->commit_time = db_column_measure(st, 4);
	c->brought = REC_NONE;
	if (lost || !c->sha) {
		rec_commit_dispose(c);
		return -1;
	}
	return 0;
}

int db_branch_details(struct db *db, struct rec_commits *out, long long branch_id,
		      const long long *positions, size_t n)
{
	json_t *pos = json_array();
	int rc = pos ? DB_OK : DB_ERR;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; rc == DB_OK && i < n; i++)
		if (json_array_append_new(pos, json_integer(positions[i])) < 0)
			rc = DB_ERR;
	if (rc == DB_OK && !(out->v = calloc(n + 1, sizeof *out->v)))
		rc = DB_ERR;
	if (rc == DB_OK) {
		db_read_lock(db);
		rc = db_rows_into(db_prepk(db,
			"SELECT bc.position, c.sha, c.subject, c.author_name, c.commit_time "
			"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
			"WHERE bc.branch_id = ? AND bc.position IN (SELECT value FROM json_each(?)) "
			"ORDER BY bc.position", "Ij", branch_id, pos), out->v, sizeof *out->v, n,
			&out->n, db_detail_row);
		db_read_unlock(db);
	}
	json_decref(pos);
	if (rc != DB_OK)
		rec_commits_dispose(out);
	return rc;
}

/* The rows of st (count of them at most; st is ended) into a new array of
 * records of size bytes stored at out (a T ** passed as void *), *n of
 * them, each read by row; on error the records read are disposed with
 * dispose and there are none.  DB_OK or DB_ERR. */
static int db_records(void *out, size_t *n, size_t size, sqlite3_stmt *st, long long count,
		      int (*row)(sqlite3_stmt *st, void *rec), void (*dispose)(void *rec))
{
	char *v = count >= 0 ? calloc((size_t)count + 1, size) : NULL;
	int rc = DB_ERR;

	*n = 0;
	if (v && st && count == 0) {
		db_done(st);
		rc = DB_OK;
	} else if (v) {
		rc = db_rows_into(st, v, size, (size_t)count, n, row);
	} else {
		db_done(st);
	}
	if (rc != DB_OK) {
		for (size_t i = 0; i < *n; i++)
			dispose(v + i * size);
		free(v);
		v = NULL;
		*n = 0;
	}
	memcpy(out, &v, sizeof v);
	return rc;
}

static void db_attempt_dispose(void *rec)
{
	rec_attempt_dispose(rec);
}

/* A row of db_job_attempts' SELECT into a struct rec_attempt. */
static int db_attempt_row(sqlite3_stmt *st, void *rec)
{
	struct rec_attempt *a = rec;
	int rc = DB_OK;

	memset(a, 0, sizeof *a);
	a->attempt = sqlite3_column_int64(st, 0);
	rc |= db_column_copy(&a->status, st, 1);
	rc |= db_column_copy(&a->reason, st, 2);
	a->received_at = sqlite3_column_int64(st, 3);
	rc |= db_column_copy(&a->runner, st, 4);
	rc |= db_column_copy(&a->runner_class, st, 5);
	a->log_size = db_column_measure(st, 6);
	rc |= db_column_copy(&a->log_tail, st, 7);
	if (rc != DB_OK || !a->status) {
		rec_attempt_dispose(a);
		return -1;
	}
	return 0;
}

int db_job_attempts(struct db *db, long long job_id, int tail, struct rec_attempt **out,
		    size_t *n)
{
	long long count;
	int rc;

	db_read_lock(db);
	count = db_scalar(db_prepk(db, "SELECT count(*) FROM job_results WHERE job_id = ?", "I",
				   job_id), -1);
	rc = db_records(out, n, sizeof **out, db_prepk(db,
		"SELECT x.attempt, x.status, x.reason, x.received_at, r.name AS runner, "
		" r.runner_class, length(x.log) AS log_size, "
		" substr(x.log, max(length(x.log) - ?2 + 1, 1)) AS log_tail "
		"FROM job_results x LEFT JOIN runners r ON r.id = x.runner_id "
		"WHERE x.job_id = ?1 ORDER BY x.attempt", "Ii", job_id, tail), count,
		db_attempt_row, db_attempt_dispose);
	db_read_unlock(db);
	return rc;
}

static void db_job_series_dispose(void *rec)
{
	rec_job_series_row_dispose(rec);
}

/* A row of db_job_series' SELECT into a struct rec_job_series. */
static int db_job_series_row(sqlite3_stmt *st, void *rec)
{
	struct rec_job_series *s = rec;
	int rc = DB_OK;

	memset(s, 0, sizeof *s);
	s->series_id = sqlite3_column_int64(st, 0);
	rc |= db_column_copy(&s->suite, st, 1);
	rc |= db_column_copy(&s->metric, st, 2);
	rc |= db_column_copy(&s->unit, st, 3);
	rc |= db_column_copy(&s->better, st, 4);
	rc |= db_column_copy(&s->runner_class, st, 5);
	s->attempt = sqlite3_column_int64(st, 6);
	s->iterations = sqlite3_column_int64(st, 7);
	s->mean = sqlite3_column_double(st, 8);
	s->min = sqlite3_column_double(st, 9);
	s->max = sqlite3_column_double(st, 10);
	if (rc != DB_OK || !s->suite || !s->metric || !s->unit || !s->better ||
	    !s->runner_class) {
		rec_job_series_row_dispose(s);
		return -1;
	}
	return 0;
}

int db_job_series(struct db *db, long long job_id, struct rec_job_series **out, size_t *n)
{
#define DB_SQL_JOB_SERIES "FROM samples s JOIN series se ON se.id = s.series_id " \
	" JOIN metrics m ON m.id = se.metric_id WHERE s.job_id = ? GROUP BY s.series_id, s.attempt"
	long long count;
	int rc;

	db_read_lock(db);
	count = db_scalar(db_prepk(db, "SELECT count(*) FROM (SELECT 1 " DB_SQL_JOB_SERIES ")",
				   "I", job_id), -1);
	rc = db_records(out, n, sizeof **out, db_prepk(db,
		"SELECT se.id AS series_id, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, se.runner_class, s.attempt, "
		" SUM(IFNULL(s.fold_n, 1)) AS iterations, CASE WHEN MAX(s.fold_n) IS NULL "
		" THEN avg(s.value) ELSE SUM(IFNULL(s.fold_n * s.fold_mean, s.value)) "
		" / SUM(IFNULL(s.fold_n, 1)) END AS mean, "
		" min(IFNULL(s.fold_min, s.value)) AS min, max(IFNULL(s.fold_max, s.value)) AS max "
		DB_SQL_JOB_SERIES " ORDER BY m.suite, m.name, s.attempt", "I", job_id), count,
		db_job_series_row, db_job_series_dispose);
	db_read_unlock(db);
	return rc;
#undef DB_SQL_JOB_SERIES
}

int db_job_build(struct db *db, long long *build_id, long long job_id)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	*build_id = 0;
	db_read_lock(db);
	st = db_prep(db, "SELECT IFNULL(j.build_id, (SELECT b.id FROM builds b WHERE "
		     " b.job_id = j.id ORDER BY b.id DESC LIMIT 1)) FROM jobs j WHERE j.id = ?",
		     "I", job_id);
	if (!st) {
		rc = DB_ERR;
	} else if (sqlite3_step(st) == SQLITE_ROW) {
		*build_id = sqlite3_column_int64(st, 0);
		rc = DB_OK;
	}
	sqlite3_finalize(st);
	db_read_unlock(db);
	return rc;
}

/* A row of db_samples_find's SELECT, for db_rows_into. */
static int db_sample_row(sqlite3_stmt *st, void *rec)
{
	struct rec_sample *s = rec;
	char **text[] = { &s->suite, &s->metric, &s->unit, &s->better };
	char **more[] = { &s->runner_class, &s->runner, &s->commit_sha, &s->kernel_release,
			  &s->boot_method };
	int rc = DB_OK;

	s->id = sqlite3_column_int64(st, 0);
	s->job_id = sqlite3_column_int64(st, 1);
	s->attempt = sqlite3_column_int64(st, 2);
	s->series_id = sqlite3_column_int64(st, 3);
	for (int i = 0; i < 4; i++)
		rc |= db_column_copy(text[i], st, 4 + i);
	s->iteration = sqlite3_column_int64(st, 8);
	s->value = sqlite3_column_double(st, 9);
	for (int i = 0; i < 5; i++)
		rc |= db_column_copy(more[i], st, 10 + i);
	s->created_at = sqlite3_column_int64(st, 15);
	s->lab = 1;
	rc |= db_column_copy(&s->lab_job_url, st, 16);
	rc |= db_column_copy(&s->lab_device, st, 17);
	s->spread = sqlite3_column_type(st, 18) == SQLITE_NULL ? NAN :
		    sqlite3_column_double(st, 18);
	if (rc != DB_OK) {
		rec_sample_dispose(s);
		return -1;
	}
	return 0;
}

int db_samples_find(struct db *db, struct rec_samples *out, const struct db_sample_filter *f,
		    int limit, int offset)
{
	int rc = DB_ERR;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT s.id, s.job_id, s.attempt, s.series_id, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, s.iteration, s.value, se.runner_class, "
		" r.name AS runner, s.commit_sha, e.kernel_release, e.boot_method, s.created_at, "
		" jr.lab_job_url, jr.lab_device, s.spread "
		"FROM samples s JOIN series se ON se.id = s.series_id "
		" JOIN metrics m ON m.id = se.metric_id JOIN environments e ON e.id = s.env_id "
		" LEFT JOIN runners r ON r.id = s.runner_id "
		" LEFT JOIN job_results jr ON jr.job_id = s.job_id AND jr.attempt = s.attempt "
		"WHERE (?1 = 0 OR s.job_id = ?1) AND (?2 IS NULL OR m.name = ?2 "
		"  OR m.suite || '/' || m.name = ?2) AND (?3 IS NULL OR se.runner_class = ?3) "
		" AND (?4 = 0 OR s.series_id = ?4) "
		" AND (?5 IS NULL OR s.commit_sha = ?5 OR (length(?5) < 40 AND "
		"  substr(s.commit_sha, 1, length(?5)) = ?5)) "
		" AND (?6 = 0 OR s.created_at >= ?6) AND (?7 = 0 OR s.created_at < ?7) "
		" AND (?10 = 0 OR s.id < ?10) "
		"ORDER BY s.id DESC LIMIT ?8 OFFSET ?9",
		"IssIsIIiiI", f->job_id, f->metric, f->runner_class, f->series_id, f->commit,
		f->since, f->until, limit, offset, f->before),
		out->v, sizeof *out->v, (size_t)limit, &out->n, db_sample_row);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_samples_dispose(out);
	return rc;
}

int db_samples_list(struct db *db, struct rec_samples *out, long long job_id, const char *metric,
		    int limit, int offset)
{
	struct db_sample_filter f = { .job_id = job_id, .metric = metric };
	int rc = db_samples_find(db, out, &f, limit, offset);

	/* the same rows; the lab's two columns are not part of this list */
	for (size_t i = 0; rc == DB_OK && i < out->n; i++) {
		free(out->v[i].lab_job_url);
		free(out->v[i].lab_device);
		out->v[i].lab_job_url = out->v[i].lab_device = NULL;
		out->v[i].lab = 0;
	}
	return rc;
}
int db_ref_resolve(struct db *db, char sha[DB_SHA_MAX + 1], char kind[8], const char *name)
{
	static const char *const kinds[] = { "tag", "branch" };
	static const char *const sql[] = {
		"SELECT DISTINCT commit_sha FROM tags WHERE name = ? LIMIT 2",
		"SELECT DISTINCT tip_sha FROM branches WHERE name = ? AND tip_sha IS NOT NULL "
		"AND tip_sha <> '' LIMIT 2",
	};
	int rc = DB_NOTFOUND;

	sha[0] = kind[0] = '\0';
	db_read_lock(db);
	for (int i = 0; i < 2 && rc == DB_NOTFOUND; i++) {
		sqlite3_stmt *st = db_prepk(db, sql[i], "s", name);
		int rows = 0;

		while (st && sqlite3_step(st) == SQLITE_ROW && rows < 2) {
			if (!rows++)
				db_column_text(sha, DB_SHA_MAX + 1, st, 0);
		}
		db_done(st);
		if (!st)
			rc = DB_ERR;
		else if (rows)
			rc = rows == 1 ? DB_OK : DB_CONFLICT;
		if (rows)
			snprintf(kind, 8, "%s", kinds[i]);
	}
	db_read_unlock(db);
	return rc;
}

int db_commit_about(struct db *db, struct rec_commit_about *out, const char *prefix)
{
	char end[DB_SHA_MAX + 2];
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND, lost = 0;

	memset(out, 0, sizeof *out);
	/* ids are lower-case hex: every id starting with prefix sorts below prefix "g" */
	snprintf(end, sizeof end, "%sg", prefix);
	db_read_lock(db);
	st = db_prepk(db, "SELECT c.sha, c.subject, c.author_name, c.commit_time, t.name "
		      "FROM commits c JOIN trees t ON t.id = c.tree_id "
		      "WHERE " DB_LEVELS("c") " AND c.sha >= ? AND c.sha < ? LIMIT 1", "ss",
		      prefix, end);
	if (!st)
		rc = DB_ERR;
	else if (sqlite3_step(st) == SQLITE_ROW) {
		lost |= db_column_copy(&out->sha, st, 0);
		lost |= db_column_copy(&out->subject, st, 1);
		lost |= db_column_copy(&out->author, st, 2);
		out->time = db_column_measure(st, 3);
		lost |= db_column_copy(&out->tree, st, 4);
		rc = lost || !out->sha || !out->tree ? DB_ERR : DB_OK;
	}
	db_done(st);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_commit_about_dispose(out);
	return rc;
}
