// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_bisect.c - "/bisections" (the running bisections with their
 * progress, then all of them), "/bisections/ID" (one bisection: what it
 * found or why it stopped, and its probe log) and the bisection section
 * of a change's page.  Commit subjects and reasons come from commits and
 * runners: everything goes through html_txt.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

/* A string of a record, "" for NULL. */
static const char *bisect_s(const char *s)
{
	return s ? s : "";
}

/* A count of a record, 0 for REC_NONE. */
static long long bisect_n(long long v)
{
	return v == REC_NONE ? 0 : v;
}

/* "round 3, 12 of 300 commits left (about 2 rounds to go), 9 probes, 4 at once" */
static void bisect_progress(struct buf *b, const struct rec_bisection *r)
{
	long long n = bisect_n(r->commits), left = bisect_n(r->remaining), k = r->parallel;
	const char *phase = bisect_s(r->phase);

	buf_printf(b, "<progress value=\"%lld\" max=\"%lld\"></progress> ", n > left ? n - left : 0,
		   n > 1 ? n - 1 : 1);
	html_txt(b, phase);
	buf_printf(b, ": round %lld, %lld of %lld commits left", r->rounds, left, n);
	if (!strcmp(phase, "search") && left > 1 && k > 0)
		buf_printf(b, " (about %.0f round%s to go)", ceil(log((double)left) /
			   log((double)k + 1)), ceil(log((double)left) / log((double)k + 1)) == 1 ?
			   "" : "s");
	buf_printf(b, ", %lld probes, %lld at once", r->probes, k);
}

/* A table row's first cells: the bisection, its change, its metric. */
static void bisect_row_start(struct buf *b, const struct rec_bisection *r)
{
	buf_printf(b, "<tr><td class=\"num\"><a href=\"/bisections/%lld\">%lld</a></td>"
		   "<td class=\"num\"><a href=\"/changes/%lld\">%lld</a></td>",
		   r->id, r->id, r->change_id, r->change_id);
	html_td(b, bisect_s(r->metric));
}

/* "<td>TIME</td>" */
static void bisect_td_time(struct buf *b, long long t)
{
	buf_adds(b, "<td>");
	html_time(b, t);
	buf_adds(b, "</td>");
}

static void bisect_running_table(struct buf *b, const struct rec_bisections *rows)
{
	buf_adds(b, "<table id=\"running\"><tr><th>bisection</th><th>change</th><th>metric</th>"
		 "<th>range</th><th>progress</th><th>started (UTC)</th></tr>\n");
	for (size_t i = 0; i < rows->n; i++) {
		const struct rec_bisection *r = &rows->v[i];

		bisect_row_start(b, r);
		buf_adds(b, "<td>");
		html_sha(b, r->good_sha);
		buf_adds(b, "..");
		html_sha(b, r->bad_sha);
		buf_adds(b, "</td><td>");
		bisect_progress(b, r);
		buf_adds(b, "</td>");
		bisect_td_time(b, r->started_at);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void bisect_all_table(struct buf *b, const struct rec_bisections *rows)
{
	buf_adds(b, "<table id=\"bisections\"><tr><th>bisection</th><th>change</th><th>metric</th>"
		 "<th>state</th><th>culprit</th><th>confidence</th><th>commits</th><th>probes</th>"
		 "<th>why</th><th>started (UTC)</th></tr>\n");
	for (size_t i = 0; i < rows->n; i++) {
		const struct rec_bisection *r = &rows->v[i];

		bisect_row_start(b, r);
		buf_adds(b, "<td class=\"st-");
		html_attr(b, bisect_s(r->state));
		buf_adds(b, "\">");
		html_txt(b, bisect_s(r->state));
		buf_adds(b, "</td><td>");
		if (*bisect_s(r->culprit_sha) && !strcmp(bisect_s(r->state), "done")) {
			html_sha(b, r->culprit_sha);
			buf_adds(b, " ");
			html_txt(b, bisect_s(r->culprit_subject));
		}
		buf_adds(b, "</td>");
		html_td_real(b, r->confidence);
		html_td_measure(b, r->commits);
		html_td_measure(b, r->probes);
		html_td(b, bisect_s(r->reason));
		bisect_td_time(b, r->started_at);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

void page_overview_bisections(struct buf *b, const struct rec_bisections *running)
{
	if (!running->n)
		return;
	buf_adds(b, "<h2>Bisections running</h2>\n");
	bisect_running_table(b, running);
	buf_adds(b, "<p><a href=\"/bisections\">All bisections</a></p>\n");
}

int page_bisections(struct buf *b, const struct rec_bisections *running,
		    const struct rec_bisections *all)
{
	html_page_begin(b, "Bisections");
	buf_adds(b, "<h2>Running</h2>\n");
	if (!running->n)
		buf_adds(b, "<p class=\"muted\" id=\"running\">No bisection is running.</p>\n");
	else
		bisect_running_table(b, running);
	buf_adds(b, "<h2>All</h2>\n");
	if (!all->n)
		buf_adds(b, "<p class=\"muted\">No bisection has run.</p>\n");
	else
		bisect_all_table(b, all);
	buf_adds(b, "<p class=\"muted\">Start one with <code>kpci bisect CHANGE</code> (admin); "
		 "docs/bisect.md says how it works.</p>\n");
	html_page_end(b);
	return 0;
}

/* The numbers of a probe's log entry, one line per metric. */
static void bisect_detail(struct buf *b, const struct rec_bisect_probe *p)
{
	for (size_t i = 0; i < p->nlines; i++) {
		const struct rec_bisect_line *m = &p->lines[i];

		html_txt(b, bisect_s(m->metric));
		buf_adds(b, ": ");
		if (*bisect_s(m->good) || *bisect_s(m->bad)) {
			html_txt(b, bisect_s(m->good));
			buf_adds(b, " against good, ");
			html_txt(b, bisect_s(m->bad));
			buf_adds(b, " against bad; says ");
			html_txt(b, bisect_s(m->says));
		} else if (*bisect_s(m->change)) {
			html_txt(b, m->change);
			buf_adds(b, " (");
			html_txt(b, bisect_s(m->verdict));
			buf_adds(b, ")");
		} else {
			html_txt(b, bisect_s(m->ends));
			buf_adds(b, " between the ends; ");
			html_txt(b, bisect_s(m->says));
		}
		buf_adds(b, "<br>");
	}
}

static void bisect_probes(struct buf *b, const struct rec_bisection *r)
{
	buf_adds(b, "<table id=\"probes\"><tr><th>round</th><th>role</th><th>commit</th>"
		 "<th>subject</th><th>state</th><th>outcome</th><th>jobs queued</th><th>why</th>"
		 "<th>numbers</th></tr>\n");
	for (size_t i = 0; i < r->nprobe_list; i++) {
		const struct rec_bisect_probe *p = &r->probe_list[i];
		const char *outcome = bisect_s(p->outcome);

		buf_adds(b, "<tr>");
		html_td_measure(b, p->round);
		html_td(b, bisect_s(p->role));
		buf_adds(b, "<td>");
		html_sha(b, p->sha);
		buf_adds(b, "</td>");
		html_td(b, bisect_s(p->subject));
		html_td(b, bisect_s(p->state));
		buf_adds(b, "<td class=\"");
		html_attr(b, !strcmp(outcome, "bad") ? "regression" :
			  !strcmp(outcome, "good") ? "improvement" : "muted");
		buf_adds(b, "\">");
		html_txt(b, outcome);
		buf_adds(b, "</td>");
		html_td_measure(b, p->jobs);
		html_td(b, bisect_s(p->reason));
		buf_adds(b, "<td>");
		bisect_detail(b, p);
		buf_adds(b, "</td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* What a bisection found or where it stands, in one paragraph. */
static void bisect_summary(struct buf *b, const struct rec_bisection *r)
{
	const char *state = bisect_s(r->state);

	buf_printf(b, "<p id=\"bisection-summary\"><a href=\"/bisections/%lld\">Bisection %lld</a> "
		   "of ", r->id, r->id);
	html_txt(b, bisect_s(r->metric));
	buf_adds(b, " over ");
	html_sha(b, r->good_sha);
	buf_adds(b, "..");
	html_sha(b, r->bad_sha);
	buf_printf(b, " (%lld commits), started by ", bisect_n(r->commits));
	html_txt(b, bisect_s(r->started_by));
	buf_adds(b, ": <strong class=\"st-");
	html_attr(b, state);
	buf_adds(b, "\">");
	html_txt(b, state);
	buf_adds(b, "</strong>");
	if (!strcmp(state, "running")) {
		buf_adds(b, " &mdash; ");
		bisect_progress(b, r);
	}
	buf_adds(b, ".</p>\n");
	if (!strcmp(state, "done")) {
		buf_adds(b, "<p id=\"culprit\">Culprit: ");
		html_sha(b, r->culprit_sha);
		buf_adds(b, " ");
		html_txt(b, bisect_s(r->culprit_subject));
		buf_printf(b, " (confidence %.4f)</p>\n",
			   isfinite(r->confidence) ? r->confidence : 0.0);
	}
	if (*bisect_s(r->reason)) {
		buf_adds(b, "<p id=\"bisection-reason\">");
		html_txt(b, r->reason);
		buf_adds(b, "</p>\n");
	}
}

int page_bisection(struct buf *b, const struct rec_bisection *r)
{
	char title[64];

	snprintf(title, sizeof title, "Bisection %lld", r->id);
	html_page_begin(b, title);
	bisect_summary(b, r);
	buf_printf(b, "<p>Change <a href=\"/changes/%lld\">%lld</a>; runner class ",
		   r->change_id, r->change_id);
	html_txt(b, bisect_s(r->runner_class));
	buf_adds(b, ", suite ");
	html_txt(b, bisect_s(r->suite));
	buf_adds(b, ", kernel config ");
	html_txt(b, *bisect_s(r->config) ? r->config : "-");
	buf_adds(b, ".</p>\n<h2>Probes</h2>\n");
	bisect_probes(b, r);
	html_page_end(b);
	return 0;
}

void page_change_bisection(struct buf *b, const struct rec_bisection *r)
{
	buf_adds(b, "<h2 id=\"bisection-head\">Bisection</h2>\n");
	if (!r) {
		buf_adds(b, "<p class=\"muted\" id=\"bisection\">No bisection has run for this "
			 "change.</p>\n");
		return;
	}
	bisect_summary(b, r);
	bisect_probes(b, r);
}
