/*
 * page_compare.c - "/compare?base=A&head=B": the LKP-style table of
 * GET /api/v1/compare (base ± %stddev, %change with its 95% interval,
 * head ± %stddev, p and q after Benjamini-Hochberg, the three-way verdict
 * and its reason), with the form to pick the two sides.
 */
#include <stdio.h>

#include "web/html.h"
#include "web/pages.h"

static void compare_form(struct buf *b, const char *base, const char *head)
{
	buf_adds(b, "<form id=\"compare\" method=\"get\" action=\"/compare\">"
		 "<label>base <input name=\"base\" value=\"");
	html_attr(b, base ? base : "");
	buf_adds(b, "\"></label> <label>head <input name=\"head\" value=\"");
	html_attr(b, head ? head : "");
	buf_adds(b, "\"></label> <button type=\"submit\">Compare</button></form>\n"
		 "<p class=\"muted\">A side is a job (<code>job:ID</code>) or a commit id "
		 "(at least 7 hex digits).</p>\n");
}

static void compare_side(struct buf *b, const json_t *side)
{
	buf_printf(b, "<td class=\"num\">%.6g</td><td class=\"num\">&plusmn; %.1f%%</td>"
		   "<td class=\"num\">%lld&times;%lld</td>",
		   json_number_value(json_object_get(side, "mean")),
		   json_number_value(json_object_get(side, "stddev_percent")),
		   (long long)json_integer_value(json_object_get(side, "jobs")),
		   (long long)json_integer_value(json_object_get(side, "n")) /
		   (json_integer_value(json_object_get(side, "jobs")) ?
		    (long long)json_integer_value(json_object_get(side, "jobs")) : 1));
}

/* A p-value cell: two significant digits. */
static void compare_p(struct buf *b, const json_t *m, const char *key)
{
	const json_t *v = json_object_get(m, key);

	if (json_is_number(v))
		buf_printf(b, "<td class=\"num\">%.2g</td>", json_number_value(v));
	else
		buf_adds(b, "<td class=\"num\">-</td>");
}

/* "%+.1f% [lo, hi]" of a metric, or "-". */
static void compare_change(struct buf *b, const json_t *m, const char *dir)
{
	const json_t *ci = json_object_get(m, "ci95_percent");

	buf_adds(b, "<td class=\"num ");
	html_attr(b, dir);
	buf_adds(b, "\">");
	if (json_is_number(json_object_get(m, "change_percent")))
		buf_printf(b, "%+.1f%%", json_number_value(json_object_get(m, "change_percent")));
	else
		buf_adds(b, "-");
	if (json_is_number(json_array_get(ci, 0)))
		buf_printf(b, " <span class=\"muted\">[%+.1f%%, %+.1f%%]</span>",
			   json_number_value(json_array_get(ci, 0)),
			   json_number_value(json_array_get(ci, 1)));
	buf_adds(b, "</td>");
}

static void compare_table(struct buf *b, const json_t *r)
{
	const json_t *metrics = json_object_get(r, "metrics");
	size_t i;
	json_t *m;

	buf_printf(b, "<p id=\"counts\">%lld changed, %lld same, %lld inconclusive of %zu "
		   "compared (FDR %.3g; smallest effect that matters %.3g%%, or the metric's "
		   "between-job spread).  Inconclusive means more jobs or iterations would "
		   "decide; it is never the same as same.</p>\n",
		   (long long)json_integer_value(json_object_get(r, "changed")),
		   (long long)json_integer_value(json_object_get(r, "same")),
		   (long long)json_integer_value(json_object_get(r, "inconclusive")),
		   json_array_size(metrics), json_number_value(json_object_get(r, "alpha")),
		   json_number_value(json_object_get(r, "min_effect_percent")));
	buf_adds(b, "<table id=\"comparison\"><tr><th colspan=\"2\">base</th>"
		 "<th>jobs&times;iter</th><th>%change [95%]</th><th colspan=\"2\">head</th>"
		 "<th>jobs&times;iter</th><th>p</th><th>q</th><th>verdict</th><th>why</th>"
		 "<th>metric</th><th>runner class</th></tr>\n");
	json_array_foreach(metrics, i, m) {
		const char *dir = html_jstr(m, "direction"), *verdict = html_jstr(m, "verdict");

		buf_adds(b, "<tr data-verdict=\"");
		html_attr(b, verdict);
		buf_adds(b, "\">");
		compare_side(b, json_object_get(m, "base"));
		compare_change(b, m, dir);
		compare_side(b, json_object_get(m, "head"));
		compare_p(b, m, "p");
		compare_p(b, m, "q");
		buf_adds(b, "<td class=\"verdict ");
		html_attr(b, dir[0] ? dir : verdict);
		buf_adds(b, "\">");
		html_txt(b, verdict);
		if (dir[0]) {
			buf_adds(b, " (");
			html_txt(b, dir);
			buf_adds(b, ")");
		}
		buf_adds(b, "</td>");
		html_td(b, html_jstr(m, "reason"));
		html_td(b, html_jstr(m, "metric"));
		html_td(b, html_jstr(m, "runner_class"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_compare(struct buf *b, const char *base, const char *head, const json_t *report,
		 const char *error)
{
	html_page_begin(b, "Compare");
	compare_form(b, base, head);
	if (error) {
		buf_adds(b, "<p class=\"st-failed\" id=\"error\">");
		html_txt(b, error);
		buf_adds(b, "</p>\n");
	}
	if (report)
		compare_table(b, report);
	html_page_end(b);
	return 0;
}
