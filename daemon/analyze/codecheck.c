// SPDX-License-Identifier: GPL-2.0-only
/*
 * codecheck.c - whether compiled code can differ between the kernels of
 * two commits (daemon/analyze/codecheck.h): the builds and their "sources" and
 * ".config" artifacts from the database and the artifact store, the
 * differing paths and the top Makefiles from the tree's mirror, weighed
 * by kbuild_decide (lib/kbuild.c).  Everything it reads is capped.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/analyze/codecheck.h"
#include "daemon/artifacts.h"
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "db/db.h"
#include "lib/gitrepo.h"
#include "lib/kbuild.h"

#define CODECHECK_SHORT 12              /* hex digits of a commit id in a sentence */

/* What one end of the range brings: its build and the artifacts read. */
struct codecheck_end {
	const char *side;               /* "good" or "bad" */
	const char *sha;
	long long build_id;
	char *sources, *config, *makefile;
	size_t sources_len;
};

static void codecheck_end_dispose(struct codecheck_end *e)
{
	free(e->sources);
	free(e->config);
	free(e->makefile);
}

/* Says why the answer is unknown: "cannot tell whether compiled code
 * changed: " and the reason; returns CODECHECK_UNKNOWN. */
__attribute__((format(printf, 3, 4)))
static int codecheck_unknown(char *why, size_t whylen, const char *fmt, ...)
{
	char reason[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);
	if (whylen)
		snprintf(why, whylen, "cannot tell whether compiled code changed: %s", reason);
	return CODECHECK_UNKNOWN;
}

/*
 * Reads the artifact name of e's build into *text (malloc'd, NUL-
 * terminated, *len bytes; NULL when the build has none).  0 (also when
 * it has none), or -1 with the sentence in why.
 */
static int codecheck_artifact(struct kpcid *k, const struct codecheck_end *e, const char *name,
			      size_t max, char **text, size_t *len, char *why, size_t whylen)
{
	char sha[65];
	long long size = 0, on_disk = 0;
	size_t got = 0;
	int fd, rc;

	*text = NULL;
	*len = 0;
	rc = db_build_artifact(k->db, sha, &size, e->build_id, name);
	if (rc == DB_NOTFOUND)
		return 0;
	if (rc != DB_OK)
		return codecheck_unknown(why, whylen, "the artifacts of build %lld cannot be read",
					 e->build_id);
	if (size < 0 || (unsigned long long)size > max)
		return codecheck_unknown(why, whylen, "the %s of build %lld (%s) has %lld bytes, "
					 "more than the %zu read", name, e->build_id, e->side,
					 size, max);
	if (artifact_open(&fd, &on_disk, k->cfg.data_dir, sha) < 0)
		return codecheck_unknown(why, whylen, "the %s of build %lld (%s) is not in the "
					 "artifact store", name, e->build_id, e->side);
	if (on_disk != size || !(*text = malloc((size_t)size + 1))) {
		close(fd);
		return codecheck_unknown(why, whylen, "the %s of build %lld (%s) %s", name,
					 e->build_id, e->side, on_disk != size ? "has another "
					 "size in the store than recorded" : "does not fit in memory");
	}
	errno = 0;
	while (got < (size_t)size) {
		ssize_t n = read(fd, *text + got, (size_t)size - got);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	(*text)[got] = '\0';
	if (got != (size_t)size) {
		free(*text);
		*text = NULL;
		return codecheck_unknown(why, whylen, "the %s of build %lld (%s) cannot be read: "
					 "%s", name, e->build_id, e->side,
					 errno ? strerror(errno) : "it is shorter than recorded");
	}
	*len = got;
	return 0;
}

/* Finds e's build and reads its artifacts; 0, or -1 with the sentence. */
static int codecheck_build(struct kpcid *k, struct codecheck_end *e, long long tree_id,
			   const char *config, char *why, size_t whylen)
{
	char state[16];
	size_t len;
	int kernel;

	if (db_build_find(k->db, &e->build_id, state, &kernel, tree_id, e->sha, config) != DB_OK)
		return codecheck_unknown(why, whylen, "the builds cannot be read");
	if (!e->build_id || strcmp(state, "ok"))
		return codecheck_unknown(why, whylen, "there is no successful build of %s at the "
					 "%s commit %.*s", config, e->side, CODECHECK_SHORT,
					 e->sha);
	if (codecheck_artifact(k, e, ".config", KBUILD_MAX_CONFIG, &e->config, &len, why,
			       whylen) < 0 ||
	    codecheck_artifact(k, e, "sources", KBUILD_MAX_SOURCES, &e->sources,
			       &e->sources_len, why, whylen) < 0)
		return -1;
	if (!e->config)
		return codecheck_unknown(why, whylen, "build %lld (%s, %.*s) has no .config "
					 "artifact", e->build_id, e->side, CODECHECK_SHORT,
					 e->sha);
	if (strlen(e->config) != len)
		return codecheck_unknown(why, whylen, "the .config of build %lld holds a NUL "
					 "byte", e->build_id);
	return 0;
}

/* The top Makefile at e's commit into e->makefile; 0, or -1 with the
 * sentence. */
static int codecheck_makefile(struct gitrepo *repo, struct codecheck_end *e, const char *tree,
			      char *why, size_t whylen)
{
	char *cause = NULL;
	size_t len = 0;
	int rc = gitrepo_at(repo, e->sha, NULL, &cause);

	if (rc == 0)
		rc = gitrepo_read(repo, "Makefile", &e->makefile, &len, KBUILD_MAX_MAKEFILE, &cause);
	if (rc == 0 && strlen(e->makefile) != len)
		rc = 2;
	if (rc != 0) {
		codecheck_unknown(why, whylen, "the top Makefile at %.*s cannot be read from "
				  "tree %s's mirror: %s", CODECHECK_SHORT, e->sha, tree,
				  rc == 1 ? "there is none" : rc == 2 ? "it holds a NUL byte" :
				  cause ? cause : "out of memory");
		free(e->makefile);
		e->makefile = NULL;
		free(cause);
		return -1;
	}
	return 0;
}

/* The differing paths of the range into r, and the top Makefiles when
 * they differ; 0, or -1 with the sentence. */
static int codecheck_mirror(struct kpcid *k, struct kbuild_range *r, char ***paths,
			    struct codecheck_end *good, struct codecheck_end *bad,
			    const char *tree, char *why, size_t whylen)
{
	char *mirror = watch_mirror_path(k->cfg.data_dir, tree), *cause = NULL;
	struct gitrepo *repo = NULL;
	int rc = 0;

	if (!mirror || gitrepo_open(&repo, mirror, &cause) < 0 || !gitrepo_is_git(repo) ||
	    gitrepo_diff_paths(repo, paths, &r->nchanged, &r->changed_capped, good->sha,
			       bad->sha, CODECHECK_MAX_FILES, &cause) < 0) {
		rc = codecheck_unknown(why, whylen, "the trees of %.*s and %.*s cannot be compared "
				       "in tree %s's mirror: %s", CODECHECK_SHORT, good->sha,
				       CODECHECK_SHORT, bad->sha, tree, cause ? cause :
				       repo ? "it is not a git repository" : "out of memory");
	} else {
		r->changed = (const char *const *)*paths;
		for (size_t i = 0; rc == 0 && i < r->nchanged; i++)
			if (!strcmp((*paths)[i], "Makefile"))
				rc = codecheck_makefile(repo, good, tree, why, whylen) < 0 ||
				     codecheck_makefile(repo, bad, tree, why, whylen) < 0 ? -1 : 0;
	}
	free(cause);
	free(mirror);
	gitrepo_free(repo);
	return rc;
}

int codecheck_range(struct kpcid *k, long long tree_id, const char *tree,
		    const char *config, const char *good, const char *bad,
		    char *why, size_t whylen)
{
	struct codecheck_end g = { .side = "good", .sha = good }, b = { .side = "bad", .sha = bad };
	struct kbuild_range r = { 0 };
	char **paths = NULL;
	int rc;

	if (codecheck_build(k, &g, tree_id, config, why, whylen) < 0 ||
	    codecheck_build(k, &b, tree_id, config, why, whylen) < 0) {
		rc = CODECHECK_UNKNOWN;
	} else if (!b.sources) {
		rc = codecheck_unknown(why, whylen, "build %lld (bad, %.*s) has no sources "
				       "artifact (built by a runner that does not list them)",
				       b.build_id, CODECHECK_SHORT, bad);
	} else if (codecheck_mirror(k, &r, &paths, &g, &b, tree, why, whylen) < 0) {
		rc = CODECHECK_UNKNOWN;
	} else {
		r.makefile_good = g.makefile;
		r.makefile_bad = b.makefile;
		r.sources_good = g.sources;
		r.sources_good_len = g.sources_len;
		r.sources_bad = b.sources;
		r.sources_bad_len = b.sources_len;
		r.config_good = g.config;
		r.config_bad = b.config;
		rc = kbuild_decide(&r, why, whylen);
	}
	gitrepo_paths_free(paths, r.nchanged);
	codecheck_end_dispose(&g);
	codecheck_end_dispose(&b);
	return rc;
}
