/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fail.h - setting the one-sentence reason a step failed.  Functions that
 * can fail take `char **cause` (its *cause NULL or malloc'd) and, on
 * failure, leave a malloc'd sentence there for the caller to log, show
 * or send.
 */
#ifndef KPCI_FAIL_H
#define KPCI_FAIL_H

#include <stdarg.h>

/* Replaces *cause (NULL or malloc'd) with the formatted sentence (NULL
 * when out of memory); returns -1 (db/'s DB_ERR too).  The old sentence
 * is freed after the new one is made, so it may be one of the arguments,
 * and %m still sees the caller's errno.  cause NULL: the caller wants no
 * sentence; nothing is made.  The one way kpci sets a cause. */
int fail_cause(char **cause, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with the arguments as a va_list (for wrappers of their own). */
int fail_vcause(char **cause, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

#endif
