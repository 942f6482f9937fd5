// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_tags.c - a mirror's tags, peeled to commits and recorded
 * (db_tags_record tells releases, release candidates and other tags
 * apart); a new tag that looks meant as a release but does not parse as
 * one is logged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/log.h"

struct watch_tag_list {
	git_repository *repo;
	struct db_tag *v;
	char **names, **shas;
	size_t n, cap;
};

static int watch_tag_cb(const char *refname, void *payload)
{
	struct watch_tag_list *l = payload;
	git_reference *ref = NULL;
	git_object *obj = NULL;
	char sha[GIT_OID_HEXSZ + 1];

	if (l->n >= WATCH_MAX_TAGS)
		return 0;
	if (git_reference_lookup(&ref, l->repo, refname) < 0 ||
	    git_reference_peel(&obj, ref, GIT_OBJECT_COMMIT) < 0) {
		git_reference_free(ref);
		return 0;               /* a tag of a tree or blob: not a candidate */
	}
	git_oid_tostr(sha, sizeof sha, git_object_id(obj));
	git_object_free(obj);
	git_reference_free(ref);
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		char **names = realloc(l->names, cap * sizeof *names);
		char **shas = names ? realloc(l->shas, cap * sizeof *shas) : NULL;

		if (names)
			l->names = names;
		if (!shas)
			return -1;
		l->shas = shas;
		l->cap = cap;
	}
	l->names[l->n] = strdup(refname + strlen("refs/tags/"));
	l->shas[l->n] = strdup(sha);
	if (!l->names[l->n] || !l->shas[l->n]) {
		free(l->names[l->n]);
		free(l->shas[l->n]);
		return -1;
	}
	l->n++;
	return 0;
}

/* Records the mirror's tags; *changed lists the new or moved ones. */
int watch_tags(struct watcher *watcher, struct rec_tags *changed, git_repository *repo,
	       const struct watch_tree *t, char **cause)
{
	struct watch_tag_list l = { .repo = repo };
	struct db_tag *tags = NULL;
	int rc = -1;

	memset(changed, 0, sizeof *changed);
	if (git_reference_foreach_glob(repo, "refs/tags/*", watch_tag_cb, &l) < 0) {
		fail_cause(cause, "cannot list the tags of the mirror");
		goto out;
	}
	tags = calloc(l.n ? l.n : 1, sizeof *tags);
	if (!tags)
		goto out;
	for (size_t i = 0; i < l.n; i++) {
		tags[i].name = l.names[i];
		tags[i].sha = l.shas[i];
	}
	if (db_tags_record(watcher->db, changed, t->id, tags, l.n) != DB_OK) {
		fail_cause(cause, "cannot store the tags");
		goto out;
	}
	for (size_t k = 0; k < changed->n; k++) {
		const struct rec_tag *tag = &changed->v[k];

		if (!strcmp(tag->kind, "other") && db_release_like(tag->name))
			log_warn("tree %s: tag '%.128s' is kept as another tag: a release is "
				 "vX.Y and a release candidate vX.Y-rcN (N from 1, no leading "
				 "zeros), so no merge window starts or ends at it", t->name,
				 tag->name);
	}
	rc = 0;
out:
	for (size_t i = 0; i < l.n; i++) {
		free(l.names[i]);
		free(l.shas[i]);
	}
	free(l.names);
	free(l.shas);
	free(tags);
	return rc;
}
