// SPDX-License-Identifier: GPL-2.0-only
/*
 * utf8.c - validating and repairing UTF-8 (see utf8.h).  The rules are
 * those of RFC 3629, the same that jansson enforces on json_string().
 */
#include "lib/utf8.h"

#include <stdlib.h>
#include <string.h>

size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0], cp;
	size_t len;

	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;
	len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	cp = c & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

int utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0, k; i < n; i += k)
		if (!(k = utf8_seq(p + i, n - i)))
			return 0;
	return 1;
}

char *utf8_repair(const char *s, size_t n, size_t *outlen)
{
	static const char fffd[] = "\xef\xbf\xbd";
	const unsigned char *p = (const unsigned char *)s;
	char *out;
	size_t o = 0;

	/* at most 3 output bytes per input byte */
	if (n > (((size_t)-1) - 1) / 3 || !(out = malloc(n * 3 + 1)))
		return NULL;
	for (size_t i = 0, k; i < n; i += k ? k : 1) {
		k = utf8_seq(p + i, n - i);
		if (k) {
			memcpy(out + o, s + i, k);
			o += k;
		} else {
			memcpy(out + o, fffd, 3);
			o += 3;
		}
	}
	out[o] = '\0';
	if (outlen)
		*outlen = o;
	return out;
}
