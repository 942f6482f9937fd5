/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_internal.h - what the files of db/ share: the connection and the
 * statement helpers.  Only the files in db/ include this; everything else sees
 * db/db.h.  A data-access file per subject (db/db_<subject>.c) keeps
 * each part of the schema's queries together.
 */
#ifndef KPCI_DB_INTERNAL_H
#define KPCI_DB_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include <jansson.h>
#include <sqlite3.h>

#include "db/db_core.h"          /* DB_MAX_READERS */

struct rec_runner;
struct db_fold;

#define DB_MAX_TABLES 64

#define DB_KEPT_MAX 256             /* statements kept prepared per connection */

/* Rows written to one table through this connection (db_tables_version). */
struct db_written {
	char table[32];
	unsigned long long rows;        /* committed: read without the lock */
	unsigned long long pending;     /* written, not yet committed (writer's lock) */
};

/* A statement kept prepared on a connection (db_prepk). */
struct db_kept {
	unsigned hash;                  /* of its SQL text: where its slot is */
	sqlite3_stmt *st;
	int busy;                       /* handed out, not yet given back */
};

/*
 * One connection with its kept statements: the writer (used under
 * db->lock) or a reader (used by the thread that took it from the pool).
 * Only the thread holding it touches it.
 */
struct db_conn {
	sqlite3 *conn;
	struct db_conn *prev;           /* what the holding thread held before */
	struct db *prev_db;
	int depth;                      /* nested db_read_lock calls on it */
	int for_read;                   /* the writer, taken by db_read_lock (no reader) */
	int index;                      /* a reader's place in db->readers */
	struct db_kept kept[DB_KEPT_MAX];
};

/*
 * The counters of written rows are kept by the update hook (under lock),
 * published at commit, and read by db_tables_version without it
 * (atomically), so that a request answered from the answer cache never
 * waits for the connection.
 */
struct db {
	sqlite3 *conn;          /* the writer, opened without SQLite's own mutex:
				 * lock is the only one */
	struct db_conn writer;  /* conn and its kept statements */
	pthread_mutex_t lock;   /* serialises every use of conn */
	pthread_t holder;       /* the thread that holds lock, when held is 1 */
	int held;               /* both written by the holder only (db_held) */
	atomic_int waiting;     /* threads in db_lock, waiting for lock */
	char *path;
	/* the read connections, opened when first needed (db_read_lock) */
	pthread_mutex_t rlock;
	pthread_cond_t rcond;   /* a reader was given back */
	struct db_conn *readers[DB_MAX_READERS];
	int nreaders;           /* slots used (opened, or opening) */
	int free[DB_MAX_READERS], nfree;
	unsigned long long rticket_next, rticket_serving;  /* readers in turn */
	int no_readers;         /* a reader could not be opened: reads take the writer */
	struct db_written written[DB_MAX_TABLES];  /* kept by the update hook */
	size_t nwritten;
	unsigned long long written_other;          /* rows of tables past the array */
	unsigned long long other_pending;
	sqlite3_stmt *data_version;                /* PRAGMA data_version, kept prepared */
	long long external;                        /* its last value */
	long long external_at;                     /* when it was read (monotonic ms) */
	int external_asked;                        /* the checkpointer is woken to read it */
	long long external_wanted;                 /* when db_tables_version_known ran */
	struct db_checkpointer *ckpt;              /* NULL: the writer checkpoints itself */
	int ckpt_pages;                            /* DB_CHECKPOINT_BYTES in pages */
};

/* A runner row as the API shows it (runners r): its topology, current
 * job and the number of unacknowledged drift events. */
#define DB_RUNNER_COLUMNS \
	"r.id, r.name, r.runner_class, r.capabilities AS capabilities_json, " \
	"r.boot_methods AS boot_methods_json, r.topology AS topology_json, r.cpu_model, " \
	"r.numa_nodes, r.cpus, r.kernel_release, r.registered_at, r.last_seen, " \
	"(SELECT j.id FROM jobs j WHERE j.lease_owner = r.id AND j.state = 'running' " \
	" ORDER BY j.id LIMIT 1) AS current_job, " \
	"(SELECT COUNT(*) FROM runner_drift d WHERE d.runner_id = r.id " \
	" AND d.acked_at IS NULL) AS drift_open "
/* Reads a row of DB_RUNNER_COLUMNS into *r (zeroed first; the detail's
 * arrays are left empty); -1 when out of memory, *r then disposed. */
int db_runner_row(sqlite3_stmt *st, struct rec_runner *r);

/*
 * The sha index of commits has two levels (migration 0010): a poll stores
 * its commits at level 0 and db_commits_settle moves them to level 1.  A
 * lookup by sha names both, so that SQLite seeks the index once per level:
 * "JOIN commits c ON " DB_LEVELS("c") " AND c.sha = ...".  Without it the
 * lookup is still right, but scans the table.  SQLite builds the list of
 * levels once per select: a statement that looks up many shas joins them
 * once instead of repeating a sub-select.  A caller whose shas are nearly
 * all at one level may look there first and at the other only for what
 * it missed (db_line_write_locked: the poll's own commits, at level 0).
 */
#define DB_LEVELS(alias) alias ".level IN (0, 1)"

/* 1 when a change (alias c, its series se) is one its series' noise does
 * not keep from being judged, else 0: the series is not noisy, or the
 * change's means differ by more than the series' noise band, up or down
 * (migration 0025; NULL magnitude or band: not judged). */
#define DB_JUDGED(c, se) \
	"(" se ".noisy = 0 OR IFNULL(1 + " c ".magnitude >= " se ".noise_band OR (1 + " c \
	".magnitude) * " se ".noise_band <= 1, 0)) "

/* A change (alias c, its series se) that waits for its confirmation
 * (db_confirm.c): live, a performance change on a commit range, judged
 * (DB_JUDGED), no person's triage (which is the person's call), no
 * outcome yet.  Reports, bisections and the KCIDB export wait for it. */
#define DB_CONFIRM_PENDING(c, se) \
	c ".kind = 'perf' AND " c ".withdrawn_at IS NULL AND " c ".confirm IS NULL " \
	"AND " c ".triaged_by IS NULL AND " c ".good_sha IS NOT NULL AND " c ".bad_sha " \
	"IS NOT NULL AND " c ".good_job_id IS NOT NULL AND " c ".bad_job_id IS NOT NULL " \
	"AND " DB_JUDGED(c, se)
/* ... and one that may be told: confirmed, or triaged by a person. */
#define DB_CONFIRMED(c) "(" c ".confirm = 'confirmed' OR " c ".triaged_by IS NOT NULL) "

/* Finalizes the kept statements of c and closes its connection (the
 * writer last: SQLite checkpoints the WAL when the last one closes).
 * NULL is a no-op. */
void db_conn_close(struct db_conn *c);

long long db_now(void);

/* db/db_migrate.c.  Migrations run with foreign keys off, as SQLite's
 * procedure for changing a table's schema needs (a rebuilt table is
 * dropped and its copy renamed without touching the rows that refer to
 * it); each one is checked with foreign_key_check of the tables it can
 * have affected before it commits: each table its statements write,
 * create, alter or drop, each table new after it, and each table with a
 * foreign key to a table it inserts into, deletes from or drops, or to a
 * key column it updates (as SQLite compiles its statements, by an
 * authorizer: nothing to declare).  A migration that only adds an index,
 * columns or a table checks no other table. */
struct db_migration;
/* Applies migrations after the current version up to target, one
 * transaction each, so a failure leaves the last good version. */
int db_migrate(struct db *db, int target, char **cause);
/* Turns foreign keys off (the caller turns them on again), applies m
 * in its own transaction and sets user_version to its
 * version; *checked (when not NULL) gets the NULL-terminated names of
 * the tables whose foreign keys were checked (NULL: none), to free with
 * db_names_dispose.  A row left referring to a missing one refuses it. */
int db_migration_apply(struct db *db, const struct db_migration *m, char ***checked,
		       char **cause);
void db_names_dispose(char **v);
int db_version_locked(struct db *db);   /* PRAGMA user_version, -1 on failure */

/*
 * Prepares sql and binds one argument per letter of types: i int,
 * I long long, d double, s text (NULL binds NULL), j json_t * (compact
 * text).  NULL on error (logged).
 */
sqlite3_stmt *db_prep(struct db *db, const char *sql, const char *types, ...);
/*
 * db_prep for a statement that stays prepared: after db_done, the next
 * db_prepk of the same SQL on the connection reuses it instead of
 * compiling it again.  For a statement handed straight to db_scalar,
 * db_ids, db_rows_into or db_exec_st (or ended with db_done), never
 * finalized by hand.
 */
sqlite3_stmt *db_prepk(struct db *db, const char *sql, const char *types, ...);
/* Ends the use of a statement of db_prep (finalized) or db_prepk (reset
 * and kept); NULL is ignored. */
void db_done(sqlite3_stmt *st);
/* Steps a statement that returns no rows and ends it (db_done): DB_OK,
 * DB_INVALID for a violated constraint, DB_ERR. */
int db_exec_st(struct db *db, sqlite3_stmt *st);
/* Runs literal SQL without parameters. */
int db_exec(struct db *db, const char *sql);
/* First column of the first row as an integer, def when none; ends st. */
long long db_scalar(sqlite3_stmt *st, long long def);

/* Makes room for element k of the array *v of elements of size bytes
 * with *cap of them (doubling from 1024): DB_OK, DB_INVALID once k
 * reaches max (the caller says what was too large), DB_ERR when memory is
 * out (*v stays valid). */
int db_grow(void **v, size_t *cap, size_t k, size_t size, size_t max);

/* Column i of the current row as text in out[0..size): valid UTF-8 (a bad
 * byte shown as U+FFFD, as db_column_dup does), cut at a character boundary to
 * fit; "" for NULL. */
void db_column_text(char *out, size_t size, sqlite3_stmt *st, int i);
/* Reads the rows of st, at most limit, into the records of size bytes
 * at v with row (which zeroes its record, and disposes it and returns
 * nonzero when it cannot read it); *n counts the records read.  Ends
 * st.  DB_OK, or DB_ERR with *n records for the caller to dispose. */
int db_rows_into(sqlite3_stmt *st, void *v, size_t size, size_t limit, size_t *n,
		 int (*row)(sqlite3_stmt *st, void *rec));
/* The records for db_rows_into of a list of at most *limit rows of size
 * bytes (a negative *limit becomes 0), zeroed, one spare; NULL when
 * memory is out (caller frees). */
void *db_list_alloc(int *limit, size_t size);
/* The first column of every row of st, at most DB_MAX_LIST, into *ids
 * (caller frees; NULL when none), *n of them.  Ends st.  DB_OK, DB_INVALID
 * past the maximum, or DB_ERR. */
int db_ids(sqlite3_stmt *st, long long **ids, size_t *n);
/* Column i as a malloc'd string repaired as db_column_text repairs it,
 * whole; NULL for SQL NULL (or out of memory). */
char *db_column_dup(sqlite3_stmt *st, int i);
/* Column i (JSON text) parsed: text that is not JSON becomes a string,
 * SQL NULL null (caller owns).  Only for the pass-through fields lib/rec.h
 * names (a job's or build's spec, a build's distributed, a runner's
 * topology and environment, a report's webhook, a bisection's detail, log
 * and result, a report group's spec, env and topology) and the job specs
 * a bisection queues again: JSON that kpci stores and answers or sends as
 * it came and reads nothing of by name, so no record type stands for it.
 * A column that holds a record's own JSON is read into the record's
 * fields instead (db_column_names). */
json_t *db_column_json(sqlite3_stmt *st, int i);
/* Column i, a JSON array of names as rec_names_encode wrote it, into *v
 * and *n (lib/rec_names.h): DB_OK, or DB_ERR when it is not one (SQL NULL
 * included) or memory is out. */
int db_column_names(char ***v, size_t *n, sqlite3_stmt *st, int i);
/* Column i copied as db_column_dup copies it into *out: DB_OK (NULL for
 * SQL NULL), or DB_ERR when out of memory. */
int db_column_copy(char **out, sqlite3_stmt *st, int i);
/* Column i as a measure of a record: REC_NONE for SQL NULL. */
long long db_column_measure(sqlite3_stmt *st, int i);

/* The caller holds db->lock around every use of the helpers above that
 * writes... */
void db_lock(struct db *db);
void db_unlock(struct db *db);
/* db_lock without waiting: 0 when taken, -1 when another thread holds it. */
int db_trylock(struct db *db);
/* ...and either that lock or a read connection around every read: a
 * function that only reads takes db_read_lock instead, which gives the
 * thread a connection of the pool in a read transaction (one snapshot
 * of the WAL, taken at its first statement) so that it waits for no
 * writer.  A thread already reading or writing db keeps its connection
 * (calls nest).  When no reader can be opened, it takes db->lock. */
void db_read_lock(struct db *db);
void db_read_unlock(struct db *db);
/* Stops kpcid (abort) when the calling thread holds neither db's lock
 * nor one of its readers: the statement helpers check it before they
 * touch a connection. */
void db_held(struct db *db, const char *what);
/* 1 when the calling thread holds db's writer (db_lock), in a write or
 * not; 0 when it reads through one of the readers, or through the writer
 * that stands in for them (db_read_lock without readers). */
int db_writer_held(struct db *db);
/* Unlocks, lets the threads waiting for the connection have it (the
 * mutex alone would hand it straight back to a thread that unlocks and
 * locks again), and locks again. */
void db_yield(struct db *db);
/* BEGIN IMMEDIATE; db_end commits when rc is DB_OK, else rolls back, and
 * returns rc (DB_ERR when the commit failed). */
int db_begin(struct db *db);
int db_end(struct db *db, int rc);

/* db_fold.c: the seven columns of a sample's fold (migration 0022) for a
 * SELECT, s the table's alias, and their reader from column i on (n 0
 * on a raw iteration). */
#define DB_FOLD_COLUMNS(s) s ".fold_n, " s ".fold_mean, " s ".fold_ss, " s ".fold_lmean, " \
	s ".fold_lss, " s ".fold_min, " s ".fold_max"
void db_fold_read(struct db_fold *f, sqlite3_stmt *st, int i);

/* db_health.c: SQLite's error log (SQLITE_CONFIG_LOG): notes a full disk,
 * an I/O error or corruption for db_fault_take and the health report. */
void db_fault_log(void *arg, int code, const char *msg);
/* db_conn.c: a statement's failure with SQLite's code rc: a fault (full
 * disk, I/O error, damage) is noted as db_fault_log does, so that the
 * answer says it (507, 503) and health counts it; anything else is logged. */
void db_failed(sqlite3 *conn, int rc);

/* db_drift.c: compares env, an upload's environment, with what runner_id
 * showed before on its boot method; records drift rows and remembers the
 * new values.  Called inside the result's transaction. */
int db_drift_check_locked(struct db *db, long long runner_id, long long job_id,
			  const json_t *env);
/* db_buildfail.c: after build_id's state was stored, opens a build-failure
 * change (a failure after a good build of its tree, branch and config) or
 * marks the open ones fixed (a good build).  The caller holds the lock. */
int db_build_failure_track_locked(struct db *db, long long build_id);

/* db_lines.c: binds text, or NULL for s NULL (SQLITE_STATIC: s outlives
 * the statement's step). */
void db_bind_str(sqlite3_stmt *st, int idx, const char *s);
/* db_lines.c: steps and resets a reused statement; DB_OK or DB_ERR
 * (logged). */
int db_step_reset(struct db *db, sqlite3_stmt *st);
/* db_trees.c: the position of sha on the first-parent line of branch_id,
 * -1 when it is not on it.  The caller holds the lock or a reader. */
long long db_branch_position_locked(struct db *db, long long branch_id, const char *sha);
/* db_builds.c: queues a build job and its build row (db_build_queue
 * inside the caller's transaction). */
int db_build_queue_locked(struct db *db, long long *job_id, long long *build_id,
			  const json_t *spec, const char *runner_class, int priority,
			  int max_attempts);
/* db_builds.c: inserts a bench job of build_id: spec (suite, boot, maybe
 * iterations and warmup) with the build's kernel, modules, release,
 * config, commit, tree and branch added.  The caller holds the lock. */
int db_bench_insert_locked(struct db *db, long long build_id, const json_t *spec,
			   const char *runner_class, int priority, int max_attempts);
/* db_line.c: the branch whose first-parent positions order series id:
 * its own, else the one kept on it (series.line_branch_id), else, on a
 * series of an older file not analysed since, the majority rule over
 * every sample of it (kept when the caller holds the writer); 0 when
 * none.  Pages place a series by it.  The caller holds a connection. */
long long db_series_branch_locked(struct db *db, long long id);
/* db_line.c: places the samples v[0..n) (each position set: -1 when off
 * the line) on own when nonzero, else on the majority rule's branch over
 * their commits and more[0..nmore) (the commits of the series' results
 * that were not ok, which count but are not placed); *chosen is that
 * branch, 0 when none.  One lookup per distinct commit.  DB_OK or DB_ERR
 * (*chosen 0).  The caller holds a connection. */
struct db_sample;
int db_line_place(struct db *db, struct db_sample *v, size_t n, const char (*more)[DB_SHA_MAX + 1],
		  size_t nmore, long long own, long long *chosen);
/* db_line.c: the majority rule over the one commit sha (NULL: none) into
 * *branch: the smallest branch whose line holds it, 0 when none. */
int db_line_of_commit(struct db *db, const char *sha, long long *branch);
/* db_place.c: the bench jobs that measured commit sha (*jobs, with
 * samples) and those of it queued or running (*pending).  The caller
 * holds the lock. */
void db_commit_jobs_locked(struct db *db, long long *jobs, long long *pending,
			   const char *sha);
/* db_trees.c: the merge window of release on the branch, positions
 * (*from, *to]: *to is the -rc1 that closes it (named in rc1, "" while
 * open) or the head.  The caller holds the lock. */
int db_window_locked(struct db *db, long long *from, long long *to, char rc1[64],
		     long long tree_id, long long branch_id, const char *release, char **cause);
/* db_verdicts.c: in db_analysis_store's transaction, the verdict of a
 * change just written (id) and the series' commit verdicts. */
struct db_analysis;
struct db_change_new;
int db_change_verdict_locked(struct db *db, long long id, const struct db_change_new *c);
int db_commit_verdicts_store_locked(struct db *db, const struct db_analysis *a);

#endif
