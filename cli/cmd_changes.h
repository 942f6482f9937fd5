/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_changes.h - the analysis commands of kpci (cli/cmd_changes.c):
 * changes, change, triage, compare-jobs and noise, clients of the
 * /api/v1/changes, /api/v1/compare and /api/v1/noise routes.
 */
#ifndef KPCI_CLI_CMD_CHANGES_H
#define KPCI_CLI_CMD_CHANGES_H

#include "cli/cli.h"

/* Each returns the exit status: 0, 1 when the call failed, 2 for usage.
 * argv[0] is the command's name. */

/* kpci changes [--state S] [--direction D] [--metric M] [--runner_class C]
 *              [--series ID] [--group ID] [--noisy 0|1] [--limit N] [--offset N] */
int cmd_changes(struct cli *cli, int argc, char **argv);
/* kpci change ID: one change with the points around it */
int cmd_change(struct cli *cli, int argc, char **argv);
/* kpci triage ID STATE [--note TEXT] (admin token) */
int cmd_triage(struct cli *cli, int argc, char **argv);
/* kpci compare-jobs BASE HEAD [--runner_class C] [--alpha Q]: BASE and
 * HEAD are job ids, commit ids, tags or branches, compared by kpcid from
 * stored samples */
int cmd_compare_jobs(struct cli *cli, int argc, char **argv);
/* kpci noise [--runner_class C]: the noise model per (class, metric) */
int cmd_noise(struct cli *cli, int argc, char **argv);

#endif
