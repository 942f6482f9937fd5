// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_runners.c - "/runners": every registered runner, its topology
 * (NUMA nodes, CPUs, CPU model), whether it was seen lately, the job it
 * holds and whether its environment drifted (unacknowledged drift events,
 * db/db_drift.c).  A plain table; paginated with ?page=.  "/runners/ID":
 * one runner with its remembered environment and drift history.
 */
#include <stdio.h>
#include <stdlib.h>

#include "web/html.h"
#include "web/pages.h"

/* A text cell; NULL shows empty. */
static void runners_td(struct buf *b, const char *s)
{
	html_td(b, s ? s : "");
}

/* A number cell. */
static void runners_td_int(struct buf *b, long long v)
{
	buf_printf(b, "<td class=\"num\">%lld</td>", v);
}

/* A time cell. */
static void runners_td_time(struct buf *b, long long t)
{
	buf_adds(b, "<td>");
	html_time(b, t);
	buf_adds(b, "</td>");
}

/* The current job cell: a link, or empty when the runner holds none. */
static void runners_job(struct buf *b, long long job, const char *cls)
{
	if (job)
		buf_printf(b, "<td%s><a href=\"/jobs/%lld\">%lld</a></td>", cls, job, job);
	else
		buf_adds(b, "<td></td>");
}

/* offline (unseen for REC_RUNNER_STALE), running or idle. */
static const char *runners_state(const struct rec_runner *r, long long now)
{
	return now - r->last_seen > REC_RUNNER_STALE ? "offline" :
	       r->current_job ? "running" : "idle";
}

/* The drift cell: a flag with the count of unacknowledged events. */
static void runners_drift(struct buf *b, const struct rec_runner *r)
{
	if (r->drift_open)
		buf_printf(b, "<td class=\"drift\"><a href=\"/runners/%lld#drift\">drift: %lld "
			   "unacknowledged</a></td>", r->id, r->drift_open);
	else
		buf_adds(b, "<td class=\"muted\">none</td>");
}

/* Names, comma-separated. */
static void runners_list(struct buf *b, char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			buf_adds(b, ", ");
		html_txt(b, v[i]);
	}
}

int page_runners(struct buf *b, const struct rec_runner *runners, size_t n, long long now,
		 int page, int more)
{
	html_page_begin(b, "Runners");
	if (!n) {
		html_empty(b, "no-runners", page > 1 ? "No runner on this page." :
			   "No runner has registered yet.",
			   "Start one with a runner token: <code>kpci-runner --server URL --token "
			   "TOKEN --name NAME</code> (docs/runners.md).");
	} else {
		buf_adds(b, "<table id=\"runners\"><tr><th>name</th><th>class</th><th>state</th>"
			 "<th>capabilities</th><th>boot methods</th><th>NUMA nodes</th><th>CPUs</th>"
			 "<th>CPU model</th><th>kernel</th><th>last seen (UTC)</th>"
			 "<th>current job</th><th>environment drift</th></tr>\n");
	}
	for (size_t i = 0; i < n; i++) {
		const struct rec_runner *r = &runners[i];
		const char *state = runners_state(r, now);

		buf_printf(b, "<tr><td><a href=\"/runners/%lld\">", r->id);
		html_txt(b, r->name);
		buf_adds(b, "</a></td>");
		runners_td(b, r->runner_class);
		buf_printf(b, "<td class=\"st-%s\">%s</td><td>", state, state);
		runners_list(b, r->capabilities, r->ncapabilities);
		buf_adds(b, "</td><td>");
		runners_list(b, r->boot_methods, r->nboot_methods);
		buf_adds(b, "</td>");
		runners_td_int(b, r->numa_nodes);
		runners_td_int(b, r->cpus);
		runners_td(b, r->cpu_model);
		runners_td(b, r->kernel_release);
		runners_td_time(b, r->last_seen);
		runners_job(b, r->current_job, " class=\"num\"");
		runners_drift(b, r);
		buf_adds(b, "</tr>\n");
	}
	if (n)
		buf_adds(b, "</table>\n");
	html_pager(b, "/runners", page, more);
	html_page_end(b);
	return 0;
}

/* The remembered environment per boot method. */
static void runner_envs(struct buf *b, const struct rec_runner *r)
{
	const char *key;
	json_t *v;

	buf_adds(b, "<h2>Host environment</h2>\n");
	if (!r->nenvs) {
		buf_adds(b, "<p class=\"muted\">No upload yet.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"environment\"><tr><th>boot method</th><th>field</th>"
		 "<th>value</th></tr>\n");
	for (size_t i = 0; i < r->nenvs; i++) {
		json_object_foreach(r->envs[i].env, key, v) {
			char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);

			buf_adds(b, "<tr>");
			runners_td(b, r->envs[i].boot_method);
			html_td(b, key);
			html_td(b, json_is_string(v) ? json_string_value(v) : text);
			buf_adds(b, "</tr>\n");
			free(text);
		}
	}
	buf_adds(b, "</table>\n");
}

/* The drift history, newest first. */
static void runner_drift_history(struct buf *b, const struct rec_runner *r)
{
	buf_adds(b, "<h2 id=\"drift\">Environment drift</h2>\n");
	if (r->drift_open)
		buf_printf(b, "<p class=\"drift\" id=\"drift-flag\">%lld drift events are not "
			   "acknowledged: numbers before and after may not be comparable. An "
			   "admin acknowledges them with POST /api/v1/runners/ID/drift/ack.</p>\n",
			   r->drift_open);
	if (!r->ndrift) {
		buf_adds(b, "<p class=\"muted\">No drift seen.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"drift-history\"><tr><th>detected (UTC)</th><th>boot method</th>"
		 "<th>field</th><th>old</th><th>new</th><th>job</th><th>acknowledged</th></tr>\n");
	for (size_t i = 0; i < r->ndrift; i++) {
		const struct rec_drift *d = &r->drift[i];

		buf_adds(b, "<tr>");
		runners_td_time(b, d->detected_at);
		runners_td(b, d->boot_method);
		runners_td(b, d->field);
		runners_td(b, d->old_value);
		runners_td(b, d->new_value);
		if (d->job_id)
			runners_td_int(b, d->job_id);
		else
			buf_adds(b, "<td></td>");
		if (d->acked_by) {
			buf_adds(b, "<td>by ");
			html_txt(b, d->acked_by);
			buf_adds(b, "</td>");
		} else {
			buf_adds(b, "<td class=\"drift\">no</td>");
		}
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_runner(struct buf *b, const struct rec_runner *r, long long now)
{
	char *topo = json_dumps(r->topology, JSON_COMPACT | JSON_ENCODE_ANY);

	html_page_begin(b, "Runner");
	buf_adds(b, "<h2>");
	html_txt(b, r->name);
	buf_adds(b, "</h2>\n<table id=\"runner\">\n<tr><th>class</th>");
	runners_td(b, r->runner_class);
	buf_printf(b, "</tr>\n<tr><th>state</th><td class=\"st-%s\">%s</td></tr>\n"
		   "<tr><th>capabilities</th><td>", runners_state(r, now), runners_state(r, now));
	runners_list(b, r->capabilities, r->ncapabilities);
	buf_adds(b, "</td></tr>\n<tr><th>boot methods</th><td>");
	runners_list(b, r->boot_methods, r->nboot_methods);
	buf_adds(b, "</td></tr>\n<tr><th>NUMA nodes</th>");
	runners_td_int(b, r->numa_nodes);
	buf_adds(b, "</tr>\n<tr><th>CPUs</th>");
	runners_td_int(b, r->cpus);
	buf_adds(b, "</tr>\n<tr><th>CPU model</th>");
	runners_td(b, r->cpu_model);
	buf_adds(b, "</tr>\n<tr><th>kernel</th>");
	runners_td(b, r->kernel_release);
	buf_adds(b, "</tr>\n<tr><th>topology</th><td><code>");
	html_txt(b, topo ? topo : "");
	buf_adds(b, "</code></td></tr>\n<tr><th>last seen (UTC)</th>");
	runners_td_time(b, r->last_seen);
	buf_adds(b, "</tr>\n<tr><th>current job</th>");
	runners_job(b, r->current_job, "");
	buf_adds(b, "</tr>\n</table>\n");
	free(topo);
	runner_envs(b, r);
	runner_drift_history(b, r);
	html_page_end(b);
	return 0;
}
