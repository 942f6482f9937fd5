/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_bisect.h - bisections over the API and on the dashboard
 * (daemon/api/api_bisect.c, docs/API.md, docs/bisect.md): list, one
 * bisection with its probes, start one of a change and cancel one
 * (admin); the /bisections pages.  Routes in daemon/api/routes.c.
 */
#ifndef KPCI_DAEMON_API_BISECT_H
#define KPCI_DAEMON_API_BISECT_H

#include <jansson.h>

#include "daemon/http/http.h"

struct db;
struct rec_bisection;

/* GET /api/v1/bisections?state=&change=&limit=&offset= */
void api_bisections_list(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/bisections/:id: the bisection, its probes, log and result */
void api_bisection_get(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/bisections {"change": ID, "revert": BOOL} (admin): 201 */
void api_bisection_start(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/bisections/:id/cancel (admin) */
void api_bisection_cancel(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /bisections and /bisections/:id: the pages */
void api_page_bisections(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_bisection(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* The newest bisection of change_id's group in full, or NULL when there
 * is none (or it cannot be read): what the change's API object and page
 * show (caller owns: rec_bisection_dispose, then free). */
struct rec_bisection *api_bisection_of_change(struct db *db, long long change_id);

#endif
