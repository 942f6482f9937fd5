// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_series.c - the series record (lib/rec.h): a metric measured on a
 * runner class along a branch, with the points, segments, changes,
 * releases and other runner classes its chart draws.  GET
 * /api/v1/series/ID answers rec_series_encode; the page fuzzer reads it
 * back with rec_series_decode.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_series.h"

/* key of j, an array of records (absent/null: none), as rec_array_decode. */
static int rec_get_array(void *out, size_t *n, size_t size, const json_t *j, const char *key,
			 rec_elem_decode_fn *decode, const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	if (!v || json_is_null(v))
		return 0;
	return rec_array_decode(out, n, size, v, where, key, decode, cause);
}

/* The series' "releases" (absent/null: none) into *out. */
static int rec_series_releases_decode(struct rec_releases *out, const json_t *j,
				      const char *where, char **cause)
{
	const json_t *v = json_object_get(j, "releases");
	char *inner = NULL;

	if (!v || json_is_null(v))
		return 0;
	if (rec_releases_decode(out, v, &inner) == 0)
		return 0;
	fail_cause(cause, "%s%s", where, inner ? inner : "releases: out of memory");
	free(inner);
	return -1;
}

static json_t *rec_point_encode(const void *elem)
{
	const struct rec_point *p = elem;
	json_t *j = json_pack("{s:I, s:o, s:I, s:o, s:f, s:f, s:f, s:I}",
			      "index", (json_int_t)p->index,
			      "position", p->position == REC_NONE ? json_null() :
			      json_integer(p->position), "job_id", (json_int_t)p->job_id,
			      "commit_sha", rec_str_json(p->commit_sha), "value", p->value,
			      "min", p->min, "max", p->max, "iterations", (json_int_t)p->iterations);

	if (j && p->has_commit &&
	    (json_object_set_new(j, "subject", rec_str_json(p->subject)) < 0 ||
	     json_object_set_new(j, "author", rec_str_json(p->author)) < 0 ||
	     json_object_set_new(j, "time", rec_id_json(p->time)) < 0)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static json_t *rec_points_encode(const struct rec_point *v, size_t n)
{
	return rec_array_encode(v, n, sizeof *v, rec_point_encode);
}

static json_t *rec_segment_encode(const void *elem)
{
	const struct rec_segment *g = elem;

	return json_pack("{s:I, s:I, s:I, s:f, s:f, s:o}", "from", (json_int_t)g->from,
			 "to", (json_int_t)g->to, "points", (json_int_t)g->points,
			 "mean", g->mean, "sd", g->sd, "sd_from", rec_str_json(g->sd_from));
}

json_t *rec_segments_encode(const struct rec_segment *v, size_t n)
{
	return rec_array_encode(v, n, sizeof *v, rec_segment_encode);
}

static json_t *rec_series_change_encode(const void *elem)
{
	const struct rec_series_change *c = elem;
	json_t *j = rec_change_encode(&c->change);

	if (j && (json_object_set_new(j, "good_position", rec_measure_json(c->good_position)) < 0 ||
		  json_object_set_new(j, "bad_position", rec_measure_json(c->bad_position)) < 0)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

json_t *rec_series_changes_encode(const struct rec_series_changes *l)
{
	return rec_array_encode(l->v, l->n, sizeof *l->v, rec_series_change_encode);
}

static json_t *rec_overlay_encode(const void *elem)
{
	const struct rec_series_overlay *o = elem;

	return json_pack("{s:I, s:o, s:o, s:o, s:o}", "series_id", (json_int_t)o->series_id,
			 "runner_class", rec_str_json(o->runner_class),
			 "points", rec_points_encode(o->points, o->npoints),
			 "changes", rec_series_changes_encode(&o->changes),
			 "segments", rec_segments_encode(o->segments, o->nsegments));
}

static json_t *rec_selected_encode(const void *elem)
{
	char *const *name = elem;

	return rec_str_json(*name);
}

static json_t *rec_class_encode(const void *elem)
{
	const struct rec_series_class *c = elem;

	return json_pack("{s:I, s:o, s:I}", "id", (json_int_t)c->id,
			 "runner_class", rec_str_json(c->runner_class),
			 "points", (json_int_t)c->points);
}

/* The chart's arrays of s (and from, to) into j. */
static int rec_series_encode_more(json_t *j, const struct rec_series *s)
{
	json_t *more = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:o}",
				 "releases", rec_releases_encode(&s->releases),
				 "changes", rec_series_changes_encode(&s->changes),
				 "segments", rec_segments_encode(s->segments, s->nsegments),
				 "overlay", rec_array_encode(s->overlay, s->noverlay,
							     sizeof *s->overlay, rec_overlay_encode),
				 "selected", rec_array_encode(s->selected, s->nselected,
							      sizeof *s->selected,
							      rec_selected_encode),
				 "classes", rec_array_encode(s->classes, s->nclasses,
							     sizeof *s->classes, rec_class_encode),
				 "from", (json_int_t)s->from,
				 "to", s->to == REC_NONE ? json_null() : json_integer(s->to));
	int rc = more ? json_object_update(j, more) : -1;

	json_decref(more);
	return rc;
}

json_t *rec_series_encode(const struct rec_series *s)
{
	json_t *j = json_pack("{s:I, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:o, s:o, "
			      "s:o}", "id", (json_int_t)s->id, "metric_id", (json_int_t)s->metric_id,
			      "suite", rec_str_json(s->suite), "metric", rec_str_json(s->metric),
			      "unit", rec_str_json(s->unit), "better", rec_str_json(s->better),
			      "runner_class", rec_str_json(s->runner_class),
			      "config_name", rec_str_json(s->config_name),
			      "ordered_by", rec_str_json(s->ordered_by),
			      "points", rec_points_encode(s->points, s->npoints),
			      "noisy", (json_int_t)s->noisy,
			      "analyzed_at", rec_id_json(s->analyzed_at),
			      "branch", rec_str_json(s->branch), "tree", rec_str_json(s->tree));

	if (j && rec_series_encode_more(j, s) < 0) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static void rec_point_dispose(void *elem)
{
	struct rec_point *p = elem;

	free(p->commit_sha);
	free(p->subject);
	free(p->author);
}

void rec_points_free(struct rec_point *v, size_t n)
{
	rec_array_dispose(v, n, sizeof *v, rec_point_dispose);
}

static void rec_segment_dispose(void *elem)
{
	struct rec_segment *g = elem;

	free(g->sd_from);
}

static void rec_series_change_dispose(void *elem)
{
	struct rec_series_change *c = elem;

	rec_change_dispose(&c->change);
}

void rec_series_changes_dispose(struct rec_series_changes *l)
{
	if (!l)
		return;
	rec_array_dispose(l->v, l->n, sizeof *l->v, rec_series_change_dispose);
	l->v = NULL;
	l->n = 0;
}

static void rec_overlay_dispose(void *elem)
{
	struct rec_series_overlay *o = elem;

	free(o->runner_class);
	rec_points_free(o->points, o->npoints);
	rec_series_changes_dispose(&o->changes);
	rec_array_dispose(o->segments, o->nsegments, sizeof *o->segments, rec_segment_dispose);
}

static void rec_selected_dispose(void *elem)
{
	char **name = elem;

	free(*name);
}

static void rec_class_dispose(void *elem)
{
	struct rec_series_class *c = elem;

	free(c->runner_class);
}

/* The element decoders of rec_get_array (where: "KEY[I]."). */
static int rec_point_decode(void *elem, const json_t *x, const char *where, char **cause)
{
	const json_t *pos = json_object_get(x, "position");
	struct rec_point *p = elem;

	if (rec_check_object(x, where, "a point", cause) < 0 ||
	    rec_get_int(&p->index, x, "index", 0, where, cause) < 0 ||
	    rec_get_int(&p->position, x, "position", 1, where, cause) < 0 ||
	    rec_get_int(&p->job_id, x, "job_id", 0, where, cause) < 0 ||
	    rec_get_str(&p->commit_sha, x, "commit_sha", 1, where, cause) < 0 ||
	    rec_get_num(&p->value, x, "value", 0, 0, where, cause) < 0 ||
	    rec_get_num(&p->min, x, "min", 1, p->value, where, cause) < 0 ||
	    rec_get_num(&p->max, x, "max", 1, p->value, where, cause) < 0 ||
	    rec_get_int(&p->iterations, x, "iterations", 1, where, cause) < 0)
		return -1;
	if (!pos || json_is_null(pos))
		p->position = REC_NONE;
	p->has_commit = json_object_get(x, "subject") || json_object_get(x, "author") ||
			json_object_get(x, "time");
	if (rec_get_str(&p->subject, x, "subject", 1, where, cause) < 0 ||
	    rec_get_str(&p->author, x, "author", 1, where, cause) < 0 ||
	    rec_get_int(&p->time, x, "time", 1, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_segment_decode(void *elem, const json_t *x, const char *where, char **cause)
{
	struct rec_segment *g = elem;

	if (rec_check_object(x, where, "a segment", cause) < 0 ||
	    rec_get_int(&g->from, x, "from", 0, where, cause) < 0 ||
	    rec_get_int(&g->to, x, "to", 0, where, cause) < 0 ||
	    rec_get_int(&g->points, x, "points", 0, where, cause) < 0 ||
	    rec_get_num(&g->mean, x, "mean", 0, 0, where, cause) < 0 ||
	    rec_get_num(&g->sd, x, "sd", 0, 0, where, cause) < 0 ||
	    rec_get_str(&g->sd_from, x, "sd_from", 0, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_series_change_decode(void *elem, const json_t *x, const char *where,
				    char **cause)
{
	struct rec_series_change *c = elem;

	if (rec_change_decode(&c->change, x, where, cause) < 0 ||
	    rec_get_measure(&c->good_position, x, "good_position", where, cause) < 0 ||
	    rec_get_measure(&c->bad_position, x, "bad_position", where, cause) < 0)
		return -1;
	return 0;
}

int rec_series_changes_decode(struct rec_series_changes *out, const json_t *arr, char **cause)
{
	if (rec_array_decode(&out->v, &out->n, sizeof *out->v, arr, "", "changes",
			     rec_series_change_decode, cause) == 0)
		return 0;
	rec_series_changes_dispose(out);
	return -1;
}

static int rec_overlay_decode(void *elem, const json_t *x, const char *where, char **cause)
{
	struct rec_series_overlay *o = elem;

	if (rec_check_object(x, where, "an overlay", cause) < 0 ||
	    rec_get_int(&o->series_id, x, "series_id", 0, where, cause) < 0 ||
	    rec_get_str(&o->runner_class, x, "runner_class", 0, where, cause) < 0 ||
	    rec_get_array(&o->points, &o->npoints, sizeof *o->points, x, "points",
			  rec_point_decode, where, cause) < 0 ||
	    rec_get_array(&o->changes.v, &o->changes.n, sizeof *o->changes.v, x, "changes",
			  rec_series_change_decode, where, cause) < 0 ||
	    rec_get_array(&o->segments, &o->nsegments, sizeof *o->segments, x, "segments",
			  rec_segment_decode, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_class_decode(void *elem, const json_t *x, const char *where, char **cause)
{
	struct rec_series_class *c = elem;

	if (rec_check_object(x, where, "a class", cause) < 0 ||
	    rec_get_int(&c->id, x, "id", 0, where, cause) < 0 ||
	    rec_get_str(&c->runner_class, x, "runner_class", 0, where, cause) < 0 ||
	    rec_get_int(&c->points, x, "points", 1, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_selected_decode(void *elem, const json_t *x, const char *where, char **cause)
{
	char **name = elem;

	if (!json_is_string(x))
		return fail_cause(cause, "%.*s must be a string", (int)strlen(where) - 1, where);
	*name = strdup(json_string_value(x));
	return *name ? 0 : fail_cause(cause, "out of memory");
}

int rec_series_decode(struct rec_series *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_series *s = out;
	const json_t *to = json_object_get(j, "to");

	memset(s, 0, sizeof *s);
	if (rec_check_object(j, where, "a series", cause) < 0 ||
	    rec_get_int(&s->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&s->metric_id, j, "metric_id", 1, where, cause) < 0 ||
	    rec_get_str(&s->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&s->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&s->unit, j, "unit", 0, where, cause) < 0 ||
	    rec_get_str(&s->better, j, "better", 0, where, cause) < 0 ||
	    rec_get_str(&s->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_str(&s->config_name, j, "config_name", 1, where, cause) < 0 ||
	    rec_get_str(&s->ordered_by, j, "ordered_by", 1, where, cause) < 0 ||
	    rec_get_array(&s->points, &s->npoints, sizeof *s->points, j, "points",
			 rec_point_decode, where, cause) < 0 ||
	    rec_get_int(&s->noisy, j, "noisy", 1, where, cause) < 0 ||
	    rec_get_int(&s->analyzed_at, j, "analyzed_at", 1, where, cause) < 0 ||
	    rec_get_str(&s->branch, j, "branch", 1, where, cause) < 0 ||
	    rec_get_str(&s->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_series_releases_decode(&s->releases, j, where, cause) < 0 ||
	    rec_get_array(&s->changes.v, &s->changes.n, sizeof *s->changes.v, j, "changes",
			 rec_series_change_decode, where, cause) < 0 ||
	    rec_get_array(&s->segments, &s->nsegments, sizeof *s->segments, j, "segments",
			 rec_segment_decode, where, cause) < 0 ||
	    rec_get_array(&s->overlay, &s->noverlay, sizeof *s->overlay, j, "overlay",
			 rec_overlay_decode, where, cause) < 0 ||
	    rec_get_array(&s->selected, &s->nselected, sizeof *s->selected, j,
			 "selected", rec_selected_decode, where, cause) < 0 ||
	    rec_get_array(&s->classes, &s->nclasses, sizeof *s->classes, j, "classes",
			 rec_class_decode, where, cause) < 0 ||
	    rec_get_int(&s->from, j, "from", 1, where, cause) < 0 ||
	    rec_get_int(&s->to, j, "to", 1, where, cause) < 0) {
		rec_series_dispose(s);
		return -1;
	}
	if (!to || json_is_null(to))
		s->to = REC_NONE;
	return 0;
}

void rec_series_dispose(struct rec_series *s)
{
	if (!s)
		return;
	free(s->suite);
	free(s->metric);
	free(s->unit);
	free(s->better);
	free(s->runner_class);
	free(s->config_name);
	free(s->ordered_by);
	free(s->branch);
	free(s->tree);
	rec_points_free(s->points, s->npoints);
	rec_releases_dispose(&s->releases);
	rec_series_changes_dispose(&s->changes);
	rec_array_dispose(s->segments, s->nsegments, sizeof *s->segments, rec_segment_dispose);
	rec_array_dispose(s->overlay, s->noverlay, sizeof *s->overlay, rec_overlay_dispose);
	rec_array_dispose(s->selected, s->nselected, sizeof *s->selected, rec_selected_dispose);
	rec_array_dispose(s->classes, s->nclasses, sizeof *s->classes, rec_class_dispose);
	memset(s, 0, sizeof *s);
}
