// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_upkeep.c - what follows a poll once it has answered: the commits
 * it stored move to the settled level of the sha index, and a mirror that
 * fetches have left in many packs is repacked with git.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/spawn.h"

/* Counts the files of the mirror's pack folder whose names match, and
 * removes them when told to; -1 when the folder cannot be read. */
int watch_pack_files(const struct watch_tree *t, int (*match)(const char *name),
		     int remove)
{
	char *dir = NULL, *path = NULL;
	struct dirent *e;
	DIR *d;
	int n = 0;

	if (asprintf(&dir, "%s/objects/pack", t->mirror) < 0)
		return -1;
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		if (!match(e->d_name))
			continue;
		n++;
		if (remove && asprintf(&path, "%s/%s", dir, e->d_name) >= 0) {
			unlink(path);
			free(path);
		}
	}
	free(dir);
	if (!d)
		return -1;
	closedir(d);
	return n;
}

static int watch_is_pack(const char *name)
{
	size_t len = strlen(name);

	return len > 5 && !strcmp(name + len - 5, ".pack");
}

/* git's temporary files: tmp_* (git pack-objects), .tmp-* (git repack) */
int watch_is_litter(const char *name)
{
	return !strncmp(name, "tmp_", 4) || !strncmp(name, ".tmp-", 5);
}

/* The pack files in the mirror of t; -1 when it cannot be read. */
int watch_pack_count(const struct watch_tree *t)
{
	return watch_pack_files(t, watch_is_pack, 0);
}

/* Removes what a repack that was stopped (git is killed) or that died
 * with kpcid left in the mirror's pack folder: git's temporary files.
 * Only the watcher's thread writes to the mirror, so none is in use. */
static void watch_repack_litter(const struct watch_tree *t)
{
	watch_pack_files(t, watch_is_litter, 1);
}

/*
 * Moves the commits that polls stored at level 0 of the sha index to
 * level 1 (db_commits_settle), so that the next poll's inserts meet a
 * small level 0: its cost follows what is new, not the history.  Slices
 * of WATCH_SETTLE_SLICE, each its own transaction, keep other writers
 * waiting no longer than a slice; kpcid's stop ends it between slices.
 * Commits left at level 0 (a failure, a stop) are found by every lookup
 * as before and moved by the next upkeep.  0, or -1 when it failed.
 */
int watch_settle(struct watcher *watcher, const struct watch_tree *t)
{
	long long moved = 0, united = 0, total = 0, t0 = mono_ms();
	char *cause = NULL;

	do {
		if (db_commits_settle(watcher->db, t->id, WATCH_SETTLE_SLICE, &moved, &united,
				      &cause) != DB_OK) {
			log_warn("tree %s: %s; the next poll tries again", t->name,
				 cause ? cause : "out of memory");
			free(cause);
			return -1;
		}
		if (united)
			log_warn("tree %s: %lld commits were stored twice and are stored once "
				 "again; the set of stored commits was out of date", t->name,
				 united);
		total += moved;
	} while (moved == WATCH_SETTLE_SLICE && !watcher->stop);
	if (total)
		log_debug("tree %s: %lld commits settled in the sha index (%lld ms)", t->name,
			  total, mono_ms() - t0);
	return 0;
}

/*
 * Keeps the mirror of t at a few packs.  libgit2 keeps the pack of each
 * fetch, and a mirror polled for months would hold thousands: every poll
 * would list them and look in each for the objects it does not find
 * first, so a poll would cost more the longer the tree has been watched.
 * Past WATCH_PACKS_MAX packs, `git repack --geometric=2 -d -l` rolls the
 * small packs into one (git reuses their compressed objects; the large
 * pack of the first fetch stays as it is while the rest are far
 * smaller), keeping objects borrowed through alternates out.  git's
 * output goes to MIRROR/kpci-repack.log.  A failure is logged and tried
 * again after WATCH_REPACK_RETRY; the poll is not failed by it.  kpcid's
 * stop stops it (git writes a pack under a temporary name, and a stopped
 * repack leaves the packs as they were; its temporary files are removed
 * then, and before each repack).  0 when nothing was needed or the
 * repack ran, -1 when it failed or was stopped.
 */
static int watch_repack(struct watcher *watcher, struct watch_tree *t)
{
	char *logpath = NULL, *gitdir = NULL, *cause = NULL;
	int before = watch_pack_count(t), after, rc = -1;
	long long t0 = mono_ms();

	if (before <= WATCH_PACKS_MAX || mono_ms() / 1000 < t->repack_after || watcher->stop)
		return 0;
	if (asprintf(&logpath, "%s/kpci-repack.log", t->mirror) < 0 ||
	    asprintf(&gitdir, "--git-dir=%s", t->mirror) < 0)
		goto out;
	{
		char *argv[] = { "git", gitdir, "repack", "-q", "-d", "-l", "--geometric=2",
				 NULL };

		unlink(logpath);
		watch_repack_litter(t);
		if (spawn_run_stop(argv, logpath, WATCH_REPACK_TIMEOUT, &watcher->stop, &cause) < 0)
			goto out;
	}
	after = watch_pack_count(t);
	log_info("tree %s: repacked the mirror: %d packs -> %d (%lld ms)", t->name, before,
		 after, mono_ms() - t0);
	rc = 0;
out:
	if (rc < 0)
		watch_repack_litter(t);
	if (rc < 0 && watcher->stop) {
		log_info("tree %s: the repack of the mirror was stopped with kpcid", t->name);
	} else if (rc < 0) {
		t->repack_after = mono_ms() / 1000 + WATCH_REPACK_RETRY;
		log_warn("tree %s: cannot repack the mirror %s, which holds %d packs: %s "
			 "(see %s); trying again in %d s", t->name, t->mirror, before,
			 cause ? cause : "out of memory", logpath ? logpath : "its kpci-repack.log",
			 WATCH_REPACK_RETRY);
	}
	free(cause);
	free(logpath);
	free(gitdir);
	return rc;
}

/* What follows a poll, once it has answered: both steps run, whatever
 * the other's outcome; 0, or -1 when either failed. */
int watch_upkeep(struct watcher *watcher, struct watch_tree *t)
{
	int settled = watch_settle(watcher, t);

	return watch_repack(watcher, t) < 0 || settled < 0 ? -1 : 0;
}
