/*
 * page_compare.c - "/compare?base=A&head=B": the LKP-style table of
 * GET /api/v1/compare (base ± %stddev, %change, head ± %stddev, q after
 * Benjamini-Hochberg), with the form to pick the two sides.
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
	buf_printf(b, "<td class=\"num\">%.6g</td><td class=\"num\">&plusmn; %.1f%%</td>",
		   json_number_value(json_object_get(side, "mean")),
		   json_number_value(json_object_get(side, "stddev_percent")));
}

static void compare_table(struct buf *b, const json_t *r)
{
	const json_t *metrics = json_object_get(r, "metrics");
	size_t i;
	json_t *m;

	buf_printf(b, "<p>%lld changed of %zu compared (alpha %.3g).</p>\n",
		   (long long)json_integer_value(json_object_get(r, "changed")),
		   json_array_size(metrics), json_number_value(json_object_get(r, "alpha")));
	buf_adds(b, "<table id=\"comparison\"><tr><th colspan=\"2\">base</th><th>%change</th>"
		 "<th colspan=\"2\">head</th><th>q</th><th>verdict</th><th>metric</th>"
		 "<th>runner class</th></tr>\n");
	json_array_foreach(metrics, i, m) {
		const char *dir = html_jstr(m, "direction");

		buf_adds(b, "<tr>");
		compare_side(b, json_object_get(m, "base"));
		buf_adds(b, "<td class=\"num ");
		html_attr(b, dir);
		buf_printf(b, "\">%+.1f%%</td>",
			   json_number_value(json_object_get(m, "change_percent")));
		compare_side(b, json_object_get(m, "head"));
		html_td_num(b, m, "q");
		buf_adds(b, "<td class=\"");
		html_attr(b, dir);
		buf_adds(b, "\">");
		html_txt(b, html_jstr(m, "verdict"));
		if (dir[0]) {
			buf_adds(b, " (");
			html_txt(b, dir);
			buf_adds(b, ")");
		}
		buf_adds(b, "</td>");
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
