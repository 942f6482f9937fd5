/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_confirm.h - confirmations of changes.  One family of db/db.h, which
 * includes them all; each file of db/ includes the family it implements.
 */
#ifndef KPCI_DB_CONFIRM_H
#define KPCI_DB_CONFIRM_H

#include "db/db_core.h"

/* --- confirmations (0021; db/db_confirm.c, daemon/analyze/confirm.c) ------- */
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
	struct db_fold fold;        /* n 0: a raw iteration; else the job's only row */
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
 * them, with their successful jobs per side, into *out (caller
 * disposes): DB_OK or DB_ERR. */
int db_confirmations_list(struct db *db, struct rec_confirmations *out, long long change_id,
			  int limit, int offset);

#endif
