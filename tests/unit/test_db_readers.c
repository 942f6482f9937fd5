// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_db_readers.c - the reads of the public GET routes take a read
 * connection, never the writer: while one thread holds the writer (as a
 * long write does), another runs the comparison (daemon/analyze/compare.c:
 * a tag name, job ids), the samples and jobs lists with their key paging,
 * the change groups, the metrics index, the reports, a commit's summary
 * and the noise sums, and each completes.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "daemon/analyze/compare.h"
#include "db/db.h"
#include "tests/unit/check.h"
#include "tests/unit/check_db.h"

#define READS_WAIT_S 60     /* a hang, not a timing: the reads take milliseconds */

static char dir[] = "/tmp/kpci-test-readers-XXXXXX";

static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int done;
	int ok;                 /* reads that answered as expected */
} reads = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 };

/* The reads of the public routes, counted in reads.ok; then reads.done. */
static void *reader(void *arg)
{
	struct db *db = arg;
	struct verdict_params vp = { .alpha = 0.05 };
	struct compare_report *rep = NULL;
	struct db_sample_filter sf = { .before = 1000000 };
	struct db_job_filter jf = { .before = 1000000 };
	struct db_change_filter cf = { 0 };
	struct db_noise_sums ns;
	struct db_series_brief *briefs = NULL;
	struct rec_samples samples;
	struct rec_jobs jobs;
	struct rec_change_groups groups;
	struct rec_reports reports;
	struct rec_commit_about about;
	char *cause = NULL;
	size_t n = 0;
	int ok = 0, more = 0;

	ok += compare_run(&rep, db, "v6.1", "v6.2", NULL, &vp, &cause) == DB_INVALID;
	compare_report_free(rep);
	free(cause);
	cause = NULL;
	rep = NULL;
	ok += compare_run(&rep, db, "job:1", "job:2", NULL, &vp, &cause) != DB_OK;
	compare_report_free(rep);
	free(cause);
	ok += db_samples_find(db, &samples, &sf, 100, 0) == DB_OK;
	rec_samples_dispose(&samples);
	ok += db_jobs_find(db, &jobs, &jf, 100, 0) == DB_OK;
	rec_jobs_dispose(&jobs);
	ok += db_change_groups(db, &groups, &cf, 0, 0, 50, 0) == DB_OK;
	rec_change_groups_dispose(&groups);
	ok += db_series_index(db, &briefs, &n, &more, NULL, 50, 0) == DB_OK;
	free(briefs);
	ok += db_reports_list(db, &reports, 0, 50, 0) == DB_OK;
	rec_reports_dispose(&reports);
	memset(&about, 0, sizeof about);
	ok += db_commit_about(db, &about, "abcdef1") == DB_NOTFOUND;
	rec_commit_about_dispose(&about);
	ok += db_noise_sums(db, &ns, 0, 1, "lab") == DB_OK;
	pthread_mutex_lock(&reads.mu);
	reads.ok = ok;
	reads.done = 1;
	pthread_cond_signal(&reads.cv);
	pthread_mutex_unlock(&reads.mu);
	return NULL;
}

/* The reads run to their end while this thread holds the writer. */
static void test_reads_beside_writer(struct db *db)
{
	struct timespec until;
	pthread_t t;
	int done;

	db_lock(db);
	CHECK_INT(pthread_create(&t, NULL, reader, db), 0);
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += READS_WAIT_S;
	pthread_mutex_lock(&reads.mu);
	while (!reads.done &&
	       pthread_cond_timedwait(&reads.cv, &reads.mu, &until) == 0)
		;
	done = reads.done;
	pthread_mutex_unlock(&reads.mu);
	CHECK(done);                /* without the writer, which this thread holds */
	db_unlock(db);
	pthread_join(t, NULL);
	CHECK_INT(reads.ok, 9);
}

int main(void)
{
	struct db *db = NULL;
	char path[256], *cause = NULL;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof path, "%s/readers.db", dir);
	CHECK_INT(db_open_at(&db, path, db_latest_version(), &cause), DB_OK);
	free(cause);
	if (db) {
		test_reads_beside_writer(db);
		db_close(db);
	}
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/readers.db%s", dir,
			 (const char *[]){ "", "-wal", "-shm" }[i]);
		unlink(path);
	}
	rmdir(dir);
	return check_done();
}
