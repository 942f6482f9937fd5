/*
 * rec_series.c - the series record (lib/rec.h): a metric measured on a
 * runner class along a branch, with the points, segments, changes,
 * releases and other runner classes its chart draws.  GET
 * /api/v1/series/ID answers rec_series_encode; the page fuzzer reads it
 * back with rec_series_decode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"

#define REC_WHERE_MAX 96            /* bytes of a nested field's path */

/* key of j: a number, or absent/null when nullable (*out dflt). */
static int rec_get_num(double *out, const json_t *j, const char *key, int nullable, double dflt,
		       const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = dflt;
	if (!v || json_is_null(v))
		return nullable ? 0 : fail_cause(cause, "%s%s is missing", where, key);
	if (!json_is_number(v))
		return fail_cause(cause, "%s%s must be a number", where, key);
	*out = json_number_value(v);
	return 0;
}

/* Reads one element x of an array into the record at rec; at names x. */
typedef int rec_elem_fn(void *rec, const json_t *x, const char *at, char **cause);

/* key of j: an array of at most REC_MAX_ROWS (absent/null: none) into
 * records of size bytes (zeroed, then read one by one by elem) at a
 * pointer whose address is out; *n of them read, the one that failed
 * included. */
static int rec_get_each(void *out, size_t *n, size_t size, const json_t *j, const char *key,
			rec_elem_fn *elem, const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);
	char at[REC_WHERE_MAX], *recs = NULL;

	*n = 0;
	memcpy(out, &recs, sizeof recs);
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) > REC_MAX_ROWS)
		return fail_cause(cause, "%s%s must be an array of at most %d", where, key,
				  REC_MAX_ROWS);
	recs = calloc(json_array_size(v) + 1, size);
	if (!recs)
		return fail_cause(cause, "out of memory");
	memcpy(out, &recs, sizeof recs);
	while (*n < json_array_size(v)) {
		const json_t *x = json_array_get(v, *n);

		snprintf(at, sizeof at, "%s%s[%zu]", where, key, *n);
		if (elem(recs + (*n)++ * size, x, at, cause) < 0)
			return -1;
	}
	return 0;
}

static json_t *rec_point_encode(const struct rec_point *p)
{
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
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++) {
		if (json_array_append_new(arr, rec_point_encode(&v[i])) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

json_t *rec_segments_encode(const struct rec_segment *v, size_t n)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++) {
		json_t *seg = json_pack("{s:I, s:I, s:I, s:f, s:f, s:o}",
					"from", (json_int_t)v[i].from, "to", (json_int_t)v[i].to,
					"points", (json_int_t)v[i].points, "mean", v[i].mean,
					"sd", v[i].sd, "sd_from", rec_str_json(v[i].sd_from));

		if (json_array_append_new(arr, seg) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

static json_t *rec_overlay_encode(const struct rec_series_overlay *o)
{
	return json_pack("{s:I, s:o, s:o, s:o, s:o}", "series_id", (json_int_t)o->series_id,
			 "runner_class", rec_str_json(o->runner_class),
			 "points", rec_points_encode(o->points, o->npoints),
			 "changes", rec_any_json(o->changes),
			 "segments", rec_segments_encode(o->segments, o->nsegments));
}

/* The chart's arrays of s (and from, to) into j. */
static int rec_series_encode_more(json_t *j, const struct rec_series *s)
{
	json_t *overlay = json_array(), *selected = json_array(), *classes = json_array();
	json_t *more;
	int rc = overlay && selected && classes ? 0 : -1;

	for (size_t i = 0; !rc && i < s->noverlay; i++)
		rc = json_array_append_new(overlay, rec_overlay_encode(&s->overlay[i]));
	for (size_t i = 0; !rc && i < s->nselected; i++)
		rc = json_array_append_new(selected, rec_str_json(s->selected[i]));
	for (size_t i = 0; !rc && i < s->nclasses; i++)
		rc = json_array_append_new(classes, json_pack("{s:I, s:o, s:I}",
			"id", (json_int_t)s->classes[i].id,
			"runner_class", rec_str_json(s->classes[i].runner_class),
			"points", (json_int_t)s->classes[i].points));
	more = rc ? NULL : json_pack("{s:o, s:o, s:o, s:O, s:O, s:O, s:I, s:o}",
				     "releases", rec_any_json(s->releases),
				     "changes", rec_any_json(s->changes),
				     "segments", rec_segments_encode(s->segments, s->nsegments),
				     "overlay", overlay, "selected", selected, "classes", classes,
				     "from", (json_int_t)s->from,
				     "to", s->to == REC_NONE ? json_null() : json_integer(s->to));
	rc = more ? json_object_update(j, more) : -1;
	json_decref(more);
	json_decref(overlay);
	json_decref(selected);
	json_decref(classes);
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

static void rec_point_dispose(struct rec_point *p)
{
	free(p->commit_sha);
	free(p->subject);
	free(p->author);
}

void rec_points_free(struct rec_point *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rec_point_dispose(&v[i]);
	free(v);
}

static void rec_segments_free(struct rec_segment *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].sd_from);
	free(v);
}

/* "AT." in where[REC_WHERE_MAX] when x is an object: the prefix of its
 * fields' names. */
static int rec_object_at(char *where, const json_t *x, const char *at, char **cause)
{
	if (!json_is_object(x))
		return fail_cause(cause, "%s must be an object", at);
	snprintf(where, REC_WHERE_MAX, "%s.", at);
	return 0;
}

/* The element decoders of rec_get_each (at: "KEY[I]"). */
static int rec_point_decode(void *rec, const json_t *x, const char *at, char **cause)
{
	const json_t *pos = json_object_get(x, "position");
	struct rec_point *p = rec;
	char where[REC_WHERE_MAX];

	if (rec_object_at(where, x, at, cause) < 0 ||
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

static int rec_segment_decode(void *rec, const json_t *x, const char *at, char **cause)
{
	struct rec_segment *g = rec;
	char where[REC_WHERE_MAX];

	if (rec_object_at(where, x, at, cause) < 0 ||
	    rec_get_int(&g->from, x, "from", 0, where, cause) < 0 ||
	    rec_get_int(&g->to, x, "to", 0, where, cause) < 0 ||
	    rec_get_int(&g->points, x, "points", 0, where, cause) < 0 ||
	    rec_get_num(&g->mean, x, "mean", 0, 0, where, cause) < 0 ||
	    rec_get_num(&g->sd, x, "sd", 0, 0, where, cause) < 0 ||
	    rec_get_str(&g->sd_from, x, "sd_from", 0, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_overlay_decode(void *rec, const json_t *x, const char *at, char **cause)
{
	struct rec_series_overlay *o = rec;
	char where[REC_WHERE_MAX];

	if (rec_object_at(where, x, at, cause) < 0 ||
	    rec_get_int(&o->series_id, x, "series_id", 0, where, cause) < 0 ||
	    rec_get_str(&o->runner_class, x, "runner_class", 0, where, cause) < 0 ||
	    rec_get_each(&o->points, &o->npoints, sizeof *o->points, x, "points",
			 rec_point_decode, where, cause) < 0 ||
	    rec_get_any(&o->changes, x, "changes", where, cause) < 0 ||
	    rec_get_each(&o->segments, &o->nsegments, sizeof *o->segments, x,
			 "segments", rec_segment_decode, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_class_decode(void *rec, const json_t *x, const char *at, char **cause)
{
	struct rec_series_class *c = rec;
	char where[REC_WHERE_MAX];

	if (rec_object_at(where, x, at, cause) < 0 ||
	    rec_get_int(&c->id, x, "id", 0, where, cause) < 0 ||
	    rec_get_str(&c->runner_class, x, "runner_class", 0, where, cause) < 0 ||
	    rec_get_int(&c->points, x, "points", 1, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_selected_decode(void *rec, const json_t *x, const char *at, char **cause)
{
	char **name = rec;

	if (!json_is_string(x))
		return fail_cause(cause, "%s must be a string", at);
	*name = strdup(json_string_value(x));
	return *name ? 0 : fail_cause(cause, "out of memory");
}

int rec_series_decode(struct rec_series *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_series *s = out;
	const json_t *to = json_object_get(j, "to");

	memset(s, 0, sizeof *s);
	if (!json_is_object(j))
		return fail_cause(cause, "%s must be an object", *where ? where : "a series");
	if (rec_get_int(&s->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&s->metric_id, j, "metric_id", 1, where, cause) < 0 ||
	    rec_get_str(&s->suite, j, "suite", 0, where, cause) < 0 ||
	    rec_get_str(&s->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&s->unit, j, "unit", 0, where, cause) < 0 ||
	    rec_get_str(&s->better, j, "better", 0, where, cause) < 0 ||
	    rec_get_str(&s->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_str(&s->config_name, j, "config_name", 1, where, cause) < 0 ||
	    rec_get_str(&s->ordered_by, j, "ordered_by", 1, where, cause) < 0 ||
	    rec_get_each(&s->points, &s->npoints, sizeof *s->points, j, "points",
			 rec_point_decode, where, cause) < 0 ||
	    rec_get_int(&s->noisy, j, "noisy", 1, where, cause) < 0 ||
	    rec_get_int(&s->analyzed_at, j, "analyzed_at", 1, where, cause) < 0 ||
	    rec_get_str(&s->branch, j, "branch", 1, where, cause) < 0 ||
	    rec_get_str(&s->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_get_any(&s->releases, j, "releases", where, cause) < 0 ||
	    rec_get_any(&s->changes, j, "changes", where, cause) < 0 ||
	    rec_get_each(&s->segments, &s->nsegments, sizeof *s->segments, j, "segments",
			 rec_segment_decode, where, cause) < 0 ||
	    rec_get_each(&s->overlay, &s->noverlay, sizeof *s->overlay, j, "overlay",
			 rec_overlay_decode, where, cause) < 0 ||
	    rec_get_each(&s->selected, &s->nselected, sizeof *s->selected, j,
			 "selected", rec_selected_decode, where, cause) < 0 ||
	    rec_get_each(&s->classes, &s->nclasses, sizeof *s->classes, j, "classes",
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
	json_decref(s->releases);
	json_decref(s->changes);
	rec_segments_free(s->segments, s->nsegments);
	for (size_t i = 0; i < s->noverlay; i++) {
		free(s->overlay[i].runner_class);
		rec_points_free(s->overlay[i].points, s->overlay[i].npoints);
		json_decref(s->overlay[i].changes);
		rec_segments_free(s->overlay[i].segments, s->overlay[i].nsegments);
	}
	free(s->overlay);
	for (size_t i = 0; i < s->nselected; i++)
		free(s->selected[i]);
	free(s->selected);
	for (size_t i = 0; i < s->nclasses; i++)
		free(s->classes[i].runner_class);
	free(s->classes);
	memset(s, 0, sizeof *s);
}
