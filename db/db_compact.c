// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_compact.c - `kpcid compact`: an offline rewrite of the database in
 * incremental auto-vacuum mode, without its free pages.
 *
 * A file made before kpcid made its files in incremental auto-vacuum
 * mode keeps the pages the fold of old samples frees (db/db_fold.c) on
 * its free list: new rows reuse them, but the file does not shrink, and
 * a file's mode changes only with a VACUUM, a rewrite of the whole file.
 * VACUUM copies the data into a temporary database and then writes it
 * back through the WAL, so it needs about twice the data's size free;
 * the temporary copy is put in the database's directory, so that one
 * file system is counted.  It takes the file exclusively: SQLite's lock
 * in exclusive locking mode, which it cannot get while another
 * connection (a kpcid serving the file, which keeps its writer open)
 * has the file open, and which keeps a kpcid started meanwhile out.
 */
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <sqlite3.h>

#include "db/db_core.h"
#include "lib/fail.h"

/* The value of a one-row PRAGMA on conn, or -1. */
static long long db_compact_pragma(sqlite3 *conn, const char *sql)
{
	sqlite3_stmt *st = NULL;
	long long v = -1;

	if (sqlite3_prepare_v2(conn, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static long long db_compact_size(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 ? (long long)sb.st_size : -1;
}

/* Takes the file for conn alone and checkpoints its WAL into it. */
static int db_compact_take(sqlite3 *conn, const char *path, char **cause)
{
	int rc;

	if (sqlite3_exec(conn, "PRAGMA locking_mode = EXCLUSIVE", NULL, NULL, NULL) != SQLITE_OK)
		return fail_cause(cause, "compact: cannot lock %s: %s", path, sqlite3_errmsg(conn));
	rc = sqlite3_exec(conn, "BEGIN EXCLUSIVE; SELECT count(*) FROM sqlite_schema; COMMIT",
			  NULL, NULL, NULL);
	if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED) {
		fail_cause(cause, "compact: %s is in use (a kpcid serving it, or another program "
			   "has it open): stop it first, compact rewrites the whole file", path);
		return DB_CONFLICT;
	}
	if (rc != SQLITE_OK ||
	    sqlite3_exec(conn, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL) != SQLITE_OK)
		return fail_cause(cause, "compact: cannot read %s: %s", path, sqlite3_errmsg(conn));
	return DB_OK;
}

/* DB_OK when the file system of dir has room for VACUUM of data bytes. */
static int db_compact_room(const char *path, const char *dir, long long data, char **cause)
{
	struct statvfs vfs;
	long long avail, need = 2 * data + (1 << 20);

	if (statvfs(dir, &vfs) < 0)
		return fail_cause(cause, "compact: cannot read the free space of %s: %m", dir);
	avail = (long long)vfs.f_bavail * (long long)vfs.f_frsize;
	if (avail < need) {
		fail_cause(cause, "compact: %s holds %lld bytes of data and %s has %lld bytes "
			   "free, less than the %lld VACUUM needs (about twice the data: a "
			   "temporary copy, then the file written again through its WAL); free "
			   "some space first", path, data, dir, avail, need);
		return DB_INVALID;
	}
	return DB_OK;
}

int db_compact(const char *path, struct db_compact *out, char **cause)
{
	sqlite3 *conn = NULL;
	char *copy = strdup(path), *dir;
	long long page, pages;
	int rc;

	memset(out, 0, sizeof *out);
	if (!copy)
		return fail_cause(cause, "out of memory");
	dir = dirname(copy);
	if (sqlite3_open_v2(path, &conn, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		rc = fail_cause(cause, "compact: cannot open %s: %s", path,
				conn ? sqlite3_errmsg(conn) : "out of memory");
		goto out;
	}
	rc = db_compact_take(conn, path, cause);
	if (rc != DB_OK)
		goto out;
	page = db_compact_pragma(conn, "PRAGMA page_size");
	pages = db_compact_pragma(conn, "PRAGMA page_count");
	out->free_pages = db_compact_pragma(conn, "PRAGMA freelist_count");
	out->mode_before = db_compact_pragma(conn, "PRAGMA auto_vacuum");
	out->bytes_before = db_compact_size(path);
	rc = db_compact_room(path, dir, (pages - out->free_pages) * page, cause);
	if (rc != DB_OK)
		goto out;
	/* SQLite reads it at each temporary file it makes; nothing else in
	 * this process uses SQLite meanwhile */
	sqlite3_free(sqlite3_temp_directory);
	sqlite3_temp_directory = sqlite3_mprintf("%s", dir);
	if (sqlite3_exec(conn, "PRAGMA auto_vacuum = INCREMENTAL; VACUUM; "
			 "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL) != SQLITE_OK) {
		rc = fail_cause(cause, "compact: VACUUM of %s failed: %s (the file is as it was)",
				path, sqlite3_errmsg(conn));
		goto out;
	}
	if (db_compact_pragma(conn, "PRAGMA auto_vacuum") != 2) {
		rc = fail_cause(cause, "compact: %s did not take incremental auto-vacuum mode",
				path);
		goto out;
	}
	out->bytes_after = db_compact_size(path);
	rc = DB_OK;
out:
	sqlite3_close(conn);
	free(copy);
	return rc;
}
