// SPDX-License-Identifier: GPL-2.0-only
/*
 * sha256.c - SHA-256 through libcrypto's EVP interface: one-shot, incremental, files.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "lib/sha256.h"

#define SHA256_FILE_BLOCK 65536

static void sha256_to_hex(char hex[SHA256_HEX_LEN + 1], const unsigned char md[32])
{
	static const char digits[] = "0123456789abcdef";

	for (unsigned i = 0; i < 32; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[SHA256_HEX_LEN] = '\0';
}

void sha256_hex(char hex[SHA256_HEX_LEN + 1], const void *data, size_t len)
{
	unsigned char md[32];
	unsigned int mdlen = 0;

	EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL);
	sha256_to_hex(hex, md);
}

struct sha256_ctx *sha256_begin(void)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	if (c && EVP_DigestInit_ex(c, EVP_sha256(), NULL) != 1) {
		EVP_MD_CTX_free(c);
		c = NULL;
	}
	return (struct sha256_ctx *)c;
}

int sha256_update(struct sha256_ctx *c, const void *data, size_t len)
{
	return EVP_DigestUpdate((EVP_MD_CTX *)c, data, len) == 1 ? 0 : -1;
}

void sha256_end(struct sha256_ctx *c, char hex[SHA256_HEX_LEN + 1])
{
	unsigned char md[32] = { 0 };
	unsigned int mdlen = 0;

	EVP_DigestFinal_ex((EVP_MD_CTX *)c, md, &mdlen);
	EVP_MD_CTX_free((EVP_MD_CTX *)c);
	sha256_to_hex(hex, md);
}

void sha256_abort(struct sha256_ctx *c)
{
	EVP_MD_CTX_free((EVP_MD_CTX *)c);
}

int sha256_file(char hex[SHA256_HEX_LEN + 1], const char *path)
{
	static __thread unsigned char block[SHA256_FILE_BLOCK];
	struct sha256_ctx *c;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC), saved;

	if (fd < 0)
		return -1;
	c = sha256_begin();
	if (!c) {
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	while ((n = read(fd, block, sizeof block)) > 0)
		sha256_update(c, block, (size_t)n);
	saved = errno;
	close(fd);
	if (n < 0) {
		sha256_abort(c);
		errno = saved;
		return -1;
	}
	sha256_end(c, hex);
	return 0;
}

int sha256_hex_ok(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return n == SHA256_HEX_LEN && !s[n];
}

int sha256_random(void *buf, size_t n)
{
	unsigned char *p = buf;

	while (n) {
		ssize_t got = getrandom(p, n, 0);

		if (got <= 0)
			return -1;
		p += got;
		n -= (size_t)got;
	}
	return 0;
}
