// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_fold.c - retention ([storage] fold_after_days, migration 0022): the
 * raw iterations of old jobs folded into one row per (job, attempt,
 * series), and the fold's totals for health.
 *
 * A folded row keeps what every reader computes from a job's iterations:
 * its value is their median (the analyzer's point, the sparkline's), its
 * struct db_fold the sums of verdict_job_of (n, mean, squared deviations,
 * the same of the logarithms: every verdict, comparison, confirmation
 * and probe judgement is a function of them), and the smallest and
 * largest value (the chart's range).  They are computed here with the
 * same functions, over the iterations in the same order, as the readers
 * compute them from raw rows, so a folded job reads the same to the bit.
 * The row is new (appended at the end of the table, so that folded rows
 * sit packed together) and the iterations are deleted: the pages of old
 * jobs empty whole and go to SQLite's free list, where new samples reuse
 * them (updating a row in place left every old page a third full for
 * good: about 280 bytes a folded row instead of 174).  A series' newest sample
 * id changes, so an analysis of it running meanwhile is not stored
 * (DB_CONFLICT) and runs again.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_core.h"
#include "db/db_internal.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/stats.h"

#define DB_FOLD_TX_JOBS 16          /* jobs folded in one transaction at most */
#define DB_FOLD_TX_MS 50            /* ... and a transaction stops taking jobs after this */
#define DB_FOLD_SCAN 256            /* jobs a pass reads ahead at once */
#define DB_FOLD_MAX_VALUES 4000000  /* iterations of one job folded at most: more stay raw */
#define DB_FOLD_VACUUM_PAGES 256    /* pages an incremental vacuum step gives back */
#define DB_FOLD_STR_(x) #x
#define DB_FOLD_STR(x) DB_FOLD_STR_(x)  /* a number's macro as SQL text */

/* One raw iteration of a job. */
struct db_fold_it {
	long long id, attempt, series;
	double value, spread;       /* spread NAN when the runner sent none */
};

static double db_fold_real(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

void db_fold_read(struct db_fold *f, sqlite3_stmt *st, int i)
{
	f->n = sqlite3_column_type(st, i) == SQLITE_NULL ? 0 : sqlite3_column_int64(st, i);
	f->mean = db_fold_real(st, i + 1);
	f->ss = db_fold_real(st, i + 2);
	f->lmean = db_fold_real(st, i + 3);
	f->lss = db_fold_real(st, i + 4);
	f->min = db_fold_real(st, i + 5);
	f->max = db_fold_real(st, i + 6);
}

void db_fold_job(struct verdict_job *out, const struct db_fold *f)
{
	out->n = (size_t)f->n;
	out->mean = f->mean;
	out->ss = f->ss;
	out->lmean = f->lmean;
	out->lss = f->lss;
}

/* The raw iterations of job, ordered by attempt, series and iteration,
 * into *v (caller frees), *n of them (the lock held): DB_OK, DB_INVALID
 * past DB_FOLD_MAX_VALUES, DB_ERR. */
static int db_fold_raw_read(struct db *db, struct db_fold_it **v, size_t *n, long long job)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT id, attempt, series_id, value, spread FROM samples "
		"WHERE job_id = ? AND fold_n IS NULL ORDER BY attempt, series_id, iteration",
		"I", job);
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;
	size_t cap = 0;

	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct db_fold_it *x;

		rc = db_grow((void **)v, &cap, *n, sizeof **v, DB_FOLD_MAX_VALUES);
		if (rc != DB_OK)
			break;
		x = &(*v)[(*n)++];
		x->id = sqlite3_column_int64(st, 0);
		x->attempt = sqlite3_column_int64(st, 1);
		x->series = sqlite3_column_int64(st, 2);
		x->value = sqlite3_column_double(st, 3);
		x->spread = db_fold_real(st, 4);
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	db_done(st);
	return rc;
}

/* Folds the iterations v[0..n) (n > 1) of one (attempt, series) into a
 * new row, and deletes them (the lock held, in a transaction). */
static int db_fold_group(struct db *db, long long job, const struct db_fold_it *v, size_t n,
			 double *scratch)
{
	struct verdict_job vj;
	double lo = v[0].value, hi = v[0].value, spread = NAN, median;
	int rc;

	for (size_t i = 0; i < n; i++) {
		scratch[i] = v[i].value;
		lo = v[i].value < lo ? v[i].value : lo;
		hi = v[i].value > hi ? v[i].value : hi;
		if (!isnan(v[i].spread) && (isnan(spread) || v[i].spread > spread))
			spread = v[i].spread;
	}
	verdict_job_of(&vj, scratch, n);
	median = stats_median_inplace(scratch, n);
	rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO samples (job_id, attempt, series_id, env_id, runner_id, commit_sha, "
		" iteration, value, created_at, spread, fold_n, fold_mean, fold_ss, fold_lmean, "
		" fold_lss, fold_min, fold_max) SELECT job_id, attempt, series_id, env_id, "
		" runner_id, commit_sha, -1, ?2, created_at, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 "
		"FROM samples WHERE id = ?1", "IddIdddddd", v[0].id, median, spread,
		(long long)n, vj.mean, vj.ss, vj.lmean, vj.lss, lo, hi));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"DELETE FROM samples WHERE job_id = ? AND attempt = ? AND series_id = ? "
			" AND fold_n IS NULL", "III", job, v[0].attempt, v[0].series));
	if (rc == DB_OK)        /* one row in, the iterations out: the rows kept (0023) */
		rc = db_exec_st(db, db_prepk(db, "UPDATE sample_count SET rows = rows + 1 - ? "
					     "WHERE id = 1", "I",
					     (long long)sqlite3_changes(db->conn)));
	return rc;
}

/* Folds every (attempt, series) of more than one iteration of job (the
 * lock held, in a transaction), adding to *out. */
static int db_fold_one(struct db *db, long long job, struct db_fold_result *out)
{
	struct db_fold_it *v = NULL;
	double *scratch = NULL;
	size_t n = 0;
	int rc = db_fold_raw_read(db, &v, &n, job);

	if (rc == DB_INVALID) {     /* too large to hold: it stays raw */
		log_warn("db: job %lld has more than %d raw iterations; left unfolded", job,
			 DB_FOLD_MAX_VALUES);
		rc = DB_OK;
		n = 0;
	}
	if (rc == DB_OK && n && !(scratch = malloc(n * sizeof *scratch)))
		rc = DB_ERR;
	for (size_t a = 0, b; rc == DB_OK && a < n; a = b) {
		for (b = a + 1; b < n && v[b].attempt == v[a].attempt && v[b].series == v[a].series;
		     b++)
			;
		if (b - a < 2)
			continue;           /* one iteration is its own summary */
		rc = db_fold_group(db, job, v + a, b - a, scratch);
		out->rows++;
		out->iterations += (long long)(b - a);
	}
	free(scratch);
	free(v);
	return rc;
}

/* Records the pass's progress and counts (the lock held, in the
 * transaction of the folds counted). */
static int db_fold_note(struct db *db, long long next_job, const struct db_fold_result *tx)
{
	long long now = db_now();

	return db_exec_st(db, db_prepk(db,
		"UPDATE sample_folding SET next_job = ?1, jobs = jobs + ?2, rows = rows + ?3, "
		" iterations = iterations + ?4, last_run_at = ?5, "
		" last_fold_at = CASE WHEN ?3 > 0 THEN ?5 ELSE last_fold_at END WHERE id = 1",
		"IIIII", next_job, tx->jobs, tx->rows, tx->iterations, now));
}

/* Up to DB_FOLD_SCAN jobs from *next on with when their last result was
 * received, into ids and at (the lock held); how many. */
static size_t db_fold_scan(struct db *db, long long next, long long *ids, long long *at)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT job_id, MAX(received_at) FROM job_results WHERE job_id >= ? "
		"GROUP BY job_id ORDER BY job_id LIMIT ?", "Ii", next, DB_FOLD_SCAN);
	size_t n = 0;

	while (st && n < DB_FOLD_SCAN && sqlite3_step(st) == SQLITE_ROW) {
		ids[n] = sqlite3_column_int64(st, 0);
		at[n++] = sqlite3_column_int64(st, 1);
	}
	db_done(st);
	return n;
}

/* One transaction: folds jobs ids[*i..n) while they are older than
 * cutoff, at most DB_FOLD_TX_JOBS and DB_FOLD_TX_MS; *i past the last
 * looked at, *caught_up when a job too young stopped it. */
static int db_fold_tx(struct db *db, const long long *ids, const long long *at, size_t n,
		      size_t *i, long long cutoff, int *caught_up, struct db_fold_result *out)
{
	struct db_fold_result tx = { 0 };
	long long t0 = mono_ms();
	long long next = ids[*i];
	int rc = db_begin(db);

	for (int k = 0; rc == DB_OK && *i < n && k < DB_FOLD_TX_JOBS &&
	     mono_ms() - t0 < DB_FOLD_TX_MS; k++) {
		long long rows = tx.rows;

		if (at[*i] >= cutoff) {
			*caught_up = 1;
			break;
		}
		rc = db_fold_one(db, ids[*i], &tx);
		tx.jobs += tx.rows > rows;
		next = ids[*i] + 1;
		(*i)++;
	}
	if (rc == DB_OK)
		rc = db_fold_note(db, next, &tx);
	rc = db_end(db, rc);
	if (rc == DB_OK) {
		out->jobs += tx.jobs;
		out->rows += tx.rows;
		out->iterations += tx.iterations;
	}
	return rc;
}

/* Gives a few free pages back to the file system when the file is in
 * incremental auto-vacuum mode (the lock held, outside a transaction). */
static void db_fold_vacuum(struct db *db)
{
	if (db_scalar(db_prepk(db, "PRAGMA auto_vacuum", ""), 0) != 2 ||
	    db_scalar(db_prepk(db, "PRAGMA freelist_count", ""), 0) == 0)
		return;
	if (db_exec(db, "PRAGMA incremental_vacuum(" DB_FOLD_STR(DB_FOLD_VACUUM_PAGES) ")") != DB_OK)
		log_warn("db: the incremental vacuum after a fold failed");
}

int db_fold_pass(struct db *db, long long cutoff, int budget_ms, struct db_fold_result *out)
{
	long long ids[DB_FOLD_SCAN], at[DB_FOLD_SCAN], next;
	long long t0 = mono_ms();
	int rc = DB_OK, caught_up = 0;

	memset(out, 0, sizeof *out);
	db_lock(db);
	next = db_scalar(db_prepk(db, "SELECT next_job FROM sample_folding WHERE id = 1", ""),
			 -1);
	if (next < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	while (rc == DB_OK && !caught_up) {
		size_t n = db_fold_scan(db, next, ids, at), i = 0;

		if (n == 0)
			break;
		while (rc == DB_OK && i < n && !caught_up) {
			rc = db_fold_tx(db, ids, at, n, &i, cutoff, &caught_up, out);
			if (i > 0)
				next = ids[i - 1] + 1;
			if (mono_ms() - t0 >= budget_ms)
				break;
			db_yield(db);
		}
		if (rc == DB_OK && !caught_up && mono_ms() - t0 >= budget_ms) {
			out->more = 1;
			break;
		}
	}
	if (rc == DB_OK && (caught_up || !out->more))    /* the pass ran: say when */
		rc = db_exec_st(db, db_prepk(db, "UPDATE sample_folding SET last_run_at = ? "
					    "WHERE id = 1", "I", db_now()));
	if (out->rows)
		db_fold_vacuum(db);
	db_unlock(db);
	return rc;
}

int db_fold_status(struct db *db, struct db_fold_status *out)
{
	sqlite3_stmt *st;
	int rc = DB_ERR;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT rows, iterations, jobs, next_job, IFNULL(last_run_at, 0), "
		      " IFNULL(last_fold_at, 0), (SELECT rows FROM sample_count WHERE id = 1) "
		      "FROM sample_folding WHERE id = 1", "");
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		out->rows = sqlite3_column_int64(st, 0);
		out->iterations = sqlite3_column_int64(st, 1);
		out->jobs = sqlite3_column_int64(st, 2);
		out->next_job = sqlite3_column_int64(st, 3);
		out->last_run_at = sqlite3_column_int64(st, 4);
		out->last_fold_at = sqlite3_column_int64(st, 5);
		out->samples = sqlite3_column_int64(st, 6);
		rc = DB_OK;
	}
	db_done(st);
	out->free_bytes = db_scalar(db_prepk(db, "PRAGMA freelist_count", ""), 0) *
			  db_scalar(db_prepk(db, "PRAGMA page_size", ""), 0);
	out->incremental = db_scalar(db_prepk(db, "PRAGMA auto_vacuum", ""), 0) == 2;
	db_read_unlock(db);
	return rc;
}
