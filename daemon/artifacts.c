// SPDX-License-Identifier: GPL-2.0-only
/*
 * artifacts.c - the content-addressed artifact store: streamed uploads
 * verified by SHA-256 before they become visible, reads, and LRU
 * retention under a size budget.  See artifacts.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "daemon/artifacts.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/log.h"

struct artifact_upload {
	int fd;
	char tmp[PATH_MAX];
	char final[PATH_MAX];
	char expect[SHA256_HEX_LEN + 1];
	struct sha256_ctx *sha;
	long long size;
};

int artifact_path(char *out, size_t n, const char *data_dir, const char *sha256)
{
	int len;

	if (!sha256_hex_ok(sha256))
		return -1;
	len = snprintf(out, n, "%s/artifacts/%.2s/%s", data_dir, sha256, sha256 + 2);
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int artifact_upload_begin(struct artifact_upload **out, const char *data_dir,
			  const char *sha256, char **cause)
{
	struct artifact_upload *u;
	char dir[PATH_MAX];

	*out = NULL;
	if (!sha256_hex_ok(sha256))
		return fail_cause(cause, "sha256 must be 64 lowercase hex digits");
	u = calloc(1, sizeof *u);
	if (!u)
		return fail_cause(cause, "out of memory");
	u->fd = -1;
	memcpy(u->expect, sha256, sizeof u->expect);
	if (artifact_path(u->final, sizeof u->final, data_dir, sha256) < 0 ||
	    (size_t)snprintf(dir, sizeof dir, "%s/artifacts/tmp", data_dir) >= sizeof dir ||
	    (size_t)snprintf(u->tmp, sizeof u->tmp, "%s/upload.XXXXXX", dir) >= sizeof u->tmp) {
		free(u);
		return fail_cause(cause, "the data directory path is too long");
	}
	if (fs_mkdirs(dir) < 0 || (u->fd = mkostemp(u->tmp, O_CLOEXEC)) < 0) {
		int e = errno;

		free(u);
		return fail_cause(cause, "cannot create a file in %s: %s", dir, strerror(e));
	}
	u->sha = sha256_begin();
	if (!u->sha) {
		artifact_upload_abort(u);
		return fail_cause(cause, "out of memory");
	}
	*out = u;
	return 0;
}

int artifact_upload_write(struct artifact_upload *u, const void *data, size_t len,
			  char **cause)
{
	const char *p = data;

	if (len > (size_t)(ARTIFACT_MAX_SIZE - u->size))
		return fail_cause(cause, "the artifact is larger than %lld bytes",
				  ARTIFACT_MAX_SIZE);
	if (sha256_update(u->sha, data, len) < 0)
		return fail_cause(cause, "cannot hash the upload");
	while (len) {
		ssize_t n = write(u->fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return fail_cause(cause, "cannot store the artifact: %s",
					  n < 0 ? strerror(errno) : "short write");
		p += n;
		len -= (size_t)n;
		u->size += n;
	}
	return 0;
}

void artifact_upload_abort(struct artifact_upload *u)
{
	if (!u)
		return;
	if (u->fd >= 0) {
		close(u->fd);
		unlink(u->tmp);
	}
	sha256_abort(u->sha);
	free(u);
}

int artifact_upload_finish(struct artifact_upload *u, long long *size, char **cause)
{
	char got[SHA256_HEX_LEN + 1], dir[PATH_MAX];
	int rc = -1;

	sha256_end(u->sha, got);
	u->sha = NULL;
	if (strcmp(got, u->expect)) {
		fail_cause(cause, "the upload's sha256 is %s, not the announced %s "
			   "(%lld bytes arrived); nothing was stored", got, u->expect, u->size);
		goto out;
	}
	if (fsync(u->fd) < 0) {
		fail_cause(cause, "cannot store the artifact: %s", strerror(errno));
		goto out;
	}
	snprintf(dir, sizeof dir, "%s", u->final);
	*strrchr(dir, '/') = '\0';
	if (fs_mkdirs(dir) < 0 || fchmod(u->fd, 0640) < 0 || rename(u->tmp, u->final) < 0) {
		fail_cause(cause, "cannot store the artifact in %s: %s", dir, strerror(errno));
		goto out;
	}
	*size = u->size;
	close(u->fd);
	u->fd = -1;
	rc = 0;
out:
	artifact_upload_abort(u);
	return rc;
}

int artifact_open(int *fd, long long *size, const char *data_dir, const char *sha256)
{
	char path[PATH_MAX];
	struct stat st;

	*fd = -1;
	if (artifact_path(path, sizeof path, data_dir, sha256) < 0)
		return -1;
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return -1;
	if (fstat(*fd, &st) < 0) {
		close(*fd);
		*fd = -1;
		return -1;
	}
	*size = st.st_size;
	return 0;
}

/* --- serving, verified -------------------------------------------- */

struct artifact_reader {
	struct db *db;
	int fd;
	long long size;                 /* the indexed size */
	long long pos;                  /* bytes hashed so far */
	struct sha256_ctx *sha;
	char expect[SHA256_HEX_LEN + 1];
};

/* Logs why the stored file of r is bad and marks it so in the index. */
static void artifact_reader_bad(struct artifact_reader *r, const char *why)
{
	log_error("artifacts: %s: %s; it is marked bad and no longer served", r->expect, why);
	if (db_artifact_mark_bad(r->db, r->expect, why) != DB_OK)
		log_error("artifacts: cannot mark %s bad", r->expect);
}

int artifact_reader_open(struct artifact_reader **out, struct db *db, const char *data_dir,
			 const char *sha256, long long size, char **cause)
{
	struct artifact_reader *r;
	long long on_disk;

	*out = NULL;
	r = calloc(1, sizeof *r);
	if (!r)
		return fail_cause(cause, "out of memory");
	r->db = db;
	r->size = size;
	snprintf(r->expect, sizeof r->expect, "%s", sha256);
	if (artifact_open(&r->fd, &on_disk, data_dir, sha256) < 0) {
		free(r);
		return fail_cause(cause, "artifact %s is not stored", sha256);
	}
	if (on_disk != size) {
		char why[128];

		snprintf(why, sizeof why, "the stored file has %lld bytes, not the %lld recorded",
			 on_disk, size);
		artifact_reader_bad(r, why);
		artifact_reader_free(r);
		fail_cause(cause, "artifact %s is corrupt on the server: %s", sha256, why);
		return ARTIFACT_CORRUPT;
	}
	r->sha = sha256_begin();
	if (!r->sha) {
		artifact_reader_free(r);
		return fail_cause(cause, "out of memory");
	}
	*out = r;
	return 0;
}

long artifact_reader_read(void *ctx, unsigned long long pos, char *buf, size_t max)
{
	struct artifact_reader *r = ctx;
	char got[SHA256_HEX_LEN + 1];
	ssize_t n;

	if (pos != (unsigned long long)r->pos || r->pos >= r->size)
		return -1;      /* only a straight read can be verified */
	if ((unsigned long long)max > (unsigned long long)(r->size - r->pos))
		max = (size_t)(r->size - r->pos);
	do
		n = pread(r->fd, buf, max, r->pos);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		artifact_reader_bad(r, n < 0 ? "the stored file cannot be read" :
				    "the stored file is shorter than recorded");
		return -1;
	}
	if (sha256_update(r->sha, buf, (size_t)n) < 0)
		return -1;
	r->pos += n;
	if (r->pos < r->size)
		return n;
	/* The last piece is held back until the whole content is verified. */
	sha256_end(r->sha, got);
	r->sha = NULL;
	if (strcmp(got, r->expect)) {
		char why[160];

		snprintf(why, sizeof why, "the stored content hashes to %s", got);
		artifact_reader_bad(r, why);
		return -1;
	}
	return n;
}

void artifact_reader_free(void *ctx)
{
	struct artifact_reader *r = ctx;

	if (!r)
		return;
	if (r->fd >= 0)
		close(r->fd);
	sha256_abort(r->sha);
	free(r);
}

int artifact_gc(struct db *db, const char *data_dir, long long budget, int keep_builds,
		int *evicted)
{
	long long total = db_artifacts_total(db);
	char path[PATH_MAX];
	struct db_evictable *v;
	size_t i, n;

	*evicted = 0;
	while (total > budget) {
		if (db_artifacts_evictable(db, &v, &n, keep_builds, ARTIFACT_GC_BATCH) != DB_OK)
			return -1;
		if (!n) {
			log_warn("artifacts: %lld bytes stored, over the budget of %lld, but all "
				 "are kept (recent builds)", total, budget);
			return 0;
		}
		int before = *evicted;

		for (i = 0; i < n && total > budget; i++) {
			const char *sha = v[i].sha256;

			if (!*sha || db_artifact_delete(db, sha) != DB_OK)
				continue;
			if (artifact_path(path, sizeof path, data_dir, sha) == 0 &&
			    unlink(path) < 0 && errno != ENOENT)
				log_warn("artifacts: cannot remove %s: %s", path, strerror(errno));
			total -= v[i].size;
			(*evicted)++;
		}
		free(v);
		if (*evicted == before)
			return -1;      /* nothing could be removed: do not spin */
	}
	return 0;
}
