// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_backup.c - an online copy of the database (`kpcid backup PATH`).
 *
 * SQLite's VACUUM INTO writes the database as one read transaction sees
 * it, on a read-only connection of its own: a consistent snapshot of
 * every transaction committed before it began (a result is stored in
 * one, so a copy holds a job's samples whole or not at all), compacted,
 * while kpcid and its runners go on writing (in WAL mode a reader holds
 * no writer back).  The copy is then opened and checked whole before
 * the backup counts as made; a failed one leaves no file.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db_core.h"
#include "db/db_internal.h"
#include "lib/fail.h"

/* PRAGMA integrity_check of the file at path: DB_OK when it says "ok". */
static int db_backup_check(const char *path, char **cause)
{
	sqlite3 *conn = NULL;
	sqlite3_stmt *st = NULL;
	const char *first;
	int rc = DB_ERR;

	if (sqlite3_open_v2(path, &conn, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(conn, "PRAGMA integrity_check(1)", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW) {
		first = (const char *)sqlite3_column_text(st, 0);
		if (first && !strcmp(first, "ok"))
			rc = DB_OK;
		else
			fail_cause(cause, "the copy %s is not whole: %s", path, first ? first : "?");
	} else {
		fail_cause(cause, "cannot check the copy %s: %s", path,
			   conn ? sqlite3_errmsg(conn) : "out of memory");
	}
	sqlite3_finalize(st);
	sqlite3_close(conn);
	return rc;
}

int db_backup(struct db *db, const char *path, long long *bytes, char **cause)
{
	sqlite3 *conn = NULL;
	sqlite3_stmt *st = NULL;
	struct stat sb;
	int fd, rc;

	*bytes = 0;
	if (!path || !*path)
		return fail_cause(cause, "backup: no file to write the copy to");
	/* made here, empty and private (VACUUM INTO fills an empty file), so
	 * that nothing else's file is written or removed */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		fail_cause(cause, "backup: cannot make %s: %m%s", path,
			   errno == EEXIST ? " (a copy is written to a new file only)" : "");
		return errno == EEXIST ? DB_CONFLICT : DB_ERR;
	}
	close(fd);
	if (sqlite3_open_v2(db->path, &conn, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		fail_cause(cause, "backup: cannot open %s: %s", db->path,
			   conn ? sqlite3_errmsg(conn) : "out of memory");
		rc = SQLITE_ERROR;
		goto out;
	}
	sqlite3_busy_timeout(conn, DB_BUSY_TIMEOUT_MS);
	rc = sqlite3_prepare_v2(conn, "VACUUM INTO ?", -1, &st, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	if (rc != SQLITE_DONE)
		fail_cause(cause, "backup: cannot write %s: %s", path, sqlite3_errmsg(conn));
	else if (db_backup_check(path, cause) != DB_OK)
		rc = SQLITE_CORRUPT;
out:
	sqlite3_finalize(st);
	sqlite3_close(conn);
	if (rc != SQLITE_DONE) {
		unlink(path);       /* a part of a copy is no backup */
		return DB_ERR;
	}
	if (stat(path, &sb) == 0)
		*bytes = (long long)sb.st_size;
	return DB_OK;
}
