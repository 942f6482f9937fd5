/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_report.h - merge-window reports (daemon/api/api_report.c): the page
 * /trees/:name/windows/:name and its JSON under /api/v1.
 */
#ifndef KPCI_DAEMON_API_REPORT_H
#define KPCI_DAEMON_API_REPORT_H

#include "daemon/http/http.h"

/* GET /api/v1/trees/:name/windows/:name/report[?branch=&limit=&offset=] */
void api_window_report(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /trees/:name/windows/:name[?branch=&page=]: web/page_window.c */
void api_page_window(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
