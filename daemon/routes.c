/*
 * routes.c - every URL kpcid answers, in one table (after cgit's cmd.c).
 *
 * Patterns are matched in order; ":id" matches a positive integer that
 * the handler finds in req->params.  docs/API.md describes each route.
 */
#include <stdlib.h>

#include "daemon/api.h"
#include "daemon/kpcid.h"
#include "web/pages.h"

const struct http_route http_routes[] = {
	{ "GET",  "/",                           HTTP_PUBLIC, api_page_overview },
	{ "GET",  "/api/v1/health",              HTTP_PUBLIC, api_health },
	{ "GET",  "/api/v1/status",              HTTP_PUBLIC, api_status },
	{ "GET",  "/api/v1/trees",               HTTP_PUBLIC, api_trees },
	{ "GET",  "/api/v1/runners",             HTTP_PUBLIC, api_runners },
	{ "GET",  "/api/v1/jobs",                HTTP_PUBLIC, api_jobs },
	{ "POST", "/api/v1/jobs",                HTTP_ADMIN,  api_job_submit },
	{ "GET",  "/api/v1/jobs/:id",            HTTP_PUBLIC, api_job },
	{ "GET",  "/api/v1/samples",             HTTP_PUBLIC, api_samples },
	{ "GET",  "/api/v1/metrics",             HTTP_PUBLIC, api_metrics },
	{ "POST", "/api/v1/runners/register",    HTTP_RUNNER, api_runner_register },
	{ "POST", "/api/v1/jobs/claim",          HTTP_RUNNER, api_job_claim },
	{ "POST", "/api/v1/jobs/:id/heartbeat",  HTTP_RUNNER, api_job_heartbeat },
	{ "POST", "/api/v1/jobs/:id/result",     HTTP_RUNNER, api_job_result },
	{ NULL },
};

void api_page_overview(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	resp->content_type = "text/html; charset=utf-8";
	resp->status = page_overview(&resp->body, k->db) == 0 ? 200 : 500;
}
