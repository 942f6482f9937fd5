/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * build_progress.h - the progress of a kernel build read from make's
 * output as it grows: kbuild's "  CC      kernel/fork.o" lines counted
 * (compile), then vmlinux's link and the image (link), told to
 * runners/progress.h.  A build that starts from an empty output
 * directory is compared with the count of the last such build of the
 * worktree (kept in a file beside it), which gives a percentage.
 */
#ifndef KPCI_RUNNERS_BUILD_PROGRESS_H
#define KPCI_RUNNERS_BUILD_PROGRESS_H

#include <sys/types.h>

#define BUILD_PROGRESS_LINE 512    /* bytes of a make output line looked at */

struct build_progress {
	off_t pos;                      /* bytes of the log read so far */
	char line[BUILD_PROGRESS_LINE];
	size_t len;                     /* of the partial line in line */
	int compiled;                   /* compile lines seen */
	int expected;                   /* compiles of the last full build, 0: unknown */
	int full;                       /* the output directory was empty */
	int linking;
};

/* Starts watching the log open as fd (readable: O_RDWR, make writes to
 * it) from its current end; count_file holds the compiles of the
 * worktree's last full build, full says this build starts from an empty
 * output directory. */
void build_progress_start(struct build_progress *bp, int fd, const char *count_file, int full);
/* Reads what the log gained and tells the progress. */
void build_progress_scan(struct build_progress *bp, int fd);
/* After a good build: a full build's count goes to count_file. */
void build_progress_done(const struct build_progress *bp, const char *count_file);

#endif
