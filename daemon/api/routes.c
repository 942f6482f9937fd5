// SPDX-License-Identifier: GPL-2.0-only
/*
 * routes.c - every URL kpcid answers, in one table (after cgit's cmd.c).
 *
 * Patterns are matched in order; ":id" matches a positive integer that
 * the handler finds in req->params; ":name" a name and ":ref" a tree name
 * (which may hold '/', sent as %2F, and ':') found in req->args.
 * docs/API.md describes each route.
 */
#include <stdlib.h>

#include "daemon/api/api.h"
#include "daemon/api/api_bisect.h"
#include "daemon/api/api_changes.h"
#include "daemon/api/api_detail.h"
#include "daemon/api/api_drift.h"
#include "daemon/api/api_pages.h"
#include "daemon/api/api_report.h"
#include "daemon/api/api_reports.h"
#include "daemon/api/api_trees.h"
#include "daemon/http/health.h"
#include "daemon/http/prom.h"
#include "daemon/kpcid.h"
#include "web/pages.h"

/* Routes leave out their optional last field (stream) unless they stream. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

/*
 * Public reads that build their answer from the database without the
 * answer cache go through one of the [server] threads build slots
 * (http_read_slot), as the cached routes do on a miss, so that readers,
 * however many, keep at most that many threads and read connections
 * busy; a page shows a refusal (503) as its HTML error page.  Not
 * bounded: health, static files and artifact downloads (runners fetch
 * kernels through it), which read no more than a row.
 */
#define API_READ(h)                                                                 \
	static void h##_read(struct kpcid *k, struct http_req *req, struct http_resp *resp) \
	{                                                                           \
		if (http_read_slot(resp) == 0)                                      \
			h(k, req, resp);                                            \
	}
#define PAGE_READ(h)                                                                \
	static void h##_read(struct kpcid *k, struct http_req *req, struct http_resp *resp) \
	{                                                                           \
		if (http_read_slot(resp) == 0)                                      \
			h(k, req, resp);                                            \
		else                                                                \
			pages_from_json_error(resp);                                \
	}

API_READ(api_prometheus)
API_READ(api_status)
API_READ(api_trees_list)
API_READ(api_tree)
API_READ(api_tree_commits)
API_READ(api_tree_windows)
API_READ(api_tree_window_merges)
API_READ(api_runners)
API_READ(api_runner_get)
API_READ(api_jobs)
API_READ(api_job)
API_READ(api_samples)
API_READ(api_metrics)
API_READ(api_builds)
API_READ(api_build)
API_READ(api_build_log)
API_READ(api_changes_list)
API_READ(api_change_get)
API_READ(api_compare)
API_READ(api_noise)
API_READ(api_reports_list)
API_READ(api_report_get)
API_READ(api_confirmations)
API_READ(api_bisections_list)
API_READ(api_bisection_get)
PAGE_READ(api_page_runners)
PAGE_READ(api_page_runner)
PAGE_READ(api_page_jobs)
PAGE_READ(api_page_job)
PAGE_READ(api_page_changes)
PAGE_READ(api_page_change)
PAGE_READ(api_page_tree)
PAGE_READ(api_page_compare)
PAGE_READ(api_page_reports)
PAGE_READ(api_page_report)
PAGE_READ(api_page_bisections)
PAGE_READ(api_page_bisection)

static const struct http_route api_routes[] = {
	{ "GET",  "/",                           HTTP_PUBLIC, api_page_overview },
	{ "GET",  "/runners",                    HTTP_PUBLIC, api_page_runners_read },
	{ "GET",  "/runners/:id",                HTTP_PUBLIC, api_page_runner_read },
	{ "GET",  "/jobs",                       HTTP_PUBLIC, api_page_jobs_read },
	{ "GET",  "/jobs/:id",                   HTTP_PUBLIC, api_page_job_read },
	{ "GET",  "/changes",                    HTTP_PUBLIC, api_page_changes_read },
	{ "GET",  "/changes/:id",                HTTP_PUBLIC, api_page_change_read },
	{ "GET",  "/series",                     HTTP_PUBLIC, api_page_metrics },
	{ "GET",  "/series/:id",                 HTTP_PUBLIC, api_page_series },
	{ "GET",  "/trees/:ref",                 HTTP_PUBLIC, api_page_tree_read },
	{ "GET",  "/trees/:ref/windows/:name",   HTTP_PUBLIC, api_page_window },
	{ "GET",  "/compare",                    HTTP_PUBLIC, api_page_compare_read },
	{ "GET",  "/static/:name",               HTTP_PUBLIC, api_static },
	{ "GET",  "/metrics",                    HTTP_PUBLIC, api_prometheus_read },
	{ "GET",  "/api/v1/series/:id",          HTTP_PUBLIC, api_series },
	{ "GET",  "/api/v1/health",              HTTP_PUBLIC, api_health },
	{ "GET",  "/api/v1/status",              HTTP_PUBLIC, api_status_read },
	{ "GET",  "/api/v1/trees",               HTTP_PUBLIC, api_trees_list_read },
	{ "GET",  "/api/v1/trees/:ref",          HTTP_PUBLIC, api_tree_read },
	{ "POST", "/api/v1/trees/:ref/poll",     HTTP_ADMIN,  api_tree_poll },
	{ "GET",  "/api/v1/trees/:ref/commits",  HTTP_PUBLIC, api_tree_commits_read },
	{ "GET",  "/api/v1/trees/:ref/windows",  HTTP_PUBLIC, api_tree_windows_read },
	{ "GET",  "/api/v1/trees/:ref/windows/:name/merges", HTTP_PUBLIC, api_tree_window_merges_read },
	{ "GET",  "/api/v1/trees/:ref/windows/:name/report", HTTP_PUBLIC, api_window_report },
	{ "GET",  "/api/v1/runners",             HTTP_PUBLIC, api_runners_read },
	{ "GET",  "/api/v1/runners/:id",         HTTP_PUBLIC, api_runner_get_read },
	{ "POST", "/api/v1/runners/:id/drift/ack", HTTP_ADMIN, api_runner_drift_ack },
	{ "GET",  "/api/v1/jobs",                HTTP_PUBLIC, api_jobs_read },
	{ "POST", "/api/v1/jobs",                HTTP_ADMIN,  api_job_submit },
	{ "GET",  "/api/v1/jobs/:id",            HTTP_PUBLIC, api_job_read },
	{ "GET",  "/api/v1/samples",             HTTP_PUBLIC, api_samples_read },
	{ "GET",  "/api/v1/metrics",             HTTP_PUBLIC, api_metrics_read },
	{ "POST", "/api/v1/runners/register",    HTTP_RUNNER, api_runner_register },
	{ "POST", "/api/v1/jobs/claim",          HTTP_RUNNER, api_job_claim },
	{ "POST", "/api/v1/jobs/:id/heartbeat",  HTTP_RUNNER, api_job_heartbeat },
	{ "POST", "/api/v1/jobs/:id/release",    HTTP_RUNNER, api_job_release },
	{ "POST", "/api/v1/jobs/:id/result",     HTTP_RUNNER, api_job_result,
	  &api_result_stream },
	{ "GET",  "/api/v1/builds",              HTTP_PUBLIC, api_builds_read },
	{ "GET",  "/api/v1/builds/:id",          HTTP_PUBLIC, api_build_read },
	{ "GET",  "/api/v1/builds/:id/log",      HTTP_PUBLIC, api_build_log_read },
	{ "GET",  "/api/v1/artifacts/download",  HTTP_PUBLIC, api_artifact_download },
	{ "POST", "/api/v1/jobs/:id/build",      HTTP_RUNNER, api_build_record },
	{ "POST", "/api/v1/jobs/:id/artifacts",  HTTP_RUNNER, api_artifact_link },
	{ "PUT",  "/api/v1/jobs/:id/artifacts",  HTTP_RUNNER, api_artifact_upload,
	  &api_artifact_stream },
	{ "GET",  "/api/v1/changes",             HTTP_PUBLIC, api_changes_list_read },
	{ "GET",  "/api/v1/changes/:id",         HTTP_PUBLIC, api_change_get_read },
	{ "POST", "/api/v1/changes/:id/triage",  HTTP_ADMIN,  api_change_triage },
	{ "GET",  "/api/v1/compare",             HTTP_PUBLIC, api_compare_read },
	{ "GET",  "/api/v1/noise",               HTTP_PUBLIC, api_noise_read },
	{ "GET",  "/reports",                    HTTP_PUBLIC, api_page_reports_read },
	{ "GET",  "/reports/:id",                HTTP_PUBLIC, api_page_report_read },
	{ "GET",  "/api/v1/reports",             HTTP_PUBLIC, api_reports_list_read },
	{ "GET",  "/api/v1/reports/:id",         HTTP_PUBLIC, api_report_get_read },
	{ "POST", "/api/v1/reports/:id/resend",  HTTP_ADMIN,  api_report_resend },
	{ "POST", "/api/v1/reports/:id/hold",    HTTP_ADMIN,  api_report_hold },
	{ "POST", "/api/v1/integrity-check",     HTTP_ADMIN,  api_integrity_check },
	{ "GET",  "/bisections",                 HTTP_PUBLIC, api_page_bisections_read },
	{ "GET",  "/bisections/:id",             HTTP_PUBLIC, api_page_bisection_read },
	{ "GET",  "/api/v1/confirmations",       HTTP_PUBLIC, api_confirmations_read },
	{ "GET",  "/api/v1/bisections",          HTTP_PUBLIC, api_bisections_list_read },
	{ "POST", "/api/v1/bisections",          HTTP_ADMIN,  api_bisection_start },
	{ "GET",  "/api/v1/bisections/:id",      HTTP_PUBLIC, api_bisection_get_read },
	{ "POST", "/api/v1/bisections/:id/cancel", HTTP_ADMIN, api_bisection_cancel },
	{ NULL },
};

const struct http_app api_app = { api_routes, pages_error };
