// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_tree_status.c - the tree record (lib/rec.h) read from trees,
 * branches and branch_events: the list of watched trees, and a tree's
 * status (poll state, counts, branches with their recent events) as GET
 * /api/v1/trees[/NAME], the tree page and the watcher read it.  What the
 * watcher writes about trees is db_trees.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db_trees.h"
#include "db/db_internal.h"
#include "lib/log.h"

#define DB_TREE_EVENTS 20           /* events per branch in a tree's status */

/* A row of "trees", and the status a tree's row has besides. */
#define DB_TREE_COLUMNS "id, name, url, created_at "
#define DB_TREE_STATUS_COLUMNS DB_TREE_COLUMNS \
	", polled_at, fetched_at, last_error, error_count, next_poll_at, policy, " \
	"candidates_dropped, " \
	"(SELECT count(*) FROM commits c WHERE c.level = 1 AND c.tree_id = trees.id) + " \
	"(SELECT count(*) FROM commits c WHERE c.level = 0 AND c.tree_id = trees.id) " \
	"AS commits, (SELECT count(*) FROM tags t WHERE t.tree_id = trees.id) AS tags "

/* A row of DB_TREE_COLUMNS into the rec_tree at rec (db_rows_into). */
static int db_tree_row(sqlite3_stmt *st, void *rec)
{
	struct rec_tree *t = rec;

	memset(t, 0, sizeof *t);
	t->id = sqlite3_column_int64(st, 0);
	t->name = db_column_dup(st, 1);
	t->url = db_column_dup(st, 2);
	t->created_at = sqlite3_column_int64(st, 3);
	if (!t->name || !t->url) {
		rec_tree_dispose(t);
		return -1;
	}
	return 0;
}

/* Column i, a tree's policy as stored (rec_tree_policy_encode's JSON
 * text), into *out: 0, or -1 when it is not such a policy or memory is
 * out. */
static int db_column_policy(struct rec_tree_policy *out, sqlite3_stmt *st, int i)
{
	const char *text = (const char *)sqlite3_column_text(st, i);
	json_t *j = text ? json_loads(text, 0, NULL) : NULL;
	char *cause = NULL;
	int rc = rec_tree_policy_decode(out, j, "policy.", &cause);

	if (rc < 0)
		log_error("db: tree %lld: %s", (long long)sqlite3_column_int64(st, 0), cause);
	free(cause);
	json_decref(j);
	return rc;
}

/* A row of DB_TREE_STATUS_COLUMNS into the rec_tree at rec, status 1 and
 * its branches still empty. */
static int db_tree_status_row(sqlite3_stmt *st, void *rec)
{
	struct rec_tree *t = rec;
	int lost;

	if (db_tree_row(st, t) < 0)
		return -1;
	t->status = 1;
	t->polled_at = sqlite3_column_int64(st, 4);
	t->fetched_at = sqlite3_column_int64(st, 5);
	lost = db_column_copy(&t->last_error, st, 6);
	t->error_count = sqlite3_column_int64(st, 7);
	t->next_poll_at = sqlite3_column_int64(st, 8);
	lost |= db_column_policy(&t->policy, st, 9);
	t->candidates_dropped = sqlite3_column_int64(st, 10);
	t->commits = sqlite3_column_int64(st, 11);
	t->tags = sqlite3_column_int64(st, 12);
	if (lost) {
		rec_tree_dispose(t);
		return -1;
	}
	return 0;
}

/* A row of branch_events into the rec_branch_event at rec. */
static int db_branch_event_row(sqlite3_stmt *st, void *rec)
{
	struct rec_branch_event *e = rec;
	int lost = 0;

	memset(e, 0, sizeof *e);
	e->id = sqlite3_column_int64(st, 0);
	e->at = sqlite3_column_int64(st, 1);
	lost |= db_column_copy(&e->kind, st, 2);
	lost |= db_column_copy(&e->old_sha, st, 3);
	lost |= db_column_copy(&e->new_sha, st, 4);
	lost |= db_column_copy(&e->message, st, 5);
	if (lost || !e->kind) {
		rec_branch_event_dispose(e);
		return -1;
	}
	return 0;
}

/* A row of branches into the rec_branch at rec, its events still empty. */
static int db_branch_row(sqlite3_stmt *st, void *rec)
{
	struct rec_branch *b = rec;
	int lost = 0;

	memset(b, 0, sizeof *b);
	b->id = sqlite3_column_int64(st, 0);
	b->name = db_column_dup(st, 1);
	b->state = db_column_dup(st, 2);
	lost |= db_column_copy(&b->tip, st, 3);
	b->length = sqlite3_column_int64(st, 4);
	b->polled_at = sqlite3_column_int64(st, 5);
	b->updated_at = sqlite3_column_int64(st, 6);
	lost |= db_column_copy(&b->last_error, st, 7);
	if (lost || !b->name || !b->state) {
		rec_branch_dispose(b);
		return -1;
	}
	return 0;
}

/* The branches of t, each with its newest events.  Caller reads. */
static int db_tree_branches(struct db *db, struct rec_tree *t)
{
	long long n = db_scalar(db_prepk(db, "SELECT count(*) FROM branches WHERE tree_id = ?",
					 "I", t->id), -1);
	int rc;

	t->branches = n >= 0 ? calloc((size_t)n + 1, sizeof *t->branches) : NULL;
	if (!t->branches)
		return DB_ERR;
	rc = db_rows_into(db_prepk(db, "SELECT id, name, state, tip_sha, length, polled_at, "
				   "updated_at, last_error FROM branches WHERE tree_id = ? "
				   "ORDER BY id", "I", t->id),
			  t->branches, sizeof *t->branches, (size_t)n, &t->nbranches,
			  db_branch_row);
	for (size_t i = 0; rc == DB_OK && i < t->nbranches; i++) {
		struct rec_branch *b = &t->branches[i];

		b->events = calloc(DB_TREE_EVENTS + 1, sizeof *b->events);
		rc = !b->events ? DB_ERR :
		     db_rows_into(db_prepk(db, "SELECT id, at, kind, old_sha, new_sha, message "
					   "FROM branch_events WHERE branch_id = ? "
					   "ORDER BY id DESC LIMIT ?", "Ii", b->id, DB_TREE_EVENTS),
				  b->events, sizeof *b->events, DB_TREE_EVENTS, &b->nevents,
				  db_branch_event_row);
	}
	return rc;
}

/* The trees (only the one named name, unless NULL) by name into *out:
 * with status, or only DB_TREE_COLUMNS. */
static int db_trees_read(struct db *db, struct rec_trees *out, const char *name, int status)
{
	long long n;
	int rc = DB_ERR;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	n = db_scalar(db_prepk(db, "SELECT count(*) FROM trees WHERE ?1 IS NULL OR name = ?1",
			       "s", name), -1);
	out->v = n >= 0 ? calloc((size_t)n + 1, sizeof *out->v) : NULL;
	if (out->v && status)
		rc = db_rows_into(db_prepk(db, "SELECT " DB_TREE_STATUS_COLUMNS "FROM trees "
					   "WHERE ?1 IS NULL OR name = ?1 ORDER BY name", "s", name),
				  out->v, sizeof *out->v, (size_t)n, &out->n, db_tree_status_row);
	else if (out->v)
		rc = db_rows_into(db_prepk(db, "SELECT " DB_TREE_COLUMNS "FROM trees "
					   "WHERE ?1 IS NULL OR name = ?1 ORDER BY name", "s", name),
				  out->v, sizeof *out->v, (size_t)n, &out->n, db_tree_row);
	for (size_t i = 0; status && rc == DB_OK && i < out->n; i++)
		rc = db_tree_branches(db, &out->v[i]);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_trees_dispose(out);
	return rc;
}

int db_trees_list(struct db *db, struct rec_trees *out)
{
	return db_trees_read(db, out, NULL, 0);
}

int db_trees_status(struct db *db, struct rec_trees *out)
{
	return db_trees_read(db, out, NULL, 1);
}

int db_tree_get(struct db *db, struct rec_tree *out, const char *name)
{
	struct rec_trees l;
	int rc = db_trees_read(db, &l, name, 1);

	memset(out, 0, sizeof *out);
	if (rc == DB_OK && !l.n)
		rc = DB_NOTFOUND;
	if (rc == DB_OK) {
		*out = l.v[0];
		memset(&l.v[0], 0, sizeof l.v[0]);
	}
	rec_trees_dispose(&l);
	return rc;
}
