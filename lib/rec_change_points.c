// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_change_points.c - the points around a change (lib/rec_change_points.h):
 * their one JSON encoder and decoder.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_change_points.h"
#include "lib/rec_internal.h"

static json_t *rec_change_point_encode(const void *elem)
{
	const struct rec_change_point *p = elem;

	return json_pack("{s:I, s:I, s:o, s:o, s:f, s:I}", "index", (json_int_t)p->index,
			 "job_id", (json_int_t)p->job_id, "position", rec_measure_json(p->position),
			 "commit_sha", rec_str_json(p->commit_sha), "value", p->value,
			 "iterations", (json_int_t)p->iterations);
}

json_t *rec_change_points_encode(const struct rec_change_point *v, size_t n)
{
	return rec_array_encode(v, n, sizeof *v, rec_change_point_encode);
}

static int rec_change_point_decode(void *elem, const json_t *j, const char *where,
				   char **cause)
{
	struct rec_change_point *p = elem;

	if (rec_check_object(j, where, "a point", cause) < 0 ||
	    rec_get_int(&p->index, j, "index", 0, where, cause) < 0 ||
	    rec_get_int(&p->job_id, j, "job_id", 0, where, cause) < 0 ||
	    rec_get_measure(&p->position, j, "position", where, cause) < 0 ||
	    rec_get_str(&p->commit_sha, j, "commit_sha", 1, where, cause) < 0 ||
	    rec_get_num(&p->value, j, "value", 0, NAN, where, cause) < 0 ||
	    rec_get_int(&p->iterations, j, "iterations", 0, where, cause) < 0)
		return -1;
	return 0;
}

static void rec_change_point_dispose(void *elem)
{
	struct rec_change_point *p = elem;

	free(p->commit_sha);
	memset(p, 0, sizeof *p);
}

int rec_change_points_decode(struct rec_change_point **out, size_t *n, const json_t *arr,
			     const char *where, char **cause)
{
	*out = NULL;
	*n = 0;
	if (!arr || json_is_null(arr))
		return 0;
	return rec_array_decode_whole(out, n, sizeof **out, arr, where, "points",
				      rec_change_point_decode, rec_change_point_dispose, cause);
}

void rec_change_points_dispose(struct rec_change_point *v, size_t n)
{
	rec_array_dispose(v, n, sizeof *v, rec_change_point_dispose);
}
