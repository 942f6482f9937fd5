/*
 * db_internal.h - what the files of db/ share: the connection and the
 * statement helpers.  Only the files in db/ include this; everything else sees
 * db/db.h.  A data-access file per subject (db/db_<subject>.c) keeps
 * each part of the schema's queries together.
 */
#ifndef KPCI_DB_INTERNAL_H
#define KPCI_DB_INTERNAL_H

#include <pthread.h>

#include <jansson.h>
#include <sqlite3.h>

struct db {
	sqlite3 *conn;
	pthread_mutex_t lock;   /* serialises every use of conn */
};

/* Sets *cause (if cause) to a malloc'd sentence; returns DB_ERR. */
int db_fail(char **cause, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
long long db_now(void);

/*
 * Prepares sql and binds one argument per letter of types: i int,
 * I long long, d double, s text (NULL binds NULL), j json_t * (compact
 * text).  NULL on error (logged).
 */
sqlite3_stmt *db_prep(struct db *db, const char *sql, const char *types, ...);
/* Steps a statement that returns no rows and finalizes it: DB_OK,
 * DB_INVALID for a violated constraint, DB_ERR. */
int db_exec_st(struct db *db, sqlite3_stmt *st);
/* Runs literal SQL without parameters. */
int db_exec(struct db *db, const char *sql);
/* First column of the first row as an integer, def when none; finalizes. */
long long db_scalar(sqlite3_stmt *st, long long def);
/* All rows as a JSON array of objects (a column "x_json" becomes "x",
 * parsed); finalizes.  NULL on error. */
json_t *db_rows(struct db *db, sqlite3_stmt *st);

/* The caller holds db->lock around every use of the helpers above. */
void db_lock(struct db *db);
void db_unlock(struct db *db);
/* BEGIN IMMEDIATE; db_end commits when rc is DB_OK, else rolls back, and
 * returns rc (DB_ERR when the commit failed). */
int db_begin(struct db *db);
int db_end(struct db *db, int rc);

#endif
