/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gitrepo.h - what reports need to read from a kernel tree: files at a
 * commit (MAINTAINERS, .mailmap, a file's content for K: keywords), which
 * paths are directories, a commit's author, trailers and touched files,
 * the commits a merge brought, and for bisections the commits of a range
 * with their parents and whether a revert applies; for the check of what
 * a range compiles (daemon/analyze/codecheck.c), the paths that differ between two
 * commits' trees.  The tree is a git repository (a
 * worktree or a bare mirror such as kpcid's DATA_DIR/mirrors/NAME.git),
 * read through libgit2 at a commit without a checkout, or a plain source
 * directory read from disk.
 *
 * lib/gitrepo.c is the one file besides the watcher (daemon/watch*) that
 * includes git2.h; it is in libkpci so that kpcid's alerter and the
 * `kpci maintainers` command share it.  Commit data is attacker-controlled
 * and comes back as stored, sizes capped.
 */
#ifndef KPCI_GITREPO_H
#define KPCI_GITREPO_H

#include <stddef.h>

#define GITREPO_SHA_HEX 40
#define GITREPO_MAX_BLOB (16u << 20)    /* bytes of one file read */
#define GITREPO_MAX_FILES 20000         /* touched files of one commit kept */
#define GITREPO_MAX_LINES 100000        /* changed lines of one commit kept */
#define GITREPO_MAX_LINE 1024           /* bytes of one changed line kept */
#define GITREPO_MAX_TRAILERS 64         /* trailers of one commit kept */
#define GITREPO_MAX_TEXT 4096           /* bytes of a subject, name or trailer value */
#define GITREPO_MAX_PATH 4096           /* bytes of a path in a tree */
#define GITREPO_MAX_DEPTH 256           /* directories deep in a tree */

struct gitrepo;

struct gitrepo_trailer {
	char *key, *value;
};

/* One commit as a report needs it; everything malloc'd, owned by it. */
struct gitrepo_commit {
	char sha[GITREPO_SHA_HEX + 1];
	char first_parent[GITREPO_SHA_HEX + 1];     /* "" for a root commit */
	size_t nparents;
	char *subject;              /* the first line of the message */
	char *author_name, *author_email;
	struct gitrepo_trailer *trailers;
	size_t ntrailers;
	char **files;               /* touched against the first parent, sorted */
	size_t nfiles;
	int files_capped;           /* more than GITREPO_MAX_FILES were touched */
	char **lines;               /* the changed lines (with_lines), without +/- */
	size_t nlines;
};

/* Opens dir: a git repository (bare or with a worktree; dir itself, its
 * parents are not searched) or, when it is none, a plain directory.  -1
 * with *cause (malloc'd) when dir cannot be read. */
int gitrepo_open(struct gitrepo **out, const char *dir, char **cause);
void gitrepo_free(struct gitrepo *r);
/* 1 when r is a git repository, 0 for a plain directory. */
int gitrepo_is_git(const struct gitrepo *r);
/* Reads files and directories at rev (a commit id, branch, tag or
 * HEAD~N) from now on; *sha gets the commit's id when not NULL.  A plain
 * directory takes only rev NULL.  -1 with *cause. */
int gitrepo_at(struct gitrepo *r, const char *rev, char sha[GITREPO_SHA_HEX + 1],
	       char **cause);
/*
 * Reads path (relative to the top, no "..") at the current rev, or from
 * disk, into *data (malloc'd, NUL-terminated, *len bytes).  0; 1 when
 * there is no such file; -1 with *cause (larger than max, unreadable).
 */
int gitrepo_read(struct gitrepo *r, const char *path, char **data, size_t *len, size_t max,
		 char **cause);
/* 1 when path is a directory at the current rev (or on disk), else 0. */
int gitrepo_is_dir(void *r, const char *path);
/* The commit rev with its touched files (and changed lines when
 * with_lines); *out freed with gitrepo_commit_free.  -1 with *cause. */
int gitrepo_commit(struct gitrepo *r, struct gitrepo_commit **out, const char *rev,
		   int with_lines, char **cause);
void gitrepo_commit_free(struct gitrepo_commit *c);
/*
 * The paths that differ between the trees of commits a and b (added,
 * removed or modified files; a rename is both of its paths), sorted, at
 * most max of them into *out (free with gitrepo_paths_free); *capped is 1
 * when more differ.  Two trees are compared, not the commits between
 * them: what the kernels of a and b are built from.  A subtree with the
 * same id on both sides is not read, so a small change of a large tree
 * costs the trees on its paths only.  -1 with *cause.
 */
int gitrepo_diff_paths(struct gitrepo *r, char ***out, size_t *n, int *capped, const char *a,
		       const char *b, size_t max, char **cause);
void gitrepo_paths_free(char **v, size_t n);
/*
 * The commits merge rev brought: reachable from it but not from its
 * first parent, the merge itself left out, newest first, at most max of
 * them (without files) into *out (each freed with gitrepo_commit_free,
 * the array with free); *total counts them all.  A commit that is not a
 * merge brought none.  -1 with *cause.
 */
int gitrepo_brought(struct gitrepo *r, struct gitrepo_commit ***out, size_t *n, size_t *total,
		    const char *rev, size_t max, char **cause);

/* One commit of a range: its id, its parents' ids, its subject (all
 * owned by the array gitrepo_range returns). */
struct gitrepo_node {
	char sha[GITREPO_SHA_HEX + 1];
	char (*parents)[GITREPO_SHA_HEX + 1];
	size_t nparents;
	char *subject;
};

/*
 * The commits reachable from bad and not from good, as `git rev-list
 * good..bad` (the whole DAG: the commits inside each merge too), parents
 * before children, into *out (*n of them; free with gitrepo_nodes_free).
 * -1 with *cause when a revision is unknown or the range holds more than
 * max commits (the bisector's candidates).
 */
int gitrepo_range(struct gitrepo *r, struct gitrepo_node **out, size_t *n, const char *good,
		  const char *bad, size_t max, char **cause);
void gitrepo_nodes_free(struct gitrepo_node *v, size_t n);
/* Whether reverting commit rev (a merge: against its first parent) on top
 * of onto applies without a conflict: 0 it does, 1 it conflicts, -1 with
 * *cause. */
int gitrepo_revert_check(struct gitrepo *r, const char *rev, const char *onto, char **cause);

#endif
