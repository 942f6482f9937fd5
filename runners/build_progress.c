// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_progress.c - make's output read as it grows (build_progress.h).
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runners/build_progress.h"
#include "runners/progress.h"

/* kbuild's quiet lines that compile one file */
static const char *const build_progress_compiles[] = {
	"  CC      ", "  CC [M]  ", "  AS      ", "  HOSTCC  ", "  CPP     ", NULL,
};

void build_progress_start(struct build_progress *bp, int fd, const char *count_file, int full)
{
	struct stat st;
	FILE *f;

	memset(bp, 0, sizeof *bp);
	bp->pos = fstat(fd, &st) == 0 ? st.st_size : 0;
	bp->full = full;
	if (full && (f = fopen(count_file, "r"))) {
		if (fscanf(f, "%d", &bp->expected) != 1 || bp->expected < 0)
			bp->expected = 0;
		fclose(f);
	}
	progress_set("compile", bp->expected ? 0 : -1, "%s build: make started",
		     full ? "full" : "incremental");
}

/* One line of make's output. */
static void build_progress_line(struct build_progress *bp, const char *l)
{
	if (!strncmp(l, "  LD      vmlinux", 17) || !strncmp(l, "  LD      .tmp_vmlinux", 22) ||
	    !strncmp(l, "  KSYMS   ", 10)) {
		bp->linking = 1;
		progress_set("link", -1, "vmlinux (%d files compiled)", bp->compiled);
		return;
	}
	if (!strncmp(l, "  BUILD   arch/", 15)) {
		progress_set("link", -1, "the boot image (%d files compiled)", bp->compiled);
		return;
	}
	for (int i = 0; build_progress_compiles[i]; i++) {
		if (strncmp(l, build_progress_compiles[i], strlen(build_progress_compiles[i])))
			continue;
		bp->compiled++;
		if (bp->linking)
			return;         /* kallsyms and the boot image compile a few more */
		if (bp->expected > 0) {
			int pct = bp->compiled >= bp->expected ? 99 : bp->compiled * 100 / bp->expected;

			progress_set("compile", pct, "%d of about %d files (%d%%)", bp->compiled,
				     bp->expected, pct);
		} else {
			progress_set("compile", -1, "%d files (%s build)", bp->compiled,
				     bp->full ? "full" : "incremental");
		}
		return;
	}
}

void build_progress_scan(struct build_progress *bp, int fd)
{
	char block[8192];
	ssize_t n;

	while ((n = pread(fd, block, sizeof block, bp->pos)) > 0) {
		bp->pos += n;
		for (ssize_t i = 0; i < n; i++) {
			if (block[i] != '\n') {
				if (bp->len < sizeof bp->line - 1)
					bp->line[bp->len++] = block[i];
				continue;
			}
			bp->line[bp->len] = '\0';
			build_progress_line(bp, bp->line);
			bp->len = 0;
		}
	}
}

void build_progress_done(const struct build_progress *bp, const char *count_file)
{
	FILE *f;

	if (!bp->full || bp->compiled <= 0 || !(f = fopen(count_file, "w")))
		return;
	fprintf(f, "%d\n", bp->compiled);
	fclose(f);
}
