/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_core.h - the handle of kpci's SQLite file, the result codes, opening
 * and migrating, table versions and the health of the storage (db/db.h
 * includes this and every table family).  db/ is the only place that
 * includes sqlite3.h.
 *
 * db_open() applies the migrations in db/migrations/ (each in one
 * transaction under PRAGMA user_version) and sets WAL, foreign keys and a
 * busy timeout.  Every statement is prepared with bound parameters.  A
 * struct db is safe to share between threads: writes are serialised on
 * one connection, reads run on a pool of read connections beside it.
 * Functions return DB_OK (0) or a negative DB_* code; with a
 * `cause` argument, a failure also leaves one malloc'd sentence there.
 * Lists come back as jansson arrays of objects (caller owns them).
 */
#ifndef KPCI_DB_CORE_H
#define KPCI_DB_CORE_H

#include <jansson.h>

#include "lib/proto.h"
#include "lib/rec.h"
#include "lib/rec_lists.h"
#include "lib/verdict.h"

enum {
	DB_OK = 0,
	DB_ERR = -1,        /* SQLite or memory failure; fail_cause returns it too */
	DB_NOTFOUND = -2,   /* no such row */
	DB_CONFLICT = -3,   /* the row is not in a state that allows this */
	DB_INVALID = -4,    /* the input is not acceptable: malformed, too much asked */
	DB_MISMATCH = -5,   /* the input contradicts what is stored (a metric's unit) */
	DB_DENIED = -6,     /* the caller may not do this (a class its token does not serve) */
};

#define DB_BUSY_TIMEOUT_MS 5000
#define DB_CHECKPOINT_BYTES (4 << 20) /* WAL after a commit that starts a checkpoint */
#define DB_PAGE_SIZE 16384          /* bytes, of a database file kpci creates */
#define DB_WAL_KEEP_BYTES 16777216  /* the WAL is cut to this (16 MiB) when it starts over */
#define DB_WAL_TRUNCATE_BYTES (64 << 20) /* a larger WAL is emptied by a TRUNCATE checkpoint */
#define DB_TRUNCATE_WAIT_MS 200     /* how long that checkpoint waits for readers */
#define DB_MAX_LIST 1000            /* rows one list call returns at most */
#define DB_MAX_READERS 16           /* read connections of one struct db at most */
#define DB_SHA_MAX REC_SHA_MAX      /* hex digits of a commit id (SHA-256 git) */

struct db;

/* Opens (creating) path and migrates it to the latest schema. */
int db_open(struct db **out, const char *path, char **cause);
/* The same, but stops at schema `version` (tests of each migration step). */
int db_open_at(struct db **out, const char *path, int version, char **cause);
void db_close(struct db *db);
int db_schema_version(struct db *db);
int db_latest_version(void);
/* 0 when a trivial query works. */
int db_ping(struct db *db);
/*
 * A version of what the NULL-terminated list of tables (NULL: every
 * table) holds, as text in
 * out: it changes whenever a row of one of them is inserted, updated or
 * deleted through this connection, and when another connection (the
 * `kpcid token` command, sqlite3) has committed anything: that is looked
 * for at most every DB_EXTERNAL_CHECK_MS, so another process's write is
 * seen within that time.  Answers built only from those tables may be
 * reused while it stays the same.  Takes the connection's lock only for
 * that look; 0, or -1.
 */
#define DB_EXTERNAL_CHECK_MS 250
int db_tables_version(struct db *db, char *out, size_t n, const char *const *tables);
/* The same version without calling SQLite, for a thread that must not
 * wait (kpcid's event-loop threads): -1 also where db_tables_version would
 * ask SQLite now (the look for other processes' writes is due and the
 * writer is free); the caller then asks db_tables_version on a thread
 * that may wait.  While it is called, the checkpointer's thread reads
 * PRAGMA data_version for it every half of DB_EXTERNAL_CHECK_MS, so that
 * -1 is rare.  Takes no lock but a try of the writer's (and, to wake
 * that thread after a silence, the checkpointer's mutex, held briefly). */
int db_tables_version_known(struct db *db, char *out, size_t n, const char *const *tables);

/* --- health of the storage (db/db_health.c) ------------------------ */
enum db_fault {
	DB_FAULT_NONE = 0,
	DB_FAULT_FULL,              /* the disk (or the file size limit) is full */
	DB_FAULT_IO,                /* the system refused a read or a write */
	DB_FAULT_CORRUPT,           /* SQLite found the file damaged */
};
/* The worst fault the calling thread's statements met since its previous
 * call, with SQLite's message in msg; then forgets it.  DB_FAULT_NONE. */
int db_fault_take(char *msg, size_t n);
/* When SQLite last reported a damaged database in this process (0: not
 * since start or db_corruption_clear), with its message in msg. */
long long db_corruption_seen(char *msg, size_t n);
void db_corruption_clear(void);
/* PRAGMA integrity_check of the whole file, on a connection of its own:
 * DB_OK when it is whole; DB_INVALID with its findings in *report (one
 * line, "; " between them; caller frees); DB_ERR when it cannot run or
 * *stop (if stop) became non-zero meanwhile. */
int db_integrity_check(struct db *db, char **report, const int *stop);
/* Sizes of the database file and its WAL, and the bytes free for them. */
struct db_storage {
	long long db_bytes, wal_bytes, free_bytes;
};
int db_storage(struct db *db, struct db_storage *out);
/* Writes a consistent copy of the database to the new file path (mode
 * 0600) while others go on writing, and checks it whole (db/db_backup.c):
 * DB_OK with its size in *bytes; DB_CONFLICT when path exists; DB_ERR
 * with a sentence, and no file left at path, when it cannot. */
int db_backup(struct db *db, const char *path, long long *bytes, char **cause);
/* What db_compact found and did: the file's bytes before and after
 * (the WAL checkpointed into it first), its free pages before, and its
 * auto-vacuum mode before (0 none, 1 full, 2 incremental). */
struct db_compact {
	long long bytes_before, bytes_after, free_pages, mode_before;
};
/* Rewrites the database file at path in incremental auto-vacuum mode
 * without its free pages (PRAGMA auto_vacuum = INCREMENTAL; VACUUM), for
 * `kpcid compact`, offline (db/db_compact.c): DB_CONFLICT when another
 * connection has the file open (a kpcid serving it); DB_INVALID when
 * its file system has less free than VACUUM needs; DB_ERR otherwise;
 * each with a sentence. */
int db_compact(const char *path, struct db_compact *out, char **cause);
/* Marks series id as failing analysis with why (one sentence) and clears
 * its dirty flag, unless a sample newer than last_sample_id arrived (then
 * DB_CONFLICT: it stays dirty).  A new sample makes it dirty again; a
 * stored analysis clears the mark (migration 0012). */
int db_series_failed(struct db *db, long long id, long long last_sample_id, const char *why);
/* How many series are marked failing, and the newest one's id and why
 * (why: n bytes, "" when none). */
int db_series_failures(struct db *db, long long *count, long long *id, char *why, size_t n);

/* Counts for the status line into *out: jobs by state (in state order),
 * runners, samples, the schema version (caller disposes): DB_OK or
 * DB_ERR.  version and the pipeline are the caller's to add. */
int db_status(struct db *db, struct rec_status *out);

/* --- retention: raw iterations folded (migration 0022; db/db_fold.c) - */
/* The iterations of one (job, attempt, series) as one folded row keeps
 * them: n 0 on a raw iteration.  A reader that sums a job up for the
 * verdict (db_fold_job) gets from it exactly what verdict_job_of gets
 * from the iterations; the row's value is their median. */
struct db_fold {
	long long n;
	double mean, ss;            /* of the values */
	double lmean, lss;          /* of their logarithms; NAN: a value <= 0 */
	double min, max;
};
/* The job of verdict_job_of from a folded row (f->n > 0). */
void db_fold_job(struct verdict_job *out, const struct db_fold *f);
/* What one fold pass did. */
struct db_fold_result {
	long long jobs, rows, iterations;   /* jobs folded, rows made, iterations they hold */
	int more;                           /* stopped by its time budget: work is left */
};
/*
 * Folds, from where the last pass stopped, the jobs whose results were
 * all received before cutoff (unix seconds): the raw iterations of each
 * (job, attempt, series) of more than one become one row (iteration -1,
 * value their median, struct db_fold).  A few jobs per transaction, each
 * job whole or not at all; the writer is yielded between transactions
 * and the pass returns after about budget_ms.  In a file with
 * incremental auto-vacuum the freed pages are then given back a few at a
 * time.  Idempotent: a folded row is never folded again.  DB_OK or DB_ERR.
 */
int db_fold_pass(struct db *db, long long cutoff, int budget_ms, struct db_fold_result *out);
/* The fold's totals and the file's free pages, for health. */
struct db_fold_status {
	long long samples;                  /* rows of samples: raw iterations + folded rows
					     * (kept in sample_count, migration 0023) */
	long long rows, iterations, jobs;   /* folded rows, the iterations they hold, jobs */
	long long next_job;                 /* every job below it was looked at */
	long long last_run_at, last_fold_at; /* 0: never */
	long long free_bytes;               /* pages on the file's free list */
	int incremental;                    /* auto_vacuum = INCREMENTAL: freed pages go back */
};
int db_fold_status(struct db *db, struct db_fold_status *out);

#endif
