/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_qemu.h - the qemu boot method: boot a candidate kernel in QEMU with
 * the NUMA topology the runner's [qemu] section (or the job) asks for, an
 * initramfs kpci builds itself (runners/guest/), and the suite run by the
 * guest's init; results come back on the serial console as KPCI- lines.
 * KVM is used when a probe of /dev/kvm (in a child, with a timeout: on
 * some machines the device exists and hangs) answers; TCG otherwise.
 */
#ifndef KPCI_RUNNERS_BOOT_QEMU_H
#define KPCI_RUNNERS_BOOT_QEMU_H

#include <jansson.h>

#include "lib/proto.h"
#include "runners/config.h"
#include "runners/suite.h"

#define QEMU_MAX_PATH     4096
#define QEMU_MAX_CMDLINE  2048
#define QEMU_MAX_NODES    16
#define QEMU_MAX_ARGS     96
#define QEMU_REASON_TAIL  1024   /* console bytes quoted in a failure reason */

struct qemu_boot {
	const struct rconfig *cfg;
	const char *suite;              /* kbench, boot or wq-flush */
	const struct suite_run *sr;     /* iterations, repeat rule, suite file */
	const char *kernel;             /* bzImage */
	const char *modules_dir;        /* *.ko for that kernel, or NULL */
	const char *work_dir;           /* scratch: initramfs, console logs */
	int nodes, cpus_per_node, memory_mb;
	int icount;                     /* 1: TCG under -icount shift=0,sleep=off (boot_icount.h) */
};

/* "kvm" or "tcg" for cfg; borrowed.  auto probes once per process: the
 * /dev/kvm ioctls (qemu_kvm_usable), then a QEMU KVM boot of kernel that
 * must print the kernel banner within [qemu] kvm_probe_timeout (files in
 * work_dir). */
const char *qemu_accel(const struct rconfig *cfg, const char *kernel, const char *work_dir);

/* 1 when, in a child process, /dev/kvm runs a one-instruction guest to
 * its hlt within timeout_s seconds, else 0. */
int qemu_kvm_usable(int timeout_s);

/* Boots q->kernel and runs the suite; samples go to r, the guest's
 * environment (kernel release, build id, cmdline, NUMA) to *guest_env
 * (caller owns).  On failure -1 with a sentence and the console tail in
 * *cause, and the whole console (capped) in r->log. */
int qemu_run(const struct qemu_boot *q, struct proto_result *r, json_t **guest_env, char **cause);

/* The parts another boot method shares (runners/boot_lava.c): the guest
 * initramfs at out with q->modules_dir's modules (0, or -1 with *cause);
 * the guest's command line for a boot running iter iterations after
 * warmup under accel ("tcg" adds the host's TSC rate; a lab's QEMU is
 * another host, so boot_lava passes "lab"); and the parse of one boot's
 * console into r and *guest_env
 * (0, or -1 with *cause quoting the console's tail). */
int qemu_initramfs(const struct qemu_boot *q, const char *out, char **cause);
void qemu_cmdline(char *out, size_t n, const struct qemu_boot *q, const char *accel, int iter,
		  int warmup);
int qemu_collect(const struct qemu_boot *q, struct proto_result *r, json_t **guest_env,
		 const char *console, int iteration, char **cause);

/* And for runners/boot_icount.c: one boot of q with initrd and cmdline,
 * its console in console_path (0, or -1 with a sentence in *cause: QEMU
 * failed, the boot timeout, the job given back); and that console's text,
 * capped, "" when there is none (caller owns). */
int qemu_boot_once(const struct qemu_boot *q, const char *initrd, const char *cmdline,
		   const char *console_path, char **cause);
char *qemu_slurp(const char *path);

#endif
