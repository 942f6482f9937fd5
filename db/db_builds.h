/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db_builds.h - builds, their logs and artifacts, artifacts marked bad.
 * One family of db/db.h, which includes them all; each file of db/
 * includes the family it implements.
 */
#ifndef KPCI_DB_BUILDS_H
#define KPCI_DB_BUILDS_H

#include "db/db_core.h"

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
/* An artifact retention may evict. */
struct db_evictable {
	char sha256[65];            /* "" when the row has none */
	long long size;
};
/* At most limit artifacts retention may evict, least recently used first,
 * into *out (caller frees; NULL when none), *n of them: DB_OK or DB_ERR. */
int db_artifacts_evictable(struct db *db, struct db_evictable **out, size_t *n,
			   int keep_builds, int limit);
/* Forgets an artifact and its links to builds. */
int db_artifact_delete(struct db *db, const char *sha256);
/* Marks artifact sha256 as not servable, with why (one sentence). */
int db_artifact_mark_bad(struct db *db, const char *sha256, const char *why);
/* The reason artifact sha256 was marked bad (caller frees), NULL when good
 * or unknown. */
char *db_artifact_bad(struct db *db, const char *sha256);

#endif
