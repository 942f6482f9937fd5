/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * codecheck.h - whether compiled code can differ between the kernels of
 * two commits: kpcid's answer to "a microbenchmark moved at a commit that
 * changed only the version lines".  Under emulation a kernel rebuilt from
 * the same code measures differently (another release string, another
 * memory layout), so a change whose range compiles the same code is
 * layout or noise, not a regression to mail anyone about.  The confirmation
 * step and the bisector ask it before they report.
 *
 * The pieces: the paths that differ between the two trees (lib/gitrepo.c
 * over the tree's mirror), the top Makefile at both ends, the builds'
 * "sources" artifacts (the files each build read, runners/build_sources.c)
 * and ".config" artifacts from the artifact store; the decision is
 * lib/kbuild.c's kbuild_decide.
 */
#ifndef KPCI_DAEMON_CODECHECK_H
#define KPCI_DAEMON_CODECHECK_H

#include <stddef.h>

#define CODECHECK_CHANGED 1
#define CODECHECK_UNCHANGED 0
#define CODECHECK_UNKNOWN (-1)

#define CODECHECK_MAX_FILES 100000      /* differing paths of a range read */

struct kpcid;

/* Whether compiled code may differ between the kernels of config at
 * good and bad in tree (its mirror DATA_DIR/mirrors/NAME.git through
 * lib/gitrepo.c; the builds' "sources" and ".config" artifacts from
 * the artifact store): CODECHECK_CHANGED (1), CODECHECK_UNCHANGED (0),
 * or CODECHECK_UNKNOWN (-1) when a build, an artifact or the mirror
 * cannot be read; why gets one sentence in every case.  The builds are
 * the successful ones db_build_find names for (tree_id, commit, config);
 * good and bad are full commit ids as the builds record them.  Safe from
 * any thread; it reads the mirror and up to four artifacts (each capped:
 * lib/kbuild.h), so it takes from milliseconds to about a second. */
int codecheck_range(struct kpcid *k, long long tree_id, const char *tree,
		    const char *config, const char *good, const char *bad,
		    char *why, size_t whylen);

#endif
