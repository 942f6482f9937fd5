/*
 * db_trees.c - what the watcher (daemon/watch/) stores about trees:
 * branches and their first-parent lines, commits, tags, releases and
 * merge windows, poll errors with backoff state, and build candidates.
 *
 * The merge window of release vX.Y on a branch is the first-parent stretch
 * after vX.Y up to and including the next -rc1 (the smallest version above
 * X.Y with an -rc1 tag on the line), or up to the head while that -rc1 is
 * not out.  Bulk writes (a first poll stores hundreds of thousands of
 * commits) reuse prepared statements inside one transaction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "lib/buf.h"
#include "lib/log.h"

#define DB_TREE_EVENTS 20           /* events per branch shown in the tree list */
#define DB_RELEASE_MAX 1000000      /* largest major/minor/rc number accepted */
#define DB_TREES_CACHE_KIB "65536"  /* SQLite page cache while recording commits */

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

static long long db_branch_position_locked(struct db *db, long long branch_id, const char *sha)
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

/* Binds text or NULL. */
static void db_bind_str(sqlite3_stmt *st, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(st, idx, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, idx);
}

/* Steps and resets a reused statement; DB_OK or DB_ERR (logged). */
static int db_step_reset(struct db *db, sqlite3_stmt *st)
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
	buf_free(&sql);
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
			db_fail(cause, "a commit of the first-parent line from %.40s to %.40s "
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
		return db_fail(cause, "out of memory");
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		free(tx);
		return db_fail(cause, "database busy");
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
		return db_fail(cause, "cannot store the new commits of the branch");
	return DB_OK;
}

int db_branch_yield(struct db_branch_tx *tx, char **cause)
{
	struct db *db = tx->db;
	int rc = db_end(db, DB_OK);

	db_yield(db);
	if (db_begin(db) < 0) {
		tx->open = 0;
		return db_fail(cause, "database busy");
	}
	if (rc != DB_OK)
		return db_fail(cause, "cannot store the new commits of the branch");
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
		db_fail(cause, "cannot store the new commits of the branch");
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
		return db_fail(cause, "database busy");
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
		return db_fail(cause, "cannot move the new commits to the settled level of the "
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

int db_tags_record(struct db *db, json_t **changed, long long tree_id,
		   const struct db_tag *tags, size_t n)
{
	sqlite3_stmt *st = NULL;
	long long now = db_now();
	int rc = DB_OK;

	*changed = json_array();
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
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
			json_array_append_new(*changed, json_pack("{s:s, s:s, s:s}", "name",
								  tags[i].name, "sha", tags[i].sha,
								  "kind", kind));
	}
	sqlite3_finalize(st);
	rc = db_end(db, rc);
	db_unlock(db);
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

json_t *db_branch_marks(struct db *db, long long tree_id, long long branch_id)
{
	json_t *rows;

	db_read_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT t.name, t.kind, t.major, t.minor, t.rc, bc.position FROM tags t "
		"JOIN commits c ON c.tree_id = t.tree_id "
		" AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ? "
		"WHERE t.tree_id = ? AND t.kind IN ('release', 'rc') "
		"ORDER BY bc.position, t.major, t.minor, t.rc", "II", branch_id, tree_id));
	db_read_unlock(db);
	return rows;
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

json_t *db_trees_status(struct db *db)
{
	json_t *trees, *tree, *branches, *b;
	size_t i, j;

	db_read_lock(db);
	trees = db_rows(db, db_prepk(db,
		"SELECT id, name, url, created_at, polled_at, fetched_at, last_error, error_count, "
		" next_poll_at, policy AS policy_json, candidates_dropped, "
		" (SELECT count(*) FROM commits c WHERE c.level = 1 AND c.tree_id = trees.id) + "
		" (SELECT count(*) FROM commits c WHERE c.level = 0 AND c.tree_id = trees.id) "
		" AS commits, "
		" (SELECT count(*) FROM tags t WHERE t.tree_id = trees.id) AS tags "
		"FROM trees ORDER BY name", ""));
	json_array_foreach(trees, i, tree) {
		long long id = json_integer_value(json_object_get(tree, "id"));

		branches = db_rows(db, db_prepk(db,
			"SELECT id, name, state, tip_sha AS tip, length, polled_at, updated_at, "
			" last_error FROM branches WHERE tree_id = ? ORDER BY id", "I", id));
		json_array_foreach(branches, j, b)
			json_object_set_new(b, "events", db_rows(db, db_prepk(db,
				"SELECT id, at, kind, old_sha, new_sha, message FROM branch_events "
				"WHERE branch_id = ? ORDER BY id DESC LIMIT ?", "Ii",
				json_integer_value(json_object_get(b, "id")), DB_TREE_EVENTS)));
		json_object_set_new(tree, "branches", branches ? branches : json_array());
	}
	db_read_unlock(db);
	return trees;
}

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
		db_fail(cause, "tree '%.128s' is not watched", tree);
		return DB_NOTFOUND;
	}
	*branch_id = db_scalar(branch ?
		db_prep(db, "SELECT id FROM branches WHERE tree_id = ? AND name = ?", "Is",
			*tree_id, branch) :
		db_prep(db, "SELECT id FROM branches WHERE tree_id = ? "
			"ORDER BY state = 'missing', id LIMIT 1", "I", *tree_id), 0);
	if (!*branch_id) {
		db_fail(cause, "tree '%.128s' does not follow branch '%.128s'", tree,
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
		db_fail(cause, "tree '%.128s' follows branch '%.128s', which does not exist in "
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
		db_fail(cause, "'%.128s' is not a release tag of the form vX.Y", release);
		return DB_INVALID;
	}
	*from = db_scalar(db_prepk(db,
		"SELECT bc.position FROM tags t JOIN commits c ON c.tree_id = t.tree_id "
		"AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id "
		"AND bc.branch_id = ? WHERE t.tree_id = ? AND t.name = ?", "IIs",
		branch_id, tree_id, release), -1);
	if (*from < 0) {
		db_fail(cause, "release %.128s is not tagged on the first-parent line of this branch",
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
	"c.trailers AS trailers_json, c.merged_tip, c.brought, c.merge_subsystem, c.merge_source "

int db_tree_commits(struct db *db, json_t **out, const char *tree, const char *branch,
		    const char *window, int limit, int offset, char **cause)
{
	long long tree_id, branch_id, from = -1, to = -1;
	char rc1[64];
	int rc;

	*out = NULL;
	db_read_lock(db);
	rc = db_tree_branch_locked(db, &tree_id, &branch_id, tree, branch, cause);
	if (rc == DB_OK && window)
		rc = db_window_locked(db, &from, &to, rc1, tree_id, branch_id, window, cause);
	if (rc == DB_OK) {
		*out = db_rows(db, db_prepk(db, "SELECT " DB_COMMIT_COLUMNS
			"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
			"WHERE bc.branch_id = ?1 AND (?2 < 0 OR (bc.position > ?2 AND bc.position <= ?3)) "
			"ORDER BY bc.position DESC LIMIT ?4 OFFSET ?5", "IIIii",
			branch_id, window ? from : -1LL, to, limit, offset));
		rc = *out ? DB_OK : DB_ERR;
	}
	db_read_unlock(db);
	return rc;
}

/* The window of release name as db_tree_windows lists it, or NULL when
 * the name is no release on the line.  Caller holds the lock. */
static json_t *db_window_json_locked(struct db *db, long long tree_id, long long branch_id,
				     const char *name)
{
	long long from, to;
	char rc1[64];

	if (db_window_locked(db, &from, &to, rc1, tree_id, branch_id, name, NULL) != DB_OK)
		return NULL;
	return json_pack("{s:s, s:s?, s:s, s:I, s:I, s:I, s:I}",
		"release", name, "closed_by", rc1[0] ? rc1 : NULL,
		"state", rc1[0] ? "closed" : "open", "from_position", from,
		"to_position", to, "commits", to - from,
		"merges", db_scalar(db_prepk(db, "SELECT count(*) FROM branch_commits bc "
			"JOIN commits c ON c.id = bc.commit_id WHERE bc.branch_id = ? "
			"AND bc.position > ? AND bc.position <= ? AND c.merged_tip IS NOT NULL",
			"III", branch_id, from, to), 0));
}

int db_tree_windows(struct db *db, json_t **out, const char *tree, const char *branch,
		    char **cause)
{
	long long tree_id, branch_id;
	json_t *releases = NULL, *windows, *r, *w;
	size_t i;
	int rc;

	*out = NULL;
	db_read_lock(db);
	rc = db_tree_branch_locked(db, &tree_id, &branch_id, tree, branch, cause);
	if (rc == DB_OK)
		releases = db_rows(db, db_prepk(db,
			"SELECT t.name, t.kind, t.major, t.minor, t.rc, t.commit_sha, bc.position "
			"FROM tags t LEFT JOIN commits c ON c.tree_id = t.tree_id "
			" AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
			"LEFT JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ? "
			"WHERE t.tree_id = ? AND t.kind IN ('release', 'rc') "
			"ORDER BY t.major, t.minor, t.kind = 'release' DESC, t.rc", "II",
			branch_id, tree_id));
	if (rc == DB_OK && !releases)
		rc = DB_ERR;
	windows = json_array();
	json_array_foreach(rc == DB_OK ? releases : NULL, i, r) {
		const char *name = json_string_value(json_object_get(r, "name"));

		if (strcmp(json_string_value(json_object_get(r, "kind")), "release") ||
		    json_is_null(json_object_get(r, "position")) ||
		    !(w = db_window_json_locked(db, tree_id, branch_id, name)))
			continue;
		json_array_append_new(windows, w);
	}
	db_read_unlock(db);
	if (rc == DB_OK)
		*out = json_pack("{s:s, s:o, s:o}", "tree", tree, "releases", releases,
				 "windows", windows);
	else {
		json_decref(releases);
		json_decref(windows);
	}
	return rc;
}

int db_tree_window_merges(struct db *db, json_t **out, const char *tree, const char *branch,
			  const char *release, char **cause)
{
	long long tree_id, branch_id, from, to;
	json_t *merges = NULL;
	char rc1[64];
	int rc;

	*out = NULL;
	db_read_lock(db);
	rc = db_tree_branch_locked(db, &tree_id, &branch_id, tree, branch, cause);
	if (rc == DB_OK)
		rc = db_window_locked(db, &from, &to, rc1, tree_id, branch_id, release, cause);
	if (rc == DB_OK) {
		merges = db_rows(db, db_prepk(db, "SELECT " DB_COMMIT_COLUMNS
			"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
			"WHERE bc.branch_id = ? AND bc.position > ? AND bc.position <= ? "
			"AND c.merged_tip IS NOT NULL ORDER BY bc.position", "III",
			branch_id, from, to));
		rc = merges ? DB_OK : DB_ERR;
	}
	db_read_unlock(db);
	if (rc == DB_OK)
		*out = json_pack("{s:s, s:s, s:s?, s:s, s:I, s:I, s:o}", "tree", tree,
				 "release", release, "closed_by", rc1[0] ? rc1 : NULL,
				 "state", rc1[0] ? "closed" : "open", "from_position", from,
				 "to_position", to, "merges", merges);
	return rc;
}
