/*
 * page_series.c - "/series/ID": one series (a metric on a runner class)
 * as a chart of its points in order (first-parent position, or job order
 * when the jobs had no commit), with its changes marked, and the points
 * as a table (paginated with ?page=) where each point links to its job.
 */
#include <stdio.h>

#include "web/html.h"
#include "web/pages.h"

static void series_changes(struct buf *b, const json_t *changes)
{
	size_t i;
	json_t *c;

	buf_adds(b, "<h2>Changes</h2>\n");
	if (!json_array_size(changes)) {
		buf_adds(b, "<p class=\"muted\">No change found in this series.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"series-changes\"><tr><th>change</th><th>at point</th>"
		 "<th>direction</th><th>change</th><th>state</th></tr>\n");
	json_array_foreach(changes, i, c) {
		long long id = json_integer_value(json_object_get(c, "id"));

		buf_printf(b, "<tr><td><a class=\"change-link\" href=\"/changes/%lld\">%lld</a></td>",
			   id, id);
		html_td_int(b, c, "point_index");
		buf_adds(b, "<td class=\"");
		html_attr(b, html_jstr(c, "direction"));
		buf_adds(b, "\">");
		html_txt(b, html_jstr(c, "direction"));
		buf_printf(b, "</td><td class=\"num\">%+.2f%%</td>",
			   100 * json_number_value(json_object_get(c, "magnitude")));
		html_td(b, html_jstr(c, "state"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void series_chart(struct buf *b, const json_t *s)
{
	const json_t *changes = json_object_get(s, "changes");
	json_t *chart, *marks = json_array(), *c;
	size_t i;

	json_array_foreach(changes, i, c)
		json_array_append_new(marks, json_pack("{s:O, s:s, s:O}", "index",
			json_object_get(c, "point_index"), "direction", html_jstr(c, "direction"),
			"id", json_object_get(c, "id")));
	chart = json_pack("{s:O, s:s, s:s, s:o}", "points", json_object_get(s, "points"),
			  "unit", html_jstr(s, "unit"), "title", html_jstr(s, "metric"),
			  "changes", marks);
	buf_adds(b, "<div class=\"chart\" data-chart=\"chart-data\"></div>\n");
	html_json_script(b, "chart-data", chart);
	json_decref(chart);
}

static void series_points(struct buf *b, const json_t *points, long long id, int page)
{
	size_t n = json_array_size(points), from = (size_t)(page - 1) * PAGE_ROWS;
	char base[64];

	buf_printf(b, "<h2>Points (%zu)</h2>\n", n);
	buf_adds(b, "<table id=\"points\"><tr><th>index</th><th>job</th><th>commit</th>"
		 "<th>value</th><th>iterations</th></tr>\n");
	for (size_t i = from; i < n && i < from + PAGE_ROWS; i++) {
		const json_t *p = json_array_get(points, i);
		long long job = json_integer_value(json_object_get(p, "job_id"));

		buf_adds(b, "<tr>");
		html_td_int(b, p, "index");
		buf_printf(b, "<td class=\"num\"><a href=\"/api/v1/jobs/%lld\">%lld</a></td>",
			   job, job);
		buf_adds(b, "<td><code>");
		html_txt(b, html_jstr(p, "commit_sha"));
		buf_adds(b, "</code></td>");
		html_td_num(b, p, "value");
		html_td_int(b, p, "iterations");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	snprintf(base, sizeof base, "/series/%lld", id);
	html_pager(b, base, page, from + PAGE_ROWS < n);
}

int page_series(struct buf *b, const json_t *s, int page)
{
	long long id = json_integer_value(json_object_get(s, "id"));
	struct buf title;

	buf_init(&title, 1024);
	buf_adds(&title, html_jstr(s, "suite"));
	buf_adds(&title, "/");
	buf_adds(&title, html_jstr(s, "metric"));
	buf_adds(&title, " on ");
	buf_adds(&title, html_jstr(s, "runner_class"));
	html_page_begin(b, buf_str(&title));
	buf_free(&title);
	buf_adds(b, "<p>Unit ");
	html_txt(b, html_jstr(s, "unit"));
	buf_adds(b, ", ");
	html_txt(b, html_jstr(s, "better"));
	buf_adds(b, " is better; points in ");
	html_txt(b, html_jstr(s, "ordered_by")[0] ? html_jstr(s, "ordered_by") : "job");
	buf_printf(b, " order. <a href=\"/api/v1/series/%lld\">JSON</a></p>\n", id);
	series_chart(b, s);
	series_changes(b, json_object_get(s, "changes"));
	series_points(b, json_object_get(s, "points"), id, page);
	html_chart_scripts(b);
	html_page_end(b);
	return 0;
}
