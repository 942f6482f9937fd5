/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_detect.h - `kpci detect`, the offline change-point detector.
 */
#ifndef KPCI_CLI_CMD_DETECT_H
#define KPCI_CLI_CMD_DETECT_H

/* Runs `kpci detect [options] FILE`; argv[0] is "detect".  Prints the change
 * points as JSON on stdout.  Returns the process exit status: 0 on success,
 * 1 for unreadable or bad data, 2 for a usage error. */
int cmd_detect(int argc, char **argv);

#endif
