// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_report.c - the merge-window report of a release: the changes found
 * in its window grouped by the merge that brought them (db_window_report
 * in db/db_report.c), as JSON and as a page (web/page_window.c).
 * ?branch= picks the branch (default: the tree's first); the JSON pages
 * with ?limit=&offset=, the page with ?page=N (PAGE_ROWS changes each).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze/analyze.h"
#include "daemon/api/api.h"
#include "daemon/api/api_pages.h"
#include "daemon/api/api_report.h"
#include "daemon/config.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "web/html.h"
#include "web/pages.h"

#define REPORT_MAX_PAGE 100000      /* the largest ?page= accepted */

/* ?branch=: NULL or a valid name; the sentence for a bad one in msg. */
static int report_branch(struct http_req *req, const char **branch, char *msg, size_t size)
{
	*branch = http_query(req, "branch");
	if (*branch && !proto_name_ok(*branch)) {
		snprintf(msg, size, "query parameter branch: '%.40s' is not a branch name",
			 *branch);
		return -1;
	}
	return 0;
}

/* What db_window_report() reads: its answers are cached at their version. */
static const char *const report_tables[] = {
	"trees", "branches", "branch_events", "branch_commits", "commits", "tags", "jobs",
	"job_results", "samples", "series", "metrics", "changes", "commit_verdicts", NULL
};

/* db_window_report, with each measured commit's verdicts decided over its
 * metrics (daemon/analyze/analyze_verdict.c), into *out (caller disposes). */
static int report_read(struct kpcid *k, struct rec_window_report *out, struct http_req *req,
		       const char *branch, int limit, int offset, char **cause)
{
	struct analyze_params p;
	int rc;

	rc = db_window_report(k->db, out, req->args[0], branch, req->args[1], limit, offset,
			      cause);
	if (rc != DB_OK)
		return rc;
	analyze_params_from_config(&p, &k->cfg);
	if (api_window_verdicts(out, &p.verdict) < 0) {
		rec_window_report_dispose(out);
		return fail_cause(cause, "out of memory while deciding the window's verdicts");
	}
	return DB_OK;
}

void api_window_report(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_window_report r = { 0 };
	const char *branch;
	char msg[128], *cause = NULL;
	int limit, offset, rc;

	if (report_branch(req, &branch, msg, sizeof msg) < 0) {
		http_error(resp, 400, "%s", msg);
		return;
	}
	if (http_paging(req, resp, &limit, &offset) < 0 || api_cached(k, req, resp, report_tables))
		return;
	rc = report_read(k, &r, req, branch, limit, offset, &cause);
	if (rc == DB_OK)
		http_json(resp, 200, rec_window_report_encode(&r));
	else
		http_error(resp, http_status(rc), "%s", cause ? cause : "database error");
	rec_window_report_dispose(&r);
	free(cause);
}

/* How the page's form measures a merge: the suites, runner classes and
 * boot method of the tree's own bench jobs ([tree] suites, bench_classes,
 * bench_boot), when kpcid watches the tree; the page falls back to the
 * suites and classes of the group's changes. */
static int report_measure_defaults(struct kpcid *k, struct rec_window_report *r)
{
	for (const struct config_tree *t = k->cfg.trees; r->tree && t; t = t->next)
		if (!strcmp(t->name, r->tree)) {
			r->measure_suites = strdup(t->suites ? t->suites : "");
			r->measure_classes = strdup(t->bench_classes ? t->bench_classes : "");
			r->measure_boot = strdup(t->bench_boot ? t->bench_boot : "");
			return r->measure_suites && r->measure_classes && r->measure_boot ? 0 : -1;
		}
	return 0;
}

void api_page_window(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_window_report r = { 0 };
	const char *branch;
	char msg[160], *cause = NULL;
	int page = 1, rc;

	if (report_branch(req, &branch, msg, sizeof msg) < 0) {
		pages_error(resp, 400, msg);
		return;
	}
	if (pages_number(req, resp, REPORT_MAX_PAGE, &page) < 0)
		return;
	if (pages_cached(k, req, resp, report_tables))
		return;
	rc = report_read(k, &r, req, branch, PAGE_ROWS, (page - 1) * PAGE_ROWS, &cause);
	if (rc != DB_OK) {
		pages_error(resp, http_status(rc), cause ? cause : "database error");
		free(cause);
		return;
	}
	resp->content_type = "text/html; charset=utf-8";
	resp->status = report_measure_defaults(k, &r) == 0 && page_window(&resp->body, &r, page) ==
		       0 ? 200 : 500;
	rec_window_report_dispose(&r);
}
