// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_trees.c - what the watcher (daemon/watch/) stores about trees:
 * branches, tags, releases and merge windows, poll errors with backoff
 * state, and build candidates; a branch's commits read back as commit
 * records (lib/rec.h).  The commits and first-parent lines a poll writes
 * are db_lines.c's; a tree's status as a record is db_tree_status.c's.
 *
 * The merge window of release vX.Y on a branch is the first-parent stretch
 * after vX.Y up to and including the next -rc1 (the smallest version above
 * X.Y with an -rc1 tag on the line), or up to the head while that -rc1 is
 * not out.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_trees.h"
#include "db/db_internal.h"
#include "lib/fail.h"
#include "lib/log.h"

#define DB_RELEASE_MAX 1000000      /* largest major/minor/rc number accepted */

/* Parses a decimal number without sign or leading zeros; advances *s. */
static int db_parse_num(const char **s, int *out)
{
	long v = 0;
	const char *p = *s;

	if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v > DB_RELEASE_MAX)
			return -1;
	}
	*out = (int)v;
	*s = p;
	return 0;
}

int db_release_parse(const char *tag, int *major, int *minor, int *rc)
{
	const char *p = tag;

	if (!p || *p++ != 'v' || db_parse_num(&p, major) < 0 || *p++ != '.' ||
	    db_parse_num(&p, minor) < 0)
		return -1;
	*rc = 0;
	if (!*p)
		return 0;
	if (strncmp(p, "-rc", 3))
		return -1;
	p += 3;
	if (db_parse_num(&p, rc) < 0 || *rc == 0 || *p)
		return -1;
	return 0;
}

int db_release_like(const char *tag)
{
	const char *p = tag;

	if (!p || *p++ != 'v' || *p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p++ != '.' || *p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return !*p || !strncmp(p, "-rc", 3);
}

/* --- writing ---------------------------------------------------------- */

int db_tree_sync(struct db *db, long long *tree_id, const char *name, const char *url,
		 const json_t *policy, const char *const *branches, size_t nbranches)
{
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO trees (name, url, policy, created_at) "
				   "VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
				   "url = excluded.url, policy = excluded.policy",
				   "ssjI", name, url, policy, db_now()));
	*tree_id = db_scalar(db_prepk(db, "SELECT id FROM trees WHERE name = ?", "s", name), 0);
	for (size_t i = 0; rc == DB_OK && i < nbranches; i++)
		rc = db_exec_st(db, db_prepk(db, "INSERT INTO branches (tree_id, name) VALUES (?, ?) "
					   "ON CONFLICT (tree_id, name) DO NOTHING",
					   "Is", *tree_id, branches[i]));
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

int db_branch_get(struct db *db, long long *branch_id, char tip[DB_SHA_LEN + 1],
		  long long *length, char state[16], long long tree_id, const char *branch)
{
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	db_read_lock(db);
	st = db_prep(db, "SELECT id, IFNULL(tip_sha, ''), length, state FROM branches "
		     "WHERE tree_id = ? AND name = ?", "Is", tree_id, branch);
	if (!st)
		rc = DB_ERR;
	else if (sqlite3_step(st) == SQLITE_ROW) {
		*branch_id = sqlite3_column_int64(st, 0);
		snprintf(tip, DB_SHA_LEN + 1, "%s", (const char *)sqlite3_column_text(st, 1));
		*length = sqlite3_column_int64(st, 2);
		snprintf(state, 16, "%s", (const char *)sqlite3_column_text(st, 3));
		rc = DB_OK;
	}
	sqlite3_finalize(st);
	db_read_unlock(db);
	return rc;
}

long long db_branch_position_locked(struct db *db, long long branch_id, const char *sha)
{
	return db_scalar(db_prepk(db, "SELECT bc.position FROM branch_commits bc "
				 "JOIN commits c ON c.id = bc.commit_id "
				 "WHERE bc.branch_id = ?1 AND " DB_LEVELS("c") " AND c.sha = ?2 "
				 "AND c.tree_id = (SELECT tree_id FROM branches WHERE id = ?1)",
				 "Is", branch_id, sha), -1);
}

int db_branch_position(struct db *db, long long *pos, long long branch_id, const char *sha)
{
	long long p;

	db_read_lock(db);
	p = db_branch_position_locked(db, branch_id, sha);
	db_read_unlock(db);
	if (p < 0)
		return DB_NOTFOUND;
	*pos = p;
	return DB_OK;
}

int db_branch_set_state(struct db *db, long long branch_id, const char *state,
			const char *message)
{
	long long now = db_now();
	int rc;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	if (!strcmp(state, "deleted") &&
	    db_scalar(db_prepk(db, "SELECT state = 'deleted' FROM branches WHERE id = ?", "I",
			      branch_id), 1) == 0)
		db_exec_st(db, db_prepk(db, "INSERT INTO branch_events (branch_id, at, kind, old_sha, "
				       "message) SELECT id, ?, 'deleted', tip_sha, ? FROM branches "
				       "WHERE id = ?", "IsI", now, message, branch_id));
	rc = db_exec_st(db, db_prepk(db, "UPDATE branches SET state = ?, last_error = ?, "
				   "polled_at = ? WHERE id = ?", "ssII", state, message, now,
				   branch_id));
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

/* Appends a tag to l (room for it was made). */
static int db_tag_changed(struct rec_tags *l, const struct db_tag *t, const char *kind)
{
	struct rec_tag *x = &l->v[l->n];

	x->name = strdup(t->name);
	x->sha = strdup(t->sha);
	x->kind = strdup(kind);
	l->n++;
	return x->name && x->sha && x->kind ? DB_OK : DB_ERR;
}

int db_tags_record(struct db *db, struct rec_tags *changed, long long tree_id,
		   const struct db_tag *tags, size_t n)
{
	sqlite3_stmt *st = NULL;
	long long now = db_now();
	int rc = DB_OK;

	memset(changed, 0, sizeof *changed);
	changed->v = calloc(n + 1, sizeof *changed->v);
	if (!changed->v)
		return DB_ERR;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		rec_tags_dispose(changed);
		return DB_ERR;
	}
	if (sqlite3_prepare_v2(db->conn,
		"INSERT INTO tags (tree_id, name, commit_sha, kind, major, minor, rc, seen_at) "
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tree_id, name) DO UPDATE SET "
		"commit_sha = excluded.commit_sha, seen_at = excluded.seen_at "
		"WHERE commit_sha <> excluded.commit_sha", -1, &st, NULL) != SQLITE_OK)
		rc = DB_ERR;
	for (size_t i = 0; rc == DB_OK && i < n; i++) {
		int major, minor, rcn, release = db_release_parse(tags[i].name, &major, &minor,
								   &rcn) == 0;
		const char *kind = !release ? "other" : rcn ? "rc" : "release";

		sqlite3_bind_int64(st, 1, tree_id);
		db_bind_str(st, 2, tags[i].name);
		db_bind_str(st, 3, tags[i].sha);
		db_bind_str(st, 4, kind);
		if (release) {
			sqlite3_bind_int(st, 5, major);
			sqlite3_bind_int(st, 6, minor);
			sqlite3_bind_int(st, 7, rcn);
		}
		sqlite3_bind_int64(st, 8, now);
		rc = db_step_reset(db, st);
		if (rc == DB_OK && sqlite3_changes(db->conn) > 0)
			rc = db_tag_changed(changed, &tags[i], kind);
	}
	sqlite3_finalize(st);
	rc = db_end(db, rc);
	db_unlock(db);
	if (rc != DB_OK)
		rec_tags_dispose(changed);
	return rc;
}

int db_tree_poll_done(struct db *db, int *error_count, long long tree_id, const char *error,
		      long long next_poll_at)
{
	long long now = db_now();
	int rc, fresh;

	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	if (!error) {
		rc = db_exec_st(db, db_prepk(db, "UPDATE trees SET polled_at = ?1, fetched_at = ?1, "
					   "last_error = NULL, error_count = 0, next_poll_at = ?2 "
					   "WHERE id = ?3", "III", now, next_poll_at, tree_id));
		*error_count = 0;
	} else {
		fresh = (int)db_scalar(db_prepk(db, "SELECT last_error IS NULL OR last_error <> ? "
					       "FROM trees WHERE id = ?", "sI", error, tree_id), 0);
		rc = db_exec_st(db, db_prepk(db, "UPDATE trees SET polled_at = ?, last_error = ?, "
					   "error_count = error_count + 1, next_poll_at = ? "
					   "WHERE id = ?", "IsII", now, error, next_poll_at, tree_id));
		if (rc == DB_OK && fresh)
			rc = db_exec_st(db, db_prepk(db,
				"INSERT INTO branch_events (branch_id, at, kind, message) "
				"SELECT id, ?, 'error', ? FROM branches WHERE tree_id = ?",
				"IsI", now, error, tree_id));
		*error_count = (int)db_scalar(db_prepk(db, "SELECT error_count FROM trees "
						      "WHERE id = ?", "I", tree_id), 1);
	}
	rc = db_end(db, rc);
	db_unlock(db);
	return rc;
}

#define DB_MAX_RELEASES 100000      /* release and rc tags of one tree read at most */

/* A row (name, kind, major, minor, rc, commit_sha or NULL, position) into
 * the rec_release at rec; the sha is kept when with_sha. */
static int db_release_row(sqlite3_stmt *st, struct rec_release *r, int with_sha)
{
	int lost = 0;

	memset(r, 0, sizeof *r);
	lost |= db_column_copy(&r->name, st, 0);
	lost |= db_column_copy(&r->kind, st, 1);
	r->major = sqlite3_column_int64(st, 2);
	r->minor = sqlite3_column_int64(st, 3);
	r->rc = sqlite3_column_int64(st, 4);
	if (with_sha)
		lost |= db_column_copy(&r->commit_sha, st, 5);
	r->position = db_column_measure(st, 6);
	if (lost || !r->name || !r->kind || (with_sha && !r->commit_sha)) {
		rec_release_dispose(r);
		return -1;
	}
	return 0;
}

/* The releases st selects into *out (caller disposes; empty on error).
 * Ends st. */
static int db_release_rows(sqlite3_stmt *st, struct rec_releases *out, int with_sha)
{
	size_t cap = 0;
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;

	memset(out, 0, sizeof *out);
	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&out->v, &cap, out->n, sizeof *out->v, DB_MAX_RELEASES);
		if (rc == DB_OK && db_release_row(st, &out->v[out->n], with_sha) < 0)
			rc = DB_ERR;
		if (rc == DB_OK)
			out->n++;
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	db_done(st);
	if (rc != DB_OK)
		rec_releases_dispose(out);
	return rc;
}

int db_branch_marks(struct db *db, struct rec_releases *out, long long tree_id,
		    long long branch_id)
{
	int rc;

	db_read_lock(db);
	rc = db_release_rows(db_prepk(db,
		"SELECT t.name, t.kind, t.major, t.minor, t.rc, NULL, bc.position FROM tags t "
		"JOIN commits c ON c.tree_id = t.tree_id "
		" AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ? "
		"WHERE t.tree_id = ? AND t.kind IN ('release', 'rc') "
		"ORDER BY bc.position, t.major, t.minor, t.rc", "II", branch_id, tree_id), out, 0);
	db_read_unlock(db);
	return rc;
}

int db_build_candidate(struct db *db, int *queued, long long tree_id, const json_t *spec,
		       int priority, int max_queued)
{
	const char *sha = json_string_value(json_object_get(spec, "commit"));
	const char *config = json_string_value(json_object_get(spec, "config"));
	int rc = DB_OK, dropped = 0;

	*queued = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return DB_ERR;
	}
	if (db_scalar(db_prepk(db, "SELECT count(*) FROM jobs WHERE kind = 'build' AND "
			      "tree_id = ? AND commit_sha = ? AND "
			      "json_extract(spec, '$.config') IS ?", "Iss", tree_id, sha, config),
		      0) > 0) {
		/* the same build exists already */
	} else if (db_scalar(db_prepk(db, "SELECT count(*) FROM jobs WHERE kind = 'build' AND "
				     "state = 'queued' AND tree_id = ?", "I", tree_id), 0) >=
		   max_queued) {
		rc = db_exec_st(db, db_prepk(db, "UPDATE trees SET candidates_dropped = "
					   "candidates_dropped + 1 WHERE id = ?", "I", tree_id));
		dropped = 1;
	} else {
		rc = db_exec_st(db, db_prepk(db, "INSERT INTO jobs (kind, spec, tree_id, commit_sha, "
					   "priority, created_at) VALUES ('build', ?, ?, ?, ?, ?)",
					   "jIsiI", spec, tree_id, sha, priority, db_now()));
		*queued = rc == DB_OK;
	}
	rc = db_end(db, rc);
	db_unlock(db);
	if (rc != DB_OK)
		*queued = 0;
	return rc == DB_OK && dropped ? DB_CONFLICT : rc;
}

int db_branch_head_queued(struct db *db, int *due, long long branch_id, long long at,
			  long long every_s)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE branches SET head_queued_at = ?1 WHERE id = ?2 "
				   "AND (head_queued_at IS NULL OR head_queued_at <= ?1 - ?3)",
				   "III", at, branch_id, every_s));
	*due = rc == DB_OK && sqlite3_changes(db->conn) > 0;
	db_unlock(db);
	return rc;
}

/* --- reading ---------------------------------------------------------- */

/* Finds tree and branch (NULL: the first followed that the remote has);
 * caller holds the lock.  DB_NOTFOUND with cause for an unknown tree or
 * branch, and for a branch named that is followed but was never seen on
 * the remote (state missing). */
static int db_tree_branch_locked(struct db *db, long long *tree_id, long long *branch_id,
				 const char *tree, const char *branch, char **cause)
{
	sqlite3_stmt *st;

	*tree_id = db_scalar(db_prepk(db, "SELECT id FROM trees WHERE name = ?", "s", tree), 0);
	if (!*tree_id) {
		fail_cause(cause, "tree '%.128s' is not watched", tree);
		return DB_NOTFOUND;
	}
	*branch_id = db_scalar(branch ?
		db_prep(db, "SELECT id FROM branches WHERE tree_id = ? AND name = ?", "Is",
			*tree_id, branch) :
		db_prep(db, "SELECT id FROM branches WHERE tree_id = ? "
			"ORDER BY state = 'missing', id LIMIT 1", "I", *tree_id), 0);
	if (!*branch_id) {
		fail_cause(cause, "tree '%.128s' does not follow branch '%.128s'", tree,
			   branch ? branch : "(none)");
		return DB_NOTFOUND;
	}
	/* a branch named, followed but never seen on the remote, has nothing
	 * to show (unnamed, it is the first only when all are missing) */
	if (!branch)
		return DB_OK;
	st = db_prepk(db, "SELECT t.url FROM branches b JOIN trees t ON t.id = b.tree_id "
		      "WHERE b.id = ? AND b.state = 'missing'", "I", *branch_id);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		fail_cause(cause, "tree '%.128s' follows branch '%.128s', which does not exist in "
			   "%.256s: it has no commits yet", tree, branch,
			   (const char *)sqlite3_column_text(st, 0));
		db_done(st);
		return DB_NOTFOUND;
	}
	db_done(st);
	return DB_OK;
}

/* db_internal.h */
int db_window_locked(struct db *db, long long *from, long long *to, char rc1[64],
		     long long tree_id, long long branch_id, const char *release, char **cause)
{
	int major, minor, rcn;
	sqlite3_stmt *st;

	if (db_release_parse(release, &major, &minor, &rcn) < 0 || rcn) {
		fail_cause(cause, "'%.128s' is not a release tag of the form vX.Y", release);
		return DB_INVALID;
	}
	*from = db_scalar(db_prepk(db,
		"SELECT bc.position FROM tags t JOIN commits c ON c.tree_id = t.tree_id "
		"AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id "
		"AND bc.branch_id = ? WHERE t.tree_id = ? AND t.name = ?", "IIs",
		branch_id, tree_id, release), -1);
	if (*from < 0) {
		fail_cause(cause, "release %.128s is not tagged on the first-parent line of this branch",
			   release);
		return DB_NOTFOUND;
	}
	rc1[0] = '\0';
	*to = -1;
	st = db_prep(db,
		"SELECT t.name, bc.position FROM tags t JOIN commits c ON c.tree_id = t.tree_id "
		"AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id "
		"AND bc.branch_id = ? WHERE t.tree_id = ? AND t.kind = 'rc' AND t.rc = 1 "
		"AND (t.major, t.minor) > (?, ?) AND bc.position > ? "
		"ORDER BY t.major, t.minor LIMIT 1", "IIiiI", branch_id, tree_id, major, minor, *from);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		snprintf(rc1, 64, "%s", (const char *)sqlite3_column_text(st, 0));
		*to = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (*to < 0)
		*to = db_scalar(db_prepk(db, "SELECT length - 1 FROM branches WHERE id = ?", "I",
					branch_id), -1);
	return DB_OK;
}

#define DB_COMMIT_COLUMNS \
	"bc.position, c.sha, c.parents, c.author_name, c.author_email, c.author_time, " \
	"c.committer_name, c.committer_email, c.commit_time, c.subject, " \
	"c.trailers, c.merged_tip, c.brought, c.merge_subsystem, c.merge_source "

/* Column i, a commit's trailers as the watcher stores them (JSON text
 * [[key, value], ...]), into c: SQL NULL is none (null).  0, or -1 when it
 * is not such a list or memory is out. */
static int db_column_trailers(struct rec_commit *c, sqlite3_stmt *st, int i)
{
	const char *text = (const char *)sqlite3_column_text(st, i);
	json_t *j = text ? json_loads(text, 0, NULL) : NULL;
	char *cause = NULL;
	int rc = text && !j ? -1 : rec_trailers_decode(&c->trailers, &c->ntrailers, j, "", &cause);

	if (rc < 0)
		log_error("db: commit %s: trailers: %s", c->sha ? c->sha : "?",
			  cause ? cause : "not JSON");
	free(cause);
	json_decref(j);
	return rc;
}

/* A row of DB_COMMIT_COLUMNS into the rec_commit at rec (db_rows_into). */
static int db_commit_row(sqlite3_stmt *st, void *rec)
{
	struct rec_commit *c = rec;
	int lost = 0;

	memset(c, 0, sizeof *c);
	c->position = sqlite3_column_int64(st, 0);
	lost |= db_column_copy(&c->sha, st, 1);
	lost |= db_column_copy(&c->parents, st, 2);
	lost |= db_column_copy(&c->author_name, st, 3);
	lost |= db_column_copy(&c->author_email, st, 4);
	c->author_time = db_column_measure(st, 5);
	lost |= db_column_copy(&c->committer_name, st, 6);
	lost |= db_column_copy(&c->committer_email, st, 7);
	c->commit_time = db_column_measure(st, 8);
	lost |= db_column_copy(&c->subject, st, 9);
	lost |= db_column_trailers(c, st, 10);
	lost |= db_column_copy(&c->merged_tip, st, 11);
	c->brought = db_column_measure(st, 12);
	lost |= db_column_copy(&c->merge_subsystem, st, 13);
	lost |= db_column_copy(&c->merge_source, st, 14);
	if (lost || !c->sha || !c->parents) {
		rec_commit_dispose(c);
		return -1;
	}
	return 0;
}

/* The commits st selects, at most limit, into *out.  Ends st. */
static int db_commit_rows(sqlite3_stmt *st, struct rec_commits *out, int limit)
{
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v) {
		db_done(st);
		return DB_ERR;
	}
	return db_rows_into(st, out->v, sizeof *out->v, (size_t)limit, &out->n, db_commit_row);
}

int db_tree_commits(struct db *db, struct rec_commits *out, const char *tree,
		    const char *branch, const char *window, int limit, int offset, char **cause)
{
	long long tree_id, branch_id, from = -1, to = -1;
	char rc1[64];
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_tree_branch_locked(db, &tree_id, &branch_id, tree, branch, cause);
	if (rc == DB_OK && window)
		rc = db_window_locked(db, &from, &to, rc1, tree_id, branch_id, window, cause);
	if (rc == DB_OK)
		rc = db_commit_rows(db_prepk(db, "SELECT " DB_COMMIT_COLUMNS
			"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
			"WHERE bc.branch_id = ?1 AND (?2 < 0 OR (bc.position > ?2 AND bc.position <= ?3)) "
			"ORDER BY bc.position DESC LIMIT ?4 OFFSET ?5", "IIIii",
			branch_id, window ? from : -1LL, to, limit, offset), out, limit);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_commits_dispose(out);
	return rc;
}

/* The merges on branch_id's line in (from, to]; def on error.  Caller
 * holds the lock. */
static long long db_window_merge_count_locked(struct db *db, long long branch_id,
					      long long from, long long to, long long def)
{
	return db_scalar(db_prepk(db, "SELECT count(*) FROM branch_commits bc "
				  "JOIN commits c ON c.id = bc.commit_id WHERE bc.branch_id = ? "
				  "AND bc.position > ? AND bc.position <= ? "
				  "AND c.merged_tip IS NOT NULL", "III", branch_id, from, to), def);
}

/* The window of release name as db_tree_windows lists it into *w; -1
 * when the name is no release on the line (or memory is out).  Caller
 * holds the lock. */
static int db_window_rec_locked(struct db *db, struct rec_window *w, long long tree_id,
				long long branch_id, const char *name)
{
	long long from, to;
	char rc1[64];

	memset(w, 0, sizeof *w);
	if (db_window_locked(db, &from, &to, rc1, tree_id, branch_id, name, NULL) != DB_OK)
		return -1;
	w->release = strdup(name);
	w->closed_by = rc1[0] ? strdup(rc1) : NULL;
	w->state = strdup(rc1[0] ? "closed" : "open");
	w->from_position = from;
	w->to_position = to;
	w->commits = to - from;
	w->merges = db_window_merge_count_locked(db, branch_id, from, to, 0);
	if (!w->release || (rc1[0] && !w->closed_by) || !w->state) {
		rec_window_dispose(w);
		return -1;
	}
	return 0;
}

/* The windows of the releases r[0..n) that are on the line into *out. */
static int db_windows_locked(struct db *db, struct rec_windows *out, long long tree_id,
			     long long branch_id, const struct rec_release *r, size_t n)
{
	out->v = calloc(n + 1, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(r[i].kind, "release") || r[i].position == REC_NONE ||
		    db_window_rec_locked(db, &out->v[out->n], tree_id, branch_id, r[i].name) < 0)
			continue;
		out->n++;
	}
	return DB_OK;
}

int db_tree_windows(struct db *db, struct rec_tree_windows *out, const char *tree,
		    const char *branch, char **cause)
{
	long long tree_id, branch_id;
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_tree_branch_locked(db, &tree_id, &branch_id, tree, branch, cause);
	if (rc == DB_OK)
		rc = db_release_rows(db_prepk(db,
			"SELECT t.name, t.kind, t.major, t.minor, t.rc, t.commit_sha, bc.position "
			"FROM tags t LEFT JOIN commits c ON c.tree_id = t.tree_id "
			" AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
			"LEFT JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ? "
			"WHERE t.tree_id = ? AND t.kind IN ('release', 'rc') "
			"ORDER BY t.major, t.minor, t.kind = 'release' DESC, t.rc", "II",
			branch_id, tree_id), &out->releases, 1);
	if (rc == DB_OK)
		rc = db_windows_locked(db, &out->windows, tree_id, branch_id, out->releases.v,
				       out->releases.n);
	db_read_unlock(db);
	if (rc == DB_OK && !(out->tree = strdup(tree)))
		rc = DB_ERR;
	if (rc != DB_OK)
		rec_tree_windows_dispose(out);
	return rc;
}

int db_tree_window_merges(struct db *db, struct rec_window_merges *out, const char *tree,
			  const char *branch, const char *release, char **cause)
{
	long long tree_id, branch_id, from, to, n = -1;
	char rc1[64];
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	rc = db_tree_branch_locked(db, &tree_id, &branch_id, tree, branch, cause);
	if (rc == DB_OK)
		rc = db_window_locked(db, &from, &to, rc1, tree_id, branch_id, release, cause);
	if (rc == DB_OK)
		n = db_window_merge_count_locked(db, branch_id, from, to, -1);
	if (rc == DB_OK)
		rc = n < 0 ? DB_ERR : db_commit_rows(db_prepk(db, "SELECT " DB_COMMIT_COLUMNS
			"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
			"WHERE bc.branch_id = ? AND bc.position > ? AND bc.position <= ? "
			"AND c.merged_tip IS NOT NULL ORDER BY bc.position", "III",
			branch_id, from, to), &out->merges, n < INT_MAX ? (int)n : INT_MAX);
	db_read_unlock(db);
	if (rc == DB_OK) {
		out->tree = strdup(tree);
		out->release = strdup(release);
		out->closed_by = rc1[0] ? strdup(rc1) : NULL;
		out->state = strdup(rc1[0] ? "closed" : "open");
		out->from_position = from;
		out->to_position = to;
		if (!out->tree || !out->release || (rc1[0] && !out->closed_by) || !out->state)
			rc = DB_ERR;
	}
	if (rc != DB_OK)
		rec_window_merges_dispose(out);
	return rc;
}
