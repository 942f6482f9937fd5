/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gzip.h - gzip (RFC 1952) compression of a buffer in memory, for HTTP
 * answers sent with Content-Encoding: gzip.  The one user of zlib's
 * streaming API in kpci.
 */
#ifndef KPCI_GZIP_H
#define KPCI_GZIP_H

#include <stddef.h>

/* Compresses in[0..len) into a malloc'ed *out of *outlen bytes: 0, or -1
 * (out of memory, or the result would not be smaller than the input). */
int gzip_compress(char **out, size_t *outlen, const char *in, size_t len);

#endif
