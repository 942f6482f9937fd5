// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_kbuild.c - what a kernel build compiled and whether a range can
 * change it (lib/kbuild.c): the .cmd files of a real build of Debian's
 * linux-source-6.12 (tests/data/kbuild-out/, see its README) parsed one by
 * one and walked as the runner walks its O= directory
 * (runners/build_sources.c), also as a compiler cache's base_dir names
 * them (tests/data/kbuild-ccache/); the decision's rules on the real
 * .config and top Makefile of that build; and the paths that differ
 * between two commits of a real git repository made here (lib/gitrepo.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/gitrepo.h"
#include "lib/kbuild.h"
#include "lib/spawn.h"
#include "runners/build_internal.h"
#include "tests/unit/check.h"
#include "tests/unit/check_file.h"

#define OUT "tests/data/kbuild-out"
/* where the saved build's worktree was: the .cmd files name it */
#define SRCTREE "/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src"

static char dir[] = "/tmp/kpci-test-kbuild.XXXXXX";

/* The saved .cmd files. */
static const char *const cmds[] = {
	"kernel/.sys.o.cmd", "init/.version.o.cmd", "init/.built-in.a.cmd",
	"scripts/basic/.fixdep.cmd", "arch/x86/include/generated/asm/.syscalls_64.h.cmd",
	"arch/x86/kernel/.vmlinux.lds.cmd", ".vmlinux.cmd", "tools/objtool/.check.o.cmd",
	"tools/objtool/arch/x86/.decode.o.cmd", "tools/objtool/libsubcmd/.exec-cmd.o.cmd",
};
#define NCMDS (sizeof cmds / sizeof cmds[0])

/* Parses the saved .cmd file rel (under OUT) into p, sorted, its relative
 * names into loose (NULL: not kept); its rc. */
static int parse_into(struct kbuild_paths *p, struct kbuild_paths *loose, const char *rel,
		      const char *srctree)
{
	char path[512], *cause = NULL, *text;
	size_t len = 0;
	int rc;

	snprintf(path, sizeof path, "%s/%s", OUT, rel);
	text = check_slurp(path, &len);
	CHECK(text != NULL);
	if (!text)
		return -1;
	rc = kbuild_cmd_paths(p, loose, text, len, srctree, &cause);
	if (rc == 0)
		rc = kbuild_paths_sort(p);
	free(text);
	free(cause);
	return rc;
}

static int parse_saved(struct kbuild_paths *p, const char *rel, const char *srctree)
{
	return parse_into(p, NULL, rel, srctree);
}

/* 1 when every path of p is relative, normalised and not generated. */
static int all_clean(const struct kbuild_paths *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const char *s = p->v[i];

		if (s[0] == '/' || strstr(s, "/../") || strstr(s, "./") || strstr(s, "//") ||
		    strstr(s, "$(") || strchr(s, ')') || strstr(s, "include/generated/") ||
		    strstr(s, "include/config/"))
			return 0;
	}
	return 1;
}

/* The saved .cmd files of the real build, one by one. */
static void test_cmd_files(void)
{
	struct kbuild_paths p = { 0 };

	/* a C object: its source and the headers it read, not the Kconfig
	 * symbols, the generated headers or the compiler's own */
	CHECK_INT(parse_saved(&p, "kernel/.sys.o.cmd", SRCTREE), 0);
	CHECK(kbuild_paths_has(&p, "kernel/sys.c"));
	CHECK(kbuild_paths_has(&p, "include/linux/syscalls.h"));
	CHECK(kbuild_paths_has(&p, "arch/x86/include/asm/processor.h"));
	CHECK(kbuild_paths_has(&p, "include/linux/compiler-version.h"));
	CHECK(!kbuild_paths_has(&p, "include/generated/autoconf.h"));
	CHECK(!kbuild_paths_has(&p, "init/main.c"));
	CHECK(p.n > 100);
	CHECK(all_clean(&p));
	kbuild_paths_dispose(&p);

	CHECK_INT(parse_saved(&p, "init/.version.o.cmd", SRCTREE), 0);
	CHECK(kbuild_paths_has(&p, "init/version.c"));
	CHECK(kbuild_paths_has(&p, "include/linux/utsname.h"));
	CHECK(all_clean(&p));
	kbuild_paths_dispose(&p);

	/* an archive and the link: commands only; the link script is the
	 * source of vmlinux */
	CHECK_INT(parse_saved(&p, "init/.built-in.a.cmd", SRCTREE), 0);
	CHECK_INT(p.n, 0);
	kbuild_paths_dispose(&p);
	CHECK_INT(parse_saved(&p, ".vmlinux.cmd", SRCTREE), 0);
	CHECK(kbuild_paths_has(&p, "scripts/link-vmlinux.sh"));
	CHECK(kbuild_paths_has(&p, "arch/x86/Makefile.postlink"));
	CHECK_INT(p.n, 2);
	kbuild_paths_dispose(&p);

	/* a generated header: its input is named on the command line only */
	CHECK_INT(parse_saved(&p, "arch/x86/include/generated/asm/.syscalls_64.h.cmd", SRCTREE),
		  0);
	CHECK(kbuild_paths_has(&p, "arch/x86/entry/syscalls/syscall_64.tbl"));
	CHECK(kbuild_paths_has(&p, "scripts/syscalltbl.sh"));
	CHECK_INT(p.n, 2);
	kbuild_paths_dispose(&p);

	/* a host program: the system's headers are not the tree's */
	CHECK_INT(parse_saved(&p, "scripts/basic/.fixdep.cmd", SRCTREE), 0);
	CHECK(kbuild_paths_has(&p, "scripts/basic/fixdep.c"));
	for (size_t i = 0; i < p.n; i++)
		CHECK(strncmp(p.v[i], "usr/include", 11) != 0);
	CHECK(all_clean(&p));
	kbuild_paths_dispose(&p);

	/* the linker script, preprocessed with its headers */
	CHECK_INT(parse_saved(&p, "arch/x86/kernel/.vmlinux.lds.cmd", SRCTREE), 0);
	CHECK(kbuild_paths_has(&p, "arch/x86/kernel/vmlinux.lds.S"));
	CHECK(kbuild_paths_has(&p, "include/asm-generic/vmlinux.lds.h"));
	kbuild_paths_dispose(&p);

	/* a tool that tools/ builds in its own directory: its sources are named
	 * relative to it, its headers under the tree */
	{
		struct kbuild_paths loose = { 0 };

		CHECK_INT(parse_into(&p, &loose, "tools/objtool/arch/x86/.decode.o.cmd", SRCTREE),
			  0);
		CHECK(kbuild_paths_has(&p, "tools/objtool/include/objtool/check.h"));
		CHECK(!kbuild_paths_has(&p, "arch/x86/decode.c"));
		CHECK_INT(kbuild_paths_sort(&loose), 0);
		CHECK(kbuild_paths_has(&loose, "arch/x86/decode.c"));
		/* "../../../arch/x86/lib/insn.c" seen from tools/objtool/arch/x86 */
		CHECK(kbuild_paths_has(&loose, "../arch/x86/lib/insn.c"));
		CHECK(all_clean(&p));
		kbuild_paths_dispose(&loose);
		kbuild_paths_dispose(&p);
	}

	/* another tree's name for the source tree: nothing is its */
	CHECK_INT(parse_saved(&p, "kernel/.sys.o.cmd", "/elsewhere/src"), 0);
	CHECK_INT(p.n, 0);
	kbuild_paths_dispose(&p);
}

/* The forms of a .cmd file the saved build does not show: O= right under
 * the tree (".."), a build in the tree ("."), the names before 6.2
 * (cmd_), "..", long paths. */
static void test_cmd_forms(void)
{
	static const char up[] =
		"savedcmd_kernel/x.o := gcc -c -o kernel/x.o ../kernel/x.c\n\n"
		"source_kernel/x.o := ../kernel/x.c\n\n"
		"deps_kernel/x.o := \\\n"
		"    $(wildcard include/config/SMP) \\\n"
		"    $(wildcard include/config/NUMA) \\\n"
		"  ../include/linux/a.h \\\n"
		"  ../drivers/x/../../include/linux/b.h \\\n"
		"  ../../outside.h \\\n"
		"  include/generated/autoconf.h \\\n"
		"  ../arch/x86/include/generated/asm/c.h \\\n\n"
		"kernel/x.o: $(deps_kernel/x.o)\n\n$(deps_kernel/x.o):\n";
	static const char here[] =
		"cmd_kernel/y.o := gcc -c -o kernel/y.o kernel/y.c\n\n"
		"source_kernel/y.o := kernel/y.c\n\n"
		"deps_kernel/y.o := \\\n"
		"  include/linux/a.h \\\n"
		"  ./include/linux/d.h \\\n"
		"  include/generated/autoconf.h \\\n"
		"  include/config/SMP \\\n"
		"  arch/x86/include/generated/asm/e.h \\\n"
		"  /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \\\n\n"
		"kernel/y.o: $(deps_kernel/y.o)\n";
	struct kbuild_paths p = { 0 };
	char *cause = NULL, *longp;

	CHECK_INT(kbuild_cmd_paths(&p, NULL, up, strlen(up), "..", &cause), 0);
	CHECK_INT(kbuild_paths_sort(&p), 0);
	CHECK_INT(p.n, 4);
	CHECK(kbuild_paths_has(&p, "kernel/x.c"));
	CHECK(kbuild_paths_has(&p, "include/linux/a.h"));
	CHECK(kbuild_paths_has(&p, "include/linux/b.h"));
	/* a file generated in the tree under .. is still the tree's: listed */
	CHECK(kbuild_paths_has(&p, "arch/x86/include/generated/asm/c.h"));
	kbuild_paths_dispose(&p);

	CHECK_INT(kbuild_cmd_paths(&p, NULL, here, strlen(here), ".", &cause), 0);
	CHECK_INT(kbuild_paths_sort(&p), 0);
	CHECK(kbuild_paths_has(&p, "kernel/y.c"));
	CHECK(kbuild_paths_has(&p, "include/linux/a.h"));
	CHECK(kbuild_paths_has(&p, "include/linux/d.h"));
	CHECK(all_clean(&p));
	CHECK(!kbuild_paths_has(&p, "arch/x86/include/generated/asm/e.h"));
	kbuild_paths_dispose(&p);

	/* where a relative name lies, make having run in O= */
	{
		char rel[KBUILD_MAX_PATH + 1];

		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "../src/include/linux/a.h"),
			  KBUILD_IN_TREE);
		CHECK_STR(rel, "include/linux/a.h");
		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "./include/generated/b.h"),
			  KBUILD_IN_OBJTREE);
		CHECK_STR(rel, "include/generated/b.h");
		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "check.c"), KBUILD_IN_OBJTREE);
		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "../lib/string.c"),
			  KBUILD_ELSEWHERE);
		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "../srcx/a.c"),
			  KBUILD_ELSEWHERE);
		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "../../../../a.c"),
			  KBUILD_ELSEWHERE);
		CHECK_INT(kbuild_resolve(rel, "/w/t/out", "/w/t/src", "../src"), KBUILD_ELSEWHERE);
		/* O= in the tree: its own files are generated ones */
		CHECK_INT(kbuild_resolve(rel, "/w/src/build", "/w/src", "include/generated/c.h"),
			  KBUILD_IN_OBJTREE);
		CHECK_INT(kbuild_resolve(rel, "/w/src/build", "/w/src", "../kernel/fork.c"),
			  KBUILD_IN_TREE);
		CHECK_STR(rel, "kernel/fork.c");
	}

	/* a path longer than any file's is refused, with a sentence */
	longp = malloc(KBUILD_MAX_PATH + 64);
	memset(longp, 'a', KBUILD_MAX_PATH + 63);
	memcpy(longp, "deps_x := \\\n  ../", 17);
	longp[KBUILD_MAX_PATH + 63] = '\0';
	CHECK_INT(kbuild_cmd_paths(&p, NULL, longp, strlen(longp), "..", &cause), -1);
	CHECK(cause && strstr(cause, "longer than"));
	free(longp);
	free(cause);
	kbuild_paths_dispose(&p);
}

/* The runner's walk of the saved O= directory: the union of its .cmd
 * files, sorted and unique, one a line, with the sources of the tool
 * built under tools/ placed in a tree made here. */
static void test_build_sources(void)
{
	struct build_state s = { .log_fd = -1 };
	struct kbuild_paths one = { 0 }, all = { 0 };
	static const char *const placed[] = {
		"tools/arch/x86/lib/insn.c", "tools/lib/subcmd/exec-cmd.c",
		"tools/lib/subcmd/exec-cmd.h", "tools/objtool/arch/x86/decode.c",
		"tools/objtool/check.c",
	};
	static const char *const elsewhere[] = { "kernel/check.c", "tools/perf/util/other.c" };
	char path[512], src[512], *cause = NULL, *text;
	size_t len = 0, lines = 0;

	snprintf(src, sizeof src, "%s/src", dir);
	for (size_t i = 0; i < sizeof placed / sizeof placed[0]; i++)
		check_put(src, placed[i], "int x;\n");
	for (size_t i = 0; i < sizeof elsewhere / sizeof elsewhere[0]; i++)
		check_put(src, elsewhere[i], "int x;\n");
	snprintf(s.out, sizeof s.out, "%s", OUT);
	snprintf(s.src, sizeof s.src, "%s", src);       /* O=/Makefile names the tree */
	snprintf(path, sizeof path, "%s/sources", dir);
	CHECK_INT(build_sources(&s, path, &cause), 0);
	text = check_slurp(path, &len);
	CHECK(text && len > 0 && text[len - 1] == '\n');
	for (size_t i = 0; i < NCMDS; i++)
		CHECK_INT(parse_saved(&one, cmds[i], SRCTREE), 0);
	for (size_t i = 0; i < sizeof placed / sizeof placed[0]; i++)
		CHECK_INT(kbuild_paths_add(&one, placed[i], strlen(placed[i])), 0);
	CHECK_INT(kbuild_paths_sort(&one), 0);
	CHECK_INT(kbuild_sources_read(&all, text ? text : "", len, &cause), 0);
	CHECK_INT(all.n, one.n);
	for (size_t i = 0; i < one.n && i < all.n; i++)
		CHECK_STR(all.v[i], one.v[i]);
	for (size_t i = 0; text && i < len; i++)
		lines += text[i] == '\n';
	CHECK_INT(lines, one.n);                /* unique: no line twice */
	CHECK(kbuild_paths_has(&all, "kernel/sys.c") && kbuild_paths_has(&all, "init/version.c"));
	for (size_t i = 0; i < sizeof elsewhere / sizeof elsewhere[0]; i++)
		CHECK(!kbuild_paths_has(&all, elsewhere[i]));
	kbuild_paths_dispose(&one);
	kbuild_paths_dispose(&all);
	free(text);

	/* the same object built through ccache with base_dir: its headers
	 * named relative to O=, "../src/include/...": the same list */
	{
		static const char *const saved[] = { "Makefile", "kernel/.sys.o.cmd" };
		char top[512], from[512];

		snprintf(top, sizeof top, "%s/ccache/out", dir);
		for (size_t i = 0; i < 2; i++) {
			snprintf(from, sizeof from, "tests/data/kbuild-ccache/%s", saved[i]);
			text = check_slurp(from, &len);
			CHECK(text != NULL);
			check_put(top, saved[i], text ? text : "");
			free(text);
		}
		check_put(dir, "ccache/src/.keep", "");
		snprintf(s.out, sizeof s.out, "%s", top);
		snprintf(s.src, sizeof s.src, "%s/ccache/src", dir);
		CHECK_INT(build_sources(&s, path, &cause), 0);
		text = check_slurp(path, &len);
		CHECK_INT(kbuild_sources_read(&all, text ? text : "", len, &cause), 0);
		CHECK_INT(parse_saved(&one, "kernel/.sys.o.cmd", SRCTREE), 0);
		CHECK(one.n > 700);
		CHECK_INT(all.n, one.n);
		for (size_t i = 0; i < one.n && i < all.n; i++)
			CHECK_STR(all.v[i], one.v[i]);
		CHECK(kbuild_paths_has(&all, "include/linux/sched.h"));
		kbuild_paths_dispose(&one);
		kbuild_paths_dispose(&all);
		free(text);
	}

	/* a directory without .cmd files makes no list */
	snprintf(s.out, sizeof s.out, "%s", "tests/data/kbuild-tree/init");
	snprintf(s.src, sizeof s.src, "%s", "tests/data/kbuild-tree");
	CHECK_INT(build_sources(&s, path, &cause), -1);
	CHECK(cause && strstr(cause, "no .cmd file"));
	free(cause);
}

/* --- the decision ---------------------------------------------------- */

static char *config, *makefile, *sources;
static size_t sources_len;

/* text with the first line starting with from replaced by to (malloc'd). */
static char *replace_line(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	size_t before, end;
	char *out;

	if (!at) {
		CHECK(!"a line to replace is missing from the fixture");
		return strdup(text);
	}
	before = (size_t)(at - text);
	end = before + strcspn(at, "\n");
	out = malloc(strlen(text) + strlen(to) + 1);
	memcpy(out, text, before);
	memcpy(out + before, to, strlen(to));
	memcpy(out + before + strlen(to), text + end, strlen(text + end) + 1);
	return out;
}

/* kbuild_decide over changed (NULL-terminated) with the fixture's
 * inputs at both ends, bad's Makefile and .config given; why kept. */
static int decide(char *why, size_t whylen, const char *const *changed, const char *mk_bad,
		  const char *cfg_bad)
{
	struct kbuild_range r = {
		.makefile_good = makefile, .makefile_bad = mk_bad,
		.sources_good = sources, .sources_good_len = sources_len,
		.sources_bad = sources, .sources_bad_len = sources_len,
		.config_good = config, .config_bad = cfg_bad,
	};

	r.changed = changed;
	while (changed[r.nchanged])
		r.nchanged++;
	return kbuild_decide(&r, why, whylen);
}

static void test_decide(void)
{
	static const char *const release[] = { "Makefile", NULL };
	static const char *const sys[] = { "Documentation/x.rst", "kernel/sys.c", NULL };
	static const char *const docs[] = { "Documentation/x.rst", "Makefile", "tools/y.c", NULL };
	static const char *const kbuild[] = { "Documentation/x.rst", "kernel/Makefile", NULL };
	static const char *const kbuildf[] = { "arch/x86/Kbuild", NULL };
	static const char *const mk[] = { "tools/scripts/Makefile.include", NULL };
	static const char *const scripts[] = { "scripts/link-vmlinux.sh", NULL };
	static const char *const dotmk[] = { "tools/build/feature.mk", NULL };
	static const char *const kconfig[] = { "init/Kconfig", "mm/Kconfig.debug", NULL };
	static const char *const none[] = { NULL };
	char why[512], *mk_rc1, *mk_other, *cfg_header, *cfg_hz, *cfg_new, *cfg_unset;
	size_t len;

	config = check_slurp(OUT "/.config", &len);
	makefile = check_slurp("tests/data/kbuild-src/Makefile", &len);
	CHECK(config && makefile);
	if (!config || !makefile)
		return;
	/* a sources list of the saved .cmd files: the files they name */
	{
		struct kbuild_paths p = { 0 };
		size_t at = 0;

		for (size_t i = 0; i < NCMDS; i++)
			CHECK_INT(parse_saved(&p, cmds[i], SRCTREE), 0);
		for (size_t i = 0; i < p.n; i++)
			sources_len += strlen(p.v[i]) + 1;
		sources = malloc(sources_len + 1);
		for (size_t i = 0; sources && i < p.n; i++)
			at += (size_t)snprintf(sources + at, sources_len + 1 - at, "%s\n", p.v[i]);
		kbuild_paths_dispose(&p);
		CHECK(sources && at == sources_len);
		if (!sources)
			return;
	}
	/* "Linux 6.13-rc1": the release commit changes the version lines only */
	mk_other = replace_line(makefile, "PATCHLEVEL =", "PATCHLEVEL = 13");
	mk_rc1 = replace_line(mk_other, "SUBLEVEL =", "SUBLEVEL = 0");
	free(mk_other);
	mk_other = replace_line(mk_rc1, "EXTRAVERSION =", "EXTRAVERSION = -rc1");
	free(mk_rc1);
	mk_rc1 = mk_other;
	CHECK_INT(decide(why, sizeof why, release, mk_rc1, config), KBUILD_UNCHANGED);
	CHECK_STR(why, "no compiled code changed: only the top Makefile's version lines "
		  "(PATCHLEVEL, SUBLEVEL, EXTRAVERSION) changed");
	/* a compiled file */
	CHECK_INT(decide(why, sizeof why, sys, mk_rc1, config), KBUILD_CHANGED);
	CHECK_STR(why, "kernel/sys.c, compiled into the kernel, changed");
	/* files no object compiles, with the release */
	CHECK_INT(decide(why, sizeof why, docs, mk_rc1, config), KBUILD_UNCHANGED);
	CHECK_STR(why, "no compiled code changed: only the top Makefile's version lines "
		  "(PATCHLEVEL, SUBLEVEL, EXTRAVERSION) and 2 files that no object of the build compiles "
		  "(Documentation/x.rst, tools/y.c) changed");
	/* files that steer the build */
	CHECK_INT(decide(why, sizeof why, kbuild, makefile, config), KBUILD_CHANGED);
	CHECK_STR(why, "kernel/Makefile changed, which steers the build");
	CHECK_INT(decide(why, sizeof why, kbuildf, makefile, config), KBUILD_CHANGED);
	CHECK_INT(decide(why, sizeof why, mk, makefile, config), KBUILD_CHANGED);
	CHECK_INT(decide(why, sizeof why, scripts, makefile, config), KBUILD_CHANGED);
	CHECK_INT(decide(why, sizeof why, dotmk, makefile, config), KBUILD_CHANGED);
	/* the top Makefile beyond its version lines */
	mk_other = replace_line(makefile, "KBUILD_CFLAGS += -fno-PIE",
				"KBUILD_CFLAGS += -fno-PIE -O3");
	CHECK_INT(decide(why, sizeof why, release, mk_other, config), KBUILD_CHANGED);
	CHECK_STR(why, "the top Makefile changed beyond its version lines");
	free(mk_other);
	/* Kconfig files: the .configs decide; the header names the release */
	cfg_header = replace_line(config, "# Linux/x86", "# Linux/x86 6.13.0-rc1 Kernel "
				  "Configuration");
	CHECK(strcmp(cfg_header, config) != 0);
	CHECK_INT(decide(why, sizeof why, kconfig, makefile, cfg_header), KBUILD_UNCHANGED);
	CHECK_STR(why, "no compiled code changed: only 2 Kconfig files (init/Kconfig, "
		  "mm/Kconfig.debug) with the same .config changed");
	cfg_hz = replace_line(config, "CONFIG_HZ=", "CONFIG_HZ=1000");
	CHECK_INT(decide(why, sizeof why, kconfig, makefile, cfg_hz), KBUILD_CHANGED);
	CHECK(strstr(why, "the .configs differ: CONFIG_HZ is ") == why);
	CHECK(strstr(why, " in the bad one"));
	/* a symbol set at one end only; an unset one is as good as missing */
	cfg_new = replace_line(config, "# CONFIG_COMPILE_TEST is not set", "CONFIG_COMPILE_TEST=y");
	CHECK_INT(decide(why, sizeof why, none, makefile, cfg_new), KBUILD_CHANGED);
	CHECK_STR(why, "the .configs differ: CONFIG_COMPILE_TEST is not set in the good build "
		  "and y in the bad one");
	cfg_unset = replace_line(config, "# CONFIG_COMPILE_TEST is not set", "");
	CHECK_INT(decide(why, sizeof why, none, makefile, cfg_unset), KBUILD_UNCHANGED);
	CHECK_STR(why, "no compiled code changed: no file differs and the .configs set the same "
		  "symbols");
	/* what is missing makes no answer */
	CHECK_INT(decide(why, sizeof why, release, NULL, config), KBUILD_UNKNOWN);
	CHECK(strstr(why, "the top Makefile differs and its text at the bad commit is missing"));
	CHECK_INT(decide(why, sizeof why, sys, mk_rc1, NULL), KBUILD_UNKNOWN);
	CHECK_STR(why, "cannot tell whether compiled code changed: the bad build's .config is "
		  "missing");
	{
		struct kbuild_range r = { .changed = sys, .nchanged = 2, .config_good = config,
					  .config_bad = config, .sources_good = sources,
					  .sources_good_len = sources_len };

		CHECK_INT(kbuild_decide(&r, why, sizeof why), KBUILD_UNKNOWN);
		CHECK_STR(why, "cannot tell whether compiled code changed: the bad build's "
			  "sources list is missing");
		/* the bad build's list alone is enough */
		r.sources_bad = r.sources_good;
		r.sources_bad_len = r.sources_good_len;
		r.sources_good = NULL;
		CHECK_INT(kbuild_decide(&r, why, sizeof why), KBUILD_CHANGED);
		/* more differ than were read: none compiled among them is no answer */
		r.changed = docs + 2;
		r.nchanged = 1;
		r.changed_capped = 1;
		CHECK_INT(kbuild_decide(&r, why, sizeof why), KBUILD_CHANGED);
		CHECK(strstr(why, "more than 1 files differ"));
		/* a sources list that is not one */
		r.sources_bad = "/abs/path.c\n";
		r.sources_bad_len = strlen(r.sources_bad);
		CHECK_INT(kbuild_decide(&r, why, sizeof why), KBUILD_UNKNOWN);
		CHECK(strstr(why, "not a relative path"));
		/* nor is one cut short by a NUL byte */
		r.sources_bad = "kernel/sys.c\n\0kernel/fork.c\n";
		r.sources_bad_len = 27;
		CHECK_INT(kbuild_decide(&r, why, sizeof why), KBUILD_UNKNOWN);
		CHECK(strstr(why, "NUL byte"));
		/* a short buffer gets the sentence's start, NUL-terminated */
		r.sources_bad = sources;
		r.sources_bad_len = sources_len;
		r.changed = sys;
		r.nchanged = 2;
		r.changed_capped = 0;
		CHECK_INT(kbuild_decide(&r, why, 8), KBUILD_CHANGED);
		CHECK_STR(why, "kernel/");
	}
	free(mk_rc1);
	free(cfg_header);
	free(cfg_hz);
	free(cfg_new);
	free(cfg_unset);
	free(config);
	free(makefile);
	free(sources);
}

/* --- the paths between two trees ---------------------------------------- */

/* git -C repo ARGS... with a fixed identity; the test fails on an error. */
static void git(char *repo, char *a1, char *a2, char *a3, char *a4)
{
	char *argv[] = { "git", "-C", repo, "-c", "user.name=T Ester", "-c",
			 "user.email=t@example.org", a1, a2, a3, a4, NULL };
	char *cause = NULL;

	CHECK_INT(spawn_run(argv, NULL, 60, &cause), 0);
	if (cause)
		fprintf(stderr, "git %s: %s\n", a1, cause);
	free(cause);
}

static void test_diff_paths(void)
{
	char repo[512], a[GITREPO_SHA_HEX + 1], b[GITREPO_SHA_HEX + 1], *cause = NULL, **v = NULL;
	struct gitrepo *r = NULL;
	size_t n = 0;
	int capped = -1;

	snprintf(repo, sizeof repo, "%s/repo", dir);
	git(dir, "init", "-q", repo, NULL);
	check_put(repo, "Makefile", "VERSION = 6\nPATCHLEVEL = 12\n");
	check_put(repo, "kernel/sys.c", "int x;\n");
	check_put(repo, "kernel/old.c", "int old;\n");
	check_put(repo, "Documentation/x.rst", "x\n");
	git(repo, "add", "-A", NULL, NULL);
	git(repo, "commit", "-q", "-m", "one");
	check_put(repo, "Makefile", "VERSION = 6\nPATCHLEVEL = 13\n");
	check_put(repo, "tools/y.c", "int y;\n");
	check_put(repo, "Documentation/x.rst", "x changed\n");
	git(repo, "mv", "kernel/old.c", "kernel/new.c", NULL);
	git(repo, "add", "-A", NULL, NULL);
	git(repo, "commit", "-q", "-m", "two");
	check_put(repo, "kernel/sys.c", "int x = 1;\n");
	git(repo, "commit", "-q", "-am", "three");
	check_put(repo, "kernel/sys.c", "int x;\n");
	git(repo, "commit", "-q", "-am", "four: three made back");

	CHECK_INT(gitrepo_open(&r, repo, &cause), 0);
	if (!r)
		return;
	CHECK_INT(gitrepo_at(r, "HEAD~3", a, &cause), 0);
	CHECK_INT(gitrepo_at(r, "HEAD~1", b, &cause), 0);
	CHECK_INT(gitrepo_diff_paths(r, &v, &n, &capped, a, b, 100, &cause), 0);
	CHECK_INT(n, 6);
	CHECK_INT(capped, 0);
	if (n == 6) {
		/* sorted, both ends of the rename, the files of both commits */
		CHECK_STR(v[0], "Documentation/x.rst");
		CHECK_STR(v[1], "Makefile");
		CHECK_STR(v[2], "kernel/new.c");
		CHECK_STR(v[3], "kernel/old.c");
		CHECK_STR(v[4], "kernel/sys.c");
		CHECK_STR(v[5], "tools/y.c");
	}
	gitrepo_paths_free(v, n);
	/* the trees, not the commits: a file changed and made back differs not */
	CHECK_INT(gitrepo_diff_paths(r, &v, &n, &capped, "HEAD~2", "HEAD", 100, &cause), 0);
	CHECK_INT(n, 0);
	gitrepo_paths_free(v, n);
	/* capped */
	CHECK_INT(gitrepo_diff_paths(r, &v, &n, &capped, a, b, 2, &cause), 0);
	CHECK_INT(n, 2);
	CHECK_INT(capped, 1);
	gitrepo_paths_free(v, n);
	/* an unknown commit */
	CHECK_INT(gitrepo_diff_paths(r, &v, &n, &capped, a, "0123456789abcdef0123456789abcdef"
				     "01234567", 100, &cause), -1);
	CHECK(cause && strstr(cause, "unknown revision"));
	CHECK(v == NULL && n == 0);
	free(cause);
	gitrepo_free(r);
}

int main(void)
{
	char *argv[] = { "rm", "-rf", dir, NULL };

	if (!mkdtemp(dir))
		return 1;
	test_cmd_files();
	test_cmd_forms();
	test_build_sources();
	test_decide();
	test_diff_paths();
	spawn_run(argv, NULL, 60, NULL);
	return check_done();
}
