// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_db_storage.c - the storage side of db/: reads on their own
 * connections (no wait behind a writer, versions published at commit,
 * the version known without SQLite),
 * the WAL cut back after a large write, the file's mode, the integrity
 * check of a damaged file, and the faults SQLite reports.
 */
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "check_db.h"
#include "check.h"

static char dir[] = "/tmp/kpci-test-dbs.XXXXXX";

static struct db *open_new(const char *name, char path[256])
{
	struct db *db = NULL;
	char *cause = NULL;

	snprintf(path, 256, "%s/%s", dir, name);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	free(cause);
	return db;
}

static long long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* A writer that holds the connection in an open transaction until told. */
struct writer {
	struct db *db;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int inserted, go;
};

static void *writer_main(void *arg)
{
	struct writer *w = arg;

	db_lock(w->db);
	db_begin(w->db);
	db_exec_st(w->db, db_prep(w->db, "INSERT INTO trees (name, url, created_at) "
				  "VALUES ('late', 'u', 0)", ""));
	pthread_mutex_lock(&w->mu);
	w->inserted = 1;
	pthread_cond_broadcast(&w->cv);
	while (!w->go)
		pthread_cond_wait(&w->cv, &w->mu);
	pthread_mutex_unlock(&w->mu);
	db_end(w->db, DB_OK);
	db_unlock(w->db);
	return NULL;
}

/* A read while a write transaction is open neither waits for it nor sees
 * it, and the tables' version moves only when the write commits. */
static void test_reads_beside_writer(void)
{
	char path[256], v0[64], v1[64], v2[64];
	struct db *db = open_new("read.db", path);
	struct writer w = { .db = db };
	const char *const trees[] = { "trees", NULL };
	pthread_t t;
	struct rec_trees rows;

	pthread_mutex_init(&w.mu, NULL);
	pthread_cond_init(&w.cv, NULL);
	CHECK_INT(db_tree_upsert(db, "early", "u"), DB_OK);
	CHECK_INT(db_tables_version(db, v0, sizeof v0, trees), 0);
	pthread_create(&t, NULL, writer_main, &w);
	pthread_mutex_lock(&w.mu);
	while (!w.inserted)
		pthread_cond_wait(&w.cv, &w.mu);
	pthread_mutex_unlock(&w.mu);
	alarm(10);      /* a read that waits for the writer never ends: fail */
	CHECK_INT(db_trees_list(db, &rows), DB_OK);
	alarm(0);
	CHECK_INT(rows.n, 1);
	CHECK_STR(rows.n ? rows.v[0].name : "", "early");
	rec_trees_dispose(&rows);
	CHECK_INT(db_tables_version(db, v1, sizeof v1, trees), 0);
	CHECK_STR(v1, v0);
	CHECK_INT(db_ping(db), DB_OK);
	pthread_mutex_lock(&w.mu);
	w.go = 1;
	pthread_cond_broadcast(&w.cv);
	pthread_mutex_unlock(&w.mu);
	pthread_join(t, NULL);
	CHECK_INT(db_trees_list(db, &rows), DB_OK);
	CHECK_INT(rows.n, 2);
	rec_trees_dispose(&rows);
	CHECK_INT(db_tables_version(db, v2, sizeof v2, trees), 0);
	CHECK(strcmp(v2, v0) != 0);
	db_close(db);
}

/* The version for a thread that must not wait (kpcid's event loop):
 * what db_tables_version gives, a write through db seen at once, no wait
 * while another thread holds the writer, and another process's write
 * seen through the checkpointer's read of PRAGMA data_version although
 * db_tables_version, which would read it, is never called. */
static void test_version_known(void)
{
	char path[256], v0[64], k[64];
	struct db *db = open_new("known.db", path);
	const char *const trees[] = { "trees", NULL };
	sqlite3 *other = NULL;
	int seen = 0;

	CHECK_INT(db_tables_version(db, v0, sizeof v0, trees), 0);
	CHECK_INT(db_tables_version_known(db, k, sizeof k, trees), 0);
	CHECK_STR(k, v0);
	CHECK_INT(db_tree_upsert(db, "t1", "u"), DB_OK);
	CHECK_INT(db_tables_version_known(db, k, sizeof k, trees), 0);
	CHECK(strcmp(k, v0) != 0);
	snprintf(v0, sizeof v0, "%s", k);
	db_lock(db);                /* the writer busy past DB_EXTERNAL_CHECK_MS */
	usleep((DB_EXTERNAL_CHECK_MS + 50) * 1000);
	alarm(10);
	CHECK_INT(db_tables_version_known(db, k, sizeof k, trees), 0);
	alarm(0);
	CHECK_STR(k, v0);
	db_unlock(db);
	CHECK_INT(sqlite3_open_v2(path, &other, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
	CHECK_INT(sqlite3_exec(other, "UPDATE trees SET url = 'v'", NULL, NULL, NULL),
		  SQLITE_OK);
	sqlite3_close(other);
	for (int i = 0; i < 100 && !seen; i++) {
		seen = db_tables_version_known(db, k, sizeof k, trees) == 0 && strcmp(k, v0);
		usleep(20 * 1000);
	}
	CHECK(seen);
	db_close(db);
}

/* A new database file and its WAL are readable by their owner only. */
static void test_file_mode(void)
{
	char path[256], wal[300];
	struct db *db;
	struct stat st;
	mode_t old = umask(022);

	db = open_new("mode.db", path);
	snprintf(wal, sizeof wal, "%s-wal", path);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600);
	CHECK(stat(wal, &st) == 0 && (st.st_mode & 0777) == 0600);
	db_close(db);
	umask(old);
}

/* After a 40 MiB transaction the WAL is cut back to DB_WAL_KEEP_BYTES
 * once it starts over, instead of keeping its largest size. */
static void test_wal_cut(void)
{
	char path[256], wal[300];
	struct db *db = open_new("wal.db", path);
	long long big;

	snprintf(wal, sizeof wal, "%s-wal", path);
	CHECK_INT(test_exec(db, "CREATE TABLE scratch (b BLOB)", ""), DB_OK);
	db_lock(db);
	db_begin(db);
	for (int i = 0; i < 40; i++)
		db_exec_st(db, db_prep(db, "INSERT INTO scratch VALUES (randomblob(1048576))", ""));
	CHECK_INT(db_end(db, DB_OK), DB_OK);
	db_unlock(db);
	big = file_size(wal);
	CHECK(big > 40LL << 20);
	/* the checkpointer copies it back; the next writes start it over */
	for (int i = 0; i < 100 && file_size(wal) > DB_WAL_KEEP_BYTES; i++) {
		usleep(50000);
		test_exec(db, "INSERT INTO scratch VALUES (1)", "");
	}
	CHECK(file_size(wal) <= DB_WAL_KEEP_BYTES);
	db_close(db);
}

/* Pages of the filler's rows overwritten, in the last part of the file
 * (a file kpcid makes is in incremental auto-vacuum mode, where the
 * tables' root pages come first): it opens, and the check names them. */
static void test_integrity(void)
{
	char path[256], junk[16384], *report = NULL;
	struct db *db = open_new("bad.db", path);
	off_t pages;
	int fd;

	CHECK_INT(db_integrity_check(db, &report, NULL), DB_OK);
	CHECK(report == NULL);
	CHECK_INT(test_exec(db, "CREATE TABLE filler (k INTEGER PRIMARY KEY, v TEXT)", ""),
		  DB_OK);
	CHECK_INT(test_exec(db, "CREATE INDEX filler_v ON filler (v)", ""), DB_OK);
	CHECK_INT(test_exec(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
			    "FROM n WHERE i < 20000) INSERT INTO filler SELECT i, hex(randomblob(40)) "
			    "FROM n", ""), DB_OK);
	db_close(db);
	memset(junk, 0x5a, sizeof junk);
	fd = open(path, O_WRONLY);
	CHECK(fd >= 0);
	pages = lseek(fd, 0, SEEK_END) / 16384;
	CHECK(pages > 120);
	for (int p = 0; p < 20; p++)
		CHECK(pwrite(fd, junk, sizeof junk, (pages - 2 - p * 4) * 16384) == sizeof junk);
	close(fd);
	CHECK_INT(db_open(&db, path, &report), DB_OK);
	free(report);
	report = NULL;
	CHECK_INT(db_integrity_check(db, &report, NULL), DB_INVALID);
	CHECK(report && strlen(report) > 10);
	printf("# integrity report: %.200s\n", report ? report : "");
	free(report);
	db_close(db);
}

/* A write that finds the file full is a DB_FAULT_FULL of its thread. */
static void test_faults(void)
{
	char path[256], msg[256];
	struct db *db = open_new("full.db", path);
	long long pages;

	db_fault_take(msg, sizeof msg);         /* what the tests before left */
	CHECK_INT(db_fault_take(msg, sizeof msg), DB_FAULT_NONE);
	pages = test_scalar(db, "PRAGMA page_count", "");
	db_lock(db);
	CHECK_INT(db_exec(db, "CREATE TABLE scratch (b BLOB)"), DB_OK);
	sqlite3_exec(db->conn, "PRAGMA max_page_count = 1", NULL, NULL, NULL);
	CHECK(pages > 1);
	CHECK_INT(db_exec_st(db, db_prep(db, "INSERT INTO scratch VALUES (randomblob(200000))",
					 "")), DB_ERR);
	db_unlock(db);
	CHECK_INT(db_fault_take(msg, sizeof msg), DB_FAULT_FULL);
	CHECK(strstr(msg, "full") != NULL);
	CHECK_INT(db_fault_take(msg, sizeof msg), DB_FAULT_NONE);
	db_close(db);
}

static int remove_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_reads_beside_writer();
	test_version_known();
	test_file_mode();
	test_wal_cut();
	test_integrity();
	test_faults();
	nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
