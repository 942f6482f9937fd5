/*
 * page_series.c - "/series/ID": the metric chart.  One metric of one
 * suite along one branch, measured on the series' runner class and on the
 * other classes chosen with ?classes=A,B, drawn by web/static/kpci.js as
 * one line per class over first-parent positions (job order when the jobs
 * had no commit), with release tags as labelled vertical lines and each
 * change's commit range shaded.  Without JavaScript the same numbers are
 * in tables: changes, releases, and the points (one column per class, a
 * page of PAGE_ROWS positions per ?page=), each point linking to its job.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

#define SERIES_MAX_CLASSES 16       /* columns of the points table */

/* The classes drawn: the series' own, then the overlaid ones. */
struct series_class {
	const char *name;
	long long series_id;
	const json_t *points, *changes;
};

static int series_by_commit(const json_t *s)
{
	return !strcmp(html_jstr(s, "ordered_by"), "commit");
}

/* A point's x: its first-parent position, or its index in job order. */
static long long series_x(const json_t *p, int by_commit)
{
	const json_t *pos = json_object_get(p, "position");

	if (by_commit && json_is_integer(pos))
		return json_integer_value(pos);
	return json_integer_value(json_object_get(p, "index"));
}

static size_t series_classes(struct series_class *c, const json_t *s)
{
	const json_t *overlay = json_object_get(s, "overlay"), *o;
	size_t n = 1, i;

	c[0].name = html_jstr(s, "runner_class");
	c[0].series_id = json_integer_value(json_object_get(s, "id"));
	c[0].points = json_object_get(s, "points");
	c[0].changes = json_object_get(s, "changes");
	json_array_foreach(overlay, i, o) {
		if (n == SERIES_MAX_CLASSES)
			break;
		c[n].name = html_jstr(o, "runner_class");
		c[n].series_id = json_integer_value(json_object_get(o, "series_id"));
		c[n].points = json_object_get(o, "points");
		c[n].changes = json_object_get(o, "changes");
		n++;
	}
	return n;
}

/* The x-range a change covers: from its last good point to its first bad. */
static void series_change_range(const json_t *c, int by_commit, json_t **from, json_t **to)
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

static void series_chart(struct buf *b, const json_t *s, const struct series_class *c,
			 size_t nc)
{
	int by_commit = series_by_commit(s);
	json_t *chart, *classes = json_array(), *marks = json_array();

	for (size_t k = 0; k < nc; k++) {
		json_t *pts = json_array(), *p, *ch;
		size_t i;

		json_array_foreach(c[k].points, i, p) {
			json_t *o = json_pack("{s:I, s:O, s:O, s:O}", "x", (json_int_t)series_x(p, by_commit),
					      "job_id", json_object_get(p, "job_id"),
					      "value", json_object_get(p, "value"),
					      "commit_sha", json_object_get(p, "commit_sha"));

			if (json_object_get(p, "subject"))
				json_object_set(o, "subject", json_object_get(p, "subject"));
			if (json_object_get(p, "author"))
				json_object_set(o, "author", json_object_get(p, "author"));
			json_array_append_new(pts, o);
		}
		json_array_append_new(classes, json_pack("{s:s, s:I, s:o}", "name", c[k].name,
			"series_id", (json_int_t)c[k].series_id, "points", pts));
		json_array_foreach(c[k].changes, i, ch) {
			json_t *from, *to;

			series_change_range(ch, by_commit, &from, &to);
			json_array_append_new(marks, json_pack("{s:O, s:s, s:s, s:o, s:o}",
				"id", json_object_get(ch, "id"), "class", c[k].name,
				"direction", html_jstr(ch, "direction"), "from", from, "to", to));
		}
	}
	chart = json_pack("{s:s, s:s, s:s, s:o, s:o, s:O}", "unit", html_jstr(s, "unit"),
			  "title", html_jstr(s, "metric"),
			  "x", by_commit ? "first-parent position" : "point (job order)",
			  "classes", classes, "changes", marks,
			  "releases", by_commit ? json_object_get(s, "releases") : json_null());
	buf_adds(b, "<div class=\"chart\" id=\"series-chart\" data-chart=\"chart-data\"></div>\n");
	html_json_script(b, "chart-data", chart);
	json_decref(chart);
}

/* The ?classes= value with cls added (add) or removed. */
static void series_classes_arg(struct buf *b, const json_t *s, const char *cls, int add)
{
	const json_t *sel = json_object_get(s, "selected"), *v;
	size_t i;
	int first = 1;

	json_array_foreach(sel, i, v) {
		if (i == 0 || !strcmp(json_string_value(v), cls))
			continue;
		if (!first)
			buf_adds(b, ",");
		html_url_arg(b, json_string_value(v));
		first = 0;
	}
	if (add) {
		if (!first)
			buf_adds(b, ",");
		html_url_arg(b, cls);
	}
}

static int series_selected(const json_t *s, const char *cls)
{
	const json_t *v;
	size_t i;

	json_array_foreach(json_object_get(s, "selected"), i, v)
		if (!strcmp(json_string_value(v), cls))
			return 1;
	return 0;
}

/* Links that add or remove the other runner classes of the same metric. */
static void series_chooser(struct buf *b, const json_t *s, long long id)
{
	const json_t *all = json_object_get(s, "classes"), *o;
	size_t i;

	if (json_array_size(all) < 2)
		return;
	buf_adds(b, "<p id=\"class-chooser\">Runner classes: ");
	json_array_foreach(all, i, o) {
		const char *cls = html_jstr(o, "runner_class");
		long long oid = json_integer_value(json_object_get(o, "id"));
		int sel = series_selected(s, cls);

		if (oid == id) {
			buf_adds(b, "<strong>");
			html_txt(b, cls);
			buf_adds(b, "</strong> ");
			continue;
		}
		buf_printf(b, "<a class=\"class-%s\" href=\"/series/%lld?classes=",
			   sel ? "on" : "off", id);
		series_classes_arg(b, s, cls, !sel);
		buf_adds(b, "\">");
		buf_adds(b, sel ? "− " : "+ ");
		html_txt(b, cls);
		buf_printf(b, "</a> (<a href=\"/series/%lld\">alone</a>) ", oid);
	}
	buf_adds(b, "</p>\n");
}

static void series_changes(struct buf *b, const struct series_class *c, size_t nc)
{
	size_t n = 0;

	for (size_t k = 0; k < nc; k++)
		n += json_array_size(c[k].changes);
	buf_adds(b, "<h2>Changes</h2>\n");
	if (!n) {
		buf_adds(b, "<p class=\"muted\">No change found in this series.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"series-changes\"><tr><th>change</th><th>class</th>"
		 "<th>at point</th><th>range (positions)</th><th>direction</th><th>change</th>"
		 "<th>state</th></tr>\n");
	for (size_t k = 0; k < nc; k++) {
		size_t i;
		json_t *ch;

		json_array_foreach(c[k].changes, i, ch) {
			long long id = json_integer_value(json_object_get(ch, "id"));

			buf_printf(b, "<tr><td><a class=\"change-link\" href=\"/changes/%lld\">%lld</a>"
				   "</td>", id, id);
			html_td(b, c[k].name);
			html_td_int(b, ch, "point_index");
			buf_adds(b, "<td>");
			if (json_is_integer(json_object_get(ch, "bad_position")))
				buf_printf(b, "%lld..%lld", (long long)json_integer_value(
					json_object_get(ch, "good_position")), (long long)
					json_integer_value(json_object_get(ch, "bad_position")));
			buf_adds(b, "</td><td class=\"");
			html_attr(b, html_jstr(ch, "direction"));
			buf_adds(b, "\">");
			html_txt(b, html_jstr(ch, "direction"));
			buf_printf(b, "</td><td class=\"num\">%+.2f%%</td>",
				   100 * json_number_value(json_object_get(ch, "magnitude")));
			html_td(b, html_jstr(ch, "state"));
			buf_adds(b, "</tr>\n");
		}
	}
	buf_adds(b, "</table>\n");
}

static void series_releases(struct buf *b, const json_t *releases)
{
	size_t i;
	json_t *r;

	if (!json_array_size(releases))
		return;
	buf_adds(b, "<h2>Releases</h2>\n<table id=\"series-releases\"><tr><th>tag</th>"
		 "<th>kind</th><th>position</th></tr>\n");
	json_array_foreach(releases, i, r) {
		buf_adds(b, "<tr>");
		html_td(b, html_jstr(r, "name"));
		html_td(b, html_jstr(r, "kind"));
		html_td_int(b, r, "position");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static int series_cmp_x(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* The distinct x of every class's points, sorted, into *out (caller frees). */
static size_t series_xs(long long **out, const struct series_class *c, size_t nc, int by_commit)
{
	size_t n = 0, m = 0;
	long long *xs;

	for (size_t k = 0; k < nc; k++)
		n += json_array_size(c[k].points);
	xs = malloc((n ? n : 1) * sizeof *xs);
	*out = xs;
	if (!xs)
		return 0;
	for (size_t k = 0; k < nc; k++)
		for (size_t i = 0; i < json_array_size(c[k].points); i++)
			xs[m++] = series_x(json_array_get(c[k].points, i), by_commit);
	qsort(xs, m, sizeof *xs, series_cmp_x);
	n = 0;
	for (size_t i = 0; i < m; i++)
		if (!n || xs[n - 1] != xs[i])
			xs[n++] = xs[i];
	return n;
}

static void series_cell(struct buf *b, const json_t *p)
{
	long long job = json_integer_value(json_object_get(p, "job_id"));

	buf_adds(b, "<td class=\"num\">");
	buf_printf(b, "%.6g", json_number_value(json_object_get(p, "value")));
	buf_printf(b, " <a href=\"/jobs/%lld\">job %lld</a></td>", job, job);
}

static void series_points(struct buf *b, const json_t *s, const struct series_class *c,
			  size_t nc, const char *base, int page)
{
	int by_commit = series_by_commit(s);
	long long *xs;
	size_t n = series_xs(&xs, c, nc, by_commit), from = (size_t)(page - 1) * PAGE_ROWS;
	size_t cur[SERIES_MAX_CLASSES] = { 0 };

	buf_printf(b, "<h2>Points (%zu %s)</h2>\n", n, by_commit ? "positions" : "points");
	buf_printf(b, "<table id=\"points\"><tr><th>%s</th><th>commit</th><th>subject</th>",
		   by_commit ? "position" : "index");
	for (size_t k = 0; k < nc; k++) {
		buf_adds(b, "<th>");
		html_txt(b, c[k].name);
		buf_adds(b, "</th>");
	}
	buf_adds(b, "</tr>\n");
	for (size_t r = from; r < n && r < from + PAGE_ROWS; r++) {
		const json_t *first = NULL;

		buf_printf(b, "<tr><td class=\"num\">%lld</td>", xs[r]);
		for (size_t k = 0; k < nc; k++) {
			const json_t *pts = c[k].points;

			while (cur[k] < json_array_size(pts) &&
			       series_x(json_array_get(pts, cur[k]), by_commit) < xs[r])
				cur[k]++;
			if (!first && cur[k] < json_array_size(pts) &&
			    series_x(json_array_get(pts, cur[k]), by_commit) == xs[r])
				first = json_array_get(pts, cur[k]);
		}
		buf_adds(b, "<td><code>");
		html_txt(b, html_jstr(first, "commit_sha"));
		buf_adds(b, "</code></td>");
		html_td(b, html_jstr(first, "subject"));
		for (size_t k = 0; k < nc; k++) {
			const json_t *p = json_array_get(c[k].points, cur[k]);

			if (p && series_x(p, by_commit) == xs[r])
				series_cell(b, p);
			else
				buf_adds(b, "<td></td>");
		}
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	html_pager(b, base, page, from + PAGE_ROWS < n);
	free(xs);
}

int page_series(struct buf *b, const json_t *s, int page)
{
	long long id = json_integer_value(json_object_get(s, "id"));
	struct series_class c[SERIES_MAX_CLASSES];
	size_t nc = series_classes(c, s);
	struct buf title, base;

	buf_init(&title, 1024);
	buf_adds(&title, html_jstr(s, "suite"));
	buf_adds(&title, "/");
	buf_adds(&title, html_jstr(s, "metric"));
	buf_adds(&title, " on ");
	buf_adds(&title, html_jstr(s, "runner_class"));
	html_page_begin(b, buf_str(&title));
	buf_dispose(&title);
	buf_init(&base, 1024);
	buf_printf(&base, "/series/%lld", id);
	if (nc > 1) {
		buf_adds(&base, "?classes=");
		series_classes_arg(&base, s, "", 0);
	}
	buf_adds(b, "<p>Unit ");
	html_txt(b, html_jstr(s, "unit"));
	buf_adds(b, ", ");
	html_txt(b, html_jstr(s, "better"));
	buf_adds(b, " is better; branch ");
	html_txt(b, html_jstr(s, "branch"));
	buf_adds(b, "; points in ");
	html_txt(b, html_jstr(s, "ordered_by")[0] ? html_jstr(s, "ordered_by") : "job");
	buf_adds(b, " order. <a id=\"series-json\" href=\"/api/v1");
	buf_adds(b, buf_str(&base) + 0);
	buf_adds(b, "\">JSON</a></p>\n");
	series_chooser(b, s, id);
	series_chart(b, s, c, nc);
	series_changes(b, c, nc);
	series_releases(b, json_object_get(s, "releases"));
	series_points(b, s, c, nc, buf_str(&base), page);
	buf_dispose(&base);
	html_chart_scripts(b);
	html_page_end(b);
	return 0;
}
