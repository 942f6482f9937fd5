// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_buildfail.c - build failures on the tree's timeline, alerted on like
 * a regression.  When a build of (tree, branch, config) ends failed or
 * timed out and the previous finished build of the same triple was good,
 * a change of kind 'build-failure' is stored: the range runs from the
 * last good build's commit (exclusive) to the failing commit, detail holds
 * the first error lines, and it is triaged like a regression.  When a
 * later build of the triple succeeds, the open failures are marked fixed
 * by that build and commit.  Each triple has a series of its own (metric
 * kbuild/build-failure) so that the changes list, triage and alerts need
 * nothing new.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db_builds.h"
#include "db/db_internal.h"

#define BUILDFAIL_DETAIL_MAX 4096   /* bytes of error lines kept as the detail */

struct buildfail {
	long long id, tree_id;
	char *branch, *config, *sha, *state, *error, *runner_class;
};

static void buildfail_dispose(struct buildfail *b)
{
	if (!b)
		return;
	free(b->branch);
	free(b->config);
	free(b->sha);
	free(b->state);
	free(b->error);
	free(b->runner_class);
}

static char *buildfail_col(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t ? strdup((const char *)t) : NULL;
}

/* Reads build id; DB_NOTFOUND when there is none. */
static int buildfail_load(struct db *db, struct buildfail *b, long long id)
{
	sqlite3_stmt *st = db_prep(db, "SELECT b.tree_id, IFNULL(b.branch, ''), b.config_name, "
				   " b.commit_sha, b.state, b.error, IFNULL(j.runner_class, '') "
				   "FROM builds b LEFT JOIN jobs j ON j.id = b.job_id WHERE b.id = ?",
				   "I", id);
	int rc = DB_NOTFOUND;

	memset(b, 0, sizeof *b);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		b->id = id;
		b->tree_id = sqlite3_column_int64(st, 0);
		b->branch = buildfail_col(st, 1);
		b->config = buildfail_col(st, 2);
		b->sha = buildfail_col(st, 3);
		b->state = buildfail_col(st, 4);
		b->error = buildfail_col(st, 5);
		b->runner_class = buildfail_col(st, 6);
		rc = b->branch && b->config && b->state && b->runner_class ? DB_OK : DB_ERR;
	}
	sqlite3_finalize(st);
	return rc;
}

/* The series of build failures of b's (tree, branch, config); 0 on error. */
static long long buildfail_series(struct db *db, const struct buildfail *b)
{
	long long metric, branch_id, id;

	if (db_exec_st(db, db_prepk(db, "INSERT OR IGNORE INTO metrics (suite, name, unit, "
				   "direction) VALUES ('kbuild', 'build-failure', 'failures', "
				   "'lower')", "")) != DB_OK)
		return 0;
	metric = db_scalar(db_prepk(db, "SELECT id FROM metrics WHERE suite = 'kbuild' AND "
				   "name = 'build-failure'", ""), 0);
	branch_id = db_scalar(db_prepk(db, "SELECT id FROM branches WHERE tree_id = ? AND "
				      "name = ?", "Is", b->tree_id, b->branch), 0);
	id = db_scalar(db_prepk(db, "SELECT id FROM series WHERE metric_id = ? AND "
			       "runner_class = ? AND config_name = ? AND IFNULL(branch_id, 0) = ?",
			       "IssI", metric, b->runner_class, b->config, branch_id), 0);
	if (id || !metric)
		return id;
	if (db_exec_st(db, db_prepk(db, "INSERT INTO series (metric_id, runner_class, config_name, "
				   "branch_id, dirty) VALUES (?, ?, ?, NULLIF(?, 0), 0)", "IssI",
				   metric, b->runner_class, b->config, branch_id)) != DB_OK)
		return 0;
	return sqlite3_last_insert_rowid(db->conn);
}

/* The state of the last build of b's triple that finished before b:
 * 1 good, 0 failed, -1 none; *good_sha gets its commit when good. */
static int buildfail_previous(struct db *db, const struct buildfail *b, char **good_sha)
{
	sqlite3_stmt *st = db_prep(db, "SELECT state = 'ok', commit_sha FROM builds "
				   "WHERE IFNULL(tree_id, 0) = ? AND IFNULL(branch, '') = ? AND "
				   " config_name = ? AND id <> ? AND state IN ('ok', 'failed', 'timeout') "
				   " AND bisection_id IS NULL "
				   "ORDER BY finished_at DESC, id DESC LIMIT 1", "IssI", b->tree_id,
				   b->branch, b->config, b->id);
	int prev = -1;

	*good_sha = NULL;
	if (!st)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		prev = sqlite3_column_int(st, 0);
		if (prev)
			*good_sha = buildfail_col(st, 1);
	}
	sqlite3_finalize(st);
	return prev;
}

/* Stores the failure of b after the good build of good_sha. */
static int buildfail_open(struct db *db, const struct buildfail *b, const char *good_sha)
{
	long long series = buildfail_series(db, b);
	char *detail = b->error ? strndup(b->error, BUILDFAIL_DETAIL_MAX) : NULL;
	char *key = NULL;
	int rc;

	if (!series || asprintf(&key, "build:%s..%s", good_sha ? good_sha : "",
				b->sha ? b->sha : "") < 0) {
		free(detail);
		return DB_ERR;
	}
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO changes (series_id, good_sha, bad_sha, "
				   "range_key, direction, state, kind, build_id, detail, detected_at, "
				   "updated_at) VALUES (?1, ?2, ?3, ?4, 'regression', 'new', "
				   "'build-failure', ?5, ?6, ?7, ?7)", "IsssIsI", series, good_sha,
				   b->sha, key, b->id, detail, db_now()));
	free(detail);
	free(key);
	return rc;
}

int db_build_failure_track_locked(struct db *db, long long build_id)
{
	struct buildfail b;
	char *good_sha = NULL;
	int rc, prev;

	/* a bisection's builds are probes of old commits, not the timeline */
	if (db_scalar(db_prepk(db, "SELECT bisection_id IS NOT NULL FROM builds WHERE id = ?", "I",
			       build_id), 0))
		return DB_OK;
	rc = buildfail_load(db, &b, build_id);
	if (rc != DB_OK)
		return rc == DB_NOTFOUND ? DB_OK : rc;
	if (!strcmp(b.state, "ok")) {
		/* A good build closes the open failures of its triple. */
		rc = db_exec_st(db, db_prepk(db, "UPDATE changes SET fixed_build_id = ?1, "
			"fixed_sha = ?2, updated_at = ?3, state = CASE WHEN state IN ('invalid', "
			"'wontfix') THEN state ELSE 'fixed' END WHERE kind = 'build-failure' AND "
			"fixed_build_id IS NULL AND build_id IN (SELECT id FROM builds WHERE "
			"IFNULL(tree_id, 0) = ?4 AND IFNULL(branch, '') = ?5 AND config_name = ?6)",
			"IsIIss", b.id, b.sha, db_now(), b.tree_id, b.branch, b.config));
	} else if ((!strcmp(b.state, "failed") || !strcmp(b.state, "timeout")) &&
		   !db_scalar(db_prepk(db, "SELECT 1 FROM changes WHERE kind = 'build-failure' "
				      "AND build_id = ?", "I", b.id), 0)) {
		prev = buildfail_previous(db, &b, &good_sha);
		if (prev == 1)
			rc = buildfail_open(db, &b, good_sha);
	}
	free(good_sha);
	buildfail_dispose(&b);
	return rc;
}
