/*
 * sha256.c - SHA-256 through libcrypto's one-shot EVP_Digest.
 */
#include <sys/random.h>

#include <openssl/evp.h>

#include "lib/sha256.h"

void sha256_hex(char hex[SHA256_HEX_LEN + 1], const void *data, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[32];
	unsigned int mdlen = 0;

	EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL);
	for (unsigned i = 0; i < 32; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[SHA256_HEX_LEN] = '\0';
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
