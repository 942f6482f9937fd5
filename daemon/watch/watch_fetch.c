// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_fetch.c - a tree's bare mirror and its fetch: the followed
 * branches that exist and all tags, with progress in the log, cancelled
 * when kpcid stops.  A tree on this machine lends the mirror its objects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "daemon/watch/watch_internal.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/mono.h"

struct watch_fetch_ctx {
	const struct watch_tree *t;
	long long last_log;
	const int *stop;                /* the watcher's: kpcid is stopping */
};

static int watch_progress(const git_indexer_progress *st, void *payload)
{
	struct watch_fetch_ctx *f = payload;
	long long now = mono_ms() / 1000;

	if (__atomic_load_n(f->stop, __ATOMIC_RELAXED))
		return -1;              /* kpcid is stopping: cancel the fetch */
	if (now - f->last_log >= WATCH_PROGRESS_S ||
	    (st->total_objects && st->received_objects == st->total_objects &&
	     st->indexed_objects == st->total_objects && f->last_log >= 0)) {
		log_info("tree %s: fetched %u of %u objects (%zu KiB), indexed %u",
			 f->t->name, st->received_objects, st->total_objects,
			 st->received_bytes / 1024, st->indexed_objects);
		f->last_log = st->received_objects == st->total_objects ? -1 : now;
	}
	return 0;
}

/* Packing progress (the local transport packs before it sends). */
static int watch_pack_progress(int stage, uint32_t current, uint32_t total, void *payload)
{
	struct watch_fetch_ctx *f = payload;
	long long now = mono_ms() / 1000;

	if (__atomic_load_n(f->stop, __ATOMIC_RELAXED))
		return -1;
	if (now - f->last_log >= WATCH_PROGRESS_S) {
		log_info("tree %s: remote %s %u of %u objects", f->t->name,
			 stage == GIT_PACKBUILDER_ADDING_OBJECTS ? "counted" : "deltified",
			 current, total);
		f->last_log = now;
	}
	return 0;
}

/*
 * For a tree on this machine (a path or file:// URL), the mirror borrows
 * the source's objects through objects/info/alternates, as `git clone
 * --shared` does: a fetch then moves only refs, where libgit2's local
 * transport would pack and deltify every object reachable from a new tip
 * (minutes for a kernel tree).  Objects the source loses are missing
 * here too, which fails the poll like any corrupt remote.  0 when done or
 * not local.
 */
static int watch_mirror_borrow(const struct watch_tree *t)
{
	const char *path = t->url;
	char *objects = NULL, *alt = NULL;
	struct stat st;
	FILE *f;
	int rc = 0;

	if (!strncmp(path, "file://", 7))
		path += 7;
	if (path[0] != '/')
		return 0;
	if (asprintf(&objects, "%s/.git/objects", path) < 0)
		return -1;
	if (stat(objects, &st) < 0 || !S_ISDIR(st.st_mode)) {
		free(objects);
		if (asprintf(&objects, "%s/objects", path) < 0)
			return -1;
		if (stat(objects, &st) < 0 || !S_ISDIR(st.st_mode)) {
			free(objects);
			return 0;       /* not a repository: the fetch will say so */
		}
	}
	if (asprintf(&alt, "%s/objects/info/alternates", t->mirror) < 0) {
		free(objects);
		return -1;
	}
	if (stat(alt, &st) < 0) {
		f = fopen(alt, "w");
		if (!f || fprintf(f, "%s\n", objects) < 0)
			rc = -1;
		if (f && fclose(f) != 0)
			rc = -1;
	}
	free(objects);
	free(alt);
	return rc;
}

/* Opens (creating) the bare mirror of t. */
int watch_mirror_open(git_repository **repo, const struct watch_tree *t, char **cause)
{
	*repo = NULL;
	if (git_repository_open_bare(repo, t->mirror) < 0) {
		if (git_repository_init(repo, t->mirror, 1) < 0) {
			watch_git_error(cause, "cannot create the mirror");
			return -1;
		}
		git_repository_free(*repo);
		*repo = NULL;
	}
	if (*repo && watch_mirror_borrow(t) == 0)
		return 0;
	git_repository_free(*repo);
	*repo = NULL;
	if (watch_mirror_borrow(t) < 0)
		log_warn("tree %s: cannot share the objects of %s; fetching them", t->name, t->url);
	if (git_repository_open_bare(repo, t->mirror) < 0) {
		watch_git_error(cause, "cannot open the mirror");
		return -1;
	}
	return 0;
}

/* Fetches the followed branches that exist (exists[i] = 1) and all tags. */
int watch_fetch(struct watcher *watcher, git_repository *repo, const struct watch_tree *t,
		int *exists, char **cause)
{
	git_fetch_options fo;
	git_remote_callbacks cb;
	git_remote_create_options ropts;
	struct watch_fetch_ctx ctx = { t, mono_ms() / 1000, &watcher->stop };
	const git_remote_head **heads;
	git_remote *remote = NULL;
	git_strarray specs = { 0 };
	size_t nheads, n = 0;
	const char *local = !strncmp(t->url, "file://", 7) ? t->url + 7 :
			    t->url[0] == '/' ? t->url : NULL;
	int rc = -1;

	watch_stream_timeout(t->fetch_timeout);
	if (!strncmp(t->url, "https://", 8) &&
	    git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS,
			     t->ca_file ? t->ca_file : WATCH_DEFAULT_CA, NULL) < 0 && t->ca_file) {
		watch_git_error(cause, "cannot load ca_file");
		return -1;
	}
	git_fetch_options_init(&fo, GIT_FETCH_OPTIONS_VERSION);
	git_remote_init_callbacks(&cb, GIT_REMOTE_CALLBACKS_VERSION);
	git_remote_create_options_init(&ropts, GIT_REMOTE_CREATE_OPTIONS_VERSION);
	/* anonymous, and no url.*.insteadOf lookup: the mirror's config holds
	 * none, and libgit2 1.5 leaks the regex match data of that lookup */
	ropts.repository = repo;
	ropts.flags = GIT_REMOTE_CREATE_SKIP_INSTEADOF | GIT_REMOTE_CREATE_SKIP_DEFAULT_FETCHSPEC;
	if (git_remote_create_with_opts(&remote, t->url, &ropts) < 0) {
		watch_git_error(cause, "bad remote URL");
		return -1;
	}
	cb.transfer_progress = watch_progress;
	cb.pack_progress = watch_pack_progress;
	cb.payload = &ctx;
	if (git_remote_connect(remote, GIT_DIRECTION_FETCH, &cb, NULL, NULL) < 0 ||
	    git_remote_ls(&heads, &nheads, remote) < 0) {
		watch_git_error(cause, "cannot reach the remote");
		if (local && access(local, F_OK) < 0)   /* libgit2 calls it an unsupported URL */
			fail_cause(cause, "cannot reach the remote: %s does not exist", local);
		if (!strncmp(t->url, "https://", 8) && *cause && strstr(*cause, "certificate"))
			fail_cause(cause, "%s (%s)", *cause, t->ca_file ?
				   "ca_file does not hold the CA that signed it" :
				   "set ca_file to the PEM file of its CA to trust it");
		goto out;
	}
	specs.strings = calloc(t->nbranches + 1, sizeof *specs.strings);
	if (!specs.strings)
		goto out;
	for (size_t b = 0; b < t->nbranches; b++) {
		exists[b] = 0;
		for (size_t h = 0; h < nheads; h++)
			if (!strncmp(heads[h]->name, "refs/heads/", 11) &&
			    !strcmp(heads[h]->name + 11, t->branches[b]))
				exists[b] = 1;
		if (exists[b] && asprintf(&specs.strings[n++], "+refs/heads/%s:refs/heads/%s",
					  t->branches[b], t->branches[b]) < 0) {
			specs.strings[--n] = NULL;
			goto out;
		}
	}
	if (!(specs.strings[n++] = strdup("+refs/tags/*:refs/tags/*")))
		goto out;
	specs.count = n;
	git_remote_disconnect(remote);
	fo.callbacks = cb;
	fo.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
	fo.update_fetchhead = 0;
	if (git_remote_fetch(remote, &specs, &fo, "kpci watch") < 0) {
		watch_git_error(cause, "fetch failed");
		goto out;
	}
	{
		const git_indexer_progress *st = git_remote_stats(remote);

		log_info("tree %s: fetch done: %u objects, %zu KiB received", t->name,
			 st ? st->received_objects : 0, st ? st->received_bytes / 1024 : 0);
	}
	rc = 0;
out:
	for (size_t i = 0; i < n; i++)
		free(specs.strings[i]);
	free(specs.strings);
	git_remote_free(remote);
	return rc;
}
