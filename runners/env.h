/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * env.h - the environment a sample was taken in: what decides whether two
 * numbers may be compared (kernel, command line, CPU model and microcode,
 * NUMA layout, cpufreq governor, THP, boot method and accelerator).
 */
#ifndef KPCI_RUNNERS_ENV_H
#define KPCI_RUNNERS_ENV_H

#include <stddef.h>

#include <jansson.h>

/* A new object (caller owns) for samples taken with boot_method/accel on
 * the machine described by topology (from topo_collect). */
json_t *env_collect(const char *boot_method, const char *accel, const json_t *topology);

/* The running kernel's GNU build id (hex) from /sys/kernel/notes; 0 or -1. */
int env_build_id(char *out, size_t n);

#endif
