// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_confirm.c - what confirming a change before anyone is told costs
 * in boots, and what it buys in reports true, false and missed: merge
 * windows simulated through kpcid's own analyzer and confirmer
 * (daemon/analyze/analyze.c, daemon/analyze/confirm.c) on a real SQLite file, jobs
 * claimed and their results stored through db/ as a runner's would be.
 *
 * A window: a release, WIN_MERGES merges measured one after another as
 * they land (each the newest when its first job runs), then -rc1.  Six
 * metrics of one suite, lower is better.  Two steps planted at random
 * merges in random metrics, half of the windows with one of them at the
 * last merge (the newest-merge case): a big one (x1.6, as kpci's planted
 * kernel changes under emulation) and one of 6 between-job spreads.  A
 * job (one boot) draws a factor per metric, log-normal with the regime's
 * between-job spread, and its 3 iterations 1% each; in the noisy regimes
 * one boot in ten runs during a burst of host load and reads 30% slower
 * on every metric.  The runner takes the jobs in kpcid's claim order
 * (priority, then id), so confirmations interleave as they do for real.
 * (The compiled-code check has no mirror here: it says unknown and the
 * confirmation measures.)
 *
 * A report counts as true when a confirmed change is at a planted step's
 * merge, metric and direction; every other confirmed change is a false
 * report; a planted step without one is missed.  "late" counts the merges
 * measured after a step's merge before its change was confirmed (0: it
 * was confirmed while it was the newest merge).  Boots per window are
 * split into the routine jobs (one a commit), the analyzer's more jobs
 * and the confirmations' jobs; "null newest flagged" counts the merges
 * without a step whose newest-merge confirmation was opened, of all
 * merges without a step.  With [confirm] off the same windows give
 * the reports as the analysis finds them: every live change.
 * BENCH_CONFIRM_WINDOWS sets the windows per row (default 12).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "daemon/analyze/analyze.h"
#include "daemon/analyze/confirm.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"

#define WIN_MERGES 10               /* merges of a window */
#define WIN_COMMITS (WIN_MERGES + 2)    /* the release, the merges, -rc1 */
#define WIN_METRICS 6
#define WIN_STEPS 2
#define WIN_ITERATIONS 3
#define WIN_ITER_SD 0.01            /* between iterations of a job */
#define WIN_BURST_P 0.10            /* boots during a burst of host load */
#define WIN_BURST 0.30              /* what a burst adds */
#define WIN_MAX_ROUNDS 4000         /* jobs and passes of one merge at most */
#define WIN_DEFAULT_WINDOWS 12

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static double uniform(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (double)((rng * 2685821657736338717ULL) >> 11) * 0x1.0p-53;
}

static double gauss(void)
{
	double u = uniform();

	return sqrt(-2 * log(u > 1e-300 ? u : 1e-300)) * cos(2 * M_PI * uniform());
}

/* One planted step: from merge `merge` on, metric `metric` times factor. */
struct step {
	int merge;
	int metric;
	double factor;
};

/* One window: its database, commits, steps and regime. */
struct world {
	struct kpcid k;
	sqlite3 *raw;
	char path[256];
	long long runner_id;
	char sha[WIN_COMMITS][41];
	struct step steps[WIN_STEPS];
	double sd;                  /* between-job spread */
	int bursts;
	int found_at[WIN_STEPS];    /* the newest merge measured when confirmed; -1 */
};

/* What a row of windows found. */
struct tally {
	int windows, steps, found, missed, false_reports, late, at_newest, not_reproduced;
	int null_merges, null_flagged;
	long long routine, more, confirm, newest;
};

static int sql(struct world *w, const char *q)
{
	char *err = NULL;
	int rc = sqlite3_exec(w->raw, q, NULL, NULL, &err);

	if (rc != SQLITE_OK)
		fprintf(stderr, "bench_confirm: %s: %s\n", q, err ? err : "?");
	sqlite3_free(err);
	return rc == SQLITE_OK ? 0 : -1;
}

static long long sql_int(struct world *w, const char *q)
{
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_prepare_v2(w->raw, q, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* The tree: commits 0..WIN_COMMITS-1 on one branch, the release and -rc1
 * tagged, the merges marked as merges. */
static int world_tree(struct world *w, int n)
{
	char q[512];

	if (sql(w, "INSERT INTO trees (name, url, created_at) VALUES ('linux', 'file:///x', 0);"
		"INSERT INTO branches (tree_id, name) VALUES (1, 'master')") < 0)
		return -1;
	for (int i = 0; i < WIN_COMMITS; i++) {
		snprintf(w->sha[i], sizeof w->sha[i], "%08x%08x%024x", 0xbe0c0000u + (unsigned)n,
			 (unsigned)i, (unsigned)i * 2654435761u);
		snprintf(q, sizeof q, "INSERT INTO commits (tree_id, sha, merged_tip) VALUES (1, '%s', "
			 "%s); INSERT INTO branch_commits (branch_id, position, commit_id) VALUES "
			 "(1, %d, last_insert_rowid())", w->sha[i],
			 i > 0 && i <= WIN_MERGES ? "'tip'" : "NULL", i);
		if (sql(w, q) < 0)
			return -1;
	}
	snprintf(q, sizeof q, "INSERT INTO tags (tree_id, name, commit_sha, kind) VALUES "
		 "(1, 'v7.3', '%s', 'release'), (1, 'v7.4-rc1', '%s', 'rc')", w->sha[0],
		 w->sha[WIN_COMMITS - 1]);
	return sql(w, q);
}

static int world_open(struct world *w, int n, double sd, int bursts, int confirm)
{
	char *caps[] = { "bench" }, *boots[] = { "host" };
	struct rec_runner r = { .name = "lab-1", .runner_class = "sim", .capabilities = caps,
				.ncapabilities = 1, .boot_methods = boots, .nboot_methods = 1 };
	char *cause = NULL, *tok = NULL, role[8];
	long long rtok;
	int rc;

	memset(w, 0, sizeof *w);
	/* the same windows with confirmations on and off */
	rng = 0x2545f4914f6cdd1dULL ^ ((uint64_t)(n + 1) * 0x9e3779b97f4a7c15ULL) ^
	      (uint64_t)(sd * 1000) << 40;
	snprintf(w->path, sizeof w->path, "/tmp/kpci-bench-confirm.%d.db", (int)getpid());
	unlink(w->path);
	if (config_init(&w->k.cfg) < 0 || db_open(&w->k.db, w->path, &cause) != DB_OK ||
	    sqlite3_open(w->path, &w->raw) != SQLITE_OK) {
		fprintf(stderr, "bench_confirm: cannot open %s: %s\n", w->path, cause ? cause : "");
		free(cause);
		return -1;
	}
	sqlite3_busy_timeout(w->raw, 5000);
	w->k.cfg.analysis_settle_seconds = 0;
	/* as make run and the end-to-end test on emulated guests: steps many
	 * times the noise are judged however noisy the metric */
	w->k.cfg.analysis_max_noise_percent = 60;
	w->k.cfg.confirm_settle_seconds = 0;
	w->k.cfg.confirm_enabled = confirm;
	w->sd = sd;
	w->bursts = bursts;
	if (db_token_create(w->k.db, &tok, "runner", "r", "*", &cause) != DB_OK ||
	    db_token_check(w->k.db, tok, role, &rtok) != DB_OK)
		return -1;
	free(tok);
	r.topology = json_object();
	rc = db_runner_register(w->k.db, &w->runner_id, rtok, &r, &cause);
	json_decref(r.topology);
	free(cause);
	if (rc != DB_OK || world_tree(w, n) < 0)
		return -1;
	/* two steps in two metrics; in half of the windows one at the last merge */
	w->steps[0].merge = n % 2 ? WIN_MERGES : 1 + (int)(uniform() * WIN_MERGES);
	w->steps[0].metric = (int)(uniform() * WIN_METRICS);
	w->steps[0].factor = uniform() < 0.5 ? 1.6 : 0.6;
	do {
		w->steps[1].merge = 1 + (int)(uniform() * WIN_MERGES);
		w->steps[1].metric = (int)(uniform() * WIN_METRICS);
	} while (w->steps[1].metric == w->steps[0].metric);
	w->steps[1].factor = exp((uniform() < 0.5 ? 6 : -6) * fmax(sd, 0.02));
	w->found_at[0] = w->found_at[1] = -1;
	return 0;
}

static void world_close(struct world *w)
{
	sqlite3_close(w->raw);
	db_close(w->k.db);
	config_dispose(&w->k.cfg);
	unlink(w->path);
	{
		char side[300];

		snprintf(side, sizeof side, "%s-wal", w->path);
		unlink(side);
		snprintf(side, sizeof side, "%s-shm", w->path);
		unlink(side);
	}
}

/* A routine bench job of commit c (what a build of a candidate queues). */
static int world_submit(struct world *w, int c)
{
	json_t *spec = json_pack("{s:s, s:s, s:i}", "suite", "sim", "boot", "host", "iterations",
				 WIN_ITERATIONS);
	char q[256];
	long long id = 0;
	int rc = db_job_submit(w->k.db, &id, "bench", spec, NULL, 0, 3);

	json_decref(spec);
	if (rc != DB_OK)
		return -1;
	snprintf(q, sizeof q, "UPDATE jobs SET commit_sha = '%s', tree_id = 1 WHERE id = %lld",
		 w->sha[c], id);
	return sql(w, q);
}

/* The commit index of sha, or -1. */
static int world_commit(const struct world *w, const char *sha)
{
	for (int i = 0; sha && i < WIN_COMMITS; i++)
		if (!strcmp(w->sha[i], sha))
			return i;
	return -1;
}

/* Claims the next job and stores its result; 0 none, 1 one, -1 error. */
static int world_run_one(struct world *w)
{
	struct proto_result r = { 0 };
	struct proto_job job = { 0 };
	char q[128], *cause = NULL, sha[48] = "";
	double burst;
	int c, dup, rc;
	sqlite3_stmt *st;

	if (db_job_claim(w->k.db, &job, w->runner_id, 600) != DB_OK)
		return -1;
	if (!job.id)
		return 0;
	snprintf(q, sizeof q, "SELECT commit_sha FROM jobs WHERE id = %lld", job.id);
	if (sqlite3_prepare_v2(w->raw, q, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(sha, sizeof sha, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	c = world_commit(w, sha);
	burst = w->bursts && uniform() < WIN_BURST_P ? 1 + WIN_BURST : 1;
	r.job_id = job.id;
	r.attempt = job.attempt;
	r.status = strdup("ok");
	r.env = json_pack("{s:s}", "kernel_release", "7.4.0");
	for (int m = 0; m < WIN_METRICS; m++) {
		char name[16];
		double level = 100 * (m + 1) * burst * exp(w->sd * gauss());

		for (int s = 0; s < WIN_STEPS; s++)
			if (w->steps[s].metric == m && c >= w->steps[s].merge)
				level *= w->steps[s].factor;
		snprintf(name, sizeof name, "metric-%d", m);
		for (int it = 0; it < WIN_ITERATIONS; it++)
			proto_result_add(&r, "sim", name, "ns", 0, it,
					 level * exp(WIN_ITER_SD * gauss()));
	}
	rc = db_job_result(w->k.db, w->runner_id, &r, &dup, &cause);
	free(cause);
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	return rc == DB_OK ? 1 : -1;
}

/* Which planted steps are confirmed (a live confirmed change at its merge,
 * metric and direction) now that `newest` is the newest merge measured. */
static void world_found(struct world *w, int newest)
{
	for (int s = 0; s < WIN_STEPS; s++) {
		char q[512];

		if (w->found_at[s] >= 0)
			continue;
		snprintf(q, sizeof q, "SELECT count(*) FROM changes c JOIN series se ON se.id = "
			 "c.series_id JOIN metrics m ON m.id = se.metric_id WHERE c.withdrawn_at IS "
			 "NULL AND se.noisy = 0 AND (c.confirm = 'confirmed' OR %d = 0) AND "
			 "m.name = 'metric-%d' AND "
			 "c.bad_sha = '%s' AND c.direction = '%s'", w->k.cfg.confirm_enabled,
			 w->steps[s].metric, w->sha[w->steps[s].merge],
			 w->steps[s].factor > 1 ? "regression" : "improvement");
		if (sql_int(w, q) > 0)
			w->found_at[s] = newest;
	}
}

/* Measures commit c as it lands: its job, then everything the analyzer
 * and the confirmer ask for, until nothing is left. */
static int world_land(struct world *w, int c)
{
	struct analyze_params p;
	struct analyze_stats st;
	int idle = 0;

	analyze_params_from_config(&p, &w->k.cfg);
	if (world_submit(w, c) < 0)
		return -1;
	for (int round = 0; round < WIN_MAX_ROUNDS && idle < 2; round++) {
		int ran = world_run_one(w);

		if (ran < 0 || analyze_pass(w->k.db, &p, &st) < 0)
			return -1;
		confirm_pass(&w->k);
		world_found(w, c);
		idle = ran ? 0 : idle + 1;
	}
	return 0;
}

/* The window's planted steps and its reported changes, for a reader. */
static void world_show(struct world *w)
{
	sqlite3_stmt *st;

	for (int s = 0; s < WIN_STEPS; s++)
		fprintf(stderr, "  planted: metric-%d x%.2f at merge %d\n", w->steps[s].metric,
			w->steps[s].factor, w->steps[s].merge);
	if (sqlite3_prepare_v2(w->raw, "SELECT m.name, c.direction, c.good_sha, c.bad_sha, "
			       "IFNULL(c.confirm_reason, c.reason) FROM changes c JOIN series se ON "
			       "se.id = c.series_id JOIN metrics m ON m.id = se.metric_id WHERE "
			       "c.withdrawn_at IS NULL", -1, &st, NULL) != SQLITE_OK)
		return;
	while (sqlite3_step(st) == SQLITE_ROW)
		fprintf(stderr, "  live: %s %s at %d..%d: %s\n", sqlite3_column_text(st, 0),
			sqlite3_column_text(st, 1),
			world_commit(w, (const char *)sqlite3_column_text(st, 2)),
			world_commit(w, (const char *)sqlite3_column_text(st, 3)),
			sqlite3_column_text(st, 4));
	sqlite3_finalize(st);
}

static void world_tally(struct world *w, struct tally *t)
{
	char q[512];
	long long good;

	t->windows++;
	for (int s = 0; s < WIN_STEPS; s++) {
		t->steps++;
		if (w->found_at[s] < 0) {
			t->missed++;
			continue;
		}
		t->found++;
		t->late += w->found_at[s] - w->steps[s].merge;
		t->at_newest += w->found_at[s] == w->steps[s].merge;
	}
	snprintf(q, sizeof q, "SELECT count(*) FROM changes c JOIN series se ON se.id = "
		 "c.series_id WHERE c.withdrawn_at IS NULL AND se.noisy = 0 AND c.kind = 'perf' "
		 "AND c.bad_sha IS NOT NULL AND (c.confirm = 'confirmed' OR %d = 0)",
		 w->k.cfg.confirm_enabled);
	good = sql_int(w, q);
	for (int s = 0; s < WIN_STEPS; s++)
		good -= w->found_at[s] >= 0;
	if ((good > 0 || w->found_at[0] < 0 || w->found_at[1] < 0) &&
	    getenv("BENCH_CONFIRM_VERBOSE"))
		world_show(w);
	t->false_reports += (int)(good > 0 ? good : 0);
	t->not_reproduced += (int)sql_int(w, "SELECT count(*) FROM changes WHERE confirm = "
					 "'not-reproduced'");
	t->confirm += sql_int(w, "SELECT count(*) FROM confirmation_jobs");
	for (int i = 1; i <= WIN_MERGES; i++) {
		int planted = 0;

		for (int s = 0; s < WIN_STEPS; s++)
			planted |= w->steps[s].merge == i;
		if (planted)
			continue;
		t->null_merges++;
		snprintf(q, sizeof q, "SELECT count(*) FROM confirmations WHERE opened_by LIKE "
			 "'the newest%%' AND bad_sha = '%s'", w->sha[i]);
		t->null_flagged += sql_int(w, q) > 0;
	}
	t->newest += sql_int(w, "SELECT count(*) FROM confirmation_jobs cj JOIN confirmations co "
			     "ON co.id = cj.confirmation_id WHERE co.opened_by LIKE 'the newest%'");
	t->more += sql_int(w, "SELECT count(*) FROM measure_requests");
	t->routine += sql_int(w, "SELECT count(*) FROM jobs") -
		      sql_int(w, "SELECT count(*) FROM confirmation_jobs") -
		      sql_int(w, "SELECT count(*) FROM measure_requests");
}

static int row(const char *name, double sd, int bursts, int confirm, int windows)
{
	struct tally t = { 0 };

	for (int n = 0; n < windows; n++) {
		struct world w;

		if (world_open(&w, n, sd, bursts, confirm) < 0)
			return -1;
		for (int c = 0; c < WIN_COMMITS; c++)
			if (world_land(&w, c) < 0) {
				world_close(&w);
				return -1;
			}
		world_tally(&w, &t);
		world_close(&w);
	}
	printf("| %-22s | %4s | %5.1f%% | %3s | %d/%d | %d | %d | %.1f | %d | %d/%d | %.1f | "
	       "%.1f | %.1f | %.1f (%.1f) |\n", name, confirm ? "on" : "off", 100 * sd,
	       bursts ? "yes" : "no", t.found, t.steps, t.false_reports, t.missed,
	       t.found ? (double)t.late / t.found : 0.0, t.at_newest, t.null_flagged,
	       t.null_merges,
	       (double)t.not_reproduced / t.windows, (double)t.routine / t.windows,
	       (double)t.more / t.windows, (double)t.confirm / t.windows,
	       (double)t.newest / t.windows);
	fflush(stdout);
	return 0;
}

int main(void)
{
	const char *env = getenv("BENCH_CONFIRM_WINDOWS");
	long windows = env ? strtol(env, NULL, 10) : 0;
	static const struct { const char *name; double sd; int bursts; } regimes[] = {
		{ "quiet (hardware)", 0.02, 0 },
		{ "noisy", 0.10, 1 },
		{ "TCG under load", 0.20, 1 },
	};

	if (windows < 1 || windows > 10000)
		windows = WIN_DEFAULT_WINDOWS;
	log_set_level(LOG_ERROR);
	printf("%ld windows a row, %d merges each, %d metrics, 2 planted steps a window\n\n",
	       windows, WIN_MERGES, WIN_METRICS);
	printf("| regime | confirm | between jobs | bursts | true | false | missed | late "
	       "(merges) | at newest | null newest flagged | not reproduced /window | routine "
	       "boots /window | more /window | confirmation boots /window (of the newest "
	       "merges) |\n"
	       "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof regimes / sizeof regimes[0]; i++)
		for (int confirm = 1; confirm >= 0; confirm--)
			if (row(regimes[i].name, regimes[i].sd, regimes[i].bursts, confirm,
				(int)windows) < 0)
				return 1;
	return 0;
}
