// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_ingest.c - samples per second through kpcid's result endpoint,
 * beside the ceiling: raw SQLite inserts of the same rows into the same
 * schema, in one transaction, in the same run.
 *
 *   bench_ingest URL RUNNER_TOKEN ADMIN_TOKEN DB RUNNERS UPLOADS METRICS ITERATIONS PID
 *
 * RUNNERS runners (each its own runner class, so METRICS x RUNNERS
 * series) register; ADMIN_TOKEN queues RUNNERS x UPLOADS jobs; each
 * runner claims its UPLOADS jobs.  Then, timed, one thread per runner
 * posts its results (METRICS x ITERATIONS samples each) as kpci-runner
 * does: JSON over HTTP, kpcid storing each in one transaction.
 *
 * The ceiling: the sample rows kpcid stored, read back from DB, written
 * as INSERT statements in one transaction and run by the sqlite3 program
 * on a copy of the database as it is after the uploads without their
 * samples: the same rows, from text, straight into SQLite, under the
 * same constraints (foreign keys on, as kpcid's connection has them:
 * each sample's job, series, environment and runner are checked, so the
 * series and environments the uploads made are in the copy).  Goal: the endpoint at
 * >= 0.7 of its rate.  Beside it, the floor of SQLite itself: one
 * prepared INSERT bound row by row (CPU time).  The clients run on the
 * same machine, so kpcid's own CPU time (PID) per sample is shown too.
 * Prints "ingest_ok 1" when every upload was stored.  Run by
 * bench/bench_load.sh.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "lib/client.h"
#include "lib/mono.h"
#include "lib/proto.h"
#include "lib/spawn.h"

struct bench_runner {
	const char *url, *token;
	int index, uploads, metrics, iterations;
	long long runner_id;
	long long *jobs;            /* claimed: job ids, attempt 1 */
	int failed;
};

/* CPU seconds (user and system) process pid has used. */
static double bench_cpu(const char *pid)
{
	char path[64], line[1024], *p;
	unsigned long long ut = 0, st = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%s/stat", pid);
	if (!(f = fopen(path, "r")))
		return 0;
	if (!fgets(line, sizeof line, f) || !(p = strrchr(line, ')')) ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		ut = st = 0;
	fclose(f);
	return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* POSTs body to path; the status, 0 when no answer came. */
static long bench_post(struct client *c, const char *path, json_t *body, json_t **answer)
{
	char *cause = NULL;
	long status = 0;

	*answer = NULL;
	if (client_call(c, "POST", path, body, &status, answer, &cause) < 0) {
		fprintf(stderr, "bench_ingest: POST %s: %s\n", path, cause ? cause : "no answer");
		status = 0;
	}
	free(cause);
	return status;
}

/* Registers runner r and claims its jobs. */
static int bench_setup(struct bench_runner *r)
{
	struct client c;
	char *cause = NULL, name[64], cls[64];
	json_t *ans = NULL, *body;
	int rc = -1;

	if (client_init(&c, r->url, r->token, &cause) < 0) {
		fprintf(stderr, "bench_ingest: %s\n", cause);
		free(cause);
		return -1;
	}
	snprintf(name, sizeof name, "ingest-%d", r->index);
	snprintf(cls, sizeof cls, "ingest-%d", r->index);
	body = json_pack("{s:s, s:s, s:[s], s:[s]}", "name", name, "runner_class", cls,
			 "capabilities", "bench", "boot_methods", "host");
	if (bench_post(&c, "/api/v1/runners/register", body, &ans) == 200) {
		r->runner_id = json_integer_value(json_object_get(ans, "runner_id"));
		rc = 0;
	}
	json_decref(body);
	json_decref(ans);
	for (int i = 0; rc == 0 && i < r->uploads; i++) {
		body = json_pack("{s:I}", "runner_id", (json_int_t)r->runner_id);
		if (bench_post(&c, "/api/v1/jobs/claim", body, &ans) == 200)
			r->jobs[i] = json_integer_value(json_object_get(json_object_get(ans, "job"),
								       "id"));
		else
			rc = -1;
		json_decref(body);
		json_decref(ans);
	}
	client_dispose(&c);
	return rc;
}

/* The timed part of runner r: its results, one after the other. */
static void *bench_upload(void *arg)
{
	struct bench_runner *r = arg;
	struct client c;
	char *cause = NULL, path[64], metric[32];

	if (client_init(&c, r->url, r->token, &cause) < 0) {
		free(cause);
		r->failed = r->uploads;
		return NULL;
	}
	for (int u = 0; u < r->uploads; u++) {
		struct proto_result res = { .job_id = r->jobs[u], .attempt = 1 };
		json_t *body, *ans = NULL;

		res.status = strdup("ok");
		res.env = json_pack("{s:s}", "kernel_release", "6.12.0");
		for (int m = 0; m < r->metrics; m++) {
			snprintf(metric, sizeof metric, "m%05d", m);
			for (int i = 0; i < r->iterations; i++)
				proto_result_add(&res, "ingest", metric, "ns", 0, i,
						 100.0 + m + (double)((u * 7 + i) % 13) / 10);
		}
		body = proto_result_encode(&res);
		json_object_set_new(body, "runner_id", json_integer(r->runner_id));
		snprintf(path, sizeof path, "/api/v1/jobs/%lld/result", r->jobs[u]);
		if (bench_post(&c, path, body, &ans) != 200 ||
		    json_integer_value(json_object_get(ans, "samples")) !=
		    (json_int_t)res.nsamples)
			r->failed++;
		json_decref(ans);
		json_decref(body);
		proto_result_dispose(&res);
	}
	client_dispose(&c);
	return NULL;
}

/* A positive number from the command line, or exits. */
static int bench_int(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v <= 0 || v > 1000000) {
		fprintf(stderr, "bench_ingest: '%s' is not a positive number\n", s);
		exit(2);
	}
	return (int)v;
}

/* CPU seconds of the calling thread (the ceiling runs on one). */
static double bench_cpu_self(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int bench_exec(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "bench_ingest: %s: %s\n", sql, err ? err : "?");
		sqlite3_free(err);
		return -1;
	}
	return 0;
}

/*
 * The ceiling: the rows of samples newer than first_id in kpcid's
 * database, inserted into copy (the database before the uploads) in one
 * transaction.  Returns the CPU seconds the inserts and the commit took
 * (they are bound by CPU: the WAL is not synced until a checkpoint), or
 * -1.  *n gets the row count.
 */
static double bench_floor(const char *db, const char *copy, long long first_id, long long *n,
			  const char *sql_path)
{
	sqlite3 *src = NULL, *dst = NULL;
	sqlite3_stmt *rd = NULL, *ins = NULL;
	double t0, t = -1;

	*n = 0;
	if (sqlite3_open_v2(db, &src, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
	    sqlite3_open(copy, &dst) != SQLITE_OK ||
	    bench_exec(dst, "PRAGMA journal_mode = WAL") < 0 ||
	    bench_exec(dst, "PRAGMA synchronous = NORMAL") < 0 ||
	    sqlite3_prepare_v2(src, "SELECT job_id, attempt, series_id, env_id, runner_id, "
			       "commit_sha, iteration, value, created_at FROM samples "
			       "WHERE id > ? ORDER BY id", -1, &rd, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(dst, "INSERT INTO samples (job_id, attempt, series_id, env_id, "
			       "runner_id, commit_sha, iteration, value, created_at) "
			       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &ins, NULL) != SQLITE_OK)
		goto out;
	/* the rows, read first, so that only the inserts are timed */
	sqlite3_bind_int64(rd, 1, first_id);
	{
		size_t cap = 1 << 16;
		struct { long long v[7]; double value; } *rows = malloc(cap * sizeof *rows);

		while (rows && sqlite3_step(rd) == SQLITE_ROW) {
			if ((size_t)*n == cap) {
				void *more = realloc(rows, 2 * cap * sizeof *rows);

				if (!more)
					break;
				rows = more;
				cap *= 2;
			}
			for (int c = 0; c < 5; c++)
				rows[*n].v[c] = sqlite3_column_int64(rd, c);
			rows[*n].v[5] = sqlite3_column_int64(rd, 6);
			rows[*n].v[6] = sqlite3_column_int64(rd, 8);
			rows[*n].value = sqlite3_column_double(rd, 7);
			(*n)++;
		}
		/* the same rows as SQL text, for the sqlite3 program */
		{
			FILE *f = fopen(sql_path, "w");

			if (f) {
				fputs("PRAGMA journal_mode = WAL;\nPRAGMA synchronous = NORMAL;\n"
				      "PRAGMA foreign_keys = ON;\nBEGIN;\n", f);
				for (long long i = 0; rows && i < *n; i++)
					fprintf(f, "INSERT INTO samples (job_id, attempt, series_id, env_id, "
						"runner_id, commit_sha, iteration, value, created_at) VALUES "
						"(%lld, %lld, %lld, %lld, %lld, NULL, %lld, %.17g, %lld);\n",
						rows[i].v[0], rows[i].v[1], rows[i].v[2], rows[i].v[3],
						rows[i].v[4], rows[i].v[5], rows[i].value, rows[i].v[6]);
				fputs("COMMIT;\n", f);
				fclose(f);
			}
		}
		t0 = bench_cpu_self();
		bench_exec(dst, "BEGIN");
		for (long long i = 0; rows && i < *n; i++) {
			for (int c = 0; c < 5; c++)
				sqlite3_bind_int64(ins, c + 1, rows[i].v[c]);
			sqlite3_bind_null(ins, 6);
			sqlite3_bind_int64(ins, 7, rows[i].v[5]);
			sqlite3_bind_double(ins, 8, rows[i].value);
			sqlite3_bind_int64(ins, 9, rows[i].v[6]);
			if (sqlite3_step(ins) != SQLITE_DONE) {
				fprintf(stderr, "bench_ingest: raw insert: %s\n", sqlite3_errmsg(dst));
				break;
			}
			sqlite3_reset(ins);
		}
		if (bench_exec(dst, "COMMIT") == 0 && rows)
			t = bench_cpu_self() - t0;
		free(rows);
	}
out:
	if (t < 0 && dst)
		fprintf(stderr, "bench_ingest: raw part: %s\n", sqlite3_errmsg(dst));
	sqlite3_finalize(rd);
	sqlite3_finalize(ins);
	sqlite3_close(src);
	sqlite3_close(dst);
	return t;
}

/*
 * The ceiling's database: db after the uploads without the samples they
 * stored (id > first_id), so that the rows those samples refer to (the
 * series, environments and metrics the uploads made) are there for the
 * foreign-key checks.  0, or -1.
 */
static int bench_parents(const char *db, const char *copy, long long first_id)
{
	char sql[4400];
	sqlite3 *src = NULL, *dst = NULL;
	int rc = -1;

	snprintf(sql, sizeof sql, "VACUUM INTO '%s'", copy);
	if (sqlite3_open_v2(db, &src, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    bench_exec(src, sql) == 0 && sqlite3_open(copy, &dst) == SQLITE_OK) {
		snprintf(sql, sizeof sql, "DELETE FROM samples WHERE id > %lld; VACUUM", first_id);
		rc = bench_exec(dst, sql);
	}
	sqlite3_close(src);
	sqlite3_close(dst);
	return rc;
}

/* Seconds the sqlite3 program takes to run sql_path on copy; -1. */
static double bench_cli(const char *copy, const char *sql_path)
{
	char read[4200], *cause = NULL;
	char *argv[] = { "sqlite3", (char *)(uintptr_t)copy, read, NULL };
	double t0 = mono_now();

	snprintf(read, sizeof read, ".read %s", sql_path);
	if (spawn_run(argv, NULL, 600, &cause) < 0) {
		fprintf(stderr, "bench_ingest: sqlite3: %s\n", cause ? cause : "failed");
		free(cause);
		return -1;
	}
	return mono_now() - t0;
}

int main(int argc, char **argv)
{
	struct bench_runner *r;
	pthread_t *threads;
	sqlite3 *db = NULL;
	long long first_id = 0, rows = 0, total;
	char copy[4096], copy2[4200], sqlfile[4200], sql[4300];
	struct client admin;
	char *cause = NULL;
	int nr, failed = 0;
	double t0, t_http, t_raw, t_cli = -1, cpu0, cpu;

	if (argc != 10) {
		fprintf(stderr, "usage: bench_ingest URL RUNNER_TOKEN ADMIN_TOKEN DB RUNNERS "
			"UPLOADS METRICS ITERATIONS KPCID_PID\n");
		return 2;
	}
	nr = bench_int(argv[5]);
	r = calloc((size_t)nr, sizeof *r);
	threads = calloc((size_t)nr, sizeof *threads);
	if (!r || !threads || client_init(&admin, argv[1], argv[3], &cause) < 0)
		return 1;
	for (int i = 0; i < nr; i++) {
		r[i] = (struct bench_runner){ .url = argv[1], .token = argv[2], .index = i,
					      .uploads = bench_int(argv[6]),
					      .metrics = bench_int(argv[7]),
					      .iterations = bench_int(argv[8]) };
		r[i].jobs = calloc((size_t)r[i].uploads, sizeof *r[i].jobs);
		for (int u = 0; u < r[i].uploads; u++) {
			char cls[32];
			json_t *body, *ans = NULL;

			snprintf(cls, sizeof cls, "ingest-%d", i);
			body = json_pack("{s:s, s:s, s:s}", "suite", "ingest", "boot", "host",
					 "runner_class", cls);
			if (bench_post(&admin, "/api/v1/jobs", body, &ans) != 201)
				return 1;
			json_decref(body);
			json_decref(ans);
		}
		if (bench_setup(&r[i]) < 0) {
			fprintf(stderr, "bench_ingest: runner %d could not register or claim\n", i);
			return 1;
		}
	}
	client_dispose(&admin);
	/* the database before the uploads, for the ceiling */
	snprintf(copy, sizeof copy, "%s.before", argv[4]);
	snprintf(copy2, sizeof copy2, "%s.before2", argv[4]);
	snprintf(sqlfile, sizeof sqlfile, "%s.inserts.sql", argv[4]);
	unlink(copy);
	unlink(copy2);
	snprintf(sql, sizeof sql, "VACUUM INTO '%s'", copy);
	if (sqlite3_open_v2(argv[4], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
	    bench_exec(db, sql) < 0)
		return 1;
	{
		sqlite3_stmt *st = NULL;

		if (sqlite3_prepare_v2(db, "SELECT IFNULL(MAX(id), 0) FROM samples", -1, &st,
				       NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
			first_id = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_close(db);

	t0 = mono_now();
	cpu0 = bench_cpu(argv[9]);
	for (int i = 0; i < nr; i++)
		pthread_create(&threads[i], NULL, bench_upload, &r[i]);
	for (int i = 0; i < nr; i++) {
		pthread_join(threads[i], NULL);
		failed += r[i].failed;
	}
	t_http = mono_now() - t0;
	cpu = bench_cpu(argv[9]) - cpu0;
	total = (long long)nr * r[0].uploads * r[0].metrics * r[0].iterations;
	t_raw = bench_floor(argv[4], copy, first_id, &rows, sqlfile);
	if (t_raw > 0 && bench_parents(argv[4], copy2, first_id) == 0)
		t_cli = bench_cli(copy2, sqlfile);
	unlink(copy);
	unlink(copy2);
	unlink(sqlfile);
	printf("%-46s %10s %8s %11s %9s\n", "ingestion", "samples", "seconds", "samples/s",
	       "CPU us/s.");
	printf("%-46s %10lld %8.2f %11.0f %9.2f\n", "POST /api/v1/jobs/:id/result (JSON, HTTP)",
	       total, t_http, (double)total / t_http, cpu * 1e6 / (double)total);
	printf("%-46s %10lld %8.2f %11.0f %9s\n", "ceiling: sqlite3 program, INSERTs, one txn",
	       rows, t_cli, t_cli > 0 ? (double)rows / t_cli : 0, "-");
	printf("%-46s %10lld %8.2f %11.0f %9.2f\n", "floor: one prepared INSERT bound per row",
	       rows, t_raw, t_raw > 0 ? (double)rows / t_raw : 0,
	       rows ? t_raw * 1e6 / (double)rows : 0);
	printf("uploads: %d runners x %d of %d samples (%d metrics x %d iterations), %d failed; "
	       "the clients run on this machine\n", nr, r[0].uploads,
	       r[0].metrics * r[0].iterations, r[0].metrics, r[0].iterations, failed);
	if (t_cli > 0 && t_raw > 0 && cpu > 0) {
		double ratio = ((double)total / t_http) / ((double)rows / t_cli);

		printf("ratio to the sqlite3 program %.2f; kpcid's CPU per sample / the floor's "
		       "%.1f\n", ratio, (cpu / (double)total) / (t_raw / (double)rows));
		printf("goal (endpoint >= 0.7 of the sqlite3 program's rate): %s\n",
		       ratio >= 0.7 ? "met" : "MISSED");
	}
	printf("ingest_ok %d\n", failed == 0 && rows == total);
	for (int i = 0; i < nr; i++)
		free(r[i].jobs);
	free(r);
	free(threads);
	return failed || rows != total;
}
