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

/* A string field of a record, "" for NULL. */
static const char *reports_str(const char *s)
{
	return s ? s : "";
}

static void reports_rows(struct buf *b, const struct rec_reports *reports)
{
	buf_adds(b, "<table class=\"reports\"><tr><th>report</th><th>created (UTC)</th>"
		 "<th>kind</th><th>subject</th><th>delivered</th><th>failed</th><th>held</th></tr>\n");
	for (size_t i = 0; i < reports->n; i++) {
		const struct rec_report *r = &reports->v[i];

		buf_printf(b, "<tr><td class=\"num\"><a href=\"/reports/%lld\">%lld</a></td>", r->id,
			   r->id);
		buf_adds(b, "<td>");
		html_time(b, r->created_at);
		buf_adds(b, "</td>");
		html_td(b, reports_str(r->kind));
		html_td(b, reports_str(r->subject));
		buf_printf(b, "<td class=\"num\">%lld of %lld</td>", r->delivered, r->deliveries);
		buf_printf(b, "<td class=\"num\">%lld</td>", r->failed);
		html_td(b, r->held ? "held" : "");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_reports(struct buf *b, const struct rec_reports *reports)
{
	html_page_begin(b, "Reports");
	if (!reports || !reports->n)
		html_empty(b, "no-reports", "No report has been made.",
			   "kpci reports a change group once it settles when <code>[alert] "
			   "enabled</code> is on (docs/reports.md).");
	else
		reports_rows(b, reports);
	html_page_end(b);
	return 0;
}

void page_change_reports(struct buf *b, const struct rec_reports *reports)
{
	buf_adds(b, "<h2 id=\"reports-head\">Reports</h2>\n");
	if (!reports || !reports->n)
		buf_adds(b, "<p class=\"muted\" id=\"reports\">No report has been sent about this "
			 "change.</p>\n");
	else
		reports_rows(b, reports);
}

/* One delivery's row of a report's recipients table. */
static void report_delivery(struct buf *b, const struct rec_delivery *d)
{
	buf_adds(b, "<tr>");
	html_td(b, reports_str(d->channel));
	buf_adds(b, "<td>");
	html_txt(b, reports_str(d->name));
	buf_adds(b, " &lt;");
	html_txt(b, reports_str(d->recipient));
	buf_adds(b, "&gt;</td>");
	html_td(b, reports_str(d->role));
	html_td(b, reports_str(d->why));
	buf_adds(b, "<td class=\"st-");
	html_attr(b, reports_str(d->state));
	buf_adds(b, "\">");
	html_txt(b, reports_str(d->state));
	buf_adds(b, "</td>");
	buf_printf(b, "<td class=\"num\">%lld</td><td>", d->attempts);
	html_time(b, d->sent_at);
	buf_adds(b, "</td>");
	html_td(b, reports_str(d->sent_to));
	html_td(b, reports_str(d->last_error));
	buf_adds(b, "</tr>\n");
}

int page_report(struct buf *b, const struct rec_report *r)
{
	char title[64];

	if (!r) {
		html_page_begin(b, "Error");
		buf_adds(b, "<p id=\"error\">No such report.</p>\n");
		html_page_end(b);
		return 0;
	}
	snprintf(title, sizeof title, "Report %lld", r->id);
	html_page_begin(b, title);
	buf_printf(b, "<p>About <a href=\"/changes/%lld\">change %lld</a> and its group, on the "
		   "%s <code>", r->change_id, r->change_id, r->bisection_id ? "culprit" : "commit");
	html_txt(b, reports_str(r->commit_sha));
	buf_adds(b, "</code>");
	if (r->held) {
		buf_adds(b, "; <strong id=\"held\">held by ");
		html_txt(b, reports_str(r->held_by));
		buf_adds(b, "</strong>");
	}
	buf_adds(b, ".</p>\n<h2>Recipients</h2>\n<table id=\"deliveries\"><tr><th>channel</th>"
		 "<th>recipient</th><th>role</th><th>why</th><th>state</th><th>attempts</th>"
		 "<th>sent (UTC)</th><th>sent to</th><th>last error</th></tr>\n");
	for (size_t i = 0; i < r->recipients.n; i++)
		report_delivery(b, &r->recipients.v[i]);
	buf_adds(b, "</table>\n<h2>Text</h2>\n<p><strong id=\"subject\">");
	html_txt(b, reports_str(r->subject));
	buf_adds(b, "</strong></p>\n<pre id=\"body\">");
	html_txt(b, reports_str(r->body));
	buf_adds(b, "</pre>\n<p class=\"muted\">Re-send or hold: <code>kpci report-resend ID</code>, "
		 "<code>kpci report-hold ID</code> (admin).</p>\n");
	html_page_end(b);
	return 0;
}
