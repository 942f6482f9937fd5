// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_job.c - "/jobs/ID": one job: kind, state, spec, the tree and
 * commit, every attempt with its runner, time, status, reason and the
 * tail of its log; a build job's build with links to download its
 * artifacts and its log; a bench job's samples per series, each linking
 * to its metric chart; and the build a bench job came from.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_job_detail.h"
#include "web/html.h"
#include "web/pages.h"

/* One <tr><th>label</th><td>text</td></tr>; text NULL shows empty. */
static void job_row(struct buf *b, const char *label, const char *text)
{
	buf_printf(b, "<tr><th>%s</th>", label);
	html_td(b, text ? text : "");
	buf_adds(b, "</tr>\n");
}

/* One <tr><th>label</th><td>number</td></tr>. */
static void job_row_int(struct buf *b, const char *label, long long v)
{
	buf_printf(b, "<tr><th>%s</th><td class=\"num\">%lld</td></tr>\n", label, v);
}

/* One <tr><th>label</th><td>UTC time</td></tr> (empty for 0). */
static void job_row_time(struct buf *b, const char *label, long long t)
{
	buf_printf(b, "<tr><th>%s</th><td>", label);
	html_time(b, t);
	buf_adds(b, "</td></tr>\n");
}

void page_job_phase(struct buf *b, const struct rec_job *job)
{
	html_txt(b, job->phase && job->phase[0] ? job->phase : "claimed");
	if (job->phase_detail && job->phase_detail[0]) {
		buf_adds(b, ": ");
		html_txt(b, job->phase_detail);
	}
}

void page_job_estimate(struct buf *b, const struct rec_estimate *e, long long started)
{
	if (!e->jobs) {
		buf_adds(b, "no earlier job like it to compare with");
		return;
	}
	buf_printf(b, "about %lld s (the median of %lld earlier jobs like it, %lld to %lld s)",
		   e->median_s, e->jobs, e->min_s, e->max_s);
	if (started > 0) {
		buf_adds(b, "; done about ");
		html_time(b, started + e->median_s);
		buf_adds(b, " UTC");
	}
}

/* What a running job is doing, and when it should be done. */
static void job_progress(struct buf *b, const struct rec_job *j)
{
	if (strcmp(j->state, "running"))
		return;
	buf_adds(b, "<tr><th>now</th><td id=\"job-phase\">");
	page_job_phase(b, j);
	buf_adds(b, " (since ");
	html_time(b, j->phase_at);
	buf_adds(b, " UTC)</td></tr>\n<tr><th>estimate</th><td id=\"job-estimate\">");
	page_job_estimate(b, &j->estimate, j->started_at);
	buf_adds(b, "</td></tr>\n");
}

static void job_summary(struct buf *b, const struct rec_job *j)
{
	char *spec = json_dumps(j->spec, JSON_COMPACT | JSON_SORT_KEYS);

	buf_adds(b, "<table id=\"job\">\n");
	job_row(b, "kind", j->kind);
	buf_adds(b, "<tr><th>state</th><td id=\"job-state\" class=\"st-");
	html_attr(b, j->state);
	buf_adds(b, "\">");
	html_txt(b, j->state);
	buf_adds(b, "</td></tr>\n");
	job_progress(b, j);
	job_row(b, "reason", j->reason);
	job_row(b, "tree", j->tree);
	buf_adds(b, "<tr><th>commit</th><td><code>");
	html_txt(b, j->commit_sha ? j->commit_sha : "");
	buf_adds(b, "</code></td></tr>\n");
	job_row(b, "runner class", j->runner_class);
	job_row(b, "runner", j->runner);
	job_row_int(b, "attempt", j->attempt);
	job_row_int(b, "of at most", j->max_attempts);
	job_row_int(b, "priority", j->priority);
	job_row_time(b, "created (UTC)", j->created_at);
	job_row_time(b, "started (UTC)", j->started_at);
	job_row_time(b, "finished (UTC)", j->finished_at);
	job_row_time(b, "lease expires (UTC)", j->lease_expires);
	if (j->build) {
		buf_printf(b, "<tr><th>build</th><td><a id=\"job-build\" href=\"/api/v1/builds/%lld\">"
			   "build %lld</a> (", j->build->id, j->build->id);
		html_txt(b, j->build->config_name);
		buf_adds(b, ", ");
		html_txt(b, j->build->state);
		buf_adds(b, ")</td></tr>\n");
	}
	buf_adds(b, "<tr><th>spec</th><td><code id=\"job-spec\">");
	html_txt(b, spec ? spec : "{}");
	buf_adds(b, "</code></td></tr>\n</table>\n");
	free(spec);
}

static void job_attempts(struct buf *b, const struct rec_job *j)
{
	buf_adds(b, "<h2>Attempts</h2>\n");
	if (!j->nattempts) {
		buf_adds(b, "<p class=\"muted\">No attempt has reported a result.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"attempts\"><tr><th>attempt</th><th>runner</th><th>class</th>"
		 "<th>status</th><th>reason</th><th>reported (UTC)</th><th>log</th></tr>\n");
	for (size_t i = 0; i < j->nattempts; i++) {
		const struct rec_attempt *a = &j->attempts[i];

		buf_printf(b, "<tr><td class=\"num\">%lld</td>", a->attempt);
		html_td(b, a->runner ? a->runner : "");
		html_td(b, a->runner_class ? a->runner_class : "");
		html_td(b, a->status);
		html_td(b, a->reason ? a->reason : "");
		buf_adds(b, "<td>");
		html_time(b, a->received_at);
		buf_adds(b, "</td>");
		html_td_measure(b, a->log_size);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	for (size_t i = 0; i < j->nattempts; i++) {
		const struct rec_attempt *a = &j->attempts[i];

		if (!a->log_tail || !a->log_tail[0])
			continue;
		buf_printf(b, "<h3>Log of attempt %lld (last %zu of %lld characters)</h3>\n"
			   "<pre class=\"log\">", a->attempt, strlen(a->log_tail),
			   a->log_size == REC_NONE ? 0 : a->log_size);
		html_txt(b, a->log_tail);
		buf_adds(b, "</pre>\n");
	}
}

static void job_build(struct buf *b, const struct rec_build *build)
{
	if (!build)
		return;
	buf_printf(b, "<h2>Build %lld</h2>\n<p>", build->id);
	html_txt(b, build->state);
	buf_adds(b, "; compiler ");
	html_txt(b, build->compiler ? build->compiler : "");
	buf_printf(b, "; <a href=\"/api/v1/builds/%lld/log\">build log</a>", build->id);
	if (build->error && build->error[0]) {
		buf_adds(b, "</p>\n<pre class=\"log\">");
		html_txt(b, build->error);
		buf_adds(b, "</pre>\n");
	} else {
		buf_adds(b, "</p>\n");
	}
	if (!build->nartifacts)
		return;
	buf_adds(b, "<table id=\"artifacts\"><tr><th>artifact</th><th>bytes</th><th>sha256</th>"
		 "</tr>\n");
	for (size_t i = 0; i < build->nartifacts; i++) {
		const struct rec_artifact *a = &build->artifacts[i];

		buf_adds(b, "<tr><td><a href=\"/api/v1/artifacts/download?sha256=");
		html_url_arg(b, a->sha256);
		buf_adds(b, "\">");
		html_txt(b, a->name);
		buf_printf(b, "</a></td><td class=\"num\">%lld</td><td><code>", a->size);
		html_txt(b, a->sha256);
		buf_adds(b, "</code></td></tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void job_samples(struct buf *b, const struct rec_job *j)
{
	if (!j->nseries)
		return;
	buf_printf(b, "<h2>Samples (%zu series)</h2>\n", j->nseries);
	buf_adds(b, "<table id=\"job-samples\"><tr><th>metric</th><th>unit</th><th>class</th>"
		 "<th>attempt</th><th>iterations</th><th>mean</th><th>min</th><th>max</th></tr>\n");
	for (size_t i = 0; i < j->nseries; i++) {
		const struct rec_job_series *s = &j->series[i];

		buf_printf(b, "<tr><td><a class=\"series-link\" href=\"/series/%lld\">",
			   s->series_id);
		html_txt(b, s->suite);
		buf_adds(b, "/");
		html_txt(b, s->metric);
		buf_adds(b, "</a></td>");
		html_td(b, s->unit);
		html_td(b, s->runner_class);
		buf_printf(b, "<td class=\"num\">%lld</td><td class=\"num\">%lld</td>", s->attempt,
			   s->iterations);
		html_td_real(b, s->mean);
		html_td_real(b, s->min);
		html_td_real(b, s->max);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_job(struct buf *b, const struct rec_job *job, long long now)
{
	char title[64];

	snprintf(title, sizeof title, "Job %lld", job->id);
	html_page_begin(b, title);
	buf_printf(b, "<p><a href=\"/jobs\">all jobs</a> · <a href=\"/api/v1/jobs/%lld\">JSON</a>",
		   job->id);
	if (!strcmp(job->state, "running") && job->lease_expires > now)
		buf_printf(b, " · lease ends in %lld s", job->lease_expires - now);
	buf_adds(b, "</p>\n");
	job_summary(b, job);
	job_attempts(b, job);
	job_build(b, job->build);
	job_samples(b, job);
	html_page_end(b);
	return 0;
}
