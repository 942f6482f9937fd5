/*
 * page_overview.c - "/": the watched trees, the latest changes, who is
 * running what, and the latest numbers.
 * Plain tables, readable without JavaScript.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "db/db.h"
#include "web/html.h"
#include "web/pages.h"

#define OVERVIEW_JOBS    20
#define OVERVIEW_SAMPLES 40
#define OVERVIEW_CHANGES 10

static const char *str(const json_t *row, const char *key)
{
	const char *s = json_string_value(json_object_get(row, key));

	return s ? s : "";
}

static void cell_txt(struct buf *b, const char *s)
{
	buf_adds(b, "<td>");
	html_txt(b, s);
	buf_adds(b, "</td>");
}

static void cell_int(struct buf *b, const json_t *row, const char *key)
{
	const json_t *v = json_object_get(row, key);

	if (json_is_integer(v))
		buf_printf(b, "<td class=\"num\">%lld</td>", (long long)json_integer_value(v));
	else
		buf_adds(b, "<td></td>");
}

static void cell_time(struct buf *b, const json_t *row, const char *key)
{
	const json_t *v = json_object_get(row, key);
	char when[32] = "";
	struct tm tm;
	time_t t;

	if (json_is_integer(v)) {
		t = (time_t)json_integer_value(v);
		gmtime_r(&t, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
	}
	cell_txt(b, when);
}

static void overview_runners(struct buf *b, json_t *runners)
{
	size_t i;
	json_t *r;

	buf_printf(b, "<h2>Runners (%zu)</h2>\n", json_array_size(runners));
	if (!json_array_size(runners)) {
		buf_adds(b, "<p class=\"muted\">No runner has registered yet.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"runners\"><tr><th>name</th><th>class</th><th>NUMA nodes</th>"
		 "<th>CPUs</th><th>CPU model</th><th>kernel</th><th>last seen (UTC)</th>"
		 "<th>current job</th></tr>\n");
	json_array_foreach(runners, i, r) {
		buf_adds(b, "<tr>");
		cell_txt(b, str(r, "name"));
		cell_txt(b, str(r, "runner_class"));
		cell_int(b, r, "numa_nodes");
		cell_int(b, r, "cpus");
		cell_txt(b, str(r, "cpu_model"));
		cell_txt(b, str(r, "kernel_release"));
		cell_time(b, r, "last_seen");
		cell_int(b, r, "current_job");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void overview_jobs(struct buf *b, json_t *jobs)
{
	size_t i;
	json_t *j;

	buf_adds(b, "<h2>Recent jobs</h2>\n");
	if (!json_array_size(jobs)) {
		buf_adds(b, "<p class=\"muted\">No job has been queued yet.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"jobs\"><tr><th>id</th><th>kind</th><th>suite</th><th>boot</th>"
		 "<th>state</th><th>attempt</th><th>runner</th><th>samples</th><th>created (UTC)</th>"
		 "<th>reason</th></tr>\n");
	json_array_foreach(jobs, i, j) {
		const json_t *spec = json_object_get(j, "spec");

		buf_adds(b, "<tr>");
		cell_int(b, j, "id");
		cell_txt(b, str(j, "kind"));
		cell_txt(b, str(spec, "suite"));
		cell_txt(b, str(spec, "boot"));
		buf_adds(b, "<td class=\"st-");
		html_attr(b, str(j, "state"));
		buf_adds(b, "\">");
		html_txt(b, str(j, "state"));
		buf_adds(b, "</td>");
		cell_int(b, j, "attempt");
		cell_txt(b, str(j, "runner"));
		cell_int(b, j, "samples");
		cell_time(b, j, "created_at");
		cell_txt(b, str(j, "reason"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void overview_samples(struct buf *b, json_t *samples)
{
	size_t i;
	json_t *s;

	buf_adds(b, "<h2>Latest samples</h2>\n");
	if (!json_array_size(samples)) {
		buf_adds(b, "<p class=\"muted\">No samples yet.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"samples\"><tr><th>job</th><th>suite</th><th>metric</th>"
		 "<th>iteration</th><th>value</th><th>unit</th><th>better</th><th>runner</th>"
		 "<th>kernel</th><th>boot</th></tr>\n");
	json_array_foreach(samples, i, s) {
		buf_adds(b, "<tr>");
		cell_int(b, s, "job_id");
		cell_txt(b, str(s, "suite"));
		cell_txt(b, str(s, "metric"));
		cell_int(b, s, "iteration");
		buf_printf(b, "<td class=\"num\">%.6g</td>",
			   json_number_value(json_object_get(s, "value")));
		cell_txt(b, str(s, "unit"));
		cell_txt(b, str(s, "better"));
		cell_txt(b, str(s, "runner"));
		cell_txt(b, str(s, "kernel_release"));
		cell_txt(b, str(s, "boot_method"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void overview_trees(struct buf *b, json_t *trees)
{
	size_t i;
	json_t *t;

	if (!json_array_size(trees))
		return;
	buf_adds(b, "<h2>Trees</h2>\n<ul id=\"trees\">");
	json_array_foreach(trees, i, t) {
		buf_adds(b, "<li><a href=\"/trees/");
		html_url_arg(b, str(t, "name"));
		buf_adds(b, "\">");
		html_txt(b, str(t, "name"));
		buf_adds(b, "</a></li>");
	}
	buf_adds(b, "</ul>\n");
}

/* One line per tree: its newest merge window's report summary, linked. */
static void overview_windows(struct buf *b, struct db *db, json_t *trees)
{
	size_t i, shown = 0;
	json_t *t, *w;

	json_array_foreach(trees, i, t) {
		long long reg, imp;

		if (db_window_current(db, &w, str(t, "name"), NULL) != DB_OK)
			continue;
		if (!shown++)
			buf_adds(b, "<h2>Current merge windows</h2>\n<ul id=\"current-windows\">");
		reg = (long long)json_integer_value(json_object_get(w, "regressions"));
		imp = (long long)json_integer_value(json_object_get(w, "improvements"));
		buf_adds(b, "<li>");
		html_txt(b, str(t, "name"));
		buf_adds(b, ": <a class=\"window-link\" href=\"/trees/");
		html_url_arg(b, str(t, "name"));
		buf_adds(b, "/windows/");
		html_url_arg(b, str(w, "release"));
		buf_adds(b, "\">");
		html_txt(b, str(w, "release"));
		buf_adds(b, " &rarr; ");
		html_txt(b, *str(w, "closed_by") ? str(w, "closed_by") : "head (open)");
		buf_printf(b, "</a>: <span class=\"regression\">%lld regression%s</span>, "
			   "<span class=\"improvement\">%lld improvement%s</span>, "
			   "%lld merge%s measured (of %lld)</li>", reg, reg == 1 ? "" : "s",
			   imp, imp == 1 ? "" : "s",
			   (long long)json_integer_value(json_object_get(w, "merges_measured")),
			   json_integer_value(json_object_get(w, "merges_measured")) == 1 ? "" : "s",
			   (long long)json_integer_value(json_object_get(w, "merges")));
		json_decref(w);
	}
	if (shown)
		buf_adds(b, "</ul>\n");
}

static void overview_changes(struct buf *b, json_t *changes)
{
	size_t i;
	json_t *c;

	if (!json_array_size(changes))
		return;
	buf_adds(b, "<h2>Latest changes</h2>\n<ul id=\"latest-changes\">");
	json_array_foreach(changes, i, c) {
		buf_printf(b, "<li><a class=\"change-link\" href=\"/changes/%lld\">",
			   (long long)json_integer_value(json_object_get(c, "id")));
		html_txt(b, str(c, "suite"));
		buf_adds(b, "/");
		html_txt(b, str(c, "metric"));
		buf_adds(b, " on ");
		html_txt(b, str(c, "runner_class"));
		buf_printf(b, "</a>: <span class=\"%s\">%s %+.2f%%</span></li>",
			   !strcmp(str(c, "direction"), "regression") ? "regression" : "improvement",
			   !strcmp(str(c, "direction"), "regression") ? "regression" : "improvement",
			   100 * json_number_value(json_object_get(c, "magnitude")));
	}
	buf_adds(b, "</ul>\n<p><a href=\"/changes\">All changes</a></p>\n");
}

int page_overview(struct buf *b, struct db *db)
{
	struct db_change_filter f = { .noisy = -1 };
	json_t *trees = db_trees_list(db);
	json_t *changes = db_changes_list(db, &f, OVERVIEW_CHANGES, 0);
	json_t *runners = db_runners_list(db, DB_MAX_LIST, 0);
	json_t *jobs = db_jobs_list(db, NULL, OVERVIEW_JOBS, 0);
	json_t *samples = db_samples_list(db, 0, NULL, OVERVIEW_SAMPLES, 0);
	json_t *bisections = db_bisections_list(db, "running", 0, OVERVIEW_CHANGES, 0);
	int rc = -1;

	if (runners && jobs && samples) {
		html_page_begin(b, "Overview");
		overview_trees(b, trees);
		overview_windows(b, db, trees);
		overview_changes(b, changes);
		page_overview_bisections(b, bisections);   /* web/page_bisect.c */
		overview_runners(b, runners);
		overview_jobs(b, jobs);
		overview_samples(b, samples);
		html_page_end(b);
		rc = 0;
	}
	json_decref(trees);
	json_decref(changes);
	json_decref(runners);
	json_decref(jobs);
	json_decref(samples);
	json_decref(bisections);
	return rc;
}
