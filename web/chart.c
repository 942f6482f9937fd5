/*
 * chart.c - the metric chart's data, shared by the series page and the
 * change page: a detail_series object (daemon/api_detail.c) turned into
 * the JSON web/static/kpci.js draws, embedded in the page beside the
 * div that shows it.  See web/chart.h for the shape.
 */
#include <string.h>

#include "web/chart.h"
#include "web/html.h"

int chart_by_commit(const json_t *s)
{
	return !strcmp(html_jstr(s, "ordered_by"), "commit");
}

long long chart_x(const json_t *p, int by_commit)
{
	const json_t *pos = json_object_get(p, "position");

	if (by_commit && json_is_integer(pos))
		return json_integer_value(pos);
	return json_integer_value(json_object_get(p, "index"));
}

/* The x-range a change covers: from its last good point to its first bad. */
static void chart_change_range(const json_t *c, int by_commit, json_t **from, json_t **to)
{
	const json_t *g = json_object_get(c, "good_position"), *bd = json_object_get(c, "bad_position");
	long long at = json_integer_value(json_object_get(c, "point_index"));

	if (by_commit && json_is_integer(bd)) {
		*to = json_integer(json_integer_value(bd));
		*from = json_integer(json_is_integer(g) ? json_integer_value(g) :
				     json_integer_value(bd) - 1);
	} else {
		*to = json_integer(at);
		*from = json_integer(at > 0 ? at - 1 : 0);
	}
}

/* One class's points as the chart wants them. */
static json_t *chart_points(const json_t *points, int by_commit)
{
	static const char *const copied[] = { "job_id", "value", "min", "max", "commit_sha",
					      "subject", "author", "time", NULL };
	json_t *out = json_array(), *p;
	size_t i;

	json_array_foreach(points, i, p) {
		json_t *o = json_pack("{s:I}", "x", (json_int_t)chart_x(p, by_commit));

		for (int k = 0; copied[k]; k++)
			if (json_object_get(p, copied[k]))
				json_object_set(o, copied[k], json_object_get(p, copied[k]));
		json_array_append_new(out, o);
	}
	return out;
}

/* Adds one class (its points, segments and changes) to classes and marks. */
static void chart_class(json_t *classes, json_t *marks, const char *name, long long series_id,
			const json_t *points, const json_t *segments, const json_t *changes,
			int by_commit)
{
	json_t *ch;
	size_t i;

	json_array_append_new(classes, json_pack("{s:s, s:I, s:o, s:O}", "name", name,
		"series_id", (json_int_t)series_id, "points", chart_points(points, by_commit),
		"segments", segments ? segments : json_null()));
	json_array_foreach(changes, i, ch) {
		json_t *from, *to;

		chart_change_range(ch, by_commit, &from, &to);
		json_array_append_new(marks, json_pack("{s:O, s:s, s:s, s:o, s:o}",
			"id", json_object_get(ch, "id"), "class", name,
			"direction", html_jstr(ch, "direction"), "from", from, "to", to));
	}
}

json_t *chart_of_series(const json_t *s, long long view_from, long long view_to)
{
	int by_commit = chart_by_commit(s);
	const json_t *o;
	json_t *chart, *classes = json_array(), *marks = json_array();
	size_t i;

	chart_class(classes, marks, html_jstr(s, "runner_class"),
		    json_integer_value(json_object_get(s, "id")), json_object_get(s, "points"),
		    json_object_get(s, "segments"), json_object_get(s, "changes"), by_commit);
	json_array_foreach(json_object_get(s, "overlay"), i, o)
		chart_class(classes, marks, html_jstr(o, "runner_class"),
			    json_integer_value(json_object_get(o, "series_id")),
			    json_object_get(o, "points"), json_object_get(o, "segments"),
			    json_object_get(o, "changes"), by_commit);
	chart = json_pack("{s:s, s:s, s:s, s:s, s:b, s:o, s:o, s:O}",
			  "unit", html_jstr(s, "unit"), "better", html_jstr(s, "better"),
			  "title", html_jstr(s, "metric"),
			  "x", by_commit ? "first-parent position" : "point (job order)",
			  "by_commit", by_commit, "classes", classes, "changes", marks,
			  "releases", by_commit ? json_object_get(s, "releases") : json_null());
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
