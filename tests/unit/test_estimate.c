// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_estimate.c - db_job_estimate (db/db_progress.c): a running job's
 * estimate is the median, smallest and largest duration of the newest 20
 * done jobs like it (same suite, boot method and runner class), among the
 * 20,000 jobs before it and those after it; a kind of job last run
 * before those has none.
 */
#include <stdio.h>
#include <stdlib.h>

#include "db/db.h"
#include "tests/unit/check.h"
#include "tests/unit/check_db.h"

static char dir[] = "/tmp/kpci-test-estimate.XXXXXX";
static struct db *db;

/* A bench job of suite on class qemu, done in seconds when seconds >= 0,
 * else running; returns its id. */
static long long job(const char *suite, long long seconds)
{
	test_exec(db, "INSERT INTO jobs (kind, state, spec, runner_class, created_at, started_at, "
		  "finished_at) VALUES ('bench', ?1, json_object('suite', ?2, 'boot', 'qemu'), "
		  "'qemu', 1, 100, CASE WHEN ?3 >= 0 THEN 100 + ?3 END)", "ssI",
		  seconds >= 0 ? "done" : "running", suite, seconds);
	return test_scalar(db, "SELECT MAX(id) FROM jobs", "");
}

int main(void)
{
	struct rec_estimate e;
	char path[256], *cause = NULL;
	long long running, rare;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/e.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);

	/* a rare suite's three jobs, then 20,000 of another suite */
	job("rare", 50);
	job("rare", 70);
	job("rare", 60);
	test_exec(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
		  "WHERE i < 20000) INSERT INTO jobs (kind, state, spec, runner_class, created_at, "
		  "started_at, finished_at) SELECT 'bench', 'done', json_object('suite', 'kbench', "
		  "'boot', 'qemu'), 'qemu', 1, 100, 100 + i % 30 FROM n", "");
	for (int i = 1; i <= 5; i++)
		job("rare", 10 * i);                    /* 10 .. 50 s, within reach */
	running = job("kbench", -1);
	rare = job("rare", -1);

	CHECK_INT(db_job_estimate(db, running, &e), DB_OK);
	CHECK_INT(e.jobs, 20);                          /* the newest 20 of 20,000 */
	CHECK(e.min_s >= 0 && e.max_s <= 29 && e.min_s <= e.median_s && e.median_s <= e.max_s);

	/* the rare suite: its five within the look-back, not the three before */
	CHECK_INT(db_job_estimate(db, rare, &e), DB_OK);
	CHECK_INT(e.jobs, 5);
	CHECK_INT(e.median_s, 30);
	CHECK_INT(e.min_s, 10);
	CHECK_INT(e.max_s, 50);

	/* one the look-back leaves without any */
	test_exec(db, "DELETE FROM jobs WHERE json_extract(spec, '$.suite') = 'rare' AND id > 3 "
		  "AND id <> ?", "I", rare);
	CHECK_INT(db_job_estimate(db, rare, &e), DB_OK);
	CHECK_INT(e.jobs, 0);

	db_close(db);
	check_db_remove_dir(dir);
	return check_done();
}
