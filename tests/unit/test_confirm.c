// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_confirm.c - the confirmer (daemon/analyze/confirm.c) and what the analyzer
 * asks of it, on a real SQLite file: commits and first-parent positions
 * as the watcher stores them, jobs claimed and their results stored
 * through db/ as a runner's would be, then analysis and confirmation
 * passes.  A step that the boots show is confirmed, with the jobs of its
 * two commits queued alternately; one they do not show is withdrawn as
 * not reproduced; values that builds measured (kbuild) are never booted
 * again.  (No tree mirror here: the compiled-code check says unknown, so
 * the confirmation measures; daemon/analyze/codecheck.c has its own test.)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "check_db.h"
#include "daemon/analyze/analyze.h"
#include "daemon/analyze/confirm.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/proto.h"

#define COMMITS 8                   /* a release, six merges, -rc1 */

static char path[] = "/tmp/kpci-test-confirm.XXXXXX";
static struct kpcid k;
static long long runner_id;
static char sha[COMMITS][41];
static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static double level[COMMITS][2];    /* per commit: metric a (stepped), b (steady) */
static int burst_commit = -1;       /* the first job of this commit reads 40% slower */

static double gauss(void)
{
	double u, v;

	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	u = ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	v = ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* The tree: the commits on one branch, the merges marked, -rc1 tagged. */
static void tree(void)
{
	test_exec(k.db, "INSERT INTO trees (name, url, created_at) VALUES ('linux', 'x', 0)", "");
	test_exec(k.db, "INSERT INTO branches (tree_id, name) VALUES (1, 'master')", "");
	for (int i = 0; i < COMMITS; i++) {
		snprintf(sha[i], sizeof sha[i], "%08x%032x", 0xc0c0a000u + (unsigned)i,
			 (unsigned)i * 2654435761u);
		test_exec(k.db, "INSERT INTO commits (tree_id, sha, merged_tip) VALUES (1, ?, ?)", "ss",
			  sha[i], i > 0 && i < COMMITS - 1 ? "tip" : NULL);
		test_exec(k.db, "INSERT INTO branch_commits (branch_id, position, commit_id) "
			  "SELECT 1, ?, id FROM commits WHERE sha = ?", "is", i, sha[i]);
	}
	test_exec(k.db, "INSERT INTO tags (tree_id, name, commit_sha, kind) VALUES "
		  "(1, 'v7.4-rc1', ?, 'rc')", "s", sha[COMMITS - 1]);
}

/* A job of kind (bench or build) of commit c, queued. */
static long long submit(int c, const char *kind)
{
	json_t *spec = json_pack("{s:s, s:s, s:i}", "suite", "kbench", "boot", "host",
				 "iterations", 3);
	long long id = 0;

	CHECK_INT(db_job_submit(k.db, &id, kind, spec, NULL, 0, 3), DB_OK);
	json_decref(spec);
	test_exec(k.db, "UPDATE jobs SET commit_sha = ?, tree_id = 1 WHERE id = ?", "sI", sha[c],
		  id);
	return id;
}

/* Claims the next job and stores its result: kbench's two metrics from a
 * bench job, a size from a build job.  Returns the commit, or -1 when no
 * job is queued. */
static int run_one(void)
{
	static int nth[COMMITS];
	struct proto_result r = { 0 };
	struct proto_job job = { 0 };
	char *cause = NULL;
	int c = -1, dup, build;

	CHECK_INT(db_job_claim(k.db, &job, runner_id, 600), DB_OK);
	if (!job.id)
		return -1;
	for (int i = 0; i < COMMITS; i++)
		if (test_scalar(k.db, "SELECT count(*) FROM jobs WHERE id = ? AND commit_sha = ?",
				"Is", job.id, sha[i]) == 1)
			c = i;
	build = test_scalar(k.db, "SELECT kind = 'build' FROM jobs WHERE id = ?", "I", job.id);
	r.job_id = job.id;
	r.attempt = job.attempt;
	r.status = strdup("ok");
	r.env = json_pack("{s:s}", "kernel_release", "7.4.0");
	if (build) {
		proto_result_add(&r, "kbuild", "vmlinux-text", "bytes", 0, 0, c >= 3 ? 2e7 : 1e7);
	} else {
		double burst = c == burst_commit && nth[c] == 0 ? 1.4 : 1;

		for (int m = 0; m < 2; m++) {
			double boot = level[c][m] * burst * exp(0.02 * gauss());

			for (int it = 0; it < 3; it++)
				proto_result_add(&r, "kbench", m ? "steady" : "stepped", "ns", 0, it,
						 boot * exp(0.01 * gauss()));
		}
	}
	nth[c]++;
	CHECK_INT(db_job_result(k.db, runner_id, &r, &dup, &cause), DB_OK);
	free(cause);
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	return c;
}

/* Runs jobs, analysis and confirmation until nothing is left. */
static void settle(void)
{
	struct analyze_params p;
	struct analyze_stats st;
	int idle = 0;

	analyze_params_from_config(&p, &k.cfg);
	for (int round = 0; round < 2000 && idle < 2; round++) {
		int c = run_one();

		CHECK_INT(analyze_pass(k.db, &p, &st), 0);
		confirm_pass(&k);
		idle = c < 0 ? idle + 1 : 0;
	}
}

static long long change_of(const char *metric, int bad)
{
	return test_scalar(k.db, "SELECT c.id FROM changes c JOIN series se ON se.id = c.series_id "
			   "JOIN metrics m ON m.id = se.metric_id WHERE m.name = ? AND c.bad_sha = ?",
			   "ss", metric, sha[bad]);
}

int main(void)
{
	char *caps[] = { "bench", "build" }, *boots[] = { "host" };
	struct rec_runner r = { .name = "lab-1", .runner_class = "numa2", .capabilities = caps,
				.ncapabilities = 2, .boot_methods = boots, .nboot_methods = 1 };
	char *cause = NULL, *tok = NULL, role[8], dbfile[64];
	long long rtok, stepped, burst, size;

	if (!mkdtemp(path))
		return 1;
	snprintf(dbfile, sizeof dbfile, "%s/c.db", path);
	CHECK_INT(config_init(&k.cfg), 0);
	k.cfg.analysis_settle_seconds = 0;
	k.cfg.confirm_settle_seconds = 0;
	CHECK_INT(db_open(&k.db, dbfile, &cause), DB_OK);
	CHECK_INT(db_token_create(k.db, &tok, "runner", "r", "*", &cause), DB_OK);
	CHECK_INT(db_token_check(k.db, tok, role, &rtok), DB_OK);
	free(tok);
	r.topology = json_object();
	CHECK_INT(db_runner_register(k.db, &runner_id, rtok, &r, &cause), DB_OK);
	json_decref(r.topology);
	tree();
	for (int c = 0; c < COMMITS; c++) {
		level[c][0] = c >= 3 ? 150 : 100;       /* +50% from merge 3 on */
		level[c][1] = 200;
	}
	burst_commit = 5;

	/* the merges measured as they land: a job each, and a build each */
	for (int c = 0; c < COMMITS; c++) {
		submit(c, "build");
		submit(c, "bench");
		settle();
	}
	stepped = change_of("stepped", 3);
	CHECK(stepped > 0);
	CHECK_INT(test_scalar(k.db, "SELECT confirm = 'confirmed' AND withdrawn_at IS NULL FROM "
			      "changes WHERE id = ?", "I", stepped), 1);
	/* its confirmation: the two commits alternately, at its priority */
	CHECK_INT(test_scalar(k.db, "SELECT count(*) FROM confirmation_jobs cj JOIN changes c ON "
			      "c.confirmation_id = cj.confirmation_id WHERE c.id = ?", "I", stepped),
		  8);
	CHECK_INT(test_scalar(k.db, "SELECT count(*) FROM confirmation_jobs a JOIN "
			      "confirmation_jobs b ON b.confirmation_id = a.confirmation_id AND "
			      "b.job_id = (SELECT MIN(job_id) FROM confirmation_jobs x WHERE "
			      "x.confirmation_id = a.confirmation_id AND x.job_id > a.job_id) "
			      "WHERE a.side = b.side", ""), 0);
	CHECK_INT(test_scalar(k.db, "SELECT MIN(j.priority) FROM confirmation_jobs cj JOIN jobs j "
			      "ON j.id = cj.job_id", ""), k.cfg.confirm_priority);
	/* opened for the newest merge before the change was found there */
	CHECK_INT(test_scalar(k.db, "SELECT co.opened_by LIKE 'the newest measured merge%' FROM "
			      "confirmations co JOIN changes c ON c.confirmation_id = co.id "
			      "WHERE c.id = ?", "I", stepped), 1);
	{
		/* the list of the change's confirmation: its jobs done on each side */
		struct rec_confirmations l;

		CHECK_INT(db_confirmations_list(k.db, &l, stepped, 10, 0), DB_OK);
		CHECK_INT(l.n, 1);
		if (l.n == 1) {
			CHECK(!strncmp(l.v[0].opened_by, "the newest measured merge", 25));
			CHECK(l.v[0].good_jobs + l.v[0].bad_jobs == 8 && l.v[0].finished_at > 0);
			CHECK_STR(l.v[0].state, "done");
		}
		rec_confirmations_dispose(&l);
	}
	/* the steady metric: nothing live */
	CHECK_INT(test_scalar(k.db, "SELECT count(*) FROM changes c JOIN series se ON se.id = "
			      "c.series_id JOIN metrics m ON m.id = se.metric_id WHERE m.name = "
			      "'steady' AND c.withdrawn_at IS NULL", ""), 0);
	/* the burst on merge 5's first boot: if it was taken for a step, it was
	 * not reproduced */
	burst = change_of("steady", 5);
	if (burst > 0)
		CHECK_INT(test_scalar(k.db, "SELECT confirm = 'not-reproduced' AND withdrawn_at IS NOT "
				      "NULL FROM changes WHERE id = ?", "I", burst), 1);
	/* the size step that builds measured: confirmed by its builds, never
	 * booted again, and no confirmation of build jobs for a newest merge */
	size = change_of("vmlinux-text", 3);
	CHECK(size > 0);
	CHECK_INT(test_scalar(k.db, "SELECT confirm = 'confirmed' AND confirm_reason LIKE "
			      "'confirmed by its builds%' FROM changes WHERE id = ?", "I", size), 1);
	CHECK_INT(test_scalar(k.db, "SELECT count(*) FROM confirmation_jobs cj JOIN "
			      "confirmations co ON co.id = cj.confirmation_id WHERE co.suite = "
			      "'kbuild'", ""), 0);
	CHECK_INT(test_scalar(k.db, "SELECT count(*) FROM confirmations WHERE suite = 'kbuild' "
			      "AND opened_by LIKE 'the newest%'", ""), 0);
	CHECK_INT(test_scalar(k.db, "SELECT count(*) FROM jobs WHERE state = 'queued'", ""), 0);

	db_close(k.db);
	config_dispose(&k.cfg);
	unlink(dbfile);
	{
		char side[96];

		snprintf(side, sizeof side, "%s-wal", dbfile);
		unlink(side);
		snprintf(side, sizeof side, "%s-shm", dbfile);
		unlink(side);
	}
	rmdir(path);
	return check_done();
}
