/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_runners.h - kpci's runner commands: `kpci runners` (the list),
 * `kpci runner ID` (one runner with its drift history) and `kpci
 * drift-ack ID` (an admin acknowledges the runner's open environment
 * drift).
 */
#ifndef KPCI_CLI_CMD_RUNNERS_H
#define KPCI_CLI_CMD_RUNNERS_H

#include "cli/cli.h"

/* Each returns the process exit status: 0, 1 for an error from kpcid or
 * the network, 2 for a usage error (no request made).  argv[0] is the
 * command name, argv[1] the runner id (runners: --limit N --offset N). */
int cmd_runners(struct cli *cli, int argc, char **argv);
int cmd_runner(struct cli *cli, int argc, char **argv);
int cmd_drift_ack(struct cli *cli, int argc, char **argv);

#endif
