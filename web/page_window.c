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
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

static long long window_int(const json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

static void window_sha(struct buf *b, const char *sha)
{
	html_sha(b, sha);
}

/* Whether a merge was measured: its jobs, or those queued for it. */
static void window_measured_mark(struct buf *b, const json_t *m)
{
	long long jobs = window_int(m, "jobs"), pending = window_int(m, "pending");

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
static void window_merge(struct buf *b, const json_t *m)
{
	buf_printf(b, "<span class=\"merge\" data-position=\"%lld\">%lld ",
		   window_int(m, "position"), window_int(m, "position"));
	window_sha(b, html_jstr(m, "sha"));
	buf_adds(b, " <span class=\"subject\">");
	html_txt(b, html_jstr(m, "subject"));
	buf_adds(b, "</span>");
	if (*html_jstr(m, "merge_subsystem")) {
		buf_adds(b, " <span class=\"muted\">(");
		html_txt(b, html_jstr(m, "merge_subsystem"));
		buf_adds(b, " from ");
		html_txt(b, html_jstr(m, "merge_source"));
		buf_printf(b, ", %lld commits)</span>", window_int(m, "brought"));
	}
	buf_adds(b, "</span>");
	window_measured_mark(b, m);
}

static void window_group_head(struct buf *b, const json_t *g)
{
	const char *kind = html_jstr(g, "kind");
	const json_t *merges = json_object_get(g, "merges");
	long long n = window_int(g, "candidates");
	size_t i;
	json_t *m;

	buf_adds(b, "<h2>");
	if (!strcmp(kind, "merge")) {
		buf_adds(b, "Merge ");
		window_merge(b, json_array_get(merges, 0));
		buf_adds(b, "</h2>\n");
		return;
	}
	if (!strcmp(kind, "direct")) {
		buf_printf(b, "Not brought by a merge: the first-parent commit at position %lld"
			   "</h2>\n", window_int(g, "bad_position"));
		return;
	}
	buf_printf(b, "Ambiguous: %lld merges</h2>\n<ul class=\"candidates\">", n);
	json_array_foreach(merges, i, m) {
		buf_adds(b, "<li>");
		window_merge(b, m);
		buf_adds(b, "</li>");
	}
	if ((long long)json_array_size(merges) < n)
		buf_printf(b, "<li class=\"muted\">and %lld more</li>",
			   n - (long long)json_array_size(merges));
	buf_adds(b, "</ul>\n");
}

/* /series/ID?from=&to= around a change's range: ten times its width each side. */
static void window_zoom_href(struct buf *b, const json_t *c)
{
	const json_t *good = json_object_get(c, "good_position");
	long long hi = window_int(c, "bad_position");
	long long lo = json_is_integer(good) ? json_integer_value(good) : hi - 1;
	long long w = hi - lo > 0 ? hi - lo : 1;

	buf_printf(b, "/series/%lld?from=%lld&amp;to=%lld", window_int(c, "series_id"),
		   lo - 10 * w > 0 ? lo - 10 * w : 0, hi + 10 * w);
}

/* "[lo%, hi%]" of a change or a commit's metric, or "-". */
static void window_interval(struct buf *b, const json_t *c)
{
	const json_t *lo = json_object_get(c, "percent_lo"), *hi = json_object_get(c, "percent_hi");
	const json_t *ci = json_object_get(c, "ci95_percent");

	if (ci) {
		lo = json_array_get(ci, 0);
		hi = json_array_get(ci, 1);
	}
	if (json_is_number(lo) && json_is_number(hi))
		buf_printf(b, "<td class=\"num\">[%+.1f%%, %+.1f%%]</td>", json_number_value(lo),
			   json_number_value(hi));
	else
		buf_adds(b, "<td class=\"num\">-</td>");
}

static void window_change_row(struct buf *b, const json_t *c)
{
	long long id = window_int(c, "id"), series = window_int(c, "series_id");
	const json_t *good = json_object_get(c, "good_position");
	const char *dir = html_jstr(c, "direction");

	buf_printf(b, "<tr><td class=\"num\"><a class=\"change-link\" href=\"/changes/%lld\">"
		   "%lld</a></td><td>", id, id);
	html_series_link(b, series, html_jstr(c, "suite"), html_jstr(c, "metric"));
	buf_adds(b, "</td>");
	html_td(b, html_jstr(c, "runner_class"));
	buf_printf(b, "<td class=\"%s\">%s</td><td class=\"num %s\">%+.2f%%</td>",
		   !strcmp(dir, "regression") ? "regression" : "improvement",
		   !strcmp(dir, "regression") ? "regression" : "improvement",
		   !strcmp(dir, "regression") ? "regression" : "improvement",
		   json_number_value(json_object_get(c, "percent")));
	window_interval(b, c);
	html_td(b, *html_jstr(c, "verdict") ? html_jstr(c, "verdict") : "-");
	html_td_num(b, c, "mean_before");
	html_td_num(b, c, "mean_after");
	if (json_is_integer(good))
		buf_printf(b, "<td class=\"num\">%lld..%lld", (long long)json_integer_value(good),
			   window_int(c, "bad_position"));
	else
		buf_printf(b, "<td class=\"num\">..%lld", window_int(c, "bad_position"));
	buf_adds(b, " <a class=\"zoom-link\" href=\"");
	window_zoom_href(b, c);
	buf_adds(b, "\">chart</a></td>");
	html_td(b, html_jstr(c, "state"));
	buf_adds(b, "<td class=\"reason text\">");
	html_clamp(b, html_jstr(c, "reason"));
	buf_adds(b, "</td></tr>\n");
}

/* The group's compare (last good -> first bad, on the runner class of its
 * largest change) and its chart zoomed on the range. */
static void window_group_links(struct buf *b, const json_t *g)
{
	const json_t *c = json_array_get(json_object_get(g, "changes"), 0);
	const char *good = html_jstr(c, "good_sha"), *bad = html_jstr(c, "bad_sha");

	if (!c || !*bad)
		return;
	buf_adds(b, "<p class=\"links\"><a class=\"compare-link\" href=\"/compare?base=");
	html_url_arg(b, *good ? good : bad);
	buf_adds(b, "&amp;head=");
	html_url_arg(b, bad);
	buf_adds(b, "&amp;runner_class=");
	html_url_arg(b, html_jstr(c, "runner_class"));
	buf_adds(b, "\">compare last good &rarr; first bad</a><a class=\"zoom-link\" href=\"");
	window_zoom_href(b, c);
	buf_adds(b, "\">chart of the range</a></p>\n");
}

/* The distinct values of key among the group's changes, space-separated. */
static void window_distinct(struct buf *out, const json_t *g, const char *key)
{
	const json_t *changes = json_object_get(g, "changes");
	size_t i, j;

	for (i = 0; i < json_array_size(changes); i++) {
		const char *v = html_jstr(json_array_get(changes, i), key);
		int seen = 0;

		for (j = 0; j < i && !seen; j++)
			seen = !strcmp(v, html_jstr(json_array_get(changes, j), key));
		if (!seen && *v) {
			if (out->len)
				buf_adds(out, " ");
			buf_adds(out, v);
		}
	}
}

/* For a group whose merges were not all measured: which, and a form that
 * queues bench jobs of them (admin). */
static void window_measure(struct buf *b, const json_t *r, const json_t *g)
{
	const json_t *merges = json_object_get(g, "merges"), *m;
	const json_t *how = json_object_get(r, "measure");
	struct buf shas, suites, classes;
	size_t i, n = 0;

	buf_init(&shas, 1 << 16);
	json_array_foreach(merges, i, m) {
		if (window_int(m, "jobs"))
			continue;
		if (n++)
			buf_adds(&shas, " ");
		buf_adds(&shas, html_jstr(m, "sha"));
	}
	if (!n) {
		buf_dispose(&shas);
		return;
	}
	buf_init(&suites, 4096);
	buf_init(&classes, 4096);
	window_distinct(&suites, g, "suite");
	window_distinct(&classes, g, "runner_class");
	buf_printf(b, "<p class=\"unmeasured-note\"><strong>%zu of these merges %s never "
		   "measured</strong>: measuring %s would tell which one brought the change.</p>\n",
		   n, n == 1 ? "was" : "were", n == 1 ? "it" : "them");
	buf_adds(b, "<form class=\"measure filters\" method=\"post\" action=\"/api/v1/jobs\" "
		 "data-tree=\"");
	html_attr(b, html_jstr(r, "tree"));
	buf_adds(b, "\" data-commits=\"");
	html_attr(b, buf_str(&shas));
	buf_adds(b, "\"><label>suites <input name=\"suite\" size=\"12\" value=\"");
	html_attr(b, *html_jstr(how, "suites") ? html_jstr(how, "suites") : buf_str(&suites));
	buf_adds(b, "\"></label> <label>runner classes <input name=\"runner_class\" size=\"12\" "
		 "value=\"");
	html_attr(b, *html_jstr(how, "classes") ? html_jstr(how, "classes") : buf_str(&classes));
	buf_adds(b, "\"></label> <label>boot <select name=\"boot\">");
	for (const char *const *boot = (const char *const[]){ "qemu", "kexec", "host", "lava",
							    NULL }; *boot; boot++) {
		/* a tree kpcid does not watch cannot be built: its runners' kernels */
		buf_printf(b, "<option%s>%s</option>", !strcmp(*boot, *html_jstr(how, "boot") ?
			   html_jstr(how, "boot") : "host") ? " selected" : "", *boot);
	}
	buf_printf(b, "</select></label> <label>admin token <input name=\"token\" type=\"password\" "
		   "autocomplete=\"off\" size=\"12\"></label> <button type=\"submit\">Measure the "
		   "%zu merge%s</button> <output></output></form>\n", n, n == 1 ? "" : "s");
	buf_dispose(&shas);
	buf_dispose(&suites);
	buf_dispose(&classes);
}

static void window_group(struct buf *b, const json_t *r, const json_t *g)
{
	size_t i;
	json_t *c;

	buf_printf(b, "<section class=\"group\" data-kind=\"%s\" data-position=\"%lld\">\n",
		   !strcmp(html_jstr(g, "kind"), "merge") ? "merge" :
		   !strcmp(html_jstr(g, "kind"), "direct") ? "direct" : "ambiguous",
		   window_int(g, "position"));
	window_group_head(b, g);
	window_group_links(b, g);
	window_measure(b, r, g);
	buf_adds(b, "<table class=\"changes\"><tr><th>change</th><th>metric</th>"
		 "<th>runner class</th><th>direction</th><th>%change</th><th>95% interval</th>"
		 "<th>verdict</th><th>before</th><th>after</th>"
		 "<th>range (positions)</th><th>state</th><th>why</th></tr>\n");
	json_array_foreach(json_object_get(g, "changes"), i, c)
		window_change_row(b, c);
	buf_adds(b, "</table>\n</section>\n");
}

/* One changed metric of a measured commit, in its list. */
static void window_commit_change(struct buf *b, const json_t *c)
{
	const char *dir = html_jstr(c, "direction");

	buf_adds(b, "<li class=\"");
	html_attr(b, dir);
	buf_adds(b, "\">");
	html_series_link(b, window_int(c, "series_id"), html_jstr(c, "suite"),
			 html_jstr(c, "metric"));
	buf_adds(b, " (");
	html_txt(b, html_jstr(c, "runner_class"));
	buf_printf(b, ") %+.1f%% ", json_number_value(json_object_get(c, "change_percent")));
	html_txt(b, dir);
	buf_adds(b, " <span class=\"muted\">");
	html_txt(b, html_jstr(c, "reason"));
	buf_adds(b, "</span></li>");
}

/* Every measured commit of the window against the one measured before it. */
static void window_measured(struct buf *b, const json_t *r)
{
	const json_t *measured = json_object_get(r, "measured"), *m, *c;
	size_t i, j;

	if (!json_array_size(measured))
		return;
	buf_adds(b, "<h2>Measured commits</h2>\n<p class=\"muted\">Each against the commit "
		 "measured before it, over every metric, the job the unit; inconclusive "
		 "means more jobs would decide, and kpci measures such a merge again.</p>\n"
		 "<table id=\"measured\"><tr><th>position</th><th>commit</th><th>subject</th>"
		 "<th>jobs</th><th>metrics</th><th>changed</th><th>same</th>"
		 "<th>inconclusive</th><th>changed metrics</th></tr>\n");
	json_array_foreach(measured, i, m) {
		buf_printf(b, "<tr data-position=\"%lld\"><td class=\"num\">%lld</td><td>",
			   window_int(m, "position"), window_int(m, "position"));
		window_sha(b, html_jstr(m, "sha"));
		buf_adds(b, "</td>");
		html_td_text(b, html_jstr(m, "subject"));
		buf_printf(b, "<td class=\"num\">%lld</td><td class=\"num\">%lld</td>"
			   "<td class=\"num changed\">%lld</td><td class=\"num\">%lld</td>"
			   "<td class=\"num\">%lld</td><td><ul class=\"changed-metrics\">",
			   window_int(m, "jobs"), window_int(m, "metrics"), window_int(m, "changed"),
			   window_int(m, "same"), window_int(m, "inconclusive"));
		json_array_foreach(json_object_get(m, "changes"), j, c)
			window_commit_change(b, c);
		buf_adds(b, "</ul></td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* The summary line: counts and the window's bounds. */
static void window_summary(struct buf *b, const json_t *r)
{
	const json_t *s = json_object_get(r, "summary");
	long long reg = window_int(s, "regressions"), imp = window_int(s, "improvements");

	buf_printf(b, "<p id=\"summary\"><span class=\"regression\">%lld regression%s</span>, "
		   "<span class=\"improvement\">%lld improvement%s</span>, "
		   "%lld of %lld merges measured; %lld changes in %lld groups "
		   "(%lld ambiguous).  First-parent positions %lld..%lld.</p>\n",
		   reg, reg == 1 ? "" : "s", imp, imp == 1 ? "" : "s",
		   window_int(s, "merges_measured"), window_int(s, "merges"),
		   window_int(s, "changes"), window_int(s, "groups"),
		   window_int(s, "ambiguous_groups"), window_int(r, "from_position") + 1,
		   window_int(r, "to_position"));
	buf_printf(b, "<p id=\"confirmations\">Before anyone is told, each change is measured "
		   "again: %lld confirmed, %lld waiting; withdrawn: %lld not reproduced, %lld "
		   "where no compiled code changed (layout or noise).  Commit ranges that compile "
		   "the same code: %lld.</p>\n",
		   window_int(s, "confirmed"), window_int(s, "waiting"),
		   window_int(s, "not_reproduced"), window_int(s, "no_code"),
		   window_int(s, "ranges_no_code"));
	if (json_object_get(s, "verdicts"))
		buf_printf(b, "<p id=\"verdicts\">Measured commits against the one before: "
			   "%lld with a changed metric, %lld with an inconclusive one.</p>\n",
			   window_int(s, "commits_changed"), window_int(s, "commits_inconclusive"));
}

/* The commit ranges in which no compiled code changed: what differs there
 * is layout or noise. */
static void window_no_code(struct buf *b, const json_t *r)
{
	const json_t *same = json_object_get(r, "no_code"), *c;
	size_t i;

	if (!json_array_size(same))
		return;
	buf_adds(b, "<h2>No compiled code changed</h2>\n<table id=\"no-code\">"
		 "<tr><th>range</th><th>why</th></tr>\n");
	json_array_foreach(same, i, c) {
		buf_adds(b, "<tr><td>");
		html_sha(b, html_jstr(c, "good_sha"));
		buf_adds(b, "..");
		html_sha(b, html_jstr(c, "bad_sha"));
		buf_adds(b, "</td><td>");
		html_txt(b, html_jstr(c, "code_reason"));
		buf_adds(b, "</td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* The changes confirmations withdrew, each with why: nobody was told. */
static void window_withdrawn(struct buf *b, const json_t *r)
{
	const json_t *gone = json_object_get(r, "withdrawn"), *c;
	size_t i;

	window_no_code(b, r);
	if (!json_array_size(gone))
		return;
	buf_adds(b, "<h2>Withdrawn before anyone was told</h2>\n<table id=\"withdrawn\">"
		 "<tr><th>change</th><th>metric</th><th>range</th><th>why</th></tr>\n");
	json_array_foreach(gone, i, c) {
		buf_printf(b, "<tr><td><a href=\"/changes/%lld\">%lld</a></td><td>",
			   window_int(c, "id"), window_int(c, "id"));
		html_txt(b, html_jstr(c, "suite"));
		buf_adds(b, "/");
		html_txt(b, html_jstr(c, "metric"));
		buf_printf(b, " %+.1f%%</td><td>", 100 * json_number_value(json_object_get(c,
											   "magnitude")));
		html_sha(b, html_jstr(c, "good_sha"));
		buf_adds(b, "..");
		html_sha(b, html_jstr(c, "bad_sha"));
		buf_adds(b, "</td><td>");
		html_txt(b, html_jstr(c, "withdrawn_reason"));
		buf_adds(b, "</td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* base: the page's URL with ?branch= when one was given (escaped). */
static void window_base(struct buf *base, const json_t *r)
{
	buf_adds(base, "/trees/");
	html_url_arg(base, html_jstr(r, "tree"));
	buf_adds(base, "/windows/");
	html_url_arg(base, html_jstr(r, "release"));
}

int page_window(struct buf *b, const json_t *report, int page)
{
	const char *tree = html_jstr(report, "tree"), *branch = html_jstr(report, "branch");
	const char *closed = html_jstr(report, "closed_by");
	const json_t *groups = json_object_get(report, "groups");
	struct buf title, base;
	size_t i;
	json_t *g;

	buf_init(&title, 256);
	buf_printf(&title, "%s: %s \xe2\x86\x92 %s", tree, html_jstr(report, "release"),
		   *closed ? closed : "head (open)");
	html_page_begin(b, buf_str(&title));
	buf_dispose(&title);
	window_summary(b, report);
	buf_init(&base, 512);
	window_base(&base, report);
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
	if (!json_array_size(groups))
		html_empty(b, "no-changes", "No change was found in this window.",
			   "Each merge measured is compared with the one before it (see "
			   "\"Measured commits\" below); merges never measured cannot show "
			   "one: the tree's candidates policy picks the merges to build and "
			   "measure (docs/watch.md).");
	buf_adds(b, "<div id=\"report\">\n");
	json_array_foreach(groups, i, g)
		window_group(b, report, g);
	buf_adds(b, "</div>\n");
	html_pager(b, buf_str(&base), page, json_is_true(json_object_get(report, "more")));
	window_measured(b, report);
	window_withdrawn(b, report);
	buf_dispose(&base);
	html_page_end(b);
	return 0;
}
