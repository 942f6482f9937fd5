// SPDX-License-Identifier: GPL-2.0-only
/*
 * fail.c - the reason a step failed, as one malloc'd sentence (fail.h).
 */
#include "lib/fail.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int fail_vcause(char **cause, const char *fmt, va_list ap)
{
	char *s;

	if (!cause)
		return -1;
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	free(*cause);
	*cause = s;
	return -1;
}

int fail_cause(char **cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fail_vcause(cause, fmt, ap);
	va_end(ap);
	return -1;
}
