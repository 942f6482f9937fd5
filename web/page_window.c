// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_window.c - "/trees/NAME/windows/RELEASE": the merge-window report.
 * A summary line, then one section per group of db_window_report (the
 * merge that brought the changes, an ambiguous set of merges, or a
 * commit made on the line itself), each with a table of its changes:
 * %change with its interval and verdict, before/after, links
 * to the change and the series; then every measured commit of the window
 * against the one measured before it: its metrics changed, same and
 * inconclusive (FDR over its metrics) and the changed ones.
 * Each group links to the compare of its last good and first bad commits
 * and to the chart zoomed on its range, and marks its merges measured or
 * never measured; a group whose merges were not all measured has a form
 * that queues bench jobs of them (POST /api/v1/jobs with tree and commit,
 * the admin token pasted in the form; web/static/kpci.js sends it).
 * Plain tables, readable without JavaScript; merge subjects, subsystems
 * and sources come from the tree and are escaped like everything else.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

/* s, or "" for NULL. */
static const char *window_str(const char *s)
{
	return s ? s : "";
}

/* A number as its JSON read: 0 when it has none. */
static double window_real(double v)
{
	return isfinite(v) ? v : 0;
}

static void window_sha(struct buf *b, const char *sha)
{
	html_sha(b, window_str(sha));
}

/* Whether a merge was measured: its jobs, or those queued for it. */
static void window_measured_mark(struct buf *b, const struct rec_window_report_merge *m)
{
	long long jobs = m->jobs, pending = m->pending;

	if (jobs)
		buf_printf(b, " <span class=\"measured muted\">measured, %lld job%s</span>", jobs,
			   jobs == 1 ? "" : "s");
	else if (pending)
		buf_printf(b, " <strong class=\"unmeasured\">never measured</strong> <span "
			   "class=\"muted\">(%lld job%s queued)</span>", pending,
			   pending == 1 ? "" : "s");
	else
		buf_adds(b, " <strong class=\"unmeasured\">never measured</strong>");
}

/* "position sha subject (subsystem from source)" of one merge. */
static void window_merge(struct buf *b, const struct rec_window_report_merge *m)
{
	const struct rec_commit *c = &m->commit;

	buf_printf(b, "<span class=\"merge\" data-position=\"%lld\">%lld ", c->position,
		   c->position);
	window_sha(b, c->sha);
	buf_adds(b, " <span class=\"subject\">");
	html_txt(b, window_str(c->subject));
	buf_adds(b, "</span>");
	if (*window_str(c->merge_subsystem)) {
		buf_adds(b, " <span class=\"muted\">(");
		html_txt(b, c->merge_subsystem);
		buf_adds(b, " from ");
		html_txt(b, window_str(c->merge_source));
		buf_printf(b, ", %lld commits)</span>", c->brought == REC_NONE ? 0 : c->brought);
	}
	buf_adds(b, "</span>");
	window_measured_mark(b, m);
}

static void window_group_head(struct buf *b, const struct rec_window_report_group *g)
{
	static const struct rec_window_report_merge none;
	const char *kind = window_str(g->kind);
	long long n = g->candidates;

	buf_adds(b, "<h2>");
	if (!strcmp(kind, "merge")) {
		buf_adds(b, "Merge ");
		window_merge(b, g->nmerges ? &g->merges[0] : &none);
		buf_adds(b, "</h2>\n");
		return;
	}
	if (!strcmp(kind, "direct")) {
		buf_printf(b, "Not brought by a merge: the first-parent commit at position %lld"
			   "</h2>\n", g->bad_position);
		return;
	}
	buf_printf(b, "Ambiguous: %lld merges</h2>\n<ul class=\"candidates\">", n);
	for (size_t i = 0; i < g->nmerges; i++) {
		buf_adds(b, "<li>");
		window_merge(b, &g->merges[i]);
		buf_adds(b, "</li>");
	}
	if ((long long)g->nmerges < n)
		buf_printf(b, "<li class=\"muted\">and %lld more</li>", n - (long long)g->nmerges);
	buf_adds(b, "</ul>\n");
}

/* /series/ID?from=&to= around a change's range: ten times its width each side. */
static void window_zoom_href(struct buf *b, const struct rec_window_report_change *c)
{
	long long hi = c->bad_position;
	long long lo = c->good_position != REC_NONE ? c->good_position : hi - 1;
	long long w = hi - lo > 0 ? hi - lo : 1;

	buf_printf(b, "/series/%lld?from=%lld&amp;to=%lld", c->series_id,
		   lo - 10 * w > 0 ? lo - 10 * w : 0, hi + 10 * w);
}

/* "[lo%, hi%]" of a change or a commit's metric, or "-". */
static void window_interval(struct buf *b, double lo, double hi)
{
	if (isfinite(lo) && isfinite(hi))
		buf_printf(b, "<td class=\"num\">[%+.1f%%, %+.1f%%]</td>", lo, hi);
	else
		buf_adds(b, "<td class=\"num\">-</td>");
}

static void window_change_row(struct buf *b, const struct rec_window_report_change *c)
{
	const char *dir = window_str(c->direction);
	const char *cls = !strcmp(dir, "regression") ? "regression" : "improvement";

	buf_printf(b, "<tr><td class=\"num\"><a class=\"change-link\" href=\"/changes/%lld\">"
		   "%lld</a></td><td>", c->id, c->id);
	html_series_link(b, c->series_id, window_str(c->suite), window_str(c->metric));
	buf_adds(b, "</td>");
	html_td(b, window_str(c->runner_class));
	buf_printf(b, "<td class=\"%s\">%s</td><td class=\"num %s\">%+.2f%%</td>", cls, cls, cls,
		   window_real(100 * window_real(c->magnitude)));
	window_interval(b, c->percent_lo, c->percent_hi);
	html_td(b, *window_str(c->verdict) ? c->verdict : "-");
	html_td_real(b, c->mean_before);
	html_td_real(b, c->mean_after);
	if (c->good_position != REC_NONE)
		buf_printf(b, "<td class=\"num\">%lld..%lld", c->good_position, c->bad_position);
	else
		buf_printf(b, "<td class=\"num\">..%lld", c->bad_position);
	buf_adds(b, " <a class=\"zoom-link\" href=\"");
	window_zoom_href(b, c);
	buf_adds(b, "\">chart</a></td>");
	html_td(b, window_str(c->state));
	buf_adds(b, "<td class=\"reason text\">");
	html_clamp(b, window_str(c->reason));
	buf_adds(b, "</td></tr>\n");
}

/* The group's compare (last good -> first bad, on the runner class of its
 * largest change) and its chart zoomed on the range. */
static void window_group_links(struct buf *b, const struct rec_window_report_group *g)
{
	const struct rec_window_report_change *c = g->nchanges ? &g->changes[0] : NULL;
	const char *good = c ? window_str(c->good_sha) : "", *bad = c ? window_str(c->bad_sha) : "";

	if (!c || !*bad)
		return;
	buf_adds(b, "<p class=\"links\"><a class=\"compare-link\" href=\"/compare?base=");
	html_url_arg(b, *good ? good : bad);
	buf_adds(b, "&amp;head=");
	html_url_arg(b, bad);
	buf_adds(b, "&amp;runner_class=");
	html_url_arg(b, window_str(c->runner_class));
	buf_adds(b, "\">compare last good &rarr; first bad</a><a class=\"zoom-link\" href=\"");
	window_zoom_href(b, c);
	buf_adds(b, "\">chart of the range</a></p>\n");
}

/* The suite (classes 0) or runner class (1) of a change. */
static const char *window_of(const struct rec_window_report_change *c, int classes)
{
	return window_str(classes ? c->runner_class : c->suite);
}

/* The distinct suites (classes 0) or runner classes (1) among the group's
 * changes, space-separated. */
static void window_distinct(struct buf *out, const struct rec_window_report_group *g, int classes)
{
	for (size_t i = 0; i < g->nchanges; i++) {
		const char *v = window_of(&g->changes[i], classes);
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(v, window_of(&g->changes[j], classes));
		if (!seen && *v) {
			if (out->len)
				buf_adds(out, " ");
			buf_adds(out, v);
		}
	}
}

/* For a group whose merges were not all measured: which, and a form that
 * queues bench jobs of them (admin). */
static void window_measure(struct buf *b, const struct rec_window_report *r,
			   const struct rec_window_report_group *g)
{
	const char *boot = *window_str(r->measure_boot) ? r->measure_boot : "host";
	struct buf shas, suites, classes;
	size_t n = 0;

	buf_init(&shas, 1 << 16);
	for (size_t i = 0; i < g->nmerges; i++) {
		if (g->merges[i].jobs)
			continue;
		if (n++)
			buf_adds(&shas, " ");
		buf_adds(&shas, window_str(g->merges[i].commit.sha));
	}
	if (!n) {
		buf_dispose(&shas);
		return;
	}
	buf_init(&suites, 4096);
	buf_init(&classes, 4096);
	window_distinct(&suites, g, 0);
	window_distinct(&classes, g, 1);
	buf_printf(b, "<p class=\"unmeasured-note\"><strong>%zu of these merges %s never "
		   "measured</strong>: measuring %s would tell which one brought the change.</p>\n",
		   n, n == 1 ? "was" : "were", n == 1 ? "it" : "them");
	buf_adds(b, "<form class=\"measure filters\" method=\"post\" action=\"/api/v1/jobs\" "
		 "data-tree=\"");
	html_attr(b, window_str(r->tree));
	buf_adds(b, "\" data-commits=\"");
	html_attr(b, buf_str(&shas));
	buf_adds(b, "\"><label>suites <input name=\"suite\" size=\"12\" value=\"");
	html_attr(b, *window_str(r->measure_suites) ? r->measure_suites : buf_str(&suites));
	buf_adds(b, "\"></label> <label>runner classes <input name=\"runner_class\" size=\"12\" "
		 "value=\"");
	html_attr(b, *window_str(r->measure_classes) ? r->measure_classes : buf_str(&classes));
	buf_adds(b, "\"></label> <label>boot <select name=\"boot\">");
	for (const char *const *o = (const char *const[]){ "qemu", "kexec", "host", "lava",
							 NULL }; *o; o++) {
		/* a tree kpcid does not watch cannot be built: its runners' kernels */
		buf_printf(b, "<option%s>%s</option>", !strcmp(*o, boot) ? " selected" : "", *o);
	}
	buf_printf(b, "</select></label> <label>admin token <input name=\"token\" type=\"password\" "
		   "autocomplete=\"off\" size=\"12\"></label> <button type=\"submit\">Measure the "
		   "%zu merge%s</button> <output></output></form>\n", n, n == 1 ? "" : "s");
	buf_dispose(&shas);
	buf_dispose(&suites);
	buf_dispose(&classes);
}

static void window_group(struct buf *b, const struct rec_window_report *r,
			 const struct rec_window_report_group *g)
{
	const char *kind = window_str(g->kind);

	buf_printf(b, "<section class=\"group\" data-kind=\"%s\" data-position=\"%lld\">\n",
		   !strcmp(kind, "merge") ? "merge" : !strcmp(kind, "direct") ? "direct" :
		   "ambiguous", g->position);
	window_group_head(b, g);
	window_group_links(b, g);
	window_measure(b, r, g);
	buf_adds(b, "<table class=\"changes\"><tr><th>change</th><th>metric</th>"
		 "<th>runner class</th><th>direction</th><th>%change</th><th>95% interval</th>"
		 "<th>verdict</th><th>before</th><th>after</th>"
		 "<th>range (positions)</th><th>state</th><th>why</th></tr>\n");
	for (size_t i = 0; i < g->nchanges; i++)
		window_change_row(b, &g->changes[i]);
	buf_adds(b, "</table>\n</section>\n");
}

/* One changed metric of a measured commit, in its list. */
static void window_commit_change(struct buf *b, const struct rec_window_report_metric *c)
{
	const char *dir = window_str(c->direction);

	buf_adds(b, "<li class=\"");
	html_attr(b, dir);
	buf_adds(b, "\">");
	html_series_link(b, c->series_id, window_str(c->suite), window_str(c->metric));
	buf_adds(b, " (");
	html_txt(b, window_str(c->runner_class));
	buf_printf(b, ") %+.1f%% ", window_real(c->change_percent));
	html_txt(b, dir);
	buf_adds(b, " <span class=\"muted\">");
	html_txt(b, window_str(c->reason));
	buf_adds(b, "</span></li>");
}

/* Every measured commit of the window against the one measured before it. */
static void window_measured(struct buf *b, const struct rec_window_report *r)
{
	if (!r->nmeasured)
		return;
	buf_adds(b, "<h2>Measured commits</h2>\n<p class=\"muted\">Each against the commit "
		 "measured before it, over every metric, the job the unit; inconclusive "
		 "means more jobs would decide, and kpci measures such a merge again.</p>\n"
		 "<table id=\"measured\"><tr><th>position</th><th>commit</th><th>subject</th>"
		 "<th>jobs</th><th>metrics</th><th>changed</th><th>same</th>"
		 "<th>inconclusive</th><th>changed metrics</th></tr>\n");
	for (size_t i = 0; i < r->nmeasured; i++) {
		const struct rec_window_report_measured *m = &r->measured[i];

		buf_printf(b, "<tr data-position=\"%lld\"><td class=\"num\">%lld</td><td>",
			   m->position, m->position);
		window_sha(b, m->sha);
		buf_adds(b, "</td>");
		html_td_text(b, window_str(m->subject));
		buf_printf(b, "<td class=\"num\">%lld</td><td class=\"num\">%lld</td>"
			   "<td class=\"num changed\">%lld</td><td class=\"num\">%lld</td>"
			   "<td class=\"num\">%lld</td><td><ul class=\"changed-metrics\">",
			   m->jobs, m->metrics, m->changed, m->same, m->inconclusive);
		for (size_t j = 0; j < m->nchanges; j++)
			window_commit_change(b, &m->changes[j]);
		buf_adds(b, "</ul></td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* The summary line: counts and the window's bounds. */
static void window_summary(struct buf *b, const struct rec_window_report *r)
{
	long long reg = r->summary.regressions, imp = r->summary.improvements;

	buf_printf(b, "<p id=\"summary\"><span class=\"regression\">%lld regression%s</span>, "
		   "<span class=\"improvement\">%lld improvement%s</span>, "
		   "%lld of %lld merges measured; %lld changes in %lld groups "
		   "(%lld ambiguous).  First-parent positions %lld..%lld.</p>\n",
		   reg, reg == 1 ? "" : "s", imp, imp == 1 ? "" : "s",
		   r->summary.merges_measured, r->summary.merges, r->summary.changes,
		   r->summary.groups, r->summary.ambiguous_groups, r->from_position + 1,
		   r->to_position);
	buf_printf(b, "<p id=\"confirmations\">Before anyone is told, each change is measured "
		   "again: %lld confirmed, %lld waiting; withdrawn: %lld not reproduced, %lld "
		   "where no compiled code changed (layout or noise).  Commit ranges that compile "
		   "the same code: %lld.</p>\n",
		   r->summary.confirmed, r->summary.waiting, r->summary.not_reproduced,
		   r->summary.no_code, r->summary.ranges_no_code);
	if (r->decided)
		buf_printf(b, "<p id=\"verdicts\">Measured commits against the one before: "
			   "%lld with a changed metric, %lld with an inconclusive one.</p>\n",
			   r->summary.commits_changed, r->summary.commits_inconclusive);
}

/* The commit ranges in which no compiled code changed: what differs there
 * is layout or noise. */
static void window_no_code(struct buf *b, const struct rec_window_report *r)
{
	if (!r->nno_code)
		return;
	buf_adds(b, "<h2>No compiled code changed</h2>\n<table id=\"no-code\">"
		 "<tr><th>range</th><th>why</th></tr>\n");
	for (size_t i = 0; i < r->nno_code; i++) {
		const struct rec_window_report_no_code *c = &r->no_code[i];

		buf_adds(b, "<tr><td>");
		window_sha(b, c->good_sha);
		buf_adds(b, "..");
		window_sha(b, c->bad_sha);
		buf_adds(b, "</td><td>");
		html_txt(b, window_str(c->code_reason));
		buf_adds(b, "</td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* The changes confirmations withdrew, each with why: nobody was told. */
static void window_withdrawn(struct buf *b, const struct rec_window_report *r)
{
	window_no_code(b, r);
	if (!r->nwithdrawn)
		return;
	buf_adds(b, "<h2>Withdrawn before anyone was told</h2>\n<table id=\"withdrawn\">"
		 "<tr><th>change</th><th>metric</th><th>range</th><th>why</th></tr>\n");
	for (size_t i = 0; i < r->nwithdrawn; i++) {
		const struct rec_window_report_withdrawn *c = &r->withdrawn[i];

		buf_printf(b, "<tr><td><a href=\"/changes/%lld\">%lld</a></td><td>", c->id, c->id);
		html_txt(b, window_str(c->suite));
		buf_adds(b, "/");
		html_txt(b, window_str(c->metric));
		buf_printf(b, " %+.1f%%</td><td>", 100 * window_real(c->magnitude));
		window_sha(b, c->good_sha);
		buf_adds(b, "..");
		window_sha(b, c->bad_sha);
		buf_adds(b, "</td><td>");
		html_txt(b, window_str(c->withdrawn_reason));
		buf_adds(b, "</td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* base: the page's URL with ?branch= when one was given (escaped). */
static void window_base(struct buf *base, const struct rec_window_report *r)
{
	buf_adds(base, "/trees/");
	html_url_arg(base, window_str(r->tree));
	buf_adds(base, "/windows/");
	html_url_arg(base, window_str(r->release));
}

int page_window(struct buf *b, const struct rec_window_report *r, int page)
{
	const char *tree = window_str(r->tree), *branch = window_str(r->branch);
	const char *closed = window_str(r->closed_by);
	struct buf title, base;

	buf_init(&title, 256);
	buf_printf(&title, "%s: %s \xe2\x86\x92 %s", tree, window_str(r->release),
		   *closed ? closed : "head (open)");
	html_page_begin(b, buf_str(&title));
	buf_dispose(&title);
	window_summary(b, r);
	buf_init(&base, 512);
	window_base(&base, r);
	buf_adds(b, "<p><a id=\"tree-link\" href=\"/trees/");
	html_url_arg(b, tree);
	buf_adds(b, "\">tree</a> &mdash; <a id=\"json-link\" href=\"/api/v1");
	buf_adds(b, buf_str(&base));
	buf_adds(b, "/report");
	if (*branch) {
		buf_adds(&base, "?branch=");
		html_url_arg(&base, branch);
		buf_adds(b, "?branch=");
		html_url_arg(b, branch);
	}
	buf_adds(b, "\">JSON</a></p>\n");
	if (!r->ngroups)
		html_empty(b, "no-changes", "No change was found in this window.",
			   "Each merge measured is compared with the one before it (see "
			   "\"Measured commits\" below); merges never measured cannot show "
			   "one: the tree's candidates policy picks the merges to build and "
			   "measure (docs/watch.md).");
	buf_adds(b, "<div id=\"report\">\n");
	for (size_t i = 0; i < r->ngroups; i++)
		window_group(b, r, &r->groups[i]);
	buf_adds(b, "</div>\n");
	html_pager(b, buf_str(&base), page, r->more);
	window_measured(b, r);
	window_withdrawn(b, r);
	buf_dispose(&base);
	html_page_end(b);
	return 0;
}
