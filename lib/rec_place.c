// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_place.c - where a change lies (lib/rec_place.h): its tree and
 * branch, its good and bad commits, the candidate merges between them
 * and its merge window, as GET /api/v1/changes/ID answers them under
 * "place", and read back from that answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_place.h"

static json_t *rec_place_commit_encode(const struct rec_place_commit *c)
{
	if (!c)
		return json_null();
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:i}", "sha", rec_str_json(c->sha),
			 "position", rec_measure_json(c->position),
			 "subject", rec_str_json(c->subject), "author", rec_str_json(c->author),
			 "time", rec_measure_json(c->time), "merge", c->merge);
}

static json_t *rec_place_merge_encode(const void *e)
{
	const struct rec_place_commit *m = e;

	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:I}",
			 "position", rec_measure_json(m->position), "sha", rec_str_json(m->sha),
			 "subject", rec_str_json(m->subject), "time", rec_measure_json(m->time),
			 "merge_subsystem", rec_str_json(m->merge_subsystem),
			 "merge_source", rec_str_json(m->merge_source),
			 "brought", rec_measure_json(m->brought), "jobs", (json_int_t)m->jobs,
			 "pending", (json_int_t)m->pending);
}

/* Sets key of j to v (NULL: out of memory); -1 on failure. */
static int rec_place_set(json_t *j, const char *key, json_t *v)
{
	return v ? json_object_set_new(j, key, v) : -1;
}

json_t *rec_place_encode(const struct rec_place *p)
{
	json_t *j = json_object();

	if (j && p->tree && (rec_place_set(j, "tree", rec_str_json(p->tree)) < 0 ||
			     rec_place_set(j, "branch", rec_str_json(p->branch)) < 0))
		goto fail;
	if (j && p->on_line &&
	    (rec_place_set(j, "merges_total", json_integer(p->merges_total)) < 0 ||
	     (p->release && rec_place_set(j, "window", json_pack("{s:s, s:o, s:o}",
			"release", p->release, "closed_by", rec_str_json(p->closed_by),
			"state", rec_str_json(p->state))) < 0)))
		goto fail;
	if (j && (rec_place_set(j, "good", rec_place_commit_encode(p->good)) < 0 ||
		  rec_place_set(j, "bad", rec_place_commit_encode(p->bad)) < 0 ||
		  rec_place_set(j, "merges", rec_array_encode(p->merges, p->nmerges,
							      sizeof *p->merges,
							      rec_place_merge_encode)) < 0))
		goto fail;
	return j;
fail:
	json_decref(j);
	return NULL;
}

/* key of j, a good or bad commit or null, into *out (NULL for null). */
static int rec_place_commit_decode(struct rec_place_commit **out, const json_t *j,
				   const char *key, const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);
	struct rec_place_commit *c;
	long long merge;
	char at[REC_WHERE_MAX];

	*out = NULL;
	if (!v || json_is_null(v))
		return 0;
	snprintf(at, sizeof at, "%s%s.", where, key);
	if (rec_check_object(v, at, "a commit", cause) < 0)
		return -1;
	c = calloc(1, sizeof *c);
	if (!c)
		return fail_cause(cause, "out of memory");
	*out = c;
	if (rec_get_str(&c->sha, v, "sha", 0, at, cause) < 0 ||
	    rec_get_measure(&c->position, v, "position", at, cause) < 0 ||
	    rec_get_str(&c->subject, v, "subject", 1, at, cause) < 0 ||
	    rec_get_str(&c->author, v, "author", 1, at, cause) < 0 ||
	    rec_get_measure(&c->time, v, "time", at, cause) < 0 ||
	    rec_get_int(&merge, v, "merge", 0, at, cause) < 0)
		return -1;
	c->merge = merge != 0;
	c->brought = REC_NONE;
	return 0;
}

static int rec_place_merge_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_place_commit *m = e;

	memset(m, 0, sizeof *m);
	if (rec_check_object(j, where, "a merge", cause) < 0 ||
	    rec_get_int(&m->position, j, "position", 0, where, cause) < 0 ||
	    rec_get_str(&m->sha, j, "sha", 0, where, cause) < 0 ||
	    rec_get_str(&m->subject, j, "subject", 1, where, cause) < 0 ||
	    rec_get_measure(&m->time, j, "time", where, cause) < 0 ||
	    rec_get_str(&m->merge_subsystem, j, "merge_subsystem", 1, where, cause) < 0 ||
	    rec_get_str(&m->merge_source, j, "merge_source", 1, where, cause) < 0 ||
	    rec_get_measure(&m->brought, j, "brought", where, cause) < 0 ||
	    rec_get_int(&m->jobs, j, "jobs", 0, where, cause) < 0 ||
	    rec_get_int(&m->pending, j, "pending", 0, where, cause) < 0) {
		rec_place_commit_dispose(m);
		return -1;
	}
	m->merge = 1;
	return 0;
}

/* The window key of j, when present, into p. */
static int rec_place_window_decode(struct rec_place *p, const json_t *j, const char *where,
				   char **cause)
{
	const json_t *w = json_object_get(j, "window");
	char at[REC_WHERE_MAX];

	if (!w || json_is_null(w))
		return 0;
	snprintf(at, sizeof at, "%swindow.", where);
	if (rec_check_object(w, at, "a window", cause) < 0 ||
	    rec_get_str(&p->release, w, "release", 0, at, cause) < 0 ||
	    rec_get_str(&p->closed_by, w, "closed_by", 1, at, cause) < 0 ||
	    rec_get_str(&p->state, w, "state", 0, at, cause) < 0)
		return -1;
	return 0;
}

int rec_place_decode(struct rec_place *out, const json_t *j, const char *where, char **cause)
{
	memset(out, 0, sizeof *out);
	out->on_line = json_object_get(j, "merges_total") != NULL;
	if (rec_check_object(j, where, "a place", cause) < 0 ||
	    rec_get_str(&out->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_get_str(&out->branch, j, "branch", 1, where, cause) < 0 ||
	    rec_get_int(&out->merges_total, j, "merges_total", 1, where, cause) < 0 ||
	    rec_place_window_decode(out, j, where, cause) < 0 ||
	    rec_place_commit_decode(&out->good, j, "good", where, cause) < 0 ||
	    rec_place_commit_decode(&out->bad, j, "bad", where, cause) < 0 ||
	    rec_array_decode(&out->merges, &out->nmerges, sizeof *out->merges,
			     json_object_get(j, "merges"), where, "merges", rec_place_merge_decode,
			     cause) < 0) {
		rec_place_dispose(out);
		return -1;
	}
	return 0;
}

void rec_place_commit_dispose(struct rec_place_commit *c)
{
	if (!c)
		return;
	free(c->sha);
	free(c->subject);
	free(c->author);
	free(c->merge_subsystem);
	free(c->merge_source);
	memset(c, 0, sizeof *c);
}

/* rec_place_commit_dispose as an array's element. */
static void rec_place_merge_dispose(void *e)
{
	rec_place_commit_dispose(e);
}

void rec_place_dispose(struct rec_place *p)
{
	if (!p)
		return;
	free(p->tree);
	free(p->branch);
	free(p->release);
	free(p->closed_by);
	free(p->state);
	rec_place_commit_dispose(p->good);
	free(p->good);
	rec_place_commit_dispose(p->bad);
	free(p->bad);
	rec_array_dispose(p->merges, p->nmerges, sizeof *p->merges, rec_place_merge_dispose);
	memset(p, 0, sizeof *p);
}
