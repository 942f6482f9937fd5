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

	free(*cause);
	va_start(ap, fmt);
	if (vasprintf(cause, fmt, ap) < 0)
		*cause = NULL;
	va_end(ap);
	return -1;
}
