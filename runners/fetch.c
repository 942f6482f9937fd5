// SPDX-License-Identifier: GPL-2.0-only
/*
 * fetch.c - a bench job's kernel and modules from kpcid (fetch.h): the
 * per-sha256 cache under WORK/artifacts/, its LRU trim, and the per-job
 * modules directory of symlinks (WORK/bench/modules/) that the qemu
 * initramfs and the kexec path read.
 */
#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/fs.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/sha256.h"
#include "runners/fetch.h"
#include "runners/progress.h"

#define FETCH_MAX_ENTRIES 4096          /* cache files looked at by one trim */
#define FETCH_MODULE_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."

struct fetch_entry {
	char sha[SHA256_HEX_LEN + 1];
	long long size;
	time_t used;
};

static int fetch_entry_cmp(const void *a, const void *b)
{
	const struct fetch_entry *x = a, *y = b;

	return x->used < y->used ? -1 : x->used > y->used;
}

/* Evicts the least recently used files of dir until the rest fit in
 * budget bytes; keep (a sha256 or NULL) is never evicted. */
static void fetch_trim(const char *dir, long long budget, const char *keep)
{
	struct fetch_entry *e = calloc(FETCH_MAX_ENTRIES, sizeof *e);
	long long total = 0;
	size_t n = 0;
	struct dirent *d;
	DIR *dh = opendir(dir);

	if (!e || !dh) {
		free(e);
		if (dh)
			closedir(dh);
		return;
	}
	while ((d = readdir(dh)) && n < FETCH_MAX_ENTRIES) {
		char path[FETCH_MAX_PATH];
		struct stat st;

		if (!sha256_hex_ok(d->d_name))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, d->d_name);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		snprintf(e[n].sha, sizeof e[n].sha, "%s", d->d_name);
		e[n].size = st.st_size;
		e[n].used = st.st_mtime;
		total += st.st_size;
		n++;
	}
	closedir(dh);
	qsort(e, n, sizeof *e, fetch_entry_cmp);
	for (size_t i = 0; i < n && total > budget; i++) {
		char path[FETCH_MAX_PATH];

		if (keep && !strcmp(keep, e[i].sha))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e[i].sha);
		if (unlink(path) == 0) {
			total -= e[i].size;
			log_info("artifact cache: evicted %s (%lld bytes)", e[i].sha, e[i].size);
		}
	}
	free(e);
}

/*
 * The cached file of sha256 into out: a cached copy whose digest still
 * matches is touched (LRU) and used; otherwise it is downloaded from
 * kpcid (client_download verifies the digest and leaves nothing behind
 * on a mismatch).  what names the artifact in *cause.
 */
static int fetch_one(char *out, size_t n, struct client *c, const struct rconfig *cfg,
		     const char *sha, const char *what, char **cause)
{
	char dir[FETCH_MAX_PATH], got[SHA256_HEX_LEN + 1], path[256];
	char *err = NULL;

	if (!sha || !sha256_hex_ok(sha))
		return fail_cause(cause, "the job's %s has no valid sha256", what);
	if ((size_t)snprintf(dir, sizeof dir, "%s/artifacts", cfg->work_dir) >= sizeof dir ||
	    (size_t)snprintf(out, n, "%s/%s", dir, sha) >= n)
		return fail_cause(cause, "work_dir is too long");
	if (fs_mkdirs(dir) < 0)
		return fail_cause(cause, "cannot create %s: %s", dir, strerror(errno));
	if (access(out, R_OK) == 0) {
		if (sha256_file(got, out) == 0 && !strcmp(got, sha)) {
			utimensat(AT_FDCWD, out, NULL, 0);
			return 0;
		}
		log_warn("artifact cache: %s no longer matches its sha256; fetching it again", out);
		unlink(out);
	}
	if (!c)
		return fail_cause(cause, "cannot fetch %s (sha256 %s): no connection to kpcid",
				  what, sha);
	snprintf(path, sizeof path, "/api/v1/artifacts/download?sha256=%s", sha);
	if (client_download(c, path, out, sha, &err) < 0) {
		fail_cause(cause, "cannot fetch %s (sha256 %s) from kpcid: %s", what, sha,
			   err ? err : "download failed");
		free(err);
		return -1;
	}
	log_info("artifact cache: fetched %s %s", what, sha);
	fetch_trim(dir, cfg->artifact_cache_mb << 20, sha);
	return 0;
}

/* 1 when name is a plain module file name: NAME.ko, no path. */
static int fetch_module_name_ok(const char *name)
{
	size_t len = strlen(name);

	return len > 3 && len < 128 && name[0] != '.' && !strcmp(name + len - 3, ".ko") &&
	       strspn(name, FETCH_MODULE_CHARS) == len;
}

/* Empties dir of the links a previous job left (only NAME.ko entries). */
static void fetch_clear_modules(const char *dir)
{
	DIR *dh = opendir(dir);
	struct dirent *d;

	if (!dh)
		return;
	while ((d = readdir(dh))) {
		char path[FETCH_MAX_PATH];

		if (!fetch_module_name_ok(d->d_name))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, d->d_name);
		unlink(path);
	}
	closedir(dh);
}

static int fetch_modules(struct fetch_set *out, struct client *c, const struct rconfig *cfg,
			 const json_t *mods, char **cause)
{
	const char *name;
	json_t *v;

	if (!mods || json_is_null(mods))
		return 0;
	if (!json_is_object(mods) || json_object_size(mods) > FETCH_MAX_MODULES)
		return fail_cause(cause, "the job's modules are not an object of at most %d "
				  "NAME.ko: sha256 pairs", FETCH_MAX_MODULES);
	snprintf(out->modules_dir, sizeof out->modules_dir, "%s/bench/modules", cfg->work_dir);
	if (fs_mkdirs(out->modules_dir) < 0)
		return fail_cause(cause, "cannot create %s: %s", out->modules_dir, strerror(errno));
	fetch_clear_modules(out->modules_dir);
	json_object_foreach((json_t *)(uintptr_t)mods, name, v) {
		char cached[FETCH_MAX_PATH], link_path[FETCH_MAX_PATH + 130], what[160];

		if (!fetch_module_name_ok(name))
			return fail_cause(cause, "the job's module name '%.64s' is not NAME.ko", name);
		snprintf(what, sizeof what, "module %s", name);
		if (fetch_one(cached, sizeof cached, c, cfg, json_string_value(v), what, cause) < 0)
			return -1;
		snprintf(link_path, sizeof link_path, "%s/%s", out->modules_dir, name);
		if (symlink(cached, link_path) < 0)
			return fail_cause(cause, "cannot link %s: %s", link_path, strerror(errno));
	}
	return 0;
}

int fetch_job(struct fetch_set *out, struct client *c, const struct rconfig *cfg,
	      const struct proto_job *job, char **cause)
{
	const json_t *kernel = json_object_get(job->spec, "kernel");
	const json_t *size = json_object_get(kernel, "size");
	struct stat st;

	memset(out, 0, sizeof *out);
	out->release = json_string_value(json_object_get(job->spec, "kernel_release"));
	out->build_id = json_integer_value(json_object_get(job->spec, "build_id"));
	if (!json_is_object(kernel))
		return 0;               /* by hand: the runner's own kernel */
	out->has_kernel = 1;
	progress_set("fetch", -1, "the kernel of build %lld", out->build_id);
	if (size && (!json_is_integer(size) || json_integer_value(size) <= 0 ||
		     json_integer_value(size) > FETCH_MAX_SIZE))
		return fail_cause(cause, "the job's kernel size is not a positive number of bytes");
	if (fetch_one(out->kernel, sizeof out->kernel, c, cfg,
		      json_string_value(json_object_get(kernel, "sha256")), "bzImage", cause) < 0)
		return -1;
	if (size && stat(out->kernel, &st) == 0 && st.st_size != json_integer_value(size))
		return fail_cause(cause, "bzImage %s has %lld bytes, the job says %lld",
				  out->kernel, (long long)st.st_size,
				  (long long)json_integer_value(size));
	return fetch_modules(out, c, cfg, json_object_get(job->spec, "modules"), cause);
}

void fetch_done(struct fetch_set *f)
{
	if (f && f->modules_dir[0])
		fetch_clear_modules(f->modules_dir);
}
