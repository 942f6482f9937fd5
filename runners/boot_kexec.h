/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_kexec.h - the kexec boot method, for bare-metal NUMA machines.
 *
 *   stage:  the job and what the runner expects to find after the reboot
 *           (the candidate's release, read from the bzImage header, and
 *           its build id when the job gives one) are written to
 *           STATE_DIR/staged.json; `kexec -l KERNEL --initrd --command-line`
 *           loads the candidate with the base kernel's command line plus
 *           kpci.job=ID.ATTEMPT; `kexec -e` starts it.
 *   resume: at its next start kpci-runner finds staged.json, renames it
 *           running.json (so a crash during the run is not retried in a
 *           loop), checks that the running kernel is the candidate, runs
 *           the suite on it, spools and uploads the result, then loads the
 *           base kernel and kexecs back.
 */
#ifndef KPCI_RUNNERS_BOOT_KEXEC_H
#define KPCI_RUNNERS_BOOT_KEXEC_H

#include <stddef.h>

#include <jansson.h>

#include "lib/proto.h"
#include "runners/config.h"

#define KEXEC_MAX_PATH    4096
#define KEXEC_MAX_CMDLINE 4096
#define KEXEC_MAX_STATE   (1 << 20)

/* The release ("6.1.0-57-amd64") in a bzImage's setup header; 0 or -1. */
int kexec_image_release(char *out, size_t n, const char *bzimage);

/* Stages job and kexecs into kernel (with initrd, may be NULL).  Returns 0
 * when the job is staged and the machine is going down (kexec -e returned,
 * or [kexec] execute = false); -1 with *cause, nothing left staged. */
int kexec_stage(const struct rconfig *cfg, const struct proto_job *job, const char *kernel,
		const char *initrd, const char *build_id, char **cause);

/* At start: 1 and *job (caller frees) when a staged job waits, which is
 * moved to running.json; 0 when there is none; -1 with *cause when the
 * state is unreadable or a previous run of it was cut short (then *job is
 * still filled, so that its failure can be reported). */
int kexec_resume(struct proto_job *job, const struct rconfig *cfg, char **cause);

/* The state of the job being resumed if it is job/attempt, else NULL;
 * borrowed. */
const json_t *kexec_resuming(long long job_id, int attempt);

/* 0 when the running kernel is the one state expects; -1 with a sentence. */
int kexec_verify(const json_t *state, char **cause);

/* Loads the base kernel recorded at staging and kexecs back to it; removes
 * the state.  0 when kexec -e returned (or execute = false); -1 with
 * *cause. */
int kexec_return(const struct rconfig *cfg, char **cause);

#endif
