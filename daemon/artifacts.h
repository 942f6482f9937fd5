/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * artifacts.h - kpcid's content-addressed store of build artifacts
 * (bzImage, .config, System.map, modules) under DATA_DIR/artifacts/.
 *
 * A file is stored as artifacts/ab/cdef... (its SHA-256 in hex, split
 * after two digits).  An upload is written to artifacts/tmp/ while its
 * digest is computed piece by piece; only a complete upload whose digest
 * matches the announced one is renamed into place, so a broken or wrong
 * upload leaves nothing behind.  Retention keeps the total under a budget
 * by evicting the least recently used artifacts that are not pinned (see
 * db_artifacts_evictable).
 */
#ifndef KPCI_DAEMON_ARTIFACTS_H
#define KPCI_DAEMON_ARTIFACTS_H

#include <stddef.h>

#include "lib/sha256.h"

#define ARTIFACT_MAX_SIZE (4LL << 30)   /* bytes of one artifact */
#define ARTIFACT_GC_BATCH 100           /* candidates read per eviction pass */

struct db;
struct artifact_upload;

/* Starts an upload of the artifact whose digest should be sha256 into
 * data_dir; 0, or -1 with *cause. */
int artifact_upload_begin(struct artifact_upload **out, const char *data_dir,
			  const char *sha256, char **cause);
/* Appends a piece; -1 with *cause (disk full, too large). */
int artifact_upload_write(struct artifact_upload *u, const void *data, size_t len,
			  char **cause);
/* Verifies the digest and moves the file into place; frees u.  *size gets
 * the length.  -1 with *cause (the temporary file is removed). */
int artifact_upload_finish(struct artifact_upload *u, long long *size, char **cause);
/* Removes the temporary file and frees u; NULL is a no-op. */
void artifact_upload_abort(struct artifact_upload *u);

/* Opens a stored artifact for reading; 0, or -1 when it is missing. */
int artifact_open(int *fd, long long *size, const char *data_dir, const char *sha256);
/*
 * Serving with verification (verified on arrival and on
 * download).  artifact_reader_open checks the stored file's size against
 * the indexed size (a mismatch marks the artifact bad: -1 with *cause);
 * artifact_reader_read (an http_resp reader) hashes what it sends and
 * holds the last piece back until the digest matches, so a corrupt file
 * aborts the connection instead of completing, and is marked bad
 * (db_artifact_mark_bad) so that later requests are refused up front.
 * Open returns -1 when the file is missing, ARTIFACT_CORRUPT when its size
 * is wrong.  artifact_reader_free(NULL) is a no-op.
 */
#define ARTIFACT_CORRUPT (-2)
struct artifact_reader;
int artifact_reader_open(struct artifact_reader **out, struct db *db, const char *data_dir,
			 const char *sha256, long long size, char **cause);
long artifact_reader_read(void *ctx, unsigned long long pos, char *buf, size_t max);
void artifact_reader_free(void *ctx);

/* The stored file's path (for tests and tools); 0 or -1 when it does not fit. */
int artifact_path(char *out, size_t n, const char *data_dir, const char *sha256);

/*
 * Evicts least recently used artifacts until the store is under budget
 * bytes, never those of the last keep_builds builds of a branch.
 * *evicted counts the files removed.  0 or -1.
 */
int artifact_gc(struct db *db, const char *data_dir, long long budget, int keep_builds,
		int *evicted);

#endif
