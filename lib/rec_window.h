/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_window.h - the records of a tree's releases and merge windows
 * (lib/rec_window.c): a tag as a poll records it, a release or release
 * candidate on a branch's line, a merge window, the windows of a branch
 * (GET /api/v1/trees/NAME/windows) and the merges of one window (GET
 * /api/v1/trees/NAME/windows/vX.Y/merges), and what a commit id names
 * (a side of a comparison).  The rules of every record are in lib/rec.h.
 */
#ifndef KPCI_REC_WINDOW_H
#define KPCI_REC_WINDOW_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"
#include "lib/rec_tree.h"

/* A tag a poll found new or moved (db_tags_record). */
struct rec_tag {
	char *name;
	char *sha;                  /* the commit it peels to */
	char *kind;                 /* release, rc or other */
};

struct rec_tags {
	struct rec_tag *v;
	size_t n;
};

/* A release (vX.Y) or release candidate (vX.Y-rcN) tag of a tree. */
struct rec_release {
	char *name;
	char *kind;                 /* release or rc */
	long long major, minor, rc; /* rc 0 for a release */
	char *commit_sha;           /* the tagged commit; NULL: no key (db_branch_marks) */
	long long position;         /* on the branch's line; REC_NONE: off it (null) */
};

struct rec_releases {
	struct rec_release *v;
	size_t n;
};

/* A merge window: the first-parent stretch (from_position, to_position]
 * of a branch from release's tag to the -rc1 that closed it (or the tip). */
struct rec_window {
	char *release;
	char *closed_by;            /* the -rc1; NULL: open */
	char *state;                /* open or closed */
	long long from_position, to_position;
	long long commits;          /* positions in the window */
	long long merges;           /* first-parent merges in it */
};

struct rec_windows {
	struct rec_window *v;
	size_t n;
};

/* A branch's releases (by version) and merge windows (db_tree_windows). */
struct rec_tree_windows {
	char *tree;
	struct rec_releases releases;
	struct rec_windows windows;
};

/* The first-parent merges of one merge window, in line order
 * (db_tree_window_merges). */
struct rec_window_merges {
	char *tree;
	char *release;
	char *closed_by;            /* NULL: open */
	char *state;                /* open or closed */
	long long from_position, to_position;
	struct rec_commits merges;
};

/* What a commit id names: the commit of any tree (db_commit_about). */
struct rec_commit_about {
	char *sha;
	char *subject;              /* NULL: none, as the author */
	char *author;
	long long time;             /* its commit time; REC_NONE: none */
	char *tree;
};

/* As the runner's functions in lib/rec.h. */
json_t *rec_tag_encode(const struct rec_tag *t);
int rec_tag_decode(struct rec_tag *out, const json_t *j, const char *where, char **cause);
void rec_tag_dispose(struct rec_tag *t);
json_t *rec_tags_encode(const struct rec_tags *l);
int rec_tags_decode(struct rec_tags *out, const json_t *arr, char **cause);
void rec_tags_dispose(struct rec_tags *l);

json_t *rec_release_encode(const struct rec_release *r);
int rec_release_decode(struct rec_release *out, const json_t *j, const char *where,
		       char **cause);
void rec_release_dispose(struct rec_release *r);
json_t *rec_releases_encode(const struct rec_releases *l);
int rec_releases_decode(struct rec_releases *out, const json_t *arr, char **cause);
void rec_releases_dispose(struct rec_releases *l);

json_t *rec_window_encode(const struct rec_window *w);
int rec_window_decode(struct rec_window *out, const json_t *j, const char *where,
		      char **cause);
void rec_window_dispose(struct rec_window *w);
json_t *rec_windows_encode(const struct rec_windows *l);
int rec_windows_decode(struct rec_windows *out, const json_t *arr, char **cause);
void rec_windows_dispose(struct rec_windows *l);

json_t *rec_tree_windows_encode(const struct rec_tree_windows *t);
int rec_tree_windows_decode(struct rec_tree_windows *out, const json_t *j, char **cause);
void rec_tree_windows_dispose(struct rec_tree_windows *t);

json_t *rec_window_merges_encode(const struct rec_window_merges *m);
int rec_window_merges_decode(struct rec_window_merges *out, const json_t *j, char **cause);
void rec_window_merges_dispose(struct rec_window_merges *m);

json_t *rec_commit_about_encode(const struct rec_commit_about *c);
int rec_commit_about_decode(struct rec_commit_about *out, const json_t *j, const char *where,
			    char **cause);
void rec_commit_about_dispose(struct rec_commit_about *c);

#endif
