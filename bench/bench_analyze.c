// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_analyze.c - what an analysis pass of kpcid costs.
 *
 * 1. A pass when nothing is dirty, over a database of 100,000 clean
 *    series, against the same pass over 10 clean series: the two must be
 *    the same constant (the dirty list is a partial index; clean series
 *    are never read).
 * 2. A pass over N dirty series (N = 10, 100, 1,000) of BENCH_POINTS jobs
 *    x BENCH_ITERS iterations each, with a 5% step in the middle: the
 *    cost per dirty series, and that it grows linearly with N.
 * 3. The same in commit order (each job a commit on a branch), where each
 *    measured commit is also judged against the one before it and the
 *    verdicts are stored: 100 series of 200 commits, 1 of 10,000.
 *
 * The database is a real SQLite file in /tmp, filled with raw SQL (jobs,
 * results, environment, series, samples) for speed.  daemon/ is not in
 * libkpci.a: the Makefile links the analyzer's objects in.  Prints a
 * table; docs/analysis.md quotes it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "daemon/analyze/analyze.h"
#include "lib/log.h"
#include "lib/mono.h"

#define BENCH_CLEAN_BIG 100000      /* clean series in the big database */
#define BENCH_CLEAN_SMALL 10
#define BENCH_IDLE_PASSES 2000      /* idle passes timed */
#define BENCH_POINTS 200            /* jobs per dirty series */
#define BENCH_ITERS 5               /* iterations per job */
#define BENCH_LONG 10000            /* jobs (commits) of the long series */

static uint64_t bench_rng = 0x2545f4914f6cdd1dull;

static double bench_normal(void)
{
	double u, v;

	bench_rng ^= bench_rng >> 12;
	bench_rng ^= bench_rng << 25;
	bench_rng ^= bench_rng >> 27;
	u = (((bench_rng * 2685821657736338717ull) >> 11) + 0.5) * 0x1.0p-53;
	bench_rng ^= bench_rng >> 12;
	bench_rng ^= bench_rng << 25;
	bench_rng ^= bench_rng >> 27;
	v = (((bench_rng * 2685821657736338717ull) >> 11) + 0.5) * 0x1.0p-53;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static void bench_sql(sqlite3 *raw, const char *q)
{
	char *err = NULL;

	if (sqlite3_exec(raw, q, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "bench_analyze: %s: %s\n", q, err);
		exit(1);
	}
}

/* A fresh database at path with the jobs (njobs), results and
 * environment every series shares; with commits, each job measures a
 * commit of its own on a branch, in job order. */
static struct db *bench_open(sqlite3 **raw, const char *path, int njobs, int commits)
{
	char q[512];
	struct db *db = NULL;
	char *cause = NULL;

	unlink(path);
	if (db_open(&db, path, &cause) != DB_OK) {
		fprintf(stderr, "bench_analyze: %s\n", cause);
		exit(1);
	}
	sqlite3_open(path, raw);
	sqlite3_busy_timeout(*raw, 5000);
	bench_sql(*raw, "BEGIN; INSERT INTO metrics (suite, name, unit, direction) "
		  "VALUES ('b', 'm', 'ns', 'lower'); INSERT INTO environments (hash, "
		  "runner_class, env) VALUES ('h', 'c', '{}'); "
		  "COMMIT");
	snprintf(q, sizeof q, "BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
		 "FROM n WHERE i < %d) INSERT INTO jobs (id, kind, state, attempt, created_at, "
		 "commit_sha) SELECT i, 'bench', 'done', 1, 0, CASE WHEN %d THEN printf('%%040x', i) "
		 "END FROM n; INSERT INTO job_results (job_id, attempt, status, received_at) "
		 "SELECT id, 1, 'ok', 0 FROM jobs; COMMIT", njobs, commits);
	bench_sql(*raw, q);
	if (commits)
		bench_sql(*raw, "BEGIN; INSERT INTO trees (name, url, created_at) VALUES ('t', "
			  "'/t', 0); INSERT INTO branches (tree_id, name) VALUES (1, 'master'); "
			  "INSERT INTO commits (tree_id, sha) SELECT 1, commit_sha FROM jobs "
			  "ORDER BY id; INSERT INTO branch_commits (branch_id, position, commit_id) "
			  "SELECT 1, id - 1, id FROM commits; COMMIT");
	return db;
}

/* n series, dirty or clean, each of its own metric; dirty ones get
 * samples of `points` jobs with a step. */
static void bench_series(sqlite3 *raw, int n, int dirty, int points)
{
	static int calls;
	sqlite3_stmt *st;
	char q[256];

	calls++;
	bench_sql(raw, "BEGIN");
	/* One metric per series, as a suite with many metrics gives. */
	snprintf(q, sizeof q, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
		 "WHERE i < %d) INSERT INTO metrics (id, suite, name, unit, direction) "
		 "SELECT %d + i, 'b', 'm' || (%d + i), 'ns', 'lower' FROM n", n, calls * 1000000,
		 calls * 1000000);
	bench_sql(raw, q);
	snprintf(q, sizeof q, "INSERT INTO series (metric_id, runner_class, config_name, dirty) "
		 "SELECT id, 'c', '', %d FROM metrics WHERE id > %d", dirty, calls * 1000000);
	bench_sql(raw, q);
	if (dirty) {
		sqlite3_int64 first;

		sqlite3_prepare_v2(raw, "SELECT MIN(id) FROM series WHERE dirty = 1", -1, &st, NULL);
		sqlite3_step(st);
		first = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		sqlite3_prepare_v2(raw, "INSERT INTO samples (job_id, attempt, series_id, env_id, "
				   "iteration, value, created_at, commit_sha) VALUES (?1, 1, ?2 + ?3, "
				   "1, ?4, ?5, 0, (SELECT commit_sha FROM jobs WHERE id = ?1))",
				   -1, &st, NULL);
		for (int s = 0; s < n; s++)
			for (int j = 1; j <= points; j++)
				for (int it = 0; it < BENCH_ITERS; it++) {
					double level = j > points / 2 ? 1050 : 1000;

					sqlite3_bind_int(st, 1, j);
					sqlite3_bind_int64(st, 2, first);
					sqlite3_bind_int(st, 3, s);
					sqlite3_bind_int(st, 4, it);
					sqlite3_bind_double(st, 5, level * (1 + 0.01 * bench_normal()));
					sqlite3_step(st);
					sqlite3_reset(st);
				}
		sqlite3_finalize(st);
		/* The samples above went in after the series: dirty again. */
		bench_sql(raw, "UPDATE series SET dirty_at = 0 WHERE dirty = 1");
	}
	bench_sql(raw, "COMMIT");
	bench_sql(raw, "PRAGMA wal_checkpoint(TRUNCATE)");
}

/* Mean seconds of an idle pass. */
static double bench_idle(struct db *db, const struct analyze_params *p)
{
	struct analyze_stats st;
	double t0 = mono_now();

	for (int i = 0; i < BENCH_IDLE_PASSES; i++) {
		analyze_pass(db, p, &st);
		if (st.visited) {
			fprintf(stderr, "bench_analyze: an idle pass visited %zu series\n", st.visited);
			exit(1);
		}
	}
	return (mono_now() - t0) / BENCH_IDLE_PASSES;
}

int main(void)
{
	static const struct { int series, points, commits; } runs[] = {
		{ 10, BENCH_POINTS, 0 }, { 100, BENCH_POINTS, 0 }, { 1000, BENCH_POINTS, 0 },
		{ 100, BENCH_POINTS, 1 }, { 1, BENCH_LONG, 0 }, { 1, BENCH_LONG, 1 },
	};
	const char *path = getenv("BENCH_DB") ? getenv("BENCH_DB") : "/tmp/kpci-bench-analyze.db";
	struct analyze_params p;
	struct analyze_stats st;
	double small, big;
	sqlite3 *raw;
	struct db *db;
	char wal[64];

	setvbuf(stdout, NULL, _IOLBF, 0);
	log_set_level(LOG_WARN);
	analyze_params_default(&p);
	p.settle = 0;
	p.batch = 100000;

	printf("%-44s %12s\n", "idle pass (nothing dirty)", "us/pass");
	db = bench_open(&raw, path, BENCH_POINTS, 0);
	bench_series(raw, BENCH_CLEAN_SMALL, 0, 0);
	small = bench_idle(db, &p);
	printf("%-44s %12.2f\n", "10 clean series", small * 1e6);
	bench_series(raw, BENCH_CLEAN_BIG - BENCH_CLEAN_SMALL, 0, 0);
	big = bench_idle(db, &p);
	printf("%-44s %12.2f\n", "100,000 clean series", big * 1e6);
	printf("%-44s %12.2f\n", "ratio (constant: about 1)", big / small);
	sqlite3_close(raw);
	db_close(db);

	printf("\n%-14s %-7s %8s %12s %14s %14s\n", "dirty series", "order", "points",
	       "seconds", "ms/series", "changes");
	for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
		double t0;

		db = bench_open(&raw, path, runs[k].points, runs[k].commits);
		bench_series(raw, 1000, 0, 0);          /* clean neighbours */
		bench_series(raw, runs[k].series, 1, runs[k].points);
		t0 = mono_now();
		analyze_pass(db, &p, &st);
		t0 = mono_now() - t0;
		printf("%-14d %-7s %8d %12.3f %14.3f %14zu\n", runs[k].series,
		       runs[k].commits ? "commit" : "job", runs[k].points, t0,
		       1e3 * t0 / runs[k].series, st.changes);
		if ((int)st.visited != runs[k].series) {
			fprintf(stderr, "bench_analyze: visited %zu of %d\n", st.visited,
				runs[k].series);
			return 1;
		}
		sqlite3_close(raw);
		db_close(db);
	}
	unlink(path);
	snprintf(wal, sizeof wal, "%s-wal", path);
	unlink(wal);
	snprintf(wal, sizeof wal, "%s-shm", path);
	unlink(wal);
	return 0;
}
