/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_drift.h - one runner in detail and its environment drift
 * (db/db_drift.c): GET /api/v1/runners/:id, GET /runners/:id and the
 * admin's POST /api/v1/runners/:id/drift/ack.
 */
#ifndef KPCI_DAEMON_API_DRIFT_H
#define KPCI_DAEMON_API_DRIFT_H

#include "daemon/http/http.h"

void api_runner_get(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_runner_drift_ack(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_page_runner(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
