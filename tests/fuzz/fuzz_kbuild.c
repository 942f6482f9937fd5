// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_kbuild.c - libFuzzer target for lib/kbuild.c: the .cmd parser
 * (kbuild_cmd_paths), the sources list reader and kbuild_decide.  The
 * .cmd files come from a build of a tree anyone may push to, the lists
 * and .configs from runners.  The first byte picks the part (its low two
 * bits): 0 a .cmd file of an O= directory outside the tree, 1 one of an O=
 * under it (".."), 2 a sources list, 3 the decision over the rest cut at
 * NUL bytes into the changed paths (a line each), the two Makefiles, the
 * two sources lists and the two .configs.  What the parser keeps must be
 * relative and normalised; the decision must answer with a sentence.
 * Seeds: tests/fuzz/seeds/kbuild/ (real .cmd files of a linux-source-6.12
 * build behind a '0', a sources list behind a '2', a decision's inputs
 * from the same build behind a '3').
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/kbuild.h"

#define FUZZ_SRCTREE "/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every path the parser keeps is relative and normalised (a relative
 * name may climb with leading "../" parts only): abort if not. */
static void fuzz_check_paths(const struct kbuild_paths *p, int loose)
{
	for (size_t i = 0; i < p->n; i++) {
		const char *s = p->v[i];
		size_t n;

		while (loose && !strncmp(s, "../", 3))
			s += 3;
		n = strlen(s);
		if (!n || s[0] == '/' || s[n - 1] == '/' || strstr(s, "//") || !strcmp(s, ".") ||
		    !strcmp(s, "..") || !strncmp(s, "../", 3) || !strncmp(s, "./", 2) ||
		    strstr(s, "/../") || strstr(s, "/./") ||
		    (n >= 3 && !strcmp(s + n - 3, "/..")) || (n >= 2 && !strcmp(s + n - 2, "/.")) ||
		    strlen(p->v[i]) > KBUILD_MAX_PATH)
			abort();
	}
}

/* The decision over text cut at NUL bytes into its inputs. */
static void fuzz_decide(char *text, size_t len)
{
	char *part[7] = { 0 };
	size_t plen[7] = { 0 }, k = 0, start = 0, nchanged = 0;
	const char **changed;
	char why[256];
	int rc;

	for (size_t i = 0; i <= len && k < 7; i++)
		if (i == len || !text[i]) {
			part[k] = text + start;
			plen[k++] = i - start;
			start = i + 1;
		}
	changed = calloc(plen[0] + 1, sizeof *changed);
	if (!changed)
		return;
	for (char *s = part[0], *line; part[0] && (line = strsep(&s, "\n"));)
		if (*line)
			changed[nchanged++] = line;
	{
		struct kbuild_range r = {
			.changed = changed, .nchanged = nchanged, .changed_capped = plen[0] & 1,
			.makefile_good = part[1], .makefile_bad = part[2],
			.sources_good = part[3], .sources_good_len = plen[3],
			.sources_bad = part[4], .sources_bad_len = plen[4],
			.config_good = part[5], .config_bad = part[6],
		};

		rc = kbuild_decide(&r, why, sizeof why);
	}
	if (rc < KBUILD_UNKNOWN || rc > KBUILD_CHANGED || !why[0] || !memchr(why, 0, sizeof why))
		abort();
	free(changed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const srctree[2] = { FUZZ_SRCTREE, ".." };
	struct kbuild_paths p = { 0 }, loose = { 0 };
	char *text, *cause = NULL;
	int mode;

	if (!size)
		return 0;
	mode = data[0] & 3;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (mode < 2) {
		if (kbuild_cmd_paths(&p, &loose, text, size - 1, srctree[mode], &cause) == 0 &&
		    kbuild_paths_sort(&p) == 0)
			fuzz_check_paths(&p, 0);
		if (kbuild_paths_sort(&loose) == 0)
			fuzz_check_paths(&loose, 1);
	} else if (mode == 2) {
		if (kbuild_sources_read(&p, text, size - 1, &cause) == 0)
			for (size_t i = 1; i < p.n; i++)
				if (strcmp(p.v[i - 1], p.v[i]) >= 0)
					abort();        /* sorted and unique */
	} else {
		fuzz_decide(text, size - 1);
	}
	kbuild_paths_dispose(&p);
	kbuild_paths_dispose(&loose);
	free(cause);
	free(text);
	return 0;
}
