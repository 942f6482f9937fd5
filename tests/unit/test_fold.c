// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_fold.c - retention (db/db_fold.c, migration 0022) on real SQLite
 * files: a history with planted steps is stored through the runner
 * protocol's storage (db_job_result), copied (db_backup), and the old
 * part of the copy folded, first by a process killed in the middle, then
 * to the end.  Both files are then analysed from scratch
 * (daemon/analyze/analyze.c) and must answer alike: the changes with
 * their verdicts, the commit verdicts, the series' noise sums, every
 * series point (median, range, iterations, the verdict's sums), a
 * comparison of two folded commits, a job's series.  A second fold
 * changes nothing; the killed fold left no job half folded.
 */
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"
#include "check_runner.h"
#include "daemon/analyze/analyze.h"
#include "daemon/analyze/compare.h"
#include "db/db.h"
#include "lib/buf.h"
#include "lib/proto.h"
#include "rng.h"

#define FOLD_COMMITS 160            /* first-parent line; steps planted on it */
#define FOLD_OLD_QUARTERS 3         /* the first 3/4 of the jobs are old: folded */
#define FOLD_ITERATIONS 5
#define FOLD_DAY 86400

static char dir[] = "/tmp/kpci-test-fold.XXXXXX";
static char path_a[256], path_b[256];
static struct db *db;               /* the file being written or analysed */
static long long runner_id;

static void sha_of(char out[41], int i)
{
	snprintf(out, 41, "%08x%032x", 0xf01d0000u + (unsigned)i, (unsigned)i * 2654435761u);
}

/* Literal SQL on a file through a connection of its own. */
static void sql_on(const char *path, const char *q)
{
	sqlite3 *c;
	char *err = NULL;

	CHECK_INT(sqlite3_open(path, &c), SQLITE_OK);
	sqlite3_busy_timeout(c, 5000);
	if (sqlite3_exec(c, q, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "FAIL sql: %s: %s\n", q, err);
		check_failed++;
	}
	sqlite3_free(err);
	sqlite3_close(c);
}

static long long int_on(const char *path, const char *q)
{
	sqlite3 *c;
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_open(path, &c) != SQLITE_OK)
		return -2;
	sqlite3_busy_timeout(c, 5000);
	if (sqlite3_prepare_v2(c, q, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	} else {
		fprintf(stderr, "FAIL sql: %s: %s\n", q, sqlite3_errmsg(c));
		v = -2;
	}
	sqlite3_close(c);
	return v;
}

/* Every row of q as text (reals to 12 digits), leaving out the columns
 * that hold times or sample ids (a fold keeps a group's first id, so a
 * series' newest sample id may be lower). */
static char *dump_on(const char *path, const char *q)
{
	struct buf b;
	sqlite3 *c;
	sqlite3_stmt *st;

	buf_init(&b, 1 << 26);
	if (sqlite3_open(path, &c) != SQLITE_OK || sqlite3_prepare_v2(c, q, -1, &st, NULL)) {
		check_failed++;
		sqlite3_close(c);
		return strdup("");
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (int i = 0; i < sqlite3_column_count(st); i++) {
			const char *name = sqlite3_column_name(st, i);
			size_t n = strlen(name);

			if ((n > 3 && !strcmp(name + n - 3, "_at")) || !strcmp(name, "last_sample_id"))
				continue;
			if (sqlite3_column_type(st, i) == SQLITE_FLOAT)
				buf_printf(&b, "%s=%.12g|", name, sqlite3_column_double(st, i));
			else
				buf_printf(&b, "%s=%s|", name, (const char *)sqlite3_column_text(st, i));
		}
		buf_adds(&b, "\n");
	}
	sqlite3_finalize(st);
	sqlite3_close(c);
	CHECK(!buf_failed(&b));
	return strdup(buf_str(&b));
}

/* q answers the same on both files (and something). */
static void same_rows(const char *what, const char *q)
{
	char *a = dump_on(path_a, q), *b = dump_on(path_b, q);
	size_t i = 0;

	CHECK(a[0] != '\0');
	if (strcmp(a, b)) {
		while (a[i] && a[i] == b[i])
			i++;
		fprintf(stderr, "FAIL %s differ at byte %zu:\n  raw:    %.200s\n  folded: %.200s\n",
			what, i, a + (i > 60 ? i - 60 : 0), b + (i > 60 ? i - 60 : 0));
	}
	CHECK(!strcmp(a, b));
	free(a);
	free(b);
}

struct metric {
	const char *name;
	int higher;
	double before, after;
	int step;                   /* position of the first commit after the step */
	double job_noise;
};

static const struct metric metrics[] = {
	{ "latency", 0, 100, 108, 60, 0.004 },      /* regression, old: folded */
	{ "rate", 1, 1000, 1100, 90, 0.004 },       /* improvement, old: folded */
	{ "late", 0, 50, 46, 130, 0.004 },          /* improvement in the raw part */
	{ "steady", 0, 70, 70, 0, 0.004 },
	{ "offset", 1, 0.5, 0.5, 0, 0.5 },          /* values around 0: no log sums */
};
#define NMETRICS (sizeof metrics / sizeof metrics[0])

/* One job of the commit at position pos, FOLD_ITERATIONS iterations of
 * each metric (one of "single": an iteration alone stays raw). */
static long long run_job(int pos)
{
	struct proto_result r = { 0 };
	struct proto_job job;
	json_t *spec = json_pack("{s:s, s:s}", "suite", "fold", "boot", "host");
	char *cause = NULL, sha[41], q[256];
	long long id = 0;
	int dup;

	sha_of(sha, pos);
	CHECK_INT(db_job_submit(db, &id, "bench", spec, NULL, 0, 3), DB_OK);
	json_decref(spec);
	snprintf(q, sizeof q, "UPDATE jobs SET commit_sha = '%s' WHERE id = %lld", sha, id);
	sql_on(path_a, q);
	CHECK_INT(db_job_claim(db, &job, runner_id, 60), DB_OK);
	r.job_id = id;
	r.attempt = job.attempt;
	r.status = strdup("ok");
	r.env = json_pack("{s:s}", "kernel_release", "7.4");
	for (size_t i = 0; i < NMETRICS; i++) {
		const struct metric *m = &metrics[i];
		double level = m->step && pos >= m->step ? m->after : m->before;

		level *= 1 + m->job_noise * rng_normal();
		for (int it = 0; it < FOLD_ITERATIONS; it++)
			proto_result_add(&r, "fold", m->name, "ns", m->higher, it,
					 m->job_noise > 0.1 ? level + 0.3 * rng_normal() :
					 level * (1 + 0.01 * rng_normal()));
	}
	proto_result_add(&r, "fold", "single", "ns", 0, 0, 10 + 0.1 * rng_normal());
	CHECK_INT(db_job_result(db, runner_id, &r, &dup, &cause), DB_OK);
	free(cause);
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	return id;
}

/* The history: a branch of FOLD_COMMITS commits, a job of each (three of
 * some), measured out of commit order; the first 3/4 of the jobs were
 * received 400 days ago. */
static void build_history(void)
{
	char q[512], sha[41];

	sql_on(path_a, "INSERT INTO trees (name, url, created_at) VALUES ('linux', 'file:///x', 0);"
		       "INSERT INTO branches (tree_id, name) VALUES (1, 'master')");
	for (int i = 0; i < FOLD_COMMITS; i++) {
		sha_of(sha, i);
		snprintf(q, sizeof q, "INSERT INTO commits (tree_id, sha) VALUES (1, '%s'); "
			 "INSERT INTO branch_commits (branch_id, position, commit_id) "
			 "VALUES (1, %d, last_insert_rowid())", sha, i);
		sql_on(path_a, q);
	}
	for (int k = 0; k < FOLD_COMMITS; k++) {
		int pos = (k * 37) % FOLD_COMMITS;      /* job order is not commit order */

		run_job(pos);
		if (pos % 20 == 5)                      /* repeated commits */
			run_job(pos), run_job(pos);
	}
	snprintf(q, sizeof q, "UPDATE job_results SET received_at = received_at - 400 * %d "
		 "WHERE job_id <= (SELECT MAX(job_id) * %d / 4 FROM job_results)", FOLD_DAY,
		 FOLD_OLD_QUARTERS);
	sql_on(path_a, q);
}

static struct analyze_params params;

/* Analyses every series of the open file from scratch. */
static void analyse_all(void)
{
	struct analyze_stats st;

	do {
		CHECK_INT(analyze_pass(db, &params, &st), 0);
		CHECK_INT(st.failed, 0);
	} while (st.visited);
}

/* Folds until the pass has nothing left; the totals in *sum. */
static void fold_all(struct db_fold_result *sum, long long cutoff)
{
	struct db_fold_result r;

	memset(sum, 0, sizeof *sum);
	do {
		CHECK_INT(db_fold_pass(db, cutoff, 1000, &r), DB_OK);
		sum->jobs += r.jobs;
		sum->rows += r.rows;
		sum->iterations += r.iterations;
	} while (r.more);
}

/* A fold in a child process, killed once it has committed some jobs:
 * SQLite's transactions leave each job folded whole or not at all. */
static void fold_killed(long long cutoff)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		struct db *child = NULL;
		struct db_fold_result r;
		char *cause = NULL;

		if (db_open(&child, path_b, &cause) != DB_OK)
			_exit(1);
		for (;;)                /* a small budget: many transactions */
			if (db_fold_pass(child, cutoff, 1, &r) != DB_OK || !r.more)
				break;
		_exit(0);
	}
	CHECK(pid > 0);
	for (int i = 0; i < 5000 && int_on(path_b, "SELECT IFNULL((SELECT jobs FROM "
					   "sample_folding), 0)") <= 0; i++)
		usleep(1000);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
}

/* No (job, attempt, series) of b has a folded row beside raw ones, and
 * each holds as many iterations as in a. */
static void check_whole(void)
{
	char q[512];

	CHECK_INT(int_on(path_b, "SELECT count(*) FROM (SELECT 1 FROM samples "
			 "GROUP BY job_id, attempt, series_id "
			 "HAVING MAX(fold_n) IS NOT NULL AND count(*) > 1)"), 0);
	snprintf(q, sizeof q, "ATTACH '%s' AS a; SELECT count(*) FROM "
		 "(SELECT job_id, attempt, series_id, SUM(IFNULL(fold_n, 1)) AS n FROM main.samples "
		 " GROUP BY 1, 2, 3) b JOIN (SELECT job_id, attempt, series_id, count(*) AS n "
		 " FROM a.samples GROUP BY 1, 2, 3) x USING (job_id, attempt, series_id) "
		 "WHERE b.n <> x.n", path_a);
	{
		sqlite3 *c;
		sqlite3_stmt *st;
		const char *tail;
		char att[300];

		snprintf(att, sizeof att, "ATTACH '%s' AS a", path_a);
		CHECK_INT(sqlite3_open(path_b, &c), SQLITE_OK);
		CHECK_INT(sqlite3_exec(c, att, NULL, NULL, NULL), SQLITE_OK);
		CHECK_INT(sqlite3_prepare_v2(c, strchr(q, ';') + 2, -1, &st, &tail), SQLITE_OK);
		CHECK_INT(sqlite3_step(st), SQLITE_ROW);
		CHECK_INT(sqlite3_column_int64(st, 0), 0);
		sqlite3_finalize(st);
		sqlite3_close(c);
	}
}

/* Pages in use of a file, in bytes. */
static long long used_bytes(const char *path)
{
	return (int_on(path, "PRAGMA page_count") - int_on(path, "PRAGMA freelist_count")) *
	       int_on(path, "PRAGMA page_size");
}

/* Every point of every series of the open file (analyze_series_points)
 * into a text. */
static char *points_text(void)
{
	struct buf b;
	long long n = int_on(path_a, "SELECT MAX(id) FROM series");

	buf_init(&b, 1 << 26);
	for (long long id = 1; id <= n; id++) {
		struct db_series_data *s = NULL;
		struct analyze_series a;

		if (db_series_load(db, &s, id) != DB_OK)
			continue;
		CHECK_INT(analyze_series_points(&a, s), 0);
		for (size_t i = 0; i < a.n; i++) {
			const struct analyze_point *p = &a.points[i];

			buf_printf(&b, "%lld %lld %lld %.17g %.17g %.17g %zu %zu %.17g %.17g "
				   "%.17g %.17g %lld %.9g\n", id, p->job_id, p->position, p->value,
				   p->min, p->max, p->iterations, p->vj.n, p->vj.mean, p->vj.ss,
				   p->vj.lmean, p->vj.lss, p->it_df, p->it_ss);
		}
		analyze_series_dispose(&a);
		db_series_data_free(s);
	}
	CHECK(!buf_failed(&b));
	return strdup(buf_str(&b));
}

/* base against head, both old commits: every row's verdict. */
static char *compare_text(void)
{
	struct compare_report *out = NULL;
	char *cause = NULL, base[41], head[41];
	struct buf b;

	sha_of(base, 59);
	sha_of(head, 65);
	buf_init(&b, 1 << 20);
	CHECK_INT(compare_run(&out, db, base, head, NULL, &params.verdict, &cause), DB_OK);
	for (size_t i = 0; out && i < out->n; i++) {
		const struct compare_row *r = &out->rows[i];

		buf_printf(&b, "%s %d %.9g %.9g %.9g %.9g %zu %zu %.9g %.9g %.9g\n", r->metric,
			   (int)r->v.kind, r->v.percent, r->v.ci_lo, r->v.ci_hi, r->v.p,
			   r->base.n, r->head.n, r->base.mean, r->base.stddev_percent, r->p_welch);
	}
	compare_report_free(out);
	free(cause);
	return strdup(buf_str(&b));
}

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	return remove(p);
}

static void open_file(const char *path)
{
	char *cause = NULL;

	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	free(cause);
}

int main(void)
{
	struct db_fold_result sum, again;
	struct db_fold_status fs;
	char *cause = NULL, *pts_a, *pts_b, *cmp_a, *cmp_b;
	long long bytes = 0, before, after, cutoff = (long long)time(NULL) - 30 * FOLD_DAY;
	long long raw_a, raw_b, sum_a;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path_a, sizeof path_a, "%s/a.db", dir);
	snprintf(path_b, sizeof path_b, "%s/b.db", dir);
	open_file(path_a);
	rng_seed(26);
	CHECK_INT(test_runner_register(db, &runner_id, "lab-1", "c1"), DB_OK);
	analyze_params_default(&params);
	params.settle = 0;
	build_history();
	CHECK_INT(int_on(path_a, "PRAGMA auto_vacuum"), 2);   /* a new file: incremental */
	/* the rows of samples are kept as results are stored (0023) */
	CHECK_INT(int_on(path_a, "SELECT rows FROM sample_count"),
		  int_on(path_a, "SELECT count(*) FROM samples"));
	CHECK_INT(db_backup(db, path_b, &bytes, &cause), DB_OK);
	db_close(db);

	/* The copy: a fold killed in the middle, then one to the end. */
	before = used_bytes(path_b);
	fold_killed(cutoff);
	printf("fold killed: %lld jobs folded by then\n",
	       int_on(path_b, "SELECT jobs FROM sample_folding"));
	check_whole();
	/* ... and as a fold, killed or not, inserts and deletes them */
	CHECK_INT(int_on(path_b, "SELECT rows FROM sample_count"),
		  int_on(path_b, "SELECT count(*) FROM samples"));
	open_file(path_b);
	fold_all(&sum, cutoff);
	CHECK_INT(db_fold_status(db, &fs), DB_OK);
	CHECK_INT(fs.samples, int_on(path_b, "SELECT count(*) FROM samples"));
	after = used_bytes(path_b);
	raw_a = int_on(path_a, "SELECT count(*) FROM samples");
	raw_b = int_on(path_b, "SELECT count(*) FROM samples WHERE fold_n IS NULL");
	sum_a = int_on(path_b, "SELECT SUM(IFNULL(fold_n, 1)) FROM samples");
	printf("fold: %lld samples -> %lld raw + %lld folded rows (%lld iterations, %lld jobs); "
	       "pages in use %lld -> %lld bytes; file %lld bytes, %lld free\n", raw_a, raw_b,
	       fs.rows, fs.iterations, fs.jobs, before, after,
	       int_on(path_b, "PRAGMA page_count") * int_on(path_b, "PRAGMA page_size"),
	       fs.free_bytes);
	CHECK_INT(sum_a, raw_a);                            /* no iteration lost */
	CHECK_INT(fs.samples, raw_b + fs.rows);
	CHECK_INT(fs.iterations + raw_b, raw_a);
	/* the old jobs: every metric of 5 iterations folded, "single" left */
	CHECK_INT(int_on(path_b, "SELECT count(*) FROM samples s JOIN job_results r "
			 "ON r.job_id = s.job_id WHERE r.received_at < strftime('%s','now') - "
			 "30 * 86400 AND s.fold_n IS NULL AND s.series_id <> (SELECT se.id FROM "
			 "series se JOIN metrics m ON m.id = se.metric_id WHERE m.name = 'single')"),
		  0);
	CHECK(fs.rows > 0 && fs.jobs > 0 && fs.last_run_at > 0 && fs.last_fold_at > 0);
	CHECK(int_on(path_b, "SELECT count(*) FROM samples WHERE fold_n IS NULL AND "
		     "iteration = -1") == 0);
	CHECK(raw_b < raw_a / 2);
	CHECK(after < before);
	check_whole();
	/* Folding again changes nothing. */
	fold_all(&again, cutoff);
	CHECK_INT(again.rows, 0);
	CHECK_INT(again.jobs, 0);
	CHECK_INT(int_on(path_b, "SELECT count(*) FROM samples"), fs.samples);
	sql_on(path_b, "UPDATE sample_folding SET next_job = 0");  /* from the start: the same */
	fold_all(&again, cutoff);
	CHECK_INT(again.rows, 0);
	CHECK_INT(int_on(path_b, "SELECT count(*) FROM samples"), fs.samples);

	/* Both analysed from scratch. */
	analyse_all();
	pts_b = points_text();
	cmp_b = compare_text();
	db_close(db);
	open_file(path_a);
	analyse_all();
	pts_a = points_text();
	cmp_a = compare_text();
	db_close(db);
	CHECK(!strcmp(pts_a, pts_b));
	CHECK(strlen(pts_a) > 1000);
	CHECK(!strcmp(cmp_a, cmp_b));
	if (strcmp(cmp_a, cmp_b))
		fprintf(stderr, "raw:\n%s\nfolded:\n%s\n", cmp_a, cmp_b);
	CHECK(strstr(cmp_a, "fold/latency 2 ") != NULL);   /* changed, a folded side each */
	same_rows("changes", "SELECT c.*, m.name FROM changes c JOIN series se ON "
		  "se.id = c.series_id JOIN metrics m ON m.id = se.metric_id ORDER BY c.id");
	same_rows("commit verdicts", "SELECT * FROM commit_verdicts ORDER BY series_id, sha");
	same_rows("series", "SELECT * FROM series ORDER BY id");
	CHECK_INT(int_on(path_a, "SELECT count(*) FROM changes WHERE withdrawn_at IS NULL"), 3);
	CHECK_INT(int_on(path_b, "SELECT count(*) FROM changes c JOIN commits g ON g.sha = "
			 "c.good_sha JOIN branch_commits bg ON bg.commit_id = g.id JOIN commits "
			 "b ON b.sha = c.bad_sha JOIN branch_commits bb ON bb.commit_id = b.id "
			 "WHERE bg.position + 1 = bb.position AND bb.position IN (60, 90, 130)"), 3);
	open_file(path_b);
	{
		struct rec_job_series *js = NULL;
		size_t n = 0;
		long long job = int_on(path_b, "SELECT MIN(job_id) FROM samples WHERE fold_n > 0");

		CHECK_INT(db_job_series(db, job, &js, &n), DB_OK);
		CHECK_INT(n, NMETRICS + 1);
		for (size_t i = 0; i < n; i++)
			CHECK_INT(js[i].iterations, strcmp(js[i].metric, "single") ? 5 : 1);
		rec_job_series_dispose(js, n);
	}
	db_close(db);
	free(pts_a);
	free(pts_b);
	free(cmp_a);
	free(cmp_b);
	free(cause);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
