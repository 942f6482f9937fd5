/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_lava.h - the lava boot method: a LAVA lab boots the candidate.
 *
 * The runner makes kpci's guest initramfs (as the qemu method does),
 * puts it and the kernel into [lava] publish_dir under their sha256 (the
 * lab reads them at publish_url), submits a job definition to the lab's
 * REST API v0.2 with its token: deploy (tmpfs for QEMU, TFTP for an
 * iPXE board), boot, and a `monitors` test action that records the
 * KPCI-RESULT lines of the guest as LAVA test cases.  The LAVA job id is
 * written to work_dir/lava/job-ID-ATTEMPT.json before the runner polls
 * the job, so that a restarted runner resumes polling instead of
 * submitting again.  When the lab has finished the job, its log gives the
 * guest's console, parsed like the qemu method's (same samples, same
 * environment); LAVA's own count of kpci test cases must agree with it.
 * An incomplete or canceled job fails the kpci job with the lab's
 * failure comment.  The result carries the LAVA job's URL and device.
 */
#ifndef KPCI_RUNNERS_BOOT_LAVA_H
#define KPCI_RUNNERS_BOOT_LAVA_H

#include <jansson.h>

#include "lib/proto.h"
#include "runners/boot_qemu.h"
#include "runners/config.h"

#define LAVA_MAX_LOG   (32u << 20)  /* bytes of a LAVA job log read */
#define LAVA_RETRY_MAX 30           /* longest wait between two tries, seconds */
#define LAVA_STOPPED   "stopped"    /* lava_run's *cause when the runner is stopping */

/* What one LAVA boot needs; q describes the guest as for the qemu method. */
struct lava_boot {
	const struct qemu_boot *q;
	const struct proto_job *job;
	const volatile int *stop;       /* non-zero: stop polling, keep the state */
};

/*
 * Runs the job in the lab (or resumes the LAVA job a previous start
 * submitted): samples into r, r->lab_job_url and r->lab_device, the
 * guest's environment into *guest_env (caller owns).  0; or -1 with
 * *cause (the lab's failure comment for an incomplete job); or 1 when
 * *stop asked to stop: the LAVA job goes on and the next start resumes it.
 */
int lava_run(const struct lava_boot *lb, struct proto_result *r, json_t **guest_env,
	     char **cause);

/* The jobs a previous start left polling, [proto job JSON...] (caller
 * owns); an empty array when none. */
json_t *lava_pending(const struct rconfig *cfg);

/* --- parts that depend on their input alone ------------------------ */

/* The job definition (LAVA's YAML, of which JSON is a part) for q with
 * the published kernel and initramfs; caller owns. */
json_t *lava_definition(const struct lava_boot *lb, const char *kernel_url,
			const char *kernel_sha, const char *initrd_url, const char *initrd_sha);
/* The console text of a LAVA job log (its "target" lines), malloc'd. */
char *lava_log_console(const char *log, size_t len);

#endif
