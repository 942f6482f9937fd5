// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_modules.c - the out-of-tree modules of [build] modules (sources in
 * the guest directory, runners/guest/NAME) built against the kernel just
 * built with make M=, and uploaded as artifacts "module:NAME.ko".
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/fs.h"
#include "runners/build_internal.h"
#include "runners/progress.h"
#include "runners/guestdir.h"

/* Uploads every NAME.ko of dir as "module:NAME.ko"; 0, or -1 with *cause
 * (a failed upload fails the build like any other artifact's). */
static int build_upload_modules(struct build_state *s, const char *dir, int *found,
				char **cause)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	*found = 0;
	if (!d)
		return 0;
	while (rc == 0 && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char file[PATH_MAX + 256], name[PROTO_MAX_NAME + 1];

		if (len < 4 || strcmp(e->d_name + len - 3, ".ko") ||
		    (size_t)snprintf(name, sizeof name, "module:%s", e->d_name) >= sizeof name ||
		    !proto_name_ok(name))
			continue;
		snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
		rc = build_upload(s, name, file, cause);
		(*found)++;
	}
	closedir(d);
	return rc;
}

/*
 * Builds the out-of-tree modules of [build] modules against the tree just
 * built: a fresh copy of guest_dir/NAME under DIR/modules/NAME, then
 * make -C src O=out M=copy modules, then an upload of each .ko.  A module
 * that does not build is a warning on the build record (the kernel stands;
 * the suite needing the module fails on its own, naming the build); only
 * a failed upload is an error (-1 with *cause).
 */
int build_modules(struct build_state *s, char **cause)
{
	const char *list = s->b->cfg->build_modules;
	char guest[PATH_MAX], *copy = list ? strdup(list) : NULL, *sp, *name;
	int rc = 0;

	if (!copy || !*copy) {
		free(copy);
		return 0;
	}
	if (guestdir_find(guest, sizeof guest, s->b->cfg) < 0) {
		free(copy);
		json_array_append_new(s->warnings, json_string("modules: the guest directory "
				      "with the module sources cannot be found ([qemu] guest_dir)"));
		return 0;
	}
	for (sp = copy; rc == 0 && (name = strsep(&sp, " ,"));) {
		char from[PATH_MAX + 256], to[PATH_MAX + 256], odir[PATH_MAX + 4];
		char marg[PATH_MAX + 300], ccarg[PATH_MAX + 4], jarg[32], mlog[PATH_MAX + 300];
		char *cp_argv[] = { "cp", "-R", "--", from, to, NULL };
		char *make_argv[] = { "make", "-C", s->src, odir, marg, ccarg, jarg, "modules",
				      NULL };
		char *why = NULL, *errors;
		int fd, found = 0, mrc;

		if (!*name)
			continue;
		if (!proto_name_ok(name) || strchr(name, '/') || name[0] == '.') {
			build_note(s, "modules: '%s' is not a directory name; skipped", name);
			continue;
		}
		snprintf(from, sizeof from, "%s/%s", guest, name);
		snprintf(to, sizeof to, "%s/modules/%s", s->dir, name);
		snprintf(mlog, sizeof mlog, "%s/modules/%s.log", s->dir, name);
		snprintf(odir, sizeof odir, "O=%s", s->out);
		snprintf(marg, sizeof marg, "M=%s", to);
		snprintf(ccarg, sizeof ccarg, "CC=%s", s->cc);
		snprintf(jarg, sizeof jarg, "-j%d", s->jobs);
		build_rmrf(s, to);
		fs_mkdirs(to);
		rmdir(to);
		build_note(s, "module %s: make -C %s %s %s modules", name, s->src, odir, marg);
		progress_set("modules", -1, "%s", name);
		fd = open(mlog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
		if (access(from, R_OK) < 0)
			mrc = fail_cause(&why, "its source %s is missing", from);
		else if (build_run(cp_argv, NULL, s->log_fd, BUILD_TOOL_TIMEOUT, NULL, NULL))
			mrc = fail_cause(&why, "cannot copy %s", from);
		else
			mrc = build_run_in(make_argv, NULL, fd, s->b->cfg->build_timeout, 0,
					   build_env(s), NULL, NULL, NULL);
		if (fd >= 0)
			close(fd);
		if (mrc == 0 && (rc = build_upload_modules(s, to, &found, cause)) == 0 && !found)
			mrc = fail_cause(&why, "make produced no .ko");
		if (mrc != 0 && rc == 0) {
			char *w = NULL;

			errors = why ? NULL : build_module_why(mlog);
			if (asprintf(&w, "module %s does not build against this tree: %.400s", name,
				     why ? why : mrc == -2 ? "make timed out" :
				     errors ? errors : "make failed") >= 0) {
				build_note(s, "%s (log: %s)", w, mlog);
				json_array_append_new(s->warnings, json_string(w));
			}
			free(w);
			free(errors);
		}
		free(why);
	}
	free(copy);
	return rc;
}
