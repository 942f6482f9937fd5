// SPDX-License-Identifier: GPL-2.0-only
/*
 * health.c - kpcid's health (see health.h): the integrity check of the
 * database and its result, the storage limits, analysis failures, and
 * the answers given when kpcid cannot store.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/http/health.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/mono.h"

#define HEALTH_WHY 1024             /* bytes of one reason */

enum health_integrity {
	HEALTH_UNCHECKED,           /* no check ran yet */
	HEALTH_CHECKING,
	HEALTH_WHOLE,
	HEALTH_DAMAGED,             /* the check found problems: kpcid stores nothing */
	HEALTH_UNCHECKABLE,         /* the check could not run */
};

static const char *const health_integrity_names[] = {
	"unchecked", "checking", "ok", "damaged", "error",
};

/* The last integrity check: its state, findings, when and why it ran. */
static struct {
	pthread_mutex_t mu;
	enum health_integrity state;
	char *report;
	long long at;               /* when the last check ended (0: none did) */
	long long started_at;       /* when the last (or the running) check began */
	double seconds;             /* how long the last check took */
	const char *when;           /* "at start", "on demand" */
	pthread_t thread;
	int running;                /* thread to join */
	int stop;                   /* tells a running check to stop (atomic) */
} health = { .mu = PTHREAD_MUTEX_INITIALIZER };

/* Runs the check and records its result; returns the state. */
static enum health_integrity health_check(struct kpcid *k, const char *when, char **report,
					  double *seconds)
{
	enum health_integrity state;
	double t0 = mono_now();
	char *found = NULL;
	int rc;

	pthread_mutex_lock(&health.mu);
	health.state = HEALTH_CHECKING;
	health.started_at = (long long)time(NULL);
	health.when = when;
	pthread_mutex_unlock(&health.mu);
	rc = db_integrity_check(k->db, &found, &health.stop);
	state = rc == DB_OK ? HEALTH_WHOLE : rc == DB_INVALID ? HEALTH_DAMAGED : HEALTH_UNCHECKABLE;
	*seconds = round((mono_now() - t0) * 1e3) / 1e3;   /* to the millisecond */
	if (state == HEALTH_WHOLE)
		db_corruption_clear();      /* what SQLite said before is past */
	pthread_mutex_lock(&health.mu);
	health.state = state;
	free(health.report);
	health.report = found ? strdup(found) : NULL;
	health.at = (long long)time(NULL);
	health.seconds = *seconds;
	pthread_mutex_unlock(&health.mu);
	if (state == HEALTH_WHOLE)
		log_info("db: integrity check %s: the database is whole (%.1f s)", when, *seconds);
	else if (state == HEALTH_DAMAGED)
		log_error("db: integrity check %s: the database is damaged, kpcid stores nothing "
			  "until it is repaired: %s", when, found ? found : "");
	else
		log_warn("db: integrity check %s could not run: %s", when, found ? found : "");
	if (report)
		*report = found;
	else
		free(found);
	return state;
}

static void *health_start_main(void *arg)
{
	double seconds;

	health_check(arg, "at start", NULL, &seconds);
	return NULL;
}

int health_start(struct kpcid *k)
{
	__atomic_store_n(&health.stop, 0, __ATOMIC_RELAXED);
	if (pthread_create(&health.thread, NULL, health_start_main, k) != 0)
		return -1;
	health.running = 1;
	return 0;
}

void health_stop(void)
{
	if (!health.running)
		return;
	__atomic_store_n(&health.stop, 1, __ATOMIC_RELAXED);
	pthread_join(health.thread, NULL);
	health.running = 0;
}

int health_can_store(struct kpcid *k, int *status, char *why, size_t n)
{
	char msg[HEALTH_WHY], report[HEALTH_WHY];
	struct db_storage st;
	long long min_free = kpcid_min_free(k), at;
	int s = 0;

	msg[0] = '\0';
	pthread_mutex_lock(&health.mu);
	if (health.state == HEALTH_DAMAGED) {
		s = 503;
		snprintf(msg, sizeof msg, "the database failed its integrity check (%s): %s; kpcid "
			 "stores nothing until it is repaired", health.when,
			 health.report ? health.report : "");
	}
	pthread_mutex_unlock(&health.mu);
	if (!s && (at = db_corruption_seen(report, sizeof report)) != 0) {
		s = 503;
		snprintf(msg, sizeof msg, "SQLite found the database damaged (%s); kpcid stores "
			 "nothing until an integrity check (POST /api/v1/integrity-check) finds "
			 "it whole", report);
	}
	if (!s && db_storage(k->db, &st) == DB_OK) {
		if (st.free_bytes < min_free) {
			s = 507;
			snprintf(msg, sizeof msg, "the disk holding the database has %lld MiB free, "
				 "under [storage] min_free_mb = %lld; kpcid stores nothing until there "
				 "is room", st.free_bytes >> 20, min_free >> 20);
		} else if (st.free_bytes == 0) {    /* full, whatever min_free_mb says */
			s = 507;
			snprintf(msg, sizeof msg, "the disk holding the database is full (0 bytes "
				 "free); kpcid stores nothing until there is room");
		}
	}
	if (status)
		*status = s;
	if (why && n)
		snprintf(why, n, "%s", msg);
	return s == 0;
}

int health_refuse_write(struct kpcid *k, struct http_resp *resp)
{
	char why[HEALTH_WHY];
	int status;

	if (health_can_store(k, &status, why, sizeof why))
		return 0;
	http_error(resp, status, "%s", why);
	return 1;
}

void health_fault_answer(struct http_resp *resp)
{
	char msg[256];

	switch (db_fault_take(msg, sizeof msg)) {
	case DB_FAULT_FULL:
		http_error(resp, 507, "kpcid cannot store: the disk holding its database is full "
			   "(SQLite: %s); nothing of this request was stored", msg);
		break;
	case DB_FAULT_CORRUPT:
		http_error(resp, 503, "kpcid cannot use its database: SQLite found it damaged "
			   "(%s); nothing of this request was stored", msg);
		break;
	case DB_FAULT_IO:
		http_error(resp, 503, "kpcid cannot use its database: the system refused a read "
			   "or write (SQLite: %s); nothing of this request was stored", msg);
		break;
	default:
		break;
	}
}

/* The retention part of the report: raw and folded samples, the fold's
 * progress, the file's free pages (only the key when they cannot be read). */
static json_t *health_retention_json(struct kpcid *k)
{
	struct db_fold_status f;

	if (db_fold_status(k->db, &f) != DB_OK)
		return json_pack("{s:I}", "fold_after_days", (json_int_t)kpcid_fold_days(k));
	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:b}",
			 "fold_after_days", (json_int_t)kpcid_fold_days(k),
			 "raw_samples", (json_int_t)(f.samples - f.rows),
			 "folded_rows", (json_int_t)f.rows,
			 "folded_iterations", (json_int_t)f.iterations,
			 "folded_jobs", (json_int_t)f.jobs, "next_job", (json_int_t)f.next_job,
			 "last_run_at", (json_int_t)f.last_run_at,
			 "last_fold_at", (json_int_t)f.last_fold_at,
			 "free_bytes", (json_int_t)f.free_bytes, "incremental_vacuum", f.incremental);
}

/* The integrity part of the report; appends a reason when it is not ok. */
static json_t *health_integrity_json(json_t *reasons)
{
	json_t *j;

	pthread_mutex_lock(&health.mu);
	j = json_pack("{s:s, s:s?, s:I, s:I, s:o, s:s?}", "state",
		      health_integrity_names[health.state], "when", health.when,
		      "started_at", (json_int_t)health.started_at, "checked_at",
		      (json_int_t)health.at, "seconds", health.at ? json_real(health.seconds) :
		      json_null(), "report", health.report);
	if (health.state == HEALTH_UNCHECKABLE)
		json_array_append_new(reasons, json_sprintf("the integrity check (%s) could not "
			"run: %s", health.when, health.report ? health.report : ""));
	pthread_mutex_unlock(&health.mu);
	return j;
}

void api_health(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *reasons = json_array(), *j, *integrity;
	char why[HEALTH_WHY];
	struct db_storage st = { 0 };
	long long failing = 0, series = 0;
	int ping = db_ping(k->db) == DB_OK, status = 0, can;

	(void)req;
	if (!ping)
		json_array_append_new(reasons, json_string("the database does not answer"));
	can = health_can_store(k, &status, why, sizeof why);
	if (!can)
		json_array_append_new(reasons, json_string(why));
	integrity = health_integrity_json(reasons);
	if (db_storage(k->db, &st) == DB_OK && st.wal_bytes > kpcid_max_wal(k))
		json_array_append_new(reasons, json_sprintf("the WAL is %lld MiB, over [storage] "
			"max_wal_mb = %lld: checkpoints do not keep up", st.wal_bytes >> 20,
			kpcid_max_wal(k) >> 20));
	if (db_series_failures(k->db, &failing, &series, why, sizeof why) == DB_OK && failing)
		json_array_append_new(reasons, json_sprintf("analysis failed for %lld series "
			"(skipped until they get new samples); the last, series %lld: %s",
			failing, series, why));
	j = json_pack("{s:s, s:s, s:s, s:b, s:o, s:o, s:{s:I, s:I, s:I}, s:{s:I}, s:o}",
		      "status", json_array_size(reasons) ? "degraded" : "ok",
		      "version", KPCI_VERSION, "db", ping ? "ok" : "error", "can_store", can,
		      "reasons", reasons, "integrity", integrity,
		      "storage", "db_bytes", (json_int_t)st.db_bytes,
		      "wal_bytes", (json_int_t)st.wal_bytes, "free_bytes", (json_int_t)st.free_bytes,
		      "analysis", "failing_series", (json_int_t)failing,
		      "retention", health_retention_json(k));
	/* 503 when kpcid cannot do its job (a load balancer takes it out);
	 * a degraded kpcid that can still store answers 200 */
	http_json(resp, ping && can ? 200 : 503, j);
}

void api_integrity_check(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	enum health_integrity state;
	char *report = NULL;
	double seconds;

	(void)req;
	state = health_check(k, "on demand", &report, &seconds);
	http_json(resp, state == HEALTH_UNCHECKABLE ? 500 : 200,
		  json_pack("{s:s, s:s?, s:f}", "integrity", health_integrity_names[state],
			    "report", report, "seconds", seconds));
	free(report);
}
