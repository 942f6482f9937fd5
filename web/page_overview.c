// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_overview.c - "/": the watched trees, the latest changes, who is
 * running what, and the latest numbers.
 * Plain tables, readable without JavaScript.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>


#include "web/html.h"
#include "web/pages.h"

static void cell_txt(struct buf *b, const char *s)
{
	buf_adds(b, "<td>");
	html_txt(b, s);
	buf_adds(b, "</td>");
}

/* A cell with the UTC time at, as "YYYY-MM-DD HH:MM:SS". */
static void cell_when(struct buf *b, long long at)
{
	char when[32] = "";
	time_t t = (time_t)at;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
	cell_txt(b, when);
}

/* cell_when, or an empty cell when at is 0 (not known). */
static void cell_time(struct buf *b, long long at)
{
	if (at)
		cell_when(b, at);
	else
		cell_txt(b, "");
}

static void overview_runners(struct buf *b, const struct rec_runners *runners)
{
	buf_printf(b, "<h2>Runners (%zu)</h2>\n", runners->n);
	if (!runners->n) {
		html_empty(b, "no-runners", "No runner has registered yet.",
			   "Start one with a runner token: <code>kpci-runner --server URL --token "
			   "TOKEN --name NAME</code> (docs/runners.md); <code>kpcid token create "
			   "--role runner</code> makes the token.");
		return;
	}
	buf_adds(b, "<table id=\"runners\"><tr><th>name</th><th>class</th><th>NUMA nodes</th>"
		 "<th>CPUs</th><th>CPU model</th><th>kernel</th><th>last seen (UTC)</th>"
		 "<th>current job</th></tr>\n");
	for (size_t i = 0; i < runners->n; i++) {
		const struct rec_runner *r = &runners->v[i];

		buf_adds(b, "<tr>");
		cell_txt(b, r->name);
		cell_txt(b, r->runner_class);
		buf_printf(b, "<td class=\"num\">%lld</td><td class=\"num\">%lld</td>",
			   r->numa_nodes, r->cpus);
		cell_txt(b, r->cpu_model ? r->cpu_model : "");
		cell_txt(b, r->kernel_release ? r->kernel_release : "");
		cell_when(b, r->last_seen);
		if (r->current_job)
			buf_printf(b, "<td class=\"num\">%lld</td>", r->current_job);
		else
			buf_adds(b, "<td></td>");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void overview_jobs(struct buf *b, const struct rec_jobs *jobs)
{
	buf_adds(b, "<h2>Recent jobs</h2>\n");
	if (!jobs->n) {
		html_empty(b, "no-jobs", "No job has been queued yet.",
			   "Watch a tree (a <code>[tree NAME]</code> section in kpcid.ini, "
			   "docs/watch.md) and its builds and bench jobs are queued, or queue one: "
			   "<code>kpci submit --suite kbench</code>.");
		return;
	}
	buf_adds(b, "<table id=\"jobs\"><tr><th>id</th><th>kind</th><th>suite</th><th>boot</th>"
		 "<th>state</th><th>attempt</th><th>runner</th><th>samples</th><th>created (UTC)</th>"
		 "<th>reason</th></tr>\n");
	for (size_t i = 0; i < jobs->n; i++) {
		const struct rec_job *j = &jobs->v[i];

		buf_printf(b, "<tr><td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td>", j->id,
			   j->id);
		cell_txt(b, j->kind);
		cell_txt(b, j->spec_suite ? j->spec_suite : "");
		cell_txt(b, j->spec_boot ? j->spec_boot : "");
		buf_adds(b, "<td class=\"st-");
		html_attr(b, j->state);
		buf_adds(b, "\">");
		html_txt(b, j->state);
		buf_printf(b, "</td><td class=\"num\">%lld</td>", j->attempt);
		cell_txt(b, j->runner ? j->runner : "");
		buf_printf(b, "<td class=\"num\">%lld</td>", j->samples);
		cell_when(b, j->created_at);
		html_td_text(b, j->reason ? j->reason : "");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* One count of the pipeline. */
static void overview_count(struct buf *b, long long n, const char *key, const char *label)
{
	buf_printf(b, "<li><span class=\"num\" id=\"pipe-%s\">%lld</span> %s</li>", key, n, label);
}

/* Where the work is (db_pipeline) and what each running job is doing,
 * with an estimate from the done jobs like it. */
static void overview_pipeline(struct buf *b, const struct page_overview_data *o)
{
	const struct rec_pipeline *p = &o->pipeline;
	const struct rec_jobs *running = &o->running;

	buf_adds(b, "<h2>Pipeline</h2>\n<ul id=\"pipeline\" class=\"pipeline\">");
	overview_count(b, p->queued_builds, "queued_builds", "builds queued");
	overview_count(b, p->queued_bench, "queued_bench", "bench jobs queued");
	overview_count(b, p->building, "building", "building");
	overview_count(b, p->booting, "booting", "booting");
	overview_count(b, p->measuring, "measuring", "measuring");
	overview_count(b, p->bisecting, "bisecting", "bisecting");
	overview_count(b, p->reporting, "reporting", "reports being sent");
	overview_count(b, p->reports, "reports", "reports");
	buf_adds(b, "</ul>\n");
	if (running->n) {
		buf_adds(b, "<table id=\"running\"><tr><th>job</th><th>kind</th><th>suite</th>"
			 "<th>commit</th><th>runner</th><th>started (UTC)</th><th>now</th>"
			 "<th>estimate</th></tr>\n");
		for (size_t i = 0; i < running->n; i++) {
			const struct rec_job *j = &running->v[i];

			buf_printf(b, "<tr><td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td>",
				   j->id, j->id);
			cell_txt(b, j->kind);
			cell_txt(b, j->spec_suite ? j->spec_suite : "");
			buf_adds(b, "<td>");
			html_sha(b, j->commit_sha ? j->commit_sha : "");
			buf_adds(b, "</td>");
			cell_txt(b, j->runner ? j->runner : "");
			cell_time(b, j->started_at);
			buf_adds(b, "<td class=\"phase\">");
			page_job_phase(b, j);
			buf_adds(b, "</td><td>");
			page_job_estimate(b, &o->estimates[i], j->started_at);
			buf_adds(b, "</td></tr>\n");
		}
		buf_adds(b, "</table>\n");
	}
}

static void overview_samples(struct buf *b, const struct rec_samples *samples)
{
	buf_adds(b, "<h2>Latest samples</h2>\n");
	if (!samples->n) {
		html_empty(b, "no-samples", "No samples yet.",
			   "Samples arrive when a runner finishes a bench job; the "
			   "<a href=\"/series\">metrics</a> then chart them.");
		return;
	}
	buf_adds(b, "<table id=\"samples\"><tr><th>job</th><th>metric</th>"
		 "<th>iteration</th><th>value</th><th>unit</th><th>better</th><th>runner</th>"
		 "<th>kernel</th><th>boot</th></tr>\n");
	for (size_t i = 0; i < samples->n; i++) {
		const struct rec_sample *s = &samples->v[i];

		buf_printf(b, "<tr><td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td><td>",
			   s->job_id, s->job_id);
		html_series_link(b, s->series_id, s->suite, s->metric);
		buf_printf(b, "</td><td class=\"num\">%lld</td><td class=\"num\">", s->iteration);
		html_number(b, s->value);
		buf_adds(b, "</td>");
		cell_txt(b, s->unit);
		cell_txt(b, s->better);
		cell_txt(b, s->runner ? s->runner : "");
		cell_txt(b, s->kernel_release ? s->kernel_release : "");
		cell_txt(b, s->boot_method ? s->boot_method : "");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void overview_trees(struct buf *b, const struct rec_trees *trees)
{
	buf_adds(b, "<h2>Trees</h2>\n");
	if (!trees->n) {
		html_empty(b, "no-trees", "No tree is watched.",
			   "Add a <code>[tree NAME]</code> section with its url to kpcid.ini "
			   "(docs/watch.md): kpcid follows its branches, builds its merges and has "
			   "runners measure them.");
		return;
	}
	buf_adds(b, "<ul id=\"trees\">");
	for (size_t i = 0; i < trees->n; i++) {
		buf_adds(b, "<li><a href=\"/trees/");
		html_url_arg(b, trees->v[i].name);
		buf_adds(b, "\">");
		html_txt(b, trees->v[i].name);
		buf_adds(b, "</a></li>");
	}
	buf_adds(b, "</ul>\n");
}

/* "v6.12 -> head (open): 2 regressions, 1 improvement, 83 merges measured
 * (of 84)" of one window, linked to its report. */
static void overview_window(struct buf *b, const char *tree, const struct db_window_counts *w)
{
	buf_adds(b, "<a class=\"window-link\" href=\"/trees/");
	html_url_arg(b, tree);
	buf_adds(b, "/windows/");
	html_url_arg(b, w->release);
	buf_adds(b, "\">");
	html_txt(b, w->release);
	buf_adds(b, " &rarr; ");
	html_txt(b, w->closed_by[0] ? w->closed_by : "head (open)");
	buf_printf(b, "</a>: <span class=\"regression\">%lld regression%s</span>, "
		   "<span class=\"improvement\">%lld improvement%s</span>, "
		   "%lld merge%s measured (of %lld)", w->regressions, w->regressions == 1 ? "" : "s",
		   w->improvements, w->improvements == 1 ? "" : "s", w->merges_measured,
		   w->merges_measured == 1 ? "" : "s", w->merges);
}

/* One line per tree: its newest merge window's report summary, linked,
 * then the earlier windows with their counts. */
static void overview_windows(struct buf *b, const struct page_overview_data *o)
{
	size_t shown = 0;

	for (size_t i = 0; i < o->trees.n; i++) {
		const char *name = o->trees.v[i].name;
		const struct db_window_counts *w = o->windows[i];
		size_t n = o->nwindows[i];

		if (!n)
			continue;
		if (!shown++)
			buf_adds(b, "<h2>Merge windows</h2>\n<ul id=\"current-windows\">");
		buf_adds(b, "<li>");
		html_txt(b, name);
		buf_adds(b, ": ");
		overview_window(b, name, &w[0]);
		if (n > 1) {
			buf_adds(b, "<ul class=\"earlier-windows\">");
			for (size_t k = 1; k < n; k++) {
				buf_adds(b, "<li>");
				overview_window(b, name, &w[k]);
				buf_adds(b, "</li>");
			}
			buf_adds(b, "</ul>");
		}
		buf_adds(b, "</li>");
	}
	if (shown)
		buf_adds(b, "</ul>\n");
}

/* The latest changes, one line per commit range: the largest change (and
 * how many more metrics changed there), where, and at which commit. */
static void overview_changes(struct buf *b, const struct rec_change_groups *groups)
{
	buf_adds(b, "<h2>Latest changes</h2>\n");
	if (!groups->n) {
		html_empty(b, "no-changes", "No change has been found yet.",
			   "The analyzer finds them once runners have measured two or more "
			   "commits of a series; see the <a href=\"/series\">metrics</a>.");
		return;
	}
	buf_adds(b, "<ul id=\"latest-changes\">");
	for (size_t i = 0; i < groups->n; i++) {
		const struct rec_change_group *g = &groups->v[i];
		const struct rec_change *c = &g->head;
		const char *dir = c->direction && !strcmp(c->direction, "regression") ?
				  "regression" : "improvement";

		buf_printf(b, "<li><a class=\"change-link %s\" href=\"/changes/%lld\">%s %+.2f%%</a> "
			   "of ", dir, c->id, dir, 100 * (isfinite(c->magnitude) ? c->magnitude : 0));
		html_series_link(b, c->series_id, c->suite, c->metric);
		if (g->metrics > 1)
			buf_printf(b, " <a class=\"muted\" href=\"/changes?view=metrics&amp;group=%lld"
				   "\">and %lld more metric%s</a>", g->group_key > 0 ? g->group_key : c->id,
				   g->metrics - 1, g->metrics == 2 ? "" : "s");
		buf_adds(b, " on ");
		html_txt(b, c->runner_class);
		if (c->bad_sha && *c->bad_sha) {
			buf_adds(b, " at ");
			html_sha(b, c->bad_sha);
			if (g->bad_subject && *g->bad_subject) {
				buf_adds(b, " ");
				html_clamp(b, g->bad_subject);
			}
			if (g->tree && *g->tree) {
				buf_adds(b, " <span class=\"muted\">(");
				html_txt(b, g->tree);
				buf_adds(b, ")</span>");
			}
		}
		buf_adds(b, "</li>");
	}
	buf_adds(b, "</ul>\n<p><a href=\"/changes\">All changes</a></p>\n");
}

int page_overview(struct buf *b, const struct page_overview_data *o)
{
	html_page_begin(b, "Overview");
	overview_trees(b, &o->trees);
	overview_pipeline(b, o);
	overview_windows(b, o);
	overview_changes(b, &o->changes);
	page_overview_bisections(b, &o->bisections);    /* web/page_bisect.c */
	overview_runners(b, &o->runners);
	overview_jobs(b, &o->jobs);
	overview_samples(b, &o->samples);
	html_page_end(b);
	return 0;
}
