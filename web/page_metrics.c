// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_metrics.c - "/series?q=": the metrics index.  One row per metric
 * (suite/name, unit, which way is better) whose name holds the search
 * text, and a column per runner class measuring any of them: a sparkline
 * of the series' newest points (an inline SVG drawn here, so it shows
 * without JavaScript), its latest value and its changes, linking to the
 * series' chart.  PAGE_ROWS metrics a page.
 */
#include <stdio.h>
#include <string.h>

#include "db/db.h"
#include "web/html.h"
#include "web/pages.h"

#define METRICS_MAX_CLASSES 16      /* runner class columns shown */
#define METRICS_SPARK_W 120         /* sparkline size, CSS pixels */
#define METRICS_SPARK_H 26
#define METRICS_SPARK_SPAN 0.05     /* a sparkline spans 5% of its level at least */

/* The sparkline of s as an inline SVG polyline, its last point a dot. */
static void metrics_spark(struct buf *b, const struct db_series_brief *s)
{
	double lo = s->spark[0], hi = s->spark[0], mid, span;
	size_t n = s->nspark;

	if (!n)
		return;
	for (size_t i = 1; i < n; i++) {
		lo = s->spark[i] < lo ? s->spark[i] : lo;
		hi = s->spark[i] > hi ? s->spark[i] : hi;
	}
	/* at least METRICS_SPARK_SPAN of the middle value high: noise of a
	 * few tenths of a percent stays a flat line, not a signal */
	mid = (lo + hi) / 2;
	span = METRICS_SPARK_SPAN * (mid < 0 ? -mid : mid);
	if (hi - lo < span) {
		lo = mid - span / 2;
		hi = mid + span / 2;
	}
	buf_printf(b, "<svg class=\"spark\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		   "role=\"img\" aria-label=\"the last %zu points\"><polyline fill=\"none\" "
		   "stroke=\"#036\" stroke-width=\"1.2\" points=\"", METRICS_SPARK_W, METRICS_SPARK_H,
		   METRICS_SPARK_W, METRICS_SPARK_H, n);
	for (size_t i = 0; i < n; i++) {
		double x = n > 1 ? 2 + (METRICS_SPARK_W - 6) * (double)i / (double)(n - 1) : 2;
		double y = hi > lo ? 2 + (METRICS_SPARK_H - 4) * (hi - s->spark[i]) / (hi - lo) :
			   METRICS_SPARK_H / 2.0;

		buf_printf(b, "%s%.1f,%.1f", i ? " " : "", x, y);
		if (i == n - 1) {
			buf_printf(b, "\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"#036\"/>", x, y);
		}
	}
	buf_adds(b, "</svg>");
}

/* The distinct runner classes of the page, sorted, into cls; their number. */
static size_t metrics_classes(const char **cls, const struct db_series_brief *s, size_t n)
{
	size_t nc = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k = 0;

		while (k < nc && strcmp(cls[k], s[i].runner_class) < 0)
			k++;
		if ((k < nc && !strcmp(cls[k], s[i].runner_class)) || nc == METRICS_MAX_CLASSES)
			continue;
		memmove(cls + k + 1, cls + k, (nc - k) * sizeof *cls);
		cls[k] = s[i].runner_class;
		nc++;
	}
	return nc;
}

static void metrics_cell(struct buf *b, const struct db_series_brief *s)
{
	buf_printf(b, "<td class=\"series\" data-series=\"%lld\"><a class=\"series-link\" "
		   "href=\"/series/%lld\">", s->id, s->id);
	metrics_spark(b, s);
	if (s->nspark) {
		buf_adds(b, " <span class=\"num latest\">");
		html_number(b, s->spark[s->nspark - 1]);
		buf_adds(b, "</span>");
	} else {
		buf_adds(b, " <span class=\"muted\">no point yet</span>");
	}
	buf_adds(b, "</a>");
	if (s->changes)
		buf_printf(b, " <a class=\"changes-link\" href=\"/changes?view=metrics&amp;"
			   "series=%lld\">%lld change%s</a>", s->id, s->changes,
			   s->changes == 1 ? "" : "s");
	if (s->noisy)
		buf_adds(b, " <span class=\"muted\">noisy</span>");
	buf_adds(b, "</td>");
}

int page_metrics(struct buf *b, const struct db_series_brief *s, size_t n, const char *q,
		 int page, int more)
{
	const char *cls[METRICS_MAX_CLASSES];
	size_t nc = metrics_classes(cls, s, n);
	struct buf base;

	html_page_begin(b, "Metrics");
	buf_adds(b, "<form class=\"filters\" id=\"metric-search\" method=\"get\" action=\"/series\">"
		 "<label>suite or metric <input name=\"q\" type=\"search\" size=\"24\" value=\"");
	html_attr(b, q ? q : "");
	buf_adds(b, "\"></label> <button type=\"submit\">Search</button></form>\n");
	if (!n) {
		if (q && *q)
			html_empty(b, "no-metrics", "No metric name holds this text.",
				   "<a href=\"/series\">Show every metric</a>.");
		else
			html_empty(b, "no-metrics", "No metric has been measured yet.",
				   "A metric appears with the first result of a bench job: start a "
				   "runner and queue a job (<code>kpci submit --suite kbench</code>).");
		html_page_end(b);
		return 0;
	}
	buf_adds(b, "<p class=\"muted\">Each series: its newest points (the median of each "
		 "job) and the latest value; follow it to the chart.</p>\n<table id=\"metrics\">"
		 "<tr><th>metric</th><th>unit</th>");
	for (size_t k = 0; k < nc; k++) {
		buf_adds(b, "<th>");
		html_txt(b, cls[k]);
		buf_adds(b, "</th>");
	}
	buf_adds(b, "</tr>\n");
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && s[j].metric_id == s[i].metric_id; j++)
			;
		buf_printf(b, "<tr data-metric=\"%lld\"><td>", s[i].metric_id);
		html_series_link(b, s[i].id, s[i].suite, s[i].metric);
		buf_adds(b, "</td><td class=\"nowrap\">");
		html_txt(b, s[i].unit);
		buf_adds(b, " <span class=\"muted\">");
		html_txt(b, s[i].better);
		buf_adds(b, " better</span></td>");
		for (size_t k = 0; k < nc; k++) {
			size_t at = i;

			while (at < j && strcmp(s[at].runner_class, cls[k]))
				at++;
			if (at < j)
				metrics_cell(b, &s[at]);
			else
				buf_adds(b, "<td></td>");
		}
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	buf_init(&base, 1024);
	buf_adds(&base, "/series");
	if (q && *q) {
		buf_adds(&base, "?q=");
		html_url_arg(&base, q);
	}
	html_pager(b, buf_str(&base), page, more);
	buf_dispose(&base);
	html_page_end(b);
	return 0;
}
