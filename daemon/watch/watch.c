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
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fs.h"
#include "lib/log.h"

/* The watcher's state: one instance, which the thread and
 * watch_poll_now share under mu. */
struct watcher watch = { .mu = PTHREAD_MUTEX_INITIALIZER, .yield_ms = WATCH_YIELD_MS };

long long watch_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long long watch_mono(void)
{
	return watch_mono_ms() / 1000;
}

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
void watch_git_error(char *out, size_t n, const char *what)
{
	const git_error *e = git_error_last();

	snprintf(out, n, "%s: %s", what, e && e->message ? e->message : "unknown error");
}

/* --- one poll ------------------------------------------------------------ */

/* Polls tree t: fetch, tags, branches, candidates; records the outcome. */
void watch_poll_tree(struct watch_tree *t)
{
	char err[WATCH_ERROR_LEN] = "";
	git_repository *repo = NULL;
	json_t *changed = NULL, *tag;
	int *exists = calloc(t->nbranches ? t->nbranches : 1, sizeof *exists);
	int errors = 0, failed = -1;
	long long delay;
	size_t i;

	if (!exists) {
		snprintf(err, sizeof err, "out of memory");
		goto done;
	}
	if (watch_mirror_open(&repo, t, err, sizeof err) < 0 ||
	    watch_fetch(repo, t, exists, err, sizeof err) < 0 ||
	    watch_tags(&changed, repo, t, err, sizeof err) < 0)
		goto done;
	failed = 0;
	for (i = 0; i < t->nbranches; i++) {
		char berr[WATCH_ERROR_LEN] = "";

		if (watch_branch(t, repo, t->branches[i], exists[i], berr, sizeof berr) < 0) {
			/* keep going with the other branches, fail the poll */
			if (!failed)
				snprintf(err, sizeof err, "branch %s: %s", t->branches[i], berr);
			failed = 1;
		}
	}
	if (t->fetched_before && t->cand_tags) {
		json_array_foreach(changed, i, tag) {
			char reason[WATCH_MAX_SUBSYSTEM + 16];

			snprintf(reason, sizeof reason, "tag %.*s", WATCH_MAX_SUBSYSTEM,
				 json_string_value(json_object_get(tag, "name")));
			watch_candidate(t, NULL, json_string_value(json_object_get(tag, "sha")),
					reason, 3);
		}
	}
done:
	if (!failed)
		t->fetched_before = 1;
	git_repository_free(repo);
	json_decref(changed);
	free(exists);
	if (failed) {
		t->errors++;
		delay = t->retry_min << (t->errors - 1 < WATCH_MAX_BACKOFF_SHIFT ? t->errors - 1 :
					 WATCH_MAX_BACKOFF_SHIFT);
		if (delay > t->retry_max)
			delay = t->retry_max;
		log_error("tree %s: poll failed (%d in a row, next try in %lld s): %s", t->name,
			  t->errors, delay, err);
	} else {
		t->errors = 0;
		delay = t->poll_interval;
	}
	t->next_poll = watch_mono() + delay;
	db_tree_poll_done(watch.k->db, &errors, t->id, failed ? err : NULL,
			  (long long)time(NULL) + delay);
}

/* --- the thread ------------------------------------------------------------ */

static void *watch_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&watch.mu);
	while (!watch.stop) {
		struct watch_tree *due = NULL;
		long long now = watch_mono();
		struct timespec until;
		unsigned long serving;

		for (size_t i = 0; i < watch.ntrees && !due; i++)   /* asked for first */
			if (watch.trees[i].want > watch.trees[i].done)
				due = &watch.trees[i];
		for (size_t i = 0; i < watch.ntrees && !due; i++)
			if (now >= watch.trees[i].next_poll)
				due = &watch.trees[i];
		if (!due) {
			clock_gettime(CLOCK_MONOTONIC, &until);
			until.tv_nsec += WATCH_TICK_MS * 1000000L;
			until.tv_sec += until.tv_nsec / 1000000000L;
			until.tv_nsec %= 1000000000L;
			pthread_cond_timedwait(&watch.cv, &watch.mu, &until);
			continue;
		}
		serving = due->want;
		pthread_mutex_unlock(&watch.mu);
		watch_poll_tree(due);
		pthread_mutex_lock(&watch.mu);
		due->done = serving;
		pthread_cond_broadcast(&watch.cv);
		/* after the poll is reported done: `kpci poll` does not wait for it */
		pthread_mutex_unlock(&watch.mu);
		watch_upkeep(due);
		pthread_mutex_lock(&watch.mu);
	}
	pthread_mutex_unlock(&watch.mu);
	return NULL;
}

int watch_start(struct kpcid *k, char **cause)
{
	pthread_condattr_t attr;
	char *dir = NULL;
	size_t n = 0;

	*cause = NULL;
	if (watch.running)
		return 0;
	for (const struct config_tree *c = k->cfg.trees; c; c = c->next)
		n++;
	watch.k = k;
	watch.stop = 0;
	if (!n)
		return 0;               /* nothing to watch: no thread */
	git_libgit2_init();
	watch_git_options();
	if (watch_stream_register(&watch.stop) < 0) {
		if (asprintf(cause, "cannot set up libgit2's sockets: %s",
			     git_error_last() ? git_error_last()->message : "unknown error") < 0)
			*cause = NULL;
		git_libgit2_shutdown();
		return -1;
	}
	watch.trees = calloc(n, sizeof *watch.trees);
	if (!watch.trees || asprintf(&dir, "%s/mirrors", k->cfg.data_dir) < 0) {
		dir = NULL;
		goto fail;
	}
	if (fs_mkdirs(dir) < 0) {
		if (asprintf(cause, "cannot create %s: %s", dir, strerror(errno)) < 0)
			*cause = NULL;
		goto fail;
	}
	for (const struct config_tree *c = k->cfg.trees; c; c = c->next) {
		struct watch_tree *t = &watch.trees[watch.ntrees];

		if (watch_tree_init(t, c, k->cfg.data_dir, cause) < 0) {
			watch_tree_free(t);
			goto fail;
		}
		t->fetched_before = watch_fetched_before(t->id);
		watch.ntrees++;
	}
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&watch.cv, &attr);
	pthread_condattr_destroy(&attr);
	if (pthread_create(&watch.thread, NULL, watch_main, NULL) != 0) {
		pthread_cond_destroy(&watch.cv);
		if (asprintf(cause, "cannot start the watcher thread") < 0)
			*cause = NULL;
		goto fail;
	}
	watch.running = 1;
	free(dir);
	log_info("watching %zu trees (mirrors in %s/mirrors)", watch.ntrees, k->cfg.data_dir);
	return 0;
fail:
	free(dir);
	for (size_t i = 0; i < watch.ntrees; i++)
		watch_tree_free(&watch.trees[i]);
	free(watch.trees);
	watch.trees = NULL;
	watch.ntrees = 0;
	git_libgit2_shutdown();
	if (!*cause && asprintf(cause, "cannot start the watcher") < 0)
		*cause = NULL;
	return -1;
}

void watch_stop(struct kpcid *k)
{
	(void)k;
	if (!watch.running)
		return;
	pthread_mutex_lock(&watch.mu);
	__atomic_store_n(&watch.stop, 1, __ATOMIC_RELAXED);
	pthread_cond_broadcast(&watch.cv);
	pthread_mutex_unlock(&watch.mu);
	pthread_join(watch.thread, NULL);
	pthread_mutex_lock(&watch.mu);
	watch.running = 0;
	for (size_t i = 0; i < watch.ntrees; i++)
		watch_tree_free(&watch.trees[i]);
	free(watch.trees);
	watch.trees = NULL;
	watch.ntrees = 0;
	pthread_mutex_unlock(&watch.mu);
	pthread_cond_destroy(&watch.cv);
	git_libgit2_shutdown();
}

int watch_poll_now(const char *tree, int timeout_s, char **cause)
{
	struct watch_tree *t = NULL;
	struct timespec until;
	unsigned long target;
	int rc = -1;

	*cause = NULL;
	pthread_mutex_lock(&watch.mu);
	for (size_t i = 0; watch.running && i < watch.ntrees; i++)
		if (!strcmp(watch.trees[i].name, tree))
			t = &watch.trees[i];
	if (!t) {
		if (asprintf(cause, "tree '%.128s' is not watched", tree) < 0)
			*cause = NULL;
		goto out;
	}
	target = ++t->want;
	pthread_cond_broadcast(&watch.cv);
	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += timeout_s;
	while (t->done < target && !watch.stop)
		if (pthread_cond_timedwait(&watch.cv, &watch.mu, &until) == ETIMEDOUT)
			break;
	if (t->done >= target)
		rc = 0;
	else if (asprintf(cause, "the poll of tree %s did not finish within %d s", tree,
			  timeout_s) < 0)
		*cause = NULL;
out:
	pthread_mutex_unlock(&watch.mu);
	return rc;
}
