/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gitpack.h - objects read straight from a git repository's pack files.
 *
 * A large poll reads thousands of commits, and inflating them is most of
 * its walk.  libgit2 inflates with zlib through its pack window cache,
 * behind locks, into an object it allocates and caches; this reader maps
 * the pack indexes and packs itself and inflates an object stored whole
 * with libdeflate in one call, into a buffer it reuses.  An object no
 * pack holds is read from its loose file (objects/XX/YYYY...), one open
 * per objects folder, where libgit2 first looks for it in a dozen paths.
 * It reads only what is simple to read right; for anything else (a
 * delta, an index it does not know, data that does not inflate to the
 * size its header gives) it answers "not here", and the caller reads the
 * object with libgit2, which also says what is wrong with a broken one.
 *
 * Only pack index version 2 (what git and libgit2 write).  Packs are
 * searched newest first, each index mapped when first searched; a pack
 * whose index does not name it (checksums differ) is not used.  Not
 * thread-safe: one reader per thread.
 */
#ifndef KPCI_GITPACK_H
#define KPCI_GITPACK_H

#include <stddef.h>

#define GITPACK_COMMIT 1        /* object types, as in a pack's entry header */
#define GITPACK_TREE 2
#define GITPACK_BLOB 3
#define GITPACK_TAG 4
#define GITPACK_MAX_OBJECT (16u << 20)  /* larger objects are left to the caller */

struct gitpack;

/* The packs of objects_dir (a repository's "objects" folder), listed but
 * not yet mapped; NULL when out of memory.  A folder without packs gives
 * a reader that finds nothing. */
struct gitpack *gitpack_open(const char *objects_dir);

/*
 * The object id (20 raw bytes): 1 with its type, data and size when one
 * of the packs stores it whole or it is loose (data stays valid until
 * the next call, and data[size] is '\0'), or 0 when it is not read here
 * (see above).
 */
int gitpack_read(struct gitpack *gp, const unsigned char id[20], int *type, const void **data,
		 size_t *size);

void gitpack_close(struct gitpack *gp);

#endif
