// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_results.c - storing a runner's result (environment, metrics,
 * series, samples) once per (job, attempt), and reading samples back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_queue.h"
#include "db/db_internal.h"
#include "lib/fail.h"
#include "lib/sha256.h"

static int db_metric_id(struct db *db, long long *id, const struct proto_sample *s,
			char **cause)
{
	const char *dir = s->higher_is_better ? "higher" : "lower";
	sqlite3_stmt *st;
	int rc = DB_OK;

	st = db_prepk(db, "SELECT id, unit, direction FROM metrics WHERE suite = ? AND name = ?",
		      "ss", s->suite, s->metric);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		if (strcmp((const char *)sqlite3_column_text(st, 1), s->unit) ||
		    strcmp((const char *)sqlite3_column_text(st, 2), dir))
			rc = DB_MISMATCH;
		if (rc == DB_MISMATCH)
			fail_cause(cause, "metric %s/%s is stored in %s (%s is better), not in %s "
				   "(%s is better)", s->suite, s->metric,
				   sqlite3_column_text(st, 1), sqlite3_column_text(st, 2),
				   s->unit, dir);
		db_done(st);
		return rc;
	}
	db_done(st);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO metrics (suite, name, unit, direction) "
				   "VALUES (?, ?, ?, ?)", "ssss", s->suite, s->metric, s->unit, dir));
	*id = sqlite3_last_insert_rowid(db->conn);
	return rc;
}

/* The series of a sample, marked dirty for the analyzer (only when it is
 * not dirty already: no write otherwise); a config_name with '@' (a
 * bisection's probes, "CONFIG@bisect", "CONFIG@revert-SHA") is a series
 * of its own that the analyzer leaves alone.  Its metric is looked up in
 * the same statement, and made when new (db_metric_id).  A series that
 * has no branch placing its points yet (a new one; NULL, or 0 and the
 * result has a commit) gets the branch of the result's commit
 * (db/db_line.c), looked up once per result into *commit_branch (-1
 * until then): the series found most often costs nothing more. */
static int db_series_id(struct db *db, long long *id, const struct proto_sample *s,
			const char *runner_class, const char *config, const char *commit,
			long long *commit_branch, char **cause)
{
	const char *dir = s->higher_is_better ? "higher" : "lower";
	int routine = !strchr(config, '@'), dirty = 0, rc = DB_OK;
	long long metric_id = 0, line = -1;
	sqlite3_stmt *st;

	*id = 0;
	st = db_prepk(db, "SELECT m.id, m.unit = ? AND m.direction = ?, IFNULL(s.id, 0), "
		      "IFNULL(s.dirty, 0), IFNULL(s.line_branch_id, -1) FROM metrics m "
		      "LEFT JOIN series s ON s.metric_id = m.id "
		      "AND s.runner_class = ? AND s.config_name = ? AND s.branch_id IS NULL "
		      "WHERE m.suite = ? AND m.name = ?", "ssssss", s->unit, dir, runner_class,
		      config, s->suite, s->metric);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		metric_id = sqlite3_column_int64(st, 0);
		rc = sqlite3_column_int(st, 1) ? DB_OK : DB_MISMATCH;
		*id = sqlite3_column_int64(st, 2);
		dirty = sqlite3_column_int(st, 3);
		line = sqlite3_column_int64(st, 4);
	}
	db_done(st);
	if (!metric_id || rc == DB_MISMATCH)
		rc = db_metric_id(db, &metric_id, s, cause);     /* makes it, or says what differs */
	if (rc == DB_OK && (line < 0 || (line == 0 && commit)) && *commit_branch < 0)
		rc = db_line_of_commit(db, commit, commit_branch);
	if (rc != DB_OK)
		return rc;
	if (*id) {
		if ((line < 0 || (line == 0 && *commit_branch > 0)) &&
		    db_exec_st(db, db_prepk(db, "UPDATE series SET line_branch_id = ? WHERE id = ?",
					    "II", *commit_branch, *id)) < 0)
			return DB_ERR;
		if (!routine || dirty)
			return DB_OK;
		return db_exec_st(db, db_prepk(db, "UPDATE series SET dirty = 1 WHERE id = ?", "I",
					      *id));
	}
	if (db_exec_st(db, db_prepk(db, "INSERT INTO series (metric_id, runner_class, "
				   "config_name, dirty, line_branch_id) VALUES (?, ?, ?, ?, ?)", "IssiI",
				   metric_id, runner_class, config, routine, *commit_branch)) < 0)
		return DB_ERR;
	*id = sqlite3_last_insert_rowid(db->conn);
	return DB_OK;
}

/* The environment row for env (with the server's runner identity). */
static int db_env_id(struct db *db, long long *id, json_t *env, const char *runner_class)
{
	char hash[SHA256_HEX_LEN + 1], *text;

	text = json_dumps(env, JSON_COMPACT | JSON_SORT_KEYS);
	if (!text)
		return DB_ERR;
	sha256_hex(hash, text, strlen(text));
	free(text);
	*id = db_scalar(db_prepk(db, "SELECT id FROM environments WHERE hash = ?", "s", hash), 0);
	if (*id)
		return DB_OK;
	if (db_exec_st(db, db_prepk(db, "INSERT INTO environments (hash, runner_class, "
				   "kernel_release, boot_method, cpu_model, env) VALUES (?, ?, ?, ?, ?, ?)",
				   "sssssj", hash, runner_class,
				   json_string_value(json_object_get(env, "kernel_release")),
				   json_string_value(json_object_get(env, "boot_method")),
				   json_string_value(json_object_get(env, "cpu_model")), env)) < 0)
		return DB_ERR;
	*id = sqlite3_last_insert_rowid(db->conn);
	return DB_OK;
}

/*
 * The series of each sample of a result, looked up once per metric: a
 * result holds each metric's iterations (kbench: 10 metrics x 20), and
 * three statements per sample (metric, series, dirty flag) were most of
 * an upload's cost.  Open addressing on the hash of suite and metric.
 */
struct db_series_map {
	size_t cap;                     /* a power of two */
	const struct proto_sample **key;
	long long *series;
};

static unsigned long long db_sample_hash(const struct proto_sample *s)
{
	unsigned long long h = 1469598103934665603ULL;

	for (const char *p = s->suite; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	h = (h ^ '/') * 1099511628211ULL;
	for (const char *p = s->metric; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return h;
}

/* The slot of s's metric in m: the one holding it, or the empty one
 * where it goes. */
static size_t db_series_slot(const struct db_series_map *m, const struct proto_sample *s)
{
	size_t i = (size_t)db_sample_hash(s) & (m->cap - 1);

	while (m->key[i] && (strcmp(m->key[i]->suite, s->suite) ||
			     strcmp(m->key[i]->metric, s->metric)))
		i = (i + 1) & (m->cap - 1);
	return i;
}

/* Inserts the samples of r, each into its series (found or made, marked
 * dirty, once per metric), with one prepared statement, and adds them
 * to sample_count.  Inside the result's transaction. */
static int db_samples_insert_locked(struct db *db, const struct proto_result *r,
				    long long runner_id, const char *runner_class,
				    const char *config, const char *commit, long long env_id,
				    char **cause)
{
	struct db_series_map m = { .cap = 16 };
	sqlite3_stmt *ins = NULL;
	long long now = db_now(), commit_branch = -1;
	int rc = DB_OK;

	while (m.cap < 2 * r->nsamples)
		m.cap *= 2;
	m.key = calloc(m.cap, sizeof *m.key);
	m.series = calloc(m.cap, sizeof *m.series);
	ins = db_prepk(db, "INSERT INTO samples (job_id, attempt, series_id, env_id, runner_id, "
		       "commit_sha, iteration, value, created_at, spread) "
		       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		       "");
	if (!m.key || !m.series || !ins)
		rc = DB_ERR;
	for (size_t i = 0; rc == DB_OK && i < r->nsamples; i++) {
		const struct proto_sample *s = &r->samples[i];
		size_t slot = db_series_slot(&m, s);
		long long metric_id;
		int step;

		if (!m.key[slot]) {
			rc = db_series_id(db, &m.series[slot], s, runner_class, config, commit,
					  &commit_branch, cause);
			if (rc != DB_OK)
				break;
			m.key[slot] = s;
		} else if (strcmp(m.key[slot]->unit, s->unit) ||
			   m.key[slot]->higher_is_better != s->higher_is_better) {
			rc = db_metric_id(db, &metric_id, s, cause);    /* says what differs */
			if (rc == DB_OK) {
				fail_cause(cause, "samples[%zu] gives %s/%s another unit or direction than "
					   "an earlier sample of the result", i, s->suite, s->metric);
				rc = DB_MISMATCH;
			}
			break;
		}
		sqlite3_bind_int64(ins, 1, r->job_id);
		sqlite3_bind_int(ins, 2, r->attempt);
		sqlite3_bind_int64(ins, 3, m.series[slot]);
		sqlite3_bind_int64(ins, 4, env_id);
		sqlite3_bind_int64(ins, 5, runner_id);
		if (commit)
			sqlite3_bind_text(ins, 6, commit, -1, SQLITE_STATIC);
		else
			sqlite3_bind_null(ins, 6);
		sqlite3_bind_int(ins, 7, s->iteration);
		sqlite3_bind_double(ins, 8, s->value);
		sqlite3_bind_int64(ins, 9, now);
		if (s->spread >= 0)
			sqlite3_bind_double(ins, 10, s->spread);
		else
			sqlite3_bind_null(ins, 10);
		step = sqlite3_step(ins);
		sqlite3_reset(ins);
		if (step == SQLITE_CONSTRAINT) {
			fail_cause(cause, "samples[%zu] repeats %s/%s iteration %d", i, s->suite,
				   s->metric, s->iteration);
			rc = DB_MISMATCH;
		} else if (step != SQLITE_DONE) {
			rc = DB_ERR;
		}
	}
	if (ins)
		db_done(ins);
	free(m.key);
	free(m.series);
	if (rc == DB_OK)        /* every sample inserted: the rows kept (0023) */
		rc = db_exec_st(db, db_prepk(db, "UPDATE sample_count SET rows = rows + ? "
					     "WHERE id = 1", "I", (long long)r->nsamples));
	return rc;
}

/* Body of db_job_result inside its transaction. */
static int db_result_locked(struct db *db, long long runner_id,
			    const struct proto_result *r, int *duplicate, char **cause)
{
	sqlite3_stmt *st;
	char *runner_class = NULL, *runner_name = NULL, *commit = NULL, *config = NULL;
	long long owner = 0, env_id;
	int attempt = 0, running = 0, rc = DB_ERR;
	json_t *env = NULL;

	/* A repeat is acknowledged only to the runner that stored the
	 * result: the lease it held is gone once the job is finished. */
	owner = db_scalar(db_prepk(db, "SELECT runner_id FROM job_results WHERE job_id = ? "
				  "AND attempt = ?", "Ii", r->job_id, r->attempt), 0);
	if (owner && owner != runner_id) {
		fail_cause(cause, "job %lld attempt %d was finished by another runner", r->job_id,
			   r->attempt);
		return DB_CONFLICT;
	}
	if (owner) {
		*duplicate = 1;
		return DB_OK;
	}
	st = db_prepk(db, "SELECT j.attempt, j.state = 'running', IFNULL(j.lease_owner, 0), "
		      " j.commit_sha, IFNULL(json_extract(j.spec, '$.config'), ''), "
		      " r.runner_class, r.name FROM jobs j, runners r WHERE j.id = ? AND r.id = ?",
		      "II", r->job_id, runner_id);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) != SQLITE_ROW) {
		db_done(st);
		fail_cause(cause, "job %lld does not exist", r->job_id);
		return DB_NOTFOUND;
	}
	attempt = sqlite3_column_int(st, 0);
	running = sqlite3_column_int(st, 1);
	owner = sqlite3_column_int64(st, 2);
	if (sqlite3_column_type(st, 3) != SQLITE_NULL)
		commit = strdup((const char *)sqlite3_column_text(st, 3));
	config = strdup((const char *)sqlite3_column_text(st, 4));
	runner_class = strdup((const char *)sqlite3_column_text(st, 5));
	runner_name = strdup((const char *)sqlite3_column_text(st, 6));
	db_done(st);
	if (!config || !runner_class || !runner_name)
		goto out;
	if (!running || attempt != r->attempt || owner != runner_id) {
		fail_cause(cause, "job %lld attempt %d is not leased to this runner any more",
			   r->job_id, r->attempt);
		rc = DB_CONFLICT;
		goto out;
	}
	/* The server, not the runner, says who took the samples. */
	env = json_deep_copy(r->env);
	json_object_set_new(env, "runner", json_string(runner_name));
	json_object_set_new(env, "runner_class", json_string(runner_class));
	if (db_env_id(db, &env_id, env, runner_class) < 0 ||
	    db_drift_check_locked(db, runner_id, r->job_id, env) < 0)
		goto out;
	rc = db_samples_insert_locked(db, r, runner_id, runner_class, config, commit, env_id,
				      cause);
	if (rc != DB_OK)
		goto out;
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO job_results (job_id, attempt, runner_id, "
				   "status, reason, log, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				   "IiIsssI", r->job_id, r->attempt, runner_id, r->status, r->reason,
				   r->log, db_now()));
	if (rc == DB_OK && (r->lab_job_url || r->lab_device))      /* 0015: a lab's job */
		rc = db_exec_st(db, db_prepk(db, "UPDATE job_results SET lab_job_url = ?, "
			"lab_device = ? WHERE job_id = ? AND attempt = ?", "ssIi", r->lab_job_url,
			r->lab_device, r->job_id, r->attempt));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE jobs SET state = ?, reason = ?, "
			"finished_at = ?, lease_owner = NULL, lease_expires = NULL WHERE id = ?",
			"ssII", strcmp(r->status, "ok") ? "failed" : "done", r->reason, db_now(),
			r->job_id));
out:
	json_decref(env);
	free(commit);
	free(config);
	free(runner_class);
	free(runner_name);
	return rc;
}

int db_job_result(struct db *db, long long runner_id, const struct proto_result *r,
		  int *duplicate, char **cause)
{
	int rc;

	*duplicate = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return fail_cause(cause, "database busy");
	}
	rc = db_end(db, db_result_locked(db, runner_id, r, duplicate, cause));
	db_unlock(db);
	if (rc == DB_ERR && cause && !*cause)
		fail_cause(cause, "cannot store the result of job %lld", r->job_id);
	return rc;
}

/* A row of db_metrics_list's SELECT, for db_rows_into. */
static int db_metric_row(sqlite3_stmt *st, void *rec)
{
	struct rec_metric *m = rec;

	m->id = sqlite3_column_int64(st, 0);
	if (db_column_copy(&m->suite, st, 1) != DB_OK || db_column_copy(&m->name, st, 2) != DB_OK ||
	    db_column_copy(&m->unit, st, 3) != DB_OK || db_column_copy(&m->better, st, 4) != DB_OK) {
		rec_metric_dispose(m);
		return -1;
	}
	return 0;
}

int db_metrics_list(struct db *db, struct rec_metrics *out)
{
	size_t max;
	int rc = DB_ERR;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	max = (size_t)db_scalar(db_prepk(db, "SELECT count(*) FROM metrics", ""), 0);
	out->v = calloc(max + 1, sizeof *out->v);
	if (out->v)
		rc = db_rows_into(db_prepk(db, "SELECT id, suite, name, unit, direction AS better "
					   "FROM metrics ORDER BY suite, name", ""),
				  out->v, sizeof *out->v, max, &out->n, db_metric_row);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_metrics_dispose(out);
	return rc;
}