/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_bisect.h - kpci's bisection commands (cli/cmd_bisect.c), clients of
 * /api/v1/bisections: start one of a change, list, show, cancel.
 */
#ifndef KPCI_CLI_CMD_BISECT_H
#define KPCI_CLI_CMD_BISECT_H

#include "cli/cli.h"

/* kpci bisect CHANGE [--revert] (admin) */
int cmd_bisect(struct cli *cli, int argc, char **argv);
/* kpci bisections [--state S] [--change ID] [--limit N] [--offset N] */
int cmd_bisections(struct cli *cli, int argc, char **argv);
/* kpci bisection ID: where it stands or what it found, and its probes */
int cmd_bisection(struct cli *cli, int argc, char **argv);
/* kpci bisect-cancel ID (admin) */
int cmd_bisect_cancel(struct cli *cli, int argc, char **argv);

#endif
