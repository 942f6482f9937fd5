// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_changes.c - what analysis reads and writes: dirty series, a series'
 * samples with their first-parent positions, changes (stored and
 * triaged; db_change_list.c lists them), the noise sums per (runner
 * class, metric), and the samples of one side of a comparison.  The
 * analyzer itself is daemon/analyze/analyze.c; docs/analysis.md describes the
 * rules enforced here (a triaged change is never rewritten; a store after
 * new samples is a conflict).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_pages.h"
#include "db/db_internal.h"
#include "lib/log.h"

#define DB_MAX_TRIAGE_NOTE 4096     /* bytes of a triage note */

int db_series_dirty(struct db *db, long long **ids, size_t *n, size_t max,
		    long long settle)
{
	sqlite3_stmt *st;
	long long *v;
	size_t k = 0;
	int step = SQLITE_DONE;

	*ids = NULL;
	*n = 0;
	if (max == 0)
		return DB_OK;
	v = calloc(max, sizeof *v);
	if (!v)
		return DB_ERR;
	db_read_lock(db);
	/* series_dirty is a partial index: clean series cost nothing here. */
	st = db_prep(db, "SELECT id FROM series WHERE dirty = 1 AND IFNULL(dirty_at, 0) <= ? "
		     "ORDER BY id LIMIT ?", "II", db_now() - settle, (long long)max);
	if (!st) {
		db_read_unlock(db);
		free(v);
		return DB_ERR;
	}
	while (k < max && (step = sqlite3_step(st)) == SQLITE_ROW)
		v[k++] = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	db_read_unlock(db);
	if (step != SQLITE_ROW && step != SQLITE_DONE) {    /* not an empty list */
		log_warn("db: the dirty series could not be read: %s", sqlite3_errstr(step));
		free(v);
		return DB_ERR;
	}
	if (k == 0) {
		free(v);
		v = NULL;
	}
	*ids = v;
	*n = k;
	return DB_OK;
}

void db_series_data_free(struct db_series_data *s)
{
	if (!s)
		return;
	free(s->samples);
	free(s->changes);
	free(s);
}

/* Copies column i (text or NULL) into out[DB_SHA_MAX + 1]. */
static void db_copy_sha(char *out, sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);

	snprintf(out, DB_SHA_MAX + 1, "%s", t ? t : "");
}

/* The samples of s in job, attempt, iteration order: those of ok
 * results kept, placed on the series' own branch or the majority rule's
 * (s->branch_id, db/db_line.c), whose commits the others' count too. */
static int db_load_samples(struct db *db, struct db_series_data *s, long long own)
{
	char (*more)[DB_SHA_MAX + 1] = NULL;    /* the commits of results not ok */
	size_t cap = 0, nmore = 0, cmore = 0;
	sqlite3_stmt *st;
	int rc;

	/* Positions are looked up once per distinct commit afterwards
	 * (db_line_place), not once per sample. */
	st = db_prep(db,
		"SELECT s.job_id, s.env_id, r.status IS 'ok', s.commit_sha, s.value, "
		" " DB_FOLD_COLUMNS("s") " "
		"FROM samples s LEFT JOIN job_results r ON r.job_id = s.job_id AND r.attempt = s.attempt "
		"WHERE s.series_id = ?1 "
		"ORDER BY s.job_id, s.attempt, s.iteration", "I", s->id);
	if (!st)
		return DB_ERR;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct db_sample *x;

		if (!sqlite3_column_int(st, 2)) {
			const char *sha = (const char *)sqlite3_column_text(st, 3);

			/* a job's rows are together: its commit once */
			if (!sha || (nmore && !strcmp(more[nmore - 1], sha)))
				continue;
			if (db_grow((void **)&more, &cmore, nmore, sizeof *more,
				    DB_MAX_SERIES_SAMPLES) != DB_OK)
				break;
			db_copy_sha(more[nmore++], st, 3);
			continue;
		}
		if (s->nsamples == cap) {
			size_t ncap = cap ? 2 * cap : 256;

			if (ncap > DB_MAX_SERIES_SAMPLES)
				break;
			x = realloc(s->samples, ncap * sizeof *x);
			if (!x)
				break;
			s->samples = x;
			cap = ncap;
		}
		x = &s->samples[s->nsamples++];
		x->job_id = sqlite3_column_int64(st, 0);
		x->env_id = sqlite3_column_int64(st, 1);
		db_copy_sha(x->sha, st, 3);
		x->value = sqlite3_column_double(st, 4);
		db_fold_read(&x->fold, st, 5);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		log_error("db: series %lld: cannot read its samples (%zu read)", s->id,
			  s->nsamples);
		free(more);
		return DB_ERR;
	}
	rc = db_line_place(db, s->samples, s->nsamples, (const char (*)[DB_SHA_MAX + 1])more,
			   nmore, own, &s->branch_id);
	free(more);
	return rc;
}

static int db_load_changes(struct db *db, struct db_series_data *s)
{
	size_t cap = 0;
	sqlite3_stmt *st;
	int rc;

	st = db_prep(db, "SELECT id, IFNULL(bad_job_id, 0), bad_sha, direction = 'regression', "
		     " triaged_by IS NOT NULL, good_sha, confirm IS 'confirmed' AND withdrawn_at "
		     " IS NULL, confirmation_id IS NOT NULL AND confirm IS NULL AND withdrawn_at "
		     " IS NULL FROM changes WHERE series_id = ? ORDER BY id", "I", s->id);
	if (!st)
		return DB_ERR;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct db_change_ref *c;

		if (s->nchanges == cap) {
			size_t ncap = cap ? 2 * cap : 16;

			c = realloc(s->changes, ncap * sizeof *c);
			if (!c)
				break;
			s->changes = c;
			cap = ncap;
		}
		c = &s->changes[s->nchanges++];
		c->id = sqlite3_column_int64(st, 0);
		c->bad_job_id = sqlite3_column_int64(st, 1);
		db_copy_sha(c->bad_sha, st, 2);
		c->regression = sqlite3_column_int(st, 3);
		c->triaged = sqlite3_column_int(st, 4);
		db_copy_sha(c->good_sha, st, 5);
		c->confirmed = sqlite3_column_int(st, 6);
		c->confirming = sqlite3_column_int(st, 7);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? DB_OK : DB_ERR;
}

int db_series_load(struct db *db, struct db_series_data **out, long long id)
{
	struct db_series_data *s = calloc(1, sizeof *s);
	sqlite3_stmt *st;
	long long own;
	int rc = DB_ERR;

	*out = NULL;
	if (!s)
		return DB_ERR;
	s->id = id;
	db_read_lock(db);
	st = db_prep(db, "SELECT m.direction = 'higher', IFNULL((SELECT MAX(id) FROM samples "
		     " WHERE series_id = se.id), 0), IFNULL(se.branch_id, 0) FROM series se "
		     " JOIN metrics m ON m.id = se.metric_id WHERE se.id = ?", "I", id);
	if (!st)
		goto out;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		rc = DB_NOTFOUND;
		goto out;
	}
	s->higher_is_better = sqlite3_column_int(st, 0);
	s->last_sample_id = sqlite3_column_int64(st, 1);
	own = sqlite3_column_int64(st, 2);
	sqlite3_finalize(st);
	rc = db_load_samples(db, s, own);
	if (rc == DB_OK)
		rc = db_load_changes(db, s);
out:
	db_read_unlock(db);
	if (rc != DB_OK) {
		db_series_data_free(s);
		return rc;
	}
	*out = s;
	return DB_OK;
}

/* "commit:GOOD..BAD" or "job:G..B": changes with the same key form a group. */
static void db_range_key(char *out, size_t n, const struct db_change_new *c)
{
	if (c->bad_sha)
		snprintf(out, n, "commit:%s..%s", c->good_sha ? c->good_sha : "", c->bad_sha);
	else
		snprintf(out, n, "job:%lld..%lld", c->good_job_id, c->bad_job_id);
}

#define DB_RANGE_KEY_MAX (2 * DB_SHA_MAX + 16)

/* group_id of every change with range key = the smallest id among them. */
static int db_regroup(struct db *db, const char *key)
{
	long long first = db_scalar(db_prepk(db, "SELECT MIN(id) FROM changes WHERE range_key = ?",
					    "s", key), 0);

	/* Only the rows whose group changes are written. */
	return db_exec_st(db, db_prepk(db, "UPDATE changes SET group_id = ?1 WHERE range_key = ?2 "
				      "AND group_id IS NOT ?1", "Is", first, key));
}

/* Writes (inserts or replaces) one change; adds its range key to keys. */
static int db_change_write(struct db *db, long long series_id, const struct db_change_new *c,
			   char *key, size_t keylen)
{
	long long now = db_now();

	db_range_key(key, keylen, c);
	if (c->id)
		/* triaged_by IS NULL: a person's triage wins even if it came
		 * between the load and this store. */
		return db_exec_st(db, db_prepk(db,
			"UPDATE changes SET good_sha = ?, bad_sha = ?, good_job_id = ?, "
			" bad_job_id = ?, range_key = ?, point_index = ?, n_before = ?, n_after = ?, "
			" mean_before = ?, mean_after = ?, median_before = ?, median_after = ?, "
			" sd_before = ?, sd_after = ?, magnitude = ?, pvalue = ?, direction = ?, "
			" confidence = ?, updated_at = ?, "
			" withdrawn_at = CASE WHEN confirm IS NULL OR confirm = 'confirmed' THEN NULL "
			"  ELSE withdrawn_at END, "
			" withdrawn_reason = CASE WHEN confirm IS NULL OR confirm = 'confirmed' THEN NULL "
			"  ELSE withdrawn_reason END "
			"WHERE id = ? AND series_id = ? AND triaged_by IS NULL",
			"ssIIsIIIddddddddsdIII", c->good_sha, c->bad_sha, c->good_job_id,
			c->bad_job_id, key, c->point_index, c->n_before, c->n_after,
			c->mean_before, c->mean_after, c->median_before, c->median_after,
			c->sd_before, c->sd_after, c->magnitude, c->pvalue,
			c->regression ? "regression" : "improvement", c->confidence, now,
			c->id, series_id));
	return db_exec_st(db, db_prepk(db,
		"INSERT INTO changes (series_id, good_sha, bad_sha, good_job_id, bad_job_id, "
		" range_key, point_index, n_before, n_after, mean_before, mean_after, "
		" median_before, median_after, sd_before, sd_after, magnitude, pvalue, direction, "
		" confidence, state, detected_at, updated_at) "
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?)",
		"IssIIsIIIddddddddsdII", series_id, c->good_sha, c->bad_sha, c->good_job_id,
		c->bad_job_id, key, c->point_index, c->n_before, c->n_after, c->mean_before,
		c->mean_after, c->median_before, c->median_after, c->sd_before, c->sd_after,
		c->magnitude, c->pvalue, c->regression ? "regression" : "improvement",
		c->confidence, now, now));
}

/* Drops an untriaged change nothing refers to and returns its range key
 * in key; withdraws with its reason one that a confirmation judged, or a
 * bisection or a report refers to (key "").  A triaged change is left as
 * the person left it. */
static int db_change_drop(struct db *db, long long series_id, const struct db_change_drop *d,
			  char *key, size_t keylen)
{
	long long id = d->id;
	sqlite3_stmt *st;

	key[0] = '\0';
	st = db_prep(db, "SELECT range_key FROM changes WHERE id = ? AND series_id = ? AND "
		     " triaged_by IS NULL AND confirm IS NULL AND confirmation_id IS NULL AND "
		     " NOT EXISTS (SELECT 1 FROM bisections "
		     " WHERE change_id = changes.id) AND NOT EXISTS (SELECT 1 FROM alerts "
		     " WHERE change_id = changes.id) AND NOT EXISTS (SELECT 1 FROM "
		     " report_changes WHERE change_id = changes.id)", "II", id, series_id);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(key, keylen, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (!key[0])
		return db_exec_st(db, db_prepk(db, "UPDATE changes SET withdrawn_at = ?, "
					   "withdrawn_reason = ? WHERE id = ? AND series_id = ? AND "
					   "triaged_by IS NULL AND withdrawn_at IS NULL", "IsII", db_now(),
					   d->why, id, series_id));
	return db_exec_st(db, db_prepk(db, "DELETE FROM changes WHERE id = ?", "I", id));
}

/* Marks every series of the (metric, runner class) of series_id noisy or
 * not, from the A/A sums of them all, with a noisy one's band exp(beyond *
 * CV) (NULL when not noisy), and says so in the log when the flag turns:
 * the changes a noisy metric holds back are otherwise silent.  Three
 * indexed statements: the cost is the number of series of that (metric,
 * class), not of all series. */
static int db_update_noisy(struct db *db, long long series_id, double max_cv, long long min_df,
			   double beyond)
{
	long long metric_id = 0, df = 0;
	char rclass[PROTO_MAX_NAME + 1] = "", metric[2 * PROTO_MAX_NAME + 2] = "";
	double ss = 0, band;
	sqlite3_stmt *st;
	int noisy, was = 0, rc;

	st = db_prep(db, "SELECT se.metric_id, se.runner_class, se.noisy, m.suite || '/' || "
		     "m.name FROM series se JOIN metrics m ON m.id = se.metric_id WHERE se.id = ?",
		     "I", series_id);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		metric_id = sqlite3_column_int64(st, 0);
		snprintf(rclass, sizeof rclass, "%s", (const char *)sqlite3_column_text(st, 1));
		was = sqlite3_column_int(st, 2);
		db_column_text(metric, sizeof metric, st, 3);
	}
	sqlite3_finalize(st);
	st = db_prep(db, "SELECT IFNULL(SUM(aa_df), 0), IFNULL(SUM(aa_ss), 0) FROM series "
		     "WHERE metric_id = ? AND runner_class = ?", "Is", metric_id, rclass);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		df = sqlite3_column_int64(st, 0);
		ss = sqlite3_column_double(st, 1);
	}
	sqlite3_finalize(st);
	noisy = df >= min_df && ss > max_cv * max_cv * (double)df;
	band = noisy && beyond > 0 ? exp(beyond * sqrt(ss / (double)df)) : NAN;
	rc = db_exec_st(db, db_prepk(db, "UPDATE series SET noisy = ?1, noise_band = ?4 "
				    "WHERE metric_id = ?2 AND runner_class = ?3 AND (noisy <> ?1 "
				    "OR noise_band IS NOT ?4)", "iIsd", noisy, metric_id, rclass,
				    band));
	if (rc == DB_OK && noisy != was && noisy)
		log_info("db: %s on runner class %s is too noisy to judge now (job-to-job CV "
			 "%.0f%%, over %.0f%%): its changes within %.1f times are not confirmed, "
			 "reported or bisected", metric, rclass, 100 * sqrt(ss / (double)df),
			 100 * max_cv, isfinite(band) ? band : INFINITY);
	else if (rc == DB_OK && noisy != was)
		log_info("db: %s on runner class %s is quiet enough to judge again (job-to-job "
			 "CV %.0f%%)", metric, rclass, df > 0 ? 100 * sqrt(ss / (double)df) : 0);
	return rc;
}

/* The series' newest points for the metrics index (0017-series-spark.sql). */
static int db_spark_store_locked(struct db *db, const struct db_analysis *a)
{
	json_t *spark = json_array();
	int rc;

	for (size_t i = 0; spark && i < a->nspark && i < DB_SPARK_POINTS; i++)
		json_array_append_new(spark, json_real(a->spark[i]));
	if (!spark)
		return DB_ERR;
	rc = db_exec_st(db, db_prepk(db, "UPDATE series SET spark = ?, spark_job = ? WHERE id = ?",
				    "jII", spark, a->spark_job, a->series_id));
	json_decref(spark);
	return rc;
}

static int db_store_locked(struct db *db, const struct db_analysis *a)
{
	char key[DB_RANGE_KEY_MAX];
	long long last;
	int rc = DB_OK;

	last = db_scalar(db_prepk(db, "SELECT IFNULL(MAX(id), 0) FROM samples WHERE series_id = ?",
				 "I", a->series_id), -1);
	if (last != a->last_sample_id)
		return DB_CONFLICT;
	for (size_t i = 0; rc == DB_OK && i < a->ndrop; i++) {
		rc = db_change_drop(db, a->series_id, &a->drop[i], key, sizeof key);
		if (rc == DB_OK && key[0])
			rc = db_regroup(db, key);
	}
	for (size_t i = 0; rc == DB_OK && i < a->nchanges; i++) {
		char old[DB_RANGE_KEY_MAX] = "";

		if (a->changes[i].id) {
			sqlite3_stmt *st = db_prep(db, "SELECT range_key FROM changes WHERE id = ?",
						   "I", a->changes[i].id);

			if (st && sqlite3_step(st) == SQLITE_ROW)
				snprintf(old, sizeof old, "%s", sqlite3_column_text(st, 0));
			sqlite3_finalize(st);
		}
		rc = db_change_write(db, a->series_id, &a->changes[i], key, sizeof key);
		if (rc == DB_OK)
			rc = db_change_verdict_locked(db, a->changes[i].id ? a->changes[i].id :
						      sqlite3_last_insert_rowid(db->conn), &a->changes[i]);
		if (rc == DB_OK)
			rc = db_regroup(db, key);
		if (rc == DB_OK && old[0] && strcmp(old, key))
			rc = db_regroup(db, old);
	}
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE series SET dirty = 0, analyzed_at = ?, points = ?, ordered_by = ?, "
			" last_sample_id = ?, aa_ss = ?, aa_df = ?, it_ss = ?, it_df = ?, jobs = ?, "
			" samples_used = ?, line_branch_id = ? WHERE id = ?", "IIsIdIdIIIII", db_now(),
			a->points, a->ordered_by, a->last_sample_id, a->aa_ss, a->aa_df, a->it_ss,
			a->it_df, a->jobs, a->samples_used, a->line_branch_id, a->series_id));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE series SET rep_ss = ?, rep_df = ?, "
			" rep_wn = ?, win_ss = ?, win_df = ? WHERE id = ?", "dIddII", a->rep_ss,
			a->rep_df, a->rep_wn, a->win_ss, a->win_df, a->series_id));
	if (rc == DB_OK)
		rc = db_spark_store_locked(db, a);
	if (rc == DB_OK)
		rc = db_commit_verdicts_store_locked(db, a);
	if (rc == DB_OK)
		rc = db_update_noisy(db, a->series_id, a->noise_max_cv, a->noise_min_df,
				     a->noise_beyond);
	return rc;
}

int db_analysis_store(struct db *db, const struct db_analysis *a)
{
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_store_locked(db, a));
	db_unlock(db);
	return rc;
}

int db_change_triage(struct db *db, long long id, const char *state, const char *note,
		     long long token_id)
{
	static const char *const states[] = { "new", "confirmed", "bisecting",
		"culprit-found", "fixed", "invalid", "wontfix", NULL };
	int known = 0, rc;

	for (int i = 0; states[i]; i++)
		known |= !strcmp(state, states[i]);
	if (!known || (note && strlen(note) > DB_MAX_TRIAGE_NOTE))
		return DB_INVALID;
	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE changes SET state = ?, note = IFNULL(?, note), triaged_at = ?, "
		" triaged_by = IFNULL((SELECT name FROM api_tokens WHERE id = ?4), 'token ' || ?4) "
		"WHERE id = ?5", "ssIII", state, note, db_now(), token_id, id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_NOTFOUND;
	db_unlock(db);
	return rc;
}

/* A row of db_noise_list's SELECT, for db_rows_into. */
static int db_noise_row(sqlite3_stmt *st, void *rec)
{
	struct rec_noise *n = rec;

	n->metric_id = sqlite3_column_int64(st, 1);
	n->series = sqlite3_column_int64(st, 5);
	n->aa_ss = sqlite3_column_double(st, 6);
	n->aa_df = sqlite3_column_int64(st, 7);
	n->it_ss = sqlite3_column_double(st, 8);
	n->it_df = sqlite3_column_int64(st, 9);
	n->jobs = sqlite3_column_int64(st, 10);
	n->samples_used = sqlite3_column_int64(st, 11);
	n->noisy = sqlite3_column_int64(st, 12);
	n->rep_ss = sqlite3_column_double(st, 13);
	n->rep_df = sqlite3_column_int64(st, 14);
	n->rep_wn = sqlite3_column_double(st, 15);
	n->win_ss = sqlite3_column_double(st, 16);
	n->win_df = sqlite3_column_int64(st, 17);
	if (db_column_copy(&n->runner_class, st, 0) != DB_OK ||
	    db_column_copy(&n->suite, st, 2) != DB_OK || db_column_copy(&n->metric, st, 3) != DB_OK ||
	    db_column_copy(&n->unit, st, 4) != DB_OK) {
		rec_noise_dispose(n);
		return -1;
	}
	return 0;
}

int db_noise_list(struct db *db, struct rec_noises *out, const char *runner_class,
		  long long metric_id)
{
	size_t max = runner_class && metric_id ? 1 : DB_MAX_LIST;
	int rc;

	memset(out, 0, sizeof *out);
	out->v = calloc(max + 1, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT se.runner_class, m.id AS metric_id, m.suite, m.name AS metric, m.unit, "
		" COUNT(*) AS series, SUM(se.aa_ss) AS aa_ss, SUM(se.aa_df) AS aa_df, "
		" SUM(se.it_ss) AS it_ss, SUM(se.it_df) AS it_df, SUM(se.jobs) AS jobs, "
		" SUM(se.samples_used) AS samples_used, MAX(se.noisy) AS noisy, "
		" SUM(se.rep_ss) AS rep_ss, SUM(se.rep_df) AS rep_df, SUM(se.rep_wn) AS rep_wn, "
		" SUM(se.win_ss) AS win_ss, SUM(se.win_df) AS win_df "
		"FROM series se JOIN metrics m ON m.id = se.metric_id "
		"WHERE (?1 IS NULL OR se.runner_class = ?1) AND (?2 = 0 OR m.id = ?2) "
		"GROUP BY se.runner_class, m.id ORDER BY se.runner_class, m.suite, m.name "
		"LIMIT ?3", "sIi", runner_class, metric_id, (int)max),
		out->v, sizeof *out->v, max, &out->n, db_noise_row);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_noises_dispose(out);
	return rc;
}
/* Counts the distinct commits with sha_prefix (0, 1, or 2 meaning many). */
static long long db_prefix_commits(struct db *db, const char *prefix, const char *end)
{
	return db_scalar(db_prepk(db, "SELECT COUNT(*) FROM (SELECT DISTINCT commit_sha FROM "
				 "samples WHERE commit_sha >= ? AND commit_sha < ? LIMIT 2)",
				 "ss", prefix, end), 0);
}

/* db_side_samples' SELECT, the samples that match where (which names
 * ?1 the job, ?2 and ?3 the commit range); ?4 the runner class or NULL. */
#define DB_SIDE_SELECT(where) \
	"SELECT se.metric_id, se.runner_class, s.value, s.job_id, s.series_id, " \
	" " DB_FOLD_COLUMNS("s") " FROM samples s " \
	" JOIN job_results r ON r.job_id = s.job_id AND r.attempt = s.attempt " \
	" JOIN series se ON se.id = s.series_id " \
	"WHERE r.status = 'ok' AND " where \
	" AND (?4 IS NULL OR se.runner_class = ?4) " \
	"ORDER BY se.runner_class, se.metric_id, s.job_id, s.iteration"

int db_side_samples(struct db *db, struct db_side_sample **out, size_t *n,
		    long long job_id, const char *sha_prefix, const char *runner_class)
{
	char end[DB_SHA_MAX + 2];
	struct db_side_sample *v = NULL;
	size_t k = 0, cap = 0;
	sqlite3_stmt *st;
	int rc = DB_OK, step;

	*out = NULL;
	*n = 0;
	/* Commit ids are lower-case hex: every id starting with p sorts in
	 * [p, p + "g"). */
	snprintf(end, sizeof end, "%sg", sha_prefix ? sha_prefix : "");
	db_read_lock(db);
	if (sha_prefix && db_prefix_commits(db, sha_prefix, end) > 1) {
		db_read_unlock(db);
		return DB_CONFLICT;
	}
	/* One text per side so that SQLite reads the side through an index
	 * (samples' UNIQUE key by job, analysis_samples_commit by commit)
	 * instead of every sample: "?1 = 0 OR ..." would hide both. */
	st = db_prep(db, job_id ? DB_SIDE_SELECT("s.job_id = ?1 AND (?2 IS NULL OR "
						 "(s.commit_sha >= ?2 AND s.commit_sha < ?3))") :
			 sha_prefix ? DB_SIDE_SELECT("s.commit_sha >= ?2 AND s.commit_sha < ?3") :
			 DB_SIDE_SELECT("1"), "Isss", job_id, sha_prefix, end, runner_class);
	if (!st) {
		db_read_unlock(db);
		return DB_ERR;
	}
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&v, &cap, k, sizeof *v, DB_MAX_SIDE_SAMPLES);
		if (rc != DB_OK)
			break;
		v[k].metric_id = sqlite3_column_int64(st, 0);
		db_column_text(v[k].runner_class, sizeof v[k].runner_class, st, 1);
		v[k].value = sqlite3_column_double(st, 2);
		v[k].job_id = sqlite3_column_int64(st, 3);
		v[k].series_id = sqlite3_column_int64(st, 4);
		db_fold_read(&v[k].fold, st, 5);
		k++;
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	sqlite3_finalize(st);
	db_read_unlock(db);
	if (rc == DB_OK && k == 0)
		rc = DB_NOTFOUND;
	if (rc != DB_OK) {
		free(v);
		return rc;
	}
	*out = v;
	*n = k;
	return DB_OK;
}
