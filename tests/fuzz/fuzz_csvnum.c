// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_csvnum.c - libFuzzer target for lib/csvnum.c, the CSV and number
 * helpers of kpci detect and kpci compare, which read files a user
 * hands them.  The first byte is a column index, the rest a line; the
 * line's first field is also looked up as a header name.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/csvnum.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *f, *t;
	char *line, name[64];
	size_t flen, tlen;
	double v;
	long col;

	if (size < 1)
		return 0;
	col = data[0] % 16;
	line = malloc(size - 1 ? size - 1 : 1);   /* exact size: reads past it are caught */
	if (!line)
		return 0;
	memcpy(line, data + 1, size - 1);
	if (csvnum_field(&f, &flen, line, size - 1, col) == 0) {
		tlen = flen;
		t = csvnum_trim(f, &tlen);
		csvnum_number(&v, t, tlen);
	}
	if (csvnum_field(&f, &flen, line, size - 1, 0) == 0) {
		size_t n = flen < sizeof name - 1 ? flen : sizeof name - 1;

		memcpy(name, f, n);
		name[n] = '\0';
		csvnum_column(line, size - 1, name);
	}
	csvnum_number(&v, line, size - 1);
	free(line);
	return 0;
}
