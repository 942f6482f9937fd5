// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_compare.c - "/compare?base=A&head=B&runner_class=C": the LKP-style
 * table of GET /api/v1/compare (base ± %stddev, %change with its 95%
 * interval, head ± %stddev, p and q after Benjamini-Hochberg, the
 * three-way verdict and its reason), each metric linking to its chart,
 * with the form to pick the two sides (a job, a commit, a tag or a
 * branch) and the runner class, and what each side is (its commit and
 * subject).  Rows come changed first, then inconclusive, the largest
 * change first; those the same are left out unless ?all=1.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

static void compare_form(struct buf *b, const struct page_compare_query *q)
{
	buf_adds(b, "<form id=\"compare\" class=\"filters\" method=\"get\" action=\"/compare\">"
		 "<label>base <input name=\"base\" value=\"");
	html_attr(b, q->base ? q->base : "");
	buf_adds(b, "\"></label> <label>head <input name=\"head\" value=\"");
	html_attr(b, q->head ? q->head : "");
	buf_adds(b, "\"></label> <label>runner class <input name=\"runner_class\" size=\"10\" "
		 "value=\"");
	html_attr(b, q->runner_class ? q->runner_class : "");
	buf_adds(b, "\"></label> <label><input type=\"checkbox\" name=\"all\" value=\"1\"");
	buf_adds(b, q->all ? " checked" : "");
	buf_adds(b, "> every metric</label> <button type=\"submit\">Compare</button></form>\n"
		 "<p class=\"muted\">A side is a job (<code>job:ID</code>), a commit id (at least "
		 "7 hex digits), a tag (<code>v6.12</code>) or a branch (its tip).</p>\n");
}

/* What a side is: "base job 12 at abcdef123456 subject (tree)". */
static void compare_about(struct buf *b, const char *name, const json_t *side)
{
	const json_t *c = json_object_get(side, "commit");

	buf_printf(b, "<dt>%s</dt><dd class=\"side\" id=\"%s-side\">", name, name);
	if (json_integer_value(json_object_get(side, "job_id")) > 0)
		buf_printf(b, "<a href=\"/jobs/%lld\">job %lld</a> ",
			   (long long)json_integer_value(json_object_get(side, "job_id")),
			   (long long)json_integer_value(json_object_get(side, "job_id")));
	else if (*html_jstr(side, "ref")) {
		html_txt(b, html_jstr(side, "ref"));
		buf_adds(b, " <code>");
		html_txt(b, html_jstr(side, "text"));
		buf_adds(b, "</code> at ");
	}
	if (c && !json_is_null(c)) {
		html_sha(b, html_jstr(c, "sha"));
		buf_adds(b, " ");
		html_clamp(b, html_jstr(c, "subject"));
		buf_adds(b, " <span class=\"muted\">(");
		html_txt(b, html_jstr(c, "tree"));
		buf_adds(b, ", ");
		html_date(b, json_integer_value(json_object_get(c, "time")));
		buf_adds(b, ")</span>");
	} else if (!json_integer_value(json_object_get(side, "job_id"))) {
		buf_adds(b, "<code>");
		html_txt(b, html_jstr(side, "text"));
		buf_adds(b, "</code> <span class=\"muted\">(a commit kpci has samples of, not in a "
			 "watched tree)</span>");
	}
	buf_adds(b, "</dd>\n");
}

/* A number of the comparison: NAN (not known) shows as 0, as in JSON. */
static double compare_num(double v)
{
	return isfinite(v) ? v : 0;
}

static void compare_side(struct buf *b, const struct compare_side *s)
{
	if (isfinite(s->mean)) {
		buf_adds(b, "<td class=\"num\">");
		html_number(b, s->mean);
		buf_adds(b, "</td>");
	} else {
		buf_adds(b, "<td></td>");
	}
	buf_printf(b, "<td class=\"num\">&plusmn; %.1f%%</td><td class=\"num\">%lld&times;%lld</td>",
		   compare_num(s->stddev_percent), (long long)s->jobs,
		   (long long)s->n / (s->jobs ? (long long)s->jobs : 1));
}

/* A p-value cell: two significant digits. */
static void compare_p(struct buf *b, double p)
{
	if (isfinite(p))
		buf_printf(b, "<td class=\"num\">%.2g</td>", p);
	else
		buf_adds(b, "<td class=\"num\">-</td>");
}

/* "%+.1f% [lo, hi]" of a metric, or "-". */
static void compare_change(struct buf *b, const struct verdict *v, const char *dir)
{
	buf_adds(b, "<td class=\"num ");
	html_attr(b, dir);
	buf_adds(b, "\">");
	if (isfinite(v->percent))
		buf_printf(b, "%+.1f%%", v->percent);
	else
		buf_adds(b, "-");
	if (isfinite(v->ci_lo))
		buf_printf(b, " <span class=\"muted\">[%+.1f%%, %+.1f%%]</span>", v->ci_lo,
			   compare_num(v->ci_hi));
	buf_adds(b, "</td>");
}

/* The page's own URL with all=1 (escaped for an attribute). */
static void compare_all_href(struct buf *b, const struct page_compare_query *q)
{
	buf_adds(b, "/compare?base=");
	html_url_arg(b, q->base);
	buf_adds(b, "&amp;head=");
	html_url_arg(b, q->head);
	if (q->runner_class && *q->runner_class) {
		buf_adds(b, "&amp;runner_class=");
		html_url_arg(b, q->runner_class);
	}
	buf_adds(b, "&amp;all=1");
}

static void compare_table(struct buf *b, const struct page_compare_data *d,
			  const struct page_compare_query *q)
{
	const struct compare_report *r = d->report;
	long long changed = r->counts[VERDICT_CHANGED], same = r->counts[VERDICT_SAME];

	buf_adds(b, "<dl class=\"facts\" id=\"sides\">");
	compare_about(b, "base", d->base_side);
	compare_about(b, "head", d->head_side);
	buf_adds(b, "</dl>\n");
	buf_printf(b, "<p id=\"counts\"><strong>%lld changed</strong>, %lld same, %lld "
		   "inconclusive of %zu compared (FDR %.3g; smallest effect that matters %.3g%%, "
		   "or the metric's between-job spread).  Inconclusive means more jobs or "
		   "iterations would decide; it is never the same as same.</p>\n", changed, same,
		   r->counts[VERDICT_INCONCLUSIVE], r->n, d->alpha, d->min_effect_percent);
	if (!q->all && same) {
		buf_printf(b, "<p id=\"shown\">The changed metrics, then the inconclusive ones, the "
			   "largest change first; %lld the same are left out: <a id=\"show-all\" "
			   "href=\"", same);
		compare_all_href(b, q);
		buf_printf(b, "\">show all %zu</a>.</p>\n", r->n);
	}
	if (!q->all && (size_t)same == r->n)
		return;
	buf_adds(b, "<table id=\"comparison\"><tr><th>metric</th><th>runner class</th>"
		 "<th colspan=\"2\">base</th><th>jobs&times;iter</th><th>%change [95%]</th>"
		 "<th colspan=\"2\">head</th><th>jobs&times;iter</th><th>p</th><th>q</th>"
		 "<th>verdict</th><th>why</th></tr>\n");
	for (size_t i = 0; i < r->n; i++) {
		const struct compare_row *m = &r->rows[i];
		const char *dir = m->direction ? m->direction : "";
		const char *verdict = verdict_name(m->v.kind);
		const char *name = m->metric, *slash = strchr(name, '/');
		char suite[160];

		if (!q->all && !strcmp(verdict, "same"))
			continue;
		snprintf(suite, sizeof suite, "%.*s", slash ? (int)(slash - name) : 0, name);
		buf_adds(b, "<tr data-verdict=\"");
		html_attr(b, verdict);
		buf_adds(b, "\"><td>");
		html_series_link(b, m->series_id, suite, slash ? slash + 1 : name);
		buf_adds(b, "</td>");
		html_td(b, m->runner_class);
		compare_side(b, &m->base);
		compare_change(b, &m->v, dir);
		compare_side(b, &m->head);
		compare_p(b, m->v.p);
		compare_p(b, m->v.q);
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
		html_td_text(b, m->v.reason);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_compare(struct buf *b, const struct page_compare_query *q,
		 const struct page_compare_data *d, const char *error)
{
	html_page_begin(b, "Compare");
	compare_form(b, q);
	if (error) {
		buf_adds(b, "<p class=\"st-failed\" id=\"error\">");
		html_txt(b, error);
		buf_adds(b, "</p>\n");
	}
	if (d)
		compare_table(b, d, q);
	else if (!error)
		html_empty(b, "no-compare", "Pick two sides to compare.",
			   "A change's page links the compare of its last good and first bad "
			   "commits; a tag against a branch (<code>v6.12</code> and "
			   "<code>master</code>) compares a release with today.");
	html_page_end(b);
	return 0;
}
