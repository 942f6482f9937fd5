/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_place.h - the record of where a change lies (lib/rec_place.c):
 * its tree and branch, its last good and first bad commits, the
 * first-parent merges between them that may have brought it and the
 * merge window holding it.  db_change_place fills it; GET
 * /api/v1/changes/ID encodes it as the change's "place", which the
 * change page and the change's title and summary read.  The rules of
 * every record are in lib/rec.h.
 */
#ifndef KPCI_REC_PLACE_H
#define KPCI_REC_PLACE_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"

/* A commit of a change's range: its last good or first bad commit, or
 * one of the merges between them.  The two are encoded with different
 * keys: a good or bad commit as {sha, position, subject, author, time,
 * merge}, a merge as {position, sha, subject, time, merge_subsystem,
 * merge_source, brought, jobs, pending}. */
struct rec_place_commit {
	char *sha;
	long long position;         /* on the branch's line; REC_NONE: off it (null) */
	char *subject;              /* NULL: none, as the strings below */
	char *author;               /* a good or bad commit's */
	long long time;             /* its commit time; REC_NONE: none */
	int merge;                  /* a good or bad commit's: 1 when it is a merge */
	char *merge_subsystem;      /* a merge's, as the fields below */
	char *merge_source;
	long long brought;          /* REC_NONE: not known */
	long long jobs;             /* bench jobs that measured it */
	long long pending;          /* bench jobs of it queued or running */
};

/* Where a change lies (db_change_place). */
struct rec_place {
	char *tree;                 /* its series' tree and branch; NULL both: */
	char *branch;               /* not known (no keys) */
	int on_line;                /* the first bad commit is on the line: merges_total
				     * and the window are known */
	long long merges_total;     /* first-parent merges in (good, bad] */
	char *release;              /* the merge window holding the first bad commit; */
	char *closed_by;            /* release NULL: none (no key), closed_by NULL: */
	char *state;                /* open; state open or closed */
	struct rec_place_commit *good;  /* NULL: not known (null) */
	struct rec_place_commit *bad;
	struct rec_place_commit *merges;    /* at most DB_PLACE_MERGES of them */
	size_t nmerges;
};

/* As the runner's functions in lib/rec.h. */
json_t *rec_place_encode(const struct rec_place *p);
int rec_place_decode(struct rec_place *out, const json_t *j, const char *where, char **cause);
void rec_place_dispose(struct rec_place *p);
/* The parts' own, for db/, which fills them row by row. */
void rec_place_commit_dispose(struct rec_place_commit *c);

#endif
