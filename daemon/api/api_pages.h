/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_pages.h - handlers of the dashboard pages, of GET /api/v1/series/:id
 * and of GET /static/:name (daemon/api/api_pages.c).
 */
#ifndef KPCI_DAEMON_API_PAGES_H
#define KPCI_DAEMON_API_PAGES_H

#include "daemon/http/http.h"

/* An HTML page saying what went wrong (msg, escaped), with status. */
void pages_error(struct http_resp *resp, int status, const char *msg);
/* The JSON error answer an http_* reader left in resp ({"error": ...})
 * as the HTML error page, with its status. */
void pages_from_json_error(struct http_resp *resp);
/* api_cached() for a page: a refusal it answered (503, no build slot came)
 * becomes the HTML error page.  1 when resp holds the answer. */
int pages_cached(struct kpcid *k, struct http_req *req, struct http_resp *resp,
		 const char *const *tables);
/* ?page=N, 1 to max (default 1); -1 after an error page ("query parameter
 * page: 'x' is not a number from 1 to MAX"). */
int pages_number(struct http_req *req, struct http_resp *resp, long long max, int *page);

void api_page_runners(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_jobs(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_changes(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_change(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_series(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_tree(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_compare(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /series?q=&page=: the metrics index. */
void api_page_metrics(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/series/:id: the series, its metric, all its points and changes. */
void api_series(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /static/:name: one file of a fixed table, cached for a year. */
void api_static(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
