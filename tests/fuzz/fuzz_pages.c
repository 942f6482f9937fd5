// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_pages.c - libFuzzer target for the dashboard's page renderers
 * (web/page_*.c): the input is parsed as JSON, as a handler would hand
 * it over, and given to every page that takes JSON, whatever its shape
 * (a page must render a field of the wrong type, a missing one or a
 * hostile string, never crash).  Pages that take a record (lib/rec.h)
 * get what its decoder makes of the input, when it makes one.  A string of the input that holds
 * "<script" must not come out as such: everything is escaped.  Seeds:
 * tests/fuzz/seeds/pages/ (answers of the real API).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lib/buf.h"
#include "lib/rec.h"
#include "web/pages.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_escaped(const struct buf *b, const char *page)
{
	if (b->data && strstr(b->data, "<script>window.__pwned")) {
		fprintf(stderr, "fuzz_pages: %s let a script through\n", page);
		abort();
	}
}

/* The job pages, through the job decoder. */
static void fuzz_pages_jobs(struct buf *b, const json_t *j, const json_t *arr, const char *s)
{
	struct rec_jobs jobs;
	struct rec_job job;

	if (rec_jobs_decode(&jobs, arr, NULL) == 0) {
		buf_reset(b);
		page_jobs(b, jobs.v, jobs.n, s, 2, 0);
		check_escaped(b, "jobs");
		rec_jobs_dispose(&jobs);
	}
	if (rec_job_decode(&job, j, "", NULL) == 0) {
		buf_reset(b);
		page_job(b, &job, 1796000000);
		check_escaped(b, "job");
		rec_job_dispose(&job);
	}
}

/* The tree page of the tree j decodes to (a hostile stand-in when it
 * decodes to none), with the commits arr decodes to (none when it does
 * not) and builds. */
static void fuzz_pages_tree(struct buf *b, const json_t *j, const json_t *arr, const char *s,
			    const struct rec_builds *builds)
{
	static char evil[] = "<script>window.__pwned=1</script>";
	struct rec_tree tree, stand_in = { .name = evil, .url = evil };
	struct rec_tree_windows windows;
	struct rec_commits commits;
	int have = rec_tree_decode(&tree, j, "", NULL) == 0;

	rec_commits_decode(&commits, arr, NULL);   /* empty when it fails */
	rec_tree_windows_decode(&windows, j, NULL);        /* empty when it fails */
	buf_reset(b);
	page_tree(b, have ? &tree : &stand_in, s, &windows, &commits, builds, 1, 1);
	check_escaped(b, "tree");
	rec_tree_dispose(&tree);
	rec_tree_windows_dispose(&windows);
	rec_commits_dispose(&commits);
}

/* The pages of records, through their decoders. */
static void fuzz_pages_records(struct buf *b, const json_t *j, const json_t *arr,
			       const char *s)
{
	struct rec_runners runners;
	struct rec_runner runner;
	struct rec_builds builds;
	struct rec_series series;

	if (rec_runners_decode(&runners, arr, NULL) == 0) {
		buf_reset(b);
		page_runners(b, runners.v, runners.n, 1796000000, 1, 1);
		check_escaped(b, "runners");
		rec_runners_dispose(&runners);
	}
	if (rec_runner_decode(&runner, j, "", NULL) == 0) {
		buf_reset(b);
		page_runner(b, &runner, 1796000000);
		check_escaped(b, "runner");
		rec_runner_dispose(&runner);
	}
	if (rec_builds_decode(&builds, arr, NULL) == 0) {
		fuzz_pages_tree(b, j, arr, s, &builds);
		rec_builds_dispose(&builds);
	}
	{
		struct page_changes_query cq = { .tree = s, .branch = s, .state = s, .min = s };
		struct rec_change_groups groups = { 0 }, no_groups = { 0 };
		struct rec_changes changes = { 0 }, no_changes = { 0 };
		struct rec_change change;

		if (rec_change_groups_decode(&groups, arr, NULL) == 0) {
			buf_reset(b);
			page_changes(b, &no_changes, &groups, &cq, 1796000000, 1, 1);
			check_escaped(b, "changes");
			rec_change_groups_dispose(&groups);
		}
		cq.metrics = 1;
		if (rec_changes_decode(&changes, arr, NULL) == 0) {
			buf_reset(b);
			page_changes(b, &changes, &no_groups, &cq, 1796000000, 2, 0);
			check_escaped(b, "changes by metric");
			rec_changes_dispose(&changes);
		}
		if (rec_change_decode(&change, j, "", NULL) == 0) {
			struct rec_reports reports = { 0 };
			int some = rec_reports_decode(&reports, json_object_get(j, "reports"),
						      NULL) == 0;

			buf_reset(b);
			page_change(b, &change, some ? &reports : NULL,
				    json_object_get(j, "chart"), 1796000000);
			check_escaped(b, "change");
			rec_change_dispose(&change);
			rec_reports_dispose(&reports);
		}
	}
	if (rec_series_decode(&series, j, "", NULL) == 0) {
		buf_reset(b);
		page_series(b, &series, 1);
		check_escaped(b, "series");
		buf_reset(b);
		page_series(b, &series, 3);
		check_escaped(b, "series page 3");
		rec_series_dispose(&series);
	}
	fuzz_pages_jobs(b, j, arr, s);
	fuzz_pages_tree(b, j, arr, s, &(struct rec_builds){ 0 });
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL), *arr;
	const char *s;
	struct buf b;
	struct page_compare_query pq;

	if (!j)
		return 0;
	arr = json_is_array(j) ? json_incref(j) : json_pack("[O]", j);
	s = json_is_string(j) ? json_string_value(j) : "<script>window.__pwned=1</script>";
	buf_init(&b, 64u << 20);
	pq = (struct page_compare_query){ .base = s, .head = s, .runner_class = s };
#define PAGE(call, name) do { buf_reset(&b); call; check_escaped(&b, name); } while (0)
	fuzz_pages_records(&b, j, arr, s);
	{
		/* the strings of a row come from the input, the sides are it */
		struct compare_row row = { .series_id = 1, .direction = s,
					   .v = { .kind = VERDICT_CHANGED, .percent = NAN } };
		struct compare_report rep = { .rows = &row, .n = 1, .counts = { 1, 0, 0 } };
		struct page_compare_data cd = { &rep, j, j, 0.05, 1 };

		snprintf(row.metric, sizeof row.metric, "%s", s);
		snprintf(row.runner_class, sizeof row.runner_class, "%s", s);
		snprintf(row.v.reason, sizeof row.v.reason, "%s", s);
		PAGE(page_compare(&b, &pq, &cd, NULL), "compare");
	}
	PAGE(page_compare(&b, &pq, NULL, s), "compare error");
	{
		/* the report j decodes to, when it does */
		struct rec_window_report report;

		if (rec_window_report_decode(&report, j, NULL) == 0) {
			PAGE(page_window(&b, &report, 1), "window");
			rec_window_report_dispose(&report);
		}
	}
	{
		struct rec_reports reports;
		struct rec_report report;

		if (rec_reports_decode(&reports, arr, NULL) == 0) {
			PAGE(page_reports(&b, &reports), "reports");
			rec_reports_dispose(&reports);
		}
		if (rec_report_decode(&report, j, "", NULL) == 0) {
			PAGE(page_report(&b, &report), "report");
			rec_report_dispose(&report);
		}
	}
	{
		struct rec_bisections bl;
		struct rec_bisection bi;

		if (rec_bisections_decode(&bl, arr, NULL) == 0) {
			PAGE(page_bisections(&b, &bl, &bl), "bisections");
			PAGE(page_overview_bisections(&b, &bl), "overview bisections");
			rec_bisections_dispose(&bl);
		}
		if (rec_bisection_decode(&bi, j, "", NULL) == 0) {
			PAGE(page_bisection(&b, &bi), "bisection");
			PAGE(page_change_bisection(&b, &bi), "change bisection");
			rec_bisection_dispose(&bi);
		}
	}
#undef PAGE
	buf_dispose(&b);
	json_decref(arr);
	json_decref(j);
	return 0;
}
