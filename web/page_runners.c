/*
 * page_runners.c - "/runners": every registered runner, its topology
 * (NUMA nodes, CPUs, CPU model), whether it was seen lately, and the job
 * it holds.  A plain table; paginated with ?page=.
 */
#include <stdio.h>

#include "web/html.h"
#include "web/pages.h"

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
		buf_adds(b, "<p class=\"muted\">No runner on this page.</p>\n");
	} else {
		buf_adds(b, "<table id=\"runners\"><tr><th>name</th><th>class</th><th>state</th>"
			 "<th>capabilities</th><th>boot methods</th><th>NUMA nodes</th><th>CPUs</th>"
			 "<th>CPU model</th><th>kernel</th><th>last seen (UTC)</th>"
			 "<th>current job</th></tr>\n");
	}
	json_array_foreach(runners, i, r) {
		long long seen = json_integer_value(json_object_get(r, "last_seen"));
		const json_t *job = json_object_get(r, "current_job");
		const char *state = now - seen > PAGE_RUNNER_STALE ? "offline" :
				    json_is_integer(job) ? "running" : "idle";

		buf_adds(b, "<tr>");
		html_td(b, html_jstr(r, "name"));
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
			buf_printf(b, "<td class=\"num\"><a href=\"/api/v1/jobs/%lld\">%lld</a></td>",
				   (long long)json_integer_value(job),
				   (long long)json_integer_value(job));
		else
			buf_adds(b, "<td></td>");
		buf_adds(b, "</tr>\n");
	}
	if (json_array_size(runners))
		buf_adds(b, "</table>\n");
	html_pager(b, "/runners", page, more);
	html_page_end(b);
	return 0;
}
