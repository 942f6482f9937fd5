/*
 * page_change.c - "/changes/ID": one detected change.  The numbers
 * before and after, the commit (or job) range, the points around it as
 * a table and a chart, its triage state and a triage form.  The form
 * posts to POST /api/v1/changes/ID/triage with the admin token pasted in
 * it (web/static/kpci.js adds the Authorization header; the page never
 * holds a token).  The bisection of the change's group (its culprit and
 * probe log, web/page_bisect.c) and the reports sent go after the range.
 */
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

static const char *const change_states[] = { "new", "confirmed", "bisecting",
	"culprit-found", "fixed", "invalid", "wontfix", NULL };

static void change_numbers(struct buf *b, const json_t *c)
{
	buf_adds(b, "<table id=\"numbers\"><tr><th></th><th>before</th><th>after</th></tr>\n"
		 "<tr><th>points</th>");
	html_td_int(b, c, "n_before");
	html_td_int(b, c, "n_after");
	buf_adds(b, "</tr>\n<tr><th>mean</th>");
	html_td_num(b, c, "mean_before");
	html_td_num(b, c, "mean_after");
	buf_adds(b, "</tr>\n<tr><th>median</th>");
	html_td_num(b, c, "median_before");
	html_td_num(b, c, "median_after");
	buf_adds(b, "</tr>\n<tr><th>standard deviation</th>");
	html_td_num(b, c, "sd_before");
	html_td_num(b, c, "sd_after");
	buf_adds(b, "</tr>\n</table>\n");
	buf_adds(b, "<p>");
	buf_adds(b, "<span class=\"");
	html_attr(b, html_jstr(c, "direction"));
	buf_adds(b, "\">");
	html_txt(b, html_jstr(c, "direction"));
	buf_printf(b, " of %+.2f%%</span>, p = %.3g, confidence %.3g; better is ",
		   100 * json_number_value(json_object_get(c, "magnitude")),
		   json_number_value(json_object_get(c, "pvalue")),
		   json_number_value(json_object_get(c, "confidence")));
	html_txt(b, html_jstr(c, "better"));
	buf_adds(b, ".</p>\n");
	if (*html_jstr(c, "verdict")) {
		buf_adds(b, "<p id=\"verdict\">Verdict, the job the unit: <strong>");
		html_txt(b, html_jstr(c, "verdict"));
		buf_adds(b, "</strong> &mdash; ");
		html_txt(b, html_jstr(c, "reason"));
		buf_adds(b, " <span class=\"muted\">(found by ");
		html_txt(b, html_jstr(c, "found_by"));
		buf_adds(b, ")</span></p>\n");
	}
}

static void change_range(struct buf *b, const json_t *c)
{
	const char *good = html_jstr(c, "good_sha"), *bad = html_jstr(c, "bad_sha");
	long long gj = json_integer_value(json_object_get(c, "good_job_id"));
	long long bj = json_integer_value(json_object_get(c, "bad_job_id"));

	buf_adds(b, "<h2>Range</h2>\n<p id=\"range\">");
	if (bad[0]) {
		buf_adds(b, "Commits after <code>");
		html_txt(b, good[0] ? good : "(the start)");
		buf_adds(b, "</code> up to and including <code>");
		html_txt(b, bad);
		buf_adds(b, "</code>.");
		if (good[0]) {
			buf_adds(b, " <a href=\"/compare?base=");
			html_url_arg(b, good);
			buf_adds(b, "&amp;head=");
			html_url_arg(b, bad);
			buf_adds(b, "\">Compare the two commits</a>.");
		}
	} else {
		buf_printf(b, "Jobs after <a href=\"/jobs/%lld\">%lld</a> up to and "
			   "including <a href=\"/jobs/%lld\">%lld</a> (the points have no "
			   "commit). <a href=\"/compare?base=job:%lld&amp;head=job:%lld\">Compare "
			   "the two jobs</a>.", gj, gj, bj, bj, gj, bj);
	}
	buf_adds(b, "</p>\n");
	page_change_bisection(b, json_object_get(c, "bisection"));  /* web/page_bisect.c */
}

static void change_points(struct buf *b, const json_t *c)
{
	const json_t *points = json_object_get(c, "points");
	long long bad_job = json_integer_value(json_object_get(c, "bad_job_id"));
	json_t *chart, *marks;
	size_t i;
	json_t *p;

	chart = json_pack("{s:O, s:s, s:s}", "points", points, "unit", html_jstr(c, "unit"),
			  "title", html_jstr(c, "metric"));
	marks = json_array();
	json_array_foreach(points, i, p)
		if (json_integer_value(json_object_get(p, "job_id")) == bad_job)
			json_array_append_new(marks, json_pack("{s:O, s:s}", "index",
				json_object_get(p, "index"), "direction", html_jstr(c, "direction")));
	json_object_set_new(chart, "changes", marks);
	buf_adds(b, "<h2>Points around the change</h2>\n"
		 "<div class=\"chart\" data-chart=\"chart-data\"></div>\n");
	html_json_script(b, "chart-data", chart);
	json_decref(chart);
	buf_adds(b, "<table id=\"points\"><tr><th>index</th><th>job</th><th>commit</th>"
		 "<th>value</th><th>iterations</th></tr>\n");
	json_array_foreach(points, i, p) {
		long long job = json_integer_value(json_object_get(p, "job_id"));

		buf_printf(b, "<tr%s>", job == bad_job ? " class=\"st-failed\"" : "");
		html_td_int(b, p, "index");
		buf_printf(b, "<td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td>",
			   job, job);
		buf_adds(b, "<td><code>");
		html_txt(b, html_jstr(p, "commit_sha"));
		buf_adds(b, "</code></td>");
		html_td_num(b, p, "value");
		html_td_int(b, p, "iterations");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void change_triage(struct buf *b, const json_t *c, long long id)
{
	buf_adds(b, "<h2>Triage</h2>\n<p>State: <strong id=\"state\">");
	html_txt(b, html_jstr(c, "state"));
	buf_adds(b, "</strong>");
	if (html_jstr(c, "note")[0]) {
		buf_adds(b, " &mdash; note: <span id=\"note\">");
		html_txt(b, html_jstr(c, "note"));
		buf_adds(b, "</span>");
	}
	buf_adds(b, "</p>\n");
	buf_printf(b, "<form id=\"triage\" method=\"post\" action=\"/api/v1/changes/%lld/triage\">"
		   "<label>state <select name=\"state\">", id);
	for (int i = 0; change_states[i]; i++)
		buf_printf(b, "<option>%s</option>", change_states[i]);
	buf_adds(b, "</select></label> <label>note <input name=\"note\" size=\"40\"></label> "
		 "<label>admin token <input name=\"token\" type=\"password\" autocomplete=\"off\">"
		 "</label> <button type=\"submit\">Set</button> "
		 "<output id=\"triage-result\"></output></form>\n"
		 "<p class=\"muted\">Triage needs an admin token and JavaScript (the token is sent "
		 "as an Authorization header and not kept).</p>\n");
}

/* A build failure (kind 'build-failure'): the failing and fixing builds
 * and the first error lines instead of numbers and points. */
static void change_build_failure(struct buf *b, const json_t *c)
{
	long long build = json_integer_value(json_object_get(c, "build_id"));
	long long fixed = json_integer_value(json_object_get(c, "fixed_build_id"));

	buf_printf(b, "<p id=\"build-failure\">Build <a href=\"/api/v1/builds/%lld\">%lld</a> "
		   "of config <code>", build, build);
	html_txt(b, html_jstr(c, "config_name"));
	buf_printf(b, "</code> failed after a good build (<a href=\"/api/v1/builds/%lld/log\">"
		   "log</a>).", build);
	if (fixed) {
		buf_printf(b, " Fixed by build <a href=\"/api/v1/builds/%lld\">%lld</a> of <code>",
			   fixed, fixed);
		html_txt(b, html_jstr(c, "fixed_sha"));
		buf_adds(b, "</code>.");
	}
	buf_adds(b, "</p>\n<h2>First error lines</h2>\n<pre id=\"detail\">");
	html_txt(b, html_jstr(c, "detail"));
	buf_adds(b, "</pre>\n");
}

int page_change(struct buf *b, const json_t *c)
{
	long long id = json_integer_value(json_object_get(c, "id"));
	long long series = json_integer_value(json_object_get(c, "series_id"));
	char title[64];

	snprintf(title, sizeof title, "Change %lld", id);
	html_page_begin(b, title);
	buf_printf(b, "<p>Metric <a href=\"/series/%lld\">", series);
	html_txt(b, html_jstr(c, "suite"));
	buf_adds(b, "/");
	html_txt(b, html_jstr(c, "metric"));
	buf_adds(b, "</a> (");
	html_txt(b, html_jstr(c, "unit"));
	buf_adds(b, ") on runner class ");
	html_txt(b, html_jstr(c, "runner_class"));
	buf_adds(b, ", detected ");
	html_time(b, json_integer_value(json_object_get(c, "detected_at")));
	buf_adds(b, " UTC.</p>\n");
	if (!strcmp(html_jstr(c, "kind"), "build-failure")) {
		change_build_failure(b, c);
		change_range(b, c);
	} else {
		change_numbers(b, c);
		change_range(b, c);
		change_points(b, c);
	}
	change_triage(b, c, id);
	page_change_reports(b, json_object_get(c, "reports"));     /* web/page_reports.c */
	html_chart_scripts(b);
	html_page_end(b);
	return 0;
}
