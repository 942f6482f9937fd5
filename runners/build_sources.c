// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_sources.c - the build's "sources" artifact: the files of the
 * source tree that the build read, as kbuild's `.TARGET.cmd` files in the
 * O= directory name them (each parsed by lib/kbuild.c), one path a line
 * relative to the top of the tree, sorted and unique.  kpcid weighs it
 * against the files a commit range changes (daemon/analyze/codecheck.c): a range
 * that changes none of them compiles the same code.
 *
 * A relative name in a .cmd file is relative to the directory make ran
 * in: the O= directory for kbuild, where it is a file kbuild generated
 * (left out) or, through a compiler cache that rewrites paths under its
 * base_dir, a file of the tree ("../src/include/linux/sched.h", listed);
 * or a tool's own source directory for what tools/ builds (objtool's
 * check.c, libsubcmd's exec-cmd.c, named from O=/tools/...).  Such a
 * name is placed by looking for the files of the tree under the same top
 * directory (tools/) whose path ends with it; every match is listed,
 * which can only make more ranges count as changed.
 *
 * The O= directory is kept between builds of a worktree, so it may hold
 * the .cmd files of objects an earlier commit or config built: their
 * files are listed too, with the same effect.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/kbuild.h"
#include "lib/mono.h"
#include "runners/build_internal.h"

#define BUILD_SOURCES_MAX_DEPTH 64          /* directories deep under O= */
#define BUILD_SOURCES_MAX_CMDS 1000000      /* .cmd files read */

/* The walk of the O= directory. */
struct build_walk {
	struct kbuild_paths paths;
	struct kbuild_paths one;        /* the relative names of the .cmd file read */
	struct kbuild_paths names;      /* those not in the tree: "TOP\tNAME" (TOP: the .cmd's) */
	struct kbuild_paths place;      /* those to place by their end: "TOP\tNAME" */
	const char *srctree;            /* the source tree as the .cmd files name it */
	char src_abs[PATH_MAX];         /* the worktree and O=, real paths */
	char out_abs[PATH_MAX];
	int outfd;                      /* O= */
	char *text;                     /* the .cmd file read, reused */
	size_t cap;
	size_t cmds;                    /* .cmd files read */
	size_t placed;                  /* files listed by a name placed */
};

/* Takes the relative names of the .cmd file at rel (relative to O=, where
 * make ran): those that lie in the tree (a compiler cache's base_dir
 * names headers "../src/include/...") are listed, the others kept under
 * rel's top directory for build_place. */
static int build_keep_names(struct build_walk *w, const char *rel, char **cause)
{
	size_t top = strcspn(rel, "/");
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < w->one.n; i++) {
		char path[KBUILD_MAX_PATH + 1], key[KBUILD_MAX_PATH + PATH_MAX + 2];
		int n;

		if (kbuild_resolve(path, w->out_abs, w->src_abs, w->one.v[i]) == KBUILD_IN_TREE) {
			if (kbuild_paths_add(&w->paths, path, strlen(path)) < 0)
				rc = fail_cause(cause, "the build read more than %d files of the "
						"tree", KBUILD_MAX_PATHS);
			continue;
		}
		n = snprintf(key, sizeof key, "%.*s\t%s", (int)top, rel, w->one.v[i]);
		if (n < 0 || (size_t)n >= sizeof key ||
		    kbuild_paths_add(&w->names, key, (size_t)n) < 0)
			rc = fail_cause(cause, "too many relative names in the .cmd files");
	}
	kbuild_paths_dispose(&w->one);
	return rc;
}

/* 1 for kbuild's command files: ".NAME.cmd". */
static int build_is_cmd(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && name[0] == '.' && !strcmp(name + n - 4, ".cmd");
}

/* Reads name, a file of the directory dfd at rel under O= ("" for O=
 * itself), into w when it is a .cmd file.  0, or -1 with *cause. */
static int build_read_cmd(struct build_walk *w, int dfd, const char *rel, const char *name,
			  unsigned char type, char **cause)
{
	struct stat st;
	size_t got = 0;
	int fd;

	if (type != DT_REG || !build_is_cmd(name))
		return 0;
	fd = openat(dfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return fail_cause(cause, "cannot read %s/%s: %s", *rel ? rel : ".", name,
				  strerror(errno));
	}
	if ((unsigned long long)st.st_size > KBUILD_MAX_CMD) {
		close(fd);
		return fail_cause(cause, "%s/%s is larger than %u bytes", *rel ? rel : ".", name,
				  KBUILD_MAX_CMD);
	}
	if ((size_t)st.st_size + 1 > w->cap) {
		char *t = realloc(w->text, (size_t)st.st_size + 1);

		if (!t) {
			close(fd);
			return fail_cause(cause, "out of memory reading %s/%s", rel, name);
		}
		w->text = t;
		w->cap = (size_t)st.st_size + 1;
	}
	while (got < (size_t)st.st_size) {
		ssize_t k = read(fd, w->text + got, (size_t)st.st_size - got);

		if (k <= 0)
			break;
		got += (size_t)k;
	}
	close(fd);
	w->text[got] = '\0';
	if (++w->cmds > BUILD_SOURCES_MAX_CMDS)
		return fail_cause(cause, "more than %d .cmd files", BUILD_SOURCES_MAX_CMDS);
	if (kbuild_cmd_paths(&w->paths, &w->one, w->text, got, w->srctree, cause) < 0) {
		kbuild_paths_dispose(&w->one);
		return fail_cause(cause, "%s/%s: %s", *rel ? rel : ".", name,
				  cause && *cause ? *cause : "?");
	}
	return build_keep_names(w, rel, cause);
}

/* What a walk does with each file that is not a directory: dfd is its
 * directory, rel that directory's path ("" for the top). */
typedef int (*build_visit)(struct build_walk *w, int dfd, const char *rel, const char *name,
			   unsigned char type, char **cause);

/* Walks the directory dfd (closed here) at rel, calling visit for each
 * file; symbolic links are not followed (O=/source points at the tree)
 * and .git is left alone.  0, or -1 with *cause. */
static int build_walk_dir(struct build_walk *w, int dfd, const char *rel, int depth,
			  build_visit visit, char **cause)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	int rc = 0;

	if (!d) {
		close(dfd);
		return fail_cause(cause, "cannot read the directory %s: %s", *rel ? rel : ".",
				  strerror(errno));
	}
	while (rc == 0 && (e = readdir(d))) {
		unsigned char type = e->d_type;
		struct stat st;
		char sub[PATH_MAX];
		int fd;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, ".git"))
			continue;
		if (type == DT_UNKNOWN)
			type = fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ? DT_UNKNOWN :
			       S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		if (type != DT_DIR) {
			rc = visit(w, dirfd(d), rel, e->d_name, type, cause);
			continue;
		}
		if (depth >= BUILD_SOURCES_MAX_DEPTH ||
		    (size_t)snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "",
				     e->d_name) >= sizeof sub) {
			rc = fail_cause(cause, "%s/%s is too deep", *rel ? rel : ".", e->d_name);
			break;
		}
		fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		rc = fd < 0 ? fail_cause(cause, "cannot open %s: %s", sub, strerror(errno)) :
		     build_walk_dir(w, fd, sub, depth + 1, visit, cause);
	}
	closedir(d);
	return rc;
}

/*
 * The source tree as kbuild names it in the .cmd files of O=: the path
 * of the "include SRCTREE/Makefile" line kbuild writes into O=/Makefile
 * (absolute, or ".." for an O= directly under the tree), else the real
 * path of the worktree.  0, or -1 with *cause.
 */
static int build_srctree(char out[PATH_MAX], const struct build_state *s, char **cause)
{
	char path[PATH_MAX + 16], line[PATH_MAX + 32];
	FILE *f;

	snprintf(path, sizeof path, "%s/Makefile", s->out);
	if ((f = fopen(path, "re"))) {
		while (fgets(line, sizeof line, f)) {
			size_t n = strcspn(line, "\n");

			line[n] = '\0';
			if (!strncmp(line, "include ", 8) && n > 17 &&
			    !strcmp(line + n - 9, "/Makefile") && n - 17 < PATH_MAX) {
				snprintf(out, PATH_MAX, "%.*s", (int)(n - 17), line + 8);
				fclose(f);
				return 0;
			}
		}
		fclose(f);
	}
	if (!realpath(s->src, out))
		return fail_cause(cause, "cannot resolve %s: %s", s->src, strerror(errno));
	return 0;
}

/* 1 when a name to place matches the file rel of the tree: rel ends with
 * it and it came from a .cmd file under rel's top directory, or O= itself. */
static int build_name_matches(const struct build_walk *w, const char *rel)
{
	size_t top = strcspn(rel, "/");
	char key[PATH_MAX + PATH_MAX + 2];

	for (const char *s = rel; s; s = strchr(s, '/') ? strchr(s, '/') + 1 : NULL) {
		snprintf(key, sizeof key, "%.*s\t%s", (int)top, rel, s);
		if (kbuild_paths_has(&w->place, key) || kbuild_paths_has(&w->place, key + top))
			return 1;
	}
	return 0;
}

/* Lists name, a file of the tree's directory at rel, when a name to place
 * matches it.  0, or -1 with *cause. */
static int build_place_file(struct build_walk *w, int dfd, const char *rel, const char *name,
			    unsigned char type, char **cause)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof path, "%s%s%s", rel, *rel ? "/" : "", name) >=
	    sizeof path || !build_name_matches(w, path))
		return 0;
	w->placed++;
	if (kbuild_paths_add(&w->paths, path, strlen(path)) < 0)
		return fail_cause(cause, "the build read more than %d files of the tree",
				  KBUILD_MAX_PATHS);
	return 0;
}

/* The names of w to place by their end, into w->place: not the files
 * kbuild generated in O= (they are there), their leading "../" dropped. */
static int build_to_place(struct build_walk *w, char **cause)
{
	for (size_t i = 0; i < w->names.n; i++) {
		const char *key = w->names.v[i], *name = strchr(key, '\t') + 1;
		char path[KBUILD_MAX_PATH + 1], out[KBUILD_MAX_PATH + PATH_MAX + 2];
		size_t top = (size_t)(name - 1 - key);
		int n;

		if (kbuild_resolve(path, w->out_abs, w->src_abs, name) == KBUILD_IN_OBJTREE &&
		    faccessat(w->outfd, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
			continue;
		while (!strncmp(name, "../", 3))
			name += 3;
		n = snprintf(out, sizeof out, "%.*s\t%s", (int)top, key, name);
		if (n < 0 || (size_t)n >= sizeof out ||
		    kbuild_paths_add(&w->place, out, (size_t)n) < 0)
			return fail_cause(cause, "too many relative names in the .cmd files");
	}
	return kbuild_paths_sort(&w->place) < 0 ?
		fail_cause(cause, "too many relative names in the .cmd files") : 0;
}

/* Places the relative names of w that are not files of O=: the whole
 * tree is searched when one came from O= itself, else only the top
 * directories they came from. */
static int build_place(struct build_walk *w, char **cause)
{
	int all = 0, rc = 0;

	if (kbuild_paths_sort(&w->names) < 0 || build_to_place(w, cause) < 0)
		return fail_cause(cause, "too many relative names in the .cmd files");
	for (size_t i = 0; i < w->place.n; i++)
		all |= w->place.v[i][0] == '\t';
	for (size_t i = 0; rc == 0 && i < w->place.n; i++) {
		size_t top = all ? 0 : strcspn(w->place.v[i], "\t");
		char dir[2 * PATH_MAX + 8];
		int fd;

		/* one search per top directory: the names are sorted by it */
		if (i && !all && !strncmp(w->place.v[i - 1], w->place.v[i], top + 1))
			continue;
		snprintf(dir, sizeof dir, "%s/%.*s", w->src_abs, (int)top, w->place.v[i]);
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd >= 0) {
			char rel[PATH_MAX];

			snprintf(rel, sizeof rel, "%.*s", (int)top, w->place.v[i]);
			rc = build_walk_dir(w, fd, rel, 0, build_place_file, cause);
		}
		if (all)
			break;
	}
	return rc;
}

/* Writes the sorted paths of w to path; 0, or -1 with *cause. */
static int build_sources_write(const struct build_walk *w, const char *path,
			       long long *bytes, char **cause)
{
	FILE *f = fopen(path, "we");

	if (!f)
		return fail_cause(cause, "cannot write %s: %s", path, strerror(errno));
	for (size_t i = 0; i < w->paths.n; i++)
		fprintf(f, "%s\n", w->paths.v[i]);
	*bytes = ftell(f);
	if (ferror(f) | (fclose(f) != 0))
		return fail_cause(cause, "cannot write %s: %s", path, strerror(errno));
	return 0;
}

int build_sources(struct build_state *s, const char *path, char **cause)
{
	struct build_walk w = { .outfd = -1 };
	char srctree[PATH_MAX];
	long long bytes = 0;
	double t0 = mono_now();
	int fd, rc;

	if (build_srctree(srctree, s, cause) < 0)
		return -1;
	w.srctree = srctree;
	if (!realpath(s->src, w.src_abs) || !realpath(s->out, w.out_abs))
		return fail_cause(cause, "cannot resolve %s or %s: %s", s->src, s->out,
				  strerror(errno));
	w.outfd = open(s->out, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	fd = w.outfd < 0 ? -1 : dup(w.outfd);
	rc = fd < 0 ? fail_cause(cause, "cannot open %s: %s", s->out, strerror(errno)) :
	     build_walk_dir(&w, fd, "", 0, build_read_cmd, cause);
	if (rc == 0)
		rc = build_place(&w, cause);
	if (rc == 0 && kbuild_paths_sort(&w.paths) < 0)
		rc = fail_cause(cause, "the build read more than %d files of the tree",
				KBUILD_MAX_PATHS);
	if (rc == 0 && !w.paths.n)
		rc = fail_cause(cause, "no .cmd file in %s names a file of %s", s->out, srctree);
	if (rc == 0)
		rc = build_sources_write(&w, path, &bytes, cause);
	if (rc == 0)
		build_note(s, "sources: %zu files of the tree named by %zu .cmd files, %zu by a "
			   "relative name (%lld bytes, %.1f s)", w.paths.n, w.cmds, w.placed, bytes,
			   mono_now() - t0);
	if (w.outfd >= 0)
		close(w.outfd);
	kbuild_paths_dispose(&w.paths);
	kbuild_paths_dispose(&w.names);
	kbuild_paths_dispose(&w.place);
	free(w.text);
	return rc;
}
