/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * guestdir.h - where kpci-runner finds its guest parts (runners/guest/,
 * installed by `make guest`): the qemu initramfs's init, mkinitramfs.sh
 * and bin/, and the sources of the out-of-tree modules a build runner
 * builds against each kernel (wq_flush/).
 */
#ifndef KPCI_RUNNERS_GUESTDIR_H
#define KPCI_RUNNERS_GUESTDIR_H

#include <stddef.h>

#include "runners/config.h"

/* The guest directory into out: [qemu] guest_dir, else guest/ beside the
 * kpci-runner executable.  0, or -1 when it cannot be found or does not
 * fit in n bytes. */
int guestdir_find(char *out, size_t n, const struct rconfig *cfg);

#endif
