/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * chart.h - the metric chart's data for web/static/kpci.js, from a
 * series record as detail_series fills it (daemon/api/api_detail.c), for the
 * series page and the change page (web/chart.c).
 *
 * The chart JSON: {unit, better, title, x (the x axis' title), by_commit,
 * classes [{name, series_id, points [{x, job_id, value, min, max,
 * commit_sha, subject, author, time}], segments [{from, to, mean, sd,
 * sd_from}]}], changes [{id, class, direction, from, to}], releases
 * [{name, kind, position}] (null in job order), view [from, to] (the x
 * range shown first, when given)}.  x is the first-parent position in
 * commit order, the point's index in job order.
 */
#ifndef KPCI_WEB_CHART_H
#define KPCI_WEB_CHART_H

#include <stdio.h>

#include <jansson.h>

#include "lib/buf.h"
#include "lib/rec.h"
#include "lib/rec_series.h"

/* 1 when series s is in first-parent order. */
int chart_by_commit(const struct rec_series *s);
/* A point's x: its first-parent position in commit order, else its index. */
long long chart_x(const struct rec_point *p, int by_commit);
/* The chart of series s (caller owns); the x range [view_from, view_to]
 * is shown first when view_to > view_from >= 0. */
json_t *chart_of_series(const struct rec_series *s, long long view_from, long long view_to);
/* div.chart#id drawn from chart, embedded as <script id="ID-data">. */
void chart_div(struct buf *b, const char *id, const json_t *chart);

#endif
