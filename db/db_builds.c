// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_builds.c - kernel builds and their artifacts: queueing a build job
 * with its build row, the runner's build record (state, sizes, compiler,
 * warnings, compressed log), linking uploaded artifacts to a build, a
 * build's artifact by name, the artifact index with its LRU order, and
 * queueing the bench jobs of a successful build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_builds.h"
#include "db/db_internal.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/rec_names.h"

/* Body of db_build_queue inside its transaction (db_internal.h). */
int db_build_queue_locked(struct db *db, long long *job_id, long long *build_id,
				 const json_t *spec, const char *runner_class, int priority,
				 int max_attempts)
{
	const char *tree = json_string_value(json_object_get(spec, "tree"));
	const char *commit = json_string_value(json_object_get(spec, "commit"));
	const char *config = json_string_value(json_object_get(spec, "config"));
	const char *branch = json_string_value(json_object_get(spec, "branch"));
	long long tree_id, now = db_now();
	int rc;

	tree_id = db_scalar(db_prepk(db, "SELECT id FROM trees WHERE name = ?", "s", tree), 0);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO jobs (kind, spec, runner_class, priority, "
				   "max_attempts, tree_id, commit_sha, created_at) "
				   "VALUES ('build', ?, ?, ?, ?, NULLIF(?, 0), ?, ?)", "jsiiIsI",
				   spec, runner_class, priority, max_attempts, tree_id, commit, now));
	if (rc != DB_OK)
		return rc;
	*job_id = sqlite3_last_insert_rowid(db->conn);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO builds (tree_id, commit_sha, config_name, "
				   "branch, job_id, spec, created_at) VALUES (NULLIF(?, 0), ?, ?, ?, ?, ?, ?)",
				   "IsssIjI", tree_id, commit, config, branch, *job_id, spec, now));
	if (rc != DB_OK)
		return rc;
	*build_id = sqlite3_last_insert_rowid(db->conn);
	return db_exec_st(db, db_prepk(db, "UPDATE jobs SET build_id = ? WHERE id = ?", "II",
				      *build_id, *job_id));
}

int db_build_queue(struct db *db, long long *job_id, long long *build_id, const json_t *spec,
		   const char *runner_class, int priority, int max_attempts)
{
	int rc;

	*job_id = *build_id = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_end(db, db_build_queue_locked(db, job_id, build_id, spec, runner_class,
					      priority, max_attempts));
	db_unlock(db);
	return rc;
}

/* The build of a job leased to runner_id in this attempt; 0 when the lease
 * is not (or no longer) the runner's.  A build job queued without its
 * build row (by another path than db_build_queue) gets one from its spec
 * here.  Caller holds the lock. */
static long long db_build_of_lease(struct db *db, long long job_id, int attempt,
				   long long runner_id)
{
	long long id = db_scalar(db_prepk(db, "SELECT IFNULL(build_id, -1) FROM jobs WHERE id = ? "
					 "AND kind = 'build' AND state = 'running' AND attempt = ? "
					 "AND lease_owner = ?", "IiI", job_id, attempt, runner_id), 0);

	if (id >= 0)
		return id;
	if (db_exec_st(db, db_prepk(db, "INSERT INTO builds (tree_id, commit_sha, config_name, "
				   "branch, job_id, spec, created_at) SELECT tree_id, IFNULL(commit_sha, "
				   "json_extract(spec, '$.commit')), IFNULL(json_extract(spec, "
				   "'$.config'), '?'), json_extract(spec, '$.branch'), id, spec, "
				   "created_at FROM jobs WHERE id = ?", "I", job_id)) != DB_OK)
		return 0;
	id = sqlite3_last_insert_rowid(db->conn);
	if (db_exec_st(db, db_prepk(db, "UPDATE jobs SET build_id = ? WHERE id = ?", "II", id,
				   job_id)) != DB_OK)
		return 0;
	return id;
}

/* Binds the compressed log (a blob) as parameter idx. */
static int db_bind_blob(sqlite3_stmt *st, int idx, const void *data, size_t len)
{
	if (!st)
		return -1;
	if (!data)
		return sqlite3_bind_null(st, idx) == SQLITE_OK ? 0 : -1;
	return sqlite3_bind_blob64(st, idx, data, len, SQLITE_TRANSIENT) == SQLITE_OK ? 0 : -1;
}

int db_build_record(struct db *db, long long *build_id, long long runner_id, long long job_id,
		    int attempt, const struct db_build_rec *b, char **cause)
{
	sqlite3_stmt *st;
	long long now = db_now();
	int rc;

	db_lock(db);
	*build_id = db_build_of_lease(db, job_id, attempt, runner_id);
	if (!*build_id) {
		db_unlock(db);
		fail_cause(cause, "job %lld attempt %d is not a build leased to this runner",
			   job_id, attempt);
		return DB_CONFLICT;
	}
	/* ?14, the compressed log, is bound as a blob after db_prep */
	st = db_prep(db, "UPDATE builds SET state = ?1, runner_id = ?2, attempt = ?3, "
		     " started_at = CASE WHEN ?1 = 'building' THEN ?4 ELSE started_at END, "
		     " finished_at = CASE WHEN ?1 = 'building' THEN NULL ELSE ?4 END, "
		     " duration_ms = ?5, compiler = ?6, text_size = ?7, data_size = ?8, "
		     " bss_size = ?9, image_size = ?10, error = ?11, warnings = IFNULL(?12, '[]'), "
		     " make_jobs = ?13, log = ?14, log_size = ?15, "
		     " kernel_release = IFNULL(?17, kernel_release) WHERE id = ?16",
		     "sIiIIsIIIIsjiIIIs", b->state, runner_id, attempt, now, b->duration_ms,
		     b->compiler, b->text_size, b->data_size, b->bss_size, b->image_size, b->error,
		     b->warnings, b->make_jobs, (long long)0, (long long)b->log_size, *build_id,
		     b->kernel_release);
	if (!st || db_bind_blob(st, 14, b->zlog, b->zlog_len) < 0) {
		if (st)
			sqlite3_finalize(st);
		db_unlock(db);
		return fail_cause(cause, "cannot store build %lld", *build_id);
	}
	rc = db_exec_st(db, st);
	if (rc == DB_OK && b->distributed)      /* 0015: a compile farm's part */
		rc = db_exec_st(db, db_prep(db, "UPDATE builds SET distributed = ? WHERE id = ?",
					    "jI", b->distributed, *build_id));
	if (rc == DB_OK && db_build_failure_track_locked(db, *build_id) != DB_OK)
		log_warn("build %lld: cannot update the build-failure changes", *build_id);
	db_unlock(db);
	if (rc != DB_OK)
		fail_cause(cause, "cannot store build %lld", *build_id);
	return rc;
}

int db_build_link_artifact(struct db *db, long long runner_id, long long job_id, int attempt,
			   const char *name, const char *sha256, char **cause)
{
	long long build_id;
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return fail_cause(cause, "database busy");
	}
	build_id = db_build_of_lease(db, job_id, attempt, runner_id);
	if (!build_id) {
		rc = DB_CONFLICT;
		fail_cause(cause, "job %lld attempt %d is not a build leased to this runner",
			   job_id, attempt);
	} else if (!db_scalar(db_prepk(db, "SELECT 1 FROM artifacts WHERE sha256 = ?", "s",
				      sha256), 0)) {
		rc = DB_NOTFOUND;
		fail_cause(cause, "artifact %s is not stored; upload it", sha256);
	} else {
		rc = db_exec_st(db, db_prepk(db, "INSERT OR REPLACE INTO build_artifacts "
					   "(build_id, name, sha256) VALUES (?, ?, ?)", "Iss",
					   build_id, name, sha256));
		if (rc == DB_OK)
			rc = db_exec_st(db, db_prepk(db, "UPDATE artifacts SET last_used = ? "
						   "WHERE sha256 = ?", "Is", db_now(), sha256));
	}
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

int db_build_lease_ok(struct db *db, long long runner_id, long long job_id, int attempt)
{
	long long id;

	db_read_lock(db);
	id = db_build_of_lease(db, job_id, attempt, runner_id);
	db_read_unlock(db);
	return id ? DB_OK : DB_CONFLICT;
}

/* --- artifacts ----------------------------------------------------- */

int db_artifact_add(struct db *db, const char *sha256, long long size)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO artifacts (sha256, size, created_at, "
				   "last_used) VALUES (?1, ?2, ?3, ?3) ON CONFLICT (sha256) DO "
				   "UPDATE SET last_used = ?3, size = ?2, bad = NULL", "sII", sha256, size,
				   db_now()));
	db_unlock(db);
	return rc;
}

int db_artifact_touch(struct db *db, const char *sha256, long long *size)
{
	long long n;

	db_lock(db);
	n = db_scalar(db_prepk(db, "SELECT size FROM artifacts WHERE sha256 = ?", "s", sha256), -1);
	if (n >= 0)
		db_exec_st(db, db_prepk(db, "UPDATE artifacts SET last_used = ? WHERE sha256 = ?",
				       "Is", db_now(), sha256));
	db_unlock(db);
	*size = n;
	return n >= 0 ? DB_OK : DB_NOTFOUND;
}

int db_artifact_mark_bad(struct db *db, const char *sha256, const char *why)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE artifacts SET bad = ? WHERE sha256 = ?", "ss",
				    why, sha256));
	db_unlock(db);
	return rc;
}

char *db_artifact_bad(struct db *db, const char *sha256)
{
	sqlite3_stmt *st;
	char *why = NULL;

	db_read_lock(db);
	st = db_prep(db, "SELECT bad FROM artifacts WHERE sha256 = ? AND bad IS NOT NULL", "s",
		     sha256);
	if (st && sqlite3_step(st) == SQLITE_ROW)
		why = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	db_read_unlock(db);
	return why;
}

long long db_artifacts_total(struct db *db)
{
	long long n;

	db_read_lock(db);
	n = db_scalar(db_prepk(db, "SELECT IFNULL(sum(size), 0) FROM artifacts", ""), 0);
	db_read_unlock(db);
	return n;
}

int db_build_artifact(struct db *db, char sha256[65], long long *size, long long build_id,
		      const char *name)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND, step;

	sha256[0] = '\0';
	*size = 0;
	db_read_lock(db);
	st = db_prepk(db, "SELECT ba.sha256, a.size FROM build_artifacts ba JOIN artifacts a "
		      "ON a.sha256 = ba.sha256 WHERE ba.build_id = ? AND ba.name = ?", "Is",
		      build_id, name);
	step = st ? sqlite3_step(st) : SQLITE_ERROR;
	if (step == SQLITE_ROW && sqlite3_column_bytes(st, 0) == 64) {
		db_column_text(sha256, 65, st, 0);
		*size = sqlite3_column_int64(st, 1);
		rc = DB_OK;
	} else if (step != SQLITE_ROW && step != SQLITE_DONE) {
		rc = DB_ERR;
	}
	db_done(st);
	db_read_unlock(db);
	return rc;
}

/*
 * Artifacts that retention may evict, least recently used first: not
 * linked to any of the last keep_builds builds of a (tree, branch,
 * config), and not pinned: the artifacts of the builds a running
 * bisection measures (its probes') are pinned too.
 */
/* A row of db_artifacts_evictable's SELECT, for db_rows_into. */
static int db_evictable_row(sqlite3_stmt *st, void *rec)
{
	struct db_evictable *e = rec;

	db_column_text(e->sha256, sizeof e->sha256, st, 0);
	e->size = sqlite3_column_int64(st, 1);
	return 0;
}

int db_artifacts_evictable(struct db *db, struct db_evictable **out, size_t *n,
			   int keep_builds, int limit)
{
	struct db_evictable *v;
	int rc;

	*out = NULL;
	*n = 0;
	v = db_list_alloc(&limit, sizeof *v);
	if (!v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db,
		"WITH ranked AS (SELECT id, row_number() OVER (PARTITION BY tree_id, "
		"  IFNULL(branch, ''), config_name ORDER BY id DESC) AS n FROM builds "
		"  WHERE state = 'ok'), "
		" pinned AS (SELECT ba.sha256 FROM build_artifacts ba JOIN ranked r "
		"  ON r.id = ba.build_id WHERE r.n <= ?1 "
		"  UNION SELECT ba.sha256 FROM bisections b JOIN bisection_probes p "
		"  ON p.bisection_id = b.id JOIN build_artifacts ba ON ba.build_id = p.build_id "
		"  WHERE b.state = 'running') "
		"SELECT sha256, size FROM artifacts WHERE sha256 NOT IN (SELECT sha256 FROM pinned) "
		"ORDER BY last_used, created_at LIMIT ?2", "ii", keep_builds, limit),
		v, sizeof *v, (size_t)limit, n, db_evictable_row);
	db_read_unlock(db);
	if (rc != DB_OK || !*n) {
		free(v);
		*n = 0;
		return rc;
	}
	*out = v;
	return DB_OK;
}

int db_artifact_delete(struct db *db, const char *sha256)
{
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_exec_st(db, db_prepk(db, "DELETE FROM build_artifacts WHERE sha256 = ?", "s",
				   sha256));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "DELETE FROM artifacts WHERE sha256 = ?", "s",
					   sha256));
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

/* --- reading builds ------------------------------------------------ */

#define DB_BUILD_COLUMNS \
	"b.id, (SELECT name FROM trees WHERE id = b.tree_id) AS tree, b.branch, b.commit_sha, " \
	"b.config_name, b.state, b.job_id, b.attempt, (SELECT name FROM runners WHERE " \
	"id = b.runner_id) AS runner, b.duration_ms, b.compiler, b.make_jobs, b.text_size, " \
	"b.data_size, b.bss_size, b.image_size, b.error, b.warnings AS warnings_json, " \
	"b.log_size, b.spec AS spec_json, b.created_at, b.started_at, b.finished_at, " \
	"(SELECT MIN(c.id) FROM changes c WHERE c.kind = 'build-failure' AND " \
	"c.build_id = b.id) AS change_id, b.distributed AS distributed_json, b.bisection_id "

/* A row of DB_BUILD_COLUMNS into *b (zeroed first); DB_ERR when out of
 * memory, *b then disposed. */
static int db_build_row(sqlite3_stmt *st, struct rec_build *b)
{
	int rc = DB_OK;

	memset(b, 0, sizeof *b);
	b->id = sqlite3_column_int64(st, 0);
	rc |= db_column_copy(&b->tree, st, 1);
	rc |= db_column_copy(&b->branch, st, 2);
	rc |= db_column_copy(&b->commit_sha, st, 3);
	rc |= db_column_copy(&b->config_name, st, 4);
	rc |= db_column_copy(&b->state, st, 5);
	b->job_id = sqlite3_column_int64(st, 6);
	b->attempt = sqlite3_column_int64(st, 7);
	rc |= db_column_copy(&b->runner, st, 8);
	b->duration_ms = db_column_measure(st, 9);
	rc |= db_column_copy(&b->compiler, st, 10);
	b->make_jobs = db_column_measure(st, 11);
	b->text_size = db_column_measure(st, 12);
	b->data_size = db_column_measure(st, 13);
	b->bss_size = db_column_measure(st, 14);
	b->image_size = db_column_measure(st, 15);
	rc |= db_column_copy(&b->error, st, 16);
	rc |= db_column_names(&b->warnings, &b->nwarnings, st, 17);
	b->log_size = db_column_measure(st, 18);
	b->spec = db_column_json(st, 19);
	b->created_at = sqlite3_column_int64(st, 20);
	b->started_at = sqlite3_column_int64(st, 21);
	b->finished_at = sqlite3_column_int64(st, 22);
	b->change_id = sqlite3_column_int64(st, 23);
	b->distributed = db_column_json(st, 24);
	b->bisection_id = sqlite3_column_int64(st, 25);
	if (rc != DB_OK || !b->spec || !b->distributed) {
		rec_build_dispose(b);
		return DB_ERR;
	}
	return DB_OK;
}

/* db_build_row for db_rows_into. */
static int db_build_row_any(sqlite3_stmt *st, void *b)
{
	return db_build_row(st, b);
}

int db_builds_list(struct db *db, struct rec_builds *out, const char *state, int limit,
		   int offset)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db, "SELECT " DB_BUILD_COLUMNS "FROM builds b WHERE ?1 IS "
				   "NULL OR b.state = ?1 ORDER BY b.id DESC LIMIT ? OFFSET ?", "sii",
				   state, limit, offset),
			  out->v, sizeof *out->v, (size_t)limit, &out->n, db_build_row_any);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_builds_dispose(out);
	return rc;
}

/* The artifacts of build id into b (detail 1). */
static int db_build_artifacts(struct db *db, struct rec_build *b, long long id)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT ba.name, ba.sha256, a.size FROM build_artifacts ba "
				    "JOIN artifacts a ON a.sha256 = ba.sha256 WHERE ba.build_id = ? "
				    "ORDER BY ba.name", "I", id);
	size_t cap = 0;
	int step = SQLITE_ERROR;

	b->detail = 1;
	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct rec_artifact *a;

		if (b->nartifacts == cap) {
			cap = cap ? 2 * cap : 4;
			a = realloc(b->artifacts, cap * sizeof *a);
			if (!a)
				break;
			b->artifacts = a;
		}
		a = &b->artifacts[b->nartifacts++];
		a->name = db_column_dup(st, 0);
		a->sha256 = db_column_dup(st, 1);
		a->size = sqlite3_column_int64(st, 2);
		if (!a->name || !a->sha256)
			break;
	}
	db_done(st);
	return step == SQLITE_DONE ? DB_OK : DB_ERR;
}

int db_build_get(struct db *db, struct rec_build *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_ERR, step;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT " DB_BUILD_COLUMNS "FROM builds b WHERE b.id = ?", "I", id);
	step = st ? sqlite3_step(st) : SQLITE_ERROR;
	if (step == SQLITE_DONE)
		rc = DB_NOTFOUND;
	else if (step == SQLITE_ROW)
		rc = db_build_row(st, out);
	db_done(st);
	if (rc == DB_OK)
		rc = db_build_artifacts(db, out, id);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_build_dispose(out);
	return rc;
}

int db_build_log(struct db *db, void **zlog, size_t *zlen, long long *size, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	*zlog = NULL;
	*zlen = 0;
	*size = 0;
	db_read_lock(db);
	st = db_prep(db, "SELECT log, IFNULL(log_size, 0) FROM builds WHERE id = ? AND "
		     "log IS NOT NULL", "I", id);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		size_t n = (size_t)sqlite3_column_bytes(st, 0);

		*zlog = malloc(n ? n : 1);
		if (*zlog) {
			memcpy(*zlog, sqlite3_column_blob(st, 0), n);
			*zlen = n;
			*size = sqlite3_column_int64(st, 1);
			rc = DB_OK;
		} else {
			rc = DB_ERR;
		}
	}
	if (st)
		sqlite3_finalize(st);
	db_read_unlock(db);
	return rc;
}

int db_bench_insert_locked(struct db *db, long long build_id, const json_t *spec,
			   const char *runner_class, int priority, int max_attempts)
{
	return db_exec_st(db, db_prepk(db,
		"INSERT INTO jobs (kind, spec, runner_class, priority, max_attempts, tree_id, "
		" commit_sha, build_id, created_at) SELECT 'bench', json_patch(?1, json_object("
		" 'build_id', b.id, 'config', b.config_name, "
		" 'commit', b.commit_sha, 'tree', (SELECT name FROM trees WHERE id = b.tree_id), "
		" 'branch', b.branch, 'kernel_release', b.kernel_release, "
		/* json(): a subquery's value loses its JSON subtype */
		" 'kernel', json((SELECT json_object('sha256', a.sha256, 'size', a.size) "
		"  FROM build_artifacts ba JOIN artifacts a ON a.sha256 = ba.sha256 "
		"  WHERE ba.build_id = b.id AND ba.name = 'bzImage')), "
		" 'modules', json((SELECT json_group_object(substr(ba.name, 8), ba.sha256) "
		"  FROM build_artifacts ba WHERE ba.build_id = b.id AND ba.name LIKE 'module:%')))), "
		" ?2, ?3, ?4, b.tree_id, b.commit_sha, b.id, ?5 "
		"FROM builds b WHERE b.id = ?6", "jsiiII", spec, runner_class, priority,
		max_attempts, db_now(), build_id));
}

/* Inserts one bench job of build_id; runner_class NULL: any runner.  Its
 * iterations and warm-up are the suite file's.  Caller holds the lock. */
static int db_bench_insert(struct db *db, long long build_id, const char *suite,
			   const char *boot, const char *runner_class, int max_attempts)
{
	json_t *spec = json_pack("{s:s, s:s}", "suite", suite, "boot", boot);
	int rc = spec ? db_bench_insert_locked(db, build_id, spec, runner_class, 0, max_attempts)
		      : DB_ERR;

	json_decref(spec);
	return rc;
}

int db_build_queue_benches(struct db *db, int *queued, long long build_id, const char *suites,
			   const char *classes, const char *boot, int max_attempts)
{
	char *sl = strdup(suites ? suites : ""), *sp, *suite;
	int rc = DB_OK;

	*queued = 0;
	if (!sl)
		return DB_ERR;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		free(sl);
		return DB_ERR;
	}
	for (sp = sl; rc == DB_OK && (suite = strsep(&sp, " ,"));) {
		char *cl, *cp, *cls;
		int n = 0;

		if (!*suite)
			continue;
		cl = strdup(classes ? classes : "");
		if (!cl) {
			rc = DB_ERR;
			break;
		}
		for (cp = cl; rc == DB_OK && (cls = strsep(&cp, " ,"));) {
			if (!*cls)
				continue;
			rc = db_bench_insert(db, build_id, suite, boot, cls, max_attempts);
			n++;
		}
		if (rc == DB_OK && !n) {
			rc = db_bench_insert(db, build_id, suite, boot, NULL, max_attempts);
			n++;
		}
		*queued += rc == DB_OK ? n : 0;
		free(cl);
	}
	rc = db_end(db, rc);
	db_unlock(db);
	free(sl);
	return rc;
}
