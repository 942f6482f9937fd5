/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench.h - runs one bench job: reads the suite's file, picks the boot
 * method (host, qemu, kexec), runs the suite, and fills the result with
 * its samples and the environment that makes them comparable.
 *
 * Job spec fields read here (besides suite, boot, iterations, warmup):
 *   kernel       {"sha256", "size"}: the bzImage of a build, fetched from
 *                kpcid (runners/fetch.h); or a path for a job by hand;
 *                default: [qemu] kernel / [kexec] kernel
 *   modules      {"NAME.ko": sha256}: modules built against that kernel
 *   kernel_release  the release the booted guest must report (qemu)
 *   build_id     kpci's build id (a number, recorded with the samples as
 *                "kpci_build"); or, as a string, the candidate's GNU build
 *                id, checked after a kexec
 *   initrd       initrd for kexec
 *   modules_dir  kernel modules built for that kernel (wq_flush.ko)
 *   build_id     the candidate's GNU build id, checked after a kexec
 *   numa         {"nodes": N, "cpus_per_node": C, "memory_mb": M} for qemu
 */
#ifndef KPCI_RUNNERS_BENCH_H
#define KPCI_RUNNERS_BENCH_H

#include <jansson.h>

#include "lib/client.h"
#include "lib/proto.h"
#include "runners/config.h"

#define BENCH_STAGED "staged"   /* r->status when a kexec is under way */

/* Runs job into r: status "ok", "failed" with a reason, or BENCH_STAGED
 * when the runner kexecs into the candidate (no result to send yet).  c
 * (may be NULL) fetches the build's artifacts the spec names. */
void bench_execute(const struct rconfig *cfg, struct client *c, const json_t *topology,
		   const struct proto_job *job, struct proto_result *r);

#endif
