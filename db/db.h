/*
 * db.h - kpci's data-access layer over one SQLite file.  The only place
 * that includes sqlite3.h.
 *
 * db_open() applies the migrations in db/migrations/ (each in one
 * transaction under PRAGMA user_version) and sets WAL, foreign keys and a
 * busy timeout.  Every statement is prepared with bound parameters.  A
 * struct db is safe to share between threads: calls are serialised on one
 * connection.  Functions return DB_OK (0) or a negative DB_* code; with a
 * `cause` argument, a failure also leaves one malloc'd sentence there.
 * Lists come back as jansson arrays of objects (caller owns them).
 */
#ifndef KPCI_DB_H
#define KPCI_DB_H

#include <jansson.h>

#include "lib/proto.h"

enum {
	DB_OK = 0,
	DB_ERR = -1,        /* SQLite or memory failure */
	DB_NOTFOUND = -2,   /* no such row */
	DB_CONFLICT = -3,   /* the row is not in a state that allows this */
	DB_INVALID = -4,    /* the input does not fit the stored data */
};

#define DB_BUSY_TIMEOUT_MS 5000
#define DB_MAX_LIST 1000            /* rows one list call returns at most */

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

/* --- API tokens ---------------------------------------------------- */
/* Creates a token of role admin|runner|read; *token (malloc'd) is the
 * plaintext, shown once: only its SHA-256 is stored. */
int db_token_create(struct db *db, char **token, const char *role, const char *name,
		    char **cause);
/* Looks a presented token up; fills role (admin|runner|read) and id. */
int db_token_check(struct db *db, const char *token, char role[8], long long *id);
json_t *db_tokens_list(struct db *db);
int db_token_revoke(struct db *db, long long id);

/* --- trees (filled from the configuration) ------------------------- */
int db_tree_upsert(struct db *db, const char *name, const char *url);
json_t *db_trees_list(struct db *db);

/* --- runners ------------------------------------------------------- */
/* Registers or updates runner r->name for the token; a name held by
 * another token is DB_CONFLICT. */
int db_runner_register(struct db *db, long long *id, long long token_id,
		       const struct proto_register *r, char **cause);
/* DB_OK when runner_id exists and belongs to token_id; marks it seen. */
int db_runner_touch(struct db *db, long long runner_id, long long token_id);
json_t *db_runners_list(struct db *db, int limit, int offset);

/* --- jobs ---------------------------------------------------------- */
int db_job_submit(struct db *db, long long *id, const char *kind, const json_t *spec,
		  const char *runner_class, int priority, int max_attempts);
/* Leases the best queued job this runner can run.  out->id is 0 when
 * there is none.  Atomic: two runners never get the same job. */
int db_job_claim(struct db *db, struct proto_job *out, long long runner_id,
		 int lease_seconds);
/* Extends the lease; DB_CONFLICT when the runner lost it. */
int db_job_heartbeat(struct db *db, long long job_id, int attempt, long long runner_id,
		     int lease_seconds);
/* Requeues running jobs whose lease expired, or fails them after their
 * last attempt.  Counts what it did in *requeued and *failed. */
int db_job_expire_leases(struct db *db, int *requeued, int *failed);
/* Stores a result once per (job, attempt): a repeat sets *duplicate and
 * stores nothing.  DB_CONFLICT when the lease is no longer the runner's. */
int db_job_result(struct db *db, long long runner_id, const struct proto_result *r,
		  int *duplicate, char **cause);
/* state may be NULL for all. */
json_t *db_jobs_list(struct db *db, const char *state, int limit, int offset);
json_t *db_job_get(struct db *db, long long id);

/* --- samples ------------------------------------------------------- */
/* job_id 0: any job; metric NULL: any metric. */
json_t *db_samples_list(struct db *db, long long job_id, const char *metric,
			int limit, int offset);
json_t *db_metrics_list(struct db *db);

/* Counts for the status line: jobs by state, runners, samples. */
json_t *db_status(struct db *db);

#endif
