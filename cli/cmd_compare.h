/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_compare.h - `kpci compare`, the offline comparison of two sample sets.
 */
#ifndef KPCI_CLI_CMD_COMPARE_H
#define KPCI_CLI_CMD_COMPARE_H

/* Runs `kpci compare [--alpha Q] [--json] A B`; argv[0] is "compare".
 * Prints one row per metric present in both files (LKP-style table, or
 * JSON with --json) on stdout.  Returns the process exit status: 0 on
 * success, 1 for unreadable or bad data, 2 for a usage error. */
int cmd_compare(int argc, char **argv);

#endif
