// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch.c - the tree watcher: its thread, the poll of one tree, and the
 * watcher's public side (daemon/watch/watch.h).  The files of
 * daemon/watch/ are the only ones of the daemon that include git2.h; each
 * holds one concern of a poll, and they share watch_internal.h:
 *
 *   watch_tree.c        the [tree] sections, checked and copied
 *   watch_fetch.c       the mirror and its fetch (watch_stream.c: its sockets)
 *   watch_tags.c        the tags: releases, release candidates, others
 *   watch_branch.c      one branch: first-parent line, what each merge brought
 *   watch_walk.c        the walk of what is new to the tree; watch_commit.c
 *                       reads each commit into the poll's watch_set.c
 *   watch_merge.c       merge subjects: subsystem and source
 *   watch_store.c       the store thread and the poll's transaction
 *   watch_candidates.c  build candidates by the tree's policy
 *   watch_upkeep.c      settling the sha index, repacking the mirror
 *
 * One thread polls the trees in turn.  A poll of a tree:
 *   1. lists the remote's branches, fetches the followed ones that exist
 *      and all tags into DATA_DIR/mirrors/NAME.git (progress in the log);
 *   2. records the tags (release vX.Y, candidate vX.Y-rcN, other);
 *   3. for each followed branch whose tip moved, reads what new tip ^old
 *      tip holds (only what is new; the walk below, storing alongside),
 *      follows first parents from the new tip down to a commit already on
 *      the branch's line (the old tip for a fast-forward, the fork point
 *      for a forced update), counts what each merge brought, and stores
 *      it all in one transaction;
 *   4. queues build candidates by the tree's policy;
 *   5. after the poll has answered (watch_upkeep), moves the commits it
 *      stored to the settled level of the database's sha index, and when
 *      the fetches have left more than WATCH_PACKS_MAX packs in the
 *      mirror, repacks it with `git repack --geometric`.
 * An error fails the tree's poll (earlier data stays) and schedules a retry
 * after retry_min, doubling up to retry_max; other trees go on.  See
 * docs/watch.md.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <git2.h>
#include <jansson.h>

#include "daemon/config.h"
#include "daemon/watch/watch.h"
#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/log.h"
#include "lib/mono.h"

/*
 * libgit2's process-wide settings for the watcher.  Objects read from a
 * mirror are not hashed again on every read (git does not either): the
 * fetch's indexer verified each received object, and a missing or
 * undecompressable object still fails the poll.  Hashing every commit a
 * second time cost a fifth of a large poll.
 */
void watch_git_options(void)
{
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
}

/* libgit2's last error as one sentence. */
int watch_git_error(char **cause, const char *what)
{
	const git_error *e = git_error_last();

	return fail_cause(cause, "%s: %s", what, e && e->message ? e->message : "unknown error");
}

/* --- one poll ------------------------------------------------------------ */

/* Polls tree t: fetch, tags, branches, candidates; records the outcome. */
void watch_poll_tree(struct watcher *watcher, struct watch_tree *t)
{
	char *err = NULL, why[WATCH_ERROR_LEN];
	git_repository *repo = NULL;
	struct rec_tags changed = { 0 };
	int *exists = calloc(t->nbranches ? t->nbranches : 1, sizeof *exists);
	int errors = 0, failed = -1;
	long long delay;
	size_t i;

	if (!exists) {
		fail_cause(&err, "out of memory");
		goto done;
	}
	if (watch_mirror_open(&repo, t, &err) < 0 ||
	    watch_fetch(watcher, repo, t, exists, &err) < 0 ||
	    watch_tags(watcher, &changed, repo, t, &err) < 0)
		goto done;
	failed = 0;
	for (i = 0; i < t->nbranches; i++) {
		char *berr = NULL;

		if (watch_branch(watcher, t, repo, t->branches[i], exists[i], &berr) < 0) {
			/* keep going with the other branches, fail the poll */
			if (!failed)
				fail_cause(&err, "branch %s: %s", t->branches[i],
					   berr ? berr : "failed");
			failed = 1;
		}
		free(berr);
	}
	if (t->fetched_before && t->cand_tags) {
		for (i = 0; i < changed.n; i++) {
			char reason[WATCH_MAX_SUBSYSTEM + 16];

			snprintf(reason, sizeof reason, "tag %.*s", WATCH_MAX_SUBSYSTEM,
				 changed.v[i].name);
			watch_candidate(watcher, t, NULL, changed.v[i].sha, reason, 3);
		}
	}
done:
	if (!failed)
		t->fetched_before = 1;
	git_repository_free(repo);
	rec_tags_dispose(&changed);
	free(exists);
	/* what is logged and stored: at most WATCH_ERROR_LEN bytes */
	snprintf(why, sizeof why, "%s", err ? err : "the poll failed");
	free(err);
	if (failed) {
		t->errors++;
		delay = t->retry_min << (t->errors - 1 < WATCH_MAX_BACKOFF_SHIFT ? t->errors - 1 :
					 WATCH_MAX_BACKOFF_SHIFT);
		if (delay > t->retry_max)
			delay = t->retry_max;
		log_error("tree %s: poll failed (%d in a row, next try in %lld s): %s", t->name,
			  t->errors, delay, why);
	} else {
		t->errors = 0;
		delay = t->poll_interval;
	}
	t->next_poll = mono_ms() / 1000 + delay;
	db_tree_poll_done(watcher->db, &errors, t->id, failed ? why : NULL,
			  (long long)time(NULL) + delay);
}

/* --- the thread ------------------------------------------------------------ */

static void *watch_main(void *arg)
{
	struct watcher *watcher = arg;

	pthread_mutex_lock(&watcher->mu);
	while (!watcher->stop) {
		struct watch_tree *due = NULL;
		long long now = mono_ms() / 1000;
		struct timespec until;
		unsigned long serving;

		for (size_t i = 0; i < watcher->ntrees && !due; i++)       /* asked for first */
			if (watcher->trees[i].want > watcher->trees[i].done)
				due = &watcher->trees[i];
		for (size_t i = 0; i < watcher->ntrees && !due; i++)
			if (now >= watcher->trees[i].next_poll)
				due = &watcher->trees[i];
		if (!due) {
			mono_deadline(&until, WATCH_TICK_MS);
			pthread_cond_timedwait(&watcher->cv, &watcher->mu, &until);
			continue;
		}
		serving = due->want;
		pthread_mutex_unlock(&watcher->mu);
		watch_poll_tree(watcher, due);
		pthread_mutex_lock(&watcher->mu);
		due->done = serving;
		pthread_cond_broadcast(&watcher->cv);
		/* after the poll is reported done: `kpci poll` does not wait for it */
		pthread_mutex_unlock(&watcher->mu);
		watch_upkeep(watcher, due);
		pthread_mutex_lock(&watcher->mu);
	}
	pthread_mutex_unlock(&watcher->mu);
	return NULL;
}

/* A watcher of no tree, not running; NULL when out of memory. */
static struct watcher *watch_new(struct db *db)
{
	struct watcher *watcher = calloc(1, sizeof *watcher);
	pthread_condattr_t attr;

	if (!watcher)
		return NULL;
	watcher->db = db;
	watcher->yield_ms = WATCH_YIELD_MS;
	pthread_mutex_init(&watcher->mu, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&watcher->cv, &attr);
	pthread_condattr_destroy(&attr);
	return watcher;
}

int watch_start(struct watcher **out, struct db *db, const struct config *cfg, char **cause)
{
	struct watcher *watcher = watch_new(db);
	char *dir = NULL;
	size_t n = 0;

	*out = NULL;
	*cause = NULL;
	if (!watcher) {
		fail_cause(cause, "out of memory starting the watcher");
		return -1;
	}
	for (const struct config_tree *c = cfg->trees; c; c = c->next)
		n++;
	if (!n) {
		*out = watcher;         /* nothing to watch: no thread */
		return 0;
	}
	git_libgit2_init();
	watch_git_options();
	if (watch_stream_register(&watcher->stop) < 0) {
		fail_cause(cause, "cannot set up libgit2's sockets: %s",
			   git_error_last() ? git_error_last()->message : "unknown error");
		git_libgit2_shutdown();
		watch_free(watcher);
		return -1;
	}
	watcher->trees = calloc(n, sizeof *watcher->trees);
	if (!watcher->trees || asprintf(&dir, "%s/mirrors", cfg->data_dir) < 0) {
		dir = NULL;
		goto fail;
	}
	if (fs_mkdirs(dir) < 0) {
		fail_cause(cause, "cannot create %s: %s", dir, strerror(errno));
		goto fail;
	}
	for (const struct config_tree *c = cfg->trees; c; c = c->next) {
		struct watch_tree *t = &watcher->trees[watcher->ntrees];

		if (watch_tree_init(watcher, t, c, cfg->data_dir, cause) < 0) {
			watch_tree_dispose(t);
			goto fail;
		}
		t->fetched_before = watch_fetched_before(watcher, t->id);
		watcher->ntrees++;
	}
	if (pthread_create(&watcher->thread, NULL, watch_main, watcher) != 0) {
		fail_cause(cause, "cannot start the watcher thread");
		goto fail;
	}
	watcher->running = 1;
	free(dir);
	log_info("watching %zu trees (mirrors in %s/mirrors)", watcher->ntrees, cfg->data_dir);
	*out = watcher;
	return 0;
fail:
	free(dir);
	watch_stream_unregister();
	git_libgit2_shutdown();
	watch_free(watcher);
	if (!*cause)
		fail_cause(cause, "cannot start the watcher");
	return -1;
}

void watch_stop(struct watcher *w)
{
	if (!w || !w->running)
		return;
	pthread_mutex_lock(&w->mu);
	__atomic_store_n(&w->stop, 1, __ATOMIC_RELAXED);
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
	pthread_mutex_lock(&w->mu);
	w->running = 0;
	pthread_mutex_unlock(&w->mu);
	watch_stream_unregister();
	git_libgit2_shutdown();
}

void watch_free(struct watcher *w)
{
	if (!w)
		return;
	watch_stop(w);
	for (size_t i = 0; i < w->ntrees; i++)
		watch_tree_dispose(&w->trees[i]);
	free(w->trees);
	pthread_cond_destroy(&w->cv);
	pthread_mutex_destroy(&w->mu);
	free(w);
}

int watch_poll_now(struct watcher *w, const char *tree, int timeout_s, char **cause)
{
	struct watch_tree *t = NULL;
	struct timespec until;
	unsigned long target;
	int rc = -1;

	*cause = NULL;
	if (w)
		pthread_mutex_lock(&w->mu);
	for (size_t i = 0; w && w->running && i < w->ntrees; i++)
		if (!strcmp(w->trees[i].name, tree))
			t = &w->trees[i];
	if (!t) {
		fail_cause(cause, "tree '%.128s' is not watched", tree);
		goto out;
	}
	target = ++t->want;
	pthread_cond_broadcast(&w->cv);
	mono_deadline(&until, timeout_s * 1000LL);
	while (t->done < target && !w->stop)
		if (pthread_cond_timedwait(&w->cv, &w->mu, &until) == ETIMEDOUT)
			break;
	if (t->done >= target)
		rc = 0;
	else
		fail_cause(cause, "the poll of tree %s did not finish within %d s", tree,
			   timeout_s);
out:
	if (w)
		pthread_mutex_unlock(&w->mu);
	return rc;
}
