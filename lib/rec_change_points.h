/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_change_points.h - the points of a series around a change, as the
 * change's detail holds them (GET /api/v1/changes/ID "points", the change
 * page's table and chart range, `kpci change`): one per job, in the
 * series' job order.  daemon/api fills them from the analyzer's points
 * around the change.
 */
#ifndef KPCI_REC_CHANGE_POINTS_H
#define KPCI_REC_CHANGE_POINTS_H

#include <stddef.h>

#include <jansson.h>

struct rec_change_point {
	long long index;            /* in the series' job order */
	long long job_id;
	long long position;         /* its commit's first-parent position; REC_NONE: none */
	char *commit_sha;           /* NULL: a job without a commit */
	double value;               /* the median of its iterations */
	long long iterations;
};

/* The n points at v as a JSON array; NULL when out of memory. */
json_t *rec_change_points_encode(const struct rec_change_point *v, size_t n);
/* The JSON array arr (null or absent: none) into a new array at *out, *n
 * of them; -1 with a sentence naming the field ("WHEREpoints[2].value
 * must be a number") in *cause, *out and *n empty. */
int rec_change_points_decode(struct rec_change_point **out, size_t *n, const json_t *arr,
			     const char *where, char **cause);
/* Frees the n points at v and v (NULL: nothing). */
void rec_change_points_dispose(struct rec_change_point *v, size_t n);

#endif
