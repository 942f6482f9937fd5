// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_candidates.c - build candidates: the builds a poll queues by its
 * tree's policy (new first-parent commits, merges inside a merge window,
 * branch heads, new tags), one per configured kernel config, within the
 * tree's cap of queued builds.  History a tree's first poll records is
 * not a candidate.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/log.h"

/* Queues one build per configured kernel config of commit sha. */
void watch_candidate(struct watcher *watcher, const struct watch_tree *t, const char *branch,
		     const char *sha, const char *reason, int priority)
{
	for (size_t i = 0; i < t->nconfigs; i++) {
		json_t *spec = json_pack("{s:s, s:s, s:s?, s:s, s:s, s:s}", "tree", t->name, "url", t->url,
					 "branch", branch, "commit", sha, "config", t->configs[i],
					 "reason", reason);
		int queued = 0, rc;

		if (!spec)
			return;
		rc = db_build_candidate(watcher->db, &queued, t->id, spec, priority,
					(int)t->max_queued);
		if (rc == DB_CONFLICT)
			log_warn("tree %s: candidate %.12s (%s, %s) dropped: %lld builds are queued",
				 t->name, sha, reason, t->configs[i], t->max_queued);
		else if (rc != DB_OK)
			log_error("tree %s: cannot queue the build of %.12s", t->name, sha);
		else if (queued)
			log_info("tree %s: build of %.12s (%s, %s) queued", t->name, sha, reason,
				 t->configs[i]);
		json_decref(spec);
	}
}

/* The window a line position falls in: the release whose tag is the last
 * mark before it, or NULL (marks are ordered by position). */
static const char *watch_window_of(const struct rec_releases *marks, long long position)
{
	const char *name = NULL;

	for (size_t i = 0; i < marks->n; i++) {
		const struct rec_release *m = &marks->v[i];

		if (m->position >= position)
			break;
		name = strcmp(m->kind, "release") ? NULL : m->name;
	}
	return name;
}

/* Queues the candidates of the new stretch of a branch's line. */
void watch_branch_candidates(struct watcher *watcher, const struct watch_tree *t,
			     const char *branch, long long branch_id, struct watch_set *s,
			     struct watch_node **line, size_t nline, long long base)
{
	struct rec_releases marks = { 0 };
	char reason[WATCH_MAX_SUBSYSTEM + 64];
	int due = 0;

	(void)s;
	if (t->fetched_before && t->cand_merges)
		db_branch_marks(watcher->db, &marks, t->id, branch_id);   /* none: no window */
	for (size_t i = nline; t->fetched_before && i-- > 0;) {      /* newest first */
		const struct watch_node *c = line[i];
		const char *window;

		if (t->cand_merges && c->nparents > 1 &&
		    (window = watch_window_of(&marks, base + 1 + (long long)i))) {
			snprintf(reason, sizeof reason, "merge in the %s merge window", window);
			watch_candidate(watcher, t, branch, c->sha, reason, 1);
		} else if (t->cand_commits) {
			watch_candidate(watcher, t, branch, c->sha, "first-parent commit", 0);
		}
	}
	rec_releases_dispose(&marks);
	if (t->cand_head && nline &&
	    db_branch_head_queued(watcher->db, &due, branch_id, (long long)time(NULL),
				  t->head_every * 60) == DB_OK && due)
		watch_candidate(watcher, t, branch, line[nline - 1]->sha, "branch head", 2);
}
