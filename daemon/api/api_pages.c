// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_pages.c - the handlers of the dashboard pages (web/page_*.c), of
 * GET /api/v1/series/:id and of the static files under /static/.
 *
 * A page handler reads the same JSON the API returns and hands it to its
 * page; lists read PAGE_ROWS + 1 rows to know whether a next page
 * exists.  Static files come from a fixed table (no path from the URL
 * reaches the file system) and are served from the source tree's
 * web/static/ or from an installed share/kpci/static (pages_static_dir).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "daemon/analyze/analyze.h"
#include "daemon/analyze/compare.h"
#include "daemon/api/api.h"
#include "daemon/api/api_bisect.h"
#include "daemon/api/api_changes.h"
#include "daemon/api/api_detail.h"
#include "daemon/api/api_pages.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"
#include "lib/rec_change_points.h"
#include "web/chart.h"
#include "web/html.h"
#include "web/pages.h"

#define PAGES_MAX_PAGE 1000000      /* the largest ?page= accepted */
#define PAGES_BUILDS 200            /* recent builds a tree page looks through */
#define PAGES_MAX_SEARCH 256        /* bytes of the metrics index's search text */
#define PAGES_STATIC_CACHE "public, max-age=31536000, immutable"

/* The files under /static/: URL name, path under the static directory, type. */
static const struct pages_static {
	const char *name, *path, *type;
} pages_static_files[] = {
	{ "uplot.min.js",  "vendor/uplot.min.js",  "text/javascript; charset=utf-8" },
	{ "uplot.min.css", "vendor/uplot.min.css", "text/css; charset=utf-8" },
	{ "kpci.js",       "kpci.js",              "text/javascript; charset=utf-8" },
	{ NULL, NULL, NULL },
};

static void pages_html(struct http_resp *resp, int rc)
{
	resp->content_type = "text/html; charset=utf-8";
	resp->status = rc == 0 ? 200 : 500;
}

void pages_error(struct http_resp *resp, int status, const char *msg)
{
	buf_reset(&resp->body);
	html_page_begin(&resp->body, "Error");
	buf_adds(&resp->body, "<p id=\"error\">");
	html_txt(&resp->body, msg);
	buf_adds(&resp->body, "</p>\n");
	html_page_end(&resp->body);
	resp->content_type = "text/html; charset=utf-8";
	resp->status = status;
}

void pages_from_json_error(struct http_resp *resp)
{
	json_t *j = json_loadb(resp->body.data, resp->body.len, 0, NULL);
	char msg[1024];

	snprintf(msg, sizeof msg, "%s", j && json_string_value(json_object_get(j, "error")) ?
		 json_string_value(json_object_get(j, "error")) : "bad request");
	json_decref(j);
	pages_error(resp, resp->status, msg);
}

int pages_cached(struct kpcid *k, struct http_req *req, struct http_resp *resp,
		 const char *const *tables)
{
	if (!api_cached(k, req, resp, tables))
		return 0;
	if (!resp->cached && resp->status >= 400)
		pages_from_json_error(resp);
	return 1;
}

int pages_number(struct http_req *req, struct http_resp *resp, long long max, int *page)
{
	long long n;

	if (http_query_int(req, resp, "page", 1, 1, max, &n) < 0) {
		pages_from_json_error(resp);
		return -1;
	}
	*page = (int)n;
	return 0;
}

#define API_OVERVIEW_JOBS 20        /* the latest jobs on "/" */
#define API_OVERVIEW_SAMPLES 40     /* the latest samples */
#define API_OVERVIEW_CHANGES 10     /* the latest changes, and running bisections */

/* Reads what "/" shows into o (api_overview_dispose frees it, also after
 * a failure): -1 when its runners, jobs or samples cannot be read; what
 * else cannot be read shows as none. */
static int api_overview_read(struct db *db, struct page_overview_data *o)
{
	struct db_change_filter f = { .noisy = -1 };

	memset(o, 0, sizeof *o);
	if (db_runners_list(db, &o->runners, DB_MAX_LIST, 0) != DB_OK ||
	    db_jobs_list(db, &o->jobs, NULL, API_OVERVIEW_JOBS, 0) != DB_OK ||
	    db_samples_list(db, &o->samples, 0, NULL, API_OVERVIEW_SAMPLES, 0) != DB_OK)
		return -1;
	if (db_bisections_list(db, &o->bisections, "running", 0, API_OVERVIEW_CHANGES, 0) != DB_OK)
		memset(&o->bisections, 0, sizeof o->bisections);     /* none shown */
	if (db_trees_list(db, &o->trees) != DB_OK) {
		rec_trees_dispose(&o->trees);
		memset(&o->trees, 0, sizeof o->trees);
	}
	db_pipeline(db, &o->pipeline);             /* zero when it cannot be read */
	if (db_jobs_running(db, &o->running) != DB_OK) {
		rec_jobs_dispose(&o->running);
		memset(&o->running, 0, sizeof o->running);
	}
	o->estimates = calloc(o->running.n + 1, sizeof *o->estimates);
	o->windows = calloc(o->trees.n + 1, sizeof *o->windows);
	o->nwindows = calloc(o->trees.n + 1, sizeof *o->nwindows);
	if (!o->estimates || !o->windows || !o->nwindows)
		return -1;
	for (size_t i = 0; i < o->running.n; i++)
		db_job_estimate(db, o->running.v[i].id, &o->estimates[i]);
	for (size_t i = 0; i < o->trees.n; i++)
		if (db_window_counts(db, o->windows[i], PAGE_OVERVIEW_WINDOWS, &o->nwindows[i],
				     o->trees.v[i].name) != DB_OK)
			o->nwindows[i] = 0;
	if (db_change_groups(db, &o->changes, &f, 0, 0, API_OVERVIEW_CHANGES, 0) != DB_OK) {
		rec_change_groups_dispose(&o->changes);
		memset(&o->changes, 0, sizeof o->changes);
	}
	return 0;
}

static void api_overview_dispose(struct page_overview_data *o)
{
	free(o->estimates);
	free(o->windows);
	free(o->nwindows);
	rec_trees_dispose(&o->trees);
	rec_jobs_dispose(&o->running);
	rec_change_groups_dispose(&o->changes);
	rec_bisections_dispose(&o->bisections);
	rec_runners_dispose(&o->runners);
	rec_jobs_dispose(&o->jobs);
	rec_samples_dispose(&o->samples);
}

/* The overview reads most tables and shows no time relative to now: it is
 * cached until any table is written. */
void api_page_overview(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct page_overview_data o;

	resp->content_type = "text/html; charset=utf-8";
	if (pages_cached(k, req, resp, NULL))
		return;
	if (api_overview_read(k->db, &o) < 0)
		resp->status = 500;
	else
		resp->status = page_overview(&resp->body, &o) == 0 ? 200 : 500;
	api_overview_dispose(&o);
}

void api_page_runners(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_runners l;
	int page, more;

	if (pages_number(req, resp, PAGES_MAX_PAGE, &page) < 0)
		return;
	if (db_runners_list(k->db, &l, PAGE_ROWS + 1, (page - 1) * PAGE_ROWS) != DB_OK) {
		pages_error(resp, 500, "database error while listing runners");
		return;
	}
	more = l.n > PAGE_ROWS;     /* the extra row says a next page exists */
	pages_html(resp, page_runners(&resp->body, l.v, more ? PAGE_ROWS : l.n,
				      (long long)time(NULL), page, more));
	rec_runners_dispose(&l);
}

void api_page_jobs(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	static const char *const states[] = { "queued", "running", "done", "failed",
					      "cancelled", NULL };
	const char *state = http_query(req, "state");
	int page, known = !state, more;
	struct rec_jobs l;

	for (int i = 0; state && states[i]; i++)
		known |= !strcmp(state, states[i]);
	if (!known) {
		pages_error(resp, 400, "query parameter state must be queued, running, done, "
			    "failed or cancelled");
		return;
	}
	if (pages_number(req, resp, PAGES_MAX_PAGE, &page) < 0)
		return;
	if (db_jobs_list(k->db, &l, state, PAGE_ROWS + 1, (page - 1) * PAGE_ROWS) != DB_OK) {
		pages_error(resp, 500, "database error while listing jobs");
		return;
	}
	more = l.n > PAGE_ROWS;
	pages_html(resp, page_jobs(&resp->body, l.v, more ? PAGE_ROWS : l.n, state, page, more));
	rec_jobs_dispose(&l);
}

void api_page_changes(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct page_changes_query q = { .sort = http_query(req, "sort") };
	const char *view = http_query(req, "view"), *min = http_query(req, "min");
	struct rec_changes changes = { 0 }, shown_changes;
	struct rec_change_groups groups = { 0 }, shown_groups;
	struct db_change_filter f;
	double min_percent = 0;
	char *end;
	int page, rc, more;

	if (api_change_filter(req, resp, &f) < 0) {
		pages_from_json_error(resp);
		return;
	}
	if (f.withdrawn < 0)        /* the page lists live changes unless asked */
		f.withdrawn = 0;
	if (pages_number(req, resp, PAGES_MAX_PAGE, &page) < 0)
		return;
	if (min && *min) {
		min_percent = strtod(min, &end);
		if (*end || !(min_percent >= 0 && min_percent <= 1e6)) {
			pages_error(resp, 400, "query parameter min must be a percentage, 0 or more");
			return;
		}
	}
	if ((q.sort && *q.sort && strcmp(q.sort, "age") && strcmp(q.sort, "size")) ||
	    (view && *view && strcmp(view, "groups") && strcmp(view, "metrics"))) {
		pages_error(resp, 400, "query parameter sort must be age or size, view groups or "
			    "metrics");
		return;
	}
	q.tree = f.tree;
	q.branch = f.branch;
	q.state = f.state;
	q.runner_class = f.runner_class;
	q.direction = f.direction;
	q.min = min;
	q.metrics = view && !strcmp(view, "metrics");
	q.group = f.group_id;
	if (q.metrics)
		rc = db_changes_list(k->db, &changes, &f, PAGE_ROWS + 1, (page - 1) * PAGE_ROWS);
	else
		rc = db_change_groups(k->db, &groups, &f, min_percent,
				      q.sort && !strcmp(q.sort, "size"), PAGE_ROWS + 1,
				      (page - 1) * PAGE_ROWS);
	if (rc != DB_OK) {
		pages_error(resp, 500, "database error while listing changes");
		return;
	}
	/* a row past the page says there is a next one */
	more = changes.n > PAGE_ROWS || groups.n > PAGE_ROWS;
	shown_changes = changes;
	shown_groups = groups;
	shown_changes.n = changes.n > PAGE_ROWS ? PAGE_ROWS : changes.n;
	shown_groups.n = groups.n > PAGE_ROWS ? PAGE_ROWS : groups.n;
	pages_html(resp, page_changes(&resp->body, &shown_changes, &shown_groups, &q,
				      (long long)time(NULL), page, more));
	rec_changes_dispose(&changes);
	rec_change_groups_dispose(&groups);
}

/* The chart of a change's page (web/chart.h): its series over the
 * positions of the points around it (all points in job order, the
 * change's ones shown first).  NULL when it cannot be read. */
static json_t *pages_change_chart(struct kpcid *k, const struct rec_change *c)
{
	const struct rec_change_point *head = c->npoints ? &c->points[0] : NULL;
	const struct rec_change_point *tail = c->npoints ? &c->points[c->npoints - 1] : NULL;
	char from[32], to[32], *cause = NULL;
	struct detail_query q = { NULL, NULL, NULL };
	struct rec_series s;
	json_t *chart = NULL;
	long long lo = -1, hi = -1;

	if (head && head->position != REC_NONE && tail->position != REC_NONE) {
		snprintf(from, sizeof from, "%lld", head->position);
		snprintf(to, sizeof to, "%lld", tail->position);
		q.from = from;
		q.to = to;
	}
	if (detail_series_of(&s, &cause, k, c->series_id, &q, 1) == 0) {
		if (!chart_by_commit(&s)) {
			lo = head ? head->index : 0;
			hi = tail ? tail->index : 0;
		}
		chart = chart_of_series(&s, lo, hi);
		rec_series_dispose(&s);
	}
	free(cause);
	return chart;
}

void api_page_change(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_reports reports = { 0 };
	json_t *chart = NULL;
	struct rec_change c;
	char msg[128];
	int rc = api_change_full(&c, k, req->params[0]);

	if (rc != DB_OK) {
		snprintf(msg, sizeof msg, rc == DB_NOTFOUND ? "change %lld does not exist" :
			 "cannot read change %lld: database error", req->params[0]);
		pages_error(resp, http_status(rc), msg);
		return;
	}
	db_reports_list(k->db, &reports, req->params[0], PAGE_ROWS, 0);    /* none on an error */
	if (strcmp(c.kind, "build-failure"))
		chart = pages_change_chart(k, &c);
	pages_html(resp, page_change(&resp->body, &c, &reports, chart, (long long)time(NULL)));
	rec_change_dispose(&c);
	rec_reports_dispose(&reports);
	json_decref(chart);
}

/* What detail_series() reads: its answers are cached at their version. */
static const char *const api_series_tables[] = {
	"series", "metrics", "samples", "job_results", "changes", "branches",
	"branch_commits", "commits", "tags", NULL
};

void api_series(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_series s;
	char *cause;
	const char *c = http_query(req, "commits");
	int rc;

	if (api_cached(k, req, resp, api_series_tables))
		return;
	rc = detail_series(&s, &cause, k, req->params[0], req, c && !strcmp(c, "1"));
	if (rc) {
		http_error(resp, rc, "%s", cause);
	} else {
		http_json(resp, 200, rec_series_encode(&s));
		rec_series_dispose(&s);
	}
	free(cause);
}

void api_page_series(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_series s;
	char *cause;
	int page, rc;

	if (pages_number(req, resp, PAGES_MAX_PAGE, &page) < 0 ||
	    pages_cached(k, req, resp, api_series_tables))
		return;
	rc = detail_series(&s, &cause, k, req->params[0], req, 1);
	if (rc) {
		pages_error(resp, rc, cause ? cause : "cannot read this series");
		free(cause);
		return;
	}
	pages_html(resp, page_series(&resp->body, &s, page));
	rec_series_dispose(&s);
}

/* What the metrics index reads: its answers are cached at their version. */
static const char *const pages_metrics_tables[] = {
	"series", "metrics", "samples", "job_results", "changes", "branches",
	"branch_commits", "commits", NULL
};

void api_page_metrics(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *q = http_query(req, "q");
	struct db_series_brief *s = NULL;
	size_t n = 0;
	int page, more = 0;

	if (q && !*q)
		q = NULL;
	if (q && strlen(q) > PAGES_MAX_SEARCH) {
		pages_error(resp, 400, "query parameter q is longer than 256 bytes");
		return;
	}
	if (pages_number(req, resp, PAGES_MAX_PAGE, &page) < 0 ||
	    pages_cached(k, req, resp, pages_metrics_tables))
		return;
	if (db_series_index(k->db, &s, &n, &more, q, PAGE_ROWS, (page - 1) * PAGE_ROWS) !=
	    DB_OK) {
		pages_error(resp, 500, "database error while listing the metrics");
		return;
	}
	pages_html(resp, page_metrics(&resp->body, s, n, q, page, more));
	free(s);
}

void api_page_tree(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *branch = http_query(req, "branch");
	struct rec_tree_windows windows = { 0 };
	struct rec_tree tree;
	struct rec_commits commits = { 0 };
	struct rec_builds builds = { 0 };
	char *cause = NULL;
	int page, rc, more = 0;

	if (pages_number(req, resp, PAGES_MAX_PAGE, &page) < 0)
		return;
	if (branch && strlen(branch) > HTTP_MAX_ARG * 2) {
		pages_error(resp, 400, "query parameter branch is too long");
		return;
	}
	rc = db_tree_get(k->db, &tree, req->args[0]);
	if (rc != DB_OK) {
		pages_error(resp, http_status(rc), rc == DB_NOTFOUND ? "this tree is not watched" :
			    "database error while reading the tree");
		return;
	}
	rc = db_tree_windows(k->db, &windows, req->args[0], branch, &cause);
	if (rc == DB_OK)
		rc = db_tree_commits(k->db, &commits, req->args[0], branch, NULL, PAGE_ROWS + 1,
				     (page - 1) * PAGE_ROWS, &cause);
	if (rc == DB_OK && commits.n > PAGE_ROWS) {     /* the extra row: a next page exists */
		rec_commit_dispose(&commits.v[--commits.n]);
		more = 1;
	}
	if (rc == DB_OK && db_builds_list(k->db, &builds, NULL, PAGES_BUILDS, 0) != DB_OK)
		rc = DB_ERR;
	if (rc != DB_OK) {
		pages_error(resp, rc != DB_OK ? http_status(rc) : 500,
			    cause ? cause : "database error while reading the tree");
	} else {
		pages_html(resp, page_tree(&resp->body, &tree, branch, &windows, &commits, &builds,
					   page, more));
	}
	free(cause);
	rec_tree_dispose(&tree);
	rec_tree_windows_dispose(&windows);
	rec_commits_dispose(&commits);
	rec_builds_dispose(&builds);
}

void api_page_compare(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct page_compare_query q = { http_query(req, "base"), http_query(req, "head"),
					http_query(req, "runner_class"), 0 };
	const char *all = http_query(req, "all");
	struct page_compare_data d = { 0 };
	struct compare_report *rep = NULL;
	json_t *base_side = NULL, *head_side = NULL;
	char *cause = NULL;
	int rc = 0;

	q.all = all && !strcmp(all, "1");
	if (q.runner_class && !*q.runner_class)
		q.runner_class = NULL;
	if (q.runner_class && !proto_name_ok(q.runner_class)) {
		rc = 400;
		cause = strdup("query parameter runner_class must be a name of letters, digits "
			       "and ._:/+-");
	} else if (q.base && q.head && *q.base && *q.head) {
		struct analyze_params p;

		analyze_params_from_config(&p, &k->cfg);
		rc = compare_run(&rep, k->db, q.base, q.head, q.runner_class, &p.verdict, &cause);
		if (rc == DB_OK) {
			base_side = api_compare_about(k->db, q.base, &rep->base);
			head_side = api_compare_about(k->db, q.head, &rep->head);
			d = (struct page_compare_data){
				.report = rep, .base_side = base_side, .head_side = head_side,
				.alpha = p.verdict.alpha,
				.min_effect_percent = 100 * p.verdict.min_effect,
			};
		} else {
			rc = http_status(rc);
			if (!cause)
				cause = strdup("cannot compare");
		}
	}
	pages_html(resp, page_compare(&resp->body, &q, d.report ? &d : NULL, cause));
	if (rc)
		resp->status = rc;
	json_decref(base_side);
	json_decref(head_side);
	compare_report_free(rep);
	free(cause);
}

/* The static directory: BIN/../web/static (the source tree's bin/), the
 * source tree of a sanitizer build (build/san/bin/), or an installed
 * BIN/../share/kpci/static. */
static int pages_static_dir(char *dir, size_t size)
{
	static const char *const tries[] = { "/../web/static", "/../../../web/static",
					     "/../share/kpci/static", NULL };
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;
	struct stat st;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	for (int i = 0; tries[i]; i++) {
		if ((size_t)snprintf(dir, size, "%s%s", exe, tries[i]) < size &&
		    stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
			return 0;
	}
	return -1;
}

void api_static(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const struct pages_static *f;
	char dir[PATH_MAX], path[PATH_MAX];
	struct stat st;
	int fd;

	for (f = pages_static_files; f->name; f++)
		if (!strcmp(f->name, req->args[0]))
			break;
	if (!f->name) {
		http_error(resp, 404, "no such static file: %s", req->args[0]);
		return;
	}
	if (pages_static_dir(dir, sizeof dir) < 0 ||
	    (size_t)snprintf(path, sizeof path, "%s/%s", dir, f->path) >= sizeof path) {
		log_error("static file %s: no web/static directory beside the programs", f->name);
		http_error(resp, 500, "static files are not installed");
		return;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		log_error("static file %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		http_error(resp, 500, "static file %s cannot be read", f->name);
		return;
	}
	resp->status = 200;
	resp->content_type = f->type;
	resp->cache_control = PAGES_STATIC_CACHE;
	resp->has_file = 1;
	resp->file_fd = fd;
	resp->file_size = st.st_size;
}
