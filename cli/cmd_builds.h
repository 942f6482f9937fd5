/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_builds.h - kpci's build commands: `kpci builds`, `kpci build ID`,
 * `kpci build-log ID`, `kpci artifact SHA256 FILE`.
 */
#ifndef KPCI_CLI_CMD_BUILDS_H
#define KPCI_CLI_CMD_BUILDS_H

#include "cli/cli.h"

/* Each returns the process exit status: 0, 1 for an error from kpcid or
 * the network, 2 for a usage error.  argv[0] is the command name. */
int cmd_builds(struct cli *cli, int argc, char **argv);
int cmd_build(struct cli *cli, int argc, char **argv);
int cmd_build_log(struct cli *cli, int argc, char **argv);
int cmd_artifact(struct cli *cli, int argc, char **argv);

#endif
