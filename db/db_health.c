// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_health.c - what kpcid's health report says about its storage: the
 * faults SQLite met (a full disk, an I/O error, a damaged file), an
 * integrity check of the whole file, and the sizes of the database, its
 * WAL and the free space beside them.  SQLite tells us about faults
 * through its error log (SQLITE_CONFIG_LOG, set in db/db.c), which runs
 * in the thread whose statement met them.
 */
#include <libgen.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>

#include "db/db_core.h"
#include "db/db_internal.h"
#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/log.h"

#define DB_FAULT_MSG 256            /* bytes of a fault's message kept */
#define DB_INTEGRITY_REPORT 4096    /* bytes of an integrity report at most */
#define DB_FAULT_LOG_S 10           /* seconds between two log lines of faults */

/* The worst fault the thread met since db_fault_take, with its message. */
static __thread int db_fault_code;
static __thread char db_fault_msg[DB_FAULT_MSG];

/* When a fault was last logged, and how many were not since. */
static long long db_fault_logged_at;
static unsigned long long db_fault_unlogged;

/* The last corruption SQLite reported in this process. */
static pthread_mutex_t db_corrupt_lock = PTHREAD_MUTEX_INITIALIZER;
static long long db_corrupt_at;
static char db_corrupt_msg[DB_FAULT_MSG];

void db_fault_log(void *arg, int code, const char *msg)
{
	int fault;

	(void)arg;
	switch (code & 0xff) {
	case SQLITE_FULL: fault = DB_FAULT_FULL; break;
	case SQLITE_IOERR: fault = DB_FAULT_IO; break;
	case SQLITE_CORRUPT:
	case SQLITE_NOTADB: fault = DB_FAULT_CORRUPT; break;
	default: return;
	}
	if (fault >= db_fault_code) {
		db_fault_code = fault;
		snprintf(db_fault_msg, sizeof db_fault_msg, "%s", msg ? msg : "");
	}
	pthread_mutex_lock(&db_corrupt_lock);
	if (fault == DB_FAULT_CORRUPT) {
		db_corrupt_at = db_now();
		snprintf(db_corrupt_msg, sizeof db_corrupt_msg, "%s", msg ? msg : "");
	}
	/* a damaged file can report on every statement: one line per
	 * DB_FAULT_LOG_S with the count of the others */
	if (db_now() - db_fault_logged_at >= DB_FAULT_LOG_S) {
		log_warn("db: SQLite: %s (code %d)%s", msg ? msg : "", code,
			 db_fault_unlogged ? "; and faults not logged since the last line" : "");
		db_fault_logged_at = db_now();
		db_fault_unlogged = 0;
	} else {
		db_fault_unlogged++;
	}
	pthread_mutex_unlock(&db_corrupt_lock);
}

int db_fault_take(char *msg, size_t n)
{
	int f = db_fault_code;

	if (msg && n)
		snprintf(msg, n, "%s", f ? db_fault_msg : "");
	db_fault_code = DB_FAULT_NONE;
	db_fault_msg[0] = '\0';
	return f;
}

long long db_corruption_seen(char *msg, size_t n)
{
	long long at;

	pthread_mutex_lock(&db_corrupt_lock);
	at = db_corrupt_at;
	if (msg && n)
		snprintf(msg, n, "%s", db_corrupt_msg);
	pthread_mutex_unlock(&db_corrupt_lock);
	return at;
}

void db_corruption_clear(void)
{
	pthread_mutex_lock(&db_corrupt_lock);
	db_corrupt_at = 0;
	db_corrupt_msg[0] = '\0';
	pthread_mutex_unlock(&db_corrupt_lock);
}

/* SQLite's progress handler of the check: non-zero stops it. */
static int db_check_stopped(void *arg)
{
	const int *stop = arg;

	return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
}

/*
 * The check runs on a connection of its own, in one statement (one
 * snapshot), so writers go on meanwhile; it reads the whole file.
 */
int db_integrity_check(struct db *db, char **report, const int *stop)
{
	sqlite3 *conn = NULL;
	sqlite3_stmt *st = NULL;
	struct buf out;
	int rc, ok = 0, rows = 0;

	*report = NULL;
	if (sqlite3_open_v2(db->path, &conn, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		fail_cause(report, "cannot open %s to check it: %s", db->path,
			   conn ? sqlite3_errmsg(conn) : "out of memory");
		sqlite3_close(conn);
		return DB_ERR;
	}
	sqlite3_busy_timeout(conn, DB_BUSY_TIMEOUT_MS);
	sqlite3_progress_handler(conn, 10000, db_check_stopped, (void *)(uintptr_t)stop);
	buf_init(&out, DB_INTEGRITY_REPORT);
	rc = sqlite3_prepare_v2(conn, "PRAGMA integrity_check(" "20" ")", -1, &st, NULL);
	while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *line = (const char *)sqlite3_column_text(st, 0);

		rc = SQLITE_OK;
		if (line && !strcmp(line, "ok") && rows == 0) {
			ok = 1;
			continue;
		}
		/* a row may hold several lines ("*** in database main ***\n...") */
		for (const char *p = line ? line : "?"; *p; p += strcspn(p, "\n"), p += !!*p) {
			int n = (int)strcspn(p, "\n");

			if (n && strncmp(p, "***", 3))
				buf_printf(&out, "%s%.*s", rows++ ? "; " : "", n, p);
		}
	}
	if (rc == SQLITE_INTERRUPT) {
		sqlite3_finalize(st);
		sqlite3_close(conn);
		buf_dispose(&out);
		return fail_cause(report, "the integrity check was stopped");
	}
	if (rc != SQLITE_DONE && rc != SQLITE_OK) {
		/* a file too damaged to be walked is a finding too */
		buf_printf(&out, "%sthe check stopped: %s", rows++ ? "; " : "",
			   sqlite3_errmsg(conn));
		ok = 0;
	}
	sqlite3_finalize(st);
	sqlite3_close(conn);
	if (ok && rows == 0) {
		buf_dispose(&out);
		return DB_OK;
	}
	*report = strdup(out.len ? buf_str(&out) : "the check found problems");
	buf_dispose(&out);
	return DB_INVALID;
}

int db_storage(struct db *db, struct db_storage *out)
{
	struct statvfs fs;
	struct stat st;
	char *wal = NULL, *dir = strdup(db->path);
	int rc = DB_OK;

	memset(out, 0, sizeof *out);
	if (!dir || asprintf(&wal, "%s-wal", db->path) < 0) {
		free(dir);
		return DB_ERR;
	}
	if (stat(db->path, &st) == 0)
		out->db_bytes = (long long)st.st_size;
	if (stat(wal, &st) == 0)
		out->wal_bytes = (long long)st.st_size;
	if (statvfs(dirname(dir), &fs) == 0)
		out->free_bytes = (long long)fs.f_bavail * (long long)fs.f_frsize;
	else
		rc = DB_ERR;
	free(wal);
	free(dir);
	return rc;
}

int db_series_failed(struct db *db, long long id, long long last_sample_id, const char *why)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db,
		"UPDATE series SET dirty = 0, analysis_error = ?, analysis_failed_at = ? "
		"WHERE id = ? AND (SELECT IFNULL(MAX(s.id), 0) FROM samples s "
		" WHERE s.series_id = series.id) = ?", "sIII", why, db_now(), id, last_sample_id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_CONFLICT;
	db_unlock(db);
	return rc;
}

int db_series_failures(struct db *db, long long *count, long long *id, char *why, size_t n)
{
	sqlite3_stmt *st;
	int rc = DB_ERR;

	*count = 0;
	*id = 0;
	why[0] = '\0';
	db_read_lock(db);
	st = db_prepk(db, "SELECT (SELECT count(*) FROM series WHERE analysis_error IS NOT NULL), "
		      " id, analysis_error FROM series WHERE analysis_error IS NOT NULL "
		      "ORDER BY analysis_failed_at DESC, id DESC LIMIT 1", "");
	if (st) {
		rc = DB_OK;
		if (sqlite3_step(st) == SQLITE_ROW) {
			*count = sqlite3_column_int64(st, 0);
			*id = sqlite3_column_int64(st, 1);
			snprintf(why, n, "%s", (const char *)sqlite3_column_text(st, 2));
		}
	}
	db_done(st);
	db_read_unlock(db);
	return rc;
}
