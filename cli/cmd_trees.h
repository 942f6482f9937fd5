/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_trees.h - the kpci commands about watched trees (cli/cmd_trees.c):
 * trees, commits, windows, merges, poll.
 */
#ifndef KPCI_CLI_CMD_TREES_H
#define KPCI_CLI_CMD_TREES_H

#include "cli/cli.h"

/* Each returns the exit status: 0, 1 (the server refused), 2 (usage). */
int cmd_trees(struct cli *cli, int argc, char **argv);
int cmd_commits(struct cli *cli, int argc, char **argv);
int cmd_windows(struct cli *cli, int argc, char **argv);
int cmd_merges(struct cli *cli, int argc, char **argv);
int cmd_poll(struct cli *cli, int argc, char **argv);

#endif
