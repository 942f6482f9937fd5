// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_place.c - where a change lies (db_change_place, lib/rec_place.h):
 * the tree and branch of its series as the analyzer orders it, its last
 * good and first bad commits on that branch's line, the first-parent
 * merges between them (any of which may have brought it) with the bench
 * jobs that measured each, and the merge window holding the first bad
 * commit.  The change page, the change's title and summary and GET
 * /api/v1/changes/ID show it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_pages.h"
#include "db/db_internal.h"

void db_commit_jobs_locked(struct db *db, long long *jobs, long long *pending,
			   const char *sha)
{
	*jobs = db_scalar(db_prepk(db, "SELECT count(DISTINCT job_id) FROM samples "
				   "WHERE commit_sha = ?", "s", sha), 0);
	*pending = db_scalar(db_prepk(db, "SELECT count(*) FROM jobs WHERE kind = 'bench' "
				      "AND commit_sha = ? AND state IN ('queued', 'running')", "s",
				      sha), 0);
}

/* A commit of tree_id by sha with its position on branch_id (REC_NONE
 * when off its line), subject, time and whether it is a merge into *out;
 * NULL when unknown (or memory is out).  Caller holds the lock. */
static int place_commit_locked(struct db *db, struct rec_place_commit **out, long long tree_id,
			       long long branch_id, const char *sha)
{
	struct rec_place_commit *c;
	sqlite3_stmt *st;
	int lost = 0;

	*out = NULL;
	if (!sha)
		return DB_OK;
	st = db_prepk(db,
		"SELECT c.sha, bc.position, c.subject, c.author_name, c.commit_time, "
		" c.merged_tip IS NOT NULL FROM commits c "
		"LEFT JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ?1 "
		"WHERE " DB_LEVELS("c") " AND c.sha = ?2 AND c.tree_id = ?3 "
		"ORDER BY bc.position IS NULL LIMIT 1", "IsI", branch_id, sha, tree_id);
	if (st && sqlite3_step(st) == SQLITE_ROW && (c = calloc(1, sizeof *c))) {
		lost |= db_column_copy(&c->sha, st, 0);
		c->position = db_column_measure(st, 1);
		lost |= db_column_copy(&c->subject, st, 2);
		lost |= db_column_copy(&c->author, st, 3);
		c->time = db_column_measure(st, 4);
		c->merge = sqlite3_column_int(st, 5);
		c->brought = REC_NONE;
		*out = c;
	}
	db_done(st);
	return st && !lost ? DB_OK : DB_ERR;
}

/* The window of branch_id holding position pos into p's release,
 * closed_by and state (release NULL: none).  Caller holds the lock. */
static int place_window_locked(struct db *db, struct rec_place *p, long long tree_id,
			       long long branch_id, long long pos)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT t.name FROM tags t JOIN commits c ON c.tree_id = t.tree_id "
		"AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ?1 "
		"WHERE t.tree_id = ?2 AND t.kind = 'release' AND bc.position < ?3 "
		"ORDER BY bc.position DESC LIMIT 1", "III", branch_id, tree_id, pos);
	char name[64], rc1[64];
	long long from, to;
	int found = st && sqlite3_step(st) == SQLITE_ROW;

	if (found)
		db_column_text(name, sizeof name, st, 0);
	db_done(st);
	if (!st)
		return DB_ERR;
	if (!found || db_window_locked(db, &from, &to, rc1, tree_id, branch_id, name, NULL) !=
	    DB_OK || pos <= from || pos > to)
		return DB_OK;
	p->release = strdup(name);
	p->closed_by = rc1[0] ? strdup(rc1) : NULL;
	p->state = strdup(rc1[0] ? "closed" : "open");
	return p->release && (!rc1[0] || p->closed_by) && p->state ? DB_OK : DB_ERR;
}

/* A row of the candidate merges into the rec_place_commit at rec
 * (db_rows_into). */
static int place_merge_row(sqlite3_stmt *st, void *rec)
{
	struct rec_place_commit *m = rec;
	int lost = 0;

	memset(m, 0, sizeof *m);
	m->position = sqlite3_column_int64(st, 0);
	lost |= db_column_copy(&m->sha, st, 1);
	lost |= db_column_copy(&m->subject, st, 2);
	m->time = db_column_measure(st, 3);
	lost |= db_column_copy(&m->merge_subsystem, st, 4);
	lost |= db_column_copy(&m->merge_source, st, 5);
	m->brought = db_column_measure(st, 6);
	m->merge = 1;
	if (lost || !m->sha) {
		rec_place_commit_dispose(m);
		return -1;
	}
	return 0;
}

/* The merges of branch_id in (lo, bad], their count, their jobs and the
 * window holding bad into p.  Caller holds the lock. */
static int place_merges_locked(struct db *db, struct rec_place *p, long long tree_id,
			       long long branch_id, long long lo, long long bad)
{
	int rc;

	p->on_line = 1;
	p->merges = calloc(DB_PLACE_MERGES + 1, sizeof *p->merges);
	if (!p->merges)
		return DB_ERR;
	rc = db_rows_into(db_prepk(db,
		"SELECT bc.position, c.sha, c.subject, c.commit_time, c.merge_subsystem, "
		" c.merge_source, c.brought "
		"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
		"WHERE bc.branch_id = ? AND bc.position > ? AND bc.position <= ? "
		"AND c.merged_tip IS NOT NULL ORDER BY bc.position LIMIT ?", "IIIi",
		branch_id, lo, bad, DB_PLACE_MERGES), p->merges, sizeof *p->merges,
		DB_PLACE_MERGES, &p->nmerges, place_merge_row);
	p->merges_total = db_scalar(db_prepk(db,
		"SELECT count(*) FROM branch_commits bc JOIN commits c ON c.id = "
		"bc.commit_id WHERE bc.branch_id = ? AND bc.position > ? AND "
		"bc.position <= ? AND c.merged_tip IS NOT NULL", "III", branch_id, lo, bad), 0);
	for (size_t i = 0; i < p->nmerges; i++)
		db_commit_jobs_locked(db, &p->merges[i].jobs, &p->merges[i].pending,
				      p->merges[i].sha);
	if (rc == DB_OK)
		rc = place_window_locked(db, p, tree_id, branch_id, bad);
	return rc;
}

/* The tree and branch of branch_id into p (none when it is not known);
 * *tree_id gets the tree (0: none).  Caller holds the lock. */
static int place_names_locked(struct db *db, struct rec_place *p, long long *tree_id,
			      long long branch_id)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT t.id, t.name, b.name FROM branches b "
				    "JOIN trees t ON t.id = b.tree_id WHERE b.id = ?", "I",
				    branch_id);
	int lost = 0;

	*tree_id = 0;
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		*tree_id = sqlite3_column_int64(st, 0);
		lost |= db_column_copy(&p->tree, st, 1);
		lost |= db_column_copy(&p->branch, st, 2);
	}
	db_done(st);
	return st && !lost ? DB_OK : DB_ERR;
}

int db_change_place(struct db *db, struct rec_place *out, long long change_id)
{
	long long series_id = 0, branch_id, tree_id = 0;
	char *good_sha = NULL, *bad_sha = NULL;
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT series_id, good_sha, bad_sha FROM changes WHERE id = ?", "I",
		      change_id);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		series_id = sqlite3_column_int64(st, 0);
		rc = db_column_copy(&good_sha, st, 1) | db_column_copy(&bad_sha, st, 2) ?
		     DB_ERR : DB_OK;
	}
	db_done(st);
	if (rc == DB_OK) {
		branch_id = db_series_branch_locked(db, series_id);
		rc = place_names_locked(db, out, &tree_id, branch_id);
		if (rc == DB_OK)
			rc = place_commit_locked(db, &out->good, tree_id, branch_id, good_sha);
		if (rc == DB_OK)
			rc = place_commit_locked(db, &out->bad, tree_id, branch_id, bad_sha);
		if (rc == DB_OK && out->bad && out->bad->position != REC_NONE)
			rc = place_merges_locked(db, out, tree_id, branch_id,
				out->good && out->good->position != REC_NONE ?
				out->good->position : -1, out->bad->position);
	}
	db_read_unlock(db);
	free(good_sha);
	free(bad_sha);
	if (rc != DB_OK)
		rec_place_dispose(out);
	return rc;
}
