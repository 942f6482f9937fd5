// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_series.c - "/series/ID": the metric chart.  One metric of one
 * suite along one branch, measured on the series' runner class and on the
 * other classes chosen with ?classes=A,B, drawn by web/static/kpci.js
 * (data from web/chart.c) as one line per class over first-parent
 * positions (job order when the jobs had no commit), with each point's
 * min-max whisker, a noise band per segment, release tags and each
 * change's commit range.  Above it, where the series lies (tree, branch,
 * runner class), its unit and latest value; under it, the changes, the
 * releases and the points (one column per class, the newest first, a page
 * of PAGE_ROWS positions per ?page=), each point linking to its job.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/chart.h"
#include "web/html.h"
#include "web/pages.h"

#define SERIES_MAX_CLASSES 16       /* columns of the points table */

/* The classes drawn: the series' own, then the overlaid ones. */
struct series_class {
	const char *name;
	long long series_id;
	const struct rec_point *points;
	size_t npoints;
	const struct rec_series_changes *changes;
};

/* s, "" for NULL. */
static const char *series_text(const char *s)
{
	return s ? s : "";
}

static size_t series_classes(struct series_class *c, const struct rec_series *s)
{
	size_t n = 1;

	c[0] = (struct series_class){ series_text(s->runner_class), s->id, s->points, s->npoints,
				      &s->changes };
	for (size_t i = 0; i < s->noverlay && n < SERIES_MAX_CLASSES; i++) {
		const struct rec_series_overlay *o = &s->overlay[i];

		c[n++] = (struct series_class){ series_text(o->runner_class), o->series_id,
						o->points, o->npoints, &o->changes };
	}
	return n;
}

/* The ?classes= value with cls added (add) or removed. */
static void series_classes_arg(struct buf *b, const struct rec_series *s, const char *cls,
			       int add)
{
	int first = 1;

	for (size_t i = 1; i < s->nselected; i++) {
		if (!strcmp(s->selected[i], cls))
			continue;
		if (!first)
			buf_adds(b, ",");
		html_url_arg(b, s->selected[i]);
		first = 0;
	}
	if (add) {
		if (!first)
			buf_adds(b, ",");
		html_url_arg(b, cls);
	}
}

static int series_selected(const struct rec_series *s, const char *cls)
{
	for (size_t i = 0; i < s->nselected; i++)
		if (!strcmp(s->selected[i], cls))
			return 1;
	return 0;
}

/* Links that add or remove the other runner classes of the same metric. */
static void series_chooser(struct buf *b, const struct rec_series *s, long long id)
{
	if (s->nclasses < 2)
		return;
	buf_adds(b, "<p id=\"class-chooser\">Runner classes: ");
	for (size_t i = 0; i < s->nclasses; i++) {
		const char *cls = s->classes[i].runner_class;
		long long oid = s->classes[i].id;
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

/* The x range a link zooms the chart to around a change: its commit range
 * and ten times its width on each side. */
static void series_zoom(struct buf *b, long long id, const struct rec_series_change *ch)
{
	long long lo, hi, w;

	if (ch->bad_position == REC_NONE)
		return;
	hi = ch->bad_position;
	lo = ch->good_position != REC_NONE ? ch->good_position : hi - 1;
	w = hi - lo > 0 ? hi - lo : 1;
	buf_printf(b, " <a class=\"zoom-link\" href=\"/series/%lld?from=%lld&amp;to=%lld\">zoom</a>",
		   id, lo - 10 * w > 0 ? lo - 10 * w : 0, hi + 10 * w);
}

/* One row of the changes table: change ch of class c. */
static void series_change_row(struct buf *b, const struct series_class *c,
			      const struct rec_series_change *ch)
{
	const struct rec_change *x = &ch->change;

	buf_printf(b, "<tr><td class=\"num\"><a class=\"change-link\" "
		   "href=\"/changes/%lld\">%lld</a></td>", x->id, x->id);
	html_td(b, c->name);
	html_td_measure(b, x->point_index);
	buf_adds(b, "<td class=\"num\">");
	if (ch->bad_position != REC_NONE) {
		buf_printf(b, "%lld..%lld", ch->good_position == REC_NONE ? 0 : ch->good_position,
			   ch->bad_position);
		series_zoom(b, c->series_id, ch);
	}
	buf_adds(b, "</td><td class=\"");
	html_attr(b, series_text(x->direction));
	buf_adds(b, "\">");
	html_txt(b, series_text(x->direction));
	buf_printf(b, "</td><td class=\"num\">%+.2f%%</td>",
		   100 * (isfinite(x->magnitude) ? x->magnitude : 0));
	if (isfinite(x->percent_lo) && isfinite(x->percent_hi))
		buf_printf(b, "<td class=\"num\">[%+.1f%%, %+.1f%%]</td>", x->percent_lo,
			   x->percent_hi);
	else
		buf_adds(b, "<td class=\"num\">-</td>");
	html_td(b, x->verdict && *x->verdict ? x->verdict : "-");
	html_td(b, series_text(x->state));
	buf_adds(b, "</tr>\n");
}

static void series_changes(struct buf *b, const struct series_class *c, size_t nc)
{
	size_t n = 0;

	for (size_t k = 0; k < nc; k++)
		n += c[k].changes->n;
	buf_adds(b, "<h2>Changes</h2>\n");
	if (!n) {
		html_empty(b, "no-changes", "No change found in this series.",
			   "The analyzer looks for a step between segments of measured commits; "
			   "if the chart shows points far outside the grey noise band, measure "
			   "the commits around them again (<code>kpci submit --tree T --commit C"
			   "</code>) so that the step rests on more than one job.");
		return;
	}
	buf_adds(b, "<table id=\"series-changes\"><tr><th>change</th><th>class</th>"
		 "<th>at point</th><th>range (positions)</th><th>direction</th>"
		 "<th class=\"num\">%change</th><th>95% interval</th><th>verdict</th>"
		 "<th>state</th></tr>\n");
	for (size_t k = 0; k < nc; k++)
		for (size_t i = 0; i < c[k].changes->n; i++)
			series_change_row(b, &c[k], &c[k].changes->v[i]);
	buf_adds(b, "</table>\n");
}

static void series_releases(struct buf *b, const struct rec_releases *releases)
{
	if (!releases->n)
		return;
	buf_adds(b, "<h2>Releases</h2>\n<table id=\"series-releases\"><tr><th>tag</th>"
		 "<th>kind</th><th>position</th></tr>\n");
	for (size_t i = 0; i < releases->n; i++) {
		const struct rec_release *r = &releases->v[i];

		buf_adds(b, "<tr>");
		html_td(b, series_text(r->name));
		html_td(b, series_text(r->kind));
		html_td_measure(b, r->position);
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
		n += c[k].npoints;
	xs = malloc((n ? n : 1) * sizeof *xs);
	*out = xs;
	if (!xs)
		return 0;
	for (size_t k = 0; k < nc; k++)
		for (size_t i = 0; i < c[k].npoints; i++)
			xs[m++] = chart_x(&c[k].points[i], by_commit);
	qsort(xs, m, sizeof *xs, series_cmp_x);
	n = 0;
	for (size_t i = 0; i < m; i++)
		if (!n || xs[n - 1] != xs[i])
			xs[n++] = xs[i];
	return n;
}

/* One job's point: its value, its iterations' range, its job. */
static void series_cell(struct buf *b, const struct rec_point *p)
{
	html_number(b, p->value);
	if (p->min != p->max) {
		buf_adds(b, " <span class=\"muted\">(");
		html_number(b, p->min);
		buf_adds(b, "&ndash;");
		html_number(b, p->max);
		buf_adds(b, ")</span>");
	}
	buf_printf(b, " <a href=\"/jobs/%lld\">job %lld</a>", p->job_id, p->job_id);
}

/* One page of the points, the newest first: page 1 ends at the newest. */
static void series_points(struct buf *b, const struct rec_series *s,
			  const struct series_class *c, size_t nc, const char *base, int page)
{
	int by_commit = chart_by_commit(s);
	long long *xs;
	size_t n = series_xs(&xs, c, nc, by_commit), skip = (size_t)(page - 1) * PAGE_ROWS;

	buf_printf(b, "<h2>Points (%zu %s)</h2>\n", n, by_commit ? "positions" : "points");
	buf_printf(b, "<table id=\"points\"><tr><th>%s</th><th>commit</th><th>date</th>"
		   "<th>subject</th>", by_commit ? "position" : "index");
	for (size_t k = 0; k < nc; k++) {
		buf_adds(b, "<th>");
		html_txt(b, c[k].name);
		buf_adds(b, "</th>");
	}
	buf_adds(b, "</tr>\n");
	for (size_t r = n > skip ? n - skip : 0, shown = 0; r > 0 && shown < PAGE_ROWS;
	     r--, shown++) {
		const struct rec_point *first = NULL, *at[SERIES_MAX_CLASSES] = { NULL };
		size_t from[SERIES_MAX_CLASSES] = { 0 };
		long long x = xs[r - 1];

		for (size_t k = 0; k < nc; k++) {
			const struct rec_point *p;
			size_t i;

			/* each class's points are sorted by x: a bisection finds x */
			size_t lo = 0, hi = c[k].npoints;

			while (lo < hi) {
				i = lo + (hi - lo) / 2;
				if (chart_x(&c[k].points[i], by_commit) < x)
					lo = i + 1;
				else
					hi = i;
			}
			p = lo < c[k].npoints ? &c[k].points[lo] : NULL;
			if (p && chart_x(p, by_commit) == x) {
				at[k] = p;
				from[k] = lo;
				first = first ? first : p;
			}
		}
		buf_printf(b, "<tr><td class=\"num\">%lld</td><td>", x);
		html_sha(b, first ? first->commit_sha : NULL);
		buf_adds(b, "</td><td class=\"nowrap\">");
		html_date(b, first ? first->time : 0);
		buf_adds(b, "</td>");
		html_td_text(b, first ? series_text(first->subject) : "");
		for (size_t k = 0; k < nc; k++) {
			/* every job that measured this commit on the class */
			buf_adds(b, "<td class=\"num\">");
			for (size_t i = from[k]; at[k] && i < c[k].npoints &&
			     chart_x(&c[k].points[i], by_commit) == x; i++) {
				buf_adds(b, i > from[k] ? "<br>" : "");
				series_cell(b, &c[k].points[i]);
			}
			buf_adds(b, "</td>");
		}
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	html_pager(b, base, page, skip + PAGE_ROWS < n);
	free(xs);
}

/* The latest point of the series' own class and the spread of its last
 * segment, as the facts above the chart say them. */
static void series_latest(struct buf *b, const struct rec_series *s)
{
	const struct rec_point *p = s->npoints ? &s->points[s->npoints - 1] : NULL;
	const struct rec_segment *seg = s->nsegments ? &s->segments[s->nsegments - 1] : NULL;
	double mean = seg ? seg->mean : 0;

	if (!p)
		return;
	buf_adds(b, "<dt>latest</dt><dd id=\"latest\"><strong class=\"num\">");
	html_number(b, p->value);
	buf_adds(b, "</strong> ");
	html_txt(b, s->unit);
	buf_adds(b, " at ");
	html_sha(b, p->commit_sha);
	buf_adds(b, " ");
	html_date(b, p->time);
	buf_printf(b, " (<a href=\"/jobs/%lld\">job %lld</a>)</dd>\n", p->job_id, p->job_id);
	if (seg && mean != 0) {
		buf_printf(b, "<dt>noise</dt><dd id=\"noise\">one point &plusmn;%.2g%% about its "
			   "segment's mean (", 100 * seg->sd / (mean < 0 ? -mean : mean));
		html_txt(b, seg->sd_from);
		buf_adds(b, "): the grey band</dd>\n");
	}
}

/* Where the series lies and what it measures. */
static void series_facts(struct buf *b, const struct rec_series *s, const char *json_href)
{
	const char *tree = series_text(s->tree), *branch = series_text(s->branch);

	buf_adds(b, "<dl class=\"facts\" id=\"series-facts\"><dt>tree</dt><dd>");
	if (*tree) {
		buf_adds(b, "<a href=\"/trees/");
		html_url_arg(b, tree);
		buf_adds(b, "\">");
		html_txt(b, tree);
		buf_adds(b, "</a> branch <span id=\"branch\">");
		html_txt(b, branch);
		buf_adds(b, "</span>");
	} else {
		buf_adds(b, "<span class=\"muted\">none: the jobs ran without a commit</span>");
	}
	buf_adds(b, "</dd><dt>runner class</dt><dd>");
	html_txt(b, s->runner_class);
	if (*series_text(s->config_name)) {
		buf_adds(b, ", kernel config ");
		html_txt(b, s->config_name);
	}
	buf_adds(b, "</dd><dt>unit</dt><dd>");
	html_txt(b, s->unit);
	buf_adds(b, ", ");
	html_txt(b, s->better);
	buf_printf(b, " is better; %zu points in %s order (each the median of its job's "
		   "iterations, the whisker their range)</dd>\n", s->npoints,
		   chart_by_commit(s) ? "first-parent" : "job");
	series_latest(b, s);
	buf_adds(b, "</dl>\n<p class=\"links\"><a id=\"series-json\" href=\"");
	buf_adds(b, json_href);
	buf_adds(b, "\">JSON</a><a href=\"/series\">all metrics</a></p>\n");
}

int page_series(struct buf *b, const struct rec_series *s, int page)
{
	long long id = s->id;
	struct series_class c[SERIES_MAX_CLASSES];
	size_t nc = series_classes(c, s);
	const char *sep = "?";
	struct buf title, base, api;
	json_t *chart;

	buf_init(&title, 1024);
	buf_adds(&title, series_text(s->suite));
	buf_adds(&title, "/");
	buf_adds(&title, series_text(s->metric));
	buf_adds(&title, " on ");
	buf_adds(&title, series_text(s->runner_class));
	html_page_begin(b, buf_str(&title));
	buf_dispose(&title);
	buf_init(&base, 1024);
	buf_printf(&base, "/series/%lld", id);
	if (nc > 1) {
		buf_adds(&base, "?classes=");
		series_classes_arg(&base, s, "", 0);
		sep = "&amp;";
	}
	if (s->from > 0) {
		buf_printf(&base, "%sfrom=%lld", sep, s->from);
		sep = "&amp;";
	}
	if (s->to != REC_NONE)
		buf_printf(&base, "%sto=%lld", sep, s->to);
	buf_init(&api, 1100);
	buf_adds(&api, "/api/v1");
	buf_adds(&api, buf_str(&base));
	series_facts(b, s, buf_str(&api));
	buf_dispose(&api);
	series_chooser(b, s, id);
	chart = chart_of_series(s, -1, -1);
	chart_div(b, "series-chart", chart);
	json_decref(chart);
	series_changes(b, c, nc);
	series_releases(b, &s->releases);
	series_points(b, s, c, nc, buf_str(&base), page);
	buf_dispose(&base);
	html_chart_scripts(b);
	html_page_end(b);
	return 0;
}
