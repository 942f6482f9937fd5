/*
 * db.h - kpci's data-access layer over one SQLite file.  The only place
 * that includes sqlite3.h.
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
#ifndef KPCI_DB_H
#define KPCI_DB_H

#include <jansson.h>

#include "lib/proto.h"
#include "lib/rec.h"
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
/* Marks series id as failing analysis with why (one sentence) and clears
 * its dirty flag, unless a sample newer than last_sample_id arrived (then
 * DB_CONFLICT: it stays dirty).  A new sample makes it dirty again; a
 * stored analysis clears the mark (migration 0012). */
int db_series_failed(struct db *db, long long id, long long last_sample_id, const char *why);
/* How many series are marked failing, and the newest one's id and why
 * (why: n bytes, "" when none). */
int db_series_failures(struct db *db, long long *count, long long *id, char *why, size_t n);

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
json_t *db_tokens_list(struct db *db);
int db_token_revoke(struct db *db, long long id);
/* The name of token id into out ("token ID" when it has none). */
void db_token_name(struct db *db, long long id, char *out, size_t size);

/* --- trees (filled from the configuration) ------------------------- */
int db_tree_upsert(struct db *db, const char *name, const char *url);
/* The watched trees by name into *out (status 0: id, name, url,
 * created_at; caller disposes). */
int db_trees_list(struct db *db, struct rec_trees *out);

/* --- runners ------------------------------------------------------- */
/* Registers or updates runner r->name for the token; a name held by
 * another token is DB_CONFLICT, a runner class the token may not serve
 * DB_DENIED (each with a sentence in *cause). */
int db_runner_register(struct db *db, long long *id, long long token_id,
		       const struct proto_register *r, char **cause);
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
 * last 20): {jobs, median_s, min_s, max_s}, or NULL when there are none.
 * Owned by the caller. */
json_t *db_job_estimate(struct db *db, long long job_id);
/* The pipeline's counts: queued_builds, queued_bench, building, booting,
 * measuring, changes_open, bisecting, reporting, reports.  Owned. */
json_t *db_pipeline(struct db *db);
/* The running jobs, oldest first, with their phase, into *out (shape
 * REC_JOB_ROW; caller disposes; db/db_jobs.c). */
int db_jobs_running(struct db *db, struct rec_jobs *out);

/* --- samples ------------------------------------------------------- */
/* job_id 0: any job; metric NULL: any metric. */
json_t *db_samples_list(struct db *db, long long job_id, const char *metric,
			int limit, int offset);
json_t *db_metrics_list(struct db *db);

/* Counts for the status line: jobs by state, runners, samples. */
json_t *db_status(struct db *db);

/* --- watched trees (db/db_trees.c, db/db_lines.c) ----------------- */
#define DB_SHA_LEN 40               /* hex digits of a git object id */

/* One commit as the watcher read it.  Strings are borrowed. */
struct db_commit {
	const char *sha;
	const char *parents;            /* space-separated shas */
	const char *author_name, *author_email;
	long long author_time;
	const char *committer_name, *committer_email;
	long long commit_time;
	const char *subject;
	const char *trailers;           /* JSON text [[key, value], ...]; NULL: [] */
	const char *merged_tip;         /* merges: the second parent, else NULL */
	long long brought;              /* merges: commits brought, else -1 */
	const char *merge_subsystem, *merge_source;
	int fresh;                      /* the caller knows its tree holds no commit
					 * with this sha: stored without looking it
					 * up (if wrong, it is stored twice until
					 * db_commits_settle merges the two) */
};

/* What one poll of one branch found.  line holds the shas of the new
 * first-parent stretch, oldest first, to be placed after base_position
 * (-1: the whole line is replaced); positions after base_position go. */
struct db_line_update {
	long long branch_id;
	const char *old_tip;            /* NULL: first poll of the branch */
	const char *new_tip;
	int forced;                     /* new tip does not descend from old */
	long long base_position;
	const struct db_commit *commits;
	size_t ncommits;
	const char *const *line;
	size_t nline;
};

struct db_tag {
	const char *name;
	const char *sha;                /* the commit the tag peels to */
};

/* 0 when tag is vX.Y (*rc = 0) or vX.Y-rcN (*rc = N); -1 otherwise. */
int db_release_parse(const char *tag, int *major, int *minor, int *rc);
/* 1 when tag reads as meant for a release or candidate (v, digits, a
 * dot, digits, then its end or "-rc"), whether or not it parses:
 * v6.13-rc0 and v06.1 do, v6.12.1 and next-20241122 do not. */
int db_release_like(const char *tag);
/* Records tree name (url, policy) and creates rows for its followed
 * branches (existing rows keep their history).  *tree_id is the row. */
int db_tree_sync(struct db *db, long long *tree_id, const char *name, const char *url,
		 const json_t *policy, const char *const *branches, size_t nbranches);
/* The branch's id, tip ("" before the first poll), line length and state. */
int db_branch_get(struct db *db, long long *branch_id, char tip[DB_SHA_LEN + 1],
		  long long *length, char state[16], long long tree_id, const char *branch);
/* Position of sha on the branch's first-parent line; DB_NOTFOUND if not on it. */
int db_branch_position(struct db *db, long long *pos, long long branch_id, const char *sha);
/*
 * A poll's record of one branch, all or nothing between yields, in steps
 * so that commits can be stored while they are still being read: db_branch_begin takes
 * the connection (its lock) and opens the transaction; db_branch_add
 * stores commits (any number of calls); db_branch_yield commits the
 * commits stored so far and lets other threads use db before it begins
 * again (a long poll keeps no one waiting for long; commits stored
 * without their line are what a poll's walk treats as stored elsewhere,
 * so a poll that fails after a yield is completed by the next);
 * db_branch_tx_position looks inside it; db_branch_finish stores u (its
 * commits too, rewrites the line after base_position, moves the tip,
 * records a forced update as a branch_events row), commits and gives
 * the connection back; db_branch_abort rolls back to the last yield.
 * Begin, yield and finish/abort must run on the same thread; in
 * between, only these calls on this tx, from one thread at a time, may
 * use db, and other threads' calls wait.
 */
struct db_branch_tx;
int db_branch_begin(struct db *db, struct db_branch_tx **tx, long long tree_id, char **cause);
int db_branch_add(struct db_branch_tx *tx, const struct db_commit *commits, size_t n,
		  char **cause);
int db_branch_yield(struct db_branch_tx *tx, char **cause);
int db_branch_tx_position(struct db_branch_tx *tx, long long *pos, long long branch_id,
			  const char *sha);
int db_branch_finish(struct db_branch_tx *tx, const struct db_line_update *u, char **cause);
void db_branch_abort(struct db_branch_tx *tx);
/*
 * Moves at most max commits of tree_id from level 0 of the sha index,
 * where polls store them, to level 1 (migration 0010), in one
 * transaction; *moved gets how many moved (0: none is left).  The
 * watcher calls it after a poll has answered, so that the next poll's
 * inserts meet a small level 0 whatever the history's length.  A commit
 * stored at level 0 as fresh while level 1 held its sha (a caller that was
 * wrong) is merged into the one at level 1 first; *united gets how many
 * were.  DB_OK, or DB_ERR with cause.
 */
int db_commits_settle(struct db *db, long long tree_id, long long max, long long *moved,
		      long long *united, char **cause);
/* Calls each with the sha of every commit stored for the tree; DB_ERR when
 * each returns < 0 or the database fails. */
int db_tree_shas(struct db *db, long long tree_id, int (*each)(void *arg, const char *sha),
		 void *arg);
/* Marks a branch missing or deleted (an event on the first change), or
 * active again; the history stays. */
int db_branch_set_state(struct db *db, long long branch_id, const char *state,
			const char *message);
/* Upserts tags; *changed (caller owns) lists those new or moved as
 * [{name, sha, kind}], kind "release", "rc" or "other". */
int db_tags_record(struct db *db, json_t **changed, long long tree_id,
		   const struct db_tag *tags, size_t n);
/* Ends a poll: error NULL clears the error state; otherwise counts it
 * (*error_count is the new count) and records an event on each branch
 * when the error is new. */
int db_tree_poll_done(struct db *db, int *error_count, long long tree_id, const char *error,
		      long long next_poll_at);
/* Release and rc tags on the branch's line: [{name, kind, position}]
 * ordered by position (caller owns). */
json_t *db_branch_marks(struct db *db, long long tree_id, long long branch_id);
/* Queues a build job with spec (tree, commit, config...) unless the same
 * (tree, commit, config) build exists (*queued = 0) or max_queued builds
 * of the tree are queued (DB_CONFLICT, counted as dropped). */
int db_build_candidate(struct db *db, int *queued, long long tree_id, const json_t *spec,
		       int priority, int max_queued);
/* *due = 1 (and the head marked queued at `at`) when the branch's head was
 * not a candidate in the last every_s seconds. */
int db_branch_head_queued(struct db *db, int *due, long long branch_id, long long at,
			  long long every_s);
/* The watched trees by name with their status: poll state, counts,
 * branches and each branch's recent events (status 1; caller disposes). */
int db_trees_status(struct db *db, struct rec_trees *out);
/* Tree name with its status into *out (caller disposes); DB_NOTFOUND
 * when it is not watched. */
int db_tree_get(struct db *db, struct rec_tree *out, const char *name);
/* Commits of a branch (NULL: the first followed that the remote has) in
 * first-parent order, newest first, optionally only those of the merge
 * window of release `window`.  DB_NOTFOUND / DB_INVALID with one sentence
 * in *cause (also for a branch named that the remote never had).  Into
 * *out, at most limit (caller disposes). */
int db_tree_commits(struct db *db, struct rec_commits *out, const char *tree,
		    const char *branch, const char *window, int limit, int offset, char **cause);
/* Releases, release candidates and merge windows of a tree's branch. */
int db_tree_windows(struct db *db, json_t **out, const char *tree, const char *branch,
		    char **cause);
/* The first-parent merges that entered the branch in release's window. */
int db_tree_window_merges(struct db *db, json_t **out, const char *tree, const char *branch,
			  const char *release, char **cause);

/* --- analysis: dirty series, changes, noise, comparisons ------------
 * db/db_changes.c and db_change_list.c; the analyzer is daemon/analyze.c,
 * docs/analysis.md. */
#define DB_SHA_MAX 64               /* hex digits of a commit id (SHA-256 git) */
#define DB_MAX_SERIES_SAMPLES 10000000  /* samples one series load reads at most */
#define DB_MAX_SIDE_SAMPLES 2000000 /* samples one side of a comparison reads at most */

/* One stored iteration of a series, as analysis reads it. */
struct db_sample {
	long long job_id;
	long long env_id;
	long long position;         /* first-parent position of the commit, -1: unknown */
	char sha[DB_SHA_MAX + 1];   /* "" when the job had no commit */
	double value;
};

/* A change already stored for a series. */
struct db_change_ref {
	long long id;
	long long bad_job_id;       /* 0 when unknown */
	char good_sha[DB_SHA_MAX + 1];
	char bad_sha[DB_SHA_MAX + 1];
	int regression;             /* 1 regression, 0 improvement */
	int triaged;                /* 1 when a person set its state */
	int confirmed;              /* 1: live, and its confirmation confirmed it */
	int confirming;             /* 1: live, its confirmation has not judged it yet */
};

/* A series with its samples (ok results only, in job, attempt, iteration
 * order) and its stored changes. */
struct db_series_data {
	long long id;
	long long last_sample_id;   /* the largest sample id of the series */
	int higher_is_better;
	struct db_sample *samples;
	size_t nsamples;
	struct db_change_ref *changes;
	size_t nchanges;
};

/* A change as analysis found it.  id 0 inserts it; otherwise it replaces
 * the untriaged change id (a triaged one is never written). */
struct db_change_new {
	long long id;
	const char *good_sha, *bad_sha;     /* NULL when the points have none */
	long long good_job_id, bad_job_id;
	long long point_index;
	long long n_before, n_after;
	double mean_before, mean_after, median_before, median_after, sd_before, sd_after;
	double magnitude, pvalue, confidence;
	int regression;
	const struct verdict *verdict;  /* before against after; NULL: none */
	const char *found_by;           /* "segmentation" or "commits" */
};

/* A stored change the analysis no longer finds where it was. */
struct db_change_drop {
	long long id;
	int moved;                  /* 1: the step is at another first bad commit now */
	char why[160];              /* one sentence */
};

/* The result of analysing one series. */
struct db_analysis {
	long long series_id;
	long long last_sample_id;   /* as loaded: a newer sample makes the store a conflict */
	const char *ordered_by;     /* "commit" or "job" */
	long long points, jobs, samples_used;
	double aa_ss, it_ss;        /* A/A sums, see db/migrations/0005-analysis.sql */
	long long aa_df, it_df;
	const struct db_change_new *changes;
	size_t nchanges;
	const struct db_change_drop *drop;  /* untriaged changes analysis no longer finds */
	size_t ndrop;
	double noise_max_cv;        /* a (runner class, metric) above it is noisy */
	long long noise_min_df;     /* A/A degrees of freedom needed to judge noise */
	double rep_ss, rep_wn, win_ss;  /* log-scale noise sums, 0013-verdicts.sql */
	long long rep_df, win_df;
	const struct db_commit_verdict *verdicts;   /* replace the series' rows */
	size_t nverdicts;
	const double *spark;        /* the last points' values, oldest first (the index) */
	size_t nspark;              /* at most DB_SPARK_POINTS */
	long long spark_job;        /* the job of the last point, 0 when none */
};

/* Up to max ids of series dirty since settle seconds or more into *ids
 * (caller frees), *n of them.  With no dirty series this is one lookup in
 * a partial index. */
int db_series_dirty(struct db *db, long long **ids, size_t *n, size_t max,
		    long long settle);
/* Loads series id into *out (free with db_series_data_free).  DB_NOTFOUND. */
int db_series_load(struct db *db, struct db_series_data **out, long long id);
void db_series_data_free(struct db_series_data *s);
/* Stores an analysis in one transaction and clears the series' dirty flag.
 * DB_CONFLICT (nothing stored, the series stays dirty) when samples
 * arrived since the load.  Never changes or deletes a triaged change. */
int db_analysis_store(struct db *db, const struct db_analysis *a);

/* Filters of db_changes_list; NULL / 0 for any. */
struct db_change_filter {
	const char *state;
	const char *direction;
	const char *metric;         /* NAME or SUITE/NAME */
	const char *runner_class;
	long long series_id;
	long long group_id;
	int noisy;                  /* -1 any, 0 or 1 */
	const char *kind;           /* NULL any, 'perf' or 'build-failure' */
	const char *tree, *branch;  /* of the series; NULL any */
	long long since, until;     /* detected_at in [since, until); 0: open */
	int withdrawn;              /* -1 any, 0 live, 1 withdrawn (0 when zeroed) */
};
/* The changes that pass f, newest first, a page of them, into *out
 * (caller disposes). */
int db_changes_list(struct db *db, struct rec_changes *out, const struct db_change_filter *f,
		    int limit, int offset);
/* The changes that pass f grouped by commit range (group_id; a change not
 * grouped yet is a group of its own), one per group into *out (caller
 * disposes): its largest change with what the group adds (lib/rec.h) and
 * its members that pass f, the largest first.  Only groups whose largest
 * change is at least min_percent (0: any); the largest first when
 * by_size, else the latest detected first. */
int db_change_groups(struct db *db, struct rec_change_groups *out,
		     const struct db_change_filter *f, double min_percent, int by_size, int limit,
		     int offset);
/* One change with its series and metric into *out (caller disposes);
 * DB_NOTFOUND when there is no such change. */
int db_change_get(struct db *db, struct rec_change *out, long long id);
/* Sets the triage state and note of change id; the token names who.
 * DB_NOTFOUND, DB_INVALID (unknown state). */
int db_change_triage(struct db *db, long long id, const char *state, const char *note,
		     long long token_id);
/* Noise sums per (runner class, metric); NULL / 0 for any.  Rows hold
 * aa_ss, aa_df, it_ss, it_df, jobs, samples_used, noisy, and the
 * log-scale rep_ss, rep_df, rep_wn, win_ss, win_df. */
json_t *db_noise_list(struct db *db, const char *runner_class, long long metric_id);

/* One sample of one side of a comparison. */
struct db_side_sample {
	long long metric_id;
	long long job_id;
	long long series_id;
	char runner_class[PROTO_MAX_NAME + 1];
	double value;
};
/* The samples of a job (job_id > 0) or of the commits whose id starts
 * with sha_prefix, of runner_class (NULL: any), ordered by runner class
 * and metric.  *out (caller frees).  DB_NOTFOUND when the side has no
 * samples, DB_CONFLICT when the prefix names more than one commit,
 * DB_INVALID beyond DB_MAX_SIDE_SAMPLES. */
int db_side_samples(struct db *db, struct db_side_sample **out, size_t *n,
		    long long job_id, const char *sha_prefix, const char *runner_class);

/* The commit a tag (first) or a branch's tip names, in any tree, into
 * sha, with kind "tag" or "branch": DB_NOTFOUND, DB_CONFLICT when the name
 * names different commits (in several trees). */
int db_ref_resolve(struct db *db, char sha[DB_SHA_MAX + 1], char kind[8], const char *name);
/* The commit whose id starts with prefix (the first of any tree): {sha,
 * subject, author, time, tree}, or NULL (caller owns). */
json_t *db_commit_about(struct db *db, const char *prefix);

/* --- builds and artifacts (db/db_builds.c) ------------------------- */
/* What a build runner reports (POST /api/v1/jobs/ID/build). */
struct db_build_rec {
	const char *state;          /* building, ok, failed, timeout */
	long long duration_ms;
	const char *compiler;       /* "gcc (Debian 12.2.0-14) 12.2.0" or NULL */
	long long text_size, data_size, bss_size, image_size;   /* 0: unknown */
	const char *error;          /* first error lines, or NULL */
	json_t *warnings;           /* array of merge_config warnings, or NULL */
	int make_jobs;
	const void *zlog;           /* zlib-compressed log, or NULL */
	size_t zlog_len;
	long long log_size;         /* bytes before compression */
	const char *kernel_release; /* include/config/kernel.release, or NULL */
	const json_t *distributed;  /* {tool, version, used, fallback} of a farm build, or NULL */
};
/* Queues a build job and its build row in one transaction; spec holds
 * tree, commit, config and optionally url, branch, fragments. */
int db_build_queue(struct db *db, long long *job_id, long long *build_id, const json_t *spec,
		   const char *runner_class, int priority, int max_attempts);
/* Stores b on the build of a job leased to runner_id; DB_CONFLICT when the
 * lease is not the runner's.  *build_id gets the build. */
int db_build_record(struct db *db, long long *build_id, long long runner_id, long long job_id,
		    int attempt, const struct db_build_rec *b, char **cause);
/* DB_OK when job_id/attempt is a build leased to runner_id, else DB_CONFLICT. */
int db_build_lease_ok(struct db *db, long long runner_id, long long job_id, int attempt);
/* Links a stored artifact to the build of a leased job under name;
 * DB_NOTFOUND when the artifact is not stored, DB_CONFLICT without the lease. */
int db_build_link_artifact(struct db *db, long long runner_id, long long job_id, int attempt,
			   const char *name, const char *sha256, char **cause);
/* Queues a bench job per suite (space-separated) and runner class (space-
 * separated, empty: any runner) for a build; *queued counts them.  Each
 * spec carries the build's kernel ({"sha256", "size"} of bzImage), its
 * modules ({"wq_flush.ko": sha256} from the "module:" artifacts), its
 * kernel_release and build_id, so the runner boots exactly that kernel. */
int db_build_queue_benches(struct db *db, int *queued, long long build_id, const char *suites,
			   const char *classes, const char *boot, int max_attempts);
/* Builds newest first, of state (NULL: any), a page of them, into *out
 * (caller disposes). */
int db_builds_list(struct db *db, struct rec_builds *out, const char *state, int limit,
		   int offset);
/* One build with its artifacts into *out (detail 1; caller disposes);
 * DB_NOTFOUND when there is no such build. */
int db_build_get(struct db *db, struct rec_build *out, long long id);
/* The compressed log of a build (*zlog malloc'd); DB_NOTFOUND when none. */
int db_build_log(struct db *db, void **zlog, size_t *zlen, long long *size, long long id);
/* The artifact of build_id named name ("sources", ".config"): its sha256
 * (64 hex digits) and size; DB_NOTFOUND when the build has none. */
int db_build_artifact(struct db *db, char sha256[65], long long *size, long long build_id,
		      const char *name);
/* Records a stored artifact (a repeat only refreshes last_used). */
int db_artifact_add(struct db *db, const char *sha256, long long size);
/* Refreshes last_used and gives the size; DB_NOTFOUND when unknown. */
int db_artifact_touch(struct db *db, const char *sha256, long long *size);
long long db_artifacts_total(struct db *db);
/* [{sha256, size}] retention may evict, least recently used first. */
json_t *db_artifacts_evictable(struct db *db, int keep_builds, int limit);
/* Forgets an artifact and its links to builds. */
int db_artifact_delete(struct db *db, const char *sha256);

/* --- dashboard (db/db_dash.c) ------------------------------------- */
/* Series id with its metric, runner class and own branch into *out (its
 * fields down to branch; caller disposes); DB_NOTFOUND when there is no
 * such series. */
int db_series_get(struct db *db, struct rec_series *out, long long id);

#define DB_SPARK_POINTS 60          /* points of a series' sparkline */
#define DB_SPARK_SAMPLES 600        /* newest samples a sparkline is made of */
/* A series as the metrics index shows it. */
struct db_series_brief {
	long long id, metric_id;
	char suite[PROTO_MAX_NAME + 1], metric[PROTO_MAX_NAME + 1], unit[PROTO_MAX_NAME + 1];
	char better[8];             /* "higher" or "lower" */
	char runner_class[PROTO_MAX_NAME + 1];
	int noisy;
	long long changes;          /* its changes, invalid ones left out */
	double spark[DB_SPARK_POINTS];  /* the newest points (job medians), oldest first */
	size_t nspark;
	long long latest_job;       /* the job of the last point, 0 when none */
};
/* The series of one page of metrics (limit at offset, by suite and name)
 * whose "suite/name" holds q (case-insensitive; NULL: all), into *out
 * (caller frees; *n of them, by suite, name and runner class); *more: a
 * next page exists. */
int db_series_index(struct db *db, struct db_series_brief **out, size_t *n, int *more,
		    const char *q, int limit, int offset);

/* --- chart, job detail, filtered lists (db/db_detail.c) ------------- */
/* Filters of db_jobs_find; NULL / 0 for any.  commit: a full id or a prefix. */
struct db_job_filter {
	const char *state, *kind, *runner_class, *tree, *commit;
	long long since, until;     /* created_at in [since, until) */
};
/* Filters of db_samples_find; NULL / 0 for any.  metric: NAME or SUITE/NAME. */
struct db_sample_filter {
	long long job_id, series_id;
	const char *metric, *runner_class, *commit;
	long long since, until;     /* created_at in [since, until) */
};

/* The series measuring the same metric, config and branch as series s->id
 * on every runner class (s itself included) into s->classes, by class. */
int db_series_siblings(struct db *db, struct rec_series *s);
#define DB_REF_MAX 255              /* bytes of a branch name kept by the pages' reads */
/* Where a series lies: the branch whose first-parent positions order it
 * (its own, or the branch holding most of its commits, as the analyzer
 * orders it) and that branch's tree; ids 0 and names "" when none. */
struct db_series_where {
	long long branch_id, tree_id;
	char tree[PROTO_MAX_NAME + 1];
	char branch[DB_REF_MAX + 1];    /* cut at DB_REF_MAX bytes */
};
/* Fills *out for series id; DB_NOTFOUND when there is no such series. */
int db_series_place(struct db *db, struct db_series_where *out, long long id);
/* [{position, sha, subject, author, commit_time}] of the commits at the
 * given first-parent positions (a JSON array of integers) of the branch's
 * line, in position order (caller owns). */
json_t *db_branch_details(struct db *db, long long branch_id, const json_t *positions);
/* The results of job_id per attempt with the last `tail` characters of each
 * log: [{attempt, status, reason, received_at, runner, runner_class,
 * log_size, log_tail}] (caller owns). */
json_t *db_job_attempts(struct db *db, long long job_id, int tail);
/* The samples of job_id summed up per series and attempt: [{series_id, suite,
 * metric, unit, better, runner_class, attempt, iterations, mean, min, max}]. */
json_t *db_job_series(struct db *db, long long job_id);
/* The build a job came from (bench) or made (build), 0 when none.
 * DB_NOTFOUND when no such job. */
int db_job_build(struct db *db, long long *build_id, long long job_id);
/* Jobs newest first, filtered, into *out (shape REC_JOB_FOUND; caller
 * disposes; db/db_jobs.c). */
int db_jobs_find(struct db *db, struct rec_jobs *out, const struct db_job_filter *f, int limit,
		 int offset);
/* Samples newest first, filtered (caller owns). */
json_t *db_samples_find(struct db *db, const struct db_sample_filter *f, int limit,
			int offset);

/* --- runner drift, corrupt artifacts, build failures (0006) --------- */
/* Runner id with its environment per boot method and its drift history
 * (newest first) into *out (detail 1; caller disposes).  DB_NOTFOUND
 * when there is no such runner. */
int db_runner_get(struct db *db, struct rec_runner *out, long long id);
/* Acknowledges the open drift of runner_id on behalf of token_id; *acked
 * counts the rows.  DB_NOTFOUND when there is no such runner. */
int db_drift_ack(struct db *db, long long runner_id, long long token_id, int *acked);
/* Marks artifact sha256 as not servable, with why (one sentence). */
int db_artifact_mark_bad(struct db *db, const char *sha256, const char *why);
/* The reason artifact sha256 was marked bad (caller frees), NULL when good
 * or unknown. */
char *db_artifact_bad(struct db *db, const char *sha256);

/* --- merge-window reports (0007; db/db_report.c, docs/dashboard.md) - */
/* The changes of release's merge window on branch (NULL: the first
 * followed) grouped by the merge that brought them: {tree, release,
 * closed_by, state, from_position, to_position, summary {regressions,
 * improvements, changes, groups, ambiguous_groups, merges_measured,
 * merges}, groups [{kind, merges, changes...}], more, commit_verdicts
 * (db_window_verdicts)}; each merge has "jobs" (bench jobs that measured
 * it) and "pending" (queued or running ones); the groups hold
 * changes [offset, offset + limit) in report order (*out: caller owns).
 * DB_NOTFOUND / DB_INVALID with one sentence in *cause. */
int db_window_report(struct db *db, json_t **out, const char *tree, const char *branch,
		     const char *release, int limit, int offset, char **cause);
#define DB_PLACE_MERGES 20          /* candidate merges of a change listed at most */
/* Where change id lies: {tree, branch (of its series, as the analyzer
 * orders it; absent when none), good and bad (the last good and first bad
 * commits {sha, position (null off the line), subject, author, time,
 * merge}, null when unknown), merges (the first-parent merges in (good,
 * bad], at most DB_PLACE_MERGES, each {position, sha, subject, time,
 * merge_subsystem, merge_source, brought, jobs (bench jobs that measured
 * it), pending (queued or running)}), merges_total, window ({release,
 * closed_by, state} of the merge window holding the first bad commit, or
 * null)} (*out: caller owns).  DB_NOTFOUND when there is no such change. */
int db_change_place(struct db *db, json_t **out, long long id);
/* A merge window of a tree's first branch with what the overview says of
 * it: the changes of the window as db_window_report counts them, its
 * merges and those measured. */
struct db_window_counts {
	char release[64];
	char closed_by[64];         /* the -rc1 that closed it, "" while open */
	long long regressions, improvements, merges, merges_measured;
};
/* The newest windows of tree's first branch, at most max, newest first,
 * into out[0..*n) (none without a release on the branch). */
int db_window_counts(struct db *db, struct db_window_counts *out, size_t max, size_t *n,
		     const char *tree);

/* --- verdicts, noise sums, more measurement (0013; db/db_verdicts.c) - */
/* The log-scale noise sums of a (runner class, metric), over its series. */
struct db_noise_sums {
	double rep_ss, rep_wn, win_ss;
	long long rep_df, win_df;
};
/* The sums of the (runner class, metric) of series_id, or of metric_id on
 * runner_class (series_id 0).  All 0 when nothing is known. */
int db_noise_sums(struct db *db, struct db_noise_sums *out, long long series_id,
		  long long metric_id, const char *runner_class);

/* A measured commit of a commit-ordered series against the measured commit
 * before it (strings and v borrowed). */
struct db_commit_verdict {
	const char *sha, *prev_sha;
	long long position;
	const struct verdict *v;
};

#define DB_MAX_WINDOW_VERDICTS 200000 /* commit verdicts of one window read at most */
/* The commit verdicts of the merges (and tagged commits) in positions
 * (from, to] of branch_id, each row the stored fields of struct verdict
 * with sha, position, series_id, runner_class, suite, metric, better,
 * noisy; ordered by position (caller owns). */
json_t *db_window_verdicts(struct db *db, long long branch_id, long long from, long long to);

/*
 * Queues one more bench job like like_job_id (its spec, tree, commit and
 * build) for the runner class of series_id, recorded in measure_requests
 * with reason, when the job's commit is a merge or tagged, fewer than cap
 * bench jobs of that commit and suite exist for that class or any runner
 * (in any state), and none of them is queued or running.  *job_id is the
 * new job, 0 when a rule said no.
 */
int db_measure_again(struct db *db, long long *job_id, long long series_id,
		     long long like_job_id, int cap, const char *reason);

/* The id of tree name, 0 when kpcid does not know it. */
long long db_tree_id(struct db *db, const char *name);
/* The full id of the commit of tree_id whose id starts with prefix:
 * DB_NOTFOUND, DB_CONFLICT (several). */
int db_commit_resolve(struct db *db, char sha[DB_SHA_MAX + 1], long long tree_id,
		      const char *prefix);
/* The newest build of (tree_id, sha, config): *build_id 0 when none, with
 * its state (queued, building, ok, failed, timeout) and whether it has a
 * kernel (bzImage). */
int db_build_find(struct db *db, long long *build_id, char state[16], int *has_kernel,
		  long long tree_id, const char *sha, const char *config);
/* Queues a bench job of spec for commit sha of tree_id (build_id 0: no
 * build, the runner's kernel); with a build, the spec gets its kernel,
 * modules, release and config as db_build_queue_benches gives them. */
int db_bench_for_commit(struct db *db, long long *job_id, const json_t *spec,
			const char *runner_class, int priority, int max_attempts,
			long long tree_id, const char *sha, long long build_id);
/* Records a bench job of spec waiting for build_id (source submit);
 * *request_id the row. */
int db_measure_wait(struct db *db, long long *request_id, const json_t *spec,
		    const char *runner_class, int priority, long long tree_id, const char *sha,
		    long long build_id, const char *reason);
/* After build_id ended: its waiting requests are queued as bench jobs
 * (state ok) or failed with the build's state; *queued counts the jobs. */
int db_measure_build_done(struct db *db, int *queued, long long build_id, int max_attempts);
/* The measure requests of a commit (prefix) or all, newest first (caller owns). */
json_t *db_measure_list(struct db *db, const char *sha, int limit);
/* --- reports and their deliveries (0014; db/db_reports.c) ---------- */
/* The change groups a report is due for (settled at or before
 * settled_before, regressions or with improvements any; with confirmed 1,
 * only confirmed changes, and none of the group waiting for its
 * confirmation or for a job the analyzer asked for at either end):
 * [{group_key, group_id, kind "merge"|"culprit", commit_sha,
 * bisection_id}]. */
json_t *db_reports_due(struct db *db, long long settled_before, int improvements, int confirmed,
		       int limit);
/* The reportable changes of a group (not noisy, not invalid, wontfix or
 * fixed), largest first (instruction counts after times), with their
 * metric, tree, branch, the bad job's spec and environment, its runner's
 * hardware and "insn" (docs/reports.md): the instructions per operation
 * of the metric's NAME.insn series at both ends, {before, after,
 * sd_before, sd_after, n_before, n_after}, where both ends have them
 * (caller owns). */
json_t *db_report_group(struct db *db, const char *group_key);
/* One bisection row ("log" parsed), or NULL (caller owns). */
json_t *db_bisection_get(struct db *db, long long id);
/* Stores a bisection of change_id (what the bisector writes when it
 * ends): state running|done|failed|cancelled, log a JSON array of
 * probes.  A 'done' row with a culprit sets the change culprit-found. */
int db_bisection_record(struct db *db, long long *id, long long change_id, const char *state,
			const char *good, const char *bad, const char *culprit, const json_t *log);

/* A report to store; strings borrowed. */
struct db_report_new {
	const char *group_key;
	long long group_id, change_id, bisection_id;
	const char *kind, *commit_sha;
	const char *tree, *branch, *direction;
	const char *subject, *body, *message_id;
	const json_t *webhook;
	const long long *change_ids;
	size_t nchanges;
};
/* One recipient of it: channel mail|webhook; state pending|digest. */
struct db_delivery_new {
	const char *channel, *recipient, *name, *role, *why, *sent_to, *state;
};
/* Stores a report with its changes and deliveries in one transaction;
 * DB_CONFLICT (nothing stored) when the group has one on that commit. */
int db_report_create(struct db *db, long long *id, const struct db_report_new *r,
		     const struct db_delivery_new *d, size_t nd);
/* Reports on a merge or a culprit, not withdrawn, whose changes are all
 * withdrawn now: [{id, group_key, group_id, change_id, kind, commit_sha,
 * tree, branch, direction, subject, message_id, reason (the headline
 * change's withdrawn_reason), delivered (deliveries that went out)}]. */
json_t *db_reports_void(struct db *db, int limit);
/* Withdraws report id with reason, in one transaction: its deliveries
 * that did not go out become withdrawn; when some went out, the follow-up
 * f (its subject, body, message_id and webhook; the rest is the report's)
 * is stored as a report of kind followup replying to it, with one delivery
 * in state (pending or digest) for each of them; *followup gets its id (0:
 * none).  DB_CONFLICT when the report was withdrawn already. */
int db_report_withdraw(struct db *db, long long *followup, long long id, const char *reason,
		       const struct db_report_new *f, const char *state);
/* Deliveries pending and due at now, of reports not held: [{id,
 * report_id, channel, recipient, name, role, sent_to, attempts}]. */
json_t *db_deliveries_due(struct db *db, long long now, int limit);
/* pending -> sending, attempts + 1; DB_CONFLICT when it is not pending. */
int db_delivery_start(struct db *db, long long id);
/* Ends a delivery attempt: state (pending with next_at for a retry),
 * error or NULL, where it went. */
int db_delivery_done(struct db *db, long long id, const char *state, const char *error,
		     long long next_at, const char *sent_to, int in_digest);
/* Deliveries a stop left 'sending' become failed (never sent twice). */
int db_deliveries_interrupted(struct db *db, int *n);
/* Reports mailed to recipient since `since`; *oldest the first sent_at. */
long long db_recipient_sent(struct db *db, const char *recipient, long long since,
			    long long *oldest);
/* The mail recipients of a report: [{recipient, name, role, sent_to}]. */
json_t *db_report_recipients(struct db *db, long long report_id);
/* Deliveries waiting for the digest, by recipient, with their report's
 * subject and body. */
json_t *db_digest_due(struct db *db);
/* Reports newest first; change_id > 0: those of that change's group. */
json_t *db_reports_list(struct db *db, long long change_id, int limit, int offset);
/* One report with its body, webhook document, "recipients" (the
 * deliveries) and "changes" (ids), or NULL (caller owns). */
json_t *db_report_get(struct db *db, long long id);
/* Holds (1) or releases (0) a report; DB_NOTFOUND. */
int db_report_hold(struct db *db, long long id, int hold, long long token_id);
/* Puts the report's deliveries (of recipient, NULL: all) back to pending
 * now; *n counts them; DB_NOTFOUND. */
int db_report_resend(struct db *db, long long id, const char *recipient, int *n);
/* --- KCIDB export (0015; db/db_kcidb.c, daemon/kcidb.c) ------------ */
/* Finished builds (ok, failed, timeout) not yet sent, id > after, with
 * their tree, commit subject, artifacts and whether their checkout was
 * sent (caller owns). */
json_t *db_kcidb_builds(struct db *db, long long after, int limit);
/* The same columns for build id, or NULL. */
json_t *db_kcidb_build(struct db *db, long long id);
/* 1 when the object of (kind, ref) was delivered. */
int db_kcidb_sent(struct db *db, const char *kind, long long ref);
/* Done bench jobs of finished builds not yet sent, id > after, each with
 * the samples of its successful attempt and the lab it ran in. */
json_t *db_kcidb_jobs(struct db *db, long long after, int limit);
/* Regressions not yet sent, id > after, with the good build of their
 * first bad commit (changes without one wait for it); with confirmed 1,
 * only confirmed ones, none after the first that waits for its
 * confirmation (the cursor may not pass it). */
json_t *db_kcidb_regressions(struct db *db, long long after, int confirmed, int limit);
/* Records delivered objects, [[kind, ref, kcidb_id]...], in one
 * transaction; a repeat is ignored. */
int db_kcidb_mark(struct db *db, const json_t *sent, char **cause);

/* --- bisections (0016; db/db_bisect.c, daemon/bisector.c) ---------- */
#define DB_BISECT_TEXT 256          /* bytes kept of a failure's sentence here */

/* A bisection as the bisector runs it (db_bisect_get; free with
 * db_bisection_dispose). */
struct db_bisection {
	long long id, change_id, tree_id;
	char state[16], phase[16];
	char good[DB_SHA_MAX + 1], bad[DB_SHA_MAX + 1], culprit[DB_SHA_MAX + 1];
	char tree[PROTO_MAX_NAME + 1], branch[PROTO_MAX_NAME + 1];
	char config[PROTO_MAX_NAME + 1], suite[PROTO_MAX_NAME + 1];
	char runner_class[PROTO_MAX_NAME + 1];
	json_t *spec;               /* {"bench": {...}, "build": {...} or null}; owned */
	int iterations, revert;
	long long commits, rounds, probes, started_at;
};
void db_bisection_dispose(struct db_bisection *b);

/* One candidate commit (db_bisect_commits). */
struct db_bisect_commit {
	char sha[DB_SHA_MAX + 1];
	char first_parent[DB_SHA_MAX + 1];  /* "" for a root */
	size_t *parents;            /* indices inside the set; owned */
	size_t nparents;
	char *subject;              /* owned */
};
void db_bisect_commits_free(struct db_bisect_commit *v, size_t n);

/* One metric judged: a series of the change's group. */
struct db_bisect_metric {
	long long series_id, change_id, metric_id;
	char name[2 * PROTO_MAX_NAME + 2];  /* SUITE/NAME */
	int higher_is_better;
	struct db_noise_sums noise;  /* of its (runner class, metric) */
};

/* One probe with what its jobs and build have become. */
struct db_bisect_probe {
	long long id;
	char role[12];              /* good, bad, probe, culprit, parent, revert */
	long long idx;              /* candidate index; -1: none */
	char sha[DB_SHA_MAX + 1];
	int round;
	char state[16], outcome[8]; /* outcome "" until decided */
	long long build_id;         /* 0: none */
	int iterations, retries, build_retries;
	long long created_at, updated_at;
	int jobs, pending, failed;  /* its jobs: all, queued or running, failed or cancelled */
	char reason[DB_BISECT_TEXT];    /* why it was decided or skipped */
	char failure[DB_BISECT_TEXT];   /* the last failed job's reason */
	char build_state[16];       /* "" without a build */
	int build_kernel;           /* the build has a bzImage */
	char build_job[16];         /* the state of the build's job */
	char build_error[DB_BISECT_TEXT];
};

/* One stored iteration the bisection judges. */
struct db_bisect_sample {
	long long series_id, job_id;
	char sha[DB_SHA_MAX + 1];   /* the commit; "" for the revert's jobs */
	double value;
};

/* What a new bisection records (strings borrowed). */
struct db_bisect_new {
	long long change_id, tree_id;
	const char *range_key, *good, *bad, *branch, *config, *suite, *runner_class, *started_by;
	const json_t *spec;
	int iterations, revert;
	const struct db_bisect_commit *commits;
	size_t ncommits;
	const long long *series, *changes;  /* the metrics judged */
	size_t nmetrics;
};

/* Changes due an automatic bisection: performance changes on a commit
 * range, not noisy, new or confirmed, confirmed by their confirmation when
 * confirmed is 1 (daemon/confirm.c), settled at or before settled_before
 * (regressions only unless improvements), whose group has never had one;
 * the largest of each group: [{change_id, tree}]. */
json_t *db_bisect_due(struct db *db, long long settled_before, int improvements, int confirmed,
		      int limit);
/* What bisecting change_id needs: {change_id, range_key, kind, state,
 * direction, good_sha, bad_sha, series_id, runner_class, config_name,
 * suite, tree_id, tree, url, branch, bench_spec, bad_iterations,
 * build_spec, metrics: [{series_id, change_id}]} (*out: caller owns).
 * DB_NOTFOUND. */
int db_bisect_origin(struct db *db, json_t **out, long long change_id, char **cause);
/* Stores a running bisection (phase ends) with its candidates and
 * metrics, and marks its group's new or confirmed changes bisecting, in
 * one transaction.  DB_CONFLICT with *cause when the group has a running
 * bisection. */
int db_bisect_create(struct db *db, long long *id, const struct db_bisect_new *n, char **cause);
/* The ids of the running bisections, oldest first (*ids: caller frees). */
int db_bisect_running(struct db *db, long long **ids, size_t *n);
int db_bisect_get(struct db *db, struct db_bisection *out, long long id);
int db_bisect_commits(struct db *db, struct db_bisect_commit **out, size_t *n, long long id);
int db_bisect_metrics(struct db *db, struct db_bisect_metric **out, size_t *n, long long id);
int db_bisect_probes(struct db *db, struct db_bisect_probe **out, size_t *n, long long id);
/* The ok samples of the bisection's series at its probes' commits, and
 * those of its revert's jobs (sha ""), by series, commit, job and
 * iteration (*out: caller frees). */
int db_bisect_samples(struct db *db, struct db_bisect_sample **out, size_t *n, long long id);
/* Records progress: phase, commits left, rounds, probes, probes of the
 * last round (each < 0: unchanged), the culprit and the log (NULL:
 * unchanged). */
int db_bisect_progress(struct db *db, long long id, const char *phase, long long remaining,
		       long long rounds, long long probes, long long parallel, const char *culprit,
		       const json_t *log);
/* A new probe (state measuring). */
int db_bisect_probe_new(struct db *db, long long *probe_id, long long bisection_id,
			const char *role, long long idx, const char *sha, int round,
			int iterations);
/* Sets a probe's state (outcome, reason, detail may be NULL: unchanged;
 * retries, build_retries and iterations < 0: unchanged); with an entry,
 * in the same transaction, appends it to the bisection's log. */
int db_bisect_probe_set(struct db *db, long long probe_id, const char *state,
			const char *outcome, const char *reason, const json_t *detail,
			int retries, int build_retries, int iterations, const json_t *entry);
/* Waits for build_id, an existing build: the probe links it, building. */
int db_bisect_probe_build(struct db *db, long long probe_id, long long build_id);
/* Queues the build of spec for probe_id in one transaction (the build row
 * marked as the bisection's, named config_name), the probe then building. */
int db_bisect_queue_build(struct db *db, long long *build_id, long long probe_id,
			  long long bisection_id, const json_t *spec, const char *config_name,
			  int priority, int max_attempts);
/* Queues count bench jobs of spec for probe_id (of build_id, or of sha on
 * the runner's kernel when 0), linked to the probe; *queued counts them. */
int db_bisect_queue_jobs(struct db *db, int *queued, long long probe_id, const json_t *spec,
			 const char *runner_class, int priority, int max_attempts,
			 long long tree_id, const char *sha, long long build_id, int count);
/* Cancels the queued jobs (and queued builds it made) of probe_id, or of
 * every probe of bisection_id when probe_id is 0. */
int db_bisect_cancel(struct db *db, long long bisection_id, long long probe_id);
/* Ends a bisection: state done, failed or cancelled, with its culprit
 * (done), sentence, confidence (NAN: none), log and result; a done one
 * with a culprit sets its group's bisecting changes culprit-found, the
 * others set them back to new; queued jobs are cancelled. */
int db_bisect_finish(struct db *db, long long id, const char *state, const char *culprit,
		     const char *reason, double confidence, const json_t *log,
		     const json_t *result);
/* Runners of runner_class seen since seen_since that may run bench jobs
 * booting boot and hold no running job of priority or more. */
long long db_bisect_free_runners(struct db *db, const char *runner_class, const char *boot,
				 int priority, long long seen_since);
/* Bisections newest first, of a state (NULL: any) and of change_id's
 * group (0: any), with their change's metric (caller owns). */
json_t *db_bisections_list(struct db *db, const char *state, long long change_id, int limit,
			   int offset);
/* One bisection with "log" and "result" parsed, "probe_list" (with their
 * commit's subject and jobs) and "metrics", or NULL (caller owns). */
json_t *db_bisection_full(struct db *db, long long id);

/* --- confirmations (0021; db/db_confirm.c, daemon/confirm.c) ------- */
#define DB_CONFIRM_TEXT 512         /* bytes of a confirmation's sentence kept here */

/* A live change that waits for its confirmation (db_confirm_due). */
struct db_confirm_due {
	long long change_id;
	long long confirmation_id;  /* 0: none linked yet */
	long long series_id;
	long long good_job_id, bad_job_id;
	char metric[2 * PROTO_MAX_NAME + 2];    /* SUITE/NAME */
	char range[2 * DB_SHA_MAX + 4];         /* GOOD..BAD, 12 digits each */
};
/*
 * Live performance changes on a commit range that no confirmation has
 * judged (confirm NULL) and no measuring confirmation serves: not on a
 * noisy series, not triaged, detected or updated at or before
 * settled_before, oldest first, at most max, into *out (caller frees).
 */
int db_confirm_due(struct db *db, struct db_confirm_due **out, size_t *n,
		   long long settled_before, size_t max);
/*
 * Opens the confirmation of the range from the commit of good_job_id to
 * the commit of bad_job_id in the suite, runner class and config of
 * series_id, its jobs made like those two, want jobs a side, opened_by
 * one sentence; or finds the one that exists (one that ended measures again).
 * When a model job is not a bench job (a build measured the values:
 * kbuild) it gets want 0: no boot, its compiled-code check decides.
 * *id gets it.  With change_id, links that change to it.  DB_NOTFOUND when
 * a job or the series is gone, DB_INVALID when a job has no commit.
 */
int db_confirm_open(struct db *db, long long *id, long long series_id, long long good_job_id,
		    long long bad_job_id, int want, const char *opened_by, long long change_id);
/* The analyzer's: opens the confirmation of the newest measured commit of
 * a series (bad_job_id's) against the one before it (good_job_id's) when
 * it is a merge or a tagged commit, both are bench jobs, and no
 * confirmation of that range,
 * suite, class and config exists; *id gets it, 0 when none was opened. */
int db_confirm_newest(struct db *db, long long *id, long long series_id, long long good_job_id,
		      long long bad_job_id, int want, const char *opened_by);
/* A confirmation as the confirmer runs it (db_confirm_get). */
struct db_confirmation {
	long long id, tree_id;
	char tree[PROTO_MAX_NAME + 1];
	char good_sha[DB_SHA_MAX + 1], bad_sha[DB_SHA_MAX + 1];
	char suite[PROTO_MAX_NAME + 1], runner_class[PROTO_MAX_NAME + 1];
	char config[PROTO_MAX_NAME + 1];
	char state[16], code[16];   /* code "" until checked */
	char code_reason[DB_CONFIRM_TEXT];
	int want;
	int ok[2], failed[2], pending[2];   /* its jobs per side: done ok, lost, queued or running */
	long long created_at;
};
/* The ids of the measuring confirmations, oldest first (caller frees). */
int db_confirm_running(struct db *db, long long **ids, size_t *n);
int db_confirm_get(struct db *db, struct db_confirmation *out, long long id);
/* Records the compiled-code check: code changed, unchanged or unknown. */
int db_confirm_code(struct db *db, long long id, const char *code, const char *reason);
/* Sets the jobs a side confirmation id is to have. */
int db_confirm_want(struct db *db, long long id, int want);
/* Queues n[0] jobs of the good side and n[1] of the bad one, alternately
 * (good first) in one transaction, at priority on its runner class;
 * *queued counts them. */
int db_confirm_queue(struct db *db, int *queued, long long id, const int n[2], int priority);
/* One live change a confirmation judges. */
struct db_confirm_change {
	long long change_id, series_id;
	int regression, higher_is_better;
	char metric[2 * PROTO_MAX_NAME + 2];
};
/* The live changes linked to confirmation id that are not decided yet
 * (*out: caller frees). */
int db_confirm_changes(struct db *db, struct db_confirm_change **out, size_t *n, long long id);
/* One iteration of a confirmation's job in a series. */
struct db_confirm_sample {
	long long series_id, job_id;
	int side;                   /* 0 good, 1 bad */
	double value;
};
/* The iterations of confirmation id's successful jobs in series_id (0:
 * every series they measured), by series, side, job and iteration (*out:
 * caller frees). */
int db_confirm_samples(struct db *db, struct db_confirm_sample **out, size_t *n, long long id,
		       long long series_id);
/* Decides change_id: confirm is confirmed, not-reproduced or no-code, why
 * one sentence; the last two also withdraw it with why. */
int db_confirm_decide(struct db *db, long long change_id, const char *confirm, const char *why);
/* The bisector's, when the culprit of bisection_id changes no compiled
 * code (confirm no-code) or its ends no longer differ (not-reproduced):
 * every live untriaged change of its group is withdrawn so, with why. */
int db_confirm_group(struct db *db, long long bisection_id, const char *confirm,
		     const char *why);
/* Ends confirmation id: state done, no-code or stopped, reason; its
 * queued jobs are cancelled. */
int db_confirm_finish(struct db *db, long long id, const char *state, const char *reason);
/* The confirmation of change_id (> 0) or all, newest first, a page of
 * them, with their successful jobs per side (caller owns). */
json_t *db_confirmations_list(struct db *db, long long change_id, int limit, int offset);

#endif
