/*
 * api_pages.h - handlers of the dashboard pages, of GET /api/v1/series/:id
 * and of GET /static/:name (daemon/api_pages.c).
 */
#ifndef KPCI_DAEMON_API_PAGES_H
#define KPCI_DAEMON_API_PAGES_H

#include "daemon/http.h"

#define PAGES_POINTS_AROUND 30      /* points shown each side of a change */

/* An HTML page saying what went wrong (msg, escaped), with status. */
void pages_error(struct http_resp *resp, int status, const char *msg);

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
