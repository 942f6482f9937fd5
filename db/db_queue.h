/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_queue.h - tokens, runners and their drift, the job queue and
 * leases, progress, samples.  One family of db/db.h, which includes them
 * all; each file of db/ includes the family it implements.
 */
#ifndef KPCI_DB_QUEUE_H
#define KPCI_DB_QUEUE_H

#include "db/db_core.h"

/* --- API tokens ---------------------------------------------------- */
/* Creates a token of role admin|runner|read; *token (malloc'd) is the
 * plaintext, shown once: only its SHA-256 is stored.  A runner token
 * names the runner classes its runners may register under in classes
 * (names separated by spaces or commas, or "*": any); other roles take
 * NULL. */
int db_token_create(struct db *db, char **token, const char *role, const char *name,
		    const char *classes, char **cause);
/* Looks a presented token up; fills role (admin|runner|read) and id. */
int db_token_check(struct db *db, const char *token, char role[8], long long *id);
/* A token as listed (kpcid token list); never its plaintext or hash. */
struct db_token {
	long long id;
	char *name;
	char role[8];               /* admin, runner or read */
	long long created_at;
	long long last_used;        /* 0: never */
	int revoked;
	char *runner_classes;       /* NULL: not a runner token */
};
/* Every token by id into *out (caller frees with db_tokens_free; NULL
 * when none), *n of them: DB_OK, DB_INVALID past DB_MAX_LIST, DB_ERR. */
int db_tokens_list(struct db *db, struct db_token **out, size_t *n);
/* Frees the n tokens at v and v (NULL: nothing). */
void db_tokens_free(struct db_token *v, size_t n);
int db_token_revoke(struct db *db, long long id);
/* The name of token id into out ("token ID" when it has none). */
void db_token_name(struct db *db, long long id, char *out, size_t size);

/* --- trees (filled from the configuration) ------------------------- */
int db_tree_upsert(struct db *db, const char *name, const char *url);

/* --- runners ------------------------------------------------------- */
/* Registers or updates runner r->name for the token; a name held by
 * another token is DB_CONFLICT, a runner class the token may not serve
 * DB_DENIED (each with a sentence in *cause). */
int db_runner_register(struct db *db, long long *id, long long token_id,
		       const struct rec_runner *r, char **cause);
/* DB_OK when runner_id exists and belongs to token_id; marks it seen. */
int db_runner_touch(struct db *db, long long runner_id, long long token_id);
/* Runners by name, a page of them, into *out (caller disposes). */
int db_runners_list(struct db *db, struct rec_runners *out, int limit, int offset);

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
/* Stores a result once per (job, attempt): a repeat by the runner that
 * stored it sets *duplicate and stores nothing.  DB_CONFLICT when the
 * lease is not the runner's, or another runner stored the result;
 * DB_MISMATCH (with *cause) when a sample gives a stored metric another
 * unit or direction, or repeats an iteration. */
int db_job_result(struct db *db, long long runner_id, const struct proto_result *r,
		  int *duplicate, char **cause);
/* Jobs newest first, of state (NULL: any), a page of them, into *out
 * (shape REC_JOB_ROW; caller disposes). */
int db_jobs_list(struct db *db, struct rec_jobs *out, const char *state, int limit,
		 int offset);
/* One job into *out (shape REC_JOB_ROW, tree and build_id filled; caller
 * disposes); DB_NOTFOUND when there is no such job. */
int db_job_get(struct db *db, struct rec_job *out, long long id);

/* --- progress (db/db_progress.c) ------------------------------------ */
/* db_job_heartbeat that also records what the job is doing: phase (NULL:
 * unchanged), its detail and percent (-1: unknown); phase_at moves when
 * the phase changes.  DB_CONFLICT when the runner lost the lease. */
int db_job_heartbeat_phase(struct db *db, long long job_id, int attempt, long long runner_id,
			   int lease_seconds, const char *phase, const char *detail, int percent);
/* A running job given back by the runner holding its lease: queued
 * again, its attempt not counted (max_attempts + 1), its build queued.
 * DB_CONFLICT when the lease is not the runner's. */
int db_job_release(struct db *db, long long job_id, int attempt, long long runner_id);
/* How long the done jobs like job_id took (builds of its tree and
 * config; bench jobs of its suite, boot method and runner class, the
 * last 20) into *out, jobs 0 when there are none; DB_OK or DB_ERR. */
int db_job_estimate(struct db *db, long long job_id, struct rec_estimate *out);
/* The pipeline's counts into *out (zero when they cannot be read). */
int db_pipeline(struct db *db, struct rec_pipeline *out);
/* The running jobs, oldest first, with their phase, into *out (shape
 * REC_JOB_ROW; caller disposes; db/db_jobs.c). */
int db_jobs_running(struct db *db, struct rec_jobs *out);

/* --- samples ------------------------------------------------------- */
/* Samples newest first, a page of them, into *out (shape lab 0; caller
 * disposes; db/db_detail.c): job_id 0 any job, metric (NAME or
 * SUITE/NAME) NULL any metric.  DB_OK or DB_ERR. */
int db_samples_list(struct db *db, struct rec_samples *out, long long job_id, const char *metric,
		    int limit, int offset);
/* Every metric by suite and name into *out (caller disposes): DB_OK or
 * DB_ERR. */
int db_metrics_list(struct db *db, struct rec_metrics *out);

/* --- runner drift (0006; db/db_drift.c) ---------------------------- */
/* Runner id with its environment per boot method and its drift history
 * (newest first) into *out (detail 1; caller disposes).  DB_NOTFOUND
 * when there is no such runner. */
int db_runner_get(struct db *db, struct rec_runner *out, long long id);
/* Acknowledges the open drift of runner_id on behalf of token_id; *acked
 * counts the rows.  DB_NOTFOUND when there is no such runner. */
int db_drift_ack(struct db *db, long long runner_id, long long token_id, int *acked);

/* Filters of db_jobs_find; NULL / 0 for any.  commit: a full id or a prefix. */
struct db_job_filter {
	const char *state, *kind, *runner_class, *tree, *commit;
	long long since, until;     /* created_at in [since, until) */
	long long before;           /* > 0: jobs whose id is below it (paging by key) */
};
/* Jobs newest first, filtered, into *out (shape REC_JOB_FOUND; caller
 * disposes; db/db_jobs.c). */
int db_jobs_find(struct db *db, struct rec_jobs *out, const struct db_job_filter *f, int limit,
		 int offset);

#endif
