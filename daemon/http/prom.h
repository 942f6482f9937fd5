/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prom.h - kpcid's own numbers for Prometheus (GET /metrics): HTTP
 * requests by status class and a latency histogram, analysis time, and,
 * read from the database at scrape time, jobs by state, queue depth and
 * runners.  The counters are lock-free atomics; observing is cheap.
 */
#ifndef KPCI_DAEMON_PROM_H
#define KPCI_DAEMON_PROM_H

#include <stddef.h>

#include "daemon/http/http.h"

/* Counts one answered request: its status and how long it took. */
void prom_request_observe(int status, double seconds);
/* Counts one analysis tick (a pass over the dirty series) and its time. */
void prom_analysis_observe(double seconds);
/* GET /metrics: the Prometheus text format (version 0.0.4). */
void api_prometheus(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
