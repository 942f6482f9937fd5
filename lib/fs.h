/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fs.h - small file-system helpers shared by kpcid and kpci-runner.
 */
#ifndef KPCI_FS_H
#define KPCI_FS_H

/* Creates dir and its missing parents (mode 0750), like mkdir -p.
 * 0, or -1 with errno set. */
int fs_mkdirs(const char *dir);

#endif
