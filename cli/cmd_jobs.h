/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_jobs.h - kpci's job commands: `kpci jobs` (the list, newest first,
 * filtered by state).
 */
#ifndef KPCI_CLI_CMD_JOBS_H
#define KPCI_CLI_CMD_JOBS_H

#include "cli/cli.h"

/* Returns the process exit status: 0, 1 for an error from kpcid or the
 * network or a malformed answer, 2 for a usage error (no request made).
 * argv[0] is the command name (--state S --limit N --offset N). */
int cmd_jobs(struct cli *cli, int argc, char **argv);
/* Prints "job ID queued" of kpcid's 201 answer to `kpci submit` (a job
 * record): 0, or 1 after a sentence naming the malformed field. */
int cmd_job_queued(const json_t *answer);

#endif
