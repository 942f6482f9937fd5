/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_changes.h - the analysis API: changes, triage, comparisons and noise
 * models (daemon/api/api_changes.c, docs/API.md).  Routes in daemon/api/routes.c.
 */
#ifndef KPCI_DAEMON_API_CHANGES_H
#define KPCI_DAEMON_API_CHANGES_H

#include "daemon/http/http.h"

struct db_change_filter;
struct rec_change;
/* Reads and checks the filters of the change list from req's query into
 * *f (strings borrowed from req); -1 after a 400 response. */
int api_change_filter(struct http_req *req, struct http_resp *resp, struct db_change_filter *f);
/* GET /api/v1/changes?state=&direction=&metric=&runner_class=&series=&group=&noisy= */
void api_changes_list(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* Change id as GET /api/v1/changes/:id shows it into *out (full, caller
 * disposes): the stored change with its points (the series around it),
 * noise, place (db_change_place), group (the changes of its commit
 * range), title, summary_text and bisection.  DB_OK, DB_NOTFOUND or
 * DB_ERR. */
int api_change_full(struct rec_change *out, struct kpcid *k, long long id);
/* GET /api/v1/changes/:id: api_change_full */
void api_change_get(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* POST /api/v1/changes/:id/triage {state, note} (admin) */
void api_change_triage(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/compare?base=&head=&runner_class=&alpha= */
void api_compare(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/noise?runner_class= */
void api_noise(struct kpcid *k, struct http_req *req, struct http_resp *resp);
/* GET /api/v1/confirmations?change= : the confirmations, newest first, or
 * the one of a change, with their jobs per side */
void api_confirmations(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
