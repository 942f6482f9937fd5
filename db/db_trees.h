/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_trees.h - watched trees: commits, branches, first-parent lines,
 * tags, windows and merges.  One family of db/db.h, which includes them
 * all; each file of db/ includes the family it implements.
 */
#ifndef KPCI_DB_TREES_H
#define KPCI_DB_TREES_H

#include "db/db_core.h"
#include "lib/rec_tree.h"
#include "lib/rec_window.h"

/* --- watched trees (db/db_trees.c, db/db_lines.c) ----------------- */
#define DB_SHA_LEN 40               /* hex digits of a git object id */

/* One commit as the watcher read it.  Strings are borrowed. */
struct db_commit {
	const char *sha;
	const char *parents;            /* space-separated shas */
	const char *author_name, *author_email;
	long long author_time;
	const char *committer_name, *committer_email;
	long long commit_time;
	const char *subject;
	const char *trailers;           /* JSON text [[key, value], ...]; NULL: [] */
	const char *merged_tip;         /* merges: the second parent, else NULL */
	long long brought;              /* merges: commits brought, else -1 */
	const char *merge_subsystem, *merge_source;
	int fresh;                      /* the caller knows its tree holds no commit
					 * with this sha: stored without looking it
					 * up (if wrong, it is stored twice until
					 * db_commits_settle merges the two) */
};

/* What one poll of one branch found.  line holds the shas of the new
 * first-parent stretch, oldest first, to be placed after base_position
 * (-1: the whole line is replaced); positions after base_position go. */
struct db_line_update {
	long long branch_id;
	const char *old_tip;            /* NULL: first poll of the branch */
	const char *new_tip;
	int forced;                     /* new tip does not descend from old */
	long long base_position;
	const struct db_commit *commits;
	size_t ncommits;
	const char *const *line;
	size_t nline;
};

struct db_tag {
	const char *name;
	const char *sha;                /* the commit the tag peels to */
};

/* 0 when tag is vX.Y (*rc = 0) or vX.Y-rcN (*rc = N); -1 otherwise. */
int db_release_parse(const char *tag, int *major, int *minor, int *rc);
/* 1 when tag reads as meant for a release or candidate (v, digits, a
 * dot, digits, then its end or "-rc"), whether or not it parses:
 * v6.13-rc0 and v06.1 do, v6.12.1 and next-20241122 do not. */
int db_release_like(const char *tag);
/* Records tree name (url, policy) and creates rows for its followed
 * branches (existing rows keep their history).  *tree_id is the row. */
int db_tree_sync(struct db *db, long long *tree_id, const char *name, const char *url,
		 const json_t *policy, const char *const *branches, size_t nbranches);
/* The branch's id, tip ("" before the first poll), line length and state. */
int db_branch_get(struct db *db, long long *branch_id, char tip[DB_SHA_LEN + 1],
		  long long *length, char state[16], long long tree_id, const char *branch);
/* Position of sha on the branch's first-parent line; DB_NOTFOUND if not on it. */
int db_branch_position(struct db *db, long long *pos, long long branch_id, const char *sha);
/*
 * A poll's record of one branch, all or nothing between yields, in steps
 * so that commits can be stored while they are still being read: db_branch_begin takes
 * the connection (its lock) and opens the transaction; db_branch_add
 * stores commits (any number of calls); db_branch_yield commits the
 * commits stored so far and lets other threads use db before it begins
 * again (a long poll keeps no one waiting for long; commits stored
 * without their line are what a poll's walk treats as stored elsewhere,
 * so a poll that fails after a yield is completed by the next);
 * db_branch_tx_position looks inside it; db_branch_finish stores u (its
 * commits too, rewrites the line after base_position, moves the tip,
 * records a forced update as a branch_events row), commits and gives
 * the connection back; db_branch_abort rolls back to the last yield.
 * Begin, yield and finish/abort must run on the same thread; in
 * between, only these calls on this tx, from one thread at a time, may
 * use db, and other threads' calls wait.
 */
struct db_branch_tx;
int db_branch_begin(struct db *db, struct db_branch_tx **tx, long long tree_id, char **cause);
int db_branch_add(struct db_branch_tx *tx, const struct db_commit *commits, size_t n,
		  char **cause);
int db_branch_yield(struct db_branch_tx *tx, char **cause);
int db_branch_tx_position(struct db_branch_tx *tx, long long *pos, long long branch_id,
			  const char *sha);
int db_branch_finish(struct db_branch_tx *tx, const struct db_line_update *u, char **cause);
void db_branch_abort(struct db_branch_tx *tx);
/*
 * Moves at most max commits of tree_id from level 0 of the sha index,
 * where polls store them, to level 1 (migration 0010), in one
 * transaction; *moved gets how many moved (0: none is left).  The
 * watcher calls it after a poll has answered, so that the next poll's
 * inserts meet a small level 0 whatever the history's length.  A commit
 * stored at level 0 as fresh while level 1 held its sha (a caller that was
 * wrong) is merged into the one at level 1 first; *united gets how many
 * were.  DB_OK, or DB_ERR with cause.
 */
int db_commits_settle(struct db *db, long long tree_id, long long max, long long *moved,
		      long long *united, char **cause);
/* Calls each with the sha of every commit stored for the tree; DB_ERR when
 * each returns < 0 or the database fails. */
int db_tree_shas(struct db *db, long long tree_id, int (*each)(void *arg, const char *sha),
		 void *arg);
/* Marks a branch missing or deleted (an event on the first change), or
 * active again; the history stays. */
int db_branch_set_state(struct db *db, long long branch_id, const char *state,
			const char *message);
/* Upserts tags; *changed (caller disposes; empty on error) lists those
 * new or moved, kind "release", "rc" or "other". */
int db_tags_record(struct db *db, struct rec_tags *changed, long long tree_id,
		   const struct db_tag *tags, size_t n);
/* Ends a poll: error NULL clears the error state; otherwise counts it
 * (*error_count is the new count) and records an event on each branch
 * when the error is new. */
int db_tree_poll_done(struct db *db, int *error_count, long long tree_id, const char *error,
		      long long next_poll_at);
/* Release and rc tags on the branch's line, ordered by position, into
 * *out (no commit_sha; caller disposes). */
int db_branch_marks(struct db *db, struct rec_releases *out, long long tree_id,
		    long long branch_id);
/* Queues a build job with spec (tree, commit, config...) unless the same
 * (tree, commit, config) build exists (*queued = 0) or max_queued builds
 * of the tree are queued (DB_CONFLICT, counted as dropped). */
int db_build_candidate(struct db *db, int *queued, long long tree_id, const json_t *spec,
		       int priority, int max_queued);
/* *due = 1 (and the head marked queued at `at`) when the branch's head was
 * not a candidate in the last every_s seconds. */
int db_branch_head_queued(struct db *db, int *due, long long branch_id, long long at,
			  long long every_s);
/* The watched trees by name with their status: poll state, counts,
 * branches and each branch's recent events (status 1; caller disposes). */
int db_trees_status(struct db *db, struct rec_trees *out);
/* Tree name with its status into *out (caller disposes); DB_NOTFOUND
 * when it is not watched. */
int db_tree_get(struct db *db, struct rec_tree *out, const char *name);
/* Commits of a branch (NULL: the first followed that the remote has) in
 * first-parent order, newest first, optionally only those of the merge
 * window of release `window`.  DB_NOTFOUND / DB_INVALID with one sentence
 * in *cause (also for a branch named that the remote never had).  Into
 * *out, at most limit (caller disposes). */
int db_tree_commits(struct db *db, struct rec_commits *out, const char *tree,
		    const char *branch, const char *window, int limit, int offset, char **cause);
/* Releases, release candidates and merge windows of a tree's branch
 * (NULL: the first followed) into *out (caller disposes).  DB_NOTFOUND /
 * DB_INVALID with one sentence in *cause, as db_tree_commits. */
int db_tree_windows(struct db *db, struct rec_tree_windows *out, const char *tree,
		    const char *branch, char **cause);
/* The first-parent merges that entered the branch in release's window,
 * into *out (caller disposes); DB_NOTFOUND / DB_INVALID with *cause. */
int db_tree_window_merges(struct db *db, struct rec_window_merges *out, const char *tree,
			  const char *branch, const char *release, char **cause);

/* The watched trees by name into *out (status 0: id, name, url,
 * created_at; caller disposes). */
int db_trees_list(struct db *db, struct rec_trees *out);

#endif
