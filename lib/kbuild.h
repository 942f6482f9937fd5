/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kbuild.h - what a kernel build compiled, and whether compiled code can
 * differ between two commits.
 *
 * kbuild writes a `.TARGET.cmd` file beside every target in the output
 * directory: `savedcmd_T := COMMAND`, and for what the compiler made
 * (through scripts/basic/fixdep) `source_T := FILE` and `deps_T := \`
 * followed by one prerequisite a line, `$(wildcard include/config/X)`
 * among them for each Kconfig symbol the files mention.  The build runner
 * (runners/build_sources.c) reads them all into the build's "sources"
 * artifact: the files of the source tree the build read, one path a line
 * relative to the top, sorted.  kpcid (daemon/analyze/codecheck.c) decides from
 * those lists, the paths that differ between two trees, the top Makefile
 * at both ends and the two .configs whether a change measured between two
 * kernels can come from their code at all, or only from layout and noise
 * (a release commit changes the version lines and nothing compiled).
 *
 * Pure functions over text: no files, no git; fuzzed
 * (tests/fuzz/fuzz_kbuild.c).  Inputs are capped by the callers.
 */
#ifndef KPCI_KBUILD_H
#define KPCI_KBUILD_H

#include <stddef.h>

#define KBUILD_MAX_CMD (16u << 20)      /* bytes of one .cmd file read */
#define KBUILD_MAX_PATH 4096            /* bytes of one path */
#define KBUILD_MAX_PATHS 500000         /* distinct paths of one sources list */
#define KBUILD_MAX_SOURCES (64u << 20)  /* bytes of one sources list read */
#define KBUILD_MAX_CONFIG (8u << 20)    /* bytes of one .config read */
#define KBUILD_MAX_MAKEFILE (1u << 20)  /* bytes of the top Makefile read */
#define KBUILD_MAX_NAMED 3              /* files a sentence names before "and N more" */

/* kbuild_decide's answers. */
#define KBUILD_UNKNOWN (-1)
#define KBUILD_UNCHANGED 0
#define KBUILD_CHANGED 1

/* A set of paths relative to the top of the source tree.  Adding keeps
 * every path; kbuild_paths_sort makes the set sorted and unique (also
 * done along the way, so that duplicates do not pile up). */
struct kbuild_paths {
	char **v;
	size_t n, cap;
	size_t sorted;          /* v[0..sorted) is sorted and unique */
};

/* Adds path (len bytes, relative, already normalised); 0, or -1 when
 * memory is out or the set would hold more than KBUILD_MAX_PATHS. */
int kbuild_paths_add(struct kbuild_paths *p, const char *path, size_t len);
/* Sorts p (C locale byte order) and drops duplicates; 0 or -1 as above. */
int kbuild_paths_sort(struct kbuild_paths *p);
/* 1 when a sorted p holds path, else 0. */
int kbuild_paths_has(const struct kbuild_paths *p, const char *path);
void kbuild_paths_dispose(struct kbuild_paths *p);

/*
 * Adds to out the files of the source tree that one .cmd file (text, len
 * bytes) names: the source of `source_T :=`, every
 * entry of `deps_T :=` and every word of `savedcmd_T :=` (`cmd_T :=`
 * before 6.2 and in tools/) that is a path (a generator's input such as
 * arch/x86/entry/syscalls/syscall_64.tbl is named only on its command
 * line).  srctree is the source tree as kbuild names it in the output
 * directory: its absolute path (an O= directory outside the tree, the
 * runner's case), ".." (O= a directory right under it) or "." (a build
 * in the tree).  A path under srctree is added relative to it with "."
 * and ".." resolved; "$(wildcard ...)" entries and paths outside the tree
 * (the compiler's own headers) are left out.  The relative names of
 * source_ and deps_ (with srctree not ".") are relative to the directory
 * make ran in: a file the build generated in the output directory
 * (include/generated/...), or a source of a tool that tools/ builds in
 * its own directory (objtool's check.c); they go to loose (NULL: left
 * out), normalised with any leading "../" kept, for the caller to place.
 * 0, or -1 with *cause (malloc'd) for a NUL byte, a path longer than
 * KBUILD_MAX_PATH or a set out of room.
 */
int kbuild_cmd_paths(struct kbuild_paths *out, struct kbuild_paths *loose, const char *text,
		     size_t len, const char *srctree, char **cause);

/* Where a relative name of a .cmd file lies, make having run in objtree
 * (kbuild's case; a tool built in its own directory names files relative
 * to that, which only the tree can tell): */
#define KBUILD_IN_TREE 0        /* a file of srctree: rel, relative to it */
#define KBUILD_IN_OBJTREE 1     /* under objtree: generated there, or a tool's name */
#define KBUILD_ELSEWHERE 2      /* neither: a tool's name climbing out ("../lib/x.c") */
/* objtree and srctree are absolute and normalised as realpath gives
 * them; "." and ".." in name are resolved as text.  A compiler cache that rewrites the
 * paths under its base directory relative to the compile's directory
 * (ccache's base_dir) names the tree's headers so: "../src/include/...". */
int kbuild_resolve(char rel[KBUILD_MAX_PATH + 1], const char *objtree, const char *srctree,
		   const char *name);

/* Reads a sources list (the artifact: one path a line, len bytes) into
 * out, sorted.  0, or -1 with *cause as kbuild_paths_add fails, for a NUL
 * byte or for a line that is not a relative path. */
int kbuild_sources_read(struct kbuild_paths *out, const char *text, size_t len, char **cause);

/* What kbuild_decide weighs: the range GOOD (exclusive) .. BAD. */
struct kbuild_range {
	const char *const *changed;     /* paths that differ between the trees */
	size_t nchanged;
	int changed_capped;             /* more paths differ than are listed */
	const char *makefile_good;      /* the top Makefile at each end; NULL: not */
	const char *makefile_bad;       /* read (needed only when it differs) */
	const char *sources_good;       /* the builds' sources lists (NULL: none; */
	const char *sources_bad;        /* the bad one is needed) */
	size_t sources_good_len, sources_bad_len;
	const char *config_good;        /* the builds' .config texts (NULL: none) */
	const char *config_bad;
};

/*
 * Whether the code the kernel build compiles may differ between the two
 * ends of r.  Conservative: KBUILD_CHANGED (1) when in doubt.  A differing
 * path that a sources list names is compiled code; the top Makefile may
 * differ only in its VERSION, PATCHLEVEL, SUBLEVEL, EXTRAVERSION and NAME
 * lines; any other Makefile*, Kbuild*, *.mk or scripts/ file steers the
 * build; Kconfig* files count through the .configs, compared by the
 * symbols they set (the header comments, which name the release, and
 * "is not set" lines left out: kbuild's auto.conf and autoconf.h hold
 * only the set symbols, an unset one and a missing one are the same).
 * KBUILD_UNCHANGED (0) when nothing compiled can differ;
 * KBUILD_UNKNOWN (-1) when an input that is needed is missing (the bad
 * build's sources list, a .config, a Makefile that differs) or cannot be
 * read.  why (whylen bytes) gets one sentence in every case.
 */
int kbuild_decide(const struct kbuild_range *r, char *why, size_t whylen);

#endif
