/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * topology.h - what machine this is: NUMA nodes with their CPUs and
 * memory, CPU model, kernel release.  Read with hwloc; the only file
 * that includes hwloc.h.
 */
#ifndef KPCI_RUNNERS_TOPOLOGY_H
#define KPCI_RUNNERS_TOPOLOGY_H

#include <jansson.h>

/*
 * Returns (caller owns) an object:
 *   {"nodes":[{"id":0,"cpus":[0,1],"memory_bytes":N},...],
 *    "cpu_model":"...", "packages":N, "cores":N, "pus":N,
 *    "kernel_release":"...", "machine":"x86_64"}
 * or NULL with *cause set.
 */
json_t *topo_collect(char **cause);

#endif
