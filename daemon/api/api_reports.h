/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_reports.h - the reports kpcid sent (daemon/alert/alert.c) and their
 * delivery per recipient: list, one report, admin re-send and hold
 * (daemon/api/api_reports.c, docs/API.md); routes in daemon/api/routes.c.
 */
#ifndef KPCI_DAEMON_API_REPORTS_H
#define KPCI_DAEMON_API_REPORTS_H

#include "daemon/http/http.h"

/* GET /api/v1/reports?change=ID&limit=&offset= */
void api_reports_list(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/reports/:id: the report, its text and its recipients */
void api_report_get(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/reports/:id/resend {"recipient": ADDRESS (optional)} (admin) */
void api_report_resend(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/reports/:id/hold {"hold": true|false} (admin) */
void api_report_hold(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /reports and /reports/:id: the pages */
void api_page_reports(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_report(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
