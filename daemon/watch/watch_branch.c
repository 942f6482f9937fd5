// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_branch.c - the poll of one followed branch of a fetched mirror:
 * the walk of what is new (watch_walk.c), the first-parent line from the
 * new tip down to a commit already on the branch's line (a fast-forward,
 * or a forced update from its fork point), what each merge of the line
 * brought, the store (watch_store.c), and the branch's candidates.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <git2.h>

#include "daemon/watch/watch.h"
#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/keyset.h"
#include "lib/log.h"
#include "lib/mono.h"

/*
 * Follows first parents from the new tip down to a commit already on the
 * branch's line.  Fills line (oldest first) and *base (the position the
 * line grows from, -1: none); *forced when the old tip was not reached.
 */
static int watch_line(struct watch_node ***line_out, size_t *nline, long long *base,
		      int *forced, struct watch_set *s, git_odb *odb, struct db_branch_tx *tx,
		      long long branch_id, const git_oid *new_tip, const git_oid *old_tip,
		      long long old_len, char **cause)
{
	struct watch_node **line = NULL, *c;
	size_t n = 0, cap = 0;
	git_oid cur;
	long long pos;

	git_oid_cpy(&cur, new_tip);
	*forced = old_tip != NULL;
	*base = -1;
	for (;;) {
		if (old_tip && git_oid_equal(&cur, old_tip)) {
			*base = old_len - 1;
			*forced = 0;
			break;
		}
		c = watch_set_get(s, &cur);
		if (!c || !c->in_walk) {
			/* an ancestor of the old tip: on the line already? */
			if (old_tip && db_branch_tx_position(tx, &pos, branch_id,
							     git_oid_tostr_s(&cur)) == DB_OK) {
				*base = pos;
				break;
			}
			if (!c && !(c = watch_set_add(s, odb, &cur, 0, cause)))
				goto fail;
		}
		if (n == cap) {
			struct watch_node **v = realloc(line, (cap ? cap * 2 : 256) * sizeof *v);

			if (!v)
				goto fail;
			line = v;
			cap = cap ? cap * 2 : 256;
		}
		line[n++] = c;
		if (!c->nparents)
			break;
		git_oid_cpy(&cur, &c->parents[0]);
	}
	/* reverse: oldest first */
	for (size_t i = 0; i < n / 2; i++) {
		struct watch_node *x = line[i];

		line[i] = line[n - 1 - i];
		line[n - 1 - i] = x;
	}
	*line_out = line;
	*nline = n;
	return 0;
fail:
	free(line);
	if (!*cause)
		fail_cause(cause, "out of memory following the first-parent line");
	return -1;
}

/*
 * What each merge of the line brought: the commits reachable from its
 * other parents, and from no older line commit.  Line commits are visited
 * oldest first, so a commit is owned by the first merge that reaches it;
 * the whole pass is linear in the commits read.
 */
static int watch_brought(struct watch_set *s, struct watch_node **line, size_t nline)
{
	size_t *stack = NULL, top = 0, cap = 0;

	for (size_t i = 0; i < nline; i++)
		line[i]->owner = (size_t)(line[i] - s->v) + 1;
	for (size_t i = 0; i < nline; i++) {
		struct watch_node *m = line[i];
		size_t owner = (size_t)(m - s->v) + 1;
		long long count = 0;

		if (m->nparents < 2)
			continue;
		git_oid_tostr(m->merged_tip, sizeof m->merged_tip, &m->parents[1]);
		for (unsigned p = 1; p < m->nparents; p++) {
			struct watch_node *c = watch_set_get(s, &m->parents[p]);

			if (!c || c->owner || !c->in_walk)
				continue;
			c->owner = owner;
			if (top == cap) {
				size_t *v = realloc(stack, (cap ? cap * 2 : 256) * sizeof *v);

				if (!v)
					goto oom;
				stack = v;
				cap = cap ? cap * 2 : 256;
			}
			stack[top++] = (size_t)(c - s->v);
			while (top) {
				struct watch_node *x = &s->v[stack[--top]];

				count++;
				for (unsigned q = 0; q < x->nparents; q++) {
					struct watch_node *y = watch_set_get(s, &x->parents[q]);

					if (!y || y->owner || !y->in_walk)
						continue;
					y->owner = owner;
					if (top == cap) {
						size_t *v = realloc(stack, cap * 2 * sizeof *v);

						if (!v)
							goto oom;
						stack = v;
						cap *= 2;
					}
					stack[top++] = (size_t)(y - s->v);
				}
			}
		}
		m->brought = count;
		watch_merge_subject(&m->subsystem, &m->source, m->subject);
	}
	free(stack);
	return 0;
oom:
	free(stack);
	return -1;
}

/* Polls one branch of a fetched mirror. */
int watch_branch(struct watcher *watcher, struct watch_tree *t, git_repository *repo,
		 const char *branch, int exists, char **cause)
{
	char tip[DB_SHA_LEN + 1], state[16], ref[GIT_OID_HEXSZ + 256], msg[WATCH_ERROR_LEN];
	struct watch_set s = { 0 };
	struct watch_walk w = { .s = &s, .known = &t->known, .db = watcher->db,
				.yield_ms = watcher->yield_ms, .tree_id = t->id,
				.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };
	struct watch_node **line = NULL;
	git_odb *odb = NULL;
	git_oid new_oid, old_oid;
	long long branch_id, len, base;
	int have_old, forced, rc = -1;
	size_t nline = 0, walked = 0, fresh = 0;
	double t0, t1, t2, t3;

	if (db_branch_get(watcher->db, &branch_id, tip, &len, state, t->id, branch) != DB_OK) {
		fail_cause(cause, "branch %s has no row in the database", branch);
		return -1;
	}
	if (!exists) {
		snprintf(msg, sizeof msg, tip[0] ?
			 "branch '%s' was deleted from %s; its history stays" :
			 "branch '%s' does not exist in %s", branch, t->url);
		if (strcmp(state, tip[0] ? "deleted" : "missing"))
			log_warn("tree %s: %s", t->name, msg);
		db_branch_set_state(watcher->db, branch_id, tip[0] ? "deleted" : "missing", msg);
		return 0;
	}
	snprintf(ref, sizeof ref, "refs/heads/%s", branch);
	if (git_reference_name_to_id(&new_oid, repo, ref) < 0) {
		watch_git_error(cause, "the fetched branch is missing from the mirror");
		return -1;
	}
	have_old = tip[0] && git_oid_fromstr(&old_oid, tip) == 0;
	if (have_old && git_oid_equal(&old_oid, &new_oid)) {
		db_branch_set_state(watcher->db, branch_id, "active", NULL);
		return 0;
	}
	/* the first poll of the tree since kpcid started learns what is stored */
	if (!t->known_loaded) {
		if (db_tree_shas(watcher->db, t->id, watch_known_cb, &t->known) != DB_OK) {
			fail_cause(cause, "cannot read the stored commits of the tree");
			return -1;
		}
		t->known_loaded = 1;
	}
	t0 = mono_now();
	if (git_repository_odb(&odb, repo) < 0) {
		watch_git_error(cause, "cannot walk the new commits");
		goto out;
	}
	w.odb = odb;
	w.threads = 1;
	s.packs = watch_packs(repo);
	if (watch_walk_run(&w, &new_oid, 1) < 0) {
		fail_cause(cause, "%s", w.walk_cause ? w.walk_cause : "the walk failed");
		goto out;
	}
	if (watch_tx_open(&w, cause) < 0)
		goto out;
	t1 = mono_now();
	/* a store thread waits now: the transaction is this thread's to look in */
	if (watch_edge(&w, repo, w.tx, branch_id, have_old ? &old_oid : NULL, cause) < 0)
		goto out;
	for (size_t i = 0; i < s.n; i++)
		walked += s.v[i].in_walk;
	if (watch_line(&line, &nline, &base, &forced, &s, odb, w.tx, branch_id, &new_oid,
		       have_old ? &old_oid : NULL, len, cause) < 0 ||
	    watch_brought(&s, line, nline) < 0)
		goto out;
	t2 = mono_now();
	if (watch_finish(&w, branch_id, have_old ? tip : NULL, git_oid_tostr_s(&new_oid),
			 forced, base, line, nline, cause) < 0)
		goto out;
	for (size_t i = 0; i < s.n; i++) {       /* all of them are stored now */
		int added = keyset_add(&t->known, watch_key(&s.v[i].oid));

		if (added < 0) {
			/* the set would miss stored commits: learn it again */
			keyset_dispose(&t->known);
			t->known_loaded = 0;
			break;
		}
		fresh += s.v[i].in_walk && added;
	}
	t3 = mono_now();
	watcher->last.walk_ms = (t1 - t0) * 1e3;
	watcher->last.line_ms = (t2 - t1) * 1e3;
	watcher->last.store_ms = (t3 - t2) * 1e3;
	watcher->last.read = s.n;
	watcher->last.packed = s.packed;
	watcher->last.yields = w.yields;
	if (forced)
		log_warn("tree %s: branch %s was force-updated %.12s -> %.12s; the line after "
			 "position %lld was replaced", t->name, branch, tip,
			 git_oid_tostr_s(&new_oid), base);
	/* new to the branch: what new ^old holds; new to the tree: those the
	 * tree's set of stored commits did not hold (another branch of the
	 * tree may have stored the rest) */
	log_info("tree %s: branch %s at %.12s: %zu new commit%s (%zu new to the tree), "
		 "%zu on the first-parent line (walk %.0f ms, line %.0f ms, store %.0f ms)",
		 t->name, branch, git_oid_tostr_s(&new_oid), walked, walked == 1 ? "" : "s",
		 fresh, nline, watcher->last.walk_ms, watcher->last.line_ms, watcher->last.store_ms);
	watch_branch_candidates(watcher, t, branch, branch_id, &s, line, nline, base);
	rc = 0;
out:
	if (rc < 0 && t->known_loaded) {
		/* the set decides which commits are fresh: after a failure,
		 * which an out-of-date set could cause, it is learnt again */
		keyset_dispose(&t->known);
		t->known_loaded = 0;
	}
	if (w.begun == 1 || w.tx) {
		char *ignored = NULL;

		watch_tx_end(&w, NULL, &ignored);
		free(ignored);
	}
	free(w.cause);
	free(w.walk_cause);
	git_odb_free(odb);
	free(line);
	free(w.edge);
	free(w.stack);
	free(w.q);
	pthread_mutex_destroy(&w.mu);
	pthread_cond_destroy(&w.cv);
	watch_set_dispose(&s);
	return rc;
}
