// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_dash.c - the reads only the dashboard needs: one series with its
 * metric (struct rec_series, for /series/ID and GET /api/v1/series/:id),
 * and the metrics
 * index (/series) with a sparkline of each series' newest points: those
 * the analyzer kept (series.spark), or, for a series not analysed yet,
 * the medians of the jobs of its newest samples.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db_pages.h"
#include "db/db_internal.h"

int db_series_get(struct db *db, struct rec_series *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_ERR, step;

	memset(out, 0, sizeof *out);
	out->to = REC_NONE;
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT se.id, se.metric_id, m.suite, m.name, m.unit, m.direction, se.runner_class, "
		" se.config_name, se.ordered_by, se.noisy, se.analyzed_at, "
		" (SELECT b.name FROM branches b WHERE b.id = se.branch_id) "
		"FROM series se JOIN metrics m ON m.id = se.metric_id WHERE se.id = ?", "I", id);
	step = st ? sqlite3_step(st) : SQLITE_ERROR;
	if (step == SQLITE_DONE)
		rc = DB_NOTFOUND;
	if (step == SQLITE_ROW) {
		rc = DB_OK;
		out->id = sqlite3_column_int64(st, 0);
		out->metric_id = sqlite3_column_int64(st, 1);
		rc |= db_column_copy(&out->suite, st, 2);
		rc |= db_column_copy(&out->metric, st, 3);
		rc |= db_column_copy(&out->unit, st, 4);
		rc |= db_column_copy(&out->better, st, 5);
		rc |= db_column_copy(&out->runner_class, st, 6);
		rc |= db_column_copy(&out->config_name, st, 7);
		rc |= db_column_copy(&out->ordered_by, st, 8);
		out->noisy = sqlite3_column_int64(st, 9);
		out->analyzed_at = sqlite3_column_int64(st, 10);
		rc |= db_column_copy(&out->branch, st, 11);
	}
	db_done(st);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_series_dispose(out);
	return rc;
}

/* One sample of a sparkline's series: its job, the job's position, value. */
struct dash_sample {
	long long job_id, position;
	double value;
};

/* By position (-1, off the line, first: job order), job, then value. */
static int dash_sample_cmp(const void *pa, const void *pb)
{
	const struct dash_sample *a = pa, *b = pb;

	if (a->position != b->position)
		return a->position < b->position ? -1 : 1;
	if (a->job_id != b->job_id)
		return a->job_id < b->job_id ? -1 : 1;
	return (a->value > b->value) - (a->value < b->value);
}

/* The sparkline of s not analysed yet: the medians of the jobs of its newest
 * DB_SPARK_SAMPLES samples (ok results), in first-parent order when its
 * branch places them, else in job order; the last DB_SPARK_POINTS.  The
 * caller holds the lock. */
static int dash_spark_locked(struct db *db, struct db_series_brief *s)
{
	long long branch = db_series_branch_locked(db, s->id);
	struct dash_sample v[DB_SPARK_SAMPLES];
	double med[DB_SPARK_SAMPLES];
	long long job[DB_SPARK_SAMPLES];
	size_t n = 0, nj = 0, first;
	sqlite3_stmt *st;

	st = db_prepk(db,
		"SELECT x.job_id, x.value, CASE WHEN ?2 = 0 OR x.commit_sha IS NULL THEN -1 ELSE "
		" IFNULL((SELECT MIN(bc.position) FROM commits c "
		"  JOIN branch_commits bc ON bc.commit_id = c.id "
		"  WHERE " DB_LEVELS("c") " AND c.sha = x.commit_sha AND +bc.branch_id = ?2), -1) END "
		"FROM (SELECT s.job_id, s.value, s.commit_sha FROM samples s "
		" JOIN job_results r ON r.job_id = s.job_id AND r.attempt = s.attempt "
		" WHERE s.series_id = ?1 AND r.status = 'ok' ORDER BY s.id DESC LIMIT ?3) x",
		"IIi", s->id, branch, DB_SPARK_SAMPLES);
	while (st && n < DB_SPARK_SAMPLES && sqlite3_step(st) == SQLITE_ROW) {
		v[n].job_id = sqlite3_column_int64(st, 0);
		v[n].value = sqlite3_column_double(st, 1);
		v[n].position = sqlite3_column_int64(st, 2);
		n++;
	}
	db_done(st);
	qsort(v, n, sizeof *v, dash_sample_cmp);
	for (size_t a = 0, b; a < n; a = b) {       /* each job's median, in order */
		for (b = a + 1; b < n && v[b].job_id == v[a].job_id; b++)
			;
		med[nj] = (b - a) % 2 ? v[a + (b - a) / 2].value :
			  (v[a + (b - a) / 2 - 1].value + v[a + (b - a) / 2].value) / 2;
		job[nj++] = v[a].job_id;
	}
	first = nj > DB_SPARK_POINTS ? nj - DB_SPARK_POINTS : 0;
	for (size_t k = first; k < nj; k++)
		s->spark[s->nspark++] = med[k];
	s->latest_job = nj ? job[nj - 1] : 0;
	return st ? DB_OK : DB_ERR;
}

/* The sparkline the analyzer kept for s (a JSON array of numbers). */
static void dash_spark_kept(struct db_series_brief *s, const char *spark, long long job)
{
	json_t *a = json_loads(spark, 0, NULL), *v;
	size_t i;

	s->nspark = 0;
	json_array_foreach(a, i, v)
		if (json_is_number(v) && s->nspark < DB_SPARK_POINTS)
			s->spark[s->nspark++] = json_number_value(v);
	s->latest_job = job;
	json_decref(a);
}

int db_series_index(struct db *db, struct db_series_brief **out, size_t *n, int *more,
		    const char *q, int limit, int offset)
{
	json_t *ids = json_array();
	struct db_series_brief *v = NULL;
	size_t k = 0, cap = 0;
	sqlite3_stmt *st;
	int rc = DB_OK;

	*out = NULL;
	*n = 0;
	*more = 0;
	db_read_lock(db);
	/* one page of metrics (by suite and name), then all their series */
	st = db_prepk(db, "SELECT id FROM metrics WHERE ?1 IS NULL OR "
		      "instr(lower(suite || '/' || name), lower(?1)) > 0 "
		      "ORDER BY suite, name LIMIT ?2 OFFSET ?3", "sii", q, limit + 1, offset);
	while (st && sqlite3_step(st) == SQLITE_ROW) {
		if ((int)json_array_size(ids) == limit) {
			*more = 1;
			break;
		}
		json_array_append_new(ids, json_integer(sqlite3_column_int64(st, 0)));
	}
	db_done(st);
	st = st ? db_prepk(db,
		"SELECT se.id, se.metric_id, m.suite, m.name, m.unit, m.direction, se.runner_class, "
		" se.noisy, (SELECT count(*) FROM changes c WHERE c.series_id = se.id "
		"  AND c.state <> 'invalid' AND c.withdrawn_at IS NULL), se.spark, se.spark_job "
		"FROM series se JOIN metrics m ON m.id = se.metric_id "
		"WHERE se.metric_id IN (SELECT value FROM json_each(?)) "
		"ORDER BY m.suite, m.name, se.runner_class, se.id", "j", ids) : NULL;
	while (st && rc == DB_OK && sqlite3_step(st) == SQLITE_ROW) {
		struct db_series_brief *s;

		if (k == cap) {
			size_t ncap = cap ? 2 * cap : 64;

			s = realloc(v, ncap * sizeof *s);
			if (!s) {
				rc = DB_ERR;
				break;
			}
			v = s;
			cap = ncap;
		}
		s = &v[k++];
		memset(s, 0, sizeof *s);
		s->id = sqlite3_column_int64(st, 0);
		s->metric_id = sqlite3_column_int64(st, 1);
		db_column_text(s->suite, sizeof s->suite, st, 2);
		db_column_text(s->metric, sizeof s->metric, st, 3);
		db_column_text(s->unit, sizeof s->unit, st, 4);
		db_column_text(s->better, sizeof s->better, st, 5);
		db_column_text(s->runner_class, sizeof s->runner_class, st, 6);
		s->noisy = sqlite3_column_int(st, 7);
		s->changes = sqlite3_column_int64(st, 8);
		s->nspark = (size_t)-1;         /* not analysed yet: read below */
		if (sqlite3_column_type(st, 9) == SQLITE_TEXT)
			dash_spark_kept(s, (const char *)sqlite3_column_text(st, 9),
					sqlite3_column_int64(st, 10));
	}
	if (!st)
		rc = DB_ERR;
	db_done(st);
	for (size_t i = 0; rc == DB_OK && i < k; i++)
		if (v[i].nspark == (size_t)-1) {
			v[i].nspark = 0;
			rc = dash_spark_locked(db, &v[i]);
		}
	db_read_unlock(db);
	json_decref(ids);
	if (rc != DB_OK) {
		free(v);
		return rc;
	}
	*out = v;
	*n = k;
	return DB_OK;
}
