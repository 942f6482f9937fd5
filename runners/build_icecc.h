/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * build_icecc.h - kernel builds through an icecream farm ([build] icecc).
 *
 * icecc is Debian's icecream client: it asks the machine's iceccd which
 * host of the farm compiles each file.  The build keeps one CC in every
 * case, so that kbuild never recompiles for a change of CC alone:
 *   with ccache:    CC="ccache gcc", CCACHE_PREFIX=icecc (ccache hashes gcc,
 *                   and hands its misses to icecc; "ccache icecc gcc"
 *                   would hash the wrapper instead)
 *   without ccache: CC="icecc gcc"
 * and a local build is the same command with ICECC=no (icecc then runs
 * the compiler itself).  The ICECC_* settings of [build] icecc_env go to
 * icecc as they are.  A farm whose daemon does not answer on its socket
 * is not used; a farm build that prints nothing for [build] icecc_stall
 * seconds is stopped and finished locally (the objects already compiled
 * stay).  The record of the build says which, with icecc's version.
 */
#ifndef KPCI_RUNNERS_BUILD_ICECC_H
#define KPCI_RUNNERS_BUILD_ICECC_H

#include <stddef.h>

#include <jansson.h>

#include "runners/config.h"

#define ICECC_MAX_ENV   64          /* ICECC_* settings of icecc_env */
#define ICECC_MAX_WHY   512

/* What a build does with the farm. */
struct icecc_plan {
	int configured;                 /* [build] icecc (or cc "icecc gcc") */
	int use;                        /* the farm compiles */
	char version[64];               /* icecc --version: "1.4.0" */
	char why[ICECC_MAX_WHY];        /* why it does not (any more) */
	char **env;                     /* the build's environment (NULL: the runner's) */
	char **local_env;               /* the same with ICECC=no */
};

/*
 * Decides how the build of cfg compiles: *cc gets the CC= value ("ccache
 * gcc", "icecc gcc", or cfg's own when icecc is off), p the environment
 * and whether the farm is used.  ccache is 1 when ccache is installed and
 * wanted.  0, or -1 with *cause for a bad icecc_env.
 */
int icecc_plan(struct icecc_plan *p, char *cc, size_t n, const struct rconfig *cfg,
	       int ccache, char **cause);
/* The build record's "distributed" object, or NULL when icecc is off. */
json_t *icecc_record(const struct icecc_plan *p);
void icecc_plan_dispose(struct icecc_plan *p);

#endif
