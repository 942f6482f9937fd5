/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sha256.h - SHA-256 digests as lowercase hex (OpenSSL's libcrypto).
 *
 * Used for API token hashes, environment identities and, later,
 * content-addressed artifacts.  This is the only file that includes
 * OpenSSL.
 */
#ifndef KPCI_SHA256_H
#define KPCI_SHA256_H

#include <stddef.h>

#define SHA256_HEX_LEN 64

/* Writes the 64 hex digits and a NUL of sha256(data) into hex. */
void sha256_hex(char hex[SHA256_HEX_LEN + 1], const void *data, size_t len);

/*
 * Incremental SHA-256 for data that never sits whole in memory (artifact
 * uploads and downloads).  sha256_begin() returns a context (NULL when out
 * of memory); sha256_update() feeds bytes; sha256_end() writes the hex
 * digest and frees the context.  sha256_abort(NULL) is a no-op.
 */
struct sha256_ctx;
struct sha256_ctx *sha256_begin(void);
int sha256_update(struct sha256_ctx *c, const void *data, size_t len);
void sha256_end(struct sha256_ctx *c, char hex[SHA256_HEX_LEN + 1]);
void sha256_abort(struct sha256_ctx *c);
/* The digest of a whole file, read in blocks; 0, or -1 with errno. */
int sha256_file(char hex[SHA256_HEX_LEN + 1], const char *path);
/* 1 when s is 64 lowercase hex digits. */
int sha256_hex_ok(const char *s);

/* Fills buf with n cryptographically random bytes; 0 or -1. */
int sha256_random(void *buf, size_t n);

#endif
