// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_jobs.c - "/jobs": the queue, what runs, what failed and why,
 * filtered by ?state= and paginated with ?page=.  A job's id links to
 * its page (/jobs/ID: spec, attempts, logs, samples, build).
 */
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

static const char *const jobs_states[] = { "queued", "running", "failed", "done",
					   "cancelled", NULL };

static void jobs_tabs(struct buf *b, const char *state)
{
	buf_adds(b, "<p class=\"pager\">");
	buf_adds(b, state ? "<a href=\"/jobs\">all</a>" : "<strong>all</strong> ");
	for (int i = 0; jobs_states[i]; i++) {
		if (state && !strcmp(state, jobs_states[i]))
			buf_printf(b, "<strong>%s</strong> ", jobs_states[i]);
		else
			buf_printf(b, "<a href=\"/jobs?state=%s\">%s</a>", jobs_states[i],
				   jobs_states[i]);
	}
	buf_adds(b, "</p>\n");
}

/* A text cell; NULL shows empty. */
static void jobs_td(struct buf *b, const char *s)
{
	html_td(b, s ? s : "");
}

static void jobs_row(struct buf *b, const struct rec_job *j)
{
	buf_printf(b, "<tr><td class=\"num\"><a href=\"/jobs/%lld\">%lld</a></td>", j->id, j->id);
	html_td(b, j->kind);
	jobs_td(b, j->spec_suite);
	jobs_td(b, j->spec_tree);
	buf_adds(b, "<td><code>");
	html_txt(b, j->commit_sha && j->commit_sha[0] ? j->commit_sha :
		    j->spec_commit ? j->spec_commit : "");
	buf_adds(b, "</code></td><td class=\"st-");
	html_attr(b, j->state);
	buf_adds(b, "\">");
	html_txt(b, j->state);
	buf_printf(b, "</td><td class=\"num\">%lld</td>", j->attempt);
	jobs_td(b, j->runner_class);
	jobs_td(b, j->runner);
	buf_adds(b, "<td>");
	html_time(b, j->created_at);
	buf_adds(b, "</td>");
	jobs_td(b, j->reason);
	buf_adds(b, "</tr>\n");
}

int page_jobs(struct buf *b, const struct rec_job *jobs, size_t n, const char *state, int page,
	      int more)
{
	struct buf base;

	html_page_begin(b, state ? "Jobs by state" : "Jobs");
	jobs_tabs(b, state);
	if (!n) {
		html_empty(b, "no-jobs", page > 1 ? "No job on this page." :
			   state ? "No job in this state." : "No job has been queued yet.",
			   "Queue one (<code>kpci submit --suite kbench</code>, or <code>--tree T "
			   "--commit C</code> to measure a commit), or watch a tree: its builds and "
			   "bench jobs are queued by themselves (docs/watch.md).");
	} else {
		buf_adds(b, "<table id=\"jobs\"><tr><th>id</th><th>kind</th><th>suite</th>"
			 "<th>tree</th><th>commit</th><th>state</th><th>attempt</th>"
			 "<th>runner class</th><th>runner</th><th>created (UTC)</th>"
			 "<th>reason</th></tr>\n");
		for (size_t i = 0; i < n; i++)
			jobs_row(b, &jobs[i]);
		buf_adds(b, "</table>\n");
	}
	buf_init(&base, 1024);
	buf_adds(&base, "/jobs");
	if (state) {
		buf_adds(&base, "?state=");
		html_url_arg(&base, state);
	}
	html_pager(b, buf_str(&base), page, more);
	buf_dispose(&base);
	html_page_end(b);
	return 0;
}
