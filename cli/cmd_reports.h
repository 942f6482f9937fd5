/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_reports.h - kpci's report commands (cli/cmd_reports.c), clients of
 * /api/v1/reports: list, show, re-send and hold.
 */
#ifndef KPCI_CLI_CMD_REPORTS_H
#define KPCI_CLI_CMD_REPORTS_H

#include "cli/cli.h"

/* kpci reports [--change ID] [--limit N] [--offset N] */
int cmd_reports(struct cli *cli, int argc, char **argv);
/* kpci report ID: the report's text and its delivery per recipient */
int cmd_report(struct cli *cli, int argc, char **argv);
/* kpci report-resend ID [--to ADDRESS] (admin) */
int cmd_report_resend(struct cli *cli, int argc, char **argv);
/* kpci report-hold ID [--release] (admin) */
int cmd_report_hold(struct cli *cli, int argc, char **argv);

#endif
