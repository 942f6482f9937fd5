// SPDX-License-Identifier: GPL-2.0-only
/*
 * prom.c - the counters behind GET /metrics and their text exposition
 * (https://prometheus.io/docs/instrumenting/exposition_formats/).
 */
#include <stdio.h>
#include <time.h>

#include "daemon/http/cache.h"
#include "daemon/http/http_guard.h"
#include "daemon/http/http_work.h"
#include "daemon/http/prom.h"
#include "daemon/kpcid.h"
#include "db/db.h"

#define PROM_BUCKETS 12
#define PROM_CLASSES 6              /* status classes 0xx..5xx */

static const double prom_bounds[PROM_BUCKETS] = {
	0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
};
static unsigned long long prom_buckets[PROM_BUCKETS];   /* not cumulative */
static unsigned long long prom_requests[PROM_CLASSES];
static unsigned long long prom_request_us;              /* sum of latencies */
static unsigned long long prom_analysis_passes, prom_analysis_us;

void prom_request_observe(int status, double seconds)
{
	int cls = status / 100;

	if (cls < 0 || cls >= PROM_CLASSES)
		cls = 0;
	__atomic_add_fetch(&prom_requests[cls], 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&prom_request_us, (unsigned long long)(seconds * 1e6), __ATOMIC_RELAXED);
	for (int i = 0; i < PROM_BUCKETS; i++) {
		if (seconds <= prom_bounds[i]) {
			__atomic_add_fetch(&prom_buckets[i], 1, __ATOMIC_RELAXED);
			break;
		}
	}
}

void prom_analysis_observe(double seconds)
{
	__atomic_add_fetch(&prom_analysis_passes, 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&prom_analysis_us, (unsigned long long)(seconds * 1e6), __ATOMIC_RELAXED);
}

static unsigned long long prom_load(const unsigned long long *v)
{
	return __atomic_load_n(v, __ATOMIC_RELAXED);
}

static void prom_http(struct buf *b)
{
	unsigned long long total = 0, cum = 0;

	buf_adds(b, "# HELP kpcid_http_requests_total HTTP requests answered, by status class.\n"
		 "# TYPE kpcid_http_requests_total counter\n");
	for (int i = 1; i < PROM_CLASSES; i++) {
		buf_printf(b, "kpcid_http_requests_total{code=\"%dxx\"} %llu\n", i,
			   prom_load(&prom_requests[i]));
		total += prom_load(&prom_requests[i]);
	}
	total += prom_load(&prom_requests[0]);
	buf_adds(b, "# HELP kpcid_http_request_duration_seconds Time to answer a request.\n"
		 "# TYPE kpcid_http_request_duration_seconds histogram\n");
	for (int i = 0; i < PROM_BUCKETS; i++) {
		cum += prom_load(&prom_buckets[i]);
		buf_printf(b, "kpcid_http_request_duration_seconds_bucket{le=\"%g\"} %llu\n",
			   prom_bounds[i], cum);
	}
	buf_printf(b, "kpcid_http_request_duration_seconds_bucket{le=\"+Inf\"} %llu\n"
		   "kpcid_http_request_duration_seconds_sum %.6f\n"
		   "kpcid_http_request_duration_seconds_count %llu\n", total,
		   (double)prom_load(&prom_request_us) / 1e6, total);
}

static void prom_db(struct buf *b, struct db *db)
{
	static const char *const states[] = { "queued", "running", "done", "failed",
					      "cancelled", NULL };
	struct rec_status st;
	struct rec_runners runners;
	long long now = (long long)time(NULL), online = 0;
	size_t i;

	db_status(db, &st);         /* empty when it cannot be read: zeros */
	buf_adds(b, "# HELP kpcid_jobs Jobs by state.\n# TYPE kpcid_jobs gauge\n");
	for (i = 0; states[i]; i++)
		buf_printf(b, "kpcid_jobs{state=\"%s\"} %lld\n", states[i],
			   rec_status_jobs(&st, states[i]));
	buf_printf(b, "# HELP kpcid_queue_depth Jobs waiting for a runner.\n"
		   "# TYPE kpcid_queue_depth gauge\nkpcid_queue_depth %lld\n",
		   rec_status_jobs(&st, "queued"));
	if (db_runners_list(db, &runners, DB_MAX_LIST, 0) == DB_OK)
		for (i = 0; i < runners.n; i++)
			online += now - runners.v[i].last_seen <= REC_RUNNER_STALE;
	buf_printf(b, "# HELP kpcid_runners Registered runners.\n# TYPE kpcid_runners gauge\n"
		   "kpcid_runners %lld\n"
		   "# HELP kpcid_runners_online Runners seen in the last %d seconds.\n"
		   "# TYPE kpcid_runners_online gauge\nkpcid_runners_online %lld\n",
		   st.runners, REC_RUNNER_STALE, online);
	rec_status_dispose(&st);
	rec_runners_dispose(&runners);
}

/* The answer cache, the body budget, the header deadlines and the
 * handlers' queues. */
static void prom_limits(struct buf *b)
{
	unsigned long long hits, misses;

	cache_counts(&hits, &misses);
	buf_printf(b, "# HELP kpcid_cache_lookups_total Answer cache lookups, by result.\n"
		   "# TYPE kpcid_cache_lookups_total counter\n"
		   "kpcid_cache_lookups_total{result=\"hit\"} %llu\n"
		   "kpcid_cache_lookups_total{result=\"miss\"} %llu\n"
		   "# HELP kpcid_request_body_bytes Request bodies held in memory now.\n"
		   "# TYPE kpcid_request_body_bytes gauge\nkpcid_request_body_bytes %lld\n"
		   "# HELP kpcid_header_deadline_cuts_total Connections shut down for not "
		   "sending a header in time.\n"
		   "# TYPE kpcid_header_deadline_cuts_total counter\n"
		   "kpcid_header_deadline_cuts_total %llu\n"
		   "# HELP kpcid_http_waiting Requests waiting for a worker, by lane.\n"
		   "# TYPE kpcid_http_waiting gauge\n"
		   "kpcid_http_waiting{lane=\"control\"} %d\n"
		   "kpcid_http_waiting{lane=\"read\"} %d\n",
		   hits, misses, http_guard_held(), http_guard_cut(),
		   http_work_waiting(HTTP_LANE_CONTROL), http_work_waiting(HTTP_LANE_READ));
}

void api_prometheus(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct buf *b = &resp->body;

	prom_http(b);
	prom_limits(b);
	prom_db(b, k->db);
	buf_printf(b, "# HELP kpcid_analysis_passes_total Analysis passes (one a second).\n"
		   "# TYPE kpcid_analysis_passes_total counter\nkpcid_analysis_passes_total %llu\n"
		   "# HELP kpcid_analysis_seconds_total Time spent analysing.\n"
		   "# TYPE kpcid_analysis_seconds_total counter\nkpcid_analysis_seconds_total %.6f\n",
		   prom_load(&prom_analysis_passes),
		   (double)prom_load(&prom_analysis_us) / 1e6);
	resp->status = 200;
	resp->content_type = "text/plain; version=0.0.4; charset=utf-8";
	resp->cache_control = "no-store";
}
