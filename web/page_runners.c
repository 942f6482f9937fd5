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

/* offline (unseen for PAGE_RUNNER_STALE), running or idle. */
static const char *runners_state(const json_t *r, long long now)
{
	long long seen = json_integer_value(json_object_get(r, "last_seen"));

	return now - seen > PAGE_RUNNER_STALE ? "offline" :
	       json_is_integer(json_object_get(r, "current_job")) ? "running" : "idle";
}

/* The drift cell: a flag with the count of unacknowledged events. */
static void runners_drift(struct buf *b, const json_t *r)
{
	long long id = json_integer_value(json_object_get(r, "id"));
	long long open = json_integer_value(json_object_get(r, "drift_open"));

	if (open)
		buf_printf(b, "<td class=\"drift\"><a href=\"/runners/%lld#drift\">drift: %lld "
			   "unacknowledged</a></td>", id, open);
	else
		buf_adds(b, "<td class=\"muted\">none</td>");
}

static void runners_list(struct buf *b, const json_t *list)
{
	size_t i;
	json_t *v;

	json_array_foreach(list, i, v) {
		if (i)
			buf_adds(b, ", ");
		html_txt(b, json_string_value(v));
	}
}

int page_runners(struct buf *b, const json_t *runners, long long now, int page, int more)
{
	size_t i;
	json_t *r;

	html_page_begin(b, "Runners");
	if (!json_array_size(runners)) {
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
	json_array_foreach(runners, i, r) {
		const json_t *job = json_object_get(r, "current_job");
		const char *state = runners_state(r, now);

		buf_printf(b, "<tr><td><a href=\"/runners/%lld\">",
			   (long long)json_integer_value(json_object_get(r, "id")));
		html_txt(b, html_jstr(r, "name"));
		buf_adds(b, "</a></td>");
		html_td(b, html_jstr(r, "runner_class"));
		buf_printf(b, "<td class=\"st-%s\">%s</td><td>", state, state);
		runners_list(b, json_object_get(r, "capabilities"));
		buf_adds(b, "</td><td>");
		runners_list(b, json_object_get(r, "boot_methods"));
		buf_adds(b, "</td>");
		html_td_int(b, r, "numa_nodes");
		html_td_int(b, r, "cpus");
		html_td(b, html_jstr(r, "cpu_model"));
		html_td(b, html_jstr(r, "kernel_release"));
		html_td_time(b, r, "last_seen");
		if (json_is_integer(job))
			buf_printf(b, "<td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td>",
				   (long long)json_integer_value(job),
				   (long long)json_integer_value(job));
		else
			buf_adds(b, "<td></td>");
		runners_drift(b, r);
		buf_adds(b, "</tr>\n");
	}
	if (json_array_size(runners))
		buf_adds(b, "</table>\n");
	html_pager(b, "/runners", page, more);
	html_page_end(b);
	return 0;
}

/* The remembered environment per boot method. */
static void runner_envs(struct buf *b, const json_t *envs)
{
	const char *key;
	size_t i;
	json_t *e, *v;

	buf_adds(b, "<h2>Host environment</h2>\n");
	if (!json_array_size(envs)) {
		buf_adds(b, "<p class=\"muted\">No upload yet.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"environment\"><tr><th>boot method</th><th>field</th>"
		 "<th>value</th></tr>\n");
	json_array_foreach(envs, i, e) {
		json_object_foreach(json_object_get(e, "env"), key, v) {
			char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);

			buf_adds(b, "<tr>");
			html_td(b, html_jstr(e, "boot_method"));
			html_td(b, key);
			html_td(b, json_is_string(v) ? json_string_value(v) : text);
			buf_adds(b, "</tr>\n");
			free(text);
		}
	}
	buf_adds(b, "</table>\n");
}

/* The drift history, newest first. */
static void runner_drift_history(struct buf *b, const json_t *drift, long long open)
{
	size_t i;
	json_t *d;

	buf_adds(b, "<h2 id=\"drift\">Environment drift</h2>\n");
	if (open)
		buf_printf(b, "<p class=\"drift\" id=\"drift-flag\">%lld drift events are not "
			   "acknowledged: numbers before and after may not be comparable. An "
			   "admin acknowledges them with POST /api/v1/runners/ID/drift/ack.</p>\n",
			   open);
	if (!json_array_size(drift)) {
		buf_adds(b, "<p class=\"muted\">No drift seen.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"drift-history\"><tr><th>detected (UTC)</th><th>boot method</th>"
		 "<th>field</th><th>old</th><th>new</th><th>job</th><th>acknowledged</th></tr>\n");
	json_array_foreach(drift, i, d) {
		buf_adds(b, "<tr>");
		html_td_time(b, d, "detected_at");
		html_td(b, html_jstr(d, "boot_method"));
		html_td(b, html_jstr(d, "field"));
		html_td(b, html_jstr(d, "old_value"));
		html_td(b, html_jstr(d, "new_value"));
		html_td_int(b, d, "job_id");
		if (json_is_string(json_object_get(d, "acked_by"))) {
			buf_adds(b, "<td>by ");
			html_txt(b, html_jstr(d, "acked_by"));
			buf_adds(b, "</td>");
		} else {
			buf_adds(b, "<td class=\"drift\">no</td>");
		}
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_runner(struct buf *b, const json_t *r, long long now)
{
	const json_t *job = json_object_get(r, "current_job");
	char *topo = json_dumps(json_object_get(r, "topology"), JSON_COMPACT | JSON_ENCODE_ANY);

	html_page_begin(b, "Runner");
	buf_adds(b, "<h2>");
	html_txt(b, html_jstr(r, "name"));
	buf_adds(b, "</h2>\n<table id=\"runner\">\n<tr><th>class</th>");
	html_td(b, html_jstr(r, "runner_class"));
	buf_printf(b, "</tr>\n<tr><th>state</th><td class=\"st-%s\">%s</td></tr>\n"
		   "<tr><th>capabilities</th><td>", runners_state(r, now), runners_state(r, now));
	runners_list(b, json_object_get(r, "capabilities"));
	buf_adds(b, "</td></tr>\n<tr><th>boot methods</th><td>");
	runners_list(b, json_object_get(r, "boot_methods"));
	buf_adds(b, "</td></tr>\n<tr><th>NUMA nodes</th>");
	html_td_int(b, r, "numa_nodes");
	buf_adds(b, "</tr>\n<tr><th>CPUs</th>");
	html_td_int(b, r, "cpus");
	buf_adds(b, "</tr>\n<tr><th>CPU model</th>");
	html_td(b, html_jstr(r, "cpu_model"));
	buf_adds(b, "</tr>\n<tr><th>kernel</th>");
	html_td(b, html_jstr(r, "kernel_release"));
	buf_adds(b, "</tr>\n<tr><th>topology</th><td><code>");
	html_txt(b, topo ? topo : "");
	buf_adds(b, "</code></td></tr>\n<tr><th>last seen (UTC)</th>");
	html_td_time(b, r, "last_seen");
	buf_adds(b, "</tr>\n<tr><th>current job</th>");
	if (json_is_integer(job))
		buf_printf(b, "<td><a href=\"/jobs/%lld\">%lld</a></td>",
			   (long long)json_integer_value(job), (long long)json_integer_value(job));
	else
		buf_adds(b, "<td></td>");
	buf_adds(b, "</tr>\n</table>\n");
	free(topo);
	runner_envs(b, json_object_get(r, "environment"));
	runner_drift_history(b, json_object_get(r, "drift"),
			     json_integer_value(json_object_get(r, "drift_open")));
	html_page_end(b);
	return 0;
}
