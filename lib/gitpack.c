// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitpack.c - objects read straight from a git repository's pack files
 * (see gitpack.h).  The formats are git's Documentation/gitformat-pack:
 *
 *   pack-X.idx  "\377tOc", version 2, fanout[256], ids[N][20],
 *               crc32[N], offset32[N], offset64[], pack checksum, own checksum
 *   pack-X.pack "PACK", version 2 or 3, N, entries, checksum; an entry is
 *               a varint header (type in bits 4-6 of its first byte, size in
 *               the rest) and the object's zlib stream (or a delta's base)
 *   XX/YYYY...  a loose object (XX: the id's first byte in hex, then the
 *               other 19): the zlib stream of "TYPE SIZE\0" and the object
 *
 * libdeflate is used here and nowhere else.  Every offset and length read
 * from a file is checked against the file's size before it is followed.
 */
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libdeflate.h>

#include "lib/gitpack.h"

#define GITPACK_ID 20
#define GITPACK_FANOUT (8 + 256 * 4)            /* where the ids start */
#define GITPACK_ALTERNATES 5                    /* libgit2's limit too */

struct gitpack_file {
	char *idx_path;
	long long mtime;
	int state;                      /* 0 not mapped yet, 1 mapped, -1 unusable */
	const unsigned char *idx, *pack;
	size_t idx_size, pack_size;
	uint32_t n;                     /* objects */
};

struct gitpack {
	struct gitpack_file *files;     /* newest first */
	size_t nfiles, last;            /* last: where the last object was found */
	char **dirs;                    /* objects folders, in search order */
	size_t ndirs;
	struct libdeflate_decompressor *inflater;
	unsigned char *buf;             /* an object read (inflated) */
	size_t cap;
	unsigned char *zbuf;            /* a loose object's file */
	size_t zcap;
};

/* Makes *buf hold at least n bytes; 0, or -1 when out of memory. */
static int gitpack_reserve(unsigned char **buf, size_t *cap, size_t n)
{
	unsigned char *b;

	if (n <= *cap)
		return 0;
	if (n < 4096)
		n = 4096;
	if (!(b = realloc(*buf, n)))
		return -1;
	*buf = b;
	*cap = n;
	return 0;
}

static uint32_t gitpack_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Maps a whole file read-only; NULL when it cannot (or is empty). */
static const unsigned char *gitpack_map(const char *path, size_t *size)
{
	struct stat st;
	void *m;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || st.st_size <= 0 || (uintmax_t)st.st_size > SIZE_MAX) {
		close(fd);
		return NULL;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return NULL;
	*size = (size_t)st.st_size;
	return m;
}

/* Maps f's index and pack and checks that they belong together; 0 or -1. */
static int gitpack_load(struct gitpack_file *f)
{
	size_t need;
	char *pack_path = NULL;
	uint32_t prev = 0;

	/* pack-X.idx -> pack-X.pack */
	if (asprintf(&pack_path, "%.*spack", (int)strlen(f->idx_path) - 3, f->idx_path) < 0)
		return -1;
	f->idx = gitpack_map(f->idx_path, &f->idx_size);
	f->pack = gitpack_map(pack_path, &f->pack_size);
	free(pack_path);
	if (!f->idx || !f->pack || f->idx_size < GITPACK_FANOUT + 2 * GITPACK_ID ||
	    memcmp(f->idx, "\377tOc", 4) || gitpack_be32(f->idx + 4) != 2 ||
	    f->pack_size < 12 + GITPACK_ID || memcmp(f->pack, "PACK", 4) ||
	    (gitpack_be32(f->pack + 4) != 2 && gitpack_be32(f->pack + 4) != 3))
		return -1;
	for (int i = 0; i < 256; i++) {         /* fanout: counts, never decreasing */
		uint32_t c = gitpack_be32(f->idx + 8 + 4 * i);

		if (c < prev)
			return -1;
		prev = c;
	}
	f->n = prev;
	need = GITPACK_FANOUT + (size_t)f->n * (GITPACK_ID + 4 + 4) + 2 * GITPACK_ID;
	if (f->idx_size < need || gitpack_be32(f->pack + 8) != f->n ||
	    memcmp(f->idx + f->idx_size - 2 * GITPACK_ID, f->pack + f->pack_size - GITPACK_ID,
		   GITPACK_ID))
		return -1;
	return 0;
}

static void gitpack_unmap(struct gitpack_file *f)
{
	if (f->idx)
		munmap((void *)(uintptr_t)f->idx, f->idx_size);
	if (f->pack)
		munmap((void *)(uintptr_t)f->pack, f->pack_size);
	f->idx = f->pack = NULL;
}

/* The offset of id's entry in f's pack, or 0 when f does not hold it. */
static uint64_t gitpack_find(struct gitpack_file *f, const unsigned char *id)
{
	const unsigned char *ids, *off32;
	uint32_t lo, hi, o;
	uint64_t off;

	if (!f->state) {
		f->state = gitpack_load(f) < 0 ? -1 : 1;
		if (f->state < 0)
			gitpack_unmap(f);
	}
	if (f->state < 0)
		return 0;
	lo = id[0] ? gitpack_be32(f->idx + 8 + 4 * (id[0] - 1)) : 0;
	hi = gitpack_be32(f->idx + 8 + 4 * id[0]);
	ids = f->idx + GITPACK_FANOUT;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = memcmp(ids + (size_t)mid * GITPACK_ID, id, GITPACK_ID);

		if (c < 0) {
			lo = mid + 1;
		} else if (c > 0) {
			hi = mid;
		} else {
			lo = mid;
			break;
		}
	}
	if (lo >= hi)
		return 0;
	off32 = ids + (size_t)f->n * (GITPACK_ID + 4);
	o = gitpack_be32(off32 + 4 * (size_t)lo);
	if (o & 0x80000000u) {                  /* an index into the 64-bit table */
		size_t at = (size_t)(off32 - f->idx) + 4 * (size_t)f->n +
			    8 * (size_t)(o & 0x7fffffffu);

		if (at + 8 > f->idx_size - 2 * GITPACK_ID)
			return 0;
		off = (uint64_t)gitpack_be32(f->idx + at) << 32 | gitpack_be32(f->idx + at + 4);
	} else {
		off = o;
	}
	return off >= 12 && off < f->pack_size - GITPACK_ID ? off : 0;
}

/* Inflates the entry at off of f's pack when it is an object stored whole. */
static int gitpack_inflate(struct gitpack *gp, const struct gitpack_file *f, uint64_t off,
			   int *type, const void **data, size_t *size)
{
	const unsigned char *p = f->pack + off, *end = f->pack + f->pack_size - GITPACK_ID;
	unsigned c = *p++;
	uint64_t n = c & 15;
	size_t in_used, out;
	int shift = 4;

	*type = (int)(c >> 4) & 7;
	while (c & 0x80) {
		if (p == end || shift > 57)
			return 0;
		c = *p++;
		n |= (uint64_t)(c & 0x7f) << shift;
		shift += 7;
	}
	if (*type < GITPACK_COMMIT || *type > GITPACK_TAG || n > GITPACK_MAX_OBJECT)
		return 0;                       /* deltas and the reserved types */
	if (gitpack_reserve(&gp->buf, &gp->cap, n + 1) < 0)
		return 0;
	if (libdeflate_zlib_decompress_ex(gp->inflater, p, (size_t)(end - p), gp->buf, n,
					  &in_used, &out) != LIBDEFLATE_SUCCESS || out != n)
		return 0;
	gp->buf[n] = '\0';
	*data = gp->buf;
	*size = n;
	return 1;
}

/* Reads the whole file at path into gp->zbuf; its size, or 0 when it
 * cannot be read (missing: another folder may have it) or is empty or
 * larger than any object read here. */
static size_t gitpack_slurp(struct gitpack *gp, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	size_t n = 0, want = 0;
	ssize_t got = 1;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && st.st_size > 0 && st.st_size <= GITPACK_MAX_OBJECT &&
	    gitpack_reserve(&gp->zbuf, &gp->zcap, (size_t)st.st_size) == 0)
		want = (size_t)st.st_size;
	while (n < want && (got = read(fd, gp->zbuf + n, want - n)) > 0)
		n += (size_t)got;
	close(fd);
	return want && n == want ? n : 0;
}

/* Inflates a loose object's file in gp->zbuf (zn bytes) and checks its
 * header; 1 with the object, or 0. */
static int gitpack_unloose(struct gitpack *gp, size_t zn, int *type, const void **data,
			   size_t *size)
{
	static const char *const names[] = { [GITPACK_COMMIT] = "commit", [GITPACK_TREE] = "tree",
					     [GITPACK_BLOB] = "blob", [GITPACK_TAG] = "tag" };
	size_t out = 0, want = zn < 1024 ? 4096 : zn * 4, in_used, hdr;
	enum libdeflate_result r = LIBDEFLATE_INSUFFICIENT_SPACE;
	const char *p, *nul;
	char *end;
	unsigned long long n;

	/* the size is in the stream: inflate into room that grows until it fits */
	for (; r == LIBDEFLATE_INSUFFICIENT_SPACE; want *= 4) {
		if (want > GITPACK_MAX_OBJECT + 32)
			want = GITPACK_MAX_OBJECT + 32;
		if (gitpack_reserve(&gp->buf, &gp->cap, want + 1) < 0)
			return 0;
		r = libdeflate_zlib_decompress_ex(gp->inflater, gp->zbuf, zn, gp->buf, want,
						  &in_used, &out);
		if (r == LIBDEFLATE_INSUFFICIENT_SPACE && want == GITPACK_MAX_OBJECT + 32)
			return 0;
	}
	if (r != LIBDEFLATE_SUCCESS)
		return 0;
	p = (const char *)gp->buf;
	if (!(nul = memchr(p, '\0', out < 32 ? out : 32)))
		return 0;
	hdr = (size_t)(nul - p) + 1;
	*type = 0;
	for (int t = GITPACK_COMMIT; t <= GITPACK_TAG; t++) {
		size_t len = strlen(names[t]);

		if (!strncmp(p, names[t], len) && p[len] == ' ')
			*type = t;
	}
	if (!*type)
		return 0;
	p = strchr(p, ' ') + 1;
	if (*p < '0' || *p > '9')
		return 0;
	n = strtoull(p, &end, 10);
	if (end != nul || n != out - hdr || n > GITPACK_MAX_OBJECT)
		return 0;
	gp->buf[out] = '\0';
	*data = gp->buf + hdr;
	*size = (size_t)n;
	return 1;
}

/* Reads id from its loose file in the first objects folder that has one. */
static int gitpack_loose(struct gitpack *gp, const unsigned char id[20], int *type,
			 const void **data, size_t *size)
{
	char hex[2 * GITPACK_ID + 1], *path = NULL;

	for (int i = 0; i < GITPACK_ID; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	for (size_t d = 0; d < gp->ndirs; d++) {
		size_t zn;

		if (asprintf(&path, "%s/%.2s/%s", gp->dirs[d], hex, hex + 2) < 0)
			return 0;
		zn = gitpack_slurp(gp, path);
		free(path);
		if (zn)         /* the first loose file decides, as for libgit2 */
			return gitpack_unloose(gp, zn, type, data, size);
	}
	return 0;
}

int gitpack_read(struct gitpack *gp, const unsigned char id[20], int *type, const void **data,
		 size_t *size)
{
	for (size_t k = 0; k < gp->nfiles; k++) {
		size_t i = k ? k - (k <= gp->last) : gp->last;  /* the last hit first */
		uint64_t off = gitpack_find(&gp->files[i], id);

		if (off) {
			gp->last = i;
			return gitpack_inflate(gp, &gp->files[i], off, type, data, size);
		}
	}
	return gitpack_loose(gp, id, type, data, size);
}

static int gitpack_newer(const void *a, const void *b)
{
	const struct gitpack_file *x = a, *y = b;

	return (x->mtime < y->mtime) - (x->mtime > y->mtime);
}

/* Adds the packs of objects_dir, and of the folders its info/alternates
 * names (as git and libgit2 do, at most GITPACK_ALTERNATES deep); 0, or
 * -1 when out of memory. */
static int gitpack_list(struct gitpack *gp, const char *objects_dir, int depth)
{
	char *path = NULL, *line = NULL, **dirs = realloc(gp->dirs, (gp->ndirs + 1) * sizeof *dirs);
	size_t cap = 0;
	glob_t g = { 0 };
	FILE *f;
	int rc = 0;

	if (!dirs)
		return -1;
	gp->dirs = dirs;
	if (!(gp->dirs[gp->ndirs] = strdup(objects_dir)))
		return -1;
	gp->ndirs++;
	if (asprintf(&path, "%s/pack/pack-*.idx", objects_dir) < 0)
		return -1;
	if (glob(path, GLOB_NOSORT, NULL, &g) == 0 && g.gl_pathc) {
		struct gitpack_file *v = realloc(gp->files, (gp->nfiles + g.gl_pathc) * sizeof *v);

		if (!v)
			rc = -1;
		else
			gp->files = v;
		for (size_t i = 0; rc == 0 && i < g.gl_pathc; i++) {
			struct gitpack_file *fi = &gp->files[gp->nfiles];
			struct stat st;

			if (stat(g.gl_pathv[i], &st) < 0)
				continue;
			memset(fi, 0, sizeof *fi);
			if (!(fi->idx_path = strdup(g.gl_pathv[i])))
				rc = -1;
			else
				gp->nfiles++;
			fi->mtime = (long long)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
		}
	}
	globfree(&g);
	free(path);
	if (rc < 0 || depth >= GITPACK_ALTERNATES ||
	    asprintf(&path, "%s/info/alternates", objects_dir) < 0)
		return rc;
	f = fopen(path, "re");
	free(path);
	while (f && rc == 0 && getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] == '/')
			rc = gitpack_list(gp, line, depth + 1);
		else if (asprintf(&path, "%s/%s", objects_dir, line) < 0)
			rc = -1;
		else {
			rc = gitpack_list(gp, path, depth + 1);
			free(path);
		}
	}
	free(line);
	if (f)
		fclose(f);
	return rc;
}

struct gitpack *gitpack_open(const char *objects_dir)
{
	struct gitpack *gp = calloc(1, sizeof *gp);

	if (!gp || !(gp->inflater = libdeflate_alloc_decompressor()) ||
	    gitpack_list(gp, objects_dir, 0) < 0) {
		gitpack_close(gp);
		return NULL;
	}
	if (gp->nfiles)
		qsort(gp->files, gp->nfiles, sizeof *gp->files, gitpack_newer);
	return gp;
}

void gitpack_close(struct gitpack *gp)
{
	if (!gp)
		return;
	for (size_t i = 0; i < gp->nfiles; i++) {
		gitpack_unmap(&gp->files[i]);
		free(gp->files[i].idx_path);
	}
	free(gp->files);
	for (size_t i = 0; i < gp->ndirs; i++)
		free(gp->dirs[i]);
	free(gp->dirs);
	libdeflate_free_decompressor(gp->inflater);
	free(gp->buf);
	free(gp->zbuf);
	free(gp);
}
