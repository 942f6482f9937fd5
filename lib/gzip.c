// SPDX-License-Identifier: GPL-2.0-only
/*
 * gzip.c - one-shot gzip compression over zlib's deflate (see gzip.h).
 */
#include "lib/gzip.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include <zlib.h>

#define GZIP_WINDOW (15 + 16)       /* 32 KiB window, gzip header and trailer */
#define GZIP_LEVEL 6                /* zlib's default: most of the gain, fast */

int gzip_compress(char **out, size_t *outlen, const char *in, size_t len)
{
	z_stream z = { 0 };
	size_t cap;
	char *buf;
	int rc;

	*out = NULL;
	*outlen = 0;
	if (len > UINT_MAX || deflateInit2(&z, GZIP_LEVEL, Z_DEFLATED, GZIP_WINDOW, 8,
					   Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	cap = deflateBound(&z, (uLong)len);
	buf = malloc(cap);
	if (!buf) {
		deflateEnd(&z);
		return -1;
	}
	z.next_in = (Bytef *)(uintptr_t)in;
	z.avail_in = (uInt)len;
	z.next_out = (Bytef *)buf;
	z.avail_out = (uInt)(cap > UINT_MAX ? UINT_MAX : cap);
	rc = deflate(&z, Z_FINISH);
	deflateEnd(&z);
	if (rc != Z_STREAM_END || z.total_out >= len) {
		free(buf);
		return -1;
	}
	*out = buf;
	*outlen = z.total_out;
	return 0;
}
