// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitrepo.c - reading a kernel tree at a commit through libgit2, or a
 * plain source directory from disk (lib/gitrepo.h).
 *
 * A repository handle of its own per caller: libgit2 objects are not
 * shared between threads, and the watcher's fetches into the same mirror
 * only add objects and packs (a repack that removes a pack under a read
 * makes that read fail; the caller tries again later).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "lib/fail.h"
#include "lib/gitrepo.h"

struct gitrepo {
	char *dir;
	int inited;                 /* git_libgit2_init was called for it */
	git_repository *repo;       /* NULL: a plain directory */
	git_tree *tree;             /* of the current rev */
};

/* The last libgit2 error as text (borrowed). */
static const char *gitrepo_err(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown libgit2 error";
}

int gitrepo_open(struct gitrepo **out, const char *dir, char **cause)
{
	struct gitrepo *r = calloc(1, sizeof *r);
	struct stat st;
	int rc;

	*out = NULL;
	errno = 0;
	if (!r || !(r->dir = strdup(dir))) {
		free(r);
		return fail_cause(cause, "out of memory");
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		fail_cause(cause, "%s is not a directory%s%s", dir, errno ? ": " : "",
			   errno ? strerror(errno) : "");
		gitrepo_free(r);
		return -1;
	}
	git_libgit2_init();
	r->inited = 1;
	rc = git_repository_open_ext(&r->repo, dir, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
	if (rc == GIT_ENOTFOUND) {
		r->repo = NULL;     /* a plain directory: files from disk */
	} else if (rc < 0) {
		fail_cause(cause, "%s: cannot open the git repository: %s", dir, gitrepo_err());
		gitrepo_free(r);
		return -1;
	}
	*out = r;
	return 0;
}

void gitrepo_free(struct gitrepo *r)
{
	if (!r)
		return;
	git_tree_free(r->tree);
	git_repository_free(r->repo);
	if (r->inited)
		git_libgit2_shutdown();
	free(r->dir);
	free(r);
}

int gitrepo_is_git(const struct gitrepo *r)
{
	return r->repo != NULL;
}

/* The commit rev names (peeled), or NULL with *cause. */
static git_commit *gitrepo_resolve(struct gitrepo *r, const char *rev, char **cause)
{
	git_object *obj = NULL, *peeled = NULL;

	if (strlen(rev) > 256 || rev[0] == '-') {
		fail_cause(cause, "'%.64s' is not a revision", rev);
		return NULL;
	}
	if (git_revparse_single(&obj, r->repo, rev) < 0) {
		fail_cause(cause, "%s: unknown revision '%s': %s", r->dir, rev, gitrepo_err());
		return NULL;
	}
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
		fail_cause(cause, "%s: '%s' is not a commit", r->dir, rev);
		peeled = NULL;
	}
	git_object_free(obj);
	return (git_commit *)peeled;
}

int gitrepo_at(struct gitrepo *r, const char *rev, char sha[GITREPO_SHA_HEX + 1], char **cause)
{
	git_commit *c;
	git_tree *t;

	if (!r->repo) {
		if (rev)
			return fail_cause(cause, "%s is not a git repository: no revision can be "
					  "read from it", r->dir);
		return 0;
	}
	if (!(c = gitrepo_resolve(r, rev ? rev : "HEAD", cause)))
		return -1;
	if (git_commit_tree(&t, c) < 0) {
		fail_cause(cause, "%s: cannot read the tree of %s: %s", r->dir, rev ? rev : "HEAD",
			   gitrepo_err());
		git_commit_free(c);
		return -1;
	}
	if (sha)
		git_oid_tostr(sha, GITREPO_SHA_HEX + 1, git_commit_id(c));
	git_commit_free(c);
	git_tree_free(r->tree);
	r->tree = t;
	return 0;
}

/* A path relative to the top without "." or ".." parts. */
static int gitrepo_path_ok(const char *path)
{
	const char *p = path;

	if (!*path || *path == '/' || strlen(path) > 4096)
		return 0;
	while (*p) {
		size_t n = strcspn(p, "/");

		if ((n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.') || n == 0)
			return 0;
		p += n;
		if (*p == '/')
			p++;
	}
	return 1;
}

static int gitrepo_read_disk(struct gitrepo *r, const char *path, char **data, size_t *len,
			     size_t max, char **cause)
{
	int dfd = open(r->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd;
	struct stat st;
	char *buf;
	size_t got = 0;

	if (dfd < 0)
		return fail_cause(cause, "%s: %s", r->dir, strerror(errno));
	fd = openat(dfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	close(dfd);
	if (fd < 0)
		return errno == ENOENT || errno == ENOTDIR ? 1 :
			fail_cause(cause, "%s/%s: %s", r->dir, path, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return 1;
	}
	if ((unsigned long long)st.st_size > max) {
		close(fd);
		return fail_cause(cause, "%s/%s is larger than %zu bytes", r->dir, path, max);
	}
	buf = malloc((size_t)st.st_size + 1);
	while (buf && got < (size_t)st.st_size) {
		ssize_t k = read(fd, buf + got, (size_t)st.st_size - got);

		if (k <= 0)
			break;
		got += (size_t)k;
	}
	close(fd);
	if (!buf)
		return fail_cause(cause, "out of memory reading %s", path);
	buf[got] = '\0';
	*data = buf;
	*len = got;
	return 0;
}

int gitrepo_read(struct gitrepo *r, const char *path, char **data, size_t *len, size_t max,
		 char **cause)
{
	git_tree_entry *e = NULL;
	git_blob *blob = NULL;
	size_t n;
	int rc = 1;

	*data = NULL;
	*len = 0;
	if (!gitrepo_path_ok(path))
		return fail_cause(cause, "'%.200s' is not a path inside the tree", path);
	if (!r->repo)
		return gitrepo_read_disk(r, path, data, len, max, cause);
	if (!r->tree && gitrepo_at(r, NULL, NULL, cause) < 0)
		return -1;
	if (git_tree_entry_bypath(&e, r->tree, path) < 0 ||
	    git_tree_entry_type(e) != GIT_OBJECT_BLOB)
		goto out;
	if (git_blob_lookup(&blob, r->repo, git_tree_entry_id(e)) < 0) {
		rc = fail_cause(cause, "%s: cannot read %s: %s", r->dir, path, gitrepo_err());
		goto out;
	}
	n = (size_t)git_blob_rawsize(blob);
	if (n > max) {
		rc = fail_cause(cause, "%s: %s is larger than %zu bytes", r->dir, path, max);
		goto out;
	}
	if (!(*data = malloc(n + 1))) {
		rc = fail_cause(cause, "out of memory reading %s", path);
		goto out;
	}
	memcpy(*data, git_blob_rawcontent(blob), n);
	(*data)[n] = '\0';
	*len = n;
	rc = 0;
out:
	git_blob_free(blob);
	git_tree_entry_free(e);
	return rc;
}

int gitrepo_is_dir(void *arg, const char *path)
{
	struct gitrepo *r = arg;
	git_tree_entry *e = NULL;
	int dir;

	if (!gitrepo_path_ok(path))
		return 0;
	if (!r->repo) {
		struct stat st;
		char *full = NULL;

		if (asprintf(&full, "%s/%s", r->dir, path) < 0)
			return 0;
		dir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
		free(full);
		return dir;
	}
	if (!r->tree && gitrepo_at(r, NULL, NULL, NULL) < 0)
		return 0;
	if (git_tree_entry_bypath(&e, r->tree, path) < 0)
		return 0;
	dir = git_tree_entry_type(e) == GIT_OBJECT_TREE;
	git_tree_entry_free(e);
	return dir;
}

void gitrepo_commit_free(struct gitrepo_commit *c)
{
	if (!c)
		return;
	free(c->subject);
	free(c->author_name);
	free(c->author_email);
	for (size_t i = 0; i < c->ntrailers; i++) {
		free(c->trailers[i].key);
		free(c->trailers[i].value);
	}
	free(c->trailers);
	for (size_t i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	free(c->files);
	for (size_t i = 0; i < c->nlines; i++)
		free(c->lines[i]);
	free(c->lines);
	free(c);
}

static char *gitrepo_text(const char *s)
{
	size_t n = s ? strnlen(s, GITREPO_MAX_TEXT) : 0;
	char *p = malloc(n + 1);

	if (p) {
		if (n)
			memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* Author, subject and trailers of c into out. */
static int gitrepo_describe(struct gitrepo_commit *out, git_commit *c)
{
	const git_signature *a = git_commit_author(c);
	const char *msg = git_commit_message(c);
	git_message_trailer_array arr = { 0 };

	git_oid_tostr(out->sha, sizeof out->sha, git_commit_id(c));
	out->nparents = git_commit_parentcount(c);
	if (out->nparents)
		git_oid_tostr(out->first_parent, sizeof out->first_parent,
			      git_commit_parent_id(c, 0));
	out->subject = strndup(msg ? msg : "", strcspn(msg ? msg : "", "\n") < GITREPO_MAX_TEXT ?
			       strcspn(msg ? msg : "", "\n") : GITREPO_MAX_TEXT);
	out->author_name = gitrepo_text(a ? a->name : "");
	out->author_email = gitrepo_text(a ? a->email : "");
	if (!out->subject || !out->author_name || !out->author_email)
		return -1;
	if (msg && git_message_trailers(&arr, msg) == 0) {
		size_t n = arr.count < GITREPO_MAX_TRAILERS ? arr.count : GITREPO_MAX_TRAILERS;

		out->trailers = calloc(n ? n : 1, sizeof *out->trailers);
		for (size_t i = 0; out->trailers && i < n; i++) {
			out->trailers[i].key = gitrepo_text(arr.trailers[i].key);
			out->trailers[i].value = gitrepo_text(arr.trailers[i].value);
			out->ntrailers++;
		}
		git_message_trailer_array_free(&arr);
		if (!out->trailers)
			return -1;
	}
	return 0;
}

struct gitrepo_diff_acc {
	struct gitrepo_commit *c;
	size_t fcap, lcap;
	int failed;
};

static int gitrepo_add_str(char ***v, size_t *n, size_t *cap, const char *s, size_t len)
{
	if (*n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		char **nv = realloc(*v, ncap * sizeof *nv);

		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
	if (!((*v)[*n] = strndup(s, len)))
		return -1;
	(*n)++;
	return 0;
}

static int gitrepo_file_cb(const git_diff_delta *d, float progress, void *arg)
{
	struct gitrepo_diff_acc *a = arg;
	const char *paths[2] = { d->old_file.path, d->new_file.path };

	for (int i = 0; i < 2; i++) {
		if (!paths[i] || (i == 1 && paths[0] && !strcmp(paths[0], paths[1])))
			continue;
		if (a->c->nfiles >= GITREPO_MAX_FILES) {
			a->c->files_capped = 1;
			continue;
		}
		if (gitrepo_add_str(&a->c->files, &a->c->nfiles, &a->fcap, paths[i],
				    strlen(paths[i])) < 0)
			a->failed = 1;
	}
	return 0;
}

static int gitrepo_line_cb(const git_diff_delta *d, const git_diff_hunk *h,
			   const git_diff_line *l, void *arg)
{
	struct gitrepo_diff_acc *a = arg;
	size_t n = l->content_len;

	if (l->origin != GIT_DIFF_LINE_ADDITION && l->origin != GIT_DIFF_LINE_DELETION)
		return 0;
	if (a->c->nlines >= GITREPO_MAX_LINES)
		return 0;
	while (n && (l->content[n - 1] == '\n' || l->content[n - 1] == '\r'))
		n--;
	if (n > GITREPO_MAX_LINE)
		n = GITREPO_MAX_LINE;
	if (gitrepo_add_str(&a->c->lines, &a->c->nlines, &a->lcap, l->content, n) < 0)
		a->failed = 1;
	return 0;
}

static int gitrepo_by_text(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

/* Files (and lines) of c against its first parent into out. */
static int gitrepo_diff(struct gitrepo *r, struct gitrepo_commit *out, git_commit *c,
			int with_lines, char **cause)
{
	git_commit *parent = NULL;
	git_tree *old = NULL, *new = NULL;
	git_diff *diff = NULL;
	git_diff_options opts;
	struct gitrepo_diff_acc acc = { out, 0, 0, 0 };
	int rc = -1;

	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	if ((out->nparents && git_commit_parent(&parent, c, 0) < 0) ||
	    (parent && git_commit_tree(&old, parent) < 0) || git_commit_tree(&new, c) < 0 ||
	    git_diff_tree_to_tree(&diff, r->repo, old, new, &opts) < 0) {
		fail_cause(cause, "%s: cannot diff %s against its first parent: %s", r->dir,
			   out->sha, gitrepo_err());
		goto out;
	}
	if (git_diff_foreach(diff, gitrepo_file_cb, NULL, NULL,
			     with_lines ? gitrepo_line_cb : NULL, &acc) < 0 || acc.failed) {
		fail_cause(cause, "%s: cannot read the diff of %s: %s", r->dir, out->sha,
			   acc.failed ? "out of memory" : gitrepo_err());
		goto out;
	}
	if (out->nfiles)
		qsort(out->files, out->nfiles, sizeof *out->files, gitrepo_by_text);
	rc = 0;
out:
	git_diff_free(diff);
	git_tree_free(old);
	git_tree_free(new);
	git_commit_free(parent);
	return rc;
}

/* The walk of two trees for gitrepo_diff_paths: the paths that differ
 * into *files (*n of them, at most max), the path so far in path. */
struct gitrepo_walk {
	git_repository *repo;
	char ***files;
	size_t *n, cap, max;
	int *capped;
	int failed;                     /* out of memory, or a tree unreadable */
	char path[GITREPO_MAX_PATH + 1];
};

static int gitrepo_walk_pair(struct gitrepo_walk *w, size_t plen, const git_tree *a,
			     const git_tree *b, int depth);

/* Appends entry e's name to w->path at plen; its new length, or 0 when it
 * does not fit. */
static size_t gitrepo_walk_name(struct gitrepo_walk *w, size_t plen, const git_tree_entry *e)
{
	const char *name = git_tree_entry_name(e);
	size_t k = strlen(name), n = plen + (plen ? 1 : 0) + k;

	if (n > GITREPO_MAX_PATH)
		return 0;
	if (plen)
		w->path[plen] = '/';
	memcpy(w->path + n - k, name, k + 1);
	return n;
}

/* Lists entry e that differs: a file (or a submodule) itself, a tree as
 * every file under it (other: the tree it replaces or is replaced by, a
 * side of its own walk; NULL when there is none). */
static void gitrepo_walk_entry(struct gitrepo_walk *w, size_t plen, const git_tree_entry *e,
			       const git_tree *other, int depth)
{
	size_t n = gitrepo_walk_name(w, plen, e);
	git_tree *t = NULL;

	if (!n || depth >= GITREPO_MAX_DEPTH) {
		w->failed = 1;
		return;
	}
	if (git_tree_entry_type(e) != GIT_OBJECT_TREE) {
		if (*w->n >= w->max)
			*w->capped = 1;
		else if (gitrepo_add_str(w->files, w->n, &w->cap, w->path, n) < 0)
			w->failed = 1;
		return;
	}
	if (git_tree_lookup(&t, w->repo, git_tree_entry_id(e)) < 0) {
		w->failed = 1;
		return;
	}
	gitrepo_walk_pair(w, n, other ? other : t, other ? t : NULL, depth + 1);
	git_tree_free(t);
}

/*
 * The paths under trees a and b (either NULL: empty) at w->path[0..plen)
 * that differ.  Entries are in git's order on both sides (a tree's name
 * sorts as "name/"); subtrees with the same id are not read.
 */
static int gitrepo_walk_pair(struct gitrepo_walk *w, size_t plen, const git_tree *a,
			     const git_tree *b, int depth)
{
	size_t na = a ? git_tree_entrycount(a) : 0, nb = b ? git_tree_entrycount(b) : 0;
	size_t i = 0, k = 0;

	while ((i < na || k < nb) && !w->failed && !*w->capped) {
		const git_tree_entry *ea = i < na ? git_tree_entry_byindex(a, i) : NULL;
		const git_tree_entry *eb = k < nb ? git_tree_entry_byindex(b, k) : NULL;
		int c = !ea ? 1 : !eb ? -1 : git_tree_entry_cmp(ea, eb);

		if (c) {                /* on one side only */
			gitrepo_walk_entry(w, plen, c < 0 ? ea : eb, NULL, depth);
			i += c < 0;
			k += c > 0;
			continue;
		}
		if (!git_oid_equal(git_tree_entry_id(ea), git_tree_entry_id(eb)) ||
		    git_tree_entry_filemode(ea) != git_tree_entry_filemode(eb)) {
			git_tree *ta = NULL;

			if (git_tree_entry_type(ea) != GIT_OBJECT_TREE ||
			    git_tree_entry_type(eb) != GIT_OBJECT_TREE)
				gitrepo_walk_entry(w, plen, eb, NULL, depth);
			else if (git_tree_lookup(&ta, w->repo, git_tree_entry_id(ea)) == 0)
				gitrepo_walk_entry(w, plen, eb, ta, depth);
			else
				w->failed = 1;
			git_tree_free(ta);
		}
		i++;
		k++;
	}
	w->path[plen] = '\0';
	return w->failed ? -1 : 0;
}

void gitrepo_paths_free(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

int gitrepo_diff_paths(struct gitrepo *r, char ***out, size_t *n, int *capped, const char *a,
		       const char *b, size_t max, char **cause)
{
	git_commit *ca = NULL, *cb = NULL;
	git_tree *ta = NULL, *tb = NULL;
	struct gitrepo_walk *w = NULL;
	int rc = -1;

	*out = NULL;
	*n = 0;
	*capped = 0;
	if (!r->repo)
		return fail_cause(cause, "%s is not a git repository: it has no commits", r->dir);
	if (!(ca = gitrepo_resolve(r, a, cause)) || !(cb = gitrepo_resolve(r, b, cause)))
		goto out;
	if (git_commit_tree(&ta, ca) < 0 || git_commit_tree(&tb, cb) < 0) {
		fail_cause(cause, "%s: cannot read the trees of %.12s and %.12s: %s", r->dir, a, b,
			   gitrepo_err());
		goto out;
	}
	if (!(w = calloc(1, sizeof *w))) {
		fail_cause(cause, "out of memory comparing %.12s and %.12s", a, b);
		goto out;
	}
	*w = (struct gitrepo_walk){ .repo = r->repo, .files = out, .n = n, .max = max,
				    .capped = capped };
	if (gitrepo_walk_pair(w, 0, ta, tb, 0) < 0) {
		fail_cause(cause, "%s: cannot compare the trees of %.12s and %.12s: %s", r->dir, a,
			   b, git_error_last() ? gitrepo_err() : "out of memory, or a path too long");
		goto out;
	}
	/* git's order is the order of whole paths already; sorted to be sure */
	if (*n)
		qsort(*out, *n, sizeof **out, gitrepo_by_text);
	rc = 0;
out:
	if (rc < 0) {
		gitrepo_paths_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	free(w);
	git_tree_free(ta);
	git_tree_free(tb);
	git_commit_free(ca);
	git_commit_free(cb);
	return rc;
}

int gitrepo_commit(struct gitrepo *r, struct gitrepo_commit **out, const char *rev,
		   int with_lines, char **cause)
{
	struct gitrepo_commit *gc;
	git_commit *c;

	*out = NULL;
	if (!r->repo)
		return fail_cause(cause, "%s is not a git repository: it has no commits", r->dir);
	if (!(c = gitrepo_resolve(r, rev, cause)))
		return -1;
	gc = calloc(1, sizeof *gc);
	if (!gc || gitrepo_describe(gc, c) < 0) {
		fail_cause(cause, "out of memory reading commit %s", rev);
		goto fail;
	}
	if (gitrepo_diff(r, gc, c, with_lines, cause) < 0)
		goto fail;
	git_commit_free(c);
	*out = gc;
	return 0;
fail:
	git_commit_free(c);
	gitrepo_commit_free(gc);
	return -1;
}

int gitrepo_brought(struct gitrepo *r, struct gitrepo_commit ***out, size_t *n, size_t *total,
		    const char *rev, size_t max, char **cause)
{
	git_commit *merge;
	git_revwalk *walk = NULL;
	git_oid oid;
	struct gitrepo_commit **v = NULL;
	size_t k = 0, all = 0;
	int rc = -1;

	*out = NULL;
	*n = *total = 0;
	if (!r->repo)
		return fail_cause(cause, "%s is not a git repository: it has no commits", r->dir);
	if (!(merge = gitrepo_resolve(r, rev, cause)))
		return -1;
	if (git_commit_parentcount(merge) < 2) {
		git_commit_free(merge);
		return 0;
	}
	v = calloc(max ? max : 1, sizeof *v);
	if (!v || git_revwalk_new(&walk, r->repo) < 0 ||
	    git_revwalk_sorting(walk, GIT_SORT_TIME) < 0 ||
	    git_revwalk_push(walk, git_commit_id(merge)) < 0 ||
	    git_revwalk_hide(walk, git_commit_parent_id(merge, 0)) < 0) {
		fail_cause(cause, "%s: cannot walk what %s brought: %s", r->dir, rev, gitrepo_err());
		goto out;
	}
	while (git_revwalk_next(&oid, walk) == 0) {
		git_commit *c;

		if (git_oid_equal(&oid, git_commit_id(merge)))
			continue;
		all++;
		if (k >= max)
			continue;
		if (git_commit_lookup(&c, r->repo, &oid) < 0)
			continue;
		v[k] = calloc(1, sizeof **v);
		if (!v[k] || gitrepo_describe(v[k], c) < 0) {
			git_commit_free(c);
			fail_cause(cause, "out of memory reading what %s brought", rev);
			goto out;
		}
		git_commit_free(c);
		k++;
	}
	*out = v;
	*n = k;
	*total = all;
	v = NULL;
	rc = 0;
out:
	for (size_t i = 0; v && i <= k && i < max; i++)
		gitrepo_commit_free(v[i]);
	free(v);
	git_revwalk_free(walk);
	git_commit_free(merge);
	return rc;
}

void gitrepo_nodes_free(struct gitrepo_node *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++) {
		free(v[i].parents);
		free(v[i].subject);
	}
	free(v);
}

/* Fills node from commit c; -1 when memory is out. */
static int gitrepo_node_of(struct gitrepo_node *node, git_commit *c)
{
	const char *msg = git_commit_message(c);
	size_t len = strcspn(msg ? msg : "", "\n");

	git_oid_tostr(node->sha, sizeof node->sha, git_commit_id(c));
	node->nparents = git_commit_parentcount(c);
	node->parents = calloc(node->nparents ? node->nparents : 1, sizeof *node->parents);
	node->subject = strndup(msg ? msg : "", len < GITREPO_MAX_TEXT ? len : GITREPO_MAX_TEXT);
	if (!node->parents || !node->subject)
		return -1;
	for (size_t k = 0; k < node->nparents; k++)
		git_oid_tostr(node->parents[k], sizeof node->parents[k], git_commit_parent_id(c, k));
	return 0;
}

int gitrepo_range(struct gitrepo *r, struct gitrepo_node **out, size_t *n, const char *good,
		  const char *bad, size_t max, char **cause)
{
	git_commit *g = NULL, *b = NULL;
	git_revwalk *walk = NULL;
	struct gitrepo_node *v = NULL;
	size_t k = 0, cap = 0;
	git_oid oid;
	int rc = -1;

	*out = NULL;
	*n = 0;
	if (!r->repo)
		return fail_cause(cause, "%s is not a git repository: it has no commits", r->dir);
	if (!(g = gitrepo_resolve(r, good, cause)) || !(b = gitrepo_resolve(r, bad, cause)))
		goto out;
	if (git_revwalk_new(&walk, r->repo) < 0 ||
	    git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE) < 0 ||
	    git_revwalk_push(walk, git_commit_id(b)) < 0 ||
	    git_revwalk_hide(walk, git_commit_id(g)) < 0) {
		fail_cause(cause, "%s: cannot walk %s..%s: %s", r->dir, good, bad, gitrepo_err());
		goto out;
	}
	while (git_revwalk_next(&oid, walk) == 0) {
		git_commit *c;

		if (k == max) {
			fail_cause(cause, "%.12s..%.12s holds more than %zu commits", good, bad, max);
			goto out;
		}
		if (k == cap) {
			size_t ncap = cap ? 2 * cap : 256;
			struct gitrepo_node *x = realloc(v, ncap * sizeof *x);

			if (!x) {
				fail_cause(cause, "out of memory walking %s..%s", good, bad);
				goto out;
			}
			memset(x + cap, 0, (ncap - cap) * sizeof *x);
			v = x;
			cap = ncap;
		}
		if (git_commit_lookup(&c, r->repo, &oid) < 0) {
			fail_cause(cause, "%s: cannot read a commit of %s..%s: %s", r->dir, good, bad,
				   gitrepo_err());
			goto out;
		}
		rc = gitrepo_node_of(&v[k++], c);
		git_commit_free(c);
		if (rc < 0) {
			fail_cause(cause, "out of memory walking %s..%s", good, bad);
			goto out;
		}
		rc = -1;
	}
	*out = v;
	*n = k;
	v = NULL;
	rc = 0;
out:
	gitrepo_nodes_free(v, k);
	git_revwalk_free(walk);
	git_commit_free(g);
	git_commit_free(b);
	return rc;
}

int gitrepo_revert_check(struct gitrepo *r, const char *rev, const char *onto, char **cause)
{
	git_commit *c = NULL, *o = NULL;
	git_index *idx = NULL;
	int rc = -1;

	if (!r->repo)
		return fail_cause(cause, "%s is not a git repository: it has no commits", r->dir);
	if (!(c = gitrepo_resolve(r, rev, cause)) || !(o = gitrepo_resolve(r, onto, cause)))
		goto out;
	if (git_revert_commit(&idx, r->repo, c, o, git_commit_parentcount(c) > 1 ? 1 : 0,
			      NULL) < 0) {
		fail_cause(cause, "%s: cannot revert %.12s on %.12s: %s", r->dir, rev, onto,
			   gitrepo_err());
		goto out;
	}
	rc = git_index_has_conflicts(idx) ? 1 : 0;
out:
	git_index_free(idx);
	git_commit_free(c);
	git_commit_free(o);
	return rc;
}
