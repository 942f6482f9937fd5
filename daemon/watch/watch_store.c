// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_store.c - the poll's transaction: begun by a store thread that
 * stores the rows of a long walk as the walk hands them over (yielding
 * the database every yield_ms of the watcher), or on the poll's thread after a
 * short walk; finished with the rest of the commits and the new stretch
 * of the branch's line, or rolled back.  See watch_walk.c.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/mono.h"

/*
 * Stores rows in slices of WATCH_STORE_SLICE, yielding the database after
 * a slice once it has been held for w->yield_ms (the walk may have
 * queued many rows while the store was busy); DB_OK, or an error with
 * cause.
 */
static int watch_store_rows(struct watch_walk *w, struct db_branch_tx *tx,
			    const struct db_commit *rows, size_t n, long long *held, char **cause)
{
	for (size_t i = 0; i < n; i += WATCH_STORE_SLICE) {
		size_t k = n - i < WATCH_STORE_SLICE ? n - i : WATCH_STORE_SLICE;

		if (db_branch_add(tx, rows + i, k, cause) != DB_OK)
			return DB_ERR;
		if (mono_ms() - *held >= w->yield_ms) {
			if (db_branch_yield(tx, cause) != DB_OK)
				return DB_ERR;
			*held = mono_ms();
			w->yields++;
		}
	}
	return DB_OK;
}

/*
 * The store thread: opens the poll's transaction, stores the rows the
 * walk hands over as they come, then waits while the poll's thread looks
 * inside the transaction (the walk's edge, the line) and finishes or
 * rolls it back as told.  The transaction is begun and ended on this
 * thread, which holds the database's lock in between; commits are read
 * and freed on the poll's thread alone.
 */
static void *watch_store_main(void *arg)
{
	struct watch_walk *w = arg;
	struct db_branch_tx *tx = NULL;
	char *cause = NULL;
	int begun = db_branch_begin(w->db, &tx, w->tree_id, &cause) == DB_OK, failed = 0;
	long long held;                 /* when the database was last yielded */

	pthread_mutex_lock(&w->mu);
	w->tx = tx;
	w->begun = begun ? 1 : -1;
	w->cause = cause;
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	if (!begun)
		return NULL;
	held = mono_ms();
	for (;;) {
		struct db_commit *rows;
		size_t n;
		int last;

		pthread_mutex_lock(&w->mu);
		while (!w->nq && !w->walked)
			pthread_cond_wait(&w->cv, &w->mu);
		rows = w->q;
		n = w->nq;
		w->q = NULL;
		w->nq = w->capq = 0;
		last = w->walked;
		pthread_mutex_unlock(&w->mu);
		if (!failed && watch_store_rows(w, tx, rows, n, &held, &cause) != DB_OK)
			failed = 1;
		free(rows);
		if (last)
			break;
	}
	pthread_mutex_lock(&w->mu);
	w->failed = failed;
	w->cause = cause;
	w->drained = 1;
	pthread_cond_broadcast(&w->cv);
	while (!w->u && !w->abort)
		pthread_cond_wait(&w->cv, &w->mu);
	pthread_mutex_unlock(&w->mu);
	cause = NULL;
	if (w->u && !failed) {
		struct db_line_update rest = *w->u;
		int rc = DB_OK;

		if (w->yields && rest.ncommits) {
			/* a poll long enough to have yielded: its merges, then a
			 * yield, before the line is rewritten */
			rc = watch_store_rows(w, tx, rest.commits, rest.ncommits, &held, &cause);
			if (rc == DB_OK)
				rc = db_branch_yield(tx, &cause);
			w->yields++;
			rest.commits = NULL;
			rest.ncommits = 0;
		}
		if (rc == DB_OK) {
			w->result = db_branch_finish(tx, &rest, &cause);
		} else {
			db_branch_abort(tx);
			w->result = DB_ERR;
		}
	} else {
		db_branch_abort(tx);
		w->result = DB_ERR;
	}
	if (cause) {
		free(w->cause);
		w->cause = cause;
	}
	return NULL;
}

/* Starts the store thread and waits for its transaction; -1 with *cause. */
int watch_store_start(struct watch_walk *w, char **cause)
{
	if (pthread_create(&w->thread, NULL, watch_store_main, w) != 0) {
		fail_cause(cause, "cannot start the thread that stores the commits");
		return -1;
	}
	pthread_mutex_lock(&w->mu);
	while (!w->begun)
		pthread_cond_wait(&w->cv, &w->mu);
	pthread_mutex_unlock(&w->mu);
	if (w->begun < 0) {
		pthread_join(w->thread, NULL);
		fail_cause(cause, "%s", w->cause ? w->cause : "cannot store the commits");
		return -1;
	}
	w->handover = 1;
	return 0;
}

/* Ends the walk's handover and waits until the store has stored every
 * row; 0, or -1 with *cause (the store failed). */
static int watch_store_drain(struct watch_walk *w, char **cause)
{
	int failed;

	pthread_mutex_lock(&w->mu);
	w->walked = 1;
	pthread_cond_broadcast(&w->cv);
	while (!w->drained)
		pthread_cond_wait(&w->cv, &w->mu);
	failed = w->failed;
	pthread_mutex_unlock(&w->mu);
	w->handover = 0;
	if (failed)
		fail_cause(cause, "%s", w->cause ? w->cause : "cannot store the commits");
	return failed ? -1 : 0;
}

/* Tells the store to finish with u (NULL: roll back) and waits for it;
 * DB_OK, or an error with *cause set. */
static int watch_store_end(struct watch_walk *w, const struct db_line_update *u, char **cause)
{
	pthread_mutex_lock(&w->mu);
	w->walked = 1;
	if (u)
		w->u = u;
	else
		w->abort = 1;
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
	w->handover = 0;
	w->begun = 0;
	w->tx = NULL;
	if (u && w->result != DB_OK)
		fail_cause(cause, "%s", w->cause ? w->cause : "cannot store the commits");
	return u ? w->result : DB_ERR;
}

/* Makes the poll's transaction ready for this thread: the store
 * thread's once it has stored every row, or, after a short walk, one
 * begun here.  0, or -1 with *cause. */
int watch_tx_open(struct watch_walk *w, char **cause)
{
	if (w->begun == 1)
		return watch_store_drain(w, cause);
	if (db_branch_begin(w->db, &w->tx, w->tree_id, cause) != DB_OK) {
		if (!*cause)
			fail_cause(cause, "cannot store the commits");
		return -1;
	}
	return 0;
}

/* Ends the poll's transaction: finishes it with u, or (u NULL) rolls it
 * back; DB_OK, or an error with *cause set.  A no-op when none is open. */
int watch_tx_end(struct watch_walk *w, const struct db_line_update *u, char **cause)
{
	struct db_branch_tx *tx = w->tx;
	int rc;

	if (w->begun == 1)
		return watch_store_end(w, u, cause);
	w->tx = NULL;
	if (!tx)
		return DB_ERR;
	if (!u) {
		db_branch_abort(tx);
		return DB_ERR;
	}
	rc = db_branch_finish(tx, u, cause);
	if (rc != DB_OK && !*cause)
		fail_cause(cause, "cannot store the commits");
	return rc;
}

/* Has the store thread store the rest of the commits and the new stretch
 * of the line, and commit the poll's transaction; 0, or -1 with *cause. */
int watch_finish(struct watch_walk *w, long long branch_id,
		 const char *old_tip, const char *new_tip, int forced, long long base,
		 struct watch_node **line, size_t nline, char **cause)
{
	const struct watch_set *s = w->s;
	struct db_commit *commits = calloc(s->n ? s->n : 1, sizeof *commits);
	const char **shas = calloc(nline ? nline : 1, sizeof *shas);
	struct db_line_update u = {
		.branch_id = branch_id, .old_tip = old_tip, .new_tip = new_tip,
		.forced = forced, .base_position = base, .commits = commits, .line = shas,
		.nline = nline,
	};
	int rc;

	if (!commits || !shas) {
		free(commits);
		free(shas);
		watch_tx_end(w, NULL, cause);
		fail_cause(cause, "out of memory storing the commits");
		return -1;
	}
	for (size_t i = 0; i < s->n; i++)
		if (!s->v[i].added)
			commits[u.ncommits++] = watch_row(w->known, &s->v[i]);
	for (size_t i = 0; i < nline; i++)
		shas[i] = line[i]->sha;
	rc = watch_tx_end(w, &u, cause);
	free(commits);
	free(shas);
	return rc == DB_OK ? 0 : -1;
}
