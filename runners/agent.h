/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * agent.h - the runner's main loop: register, claim with backoff, run
 * the job while a heartbeat keeps its lease, spool and upload the result.
 */
#ifndef KPCI_RUNNERS_AGENT_H
#define KPCI_RUNNERS_AGENT_H

#include <jansson.h>

#include "runners/config.h"

struct agent {
	struct rconfig *cfg;
	json_t *topology;
	char spool_dir[4096];
	long long runner_id;
	int once;                   /* stop after one job */
};

#define AGENT_EXIT_IDLE 3            /* stopped by idle_exit without running a job */

/* Runs until a stop signal, one job with once, or idle_exit seconds
 * without a job; returns the exit status (AGENT_EXIT_IDLE when idle_exit
 * stopped it before any job ran). */
int agent_run(struct agent *a);
/* Asks agent_run to stop after the job in hand; async-signal-safe. */
void agent_stop(void);
/* The flag agent_stop sets, for work that waits long and can be resumed
 * (a LAVA job); borrowed. */
const volatile int *agent_stopping_flag(void);

#endif
