/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_icount.h - the instruction boot of the qemu boot method ([qemu]
 * instructions = on): after a kbench boot, the same kernel boots once more
 * under TCG with -icount shift=0,sleep=off, where the guest's clock
 * advances one ns per executed instruction, and its kbench samples come
 * back as NAME.insn, instructions per operation (runners/kbench_insn.h).
 */
#ifndef KPCI_RUNNERS_BOOT_ICOUNT_H
#define KPCI_RUNNERS_BOOT_ICOUNT_H

#include <jansson.h>

#include "lib/proto.h"
#include "runners/boot_qemu.h"

#define ICOUNT_VCPUS     1          /* vCPUs of the icount boot (see boot_icount.c) */
#define ICOUNT_TSC_KHZ   1000000    /* the guest's TSC under shift=0: 1 GHz */

/* After the kbench boot of q (initrd its initramfs) gave r its samples:
 * unless r has NAME.insn samples already (a guest whose vPMU counted),
 * the icount boot, whose NAME.insn samples are added to r, and
 * guest_env's kbench_insn (when guest_env is not NULL) becomes
 * "qemu-icount".  When that boot fails or times out r keeps every sample
 * it had, and r->log and the runner's log say why: the job never fails
 * for it. */
void icount_run(const struct qemu_boot *q, const char *initrd, struct proto_result *r,
		json_t *guest_env);

#endif
