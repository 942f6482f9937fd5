// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_reports.c - "/reports" (the reports kpcid sent, newest first),
 * "/reports/ID" (one report: its text as mailed and its delivery state
 * per recipient) and the reports section of a change's page.  Subjects,
 * bodies and names come from commits: everything goes through html_txt.
 */
#include <stdio.h>

#include "web/html.h"
#include "web/pages.h"

static void reports_rows(struct buf *b, const json_t *reports)
{
	const json_t *r;
	size_t i;

	buf_adds(b, "<table class=\"reports\"><tr><th>report</th><th>created (UTC)</th>"
		 "<th>kind</th><th>subject</th><th>delivered</th><th>failed</th><th>held</th></tr>\n");
	json_array_foreach(reports, i, r) {
		long long id = json_integer_value(json_object_get(r, "id"));

		buf_printf(b, "<tr><td class=\"num\"><a href=\"/reports/%lld\">%lld</a></td>", id, id);
		html_td_time(b, r, "created_at");
		html_td(b, html_jstr(r, "kind"));
		html_td(b, html_jstr(r, "subject"));
		buf_printf(b, "<td class=\"num\">%lld of %lld</td>",
			   (long long)json_integer_value(json_object_get(r, "delivered")),
			   (long long)json_integer_value(json_object_get(r, "deliveries")));
		html_td_int(b, r, "failed");
		html_td(b, json_integer_value(json_object_get(r, "held")) ? "held" : "");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_reports(struct buf *b, const json_t *reports)
{
	html_page_begin(b, "Reports");
	if (!json_array_size(reports))
		html_empty(b, "no-reports", "No report has been made.",
			   "kpci reports a change group once it settles when <code>[alert] "
			   "enabled</code> is on (docs/reports.md).");
	else
		reports_rows(b, reports);
	html_page_end(b);
	return 0;
}

void page_change_reports(struct buf *b, const json_t *reports)
{
	buf_adds(b, "<h2 id=\"reports-head\">Reports</h2>\n");
	if (!json_array_size(reports))
		buf_adds(b, "<p class=\"muted\" id=\"reports\">No report has been sent about this "
			 "change.</p>\n");
	else
		reports_rows(b, reports);
}

int page_report(struct buf *b, const json_t *r)
{
	const json_t *d;
	char title[64];
	size_t i;

	if (!r) {
		html_page_begin(b, "Error");
		buf_adds(b, "<p id=\"error\">No such report.</p>\n");
		html_page_end(b);
		return 0;
	}
	snprintf(title, sizeof title, "Report %lld",
		 (long long)json_integer_value(json_object_get(r, "id")));
	html_page_begin(b, title);
	buf_printf(b, "<p>About <a href=\"/changes/%lld\">change %lld</a> and its group, on the "
		   "%s <code>", (long long)json_integer_value(json_object_get(r, "change_id")),
		   (long long)json_integer_value(json_object_get(r, "change_id")),
		   json_integer_value(json_object_get(r, "bisection_id")) ? "culprit" : "commit");
	html_txt(b, html_jstr(r, "commit_sha"));
	buf_adds(b, "</code>");
	if (json_integer_value(json_object_get(r, "held"))) {
		buf_adds(b, "; <strong id=\"held\">held by ");
		html_txt(b, html_jstr(r, "held_by"));
		buf_adds(b, "</strong>");
	}
	buf_adds(b, ".</p>\n<h2>Recipients</h2>\n<table id=\"deliveries\"><tr><th>channel</th>"
		 "<th>recipient</th><th>role</th><th>why</th><th>state</th><th>attempts</th>"
		 "<th>sent (UTC)</th><th>sent to</th><th>last error</th></tr>\n");
	json_array_foreach(json_object_get(r, "recipients"), i, d) {
		buf_adds(b, "<tr>");
		html_td(b, html_jstr(d, "channel"));
		buf_adds(b, "<td>");
		html_txt(b, html_jstr(d, "name"));
		buf_adds(b, " &lt;");
		html_txt(b, html_jstr(d, "recipient"));
		buf_adds(b, "&gt;</td>");
		html_td(b, html_jstr(d, "role"));
		html_td(b, html_jstr(d, "why"));
		buf_adds(b, "<td class=\"st-");
		html_attr(b, html_jstr(d, "state"));
		buf_adds(b, "\">");
		html_txt(b, html_jstr(d, "state"));
		buf_adds(b, "</td>");
		html_td_int(b, d, "attempts");
		html_td_time(b, d, "sent_at");
		html_td(b, html_jstr(d, "sent_to"));
		html_td(b, html_jstr(d, "last_error"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n<h2>Text</h2>\n<p><strong id=\"subject\">");
	html_txt(b, html_jstr(r, "subject"));
	buf_adds(b, "</strong></p>\n<pre id=\"body\">");
	html_txt(b, html_jstr(r, "body"));
	buf_adds(b, "</pre>\n<p class=\"muted\">Re-send or hold: <code>kpci report-resend ID</code>, "
		 "<code>kpci report-hold ID</code> (admin).</p>\n");
	html_page_end(b);
	return 0;
}
