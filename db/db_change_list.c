// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_change_list.c - the changes as records (struct rec_change, lib/rec.h):
 * a filtered page of them, one with its series and metric, and the
 * groups of the /changes page (one row per commit range with its
 * members).  The analyzer writes them in db_changes.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_internal.h"

/* The columns of a change in lists and in db_change_get. */
#define DB_CHANGE_COLUMNS \
	"c.id, c.group_id, c.series_id, m.id AS metric_id, m.suite, m.name AS metric, m.unit, " \
	"m.direction AS better, se.runner_class, se.config_name, se.ordered_by, " \
	"1 - " DB_JUDGED("c", "se") " AS noisy, c.good_sha, c.bad_sha, c.good_job_id, " \
	"c.bad_job_id, c.point_index, " \
	"c.n_before, c.n_after, c.mean_before, c.mean_after, c.median_before, " \
	"c.median_after, c.sd_before, c.sd_after, c.magnitude, c.pvalue, c.direction, " \
	"c.confidence, c.state, c.triaged_by, c.triaged_at, c.note, c.detected_at, " \
	"c.updated_at, c.kind, c.build_id, c.fixed_build_id, c.fixed_sha, c.detail, " \
	"c.verdict, c.percent_lo, c.percent_hi, c.verdict_p, c.min_effect, c.jobs_before, " \
	"c.jobs_after, c.reason, c.found_by, c.withdrawn_at, c.withdrawn_reason, " \
	"c.confirmation_id, c.confirm, c.confirm_reason, c.confirmed_at "
#define DB_CHANGE_NCOLUMNS 55

/* The filters of struct db_change_filter on changes c, series se, metrics
 * m: parameters ?1 to ?7 and ?10 to ?15, bound by DB_CHANGE_ARGS (?8 and
 * ?9 are left for a limit and an offset, ?16 on for the caller). */
#define DB_CHANGE_WHERE \
	"(?1 IS NULL OR c.state = ?1) AND (?2 IS NULL OR c.direction = ?2) " \
	" AND (?3 IS NULL OR m.name = ?3 OR m.suite || '/' || m.name = ?3) " \
	" AND (?4 IS NULL OR se.runner_class = ?4) AND (?5 = 0 OR c.series_id = ?5) " \
	" AND (?6 = 0 OR c.group_id = ?6) AND (?7 < 0 OR 1 - " DB_JUDGED("c", "se") " = ?7) " \
	" AND (?10 IS NULL OR c.kind = ?10) " \
	" AND (?11 IS NULL AND ?12 IS NULL OR EXISTS (SELECT 1 FROM branches b " \
	"  JOIN trees t ON t.id = b.tree_id WHERE b.id = se.branch_id " \
	"  AND (?11 IS NULL OR t.name = ?11) AND (?12 IS NULL OR b.name = ?12))) " \
	" AND (?13 = 0 OR c.detected_at >= ?13) AND (?14 = 0 OR c.detected_at < ?14) " \
	" AND (?15 < 0 OR (c.withdrawn_at IS NOT NULL) = ?15) "
#define DB_CHANGE_TYPES "ssssIIiiisssIIi"
#define DB_CHANGE_ARGS(f, limit, offset) (f)->state, (f)->direction, (f)->metric, \
	(f)->runner_class, (f)->series_id, (f)->group_id, (f)->noisy, limit, offset, (f)->kind, \
	(f)->tree, (f)->branch, (f)->since, (f)->until, (f)->withdrawn

/* Column i as a number: NAN for SQL NULL. */
static double db_change_real(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* DB_CHANGE_COLUMNS from column k on into *c (zeroed first): 0, or -1
 * when out of memory (*c then disposed). */
static int db_change_cols(sqlite3_stmt *st, int k, struct rec_change *c)
{
	int oom = 0;

	memset(c, 0, sizeof *c);
	c->id = sqlite3_column_int64(st, k + 0);
	c->group_id = sqlite3_column_int64(st, k + 1);
	c->series_id = sqlite3_column_int64(st, k + 2);
	c->metric_id = sqlite3_column_int64(st, k + 3);
	oom |= db_column_copy(&c->suite, st, k + 4);
	oom |= db_column_copy(&c->metric, st, k + 5);
	oom |= db_column_copy(&c->unit, st, k + 6);
	oom |= db_column_copy(&c->better, st, k + 7);
	oom |= db_column_copy(&c->runner_class, st, k + 8);
	oom |= db_column_copy(&c->config_name, st, k + 9);
	oom |= db_column_copy(&c->ordered_by, st, k + 10);
	c->noisy = sqlite3_column_int64(st, k + 11);
	oom |= db_column_copy(&c->good_sha, st, k + 12);
	oom |= db_column_copy(&c->bad_sha, st, k + 13);
	c->good_job_id = sqlite3_column_int64(st, k + 14);
	c->bad_job_id = sqlite3_column_int64(st, k + 15);
	c->point_index = db_column_measure(st, k + 16);
	c->n_before = db_column_measure(st, k + 17);
	c->n_after = db_column_measure(st, k + 18);
	c->mean_before = db_change_real(st, k + 19);
	c->mean_after = db_change_real(st, k + 20);
	c->median_before = db_change_real(st, k + 21);
	c->median_after = db_change_real(st, k + 22);
	c->sd_before = db_change_real(st, k + 23);
	c->sd_after = db_change_real(st, k + 24);
	c->magnitude = db_change_real(st, k + 25);
	c->pvalue = db_change_real(st, k + 26);
	oom |= db_column_copy(&c->direction, st, k + 27);
	c->confidence = db_change_real(st, k + 28);
	oom |= db_column_copy(&c->state, st, k + 29);
	oom |= db_column_copy(&c->triaged_by, st, k + 30);
	c->triaged_at = sqlite3_column_int64(st, k + 31);
	oom |= db_column_copy(&c->note, st, k + 32);
	c->detected_at = sqlite3_column_int64(st, k + 33);
	c->updated_at = sqlite3_column_int64(st, k + 34);
	oom |= db_column_copy(&c->kind, st, k + 35);
	c->build_id = sqlite3_column_int64(st, k + 36);
	c->fixed_build_id = sqlite3_column_int64(st, k + 37);
	oom |= db_column_copy(&c->fixed_sha, st, k + 38);
	oom |= db_column_copy(&c->detail, st, k + 39);
	oom |= db_column_copy(&c->verdict, st, k + 40);
	c->percent_lo = db_change_real(st, k + 41);
	c->percent_hi = db_change_real(st, k + 42);
	c->verdict_p = db_change_real(st, k + 43);
	c->min_effect = db_change_real(st, k + 44);
	c->jobs_before = db_column_measure(st, k + 45);
	c->jobs_after = db_column_measure(st, k + 46);
	oom |= db_column_copy(&c->reason, st, k + 47);
	oom |= db_column_copy(&c->found_by, st, k + 48);
	c->withdrawn_at = sqlite3_column_int64(st, k + 49);
	oom |= db_column_copy(&c->withdrawn_reason, st, k + 50);
	c->confirmation_id = sqlite3_column_int64(st, k + 51);
	oom |= db_column_copy(&c->confirm, st, k + 52);
	oom |= db_column_copy(&c->confirm_reason, st, k + 53);
	c->confirmed_at = sqlite3_column_int64(st, k + 54);
	if (oom) {
		rec_change_dispose(c);
		return -1;
	}
	return 0;
}

/* A row of DB_CHANGE_COLUMNS, for db_rows_into. */
static int db_change_row(sqlite3_stmt *st, void *c)
{
	return db_change_cols(st, 0, c);
}

/* Reads up to limit rows of st into *out with row; ends st. */
static int db_change_rows(struct rec_changes *out, sqlite3_stmt *st, int limit,
			  int (*row)(sqlite3_stmt *st, void *c))
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v) {
		db_done(st);
		return DB_ERR;
	}
	rc = db_rows_into(st, out->v, sizeof *out->v, (size_t)limit, &out->n, row);
	if (rc != DB_OK)
		rec_changes_dispose(out);
	return rc;
}

int db_changes_list(struct db *db, struct rec_changes *out, const struct db_change_filter *f,
		    int limit, int offset)
{
	int rc;

	db_read_lock(db);
	rc = db_change_rows(out, db_prepk(db,
		"SELECT " DB_CHANGE_COLUMNS
		"FROM changes c JOIN series se ON se.id = c.series_id "
		" JOIN metrics m ON m.id = se.metric_id "
		"WHERE " DB_CHANGE_WHERE
		"ORDER BY c.id DESC LIMIT ?8 OFFSET ?9",
		DB_CHANGE_TYPES, DB_CHANGE_ARGS(f, limit, offset)), limit, db_change_row);
	db_read_unlock(db);
	return rc;
}

/* A group row: group_key, metrics, regressions, improvements, untriaged,
 * last_detected, DB_CHANGE_COLUMNS, tree, branch, bad_subject, classes. */
static int db_change_group_row(sqlite3_stmt *st, void *rec)
{
	struct rec_change_group *g = rec;
	int k = 6 + DB_CHANGE_NCOLUMNS, oom = 0;

	memset(g, 0, sizeof *g);
	if (db_change_cols(st, 6, &g->head) < 0)
		return -1;
	g->group_key = sqlite3_column_int64(st, 0);
	g->metrics = sqlite3_column_int64(st, 1);
	g->regressions = sqlite3_column_int64(st, 2);
	g->improvements = sqlite3_column_int64(st, 3);
	g->untriaged = sqlite3_column_int64(st, 4);
	g->last_detected = sqlite3_column_int64(st, 5);
	oom |= db_column_copy(&g->tree, st, k);
	oom |= db_column_copy(&g->branch, st, k + 1);
	oom |= db_column_copy(&g->bad_subject, st, k + 2);
	oom |= db_column_copy(&g->classes, st, k + 3);
	if (oom) {
		rec_change_dispose(&g->head);
		free(g->tree);
		free(g->branch);
		free(g->bad_subject);
		free(g->classes);
		return -1;
	}
	return 0;
}

/* The group key of change c: its group, or -id when not grouped yet. */
static long long db_change_key(const struct rec_change *c)
{
	return c->group_id ? c->group_id : -c->id;
}

/* Moves the members of each group of *l out of m (left empty). */
static int db_change_members(struct rec_change_groups *l, struct rec_changes *m)
{
	for (size_t i = 0; i < l->n; i++) {
		struct rec_change_group *g = &l->v[i];

		g->changes.v = calloc(m->n + 1, sizeof *g->changes.v);
		if (!g->changes.v)
			return DB_ERR;
		for (size_t j = 0; j < m->n; j++) {
			if (m->v[j].id && db_change_key(&m->v[j]) == g->group_key) {
				g->changes.v[g->changes.n++] = m->v[j];
				memset(&m->v[j], 0, sizeof m->v[j]);
			}
		}
	}
	return DB_OK;
}

int db_change_groups(struct db *db, struct rec_change_groups *out,
		     const struct db_change_filter *f, double min_percent, int by_size, int limit,
		     int offset)
{
	struct rec_changes members = { 0 };
	json_t *ids = json_array();
	int rc = DB_ERR;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v || !ids) {
		free(out->v);
		out->v = NULL;
		json_decref(ids);
		return DB_ERR;
	}
	db_read_lock(db);
	/* a change the analyzer has not grouped yet is a group of its own */
	rc = db_rows_into(db_prepk(db,
		"WITH f AS (SELECT c.id, IFNULL(c.group_id, -c.id) AS g, c.magnitude, c.direction, "
		"  c.state, c.detected_at FROM changes c JOIN series se ON se.id = c.series_id "
		"  JOIN metrics m ON m.id = se.metric_id WHERE " DB_CHANGE_WHERE "), "
		"h AS (SELECT f.id, f.g, ROW_NUMBER() OVER (PARTITION BY f.g "
		"  ORDER BY abs(IFNULL(f.magnitude, 0)) DESC, f.id) AS rn, "
		"  count(*) OVER (PARTITION BY f.g) AS metrics, "
		"  sum(f.direction = 'regression') OVER (PARTITION BY f.g) AS regressions, "
		"  sum(f.state = 'new') OVER (PARTITION BY f.g) AS untriaged, "
		"  max(f.detected_at) OVER (PARTITION BY f.g) AS last_detected FROM f) "
		"SELECT h.g AS group_key, h.metrics, h.regressions, h.metrics - h.regressions "
		" AS improvements, h.untriaged, h.last_detected, " DB_CHANGE_COLUMNS ", "
		" IFNULL((SELECT t.name FROM branches b JOIN trees t ON t.id = b.tree_id "
		"  WHERE b.id = se.branch_id), (SELECT t.name FROM commits cm JOIN trees t "
		"  ON t.id = cm.tree_id WHERE " DB_LEVELS("cm") " AND cm.sha = c.bad_sha "
		"  LIMIT 1)) AS tree, "
		" (SELECT b.name FROM branches b WHERE b.id = se.branch_id) AS branch, "
		" (SELECT cm.subject FROM commits cm WHERE " DB_LEVELS("cm") " AND "
		"  cm.sha = c.bad_sha LIMIT 1) AS bad_subject, "
		" (SELECT group_concat(DISTINCT se2.runner_class) FROM changes c2 JOIN series se2 "
		"  ON se2.id = c2.series_id WHERE IFNULL(c2.group_id, -c2.id) = h.g) AS classes "
		"FROM h JOIN changes c ON c.id = h.id JOIN series se ON se.id = c.series_id "
		" JOIN metrics m ON m.id = se.metric_id "
		"WHERE h.rn = 1 AND (?16 <= 0 OR abs(IFNULL(c.magnitude, 0)) * 100 >= ?16) "
		"ORDER BY CASE WHEN ?17 THEN abs(IFNULL(c.magnitude, 0)) END DESC, "
		" h.last_detected DESC, c.id DESC LIMIT ?8 OFFSET ?9",
		DB_CHANGE_TYPES "di", DB_CHANGE_ARGS(f, limit, offset), min_percent, by_size),
		out->v, sizeof *out->v, (size_t)limit, &out->n, db_change_group_row);
	for (size_t i = 0; rc == DB_OK && i < out->n; i++)
		if (json_array_append_new(ids, json_integer(out->v[i].group_key)) < 0)
			rc = DB_ERR;
	if (rc == DB_OK)
		rc = db_change_rows(&members, db_prepk(db,
			"SELECT " DB_CHANGE_COLUMNS
			"FROM changes c JOIN series se ON se.id = c.series_id "
			" JOIN metrics m ON m.id = se.metric_id "
			"WHERE " DB_CHANGE_WHERE " AND IFNULL(c.group_id, -c.id) IN "
			" (SELECT value FROM json_each(?16)) "
			"ORDER BY abs(IFNULL(c.magnitude, 0)) DESC, c.id LIMIT ?8",
			DB_CHANGE_TYPES "j", DB_CHANGE_ARGS(f, DB_MAX_LIST, 0), ids), DB_MAX_LIST,
			db_change_row);
	db_read_unlock(db);
	json_decref(ids);
	if (rc == DB_OK)
		rc = db_change_members(out, &members);
	rec_changes_dispose(&members);
	if (rc != DB_OK)
		rec_change_groups_dispose(out);
	return rc;
}

int db_change_get(struct db *db, struct rec_change *out, long long id)
{
	struct rec_changes l;
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_change_rows(&l, db_prepk(db, "SELECT " DB_CHANGE_COLUMNS
					 "FROM changes c JOIN series se ON se.id = c.series_id "
					 " JOIN metrics m ON m.id = se.metric_id WHERE c.id = ?",
					 "I", id), 1, db_change_row);
	db_read_unlock(db);
	if (rc != DB_OK)
		return rc;
	if (l.n == 0)
		rc = DB_NOTFOUND;
	else
		*out = l.v[0];
	free(l.v);
	return rc;
}
