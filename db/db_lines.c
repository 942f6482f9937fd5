// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_lines.c - the commits of a tree and the first-parent lines of its
 * branches as the watcher (daemon/watch/) writes them: a branch poll's
 * transaction (struct db_branch_tx) that can yield the connection, bulk
 * inserts of commits and line positions (a first poll stores hundreds of
 * thousands of commits) with prepared statements reused inside one
 * transaction, the settling of fresh commits into the stored level, and
 * the walk over every commit id of a tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_trees.h"
#include "db/db_internal.h"
#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/log.h"

#define DB_TREES_CACHE_KIB "65536"  /* SQLite page cache while recording commits */

void db_bind_str(sqlite3_stmt *st, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(st, idx, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, idx);
}

int db_step_reset(struct db *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		log_error("db: %s", sqlite3_errmsg(db->conn));
		return DB_ERR;
	}
	return DB_OK;
}

/* Params per commits row. */
#define DB_COMMIT_PARAMS 15
#define DB_ROWS_SQL_MAX 65536               /* bytes of a multi-row INSERT's text */

/*
 * Multi-row INSERTs (commits, a branch's line): most of a one-row
 * INSERT's cost is running and ending the statement, not the row.  A run
 * of n rows goes to statements of these sizes, largest first (100 rows:
 * 64, then 8 four times, then 1 four times), each kept prepared
 * (compiling 960 slots costs).
 */
static const size_t db_rows_sizes[] = { 64, 8, 1 };
#define DB_ROWS_SIZES (sizeof db_rows_sizes / sizeof *db_rows_sizes)

struct db_rows {
	sqlite3_stmt *st[DB_ROWS_SIZES];
	char *sql[DB_ROWS_SIZES];
};

/* head, then n copies of row separated by commas, then tail; malloc'd. */
static char *db_rows_sql(const char *head, const char *row, const char *tail, size_t n)
{
	struct buf sql;
	int rc;

	buf_init(&sql, DB_ROWS_SQL_MAX);
	rc = buf_adds(&sql, head);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		if (i)
			rc = buf_adds(&sql, ",");
		if (rc == 0)
			rc = buf_adds(&sql, row);
	}
	if (rc == 0 && buf_adds(&sql, tail) == 0)
		return buf_steal(&sql);
	buf_dispose(&sql);
	return NULL;
}

/* The statements of head, row and tail for each size; DB_OK, or DB_ERR
 * (then as far as it got).  db_rows_done gives them back either way. */
static int db_rows_prepare(struct db *db, struct db_rows *r, const char *head, const char *row,
			   const char *tail)
{
	memset(r, 0, sizeof *r);
	for (size_t k = 0; k < DB_ROWS_SIZES; k++) {
		r->sql[k] = db_rows_sql(head, row, tail, db_rows_sizes[k]);
		if (!r->sql[k] || !(r->st[k] = db_prepk(db, r->sql[k], "")))
			return DB_ERR;
	}
	return DB_OK;
}

/* The statement for the next rows of a run with left rows to go, and
 * its row count. */
static sqlite3_stmt *db_rows_next(const struct db_rows *r, size_t left, size_t *rows)
{
	size_t k = 0;

	while (db_rows_sizes[k] > left)
		k++;
	*rows = db_rows_sizes[k];
	return r->st[k];
}

static void db_rows_done(struct db_rows *r)
{
	for (size_t k = 0; k < DB_ROWS_SIZES; k++) {
		db_done(r->st[k]);
		free(r->sql[k]);
	}
}

/* Fresh rows first, then by sha. */
static int db_commit_cmp(const void *a, const void *b)
{
	const struct db_commit *x = *(const struct db_commit *const *)a,
			       *y = *(const struct db_commit *const *)b;
	int fx = x->fresh != 0, fy = y->fresh != 0;

	return fx != fy ? fy - fx : strcmp(x->sha, y->sha);
}

/* Binds commit c as row `row` (from 0) of a commits INSERT
 * (its strings, borrowed, must live until the row is stepped). */
static void db_commit_bind(sqlite3_stmt *st, size_t row, long long tree_id,
			   const struct db_commit *c)
{
	int i = (int)row * DB_COMMIT_PARAMS;

	sqlite3_bind_int64(st, i + 1, tree_id);
	db_bind_str(st, i + 2, c->sha);
	db_bind_str(st, i + 3, c->parents ? c->parents : "");
	db_bind_str(st, i + 4, c->author_name);
	db_bind_str(st, i + 5, c->author_email);
	sqlite3_bind_int64(st, i + 6, c->author_time);
	db_bind_str(st, i + 7, c->committer_name);
	db_bind_str(st, i + 8, c->committer_email);
	sqlite3_bind_int64(st, i + 9, c->commit_time);
	db_bind_str(st, i + 10, c->subject);
	db_bind_str(st, i + 11, c->trailers ? c->trailers : "[]");
	db_bind_str(st, i + 12, c->merged_tip);
	if (c->brought >= 0)
		sqlite3_bind_int64(st, i + 13, c->brought);
	else
		sqlite3_bind_null(st, i + 13);
	db_bind_str(st, i + 14, c->merge_subsystem);
	db_bind_str(st, i + 15, c->merge_source);
}

/*
 * Inserts a run of commits, all fresh or none: a row goes in at level 0
 * unless its tree holds the sha already, at level 0 (the unique index's
 * conflict) or, for rows not fresh, at level 1 (looked up).  The lookup is
 * a seek into the whole history: about 40% of a row's cost on a long one.
 */
static int db_commits_run(struct db *db, long long tree_id, const struct db_commit **rows,
			  size_t n, int fresh)
{
	struct db_rows r;
	int rc;

	if (!n)
		return DB_OK;
	/* Fresh rows go straight from VALUES (a SELECT around it would copy
	 * each row once more); the others through a SELECT that looks level
	 * 1 up ("WHERE ... ON CONFLICT": an INSERT ... SELECT needs a WHERE
	 * before ON CONFLICT). */
#define DB_COMMITS_INSERT "INSERT INTO commits (tree_id, sha, parents, author_name, " \
	"author_email, author_time, committer_name, committer_email, commit_time, subject, " \
	"trailers, merged_tip, brought, merge_subsystem, merge_source) "
	if (fresh)
		rc = db_rows_prepare(db, &r, DB_COMMITS_INSERT "VALUES ",
				     "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", " ON CONFLICT DO NOTHING");
	else
		rc = db_rows_prepare(db, &r, DB_COMMITS_INSERT "SELECT * FROM (VALUES ",
				     "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
				     ") AS v WHERE NOT EXISTS (SELECT 1 FROM commits c "
				     "WHERE c.level = 1 AND c.sha = v.column2 "
				     "AND c.tree_id = v.column1) ON CONFLICT DO NOTHING");
#undef DB_COMMITS_INSERT
	for (size_t i = 0, k; rc == DB_OK && i < n; i += k) {
		sqlite3_stmt *st = db_rows_next(&r, n - i, &k);

		for (size_t j = 0; j < k; j++)
			db_commit_bind(st, j, tree_id, rows[i + j]);
		rc = db_step_reset(db, st);
	}
	db_rows_done(&r);
	return rc;
}

/*
 * Inserts commits (existing ones stay as they are), the fresh ones first,
 * each run in sha order: the index of commits is keyed by (level, sha), so
 * sorted inserts walk its level 0 once from left to right, and the
 * lookups of level 1 find their pages in the cache.
 */
static int db_commits_insert_locked(struct db *db, long long tree_id,
				    const struct db_commit *commits, size_t n)
{
	const struct db_commit **order = calloc(n ? n : 1, sizeof *order);
	size_t nfresh = 0;
	int rc;

	if (!order)
		return DB_ERR;
	for (size_t i = 0; i < n; i++) {
		order[i] = &commits[i];
		nfresh += commits[i].fresh != 0;
	}
	qsort(order, n, sizeof *order, db_commit_cmp);
	rc = db_commits_run(db, tree_id, order, nfresh, 1);
	if (rc == DB_OK)
		rc = db_commits_run(db, tree_id, order + nfresh, n - nfresh, 0);
	free(order);
	return rc;
}

/* Runs st, a line statement of `rows` rows, for the line's rows from
 * `from`; DB_OK, with the rows it stored added to *stored. */
static int db_line_run(struct db *db, sqlite3_stmt *st, long long tree_id,
		       const struct db_line_update *u, size_t from, size_t rows,
		       sqlite3_int64 *stored)
{
	int rc;

	sqlite3_bind_int64(st, 1, u->branch_id);
	sqlite3_bind_int64(st, 2, tree_id);
	for (size_t k = 0; k < rows; k++) {
		int at = 2 + (int)k * 2;

		sqlite3_bind_int64(st, at + 1, u->base_position + 1 + (long long)(from + k));
		db_bind_str(st, at + 2, u->line[from + k]);
	}
	rc = db_step_reset(db, st);
	if (rc == DB_OK)
		*stored += sqlite3_changes64(db->conn);
	return rc;
}

/* Replaces the branch's line after base_position with u->line. */
static int db_line_write_locked(struct db *db, long long tree_id, const struct db_line_update *u,
				char **cause)
{
	/* One join per statement rather than a sub-select per row: a run of
	 * 64 sub-selects made SQLite build a list of levels 64 times.  CROSS
	 * JOIN keeps the rows as the outer loop; left to itself the planner
	 * may scan the tree's commits (commits_tree) and look each one up in
	 * the rows.  A row whose sha the level does not hold is left out by
	 * the join.  The line's commits are nearly always the poll's own, at
	 * level 0, a small run of the index: a run of rows looks there first,
	 * and at level 1, where a seek goes into the whole history (it took
	 * half the line's time at 200,000 commits), only when it missed some.
	 * A sha held at both levels (a row wrongly called fresh) takes its
	 * level-0 copy, which db_commits_settle merges into the other. */
#define DB_LINE_HEAD "INSERT INTO branch_commits (branch_id, position, commit_id) " \
	"SELECT b.branch_id, v.column1, c.id " \
	"FROM (SELECT ?1 AS branch_id, ?2 AS tree_id) AS b CROSS JOIN (VALUES "
#define DB_LINE_TAIL(level, more) ") AS v CROSS JOIN commits c ON c.level = " level \
	" AND c.sha = v.column2 AND c.tree_id = b.tree_id" more
	struct db_rows r[2];
	int rc;

	memset(r, 0, sizeof r);
	rc = db_exec_st(db, db_prepk(db, "DELETE FROM branch_commits WHERE branch_id = ? "
				   "AND position > ?", "II", u->branch_id, u->base_position));
	if (rc == DB_OK)
		rc = db_rows_prepare(db, &r[0], DB_LINE_HEAD, "(?,?)", DB_LINE_TAIL("0", ""));
	for (size_t i = 0, rows; rc == DB_OK && i < u->nline; i += rows) {
		sqlite3_stmt *st = db_rows_next(&r[0], u->nline - i, &rows);
		sqlite3_int64 stored = 0;

		rc = db_line_run(db, st, tree_id, u, i, rows, &stored);
		/* the rows stored from level 0 are kept by the conflict */
		if (rc == DB_OK && stored < (sqlite3_int64)rows && !r[1].st[0])
			rc = db_rows_prepare(db, &r[1], DB_LINE_HEAD, "(?,?)",
					     DB_LINE_TAIL("1", " WHERE true ON CONFLICT DO NOTHING"));
		if (rc == DB_OK && stored < (sqlite3_int64)rows) {
			st = db_rows_next(&r[1], rows, &rows);  /* the same size */
			rc = db_line_run(db, st, tree_id, u, i, rows, &stored);
		}
		/* a sha of the line that the tree does not hold */
		if (rc == DB_OK && stored != (sqlite3_int64)rows)
			rc = DB_ERR;
		if (rc != DB_OK)
			fail_cause(cause, "a commit of the first-parent line from %.40s to %.40s "
				   "was not stored", u->line[i], u->line[i + rows - 1]);
	}
	db_rows_done(&r[0]);
	db_rows_done(&r[1]);
	return rc;
#undef DB_LINE_HEAD
#undef DB_LINE_TAIL
}

/* A branch poll being recorded (db.h): the connection, locked, in a
 * transaction (open: 0 after a yield that could not begin again). */
struct db_branch_tx {
	struct db *db;
	long long tree_id;
	int open;
};

int db_branch_begin(struct db *db, struct db_branch_tx **out, long long tree_id, char **cause)
{
	struct db_branch_tx *tx = calloc(1, sizeof *tx);

	*out = NULL;
	if (!tx)
		return fail_cause(cause, "out of memory");
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		free(tx);
		return fail_cause(cause, "database busy");
	}
	/* A poll inserts into an index keyed by random shas: with SQLite's
	 * default 2 MiB page cache, a 200,000-commit history misses on most
	 * inserts.  This widens the cache of the (shared) connection.  No
	 * mmap: SQLite keeps the pages it reads through a mapping out of
	 * this cache and, in WAL mode, looks each one up in the WAL again on
	 * every visit; that cost a poll 8% more than one pread per page
	 * that the cache misses. */
	db_exec(db, "PRAGMA cache_size = -" DB_TREES_CACHE_KIB);
	tx->db = db;
	tx->tree_id = tree_id;
	tx->open = 1;
	*out = tx;
	return DB_OK;
}

int db_branch_add(struct db_branch_tx *tx, const struct db_commit *commits, size_t n,
		  char **cause)
{
	if (db_commits_insert_locked(tx->db, tx->tree_id, commits, n) != DB_OK)
		return fail_cause(cause, "cannot store the new commits of the branch");
	return DB_OK;
}

int db_branch_yield(struct db_branch_tx *tx, char **cause)
{
	struct db *db = tx->db;
	int rc = db_end(db, DB_OK);

	db_yield(db);
	if (db_begin(db) < 0) {
		tx->open = 0;
		return fail_cause(cause, "database busy");
	}
	if (rc != DB_OK)
		return fail_cause(cause, "cannot store the new commits of the branch");
	return DB_OK;
}

int db_branch_tx_position(struct db_branch_tx *tx, long long *pos, long long branch_id,
			  const char *sha)
{
	long long p = db_branch_position_locked(tx->db, branch_id, sha);

	if (p < 0)
		return DB_NOTFOUND;
	*pos = p;
	return DB_OK;
}

void db_branch_abort(struct db_branch_tx *tx)
{
	if (!tx)
		return;
	if (tx->open)
		db_end(tx->db, DB_ERR);
	db_unlock(tx->db);
	free(tx);
}

int db_branch_finish(struct db_branch_tx *tx, const struct db_line_update *u, char **cause)
{
	struct db *db = tx->db;
	long long now = db_now();
	int rc = tx->open ? DB_OK : DB_ERR;     /* a failed yield: only abort remains */

	if (rc == DB_OK)
		rc = db_commits_insert_locked(db, tx->tree_id, u->commits, u->ncommits);
	if (rc == DB_OK)
		rc = db_line_write_locked(db, tx->tree_id, u, cause);
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db,
			"UPDATE branches SET tip_sha = ?, length = ?, polled_at = ?, updated_at = ?, "
			" last_error = NULL, state = 'active' WHERE id = ?",
			"sIIII", u->new_tip, u->base_position + 1 + (long long)u->nline, now, now,
			u->branch_id));
	if (rc == DB_OK && u->forced)
		rc = db_exec_st(db, db_prepk(db,
			"INSERT INTO branch_events (branch_id, at, kind, old_sha, new_sha, message) "
			"VALUES (?, ?, 'forced-update', ?, ?, ?)", "IIsss", u->branch_id, now,
			u->old_tip, u->new_tip,
			u->base_position < 0 ? "the new history shares nothing with the old line" :
			"the new tip does not descend from the old one"));
	rc = tx->open ? db_end(db, rc) : DB_ERR;
	db_unlock(db);
	free(tx);
	if (rc != DB_OK && cause && !*cause)
		fail_cause(cause, "cannot store the new commits of the branch");
	return rc;
}

/*
 * Merges each commit at level 0 whose tree holds its sha at level 1 too
 * into that one: the line points to it, and the copy goes.  Only a caller
 * that called a stored commit fresh leaves such a pair.
 */
static int db_commits_unite_locked(struct db *db, long long tree_id, long long *united)
{
#define DB_TWIN "JOIN commits t ON t.level = 1 AND t.sha = z.sha AND t.tree_id = z.tree_id "
	int rc = db_exec_st(db, db_prepk(db,
		"UPDATE branch_commits SET commit_id = (SELECT t.id FROM commits z " DB_TWIN
		" WHERE z.id = branch_commits.commit_id) "
		"WHERE commit_id IN (SELECT z.id FROM commits z " DB_TWIN
		" WHERE z.level = 0 AND z.tree_id = ?)", "I", tree_id));

	if (rc == DB_OK)
		rc = db_exec_st(db, db_prepk(db, "DELETE FROM commits WHERE id IN "
					   "(SELECT z.id FROM commits z " DB_TWIN
					   " WHERE z.level = 0 AND z.tree_id = ?)", "I", tree_id));
	if (rc == DB_OK)
		*united = sqlite3_changes64(db->conn);
	return rc;
#undef DB_TWIN
}

int db_commits_settle(struct db *db, long long tree_id, long long max, long long *moved,
		      long long *united, char **cause)
{
	static const char settle[] = "UPDATE commits SET level = 1 WHERE id IN "
				     "(SELECT id FROM commits WHERE level = 0 AND tree_id = ? LIMIT ?)";
	int rc;

	*moved = *united = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return fail_cause(cause, "database busy");
	}
	rc = db_exec_st(db, db_prepk(db, settle, "II", tree_id, max));
	if (rc == DB_INVALID) {
		/* a sha at both levels: the unique index refused the move */
		rc = db_commits_unite_locked(db, tree_id, united);
		if (rc == DB_OK)
			rc = db_exec_st(db, db_prepk(db, settle, "II", tree_id, max));
	}
	if (rc == DB_OK)
		*moved = sqlite3_changes64(db->conn);
	rc = db_end(db, rc);
	db_unlock(db);
	if (rc != DB_OK) {
		*moved = *united = 0;
		return fail_cause(cause, "cannot move the new commits to the settled level of the "
				  "sha index");
	}
	return DB_OK;
}

int db_tree_shas(struct db *db, long long tree_id, int (*each)(void *arg, const char *sha),
		 void *arg)
{
	sqlite3_stmt *st;
	int rc = DB_OK, step;

	db_read_lock(db);
	/* each level through its own index (migration 0011); left to itself,
	 * SQLite reads level 1 of commits_sha, every tree's commits */
	st = db_prep(db, "SELECT sha FROM commits INDEXED BY commits_tree "
		     "WHERE level = 1 AND tree_id = ?1 "
		     "UNION ALL SELECT sha FROM commits WHERE level = 0 AND tree_id = ?1",
		     "I", tree_id);
	if (!st) {
		db_read_unlock(db);
		return DB_ERR;
	}
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (each(arg, (const char *)sqlite3_column_text(st, 0)) < 0) {
			rc = DB_ERR;
			break;
		}
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		rc = DB_ERR;
	sqlite3_finalize(st);
	db_read_unlock(db);
	return rc;
}
