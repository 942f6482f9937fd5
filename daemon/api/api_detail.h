/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_detail.h - the metric chart's data (a series with its releases,
 * change ranges and the same metric on other runner classes) and the
 * job detail (daemon/api/api_detail.c), for both the JSON API and the pages.
 */
#ifndef KPCI_DAEMON_API_DETAIL_H
#define KPCI_DAEMON_API_DETAIL_H

#include "daemon/http/http.h"
#include "lib/rec.h"
#include "lib/rec_series.h"

#define DETAIL_MAX_CLASSES 8        /* runner classes one chart overlays */
#define DETAIL_LOG_TAIL 16384       /* characters of each attempt's log shown */

/* What a chart shows of a series, as the query gives it (NULL: absent):
 * classes "A,B" (overlaid runner classes), from and to (a first-parent
 * position or a full commit id: the points in [from, to]). */
struct detail_query {
	const char *classes, *from, *to;
};

/*
 * The chart data of series id into *out (caller disposes; lib/rec.h):
 * the series with its tree and branch (the branch that orders it, NULL
 * when none), ordered_by ("commit" or "job", as its points are now), the
 * points in [from, to] (with their commits' subjects, authors and times
 * when details), the changes (with good_position, bad_position), the
 * segments (the stretches between changes, x as the chart places points:
 * sd is the spread of one point, from the noise model of the (runner
 * class, metric) when it knows the between-job spread, else from the
 * points), the releases, the sibling series on every runner class, the
 * classes drawn (selected) and the overlaid ones.
 * Returns 0, or an HTTP status with one sentence in *cause (malloc'd).
 */
int detail_series_of(struct rec_series *out, char **cause, struct kpcid *k, long long id,
		     const struct detail_query *q, int details);
/* detail_series_of with the query of req (?classes=, ?from=, ?to=). */
int detail_series(struct rec_series *out, char **cause, struct kpcid *k, long long id,
		  struct http_req *req, int details);
struct rec_job;
/* The job into *out (shape REC_JOB_DETAIL: its tree, attempts with log
 * tails, samples per series, build with artifacts and estimate; caller
 * disposes); 0, or an HTTP status with *cause set and *out empty. */
int detail_job(struct rec_job *out, char **cause, struct kpcid *k, long long id);

/* GET /jobs/:id: the job detail page. */
void api_page_job(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
