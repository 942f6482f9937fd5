// SPDX-License-Identifier: GPL-2.0-only
/*
 * chart.c - the metric chart's data, shared by the series page and the
 * change page: a series record (daemon/api/api_detail.c fills it) turned into
 * the JSON web/static/kpci.js draws, embedded in the page beside the
 * div that shows it.  See web/chart.h for the shape.
 */
#include <string.h>

#include "web/chart.h"
#include "web/html.h"

int chart_by_commit(const struct rec_series *s)
{
	return s->ordered_by && !strcmp(s->ordered_by, "commit");
}

long long chart_x(const struct rec_point *p, int by_commit)
{
	return by_commit && p->position != REC_NONE ? p->position : p->index;
}

/* The x-range [*from, *to] a change covers: from its last good point to
 * its first bad. */
static void chart_change_range(const struct rec_series_change *c, int by_commit,
			       long long *from, long long *to)
{
	long long at = c->change.point_index == REC_NONE ? 0 : c->change.point_index;

	if (by_commit && c->bad_position != REC_NONE) {
		*to = c->bad_position;
		*from = c->good_position != REC_NONE ? c->good_position : c->bad_position - 1;
	} else {
		*to = at;
		*from = at > 0 ? at - 1 : 0;
	}
}

/* s as a JSON string, null for NULL. */
static json_t *chart_str(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* One point as the chart wants it. */
static json_t *chart_point(const struct rec_point *p, int by_commit)
{
	json_t *o = json_pack("{s:I, s:I, s:f, s:f, s:f, s:o}", "x", (json_int_t)chart_x(p, by_commit),
			      "job_id", (json_int_t)p->job_id, "value", p->value, "min", p->min,
			      "max", p->max, "commit_sha", chart_str(p->commit_sha));

	if (o && p->has_commit) {
		json_object_set_new(o, "subject", chart_str(p->subject));
		json_object_set_new(o, "author", chart_str(p->author));
		json_object_set_new(o, "time", p->time ? json_integer(p->time) : json_null());
	}
	return o;
}

/* Adds one class (its points, segments and changes) to classes and marks. */
static void chart_class(json_t *classes, json_t *marks, const char *name, long long series_id,
			const struct rec_point *points, size_t npoints,
			const struct rec_segment *segments, size_t nsegments,
			const struct rec_series_changes *changes, int by_commit)
{
	json_t *pts = json_array();
	size_t i;

	for (i = 0; pts && i < npoints; i++)
		json_array_append_new(pts, chart_point(&points[i], by_commit));
	json_array_append_new(classes, json_pack("{s:s, s:I, s:o, s:o}", "name", name ? name : "",
		"series_id", (json_int_t)series_id, "points", pts,
		"segments", rec_segments_encode(segments, nsegments)));
	for (i = 0; i < changes->n; i++) {
		const struct rec_series_change *ch = &changes->v[i];
		long long from, to;

		chart_change_range(ch, by_commit, &from, &to);
		json_array_append_new(marks, json_pack("{s:I, s:s, s:s, s:I, s:I}",
			"id", (json_int_t)ch->change.id, "class", name ? name : "",
			"direction", ch->change.direction ? ch->change.direction : "",
			"from", (json_int_t)from, "to", (json_int_t)to));
	}
}

json_t *chart_of_series(const struct rec_series *s, long long view_from, long long view_to)
{
	int by_commit = chart_by_commit(s);
	json_t *chart, *classes = json_array(), *marks = json_array();

	chart_class(classes, marks, s->runner_class, s->id, s->points, s->npoints, s->segments,
		    s->nsegments, &s->changes, by_commit);
	for (size_t i = 0; i < s->noverlay; i++) {
		const struct rec_series_overlay *o = &s->overlay[i];

		chart_class(classes, marks, o->runner_class, o->series_id, o->points, o->npoints,
			    o->segments, o->nsegments, &o->changes, by_commit);
	}
	chart = json_pack("{s:s, s:s, s:s, s:s, s:b, s:o, s:o, s:o}",
			  "unit", s->unit ? s->unit : "", "better", s->better ? s->better : "",
			  "title", s->metric ? s->metric : "",
			  "x", by_commit ? "first-parent position" : "point (job order)",
			  "by_commit", by_commit, "classes", classes, "changes", marks,
			  "releases", by_commit ? rec_releases_encode(&s->releases) : json_null());
	if (chart && view_from >= 0 && view_to > view_from)
		json_object_set_new(chart, "view", json_pack("[I, I]", (json_int_t)view_from,
							     (json_int_t)view_to));
	return chart;
}

void chart_div(struct buf *b, const char *id, const json_t *chart)
{
	char data[80];

	snprintf(data, sizeof data, "%s-data", id);
	buf_adds(b, "<div class=\"chart\" id=\"");
	html_attr(b, id);
	buf_adds(b, "\" data-chart=\"");
	html_attr(b, data);
	buf_adds(b, "\"></div>\n");
	html_json_script(b, data, chart);
}
