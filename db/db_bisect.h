/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_bisect.h - bisections and their probes.  One family of db/db.h,
 * which includes them all; each file of db/ includes the family it
 * implements.
 */
#ifndef KPCI_DB_BISECT_H
#define KPCI_DB_BISECT_H

#include "db/db_analysis.h"     /* struct db_noise_sums */
#include "db/db_core.h"
#include "lib/rec_bisect.h"

/* --- bisections (0016; db/db_bisect.c, daemon/bisect/bisector.c) ---------- */
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
	json_t *bench;              /* the bench jobs' spec (a job spec); owned, NULL: none */
	json_t *build;              /* the builds' spec; owned, NULL: none (boot host) */
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
	struct db_fold fold;        /* n 0: a raw iteration; else the job's only row */
};

/* What a new bisection records (strings borrowed). */
struct db_bisect_new {
	long long change_id, tree_id;
	const char *range_key, *good, *bad, *branch, *config, *suite, *runner_class, *started_by;
	const json_t *bench;        /* the bench jobs' spec */
	const json_t *build;        /* the builds' spec, or JSON null (boot host) */
	int iterations, revert;
	const struct db_bisect_commit *commits;
	size_t ncommits;
	const long long *series, *changes;  /* the metrics judged */
	size_t nmetrics;
};

/* A change due an automatic bisection, with the tree of its commits
 * ("": not known). */
struct db_bisect_due {
	long long change_id;
	char tree[PROTO_MAX_NAME + 1];
};

/* What bisecting a change needs (db_bisect_origin; dispose with
 * db_bisect_origin_dispose).  A string SQL holds as NULL is NULL. */
struct db_bisect_origin {
	long long change_id, series_id;
	char *range_key, *kind, *state, *direction, *good_sha, *bad_sha;
	char *runner_class, *config_name, *suite;
	long long tree_id;          /* the tree of its commits; 0: not known */
	char *tree, *url;           /* NULL: not known */
	char *branch;               /* the first branch holding its bad commit; NULL: none */
	json_t *bench_spec;         /* its bad job's spec as stored; NULL: none */
	json_t *build_spec;         /* the spec of that job's build; NULL: none */
	long long bad_iterations;   /* samples of its bad job in its series */
	long long *series, *changes;    /* the metrics judged: the change first */
	size_t nmetrics;
};
void db_bisect_origin_dispose(struct db_bisect_origin *o);

/* Changes due an automatic bisection: performance changes on a commit
 * range of one of the trees named (NULL-terminated), not noisy, new or
 * confirmed, confirmed by their confirmation when confirmed is 1
 * (daemon/analyze/confirm.c), settled at or before settled_before
 * (regressions only unless improvements), whose group has never had one;
 * the largest of each group, oldest first, at most limit, into *out (*n
 * of them; caller frees).  DB_OK or DB_ERR. */
int db_bisect_due(struct db *db, struct db_bisect_due **out, size_t *n, long long settled_before,
		  int improvements, int confirmed, const char *const *trees, int limit);
/* What bisecting change_id needs into *out: the change, its tree and
 * the metrics of its group its bisection judges.  DB_OK; DB_NOTFOUND or
 * DB_ERR with *cause (*out empty). */
int db_bisect_origin(struct db *db, struct db_bisect_origin *out, long long change_id,
		     char **cause);
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
 * group (0: any), with their change's metric, into *out (list rows:
 * full 0); DB_OK or DB_ERR. */
int db_bisections_list(struct db *db, struct rec_bisections *out, const char *state,
		       long long change_id, int limit, int offset);
/* One bisection in full into *out: its log and result as stored, its
 * probes (with their commit's subject and jobs) and metrics.  DB_OK,
 * DB_NOTFOUND or DB_ERR (*out empty). */
int db_bisection_full(struct db *db, struct rec_bisection *out, long long id);

#endif
