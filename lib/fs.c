// SPDX-License-Identifier: GPL-2.0-only
/*
 * fs.c - file-system helpers.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include "lib/fs.h"

int fs_mkdirs(const char *dir)
{
	char path[4096];

	if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0750) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(path, 0750) < 0 && errno != EEXIST ? -1 : 0;
}
