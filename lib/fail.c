/*
 * fail.c - the reason a step failed, as one malloc'd sentence (fail.h).
 */
#include "lib/fail.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int fail_cause(char **cause, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	free(*cause);
	*cause = s;
	return -1;
}
