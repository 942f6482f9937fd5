// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_gitpack.c - libFuzzer target for lib/gitpack.c, the watcher's
 * reader of a mirror's pack files and loose objects.  Their bytes come
 * from the trees kpcid fetches (through libgit2's indexer) and from the
 * repositories a local tree borrows from.  The first byte picks what the
 * rest is, written into a scratch objects folder that gitpack_open reads:
 *
 *   0  a loose object's file (objects/11/1111...)
 *   1  one pack entry (header and zlib stream), put in a one-object pack
 *      with an index that names it, so that the entry itself is read
 *   2  a 4-byte big-endian length L, L bytes of a pack index, and the
 *      pack: index and pack as they come
 *
 * Each object found is read to its end and its terminating '\0' checked.
 * The seeds (tests/fuzz/seeds/gitpack/) are git's own: the loose files
 * of a commit, tree, blob and annotated tag; the entries of one-object
 * packs from `git pack-objects --stdout` without the pack's header and
 * checksum; and the index and pack of `git repack -ad`.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/gitpack.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ID 20

static char top[] = "/tmp/kpci-fuzz-gitpack.XXXXXX";
static char objects[64], loose_dir[128], loose[192], packs[128], idx[160], pack[160];

static void fuzz_cleanup(void)
{
	unlink(loose);
	unlink(idx);
	unlink(pack);
	rmdir(loose_dir);
	rmdir(packs);
	rmdir(objects);
	rmdir(top);
}

/* The scratch folder, made once per process and removed at its exit. */
static int fuzz_setup(void)
{
	if (objects[0])
		return 0;
	if (!mkdtemp(top))
		return -1;
	atexit(fuzz_cleanup);
	snprintf(objects, sizeof objects, "%s/objects", top);
	snprintf(loose_dir, sizeof loose_dir, "%s/11", objects);
	snprintf(loose, sizeof loose, "%s/%.38s", loose_dir,
		 "11111111111111111111111111111111111111111111");
	snprintf(packs, sizeof packs, "%s/pack", objects);
	snprintf(idx, sizeof idx, "%s/pack-1.idx", packs);
	snprintf(pack, sizeof pack, "%s/pack-1.pack", packs);
	return mkdir(objects, 0700) < 0 || mkdir(loose_dir, 0700) < 0 || mkdir(packs, 0700) < 0 ?
	       -1 : 0;
}

static void fuzz_write(const char *path, const void *a, size_t an, const void *b, size_t bn)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0)
		abort();
	if ((an && write(fd, a, an) != (ssize_t)an) || (bn && write(fd, b, bn) != (ssize_t)bn))
		abort();
	close(fd);
}

static void fuzz_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* A one-object pack holding entry as the object 11 11 ... and its index. */
static void fuzz_one_pack(const uint8_t *entry, size_t n)
{
	unsigned char head[12] = "PACK", sum[ID], ix[8 + 256 * 4 + ID + 4 + 4 + 2 * ID];
	unsigned char *p = ix;

	memset(sum, 0x5a, sizeof sum);
	fuzz_be32(head + 4, 2);
	fuzz_be32(head + 8, 1);
	memcpy(p, "\377tOc", 4);
	fuzz_be32(p + 4, 2);
	p += 8;
	for (int i = 0; i < 256; i++, p += 4)
		fuzz_be32(p, i >= 0x11);
	memset(p, 0x11, ID);
	p += ID;
	fuzz_be32(p, 0);                /* crc32, not read */
	fuzz_be32(p + 4, 12);           /* the entry follows the pack's header */
	p += 8;
	memcpy(p, sum, ID);             /* the pack's checksum, as the pack ends */
	memset(p + ID, 0, ID);
	fuzz_write(idx, ix, sizeof ix, NULL, 0);
	{
		unsigned char *whole = malloc(sizeof head + n + ID);

		if (!whole)
			abort();
		memcpy(whole, head, sizeof head);
		memcpy(whole + sizeof head, entry, n);
		memcpy(whole + sizeof head + n, sum, ID);
		fuzz_write(pack, whole, sizeof head + n + ID, NULL, 0);
		free(whole);
	}
}

static void fuzz_read(struct gitpack *gp, const unsigned char id[ID])
{
	const void *obj;
	size_t n;
	int type;

	if (gitpack_read(gp, id, &type, &obj, &n)) {
		const unsigned char *b = obj;
		unsigned sum = 0;

		if (type < GITPACK_COMMIT || type > GITPACK_TAG || n > GITPACK_MAX_OBJECT)
			abort();
		for (size_t i = 0; i < n; i++)
			sum += b[i];
		if (b[n] != '\0')
			abort();
		(void)sum;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char id[ID], other[ID];
	struct gitpack *gp;

	if (size < 1 || fuzz_setup() < 0)
		return 0;
	unlink(loose);
	unlink(idx);
	unlink(pack);
	memset(id, 0x11, ID);
	memset(other, 0x11, ID);
	switch (data[0] % 3) {
	case 0:
		fuzz_write(loose, data + 1, size - 1, NULL, 0);
		break;
	case 1:
		fuzz_one_pack(data + 1, size - 1);
		break;
	default: {
		size_t len;

		if (size < 5)
			return 0;
		len = (size_t)data[1] << 24 | (size_t)data[2] << 16 | (size_t)data[3] << 8 | data[4];
		if (len > size - 5)
			len = size - 5;
		fuzz_write(idx, data + 5, len, NULL, 0);
		fuzz_write(pack, data + 5 + len, size - 5 - len, NULL, 0);
		if (len >= 8 + 256 * 4 + ID)
			memcpy(id, data + 5 + 8 + 256 * 4, ID);         /* the first id */
		if (len >= ID)
			memcpy(other, data + 5 + len - ID, ID);
		break;
	}
	}
	gp = gitpack_open(objects);
	if (!gp)
		return 0;
	fuzz_read(gp, id);
	fuzz_read(gp, other);
	fuzz_read(gp, id);              /* again: the index is mapped now */
	gitpack_close(gp);
	return 0;
}
