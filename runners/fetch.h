/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fetch.h - the build a bench job names, fetched from kpcid: its bzImage
 * and its modules, downloaded by sha256 (verified on arrival and again on
 * every use) into a cache under WORK/artifacts/, one file per sha256.
 * The cache is bounded by [runner] artifact_cache_mb: after each fetch
 * the least recently used files go until it fits (a file in use by the
 * current job is never evicted).
 *
 * Spec fields read (queued by kpcid after a good build, db_builds.c):
 *   "kernel":  {"sha256": HEX, "size": BYTES}
 *   "modules": {"wq_flush.ko": HEX, ...}
 *   "kernel_release", "build_id"
 * A job without "kernel" (submitted by hand) uses the runner's own kernel.
 */
#ifndef KPCI_RUNNERS_FETCH_H
#define KPCI_RUNNERS_FETCH_H

#include <jansson.h>

#include "lib/client.h"
#include "lib/proto.h"
#include "runners/config.h"

#define FETCH_MAX_PATH    4096
#define FETCH_MAX_MODULES 32
#define FETCH_MAX_SIZE    (1LL << 32)   /* bytes of one kernel or module */

/* What a job's build resolves to on this runner. */
struct fetch_set {
	int has_kernel;                 /* the spec names a kernel artifact */
	char kernel[FETCH_MAX_PATH];    /* cached bzImage */
	char modules_dir[FETCH_MAX_PATH];/* NAME.ko symlinks to cached files, or "" */
	const char *release;            /* expected kernel release or NULL; borrowed */
	long long build_id;             /* 0: none */
};

/* Resolves job's kernel and modules through the cache, downloading what
 * is missing with c.  0 (out->has_kernel 0 when the spec names no
 * kernel), or -1 with *cause naming the artifact and why. */
int fetch_job(struct fetch_set *out, struct client *c, const struct rconfig *cfg,
	      const struct proto_job *job, char **cause);

/* Removes the job's module links (the cached files stay, under the LRU
 * budget).  fetch_done on a zeroed set is a no-op. */
void fetch_done(struct fetch_set *f);

#endif
