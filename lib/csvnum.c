// SPDX-License-Identifier: GPL-2.0-only
/*
 * csvnum.c - tokens, numbers and CSV fields for the offline tools.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/csvnum.h"

const char *csvnum_trim(const char *tok, size_t *len)
{
	while (*len && isspace((unsigned char)tok[0])) {
		tok++;
		(*len)--;
	}
	while (*len && isspace((unsigned char)tok[*len - 1]))
		(*len)--;
	if (*len >= 2 && tok[0] == '"' && tok[*len - 1] == '"') {
		tok++;
		*len -= 2;
	}
	return tok;
}

int csvnum_number(double *out, const char *tok, size_t len)
{
	char tmp[128], *end;
	double v;

	tok = csvnum_trim(tok, &len);
	if (len == 0 || len >= sizeof tmp)
		return -1;
	memcpy(tmp, tok, len);
	tmp[len] = '\0';
	errno = 0;
	v = strtod(tmp, &end);
	if (end != tmp + len || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int csvnum_field(const char **f, size_t *flen, const char *line, size_t len, long col)
{
	long c = 0;
	size_t start = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i == len || line[i] == ',') {
			if (c == col) {
				*f = line + start;
				*flen = i - start;
				return 0;
			}
			c++;
			start = i + 1;
		}
	}
	return -1;
}

long csvnum_column(const char *line, size_t len, const char *name)
{
	size_t nl = strlen(name);

	for (long c = 0;; c++) {
		const char *f;
		size_t flen;

		if (csvnum_field(&f, &flen, line, len, c) < 0)
			return -1;
		f = csvnum_trim(f, &flen);
		if (flen == nl && !strncasecmp(f, name, nl))
			return c;
	}
}
