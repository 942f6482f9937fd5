// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_walk.c - the walk of a poll: the commits new to the tree.
 *
 * A poll reads the commits that are new to the tree: from the new tip
 * down every parent, stopping at commits the tree has stored (t->known,
 * a resident set of their first 8 bytes, filled from the database once
 * and kept by each poll).  The walk runs on the poll's thread.  Once it
 * has read WATCH_WALK_THREAD commits, a store thread (watch_store.c)
 * opens the poll's transaction and stores each row the walk hands over
 * as it comes: reading and storing overlap.  A merge's row waits for the
 * end of the walk, when what it brought is known.  A shorter walk opens
 * the transaction on the poll's thread afterwards.  The store thread
 * commits what it has stored every WATCH_YIELD_MS and begins again
 * (db_branch_yield), so that a long first import does not keep the
 * database from everyone else; a poll that fails after that has left
 * stored commits without their line, which the next poll's walk meets
 * as an edge and walks on from.
 *
 * The result is the same as walking new ^old: the walk's edge (the known
 * commits it met) is checked afterwards (watch_edge).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/gitpack.h"
#include "lib/keyset.h"

/* A commit id's key in a tree's known set. */
uint64_t watch_key(const git_oid *oid)
{
	uint64_t k;

	memcpy(&k, oid->id, sizeof k);
	return k;
}

/* A commit's row for the database (borrows the node's strings).  Fresh
 * when the set of the tree's stored commits does not hold it: then the
 * database stores it without looking its sha up (db_commit). */
struct db_commit watch_row(const struct keyset *known, const struct watch_node *c)
{
	return (struct db_commit){
		.fresh = !keyset_has(known, watch_key(&c->oid)),
		.sha = c->sha, .parents = c->parents_text, .author_name = c->author_name,
		.author_email = c->author_email, .author_time = c->author_time,
		.committer_name = c->committer_name, .committer_email = c->committer_email,
		.commit_time = c->commit_time, .subject = c->subject, .trailers = c->trailers,
		.merged_tip = c->merged_tip[0] ? c->merged_tip : NULL, .brought = c->brought,
		.merge_subsystem = c->subsystem, .merge_source = c->source,
	};
}

/* Hands the walk's batch to the queue. */
static int watch_walk_flush(struct watch_walk *w)
{
	int rc = 0;

	if (!w->nbatch)
		return 0;
	pthread_mutex_lock(&w->mu);
	if (w->nq + w->nbatch > w->capq) {
		size_t cap = (w->nq + w->nbatch) * 2;
		struct db_commit *q = realloc(w->q, cap * sizeof *q);

		if (q) {
			w->q = q;
			w->capq = cap;
		}
	}
	if (w->nq + w->nbatch <= w->capq) {
		memcpy(w->q + w->nq, w->batch, w->nbatch * sizeof *w->batch);
		w->nq += w->nbatch;
		pthread_cond_signal(&w->cv);
	} else {
		rc = -1;
	}
	pthread_mutex_unlock(&w->mu);
	w->nbatch = 0;
	return rc;
}

/* Queues the rows of the commits read and not queued yet (not merges). */
static int watch_walk_hand(struct watch_walk *w, size_t from)
{
	for (size_t i = from; i < w->s->n; i++) {
		struct watch_node *c = &w->s->v[i];

		if (c->added || c->nparents > 1 || !c->in_walk)
			continue;
		c->added = 1;
		w->batch[w->nbatch++] = watch_row(w->known, c);
		if (w->nbatch == WATCH_WALK_BATCH && watch_walk_flush(w) < 0)
			return -1;
	}
	return 0;
}

/* The packs of the mirror and of what it borrows; NULL when out of
 * memory, and then libgit2 reads every commit. */
struct gitpack *watch_packs(git_repository *repo)
{
	struct gitpack *gp = NULL;
	char *objects = NULL;

	if (asprintf(&objects, "%sobjects", git_repository_path(repo)) >= 0)
		gp = gitpack_open(objects);
	free(objects);
	return gp;
}

/* Reads oid into the set as new and schedules its parents; -1 on error. */
static int watch_walk_read(struct watch_walk *w, const git_oid *oid)
{
	struct watch_node *c = watch_set_add(w->s, w->odb, oid, 1, &w->walk_cause);

	if (!c)
		return -1;
	if (w->top == w->capstack) {
		size_t cap = w->capstack ? w->capstack * 2 : 256, *v = realloc(w->stack,
									       cap * sizeof *v);

		if (!v)
			goto oom;
		w->stack = v;
		w->capstack = cap;
	}
	w->stack[w->top++] = (size_t)(c - w->s->v);
	if (!w->handover && w->threads && w->s->n == WATCH_WALK_THREAD) {
		/* a long walk: store what it reads alongside, from now on */
		if (watch_store_start(w, &w->walk_cause) < 0)
			return -1;
		return watch_walk_hand(w, 0) < 0 ? -1 : 0;
	}
	if (w->handover && watch_walk_hand(w, w->s->n - 1) < 0)
		goto oom;
	return 0;
oom:
	fail_cause(&w->walk_cause, "out of memory walking the new commits");
	return -1;
}

/* Walks from the starts down to known commits; 0, or -1 with w->walk_cause. */
int watch_walk_run(struct watch_walk *w, const git_oid *starts, size_t nstarts)
{
	for (size_t i = 0; i < nstarts; i++)
		if (!watch_set_get(w->s, &starts[i]) && watch_walk_read(w, &starts[i]) < 0)
			return -1;
	while (w->top) {
		size_t x = w->stack[--w->top];

		for (unsigned p = 0; p < w->s->v[x].nparents; p++) {
			git_oid parent = w->s->v[x].parents[p];   /* v moves as the set grows */

			if (watch_set_get(w->s, &parent))
				continue;
			if (keyset_has(w->known, watch_key(&parent))) {
				if (w->nedge == w->capedge) {
					size_t cap = w->capedge ? w->capedge * 2 : 64;
					git_oid *v = realloc(w->edge, cap * sizeof *v);

					if (!v) {
						fail_cause(&w->walk_cause, "out of memory");
						return -1;
					}
					w->edge = v;
					w->capedge = cap;
				}
				w->edge[w->nedge++] = parent;
				continue;
			}
			if (watch_walk_read(w, &parent) < 0)
				return -1;
		}
	}
	return watch_walk_flush(w);
}

int watch_known_cb(void *arg, const char *sha)
{
	git_oid oid;

	return git_oid_fromstrn(&oid, sha, GIT_OID_HEXSZ) < 0 ? 0 :
	       keyset_add(arg, watch_key(&oid)) < 0 ? -1 : 0;
}

static int watch_oid_cmp(const void *a, const void *b)
{
	return git_oid_cmp(a, b);
}

/*
 * Reads what the walk's edge (the known commits it met) reaches beyond
 * the old tip, as new ^old would have: nothing when every edge commit is
 * the old tip or on the branch's line, the common case.  An edge commit
 * that is another branch's (or a hit of the 8-byte set that is not
 * stored at all) is walked from with the old tip hidden.  0, or -1 with
 * *cause set.
 */
int watch_edge(struct watch_walk *w, git_repository *repo, struct db_branch_tx *tx,
	       long long branch_id, const git_oid *old_tip, char **cause)
{
	git_oid *others = w->edge, prev;        /* kept at the front of w->edge */
	size_t nothers = 0;
	git_revwalk *walk = NULL;
	git_oid oid;
	int rc = -1, e;

	if (w->nedge)
		qsort(w->edge, w->nedge, sizeof *w->edge, watch_oid_cmp);
	for (size_t i = 0; i < w->nedge; i++) {
		git_oid h = w->edge[i];
		long long pos;
		int seen = i && git_oid_equal(&h, &prev);

		prev = h;
		if (seen || (old_tip && (git_oid_equal(&h, old_tip) ||
					 db_branch_tx_position(tx, &pos, branch_id,
							       git_oid_tostr_s(&h)) == DB_OK)))
			continue;
		others[nothers++] = h;
	}
	if (nothers) {
		if (git_revwalk_new(&walk, repo) < 0)
			goto git;
		for (size_t i = 0; i < nothers; i++)
			if (git_revwalk_push(walk, &others[i]) < 0)
				goto git;
		if (old_tip && git_revwalk_hide(walk, old_tip) < 0)
			git_error_clear();      /* the old tip is gone: all they reach */
		while ((e = git_revwalk_next(&oid, walk)) == 0)
			if (!watch_set_get(w->s, &oid) &&
			    !watch_set_add(w->s, w->odb, &oid, 1, cause))
				goto out;
		if (e != GIT_ITEROVER)
			goto git;
	}
	rc = 0;
	goto out;
git:
	watch_git_error(cause, "cannot walk the new commits");
out:
	git_revwalk_free(walk);
	return rc;
}
