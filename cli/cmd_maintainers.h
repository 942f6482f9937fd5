/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_maintainers.h - `kpci maintainers`: who kpci would tell about files
 * or a commit of a kernel tree, read offline (lib/recipients.h).
 */
#ifndef KPCI_CLI_CMD_MAINTAINERS_H
#define KPCI_CLI_CMD_MAINTAINERS_H

/*
 * kpci maintainers -C DIR [--rev REV] [FILE...]: with FILEs, their
 * maintainers, reviewers and lists at REV (default HEAD; a plain source
 * directory is read from disk); without, the recipients of commit REV.
 * One recipient a line, "Name <address> (role)".  0, 1 on an error (one
 * sentence on stderr), 2 for usage.
 */
int cmd_maintainers(int argc, char **argv);

#endif
