// SPDX-License-Identifier: GPL-2.0-only
/*
 * guestdir.c - the guest directory of kpci-runner (guestdir.h), shared by
 * the qemu boot method and the build executor.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runners/guestdir.h"

#define GUESTDIR_MAX_PATH 4096

int guestdir_find(char *out, size_t n, const struct rconfig *cfg)
{
	char exe[GUESTDIR_MAX_PATH];
	ssize_t len;
	char *slash;

	if (cfg->qemu_guest_dir)
		return (size_t)snprintf(out, n, "%s", cfg->qemu_guest_dir) < n ? 0 : -1;
	len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0)
		return -1;
	exe[len] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	return (size_t)snprintf(out, n, "%s/guest", exe) < n ? 0 : -1;
}
