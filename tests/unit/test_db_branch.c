// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_db_branch.c - the branch that places a series' points
 * (series.line_branch_id, db/db_line.c) on a real SQLite file: kept from
 * the first sample's commit when a result is stored, set to the majority
 * rule by the analyzer, read by the pages without the samples, and found
 * from every sample for a series of an older file.
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_db.h"
#include "check_runner.h"
#include "daemon/analyze/analyze.h"
#include "db/db.h"
#include "lib/proto.h"

static char dir[] = "/tmp/kpci-test-db-branch.XXXXXX";
static struct db *db;
static long long runner_id;
static struct analyze_params params;

/* Commits PREFIX0..PREFIX(n-1) of tree 1 at positions 0..n-1 of branch. */
static void add_line(long long branch, char prefix, int n)
{
	for (int i = 0; i < n; i++) {
		char sha[8];

		snprintf(sha, sizeof sha, "%c%d", prefix, i);
		CHECK_INT(test_exec(db, "INSERT INTO commits (tree_id, sha) VALUES (1, ?)", "s", sha),
			  DB_OK);
		CHECK_INT(test_exec(db, "INSERT INTO branch_commits (branch_id, position, commit_id) "
				    "SELECT ?, ?, id FROM commits WHERE sha = ?", "Iis", branch, i,
				    sha), DB_OK);
	}
}

/* Branch 1 "master": commits m0..m9 at positions 0..9; branch 2
 * "stable": s0..s4 at positions 0..4, then m0 at 5 (a commit on both). */
static void add_tree(void)
{
	CHECK_INT(test_exec(db, "INSERT INTO trees (id, name, url, created_at) "
			    "VALUES (1, 'linux', 'file:///x', 0)", ""), DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO branches (id, tree_id, name) VALUES (1, 1, 'master'), "
			    "(2, 1, 'stable')", ""), DB_OK);
	add_line(1, 'm', 10);
	add_line(2, 's', 5);
	CHECK_INT(test_exec(db, "INSERT INTO branch_commits (branch_id, position, commit_id) "
			    "SELECT 2, 5, id FROM commits WHERE sha = 'm0'", ""), DB_OK);
}

/* One job of config at commit sha (NULL: none), its result of status
 * with 3 iterations of metric stored as a runner's upload is. */
static long long run_job(const char *config, const char *sha, const char *metric,
			 const char *status, double level)
{
	json_t *spec = json_pack("{s:s, s:s, s:s}", "suite", "kbench", "boot", "host", "config",
				 config);
	struct proto_result r = { 0 };
	struct proto_job job;
	char *cause = NULL;
	long long id = 0;
	int dup;

	CHECK_INT(db_job_submit(db, &id, "bench", spec, NULL, 0, 3), DB_OK);
	json_decref(spec);
	if (sha)
		CHECK_INT(test_exec(db, "UPDATE jobs SET commit_sha = ? WHERE id = ?", "sI", sha, id),
			  DB_OK);
	CHECK_INT(db_job_claim(db, &job, runner_id, 60), DB_OK);
	CHECK_INT(job.id, id);
	r.job_id = id;
	r.attempt = job.attempt;
	r.status = strdup(status);
	r.env = json_pack("{s:s}", "kernel_release", "6.12");
	for (int it = 0; it < 3; it++)
		proto_result_add(&r, "kbench", metric, "ns", 0, it, level + it * 0.01);
	CHECK_INT(db_job_result(db, runner_id, &r, &dup, &cause), DB_OK);
	if (cause)
		fprintf(stderr, "result: %s\n", cause);
	free(cause);
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	return id;
}

static long long series_of(const char *metric)
{
	return test_scalar(db, "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id "
			   "WHERE m.name = ?", "s", metric);
}

/* What the pages place series id on (db_series_place). */
static long long placed(long long id)
{
	struct db_series_where w;

	CHECK_INT(db_series_place(db, &w, id), DB_OK);
	return w.branch_id;
}

static void analyse(long long id)
{
	size_t stored = 0;

	CHECK_INT(analyze_series(db, id, &params, &stored), 0);
	CHECK_INT(test_scalar(db, "SELECT dirty FROM series WHERE id = ?", "I", id), 0);
}

/*
 * The first sample's commit is on stable only; then two commits of master
 * (three jobs at the stable commit: the rule counts distinct commits, not
 * jobs).  Before the analysis the series is drawn on stable, the branch of
 * its first sample; after it on master, the majority.
 */
static void test_first_then_majority(void)
{
	long long id;
	struct db_series_data *s = NULL;

	run_job("base", "s1", "first", "ok", 10);
	id = series_of("first");
	CHECK(id > 0);
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 2);
	run_job("base", "s1", "first", "ok", 10);
	run_job("base", "s1", "first", "ok", 10);
	run_job("base", "m5", "first", "ok", 10);
	run_job("base", "m6", "first", "ok", 10);
	/* later samples leave it: only a series without one looks it up */
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 2);
	CHECK_INT(placed(id), 2);

	analyse(id);
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 1);
	CHECK_INT(placed(id), 1);
	/* the points placed on master: its commits at their positions, the
	 * stable commit off the line */
	CHECK_INT(db_series_load(db, &s, id), DB_OK);
	CHECK(s != NULL);
	if (s) {
		CHECK_INT(s->branch_id, 1);
		CHECK_INT(s->nsamples, 15);
		CHECK_INT(s->nsamples == 15 ? s->samples[0].position : -2, -1);
		CHECK_INT(s->nsamples == 15 ? s->samples[9].position : -2, 5);
		CHECK_INT(s->nsamples == 15 ? s->samples[14].position : -2, 6);
	}
	db_series_data_free(s);

	/* a tie (m0 is on both lines: master 1, stable 1 with s2): the smaller id */
	run_job("tie", "s2", "tie", "ok", 5);
	run_job("tie", "m0", "tie", "ok", 5);
	id = series_of("tie");
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 2);
	analyse(id);
	/* stable holds both commits (s2 and m0): 2 against master's 1 */
	CHECK_INT(placed(id), 2);
	run_job("tie", "m1", "tie", "ok", 5);
	analyse(id);
	CHECK_INT(placed(id), 1);       /* 2 and 2: master, the smaller id */
}

/*
 * The commits of results that were not ok count as today's rule counts
 * every sample: two ok jobs on stable, three failed ones (with samples)
 * on master.  Only the ok ones are points.
 */
static void test_failed_results_count(void)
{
	long long id;

	run_job("failing", "s3", "failing", "ok", 7);
	run_job("failing", "s4", "failing", "ok", 7);
	run_job("failing", "m7", "failing", "failed", 7);
	run_job("failing", "m8", "failing", "failed", 7);
	run_job("failing", "m9", "failing", "failed", 7);
	id = series_of("failing");
	CHECK_INT(placed(id), 2);
	analyse(id);
	CHECK_INT(placed(id), 1);
	CHECK_INT(test_scalar(db, "SELECT jobs FROM series WHERE id = ?", "I", id), 2);
}

/* A first result without a commit keeps 0 (none places it); the first
 * with a commit on a line sets it. */
static void test_no_commit_first(void)
{
	long long id;

	run_job("host", NULL, "host", "ok", 3);
	id = series_of("host");
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 0);
	CHECK_INT(placed(id), 0);
	run_job("host", "nowhere", "host", "ok", 3);
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 0);
	run_job("host", "m3", "host", "ok", 3);
	CHECK_INT(test_scalar(db, "SELECT line_branch_id FROM series WHERE id = ?", "I", id), 1);
}

/*
 * A series of an older file (line_branch_id NULL) is placed by the rule
 * over every sample; a read connection does not keep it, the writer
 * does.  Once kept, the samples are not read: with the table renamed
 * away, a read of them could not even be prepared, and the kept branch
 * (stable, which the samples would not give) is what the pages get.
 */
static void test_older_file(void)
{
	long long id = series_of("first");

	CHECK_INT(test_exec(db, "UPDATE series SET line_branch_id = NULL WHERE id = ?", "I", id),
		  DB_OK);
	CHECK_INT(placed(id), 1);
	CHECK_INT(test_scalar(db, "SELECT IFNULL(line_branch_id, -1) FROM series WHERE id = ?",
			      "I", id), -1);
	db_lock(db);
	CHECK_INT(db_series_branch_locked(db, id), 1);
	db_unlock(db);
	CHECK_INT(test_scalar(db, "SELECT IFNULL(line_branch_id, -1) FROM series WHERE id = ?",
			      "I", id), 1);

	CHECK_INT(test_exec(db, "UPDATE series SET line_branch_id = 2 WHERE id = ?", "I", id),
		  DB_OK);
	CHECK_INT(test_exec(db, "ALTER TABLE samples RENAME TO samples_away", ""), DB_OK);
	CHECK_INT(placed(id), 2);
	/* the check itself can fail: a series that needs the samples gets 0 */
	CHECK_INT(test_exec(db, "UPDATE series SET line_branch_id = NULL WHERE id = ?", "I", id),
		  DB_OK);
	CHECK_INT(placed(id), 0);
	CHECK_INT(test_exec(db, "ALTER TABLE samples_away RENAME TO samples", ""), DB_OK);
	CHECK_INT(placed(id), 1);
}

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	return remove(p);
}

int main(void)
{
	char path[256], *cause = NULL;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/b.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	free(cause);
	CHECK_INT(test_runner_register(db, &runner_id, "lab-1", "c1"), DB_OK);
	analyze_params_default(&params);
	params.settle = 0;
	add_tree();

	test_first_then_majority();
	test_failed_results_count();
	test_no_commit_first();
	test_older_file();

	db_close(db);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
