/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_reports.h - reports and their deliveries, the KCIDB export.  One
 * family of db/db.h, which includes them all; each file of db/ includes
 * the family it implements.
 */
#ifndef KPCI_DB_REPORTS_H
#define KPCI_DB_REPORTS_H

#include "db/db_core.h"
#include "lib/rec_report.h"

/* --- reports and their deliveries (0014; db/db_reports.c) ---------- */
/* The change groups a report is due for (settled at or before
 * settled_before, regressions or with improvements any; with confirmed 1,
 * only confirmed changes, and none of the group waiting for its
 * confirmation or for a job the analyzer asked for at either end), as
 * the reports to make: group_key, group_id, kind ("merge" or "culprit"),
 * commit_sha and bisection_id filled, at most limit.  DB_OK or DB_ERR
 * (*out empty). */
int db_reports_due(struct db *db, struct rec_reports *out, long long settled_before,
		   int improvements, int confirmed, int limit);

/* The instructions per operation of a change's metric at its two ends:
 * the series of the metric's NAME.insn beside it (docs/reports.md); known
 * 0 when either end has none. */
struct db_insn {
	int known;
	double before, after, sd_before, sd_after;
	long long n_before, n_after;
};

/* The reportable changes of a group as its report shows them. */
struct db_report_group {
	struct rec_changes changes;     /* largest first, instruction counts after times;
					 * the fields of db_report_group's columns */
	struct db_insn *insn;           /* one per change */
	/* Of the headline change (the first): */
	char *tree, *tree_url, *branch; /* NULL: not known */
	char *runner;                   /* its bad job's runner; NULL: not known */
	long long cpus, numa_nodes;     /* its runner's; 0: not known */
	/* Documents in the shape another program gave them, which the
	 * report's text shows (null when none): the bad job's spec as
	 * submitted, the environment its samples were uploaded with and
	 * the runner's topology as it registered it. */
	json_t *spec, *env, *topology;
};

/* The reportable changes of a group (not noisy, not invalid, wontfix or
 * fixed), largest first (instruction counts after times), with their
 * metric, and for the first, its tree, branch, the bad job's spec and
 * environment and its runner's hardware; each with the instructions per
 * operation at both ends where it has them.  DB_OK (none: empty) or
 * DB_ERR (*out empty). */
int db_report_group(struct db *db, struct db_report_group *out, const char *group_key);
/* Frees what g holds and leaves it empty; NULL: nothing. */
void db_report_group_dispose(struct db_report_group *g);
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
 * withdrawn now, at most limit, as list rows but for two fields:
 * withdrawn_reason is the reason to withdraw it with (its headline
 * change's), and of the counts only delivered (the deliveries that went
 * out) is filled.  DB_OK or DB_ERR (*out empty). */
int db_reports_void(struct db *db, struct rec_reports *out, int limit);
/* Withdraws report id with reason, in one transaction: its deliveries
 * that did not go out become withdrawn; when some went out, the follow-up
 * f (its subject, body, message_id and webhook; the rest is the report's)
 * is stored as a report of kind followup replying to it, with one delivery
 * in state (pending or digest) for each of them; *followup gets its id (0:
 * none).  DB_CONFLICT when the report was withdrawn already. */
int db_report_withdraw(struct db *db, long long *followup, long long id, const char *reason,
		       const struct db_report_new *f, const char *state);
/* Deliveries pending and due at now, of reports not held, at most limit,
 * with their report_id.  DB_OK or DB_ERR (*out empty). */
int db_deliveries_due(struct db *db, struct rec_deliveries *out, long long now, int limit);
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
/* The mail deliveries (recipients) of a report, oldest first.  DB_OK or
 * DB_ERR (*out empty). */
int db_report_recipients(struct db *db, struct rec_deliveries *out, long long report_id);

/* A delivery waiting for the digest with its report's subject and body. */
struct db_digest_item {
	struct rec_delivery delivery;   /* with its report_id */
	char *subject, *body;
};

struct db_digest {
	struct db_digest_item *v;
	size_t n;
};

/* Deliveries waiting for the digest, by recipient, at most DB_MAX_LIST.
 * DB_OK or DB_ERR (*out empty). */
int db_digest_due(struct db *db, struct db_digest *out);
/* Frees what d holds and leaves it empty; NULL: nothing. */
void db_digest_dispose(struct db_digest *d);
/* Reports newest first (list rows); change_id > 0: those of that change's
 * group.  DB_OK or DB_ERR (*out empty). */
int db_reports_list(struct db *db, struct rec_reports *out, long long change_id, int limit,
		    int offset);
/* One report's detail: its body, webhook document, deliveries and change
 * ids.  DB_OK, or DB_NOTFOUND or DB_ERR with *out empty. */
int db_report_get(struct db *db, struct rec_report *out, long long id);
/* Holds (1) or releases (0) a report; DB_NOTFOUND. */
int db_report_hold(struct db *db, long long id, int hold, long long token_id);
/* Puts the report's deliveries (of recipient, NULL: all) back to pending
 * now; *n counts them; DB_NOTFOUND. */
int db_report_resend(struct db *db, long long id, const char *recipient, int *n);
/* --- KCIDB export (0015; db/db_kcidb.c, daemon/export/kcidb.c) ------------ */
/* What KCIDB's checkout and build objects are made of: a build with its
 * tree, commit subject, artifacts and whether its checkout was sent.
 * daemon/export/kcidb.c writes the KCIDB JSON of these rows. */
struct db_kcidb_build {
	long long id, tree_id;
	char *tree, *url, *commit_sha, *config_name, *state;   /* NULL: none */
	char *branch, *compiler, *kernel_release, *error, *subject;     /* NULL: none */
	long long duration_ms;                  /* REC_NONE: not known */
	long long text_size, data_size, bss_size, image_size, make_jobs;   /* 0: not known */
	long long created_at, started_at, finished_at;                  /* 0: none */
	int checkout_sent;
	struct rec_artifact *artifacts;         /* name and sha256 (size 0) */
	size_t nartifacts;
};

struct db_kcidb_builds {
	struct db_kcidb_build *v;
	size_t n;
};

/* A sample a KCIDB test is made of. */
struct db_kcidb_sample {
	char *suite, *metric, *unit, *better;
	long long iteration;
	double value;
	char *runner, *runner_class, *kernel_release, *boot_method, *cpu_model;  /* NULL: none */
};

/* A done bench job with the samples of its successful attempt, ordered by
 * suite, metric and iteration. */
struct db_kcidb_job {
	long long id, attempt, build_id, started_at, finished_at;      /* 0: none */
	char *lab_job_url, *lab_device;         /* NULL: none */
	struct db_kcidb_sample *samples;
	size_t nsamples;
};

struct db_kcidb_jobs {
	struct db_kcidb_job *v;
	size_t n;
};

/* A regression to send as a failing test; a number SQL holds as NULL is 0. */
struct db_kcidb_regression {
	long long id;
	char *good_sha, *bad_sha;               /* good_sha NULL: from the start */
	double magnitude, mean_before, mean_after, pvalue;
	char *state;
	long long detected_at;
	char *suite, *metric, *unit, *better, *runner_class;
	long long build_id;                     /* the good build of its first bad commit */
};

struct db_kcidb_regressions {
	struct db_kcidb_regression *v;
	size_t n;
};

/* Finished builds (ok, failed, timeout) not yet sent, id > after, at most
 * limit, into *out (caller disposes): DB_OK or DB_ERR. */
int db_kcidb_builds(struct db *db, struct db_kcidb_builds *out, long long after, int limit);
/* Build id into *out (caller disposes): DB_OK, DB_NOTFOUND or DB_ERR. */
int db_kcidb_build(struct db *db, struct db_kcidb_build *out, long long id);
void db_kcidb_build_dispose(struct db_kcidb_build *b);
void db_kcidb_builds_dispose(struct db_kcidb_builds *l);
/* 1 when the object of (kind, ref) was delivered. */
int db_kcidb_sent(struct db *db, const char *kind, long long ref);
/* Done bench jobs of finished builds not yet sent, id > after, at most
 * limit, each with the samples of its successful attempt and the lab it
 * ran in, into *out (caller disposes): DB_OK or DB_ERR. */
int db_kcidb_jobs(struct db *db, struct db_kcidb_jobs *out, long long after, int limit);
void db_kcidb_jobs_dispose(struct db_kcidb_jobs *l);
/* Regressions not yet sent, id > after, at most limit, with the good
 * build of their first bad commit (changes without one wait for it),
 * into *out (caller disposes); with confirmed 1, only confirmed ones,
 * none after the first that waits for its confirmation (the cursor may
 * not pass it).  DB_OK or DB_ERR. */
int db_kcidb_regressions(struct db *db, struct db_kcidb_regressions *out, long long after,
			 int confirmed, int limit);
void db_kcidb_regressions_dispose(struct db_kcidb_regressions *l);
/* Records delivered objects, [[kind, ref, kcidb_id]...], in one
 * transaction; a repeat is ignored. */
int db_kcidb_mark(struct db *db, const json_t *sent, char **cause);

#endif
