// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_bisect.c - bisections in the database (migration 0016,
 * daemon/bisect/bisector.c, docs/bisect.md): the changes due one and what one
 * needs, opening one with its candidates and metrics, reading it back,
 * and the lists the API and pages show.  What a running one does to its
 * probes is db/db_bisect_probe.c.  Every step of a bisection is a row, so
 * that a restarted kpcid goes on where it stopped.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_bisect.h"
#include "db/db_internal.h"
#include "lib/fail.h"
#include "lib/rec_bisect.h"

#define DB_BISECT_PARENTS_MAX 64        /* parents of one commit kept */
#define DB_BISECT_PROBES_MAX 100000     /* probes (and metrics) of one bisection read */

void db_bisection_dispose(struct db_bisection *b)
{
	if (!b)
		return;
	json_decref(b->bench);
	json_decref(b->build);
	b->bench = NULL;
	b->build = NULL;
}

void db_bisect_commits_free(struct db_bisect_commit *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++) {
		free(v[i].parents);
		free(v[i].subject);
	}
	free(v);
}

/* The tree of a change: its bad job's, else the first tree holding its
 * bad commit. */
#define DB_CHANGE_TREE(c) \
	"IFNULL((SELECT j.tree_id FROM jobs j WHERE j.id = " c ".bad_job_id), " \
	" (SELECT cb.tree_id FROM commits cb WHERE " DB_LEVELS("cb") " AND cb.sha = " c ".bad_sha " \
	"  ORDER BY cb.tree_id LIMIT 1))"

int db_bisect_due(struct db *db, struct db_bisect_due **out, size_t *n, long long settled_before,
		  int improvements, int confirmed, const char *const *trees, int limit)
{
	struct db_bisect_due *v;
	json_t *names = json_array();
	char *names_text;
	sqlite3_stmt *st;
	size_t k = 0;
	int step = SQLITE_DONE;

	*out = NULL;
	*n = 0;
	if (limit < 0)
		limit = 0;
	for (size_t i = 0; names && trees && trees[i]; i++) {
		if (json_array_append_new(names, json_string(trees[i])) < 0) {
			json_decref(names);
			names = NULL;
		}
	}
	names_text = names ? json_dumps(names, JSON_COMPACT) : NULL;
	json_decref(names);
	v = names_text ? calloc((size_t)limit + 1, sizeof *v) : NULL;
	if (!v) {
		free(names_text);
		return DB_ERR;
	}
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT c.id, t.name FROM changes c "
		" JOIN series se ON se.id = c.series_id "
		" LEFT JOIN trees t ON t.id = " DB_CHANGE_TREE("c") " "
		"WHERE c.kind = 'perf' AND c.good_sha IS NOT NULL AND c.bad_sha IS NOT NULL "
		" AND c.good_sha <> c.bad_sha AND " DB_JUDGED("c", "se") " AND c.state IN ('new', "
		" 'confirmed') "
		" AND c.withdrawn_at IS NULL AND (?4 = 0 OR c.confirm = 'confirmed') "
		" AND IFNULL(c.updated_at, c.detected_at) <= ?1 AND (?2 OR c.direction = 'regression') "
		" AND NOT EXISTS (SELECT 1 FROM bisections b JOIN changes c2 ON c2.id = b.change_id "
		"  WHERE c2.range_key = c.range_key) "
		" AND c.id = (SELECT c3.id FROM changes c3 JOIN series s3 ON s3.id = c3.series_id "
		"  WHERE c3.range_key = c.range_key AND c3.kind = 'perf' AND " DB_JUDGED("c3", "s3")
		"  AND c3.state IN ('new', 'confirmed') AND c3.withdrawn_at IS NULL "
		"  AND (?4 = 0 OR c3.confirm = 'confirmed') "
		"  ORDER BY ABS(IFNULL(c3.magnitude, 0)) DESC, c3.id LIMIT 1) "
		" AND t.name IN (SELECT value FROM json_each(?5)) "
		"ORDER BY c.id LIMIT ?3", "Iiiis", settled_before, improvements, limit, confirmed,
		names_text);
	while (st && k < (size_t)limit && (step = sqlite3_step(st)) == SQLITE_ROW) {
		v[k].change_id = sqlite3_column_int64(st, 0);
		db_column_text(v[k].tree, sizeof v[k].tree, st, 1);
		k++;
	}
	db_done(st);
	db_read_unlock(db);
	free(names_text);
	if (!st || (step != SQLITE_DONE && step != SQLITE_ROW)) {
		free(v);
		return DB_ERR;
	}
	*out = v;
	*n = k;
	return DB_OK;
}

void db_bisect_origin_dispose(struct db_bisect_origin *o)
{
	if (!o)
		return;
	free(o->range_key);
	free(o->kind);
	free(o->state);
	free(o->direction);
	free(o->good_sha);
	free(o->bad_sha);
	free(o->runner_class);
	free(o->config_name);
	free(o->suite);
	free(o->tree);
	free(o->url);
	free(o->branch);
	json_decref(o->bench_spec);
	json_decref(o->build_spec);
	free(o->series);
	free(o->changes);
	memset(o, 0, sizeof *o);
}

/* The change's row of db_bisect_origin into o (the lock held): DB_OK,
 * DB_NOTFOUND or DB_ERR. */
static int db_bisect_origin_change(struct db *db, struct db_bisect_origin *o,
				   long long change_id)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT c.id, c.range_key, c.kind, c.state, c.direction, c.good_sha, "
		" c.bad_sha, c.series_id, se.runner_class, se.config_name, m.suite, "
		" IFNULL(" DB_CHANGE_TREE("c") ", 0), j.spec, "
		" (SELECT IFNULL(SUM(IFNULL(s.fold_n, 1)), 0) FROM samples s "
		"  WHERE s.job_id = c.bad_job_id "
		"  AND s.series_id = c.series_id), "
		" (SELECT b.spec FROM builds b WHERE b.id = j.build_id) "
		"FROM changes c JOIN series se ON se.id = c.series_id "
		" JOIN metrics m ON m.id = se.metric_id LEFT JOIN jobs j ON j.id = c.bad_job_id "
		"WHERE c.id = ?", "I", change_id);
	int rc = DB_NOTFOUND;

	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		o->change_id = sqlite3_column_int64(st, 0);
		rc = db_column_copy(&o->range_key, st, 1) | db_column_copy(&o->kind, st, 2) |
		     db_column_copy(&o->state, st, 3) | db_column_copy(&o->direction, st, 4) |
		     db_column_copy(&o->good_sha, st, 5) | db_column_copy(&o->bad_sha, st, 6) |
		     db_column_copy(&o->runner_class, st, 8) |
		     db_column_copy(&o->config_name, st, 9) | db_column_copy(&o->suite, st, 10);
		o->series_id = sqlite3_column_int64(st, 7);
		o->tree_id = sqlite3_column_int64(st, 11);
		o->bad_iterations = sqlite3_column_int64(st, 13);
		if (sqlite3_column_type(st, 12) != SQLITE_NULL && !(o->bench_spec = db_column_json(st, 12)))
			rc = DB_ERR;
		if (sqlite3_column_type(st, 14) != SQLITE_NULL && !(o->build_spec = db_column_json(st, 14)))
			rc = DB_ERR;
		rc = rc == DB_OK ? DB_OK : DB_ERR;
	}
	db_done(st);
	return rc;
}

/* The tree of o (name, url, the first branch holding its bad commit) and
 * the metrics its bisection judges (the lock held). */
static int db_bisect_origin_more(struct db *db, struct db_bisect_origin *o, long long change_id)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT t.name, t.url, (SELECT b.name FROM branches b "
		" JOIN branch_commits bc ON bc.branch_id = b.id JOIN commits cm ON cm.id = bc.commit_id "
		" WHERE b.tree_id = t.id AND " DB_LEVELS("cm") " AND cm.sha = ?2 ORDER BY b.id LIMIT 1) "
		"FROM trees t WHERE t.id = ?1", "Is", o->tree_id, o->bad_sha ? o->bad_sha : "");
	int rc = DB_OK, step = SQLITE_ERROR;

	if (st && sqlite3_step(st) == SQLITE_ROW)
		rc = db_column_copy(&o->tree, st, 0) | db_column_copy(&o->url, st, 1) |
		     db_column_copy(&o->branch, st, 2);
	db_done(st);
	o->series = calloc(DB_MAX_LIST, sizeof *o->series);
	o->changes = calloc(DB_MAX_LIST, sizeof *o->changes);
	if (rc != DB_OK || !o->series || !o->changes)
		return DB_ERR;
	st = db_prepk(db,
		"SELECT c2.series_id, c2.id FROM changes c2 "
		" JOIN series s2 ON s2.id = c2.series_id JOIN metrics m2 ON m2.id = s2.metric_id "
		"WHERE c2.range_key = ?1 AND c2.kind = 'perf' AND s2.runner_class = ?2 "
		" AND s2.config_name = ?3 AND m2.suite = ?4 AND (" DB_JUDGED("c2", "s2") " OR c2.id = ?5) "
		"ORDER BY c2.id = ?5 DESC, ABS(IFNULL(c2.magnitude, 0)) DESC, c2.id LIMIT ?6",
		"ssssIi", o->range_key, o->runner_class, o->config_name, o->suite, change_id,
		DB_MAX_LIST);
	while (st && o->nmetrics < DB_MAX_LIST && (step = sqlite3_step(st)) == SQLITE_ROW) {
		o->series[o->nmetrics] = sqlite3_column_int64(st, 0);
		o->changes[o->nmetrics++] = sqlite3_column_int64(st, 1);
	}
	db_done(st);
	return st && (step == SQLITE_DONE || step == SQLITE_ROW) ? DB_OK : DB_ERR;
}

int db_bisect_origin(struct db *db, struct db_bisect_origin *out, long long change_id,
		     char **cause)
{
	int rc, more = DB_OK;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_bisect_origin_change(db, out, change_id);
	if (rc == DB_OK)
		more = db_bisect_origin_more(db, out, change_id);
	db_read_unlock(db);
	if (rc == DB_OK && more == DB_OK)
		return DB_OK;
	db_bisect_origin_dispose(out);
	if (rc == DB_NOTFOUND) {
		fail_cause(cause, "change %lld does not exist", change_id);
		return DB_NOTFOUND;
	}
	if (rc != DB_OK)
		return fail_cause(cause, "cannot read change %lld: database error", change_id);
	return fail_cause(cause, "cannot read the metrics of change %lld: database error",
			  change_id);
}

/* "3 17" of parents p[0..n). */
static char *db_parents_text(const size_t *p, size_t n)
{
	char *s = calloc(n ? 21 * n : 1, 1);
	size_t len = 0;

	for (size_t k = 0; s && k < n; k++)
		len += (size_t)snprintf(s + len, 21, "%s%zu", k ? " " : "", p[k]);
	return s;
}

static int db_bisect_create_locked(struct db *db, long long *id, const struct db_bisect_new *n,
				   char **cause)
{
	long long now = db_now();
	json_t *spec;
	int rc;

	if (db_scalar(db_prepk(db, "SELECT b.id FROM bisections b JOIN changes c ON c.id = "
			       "b.change_id WHERE c.range_key = ? AND b.state = 'running'", "s",
			       n->range_key), 0)) {
		fail_cause(cause, "a bisection of this change's group is running");
		return DB_CONFLICT;
	}
	/* the spec column: the bench jobs' spec and the builds' */
	spec = json_pack("{s:O, s:O}", "bench", n->bench, "build", n->build);
	if (!spec)
		return DB_ERR;
	rc = db_exec_st(db, db_prepk(db,
		"INSERT INTO bisections (change_id, state, good_sha, bad_sha, log, started_at, "
		" phase, tree_id, branch, config, suite, runner_class, spec, iterations, revert, "
		" commits, remaining, started_by, updated_at) VALUES (?1, 'running', ?2, ?3, '[]', "
		" ?4, 'ends', NULLIF(?5, 0), ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13, ?14, ?4)",
		"IssIIssssjiiIs", n->change_id, n->good, n->bad, now, n->tree_id, n->branch,
		n->config, n->suite, n->runner_class, spec, n->iterations, n->revert,
		(long long)n->ncommits, n->started_by));
	json_decref(spec);
	if (rc != DB_OK)
		return rc;
	*id = sqlite3_last_insert_rowid(db->conn);
	for (size_t i = 0; rc == DB_OK && i < n->ncommits; i++) {
		const struct db_bisect_commit *c = &n->commits[i];
		char *parents = db_parents_text(c->parents, c->nparents);

		rc = parents ? db_exec_st(db, db_prepk(db,
			"INSERT INTO bisection_commits (bisection_id, idx, sha, parents, first_parent, "
			" subject) VALUES (?, ?, ?, ?, NULLIF(?, ''), ?)", "IIssss", *id, (long long)i,
			c->sha, parents, c->first_parent, c->subject)) : DB_ERR;
		free(parents);
	}
	for (size_t i = 0; rc == DB_OK && i < n->nmetrics; i++)
		rc = db_exec_st(db, db_prepk(db, "INSERT OR IGNORE INTO bisection_metrics "
					   "(bisection_id, series_id, change_id) VALUES (?, ?, ?)", "III",
					   *id, n->series[i], n->changes[i]));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "UPDATE changes SET state = 'bisecting' WHERE "
					   "range_key = ? AND kind = 'perf' AND state IN ('new', "
					   "'confirmed')", "s", n->range_key));
	return rc;
}

int db_bisect_create(struct db *db, long long *id, const struct db_bisect_new *n, char **cause)
{
	int rc;

	*id = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return fail_cause(cause, "database busy");
	}
	rc = db_end(db, db_bisect_create_locked(db, id, n, cause));
	if (rc != DB_OK) {
		*id = 0;
		if (rc != DB_CONFLICT)
			fail_cause(cause, "cannot store the bisection: database error");
	}
	db_unlock(db);
	return rc;
}

int db_bisect_running(struct db *db, long long **ids, size_t *n)
{
	int rc;

	db_read_lock(db);
	rc = db_ids(db_prepk(db, "SELECT id FROM bisections WHERE state = 'running' ORDER BY id",
			     ""), ids, n);
	db_read_unlock(db);
	return rc;
}

/* The bench and build specs of b from its spec column's text. */
static int db_bisection_specs(struct db_bisection *b, const char *text)
{
	json_t *spec = json_loads(text ? text : "", 0, NULL);
	json_t *build = json_object_get(spec, "build");

	if (!spec)
		return DB_ERR;
	b->bench = json_incref(json_object_get(spec, "bench"));
	b->build = json_is_object(build) ? json_incref(build) : NULL;
	json_decref(spec);
	return DB_OK;
}

int db_bisect_get(struct db *db, struct db_bisection *b, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	memset(b, 0, sizeof *b);
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT id, change_id, IFNULL(tree_id, 0), state, phase, good_sha, bad_sha, "
		" culprit_sha, (SELECT name FROM trees WHERE id = tree_id), branch, config, suite, "
		" runner_class, IFNULL(spec, '{}'), IFNULL(iterations, 0), revert, "
		" IFNULL(commits, 0), rounds, probes, started_at FROM bisections WHERE id = ?",
		"I", id);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		b->id = sqlite3_column_int64(st, 0);
		b->change_id = sqlite3_column_int64(st, 1);
		b->tree_id = sqlite3_column_int64(st, 2);
		db_column_text(b->state, sizeof b->state, st, 3);
		db_column_text(b->phase, sizeof b->phase, st, 4);
		db_column_text(b->good, sizeof b->good, st, 5);
		db_column_text(b->bad, sizeof b->bad, st, 6);
		db_column_text(b->culprit, sizeof b->culprit, st, 7);
		db_column_text(b->tree, sizeof b->tree, st, 8);
		db_column_text(b->branch, sizeof b->branch, st, 9);
		db_column_text(b->config, sizeof b->config, st, 10);
		db_column_text(b->suite, sizeof b->suite, st, 11);
		db_column_text(b->runner_class, sizeof b->runner_class, st, 12);
		rc = db_bisection_specs(b, (const char *)sqlite3_column_text(st, 13));
		b->iterations = sqlite3_column_int(st, 14);
		b->revert = sqlite3_column_int(st, 15);
		b->commits = sqlite3_column_int64(st, 16);
		b->rounds = sqlite3_column_int64(st, 17);
		b->probes = sqlite3_column_int64(st, 18);
		b->started_at = sqlite3_column_int64(st, 19);
	} else if (!st) {
		rc = DB_ERR;
	}
	db_done(st);
	db_read_unlock(db);
	return rc;
}

/* Parses "3 17" into c->parents. */
static int db_parents_parse(struct db_bisect_commit *c, const char *text)
{
	size_t idx[DB_BISECT_PARENTS_MAX];
	const char *p = text ? text : "";
	char *end;

	c->nparents = 0;
	while (*p && c->nparents < DB_BISECT_PARENTS_MAX) {
		unsigned long long v = strtoull(p, &end, 10);

		if (end == p)
			break;
		idx[c->nparents++] = (size_t)v;
		p = end + strspn(end, " ");
	}
	c->parents = calloc(c->nparents ? c->nparents : 1, sizeof *c->parents);
	if (!c->parents)
		return -1;
	memcpy(c->parents, idx, c->nparents * sizeof *idx);
	return 0;
}

int db_bisect_commits(struct db *db, struct db_bisect_commit **out, size_t *n, long long id)
{
	long long count;
	struct db_bisect_commit *v;
	sqlite3_stmt *st;
	size_t k = 0;
	int rc = DB_OK;

	*out = NULL;
	*n = 0;
	db_read_lock(db);
	count = db_scalar(db_prepk(db, "SELECT count(*) FROM bisection_commits WHERE "
				  "bisection_id = ?", "I", id), 0);
	v = calloc(count > 0 ? (size_t)count : 1, sizeof *v);
	st = v ? db_prepk(db, "SELECT sha, parents, first_parent, subject FROM bisection_commits "
			  "WHERE bisection_id = ? ORDER BY idx", "I", id) : NULL;
	while (st && k < (size_t)count && sqlite3_step(st) == SQLITE_ROW) {
		struct db_bisect_commit *c = &v[k++];
		const unsigned char *subject = sqlite3_column_text(st, 3);

		db_column_text(c->sha, sizeof c->sha, st, 0);
		db_column_text(c->first_parent, sizeof c->first_parent, st, 2);
		c->subject = strdup(subject ? (const char *)subject : "");
		if (!c->subject || db_parents_parse(c, (const char *)sqlite3_column_text(st, 1)) < 0) {
			rc = DB_ERR;
			break;
		}
	}
	db_done(st);
	db_read_unlock(db);
	if (!st || rc != DB_OK) {
		db_bisect_commits_free(v, k);
		return DB_ERR;
	}
	*out = v;
	*n = k;
	return DB_OK;
}

int db_bisect_metrics(struct db *db, struct db_bisect_metric **out, size_t *n, long long id)
{
	struct db_bisect_metric *v = NULL;
	char rclass[PROTO_MAX_NAME + 1];
	sqlite3_stmt *st;
	size_t k = 0;

	*out = NULL;
	*n = 0;
	v = calloc(DB_MAX_LIST, sizeof *v);
	if (!v)
		return DB_ERR;
	db_read_lock(db);
	st = db_prepk(db, "SELECT bm.series_id, IFNULL(bm.change_id, 0), se.metric_id, "
		      " m.suite || '/' || m.name, m.direction = 'higher', se.runner_class "
		      "FROM bisection_metrics bm JOIN series se ON se.id = bm.series_id "
		      " JOIN metrics m ON m.id = se.metric_id WHERE bm.bisection_id = ? "
		      "ORDER BY bm.change_id = (SELECT change_id FROM bisections WHERE id = ?1) DESC, "
		      " bm.series_id", "I", id);
	while (st && k < DB_MAX_LIST && sqlite3_step(st) == SQLITE_ROW) {
		v[k].series_id = sqlite3_column_int64(st, 0);
		v[k].change_id = sqlite3_column_int64(st, 1);
		v[k].metric_id = sqlite3_column_int64(st, 2);
		db_column_text(v[k].name, sizeof v[k].name, st, 3);
		v[k].higher_is_better = sqlite3_column_int(st, 4);
		k++;
	}
	db_done(st);
	if (st && k)
		db_column_text(rclass, sizeof rclass, st, 5);
	db_read_unlock(db);
	if (!st) {
		free(v);
		return DB_ERR;
	}
	for (size_t i = 0; i < k; i++)
		if (db_noise_sums(db, &v[i].noise, v[i].series_id, 0, NULL) != DB_OK) {
			free(v);
			return DB_ERR;
		}
	*out = v;
	*n = k;
	return DB_OK;
}

/* The columns of a bisection in lists (b, c, m). */
#define DB_BISECTION_COLUMNS \
	"b.id, b.change_id, b.state, b.phase, b.good_sha, b.bad_sha, b.culprit_sha, " \
	"(SELECT bc.subject FROM bisection_commits bc WHERE bc.bisection_id = b.id " \
	" AND bc.sha = b.culprit_sha LIMIT 1) AS culprit_subject, b.reason, b.confidence, " \
	"b.commits, b.remaining, b.rounds, b.probes, b.parallel, " \
	"(SELECT name FROM trees WHERE id = b.tree_id) AS tree, b.branch, b.config, b.suite, " \
	"b.runner_class, b.revert, b.started_by, b.started_at, b.updated_at, b.finished_at, " \
	"m.suite || '/' || m.name AS metric, c.direction, c.range_key "

/* One row of DB_BISECTION_COLUMNS into b (the log and result after them
 * when full); DB_OK, or DB_ERR with b disposed. */
static int db_bisection_row(sqlite3_stmt *st, struct rec_bisection *b, int full)
{
	int rc = DB_OK;

	memset(b, 0, sizeof *b);
	b->id = sqlite3_column_int64(st, 0);
	b->change_id = sqlite3_column_int64(st, 1);
	rc |= db_column_copy(&b->state, st, 2);
	rc |= db_column_copy(&b->phase, st, 3);
	rc |= db_column_copy(&b->good_sha, st, 4);
	rc |= db_column_copy(&b->bad_sha, st, 5);
	rc |= db_column_copy(&b->culprit_sha, st, 6);
	rc |= db_column_copy(&b->culprit_subject, st, 7);
	rc |= db_column_copy(&b->reason, st, 8);
	b->confidence = sqlite3_column_type(st, 9) == SQLITE_NULL ? NAN :
			sqlite3_column_double(st, 9);
	b->commits = db_column_measure(st, 10);
	b->remaining = db_column_measure(st, 11);
	b->rounds = sqlite3_column_int64(st, 12);
	b->probes = sqlite3_column_int64(st, 13);
	b->parallel = sqlite3_column_int64(st, 14);
	rc |= db_column_copy(&b->tree, st, 15);
	rc |= db_column_copy(&b->branch, st, 16);
	rc |= db_column_copy(&b->config, st, 17);
	rc |= db_column_copy(&b->suite, st, 18);
	rc |= db_column_copy(&b->runner_class, st, 19);
	b->revert = sqlite3_column_int64(st, 20);
	rc |= db_column_copy(&b->started_by, st, 21);
	b->started_at = sqlite3_column_int64(st, 22);
	b->updated_at = sqlite3_column_int64(st, 23);
	b->finished_at = sqlite3_column_int64(st, 24);
	rc |= db_column_copy(&b->metric, st, 25);
	rc |= db_column_copy(&b->direction, st, 26);
	rc |= db_column_copy(&b->range_key, st, 27);
	if (full) {
		b->full = 1;
		b->log = db_column_json(st, 28);
		b->result = db_column_json(st, 29);
		if (!b->log || !b->result ||
		    rec_bisect_entries_decode(&b->entries, &b->nentries, b->log, NULL) < 0)
			rc = DB_ERR;
	}
	if (rc != DB_OK) {
		rec_bisection_dispose(b);
		return DB_ERR;
	}
	return DB_OK;
}

/* db_bisection_row of a list row, for db_rows_into. */
static int db_bisection_row_any(sqlite3_stmt *st, void *b)
{
	return db_bisection_row(st, b, 0);
}

int db_bisections_list(struct db *db, struct rec_bisections *out, const char *state,
		       long long change_id, int limit, int offset)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"SELECT " DB_BISECTION_COLUMNS "FROM bisections b JOIN changes c ON c.id = b.change_id "
		" JOIN series se ON se.id = c.series_id JOIN metrics m ON m.id = se.metric_id "
		"WHERE (?1 IS NULL OR b.state = ?1) AND (?2 = 0 OR c.range_key = "
		" (SELECT range_key FROM changes WHERE id = ?2)) "
		"ORDER BY b.id DESC LIMIT ?3 OFFSET ?4", "sIii", state, change_id, limit, offset),
		out->v, sizeof *out->v, (size_t)limit, &out->n, db_bisection_row_any);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_bisections_dispose(out);
	return rc;
}

/* A probe row of db_bisection_probes' SELECT into p. */
static int db_bisection_probe_row(sqlite3_stmt *st, struct rec_bisect_probe *p)
{
	int rc = DB_OK;

	p->id = sqlite3_column_int64(st, 0);
	rc |= db_column_copy(&p->role, st, 1);
	p->idx = db_column_measure(st, 2);
	rc |= db_column_copy(&p->sha, st, 3);
	rc |= db_column_copy(&p->subject, st, 4);
	p->round = sqlite3_column_int64(st, 5);
	rc |= db_column_copy(&p->state, st, 6);
	rc |= db_column_copy(&p->outcome, st, 7);
	p->build_id = sqlite3_column_int64(st, 8);
	p->iterations = sqlite3_column_int64(st, 9);
	p->retries = sqlite3_column_int64(st, 10);
	rc |= db_column_copy(&p->reason, st, 11);
	if (sqlite3_column_type(st, 12) != SQLITE_NULL && !(p->detail = db_column_json(st, 12)))
		rc = DB_ERR;
	/* a detail whose lines are of another shape is passed through, its
	 * lines not shown */
	if (p->detail)
		rec_bisect_lines_decode(&p->lines, &p->nlines, p->detail, "", NULL);
	p->jobs = sqlite3_column_int64(st, 13);
	p->created_at = sqlite3_column_int64(st, 14);
	p->decided_at = sqlite3_column_int64(st, 15);
	return rc;
}

/* The probes of bisection id into b (the lock held). */
static int db_bisection_probes_locked(struct db *db, struct rec_bisection *b, long long id)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT p.id, p.role, p.idx, p.sha, IFNULL((SELECT bc.subject FROM bisection_commits "
		" bc WHERE bc.bisection_id = p.bisection_id AND bc.sha = p.sha LIMIT 1), (SELECT "
		" c.subject FROM commits c WHERE " DB_LEVELS("c") " AND c.sha = p.sha LIMIT 1)), "
		" p.round, p.state, p.outcome, p.build_id, p.iterations, p.retries, p.reason, "
		" p.detail, (SELECT count(*) FROM bisection_jobs bj WHERE bj.probe_id = p.id), "
		" p.created_at, p.decided_at "
		"FROM bisection_probes p WHERE p.bisection_id = ? ORDER BY p.id", "I", id);
	size_t cap = 0;
	int rc = DB_OK, step = SQLITE_ERROR;

	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&b->probe_list, &cap, b->nprobe_list, sizeof *b->probe_list,
			     DB_BISECT_PROBES_MAX);
		if (rc != DB_OK)
			break;
		memset(&b->probe_list[b->nprobe_list], 0, sizeof *b->probe_list);
		rc = db_bisection_probe_row(st, &b->probe_list[b->nprobe_list++]);
		if (rc != DB_OK)
			break;
	}
	db_done(st);
	return st && rc == DB_OK && step == SQLITE_DONE ? DB_OK : DB_ERR;
}

/* The metrics of bisection id into b (the lock held). */
static int db_bisection_metrics_locked(struct db *db, struct rec_bisection *b, long long id)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT bm.series_id, bm.change_id, m.suite || '/' || m.name, m.unit, m.direction "
		"FROM bisection_metrics bm JOIN series se ON se.id = bm.series_id "
		" JOIN metrics m ON m.id = se.metric_id WHERE bm.bisection_id = ? "
		"ORDER BY bm.series_id", "I", id);
	size_t cap = 0;
	int rc = DB_OK, step = SQLITE_ERROR;

	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct rec_bisect_metric *m;

		rc = db_grow((void **)&b->metrics, &cap, b->nmetrics, sizeof *b->metrics,
			     DB_BISECT_PROBES_MAX);
		if (rc != DB_OK)
			break;
		m = &b->metrics[b->nmetrics++];
		memset(m, 0, sizeof *m);
		m->series_id = sqlite3_column_int64(st, 0);
		m->change_id = sqlite3_column_int64(st, 1);
		rc = db_column_copy(&m->metric, st, 2) | db_column_copy(&m->unit, st, 3) |
		     db_column_copy(&m->better, st, 4);
		if (rc != DB_OK)
			break;
	}
	db_done(st);
	return st && rc == DB_OK && step == SQLITE_DONE ? DB_OK : DB_ERR;
}

int db_bisection_full(struct db *db, struct rec_bisection *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db,
		"SELECT " DB_BISECTION_COLUMNS ", b.log, b.result "
		"FROM bisections b JOIN changes c ON c.id = b.change_id "
		" JOIN series se ON se.id = c.series_id JOIN metrics m ON m.id = se.metric_id "
		"WHERE b.id = ?", "I", id);
	if (!st)
		rc = DB_ERR;
	else if (sqlite3_step(st) == SQLITE_ROW)
		rc = db_bisection_row(st, out, 1);
	db_done(st);
	if (rc == DB_OK && (db_bisection_probes_locked(db, out, id) != DB_OK ||
			    db_bisection_metrics_locked(db, out, id) != DB_OK))
		rc = DB_ERR;
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_bisection_dispose(out);
	return rc;
}
