/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check_file.h - a unit test's own files: a whole file read, a file
 * written with its directory.  For the tests that make source trees and
 * git repositories of their own (test_kbuild.c, test_codecheck.c).
 */
#ifndef KPCI_CHECK_FILE_H
#define KPCI_CHECK_FILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/spawn.h"
#include "tests/unit/check.h"

/* The whole file path (malloc'd, NUL-terminated; *len bytes when len is
 * not NULL), or NULL. */
static inline char *check_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *t = NULL;
	size_t n = 0;
	long size;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (t = malloc((size_t)size + 1))) {
		n = fread(t, 1, (size_t)size, f);
		t[n] = '\0';
	}
	fclose(f);
	if (len)
		*len = n;
	return t;
}

/* Writes text to rel under top, making its directory (mkdir -p). */
static inline void check_put(const char *top, const char *rel, const char *text)
{
	char path[1024];
	char *argv[] = { "mkdir", "-p", path, NULL };
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", top, rel);
	*strrchr(path, '/') = '\0';
	CHECK_INT(spawn_run(argv, NULL, 10, NULL), 0);
	snprintf(path, sizeof path, "%s/%s", top, rel);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

#endif
