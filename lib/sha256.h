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

/* Fills buf with n cryptographically random bytes; 0 or -1. */
int sha256_random(void *buf, size_t n);

#endif
