/*
 * api_changes.h - the analysis API: changes, triage, comparisons and noise
 * models (daemon/api_changes.c, docs/API.md).  Routes in daemon/routes.c.
 */
#ifndef KPCI_DAEMON_API_CHANGES_H
#define KPCI_DAEMON_API_CHANGES_H

#include "daemon/http.h"

/* GET /api/v1/changes?state=&direction=&metric=&runner_class=&series=&group=&noisy= */
void api_changes_list(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/changes/:id, with the series points around the change */
void api_change_get(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/changes/:id/triage {state, note} (admin) */
void api_change_triage(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/compare?base=&head=&runner_class=&alpha= */
void api_compare(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/noise?runner_class= */
void api_noise(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
