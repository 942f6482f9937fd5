// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_pages.c - the dashboard pages render hostile data as text: every
 * page gets JSON whose strings try to open a tag, break out of an
 * attribute or end a <script>, and the markup must hold none of them raw.
 * Also html_json_script's escaping and the pager's links.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "lib/buf.h"
#include "lib/rec_change_points.h"
#include "web/html.h"
#include "web/pages.h"
#include "check.h"

#define EVIL "</script><script>x()</script>\"'><img src=x onerror=x()>\xe2\x80\xa8"

/* 1 when the page holds none of the hostile string's markup unescaped. */
static int page_clean(const struct buf *b)
{
	const char *s = buf_str(b);

	return !strstr(s, "<script>x()") && !strstr(s, "<img") && !strstr(s, "\"'>");
}

static void test_json_script(void)
{
	struct buf b;
	json_t *j = json_pack("{s:s}", "k", EVIL "&");

	buf_init(&b, 1 << 16);
	html_json_script(&b, "d\"x", j);
	CHECK(strstr(buf_str(&b), "id=\"d&quot;x\"") != NULL);
	CHECK(strstr(buf_str(&b), "\\u003c/script\\u003e\\u003cscript\\u003ex()") != NULL);
	CHECK(strstr(buf_str(&b), "\\u0026\"}") != NULL);
	CHECK(strstr(buf_str(&b), "\\u2028") != NULL);
	CHECK(strstr(buf_str(&b), "\xe2\x80\xa8") == NULL);
	/* exactly one </script>: the element's own end */
	CHECK(strstr(buf_str(&b), "</script>") == strrchr(buf_str(&b), '<'));
	json_decref(j);
	buf_dispose(&b);
}

static void test_pager(void)
{
	struct buf b;

	buf_init(&b, 4096);
	html_pager(&b, "/jobs?state=failed", 2, 1);
	CHECK(strstr(buf_str(&b), "href=\"/jobs?state=failed&amp;page=1\"") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/jobs?state=failed&amp;page=3\"") != NULL);
	buf_reset(&b);
	html_pager(&b, "/runners", 1, 0);
	CHECK(strstr(buf_str(&b), "href") == NULL);
	buf_dispose(&b);
}

static void test_hostile_pages(void)
{
	struct rec_runner runner = { .id = 1, .name = EVIL, .runner_class = EVIL,
				     .cpu_model = EVIL, .last_seen = 1 };
	struct rec_change_point point9 = { .index = 0, .job_id = 9, .position = REC_NONE,
					   .commit_sha = EVIL, .value = 1.5, .iterations = 1 };
	struct rec_branch branch = { .name = EVIL, .state = EVIL, .tip = EVIL, .last_error = EVIL };
	struct rec_tree tree = { .name = "linux", .url = EVIL, .status = 1, .branches = &branch,
				 .nbranches = 1 };
	struct rec_window window = { .release = EVIL, .closed_by = EVIL };
	struct rec_tree_windows windows = { .windows = { &window, 1 } };
	struct rec_commit commit = { .sha = EVIL, .parents = EVIL, .subject = EVIL,
				     .author_name = EVIL, .author_time = REC_NONE,
				     .commit_time = REC_NONE, .brought = REC_NONE };
	struct rec_commits commits = { &commit, 1 };
	struct rec_job job = { .id = 1, .kind = "bench", .state = EVIL, .reason = EVIL,
			       .runner = EVIL, .commit_sha = EVIL };
	struct rec_build build = { .id = 5, .tree = "linux", .commit_sha = EVIL,
				   .config_name = EVIL, .state = "failed", .error = EVIL,
				   .duration_ms = REC_NONE };
	struct rec_builds builds = { &build, 1 };
	struct rec_point point = { .position = REC_NONE, .job_id = 9, .commit_sha = EVIL,
				   .value = 1.5, .min = 1, .max = 2, .has_commit = 1,
				   .subject = EVIL, .author = EVIL };
	struct rec_segment segment = { .points = 1, .mean = 1.5, .sd = 0.1, .sd_from = EVIL };
	struct rec_series_class classes[2] = { { 4, EVIL, 1 }, { 5, EVIL "2", 0 } };
	char *selected[1] = { EVIL };
	struct rec_series series = { .id = 4, .suite = EVIL, .metric = EVIL, .unit = EVIL,
				     .better = EVIL, .runner_class = EVIL, .config_name = EVIL,
				     .ordered_by = "job", .branch = EVIL, .tree = EVIL,
				     .points = &point, .npoints = 1, .segments = &segment,
				     .nsegments = 1, .selected = selected, .nselected = 1,
				     .classes = classes, .nclasses = 2, .to = REC_NONE };
	json_t *side = json_pack("{s:s, s:s, s:{s:s, s:s, s:s}}", "text", EVIL, "ref", EVIL,
				 "commit", "sha", EVIL, "subject", EVIL, "tree", EVIL);
	struct compare_row row = { .series_id = 5, .direction = EVIL,
				   .v = { .kind = VERDICT_CHANGED, .percent = NAN, .p = NAN } };
	struct compare_report report = { .rows = &row, .n = 1, .counts = { 1, 0, 0 } };
	struct page_compare_data cd = { &report, side, side, 0.05, 1 };
	struct page_changes_query cq = { EVIL, EVIL, EVIL, EVIL, EVIL, EVIL, EVIL, 1, 0 };
	struct page_compare_query pq = { EVIL, EVIL, EVIL, 0 };
	struct rec_change rc = { .id = 3, .series_id = 4, .suite = EVIL, .metric = EVIL,
				 .unit = EVIL, .runner_class = EVIL, .direction = EVIL,
				 .good_sha = EVIL, .bad_sha = EVIL, .note = EVIL, .state = EVIL,
				 .kind = EVIL, .detail = EVIL, .config_name = EVIL, .bad_job_id = 9,
				 .magnitude = NAN, .n_before = REC_NONE };
	struct rec_changes rcs = { &rc, 1 };
	struct rec_change_groups no_groups = { NULL, 0 };
	struct buf b;

	buf_init(&b, 1 << 20);
	runner.capabilities = (char *[]){ EVIL };
	runner.ncapabilities = 1;
	CHECK_INT(page_runners(&b, &runner, 1, 2, 1, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "&lt;img src=x onerror=x()&gt;") != NULL);
	buf_reset(&b);
	job.spec_suite = EVIL;
	job.spec_tree = EVIL;
	CHECK_INT(page_jobs(&b, &job, 1, EVIL, 1, 1), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "href=\"/jobs/1\"") != NULL);
	CHECK(strstr(buf_str(&b), "<td>&lt;/script&gt;&lt;script&gt;x()") != NULL);   /* suite */
	buf_reset(&b);
	CHECK_INT(page_changes(&b, &rcs, &no_groups, &cq, 100, 1, 0), 0);
	CHECK(page_clean(&b));
	buf_reset(&b);
	rc.points = &point9;
	rc.npoints = 1;
	CHECK_INT(page_change(&b, &rc, NULL, NULL, 100), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "/changes/3/triage") != NULL);
	buf_reset(&b);
	CHECK_INT(page_series(&b, &series, 1), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "none: the jobs ran without a commit") == NULL);
	buf_reset(&b);
	CHECK_INT(page_tree(&b, &tree, EVIL, &windows, &commits, &builds, 1, 1), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "?branch=%3C%2Fscript%3E") != NULL);
	buf_reset(&b);
	/* without ?branch= the page names the first followed branch, escaped */
	CHECK_INT(page_tree(&b, &tree, NULL, &windows, &commits, &builds, 1, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "<code id=\"branch\">&lt;/script&gt;") != NULL);
	buf_reset(&b);
	snprintf(row.metric, sizeof row.metric, "%s", EVIL);
	snprintf(row.runner_class, sizeof row.runner_class, "%s", EVIL);
	snprintf(row.v.reason, sizeof row.v.reason, "%s", EVIL);
	CHECK_INT(page_compare(&b, &pq, &cd, EVIL), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "id=\"comparison\"") != NULL);
	buf_dispose(&b);
	json_decref(side);
}

/* A change as api_change_full gives it, every string from outside
 * hostile: the title, the commits of its place, the merges, its group and
 * the summary text (its JSON parts for the caller to drop); and the chart
 * of its range. */
static void hostile_change(struct rec_change *c, struct rec_change group[2], json_t **chart)
{
	static struct rec_place_commit commit = { .sha = EVIL, .subject = EVIL, .position = 7,
						  .time = 86400 };
	static struct rec_place_commit merges[2] = {
		{ .sha = EVIL, .subject = EVIL, .position = 5, .time = REC_NONE, .jobs = 0 },
		{ .sha = EVIL, .subject = EVIL, .position = 7, .time = REC_NONE, .jobs = 2 },
	};
	static struct rec_place place = { .tree = EVIL, .branch = EVIL, .good = &commit,
					  .bad = &commit, .merges = merges, .nmerges = 2,
					  .on_line = 1, .merges_total = 2, .release = EVIL,
					  .closed_by = EVIL, .state = "closed" };

	*c = (struct rec_change){ .id = 3, .series_id = 4, .group_id = 3, .suite = EVIL,
		.metric = EVIL, .unit = EVIL, .better = "lower", .runner_class = EVIL,
		.direction = "regression", .good_sha = EVIL, .bad_sha = EVIL, .state = EVIL,
		.verdict = EVIL, .magnitude = -0.08, .reason = EVIL, .title = EVIL,
		.summary_text = EVIL, .kind = "perf", .detected_at = 86400, .full = 1,
		.percent_lo = NAN, .percent_hi = NAN, .n_before = REC_NONE, .n_after = 5 };
	group[0] = (struct rec_change){ .id = 3, .series_id = 4, .suite = EVIL, .metric = EVIL,
		.runner_class = EVIL, .direction = "regression", .magnitude = -0.08 };
	group[1] = (struct rec_change){ .id = 5, .series_id = 6, .suite = EVIL, .metric = EVIL,
		.runner_class = EVIL, .direction = EVIL, .magnitude = 0.1 };
	c->group = (struct rec_changes){ group, 2 };
	c->place = &place;
	c->points = calloc(1, sizeof *c->points);
	if (c->points) {
		*c->points = (struct rec_change_point){ 0, 9, 7, EVIL, 1.5, 1 };
		c->npoints = 1;
	}
	*chart = json_pack("{s:i, s:s, s:s, s:s, s:s, s:s, s:[{s:i, s:i, "
		"s:i, s:s, s:f, s:f, s:f, s:s}], s:[{s:i, s:i, s:f, s:f}], s:[{s:s, s:s, s:i}], "
		"s:[], s:[]}", "id", 4, "suite", EVIL, "metric", EVIL, "unit", EVIL,
		"runner_class", EVIL, "ordered_by", "commit", "points", "index", 0, "position", 7,
		"job_id", 9, "commit_sha", EVIL, "value", 1.5, "min", 1.0, "max", 2.0, "subject",
		EVIL, "segments", "from", 7, "to", 7, "mean", 1.5, "sd", 0.1, "releases", "name",
		EVIL, "kind", "release", "position", 7, "changes", "overlay");
}

static void test_change_page(void)
{
	struct rec_change c, group[2];
	json_t *chart;
	struct buf b;

	hostile_change(&c, group, &chart);
	buf_init(&b, 1 << 20);
	CHECK_INT(page_change(&b, &c, NULL, chart, 86400 * 3), 0);
	CHECK(page_clean(&b));
	/* the title, the merges (the one never measured says so), the links */
	CHECK(strstr(buf_str(&b), "<h1>&lt;/script&gt;&lt;script&gt;x()") != NULL);
	CHECK(strstr(buf_str(&b), "<li class=\"unmeasured\">") != NULL);
	CHECK(strstr(buf_str(&b), "never measured") != NULL);
	CHECK(strstr(buf_str(&b), "id=\"compare-link\" href=\"/compare?base=%3C%2Fscript%3E") !=
	      NULL);
	CHECK(strstr(buf_str(&b), "&amp;runner_class=%3C%2Fscript%3E") != NULL);
	CHECK(strstr(buf_str(&b), "id=\"zoom-link\" href=\"/series/4?from=0&amp;to=17\"") != NULL);
	CHECK(strstr(buf_str(&b), "<pre id=\"summary-text\">&lt;/script&gt;") != NULL);
	CHECK(strstr(buf_str(&b), "id=\"bisection\">No bisection has run for this change.") !=
	      NULL);
	CHECK(strstr(buf_str(&b), "href=\"/series/6\"") != NULL);   /* a metric of its group */
	CHECK(strstr(buf_str(&b), "data-chart=\"change-chart-data\"") != NULL);
	CHECK(strstr(buf_str(&b), "2 d ago") != NULL);
	/* the points around it: index, position, job, its commit escaped */
	CHECK(strstr(buf_str(&b), "<td class=\"num\">0</td><td class=\"num\">7</td><td class="
		     "\"num\"><a href=\"/jobs/9\">9</a></td><td><code class=\"sha\"") != NULL);
	/* a number it does not have is an empty cell, a real one a number */
	CHECK(strstr(buf_str(&b), "<tr><th>points</th><td></td><td class=\"num\">5</td>") !=
	      NULL);
	buf_dispose(&b);
	free(c.points);
	json_decref(chart);
}

/* Grouped changes: a group row and its member rows, hidden until expanded. */
static void test_change_groups(void)
{
	struct rec_change member = { .id = 13, .series_id = 4, .suite = EVIL, .metric = EVIL,
				     .runner_class = EVIL, .direction = EVIL, .magnitude = 0.1,
				     .state = EVIL };
	struct rec_change_group g = { .head = { .id = 13, .bad_sha = EVIL, .direction = "regression",
				      .magnitude = 0.1, .state = EVIL, .series_id = 4, .kind = "perf" },
				      .group_key = 12, .metrics = 2, .regressions = 1,
				      .improvements = 1, .untriaged = 1, .last_detected = 50,
				      .tree = EVIL, .branch = EVIL, .bad_subject = EVIL,
				      .classes = EVIL, .changes = { &member, 1 } };
	struct rec_change_groups groups = { &g, 1 }, none = { NULL, 0 };
	struct rec_changes no_changes = { NULL, 0 };
	struct page_changes_query q = { 0 };
	json_t *rows;
	struct buf b;

	buf_init(&b, 1 << 20);
	CHECK_INT(page_changes(&b, &no_changes, &groups, &q, 3650, 1, 1), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "<a class=\"expand\" data-group=\"12\" "
		     "href=\"/changes?view=metrics&amp;group=12\">2 metrics</a>") != NULL);
	CHECK(strstr(buf_str(&b), "<tr class=\"member\" data-group=\"12\" hidden>") != NULL);
	CHECK(strstr(buf_str(&b), "1 regression") && strstr(buf_str(&b), "1 improvement"));
	CHECK(strstr(buf_str(&b), "1 h ago") != NULL);
	CHECK(strstr(buf_str(&b), "rel=\"next\" href=\"/changes?page=2\"") != NULL);
	buf_reset(&b);
	/* no change yet: what to do next */
	rows = json_array();
	CHECK_INT(page_changes(&b, &no_changes, &none, &q, 0, 1, 0), 0);
	CHECK(strstr(buf_str(&b), "id=\"no-changes\"") && strstr(buf_str(&b), "kpci submit"));
	/* the other lists say what to do next too */
	buf_reset(&b);
	CHECK_INT(page_jobs(&b, NULL, 0, NULL, 1, 0), 0);
	CHECK(strstr(buf_str(&b), "No job has been queued yet.") && strstr(buf_str(&b), "kpci submit"));
	buf_reset(&b);
	CHECK_INT(page_runners(&b, NULL, 0, 0, 1, 0), 0);
	CHECK(strstr(buf_str(&b), "id=\"no-runners\"") && strstr(buf_str(&b), "kpci-runner --server"));
	buf_dispose(&b);
	json_decref(rows);
}

/* The metrics index: a sparkline per series (numbers only), the search
 * text escaped, a column per runner class. */
static void test_metrics_page(void)
{
	struct db_series_brief s[2] = { { .id = 4, .metric_id = 1, .suite = "wq",
		.metric = "idle", .unit = "ops/s", .better = "higher", .runner_class = "numa2",
		.spark = { 1.0, 2.0, 1.5 }, .nspark = 3, .changes = 2 },
		{ .id = 5, .metric_id = 1, .suite = "wq", .metric = "idle", .unit = "ops/s",
		  .better = "higher", .runner_class = "smp8" } };
	struct buf b;

	buf_init(&b, 1 << 20);
	CHECK_INT(page_metrics(&b, s, 2, EVIL, 1, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "<th>numa2</th><th>smp8</th>") != NULL);
	CHECK(strstr(buf_str(&b), "<svg class=\"spark\"") != NULL);
	CHECK(strstr(buf_str(&b), "<span class=\"num latest\">1.5</span>") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/changes?view=metrics&amp;series=4\">2 changes") != NULL);
	CHECK(strstr(buf_str(&b), "no point yet") != NULL);
	buf_reset(&b);
	CHECK_INT(page_metrics(&b, NULL, 0, EVIL, 1, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "No metric name holds this text.") != NULL);
	buf_dispose(&b);
}

int main(void)
{
	test_json_script();
	test_pager();
	test_hostile_pages();
	test_change_page();
	test_change_groups();
	test_metrics_page();
	return check_done();
}
