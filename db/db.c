// SPDX-License-Identifier: GPL-2.0-only
/*
 * db.c - SQLite storage: opening the file (mode, page size, WAL),
 * migrations (db/db_migrate.c), the versions of the tables for the answer cache, the
 * checkpointer, status counts.  The connections, their locks and the
 * statement helpers are db/db_conn.c; the queries live by subject in
 * db/db_<subject>.c.  docs/ARCHITECTURE.md, "Concurrency and storage".
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db/db_core.h"
#include "db/db_internal.h"
#include "db/migrations.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/mono.h"

#define DB_STR_(x) #x
#define DB_STR(x) DB_STR_(x)            /* a number's macro as SQL text */

long long db_now(void)
{
	return (long long)time(NULL);
}

/* ------------------------------------------------------------------ */

int db_latest_version(void)
{
	return db_migrations_count;
}

int db_version_locked(struct db *db)
{
	return (int)db_scalar(db_prepk(db, "PRAGMA user_version", ""), -1);
}

int db_schema_version(struct db *db)
{
	int v;

	db_read_lock(db);
	v = db_version_locked(db);
	db_read_unlock(db);
	return v;
}

/* sqlite3_update_hook: counts the rows written per table, as pending
 * until their transaction commits (db_publish), so that a reader that
 * sees a new version also sees the rows behind it.  It runs in the
 * writing thread, which holds db->lock; db_tables_version reads the
 * published counters without it, so they change atomically.  SQLite does
 * not call it for rows removed by an ON CONFLICT REPLACE (the insert that
 * replaces them is counted) nor by the truncate optimisation of an
 * unconditional DELETE. */
static void db_update_hook(void *cls, int op, const char *dbname, const char *table,
			   sqlite3_int64 rowid)
{
	struct db *db = cls;
	size_t i, n = db->nwritten;

	(void)op;
	(void)dbname;
	(void)rowid;
	for (i = 0; i < n; i++)
		if (!strcmp(db->written[i].table, table))
			break;
	if (i == n) {
		if (i == DB_MAX_TABLES || strlen(table) >= sizeof db->written[i].table) {
			db->other_pending++;
			return;
		}
		snprintf(db->written[i].table, sizeof db->written[i].table, "%s", table);
		__atomic_store_n(&db->nwritten, n + 1, __ATOMIC_RELEASE);
	}
	db->written[i].pending++;
}

/* Publishes the rows counted since the last commit (a rolled-back write's
 * count too: a version that changes for nothing costs a cache miss only). */
static void db_publish(struct db *db)
{
	size_t n = db->nwritten;

	for (size_t i = 0; i < n; i++) {
		if (db->written[i].pending) {
			__atomic_fetch_add(&db->written[i].rows, db->written[i].pending,
					   __ATOMIC_RELEASE);
			db->written[i].pending = 0;
		}
	}
	if (db->other_pending) {
		__atomic_fetch_add(&db->written_other, db->other_pending, __ATOMIC_RELEASE);
		db->other_pending = 0;
	}
}

/* Reads PRAGMA data_version on the writer, whose lock the caller holds,
 * and keeps it with its time, now; its value, or -1 on error. */
static long long db_external_read(struct db *db, long long now)
{
	long long v;

	if (!db->data_version &&
	    sqlite3_prepare_v2(db->conn, "PRAGMA data_version", -1, &db->data_version,
			       NULL) != SQLITE_OK)
		db->data_version = NULL;
	v = db->data_version && sqlite3_step(db->data_version) == SQLITE_ROW ?
	    sqlite3_column_int64(db->data_version, 0) : -1;
	if (db->data_version)
		sqlite3_reset(db->data_version);
	if (v >= 0) {
		__atomic_store_n(&db->external, v, __ATOMIC_RELAXED);
		__atomic_store_n(&db->external_at, now, __ATOMIC_RELEASE);
	}
	return v;
}

static void db_external_want(struct db *db, long long now, long long age);

/* PRAGMA data_version, read at most every DB_EXTERNAL_CHECK_MS; -1 on
 * error.  It is the writer's: only when the writer is free (a request
 * answered from the cache never waits for a write to end), else the
 * value last read.  Without ask, SQLite is never called: -2 where it
 * would be, and the checkpointer's thread is told to keep the value
 * fresh (db_external_want). */
static long long db_external_version(struct db *db, int ask)
{
	long long now = mono_ms(), v;
	long long age = now - __atomic_load_n(&db->external_at, __ATOMIC_ACQUIRE);

	if (!ask)
		db_external_want(db, now, age);
	if (age < DB_EXTERNAL_CHECK_MS)
		return __atomic_load_n(&db->external, __ATOMIC_RELAXED);
	if (pthread_mutex_trylock(&db->lock) != 0)
		return __atomic_load_n(&db->external, __ATOMIC_RELAXED);
	v = db->external;
	if (now - db->external_at >= DB_EXTERNAL_CHECK_MS)
		v = ask ? db_external_read(db, now) : -2;
	pthread_mutex_unlock(&db->lock);
	return v;
}

/* db_tables_version, asking SQLite about other processes' writes when
 * ask and that is due; else -1 where it would. */
static int db_version_of(struct db *db, char *out, size_t n, const char *const *tables,
			 int ask)
{
	size_t nw = __atomic_load_n(&db->nwritten, __ATOMIC_ACQUIRE);
	unsigned long long rows = __atomic_load_n(&db->written_other, __ATOMIC_RELAXED);
	long long ext = db_external_version(db, ask);

	for (size_t i = 0; i < nw; i++) {
		int read = !tables;

		for (const char *const *t = tables; t && *t && !read; t++)
			read = !strcmp(db->written[i].table, *t);
		if (read)
			rows += __atomic_load_n(&db->written[i].rows, __ATOMIC_ACQUIRE);
	}
	if (ext < 0)
		return -1;
	snprintf(out, n, "%llu.%lld", rows, ext);
	return 0;
}

int db_tables_version(struct db *db, char *out, size_t n, const char *const *tables)
{
	return db_version_of(db, out, n, tables, 1);
}

int db_tables_version_known(struct db *db, char *out, size_t n, const char *const *tables)
{
	return db_version_of(db, out, n, tables, 0);
}

/*
 * The checkpointer: a thread with a connection of its own copies the WAL
 * back into the database file when a commit has left DB_CHECKPOINT_BYTES
 * or more in it.  SQLite's auto-checkpoint would do that inside the
 * commit that crossed the mark, holding the writer (and, through
 * db->lock, every request behind it) for as long as the copy takes; a
 * PASSIVE checkpoint on another connection blocks neither readers nor
 * writers.  The same thread keeps PRAGMA data_version fresh for
 * db_tables_version_known (below).
 */
struct db_checkpointer {
	sqlite3 *conn;
	char *wal;                      /* the WAL file's path */
	struct db *db;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int due, stop;
	int refresh;                    /* db_external_ask: read PRAGMA data_version */
};

/*
 * The checkpointer's thread also reads PRAGMA data_version for callers
 * that never ask SQLite themselves (db_tables_version_known, kpcid's
 * event-loop threads): while one has called in the last
 * DB_EXTERNAL_KEEP_MS, it reads it on the writer's connection every half
 * of DB_EXTERNAL_CHECK_MS, when the writer is free (it never waits for
 * the writer's lock: it tries again DB_EXTERNAL_RETRY_MS later).  So the
 * value they find is never older than DB_EXTERNAL_CHECK_MS, unless the
 * writer is busy that long (then db_tables_version too gives the value
 * last read) or they had been silent; then they get -1 once, and the
 * thread is woken.  A call costs the caller a load and at most one store
 * a millisecond, and the checkpointer's mutex when it wakes the thread.
 */
#define DB_EXTERNAL_KEEP_MS 5000
#define DB_EXTERNAL_RETRY_MS 10

static void db_external_want(struct db *db, long long now, long long age)
{
	struct db_checkpointer *c = __atomic_load_n(&db->ckpt, __ATOMIC_ACQUIRE);
	int no = 0;

	if (__atomic_load_n(&db->external_wanted, __ATOMIC_RELAXED) != now)
		__atomic_store_n(&db->external_wanted, now, __ATOMIC_RELAXED);
	if (!c || age < DB_EXTERNAL_CHECK_MS / 2 ||
	    !__atomic_compare_exchange_n(&db->external_asked, &no, 1, 0,
					 __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&c->mu);
	c->refresh = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
}

/* Milliseconds until the checkpointer's next read of PRAGMA data_version
 * (0: now), or -1 when nobody wants it. */
static long long db_external_next(struct db *db)
{
	long long now = mono_ms(), next;

	if (now - __atomic_load_n(&db->external_wanted, __ATOMIC_RELAXED) > DB_EXTERNAL_KEEP_MS)
		return -1;
	next = __atomic_load_n(&db->external_at, __ATOMIC_ACQUIRE) + DB_EXTERNAL_CHECK_MS / 2;
	return next > now ? next - now : 0;
}

/* The checkpointer's read of PRAGMA data_version, when it is due.  When
 * the writer is busy or SQLite fails, it waits DB_EXTERNAL_RETRY_MS, so
 * that it never spins. */
static void db_external_refresh(struct db *db)
{
	long long now = mono_ms(), v = 0;

	if (pthread_mutex_trylock(&db->lock) != 0) {
		v = -1;
	} else {
		if (now - db->external_at >= DB_EXTERNAL_CHECK_MS / 2)
			v = db_external_read(db, now);
		pthread_mutex_unlock(&db->lock);
	}
	if (v < 0)
		usleep(DB_EXTERNAL_RETRY_MS * 1000);
	__atomic_store_n(&db->external_asked, 0, __ATOMIC_RELEASE);
}

/* The size of file path in bytes, 0 when it does not exist. */
static long long db_file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

static void *db_checkpointer_main(void *arg)
{
	struct db_checkpointer *c = arg;
	struct timespec until;

	pthread_mutex_lock(&c->mu);
	for (;;) {
		int due, refresh;

		while (!c->due && !c->refresh && !c->stop) {
			long long next = db_external_next(c->db);

			if (next < 0) {
				pthread_cond_wait(&c->cv, &c->mu);
			} else if (next > 0) {
				mono_deadline(&until, next);
				pthread_cond_timedwait(&c->cv, &c->mu, &until);
			} else {
				c->refresh = 1;
			}
		}
		if (c->stop)
			break;
		due = c->due;
		refresh = c->refresh;
		c->due = c->refresh = 0;
		pthread_mutex_unlock(&c->mu);
		if (refresh)
			db_external_refresh(c->db);
		if (!due) {
			pthread_mutex_lock(&c->mu);
			continue;
		}
		if (sqlite3_wal_checkpoint_v2(c->conn, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL,
					      NULL) != SQLITE_OK)
			log_warn("db: checkpoint: %s", sqlite3_errmsg(c->conn));
		/* Readers that overlap without end keep a passive checkpoint
		 * from finishing, and the WAL from starting over: past
		 * DB_WAL_TRUNCATE_BYTES, wait a little for a moment when the
		 * WAL can be emptied and truncated (writers wait as long). */
		if (db_file_size(c->wal) > DB_WAL_TRUNCATE_BYTES) {
			sqlite3_busy_timeout(c->conn, DB_TRUNCATE_WAIT_MS);
			if (sqlite3_wal_checkpoint_v2(c->conn, NULL, SQLITE_CHECKPOINT_TRUNCATE,
						      NULL, NULL) != SQLITE_OK)
				log_warn("db: the WAL (%lld bytes) could not be truncated: %s",
					 db_file_size(c->wal), sqlite3_errmsg(c->conn));
			sqlite3_busy_timeout(c->conn, DB_BUSY_TIMEOUT_MS);
		}
		pthread_mutex_lock(&c->mu);
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

/* sqlite3_wal_hook of the writer: runs after each commit.  It publishes
 * the rows the commit wrote (db_tables_version) and starts a checkpoint
 * when the WAL holds DB_CHECKPOINT_BYTES: on the checkpointer's thread,
 * or here when there is none (as SQLite's own auto-checkpoint would). */
static int db_wal_hook(void *arg, sqlite3 *conn, const char *dbname, int pages)
{
	struct db *db = arg;
	struct db_checkpointer *c = db->ckpt;

	db_publish(db);
	if (pages < db->ckpt_pages)
		return SQLITE_OK;
	if (!c) {
		sqlite3_wal_checkpoint_v2(conn, dbname, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
		return SQLITE_OK;
	}
	pthread_mutex_lock(&c->mu);
	c->due = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
	return SQLITE_OK;
}

/* Starts the checkpointer of db (in WAL mode); on failure the writer
 * checkpoints itself, which is slower but correct. */
static void db_checkpointer_start(struct db *db, const char *path)
{
	struct db_checkpointer *c = calloc(1, sizeof *c);
	pthread_condattr_t attr;
	long long page;

	if (!c)
		return;
	page = db_scalar(db_prep(db, "PRAGMA page_size", ""), 0);   /* once: not kept */
	db->ckpt_pages = (int)(DB_CHECKPOINT_BYTES / (page > 0 ? page : 4096));
	c->db = db;
	pthread_mutex_init(&c->mu, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);     /* mono_deadline */
	pthread_cond_init(&c->cv, &attr);
	pthread_condattr_destroy(&attr);
	/* A connection that has read nothing does not know the file is in
	 * WAL mode yet: its checkpoints would do nothing and say so only
	 * through their frame counts (-1).  The journal mode makes it look. */
	if (asprintf(&c->wal, "%s-wal", path) < 0)
		c->wal = NULL;
	if (!c->wal ||
	    sqlite3_open_v2(path, &c->conn, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
	    sqlite3_exec(c->conn, "PRAGMA journal_mode", NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(c->conn, "PRAGMA journal_size_limit = " DB_STR(DB_WAL_KEEP_BYTES),
			 NULL, NULL, NULL) != SQLITE_OK ||
	    pthread_create(&c->thread, NULL, db_checkpointer_main, c) != 0) {
		log_warn("db: no checkpointer thread; commits checkpoint themselves");
		sqlite3_close(c->conn);
		pthread_cond_destroy(&c->cv);
		pthread_mutex_destroy(&c->mu);
		free(c->wal);
		free(c);
		return;
	}
	sqlite3_busy_timeout(c->conn, DB_BUSY_TIMEOUT_MS);
	pthread_mutex_lock(&c->mu);     /* the hook reads db->ckpt under the lock */
	__atomic_store_n(&db->ckpt, c, __ATOMIC_RELEASE);  /* db_external_ask: without */
	pthread_mutex_unlock(&c->mu);
}

static void db_checkpointer_stop(struct db *db)
{
	struct db_checkpointer *c = db->ckpt;

	if (!c)
		return;
	/* db_close: no commit, so no hook, runs now; nor any reader of the
	 * version (kpcid's server is stopped) */
	__atomic_store_n(&db->ckpt, NULL, __ATOMIC_RELEASE);
	pthread_mutex_lock(&c->mu);
	c->stop = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
	pthread_join(c->thread, NULL);
	sqlite3_close(c->conn);
	pthread_cond_destroy(&c->cv);
	pthread_mutex_destroy(&c->mu);
	free(c->wal);
	free(c);
}

/* SQLite's own settings, before it starts: no memory statistics, which
 * take a global mutex on every allocation. */
static void db_sqlite_config(void)
{
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	sqlite3_config(SQLITE_CONFIG_LOG, db_fault_log, NULL);     /* db/db_health.c */
}

/* Creates path, when it does not exist, readable by its owner only: it
 * holds the token hashes, and SQLite gives the WAL the file's mode. */
static void db_create_private(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd >= 0)
		close(fd);
}

/*
 * The writer is opened without SQLite's mutex (SQLITE_OPEN_NOMUTEX):
 * db->lock already serialises every use of it, and sqlite3_changes and
 * sqlite3_last_insert_rowid depend on that anyway.  SQLite's mutex would
 * be taken again on each bind, step and reset, about 6% of what a poll's
 * inserts cost.  The statement helpers check the lock (db_held).
 */
int db_open_at(struct db **out, const char *path, int version, char **cause)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct db *db;

	*out = NULL;
	db = calloc(1, sizeof *db);
	if (!db)
		return fail_cause(cause, "out of memory");
	pthread_once(&once, db_sqlite_config);
	pthread_mutex_init(&db->lock, NULL);
	pthread_mutex_init(&db->rlock, NULL);
	pthread_cond_init(&db->rcond, NULL);
	db->ckpt_pages = DB_CHECKPOINT_BYTES / 4096;
	db->path = strdup(path);
	db_lock(db);                    /* no one else has db yet: for db_held */
	if (!db->path) {
		fail_cause(cause, "out of memory");
		goto fail;
	}
	db_create_private(path);
	if (sqlite3_open_v2(path, &db->conn, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		fail_cause(cause, "cannot open database %s: %s", path,
			   db->conn ? sqlite3_errmsg(db->conn) : "out of memory");
		goto fail;
	}
	db->writer.conn = db->conn;
	sqlite3_busy_timeout(db->conn, DB_BUSY_TIMEOUT_MS);
	sqlite3_update_hook(db->conn, db_update_hook, db);
	sqlite3_wal_hook(db->conn, db_wal_hook, db);    /* replaces the auto-checkpoint */
	/* A new file gets 16 KiB pages (SQLite's default is 4 KiB); a file
	 * that has pages keeps its size.  The store of a poll of 10,000 new
	 * commits ran about 15% faster: fewer pages to split, find and write
	 * to the WAL for the same rows (docs/watch.md).  It is also made in
	 * incremental auto-vacuum mode, so that the pages the fold of old
	 * samples frees can be given back (db/db_fold.c); a file made before
	 * keeps its mode (the pragma is not even tried on it: it reads pages
	 * a damaged file may not have whole) and reuses them for new rows. */
	if (db_exec(db, "PRAGMA page_size = " DB_STR(DB_PAGE_SIZE)) < 0 ||
	    (db_scalar(db_prep(db, "PRAGMA page_count", ""), -1) == 0 &&
	     db_exec(db, "PRAGMA auto_vacuum = INCREMENTAL") < 0) ||
	    db_exec(db, "PRAGMA journal_mode = WAL") < 0 ||
	    db_exec(db, "PRAGMA synchronous = NORMAL") < 0 ||
	    db_exec(db, "PRAGMA journal_size_limit = " DB_STR(DB_WAL_KEEP_BYTES)) < 0) {
		fail_cause(cause, "cannot set up database %s: %s", path, sqlite3_errmsg(db->conn));
		goto fail;
	}
	if (db_migrate(db, version, cause) < 0)
		goto fail;
	if (db_exec(db, "PRAGMA foreign_keys = ON") < 0) {
		fail_cause(cause, "cannot set up database %s: %s", path, sqlite3_errmsg(db->conn));
		goto fail;
	}
	db_checkpointer_start(db, path);
	db_unlock(db);
	*out = db;
	return DB_OK;
fail:
	db_unlock(db);
	db_close(db);
	return DB_ERR;
}

int db_open(struct db **out, const char *path, char **cause)
{
	return db_open_at(out, path, db_migrations_count, cause);
}

void db_close(struct db *db)
{
	if (!db)
		return;
	db_checkpointer_stop(db);
	for (int i = 0; i < db->nreaders; i++) {   /* before the writer: it is the last */
		db_conn_close(db->readers[i]);
		free(db->readers[i]);
	}
	sqlite3_finalize(db->data_version);
	db->writer.conn = db->conn;     /* also when db_open_at failed early */
	db_conn_close(&db->writer);
	pthread_cond_destroy(&db->rcond);
	pthread_mutex_destroy(&db->rlock);
	pthread_mutex_destroy(&db->lock);
	free(db->path);
	free(db);
}

int db_ping(struct db *db)
{
	long long v;

	db_read_lock(db);
	v = db_scalar(db_prepk(db, "SELECT 1", ""), 0);
	db_read_unlock(db);
	return v == 1 ? DB_OK : DB_ERR;
}

/* A row of db_status's jobs, for db_rows_into. */
static int db_job_count_row(sqlite3_stmt *st, void *rec)
{
	struct rec_job_count *c = rec;

	c->n = sqlite3_column_int64(st, 1);
	return db_column_copy(&c->state, st, 0) != DB_OK || !c->state;
}

int db_status(struct db *db, struct rec_status *out)
{
	size_t max;
	int rc;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	max = (size_t)db_scalar(db_prepk(db, "SELECT count(DISTINCT state) FROM jobs", ""), 0);
	out->jobs = calloc(max + 1, sizeof *out->jobs);
	rc = out->jobs ? db_rows_into(db_prepk(db, "SELECT state, count(*) AS n FROM jobs "
					       "GROUP BY state", ""), out->jobs,
				      sizeof *out->jobs, max, &out->njobs, db_job_count_row)
		       : DB_ERR;
	out->runners = db_scalar(db_prepk(db, "SELECT count(*) FROM runners", ""), 0);
	out->samples = db_scalar(db_prepk(db, "SELECT rows FROM sample_count WHERE id = 1", ""), 0);
	out->schema_version = db_version_locked(db);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_status_dispose(out);
	return rc;
}
