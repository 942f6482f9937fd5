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

static const struct http_route api_routes[] = {
	{ "GET",  "/",                           HTTP_PUBLIC, api_page_overview },
	{ "GET",  "/runners",                    HTTP_PUBLIC, api_page_runners },
	{ "GET",  "/runners/:id",                HTTP_PUBLIC, api_page_runner },
	{ "GET",  "/jobs",                       HTTP_PUBLIC, api_page_jobs },
	{ "GET",  "/jobs/:id",                   HTTP_PUBLIC, api_page_job },
	{ "GET",  "/changes",                    HTTP_PUBLIC, api_page_changes },
	{ "GET",  "/changes/:id",                HTTP_PUBLIC, api_page_change },
	{ "GET",  "/series",                     HTTP_PUBLIC, api_page_metrics },
	{ "GET",  "/series/:id",                 HTTP_PUBLIC, api_page_series },
	{ "GET",  "/trees/:ref",                 HTTP_PUBLIC, api_page_tree },
	{ "GET",  "/trees/:ref/windows/:name",   HTTP_PUBLIC, api_page_window },
	{ "GET",  "/compare",                    HTTP_PUBLIC, api_page_compare },
	{ "GET",  "/static/:name",               HTTP_PUBLIC, api_static },
	{ "GET",  "/metrics",                    HTTP_PUBLIC, api_prometheus },
	{ "GET",  "/api/v1/series/:id",          HTTP_PUBLIC, api_series },
	{ "GET",  "/api/v1/health",              HTTP_PUBLIC, api_health },
	{ "GET",  "/api/v1/status",              HTTP_PUBLIC, api_status },
	{ "GET",  "/api/v1/trees",               HTTP_PUBLIC, api_trees_list },
	{ "GET",  "/api/v1/trees/:ref",          HTTP_PUBLIC, api_tree },
	{ "POST", "/api/v1/trees/:ref/poll",     HTTP_ADMIN,  api_tree_poll },
	{ "GET",  "/api/v1/trees/:ref/commits",  HTTP_PUBLIC, api_tree_commits },
	{ "GET",  "/api/v1/trees/:ref/windows",  HTTP_PUBLIC, api_tree_windows },
	{ "GET",  "/api/v1/trees/:ref/windows/:name/merges", HTTP_PUBLIC, api_tree_window_merges },
	{ "GET",  "/api/v1/trees/:ref/windows/:name/report", HTTP_PUBLIC, api_window_report },
	{ "GET",  "/api/v1/runners",             HTTP_PUBLIC, api_runners },
	{ "GET",  "/api/v1/runners/:id",         HTTP_PUBLIC, api_runner_get },
	{ "POST", "/api/v1/runners/:id/drift/ack", HTTP_ADMIN, api_runner_drift_ack },
	{ "GET",  "/api/v1/jobs",                HTTP_PUBLIC, api_jobs },
	{ "POST", "/api/v1/jobs",                HTTP_ADMIN,  api_job_submit },
	{ "GET",  "/api/v1/jobs/:id",            HTTP_PUBLIC, api_job },
	{ "GET",  "/api/v1/samples",             HTTP_PUBLIC, api_samples },
	{ "GET",  "/api/v1/metrics",             HTTP_PUBLIC, api_metrics },
	{ "POST", "/api/v1/runners/register",    HTTP_RUNNER, api_runner_register },
	{ "POST", "/api/v1/jobs/claim",          HTTP_RUNNER, api_job_claim },
	{ "POST", "/api/v1/jobs/:id/heartbeat",  HTTP_RUNNER, api_job_heartbeat },
	{ "POST", "/api/v1/jobs/:id/release",    HTTP_RUNNER, api_job_release },
	{ "POST", "/api/v1/jobs/:id/result",     HTTP_RUNNER, api_job_result,
	  &api_result_stream },
	{ "GET",  "/api/v1/builds",              HTTP_PUBLIC, api_builds },
	{ "GET",  "/api/v1/builds/:id",          HTTP_PUBLIC, api_build },
	{ "GET",  "/api/v1/builds/:id/log",      HTTP_PUBLIC, api_build_log },
	{ "GET",  "/api/v1/artifacts/download",  HTTP_PUBLIC, api_artifact_download },
	{ "POST", "/api/v1/jobs/:id/build",      HTTP_RUNNER, api_build_record },
	{ "POST", "/api/v1/jobs/:id/artifacts",  HTTP_RUNNER, api_artifact_link },
	{ "PUT",  "/api/v1/jobs/:id/artifacts",  HTTP_RUNNER, api_artifact_upload,
	  &api_artifact_stream },
	{ "GET",  "/api/v1/changes",             HTTP_PUBLIC, api_changes_list },
	{ "GET",  "/api/v1/changes/:id",         HTTP_PUBLIC, api_change_get },
	{ "POST", "/api/v1/changes/:id/triage",  HTTP_ADMIN,  api_change_triage },
	{ "GET",  "/api/v1/compare",             HTTP_PUBLIC, api_compare },
	{ "GET",  "/api/v1/noise",               HTTP_PUBLIC, api_noise },
	{ "GET",  "/reports",                    HTTP_PUBLIC, api_page_reports },
	{ "GET",  "/reports/:id",                HTTP_PUBLIC, api_page_report },
	{ "GET",  "/api/v1/reports",             HTTP_PUBLIC, api_reports_list },
	{ "GET",  "/api/v1/reports/:id",         HTTP_PUBLIC, api_report_get },
	{ "POST", "/api/v1/reports/:id/resend",  HTTP_ADMIN,  api_report_resend },
	{ "POST", "/api/v1/reports/:id/hold",    HTTP_ADMIN,  api_report_hold },
	{ "POST", "/api/v1/integrity-check",     HTTP_ADMIN,  api_integrity_check },
	{ "GET",  "/bisections",                 HTTP_PUBLIC, api_page_bisections },
	{ "GET",  "/bisections/:id",             HTTP_PUBLIC, api_page_bisection },
	{ "GET",  "/api/v1/confirmations",       HTTP_PUBLIC, api_confirmations },
	{ "GET",  "/api/v1/bisections",          HTTP_PUBLIC, api_bisections_list },
	{ "POST", "/api/v1/bisections",          HTTP_ADMIN,  api_bisection_start },
	{ "GET",  "/api/v1/bisections/:id",      HTTP_PUBLIC, api_bisection_get },
	{ "POST", "/api/v1/bisections/:id/cancel", HTTP_ADMIN, api_bisection_cancel },
	{ NULL },
};

const struct http_app api_app = { api_routes, pages_error };
