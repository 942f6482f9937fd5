// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_change.c - "/changes/ID": one detected change, answering first
 * what regressed, where, by how much and whether it is real: a title
 * naming the metric, the change and the commit ("wq/metric-07 \u22128.0%
 * regression at Merge tag ..."), the verdict with its interval, where it
 * lies (metric, tree, branch, runner class, the first bad and last good
 * commits with their subjects, the candidate merges when the range holds
 * several, the merge window, the state), links to the window report, the
 * compare of its two sides, the chart of its range, the bisection and the
 * reports; the other changes of its commit range; a plain-text summary to
 * paste into a mail; then the numbers, the points around the change as a
 * chart and a table, the bisection, the triage form and the reports.  The
 * form posts to POST /api/v1/changes/ID/triage with the admin token
 * pasted in it (web/static/kpci.js adds the Authorization header; the
 * page never holds a token).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lib/rec_change_points.h"
#include "web/chart.h"
#include "web/html.h"
#include "web/pages.h"

static const char *const change_states[] = { "new", "confirmed", "bisecting",
	"culprit-found", "fixed", "invalid", "wontfix", NULL };

/* s, or "" for NULL. */
static const char *change_str(const char *s)
{
	return s ? s : "";
}

/* "sha subject (date)" of a commit of the change's place. */
static void change_commit(struct buf *b, const struct rec_place_commit *commit)
{
	if (!commit) {
		buf_adds(b, "<span class=\"muted\">the start of the series</span>");
		return;
	}
	html_sha(b, change_str(commit->sha));
	buf_adds(b, " ");
	html_clamp(b, change_str(commit->subject));
	buf_adds(b, " <span class=\"muted nowrap\">");
	html_date(b, commit->time == REC_NONE ? 0 : commit->time);
	if (commit->position != REC_NONE)
		buf_printf(b, " at position %lld", commit->position);
	buf_adds(b, "</span>");
}

/* The candidate merges of a range that holds several. */
static void change_merges(struct buf *b, const struct rec_place *place)
{
	long long total = place->merges_total;

	if (total < 2)
		return;
	buf_printf(b, "<dt>merges</dt><dd>%lld first-parent merges in the range, any of them "
		   "may have brought it:<ul id=\"candidates\">", total);
	for (size_t i = 0; i < place->nmerges; i++) {
		const struct rec_place_commit *m = &place->merges[i];
		long long jobs = m->jobs;

		buf_printf(b, "<li class=\"%s\">", jobs ? "measured" : "unmeasured");
		change_commit(b, m);
		if (jobs)
			buf_printf(b, " <span class=\"muted\">measured, %lld job%s</span>", jobs,
				   jobs == 1 ? "" : "s");
		else
			buf_adds(b, " <strong class=\"unmeasured\">never measured</strong>");
		buf_adds(b, "</li>");
	}
	if ((long long)place->nmerges < total)
		buf_printf(b, "<li class=\"muted\">and %lld more</li>",
			   total - (long long)place->nmerges);
	buf_adds(b, "</ul></dd>\n");
}

/* /trees/TREE/windows/RELEASE?branch=BRANCH of the change's window. */
static void change_window_href(struct buf *b, const struct rec_place *place)
{
	buf_adds(b, "/trees/");
	html_url_arg(b, change_str(place->tree));
	buf_adds(b, "/windows/");
	html_url_arg(b, change_str(place->release));
	buf_adds(b, "?branch=");
	html_url_arg(b, change_str(place->branch));
}

/* A number of the change as the page shows it: 0 when it has none. */
static double change_num(double v)
{
	return isfinite(v) ? v : 0;
}

/* "regression" or "improvement": the class of a change's direction. */
static const char *change_dir(const struct rec_change *c)
{
	return c->direction && !strcmp(c->direction, "regression") ? "regression" : "improvement";
}

/* How the change was confirmed before anyone was told, or why it was not
 * (daemon/analyze/confirm.c); nothing for a change that is not measured again. */
static void change_confirmation(struct buf *b, const struct rec_change *c, long long now)
{
	if (!c->bad_sha || !*c->bad_sha || strcmp(c->kind, "perf"))
		return;
	buf_adds(b, "<dt>confirmation</dt><dd id=\"confirmation\">");
	if (c->confirm) {
		buf_printf(b, "<strong class=\"confirm-%s\">", !strcmp(c->confirm, "confirmed") ?
			   "yes" : "no");
		html_txt(b, !strcmp(c->confirm, "no-code") ? "no compiled code changed" :
			 c->confirm);
		buf_adds(b, "</strong> ");
		html_age(b, now, c->confirmed_at);
		buf_adds(b, ": ");
		html_txt(b, c->confirm_reason ? c->confirm_reason : "");
	} else if (c->triaged_by) {
		buf_adds(b, "<span class=\"muted\">not measured again: a person triaged it</span>");
	} else if (c->noisy) {
		buf_adds(b, "<span class=\"muted\">not measured again: its series is too noisy "
			 "to judge</span>");
	} else if (c->withdrawn_at) {
		buf_adds(b, "<span class=\"muted\">none: withdrawn before it was measured "
			 "again</span>");
	} else {
		buf_adds(b, "<strong>waiting</strong>: its last good and first bad kernels are "
			 "booted again, alternately; nobody is told before they show it");
		if (c->confirmation_id)
			buf_printf(b, " (confirmation %lld)", c->confirmation_id);
	}
	buf_adds(b, "</dd>\n");
}

/* Where the change lies: metric, tree, commits, merges, window, state. */
static void change_facts(struct buf *b, const struct rec_change *c, long long now)
{
	static const struct rec_place none;
	const struct rec_place *place = c->place ? c->place : &none;

	buf_adds(b, "<dl class=\"facts\" id=\"change-facts\"><dt>metric</dt><dd>");
	html_series_link(b, c->series_id, c->suite, c->metric);
	buf_adds(b, " (");
	html_txt(b, c->unit);
	buf_adds(b, ", ");
	html_txt(b, c->better);
	buf_adds(b, " is better)</dd>\n<dt>runner class</dt><dd id=\"runner-class\">");
	html_txt(b, c->runner_class);
	buf_adds(b, "</dd>\n<dt>tree</dt><dd>");
	if (*change_str(place->tree)) {
		buf_adds(b, "<a href=\"/trees/");
		html_url_arg(b, place->tree);
		buf_adds(b, "\">");
		html_txt(b, place->tree);
		buf_adds(b, "</a> branch <span id=\"branch\">");
		html_txt(b, change_str(place->branch));
		buf_adds(b, "</span>");
	} else {
		buf_adds(b, "<span class=\"muted\">none (the jobs had no commit)</span>");
	}
	buf_adds(b, "</dd>\n");
	if (c->bad_sha && *c->bad_sha) {
		buf_adds(b, "<dt>first bad</dt><dd id=\"first-bad\">");
		change_commit(b, place->bad);
		buf_adds(b, "</dd>\n<dt>last good</dt><dd id=\"last-good\">");
		change_commit(b, place->good);
		buf_adds(b, "</dd>\n");
	} else {
		long long gj = c->good_job_id, bj = c->bad_job_id;

		buf_printf(b, "<dt>jobs</dt><dd id=\"first-bad\">after <a href=\"/jobs/%lld\">job "
			   "%lld</a> up to and including <a href=\"/jobs/%lld\">job %lld</a> (the "
			   "points have no commit)</dd>\n", gj, gj, bj, bj);
	}
	change_merges(b, place);
	if (place->release) {
		buf_adds(b, "<dt>window</dt><dd><a id=\"window-link\" href=\"");
		change_window_href(b, place);
		buf_adds(b, "\">");
		html_txt(b, place->release);
		buf_adds(b, " &rarr; ");
		html_txt(b, *change_str(place->closed_by) ? place->closed_by : "head (open)");
		buf_adds(b, "</a></dd>\n");
	}
	buf_adds(b, "<dt>state</dt><dd><span id=\"state-head\">");
	html_txt(b, c->state);
	buf_adds(b, "</span>, detected ");
	html_age(b, now, c->detected_at);
	if (c->withdrawn_at) {
		buf_adds(b, "; <strong id=\"withdrawn\">withdrawn</strong> ");
		html_age(b, now, c->withdrawn_at);
		buf_adds(b, ": ");
		html_txt(b, c->withdrawn_reason ? c->withdrawn_reason :
			 "the analysis no longer finds it in the data measured since");
	}
	buf_adds(b, "</dd>\n");
	change_confirmation(b, c, now);
	buf_adds(b, "</dl>\n");
}

/* The verdict in one line: direction and %change of the points' means
 * (the title's number), then the verdict, whose own %change and interval
 * are over job means (its reason says so): two numbers, each named. */
static void change_verdict(struct buf *b, const struct rec_change *c)
{
	buf_printf(b, "<p id=\"verdict\"><strong class=\"%s\">%s %+.1f%%</strong> "
		   "<span class=\"muted\">(the mean of the points after it against before)</span>",
		   change_dir(c), change_dir(c), 100 * change_num(c->magnitude));
	if (c->verdict && *c->verdict) {
		buf_adds(b, "; verdict <strong class=\"verdict\">");
		html_txt(b, c->verdict);
		buf_adds(b, "</strong>: ");
		html_txt(b, c->reason);
		buf_adds(b, " <span class=\"muted\">(the job the unit; found by ");
		html_txt(b, c->found_by);
		buf_adds(b, ")</span>");
	}
	buf_adds(b, "</p>\n");
}

/* Links to what the maintainer reads next. */
static void change_links(struct buf *b, const struct rec_change *c,
			 const struct rec_reports *reports)
{
	static const struct rec_place none;
	const struct rec_place *place = c->place ? c->place : &none;
	long long g = place->good ? place->good->position : REC_NONE;
	long long bd = place->bad ? place->bad->position : REC_NONE;
	const char *good = c->good_sha ? c->good_sha : "", *bad = c->bad_sha ? c->bad_sha : "";

	buf_adds(b, "<p class=\"links\" id=\"change-links\">");
	if (place->release) {
		buf_adds(b, "<a href=\"");
		change_window_href(b, place);
		buf_adds(b, "\">window report</a>");
	}
	buf_adds(b, "<a id=\"compare-link\" href=\"/compare?base=");
	if (*bad) {
		html_url_arg(b, *good ? good : bad);
		buf_adds(b, "&amp;head=");
		html_url_arg(b, bad);
	} else {
		buf_printf(b, "job:%lld&amp;head=job:%lld", c->good_job_id, c->bad_job_id);
	}
	buf_adds(b, "&amp;runner_class=");
	html_url_arg(b, c->runner_class);
	buf_adds(b, "\">compare last good &rarr; first bad</a>");
	if (bd != REC_NONE) {
		long long hi = bd, lo = g != REC_NONE ? g : hi - 1, w = hi - lo > 0 ? hi - lo : 1;

		buf_printf(b, "<a id=\"zoom-link\" href=\"/series/%lld?from=%lld&amp;to=%lld\">chart "
			   "of the range</a>", c->series_id, lo - 10 * w > 0 ? lo - 10 * w : 0,
			   hi + 10 * w);
	}
	buf_printf(b, "<a href=\"#bisection-head\">bisection</a><a href=\"#reports-head\">reports "
		   "sent (%zu)</a><a href=\"/api/v1/changes/%lld\">JSON</a></p>\n",
		   reports ? reports->n : 0, c->id);
}

/* The other changes of the same commit range (its group). */
static void change_group(struct buf *b, const struct rec_change *c)
{
	const struct rec_changes *group = &c->group;

	if (group->n < 2)
		return;
	buf_printf(b, "<h2>The same range: %zu changes</h2>\n<table id=\"group\"><tr><th>change"
		   "</th><th>metric</th><th>runner class</th><th>direction</th>"
		   "<th class=\"num\">%%change</th><th>verdict</th><th>state</th></tr>\n", group->n);
	for (size_t i = 0; i < group->n; i++) {
		const struct rec_change *g = &group->v[i];

		buf_printf(b, "<tr%s><td class=\"num\"><a class=\"change-link\" href=\"/changes/%lld\">"
			   "%lld</a></td><td>", g->id == c->id ? " class=\"this\"" : "", g->id, g->id);
		html_series_link(b, g->series_id, g->suite, g->metric);
		buf_adds(b, "</td>");
		html_td(b, g->runner_class);
		buf_printf(b, "<td class=\"%s\">%s</td><td class=\"num\">%+.2f%%</td>",
			   change_dir(g), change_dir(g), 100 * change_num(g->magnitude));
		html_td(b, g->verdict && *g->verdict ? g->verdict : "-");
		html_td(b, g->state);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void change_summary(struct buf *b, const struct rec_change *c)
{
	buf_adds(b, "<h2>Summary for a mail</h2>\n<pre id=\"summary-text\">");
	html_txt(b, c->summary_text);
	buf_adds(b, "</pre>\n<p><button type=\"button\" class=\"copy\" data-copy=\"summary-text\" "
		 "hidden>copy</button></p>\n");
}

static void change_numbers(struct buf *b, const struct rec_change *c)
{
	buf_adds(b, "<h2>Numbers</h2>\n<table id=\"numbers\"><tr><th></th><th>before</th>"
		 "<th>after</th></tr>\n<tr><th>points</th>");
	html_td_measure(b, c->n_before);
	html_td_measure(b, c->n_after);
	buf_adds(b, "</tr>\n<tr><th>mean</th>");
	html_td_real(b, c->mean_before);
	html_td_real(b, c->mean_after);
	buf_adds(b, "</tr>\n<tr><th>median</th>");
	html_td_real(b, c->median_before);
	html_td_real(b, c->median_after);
	buf_adds(b, "</tr>\n<tr><th>standard deviation</th>");
	html_td_real(b, c->sd_before);
	html_td_real(b, c->sd_after);
	buf_printf(b, "</tr>\n</table>\n<p class=\"muted\">p = %.3g, confidence %.3g (the "
		   "segmentation's test over the points).</p>\n", change_num(c->pvalue),
		   change_num(c->confidence));
}

/* The points around the change: the chart of its range (chart,
 * web/chart.h's JSON; NULL: none) and the table of the points. */
static void change_points(struct buf *b, const struct rec_change *c, const json_t *chart)
{
	long long bad_job = c->bad_job_id;

	buf_adds(b, "<h2>Points around the change</h2>\n");
	if (chart)
		chart_div(b, "change-chart", chart);
	buf_adds(b, "<table id=\"points\"><tr><th>index</th><th>position</th><th>job</th>"
		 "<th>commit</th><th class=\"num\">value</th><th>iterations</th></tr>\n");
	for (size_t i = 0; i < c->npoints; i++) {
		const struct rec_change_point *p = &c->points[i];

		buf_printf(b, "<tr%s>", p->job_id == bad_job ? " class=\"st-failed first-bad\"" :
			   "");
		html_td_measure(b, p->index);
		html_td_measure(b, p->position);
		buf_printf(b, "<td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td><td>", p->job_id,
			   p->job_id);
		html_sha(b, p->commit_sha);
		buf_adds(b, "</td>");
		html_td_real(b, p->value);
		html_td_measure(b, p->iterations);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void change_triage(struct buf *b, const struct rec_change *c)
{
	buf_adds(b, "<h2>Triage</h2>\n<p>State: <strong id=\"state\">");
	html_txt(b, c->state);
	buf_adds(b, "</strong>");
	if (c->note && c->note[0]) {
		buf_adds(b, " &mdash; note: <span id=\"note\">");
		html_txt(b, c->note);
		buf_adds(b, "</span>");
	}
	buf_adds(b, "</p>\n");
	buf_printf(b, "<form id=\"triage\" method=\"post\" action=\"/api/v1/changes/%lld/triage\">"
		   "<label>state <select name=\"state\">", c->id);
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
static void change_build_failure(struct buf *b, const struct rec_change *c)
{
	long long build = c->build_id, fixed = c->fixed_build_id;

	buf_printf(b, "<p id=\"build-failure\">Build <a href=\"/api/v1/builds/%lld\">%lld</a> "
		   "of config <code>", build, build);
	html_txt(b, c->config_name);
	buf_printf(b, "</code> failed after a good build (<a href=\"/api/v1/builds/%lld/log\">"
		   "log</a>).", build);
	if (fixed) {
		buf_printf(b, " Fixed by build <a href=\"/api/v1/builds/%lld\">%lld</a> of <code>",
			   fixed, fixed);
		html_txt(b, c->fixed_sha);
		buf_adds(b, "</code>.");
	}
	buf_adds(b, "</p>\n<h2>First error lines</h2>\n<pre id=\"detail\">");
	html_txt(b, c->detail);
	buf_adds(b, "</pre>\n");
}

int page_change(struct buf *b, const struct rec_change *c, const struct rec_reports *reports,
		const json_t *chart, long long now)
{
	char fallback[64];

	snprintf(fallback, sizeof fallback, "Change %lld", c->id);
	html_page_begin(b, c->title && *c->title ? c->title : fallback);
	buf_printf(b, "<p class=\"muted\" id=\"change-id\">Change %lld</p>\n", c->id);
	if (c->kind && !strcmp(c->kind, "build-failure")) {
		change_build_failure(b, c);
		change_facts(b, c, now);
		change_links(b, c, reports);
	} else {
		change_verdict(b, c);
		change_facts(b, c, now);
		change_links(b, c, reports);
		change_group(b, c);
		change_summary(b, c);
		change_points(b, c, chart);
		change_numbers(b, c);
	}
	page_change_bisection(b, c->bisection);     /* web/page_bisect.c */
	change_triage(b, c);
	page_change_reports(b, reports);             /* web/page_reports.c */
	html_chart_scripts(b);
	html_page_end(b);
	return 0;
}
