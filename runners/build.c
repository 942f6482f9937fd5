// SPDX-License-Identifier: GPL-2.0-only
/*
 * build.c - kpci-runner's build executor (see build.h): one build job,
 * from its spec to its record.  The compiler and its icecream plan, the
 * .config (build_kconfig.c) made with make, make -jN under a time limit
 * (falling back from a stalled farm), `size vmlinux`, artifact uploads
 * by sha256, the list of the files it compiled (build_sources.c), the
 * modules (build_modules.c), and the build record with the log's error
 * lines and tail (build_log.c).  The mirror and worktree, and
 * the programs, are build_tree.c's; build_internal.h holds what the files
 * share.
 *
 * Every program runs through lib/spawn.h with an argv array (never a
 * shell) in its own process group, so a time limit or a crash cleanup
 * can kill the whole make.  User data (URLs, commits) follows "--" where
 * git accepts it and is validated before it gets here.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/sha256.h"
#include "runners/build_internal.h"
#include "runners/env.h"
#include "runners/progress.h"

/* A file-system-safe form of a name ('/' and ':' become '_'). */
static void build_safe_name(char *out, size_t n, const char *name)
{
	snprintf(out, n, "%s", name);
	for (char *p = out; *p; p++)
		if (*p == '/' || *p == ':')
			*p = '_';
}

static int build_file_name_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			  "0123456789._+-");

	return n > 0 && n <= PROTO_MAX_NAME && !s[n] && s[0] != '.' && s[0] != '-';
}

/* Finds the compiler and its version; fills s->cc and s->compiler. */
static int build_compiler(struct build_state *s, char **cause)
{
	const struct rconfig *cfg = s->b->cfg;
	char words[PATH_MAX], *argv[8], *p, *tok;
	char *probe[] = { "ccache", "--version", NULL };
	struct buf out;
	int n = 0, rc, ccache = 0;

	snprintf(words, sizeof words, "%s", cfg->build_cc);
	for (p = words; n < 6 && (tok = strsep(&p, " \t"));)
		if (*tok)
			argv[n++] = tok;
	if (!n)
		return fail_cause(cause, "[build] cc is empty");
	/* the real compiler is the last word ("distcc gcc" -> gcc) */
	argv[0] = argv[n - 1];
	argv[1] = "--version";
	argv[2] = NULL;
	buf_init(&out, BUILD_MAX_CAPTURE);
	rc = build_capture(&out, argv, NULL);
	if (rc != 0) {
		buf_dispose(&out);
		if (rc == -1 || rc == 127)
			return fail_cause(cause, "compiler '%s' is not installed (not found in PATH)",
					  argv[0]);
		return fail_cause(cause, "compiler '%s' does not run ('%s --version' exited %d)",
				  argv[0], argv[0], rc);
	}
	snprintf(s->compiler, sizeof s->compiler, "%.*s", (int)strcspn(buf_str(&out), "\n"),
		 buf_str(&out));
	buf_dispose(&out);
	if (cfg->build_ccache && strncmp(cfg->build_cc, "ccache", 6)) {
		buf_init(&out, BUILD_MAX_CAPTURE);
		ccache = build_capture(&out, probe, NULL) == 0;
		buf_dispose(&out);
	}
	if (icecc_plan(&s->icecc, s->cc, sizeof s->cc, cfg, ccache, cause) < 0)
		return -1;
	if (s->icecc.configured)
		build_note(s, "icecream: %s%s%s (CC=%s)", s->icecc.use ? "the farm compiles" :
			   "not used", s->icecc.why[0] ? ": " : "", s->icecc.why, s->cc);
	return 0;
}

char *const *build_env(const struct build_state *s)
{
	return s->icecc.use ? s->icecc.env : s->icecc.local_env;
}

/* make -C src O=out CC=... [-jN] target; returns build_run_in's code
 * (-3: the farm stalled). */
static int build_make(struct build_state *s, const char *target, int parallel,
		      long long timeout)
{
	char odir[PATH_MAX + 4], ccarg[PATH_MAX + 4], jarg[32];
	char *argv[] = { "make", "-C", s->src, odir, ccarg, jarg, build_arg(target), NULL };

	const struct rconfig *cfg = s->b->cfg;
	int farm = parallel && s->icecc.use;

	snprintf(odir, sizeof odir, "O=%s", s->out);
	snprintf(ccarg, sizeof ccarg, "CC=%s", s->cc);
	snprintf(jarg, sizeof jarg, "-j%d", !parallel ? 1 : farm && cfg->build_icecc_jobs > 0 ?
		 (int)cfg->build_icecc_jobs : s->jobs);
	build_note(s, "make -C %s %s %s %s %s%s", s->src, odir, ccarg, jarg, target,
		   farm ? " (icecream)" : "");
	return build_run_in(argv, NULL, s->log_fd, timeout, farm ? cfg->build_icecc_stall : 0,
			    build_env(s), build_stamp_pid, s,
			    !strcmp(target, "all") && s->log_fd >= 0 ? &s->progress : NULL);
}

/* Copies a file (the base config). */
static int build_copy(const char *from, const char *to)
{
	char block[8192];
	FILE *in = fopen(from, "rb"), *out;
	size_t n;

	if (!in)
		return -1;
	out = fopen(to, "wb");
	if (!out) {
		fclose(in);
		return -1;
	}
	while ((n = fread(block, 1, sizeof block, in)) > 0)
		fwrite(block, 1, n, out);
	fclose(in);
	return fclose(out) == 0 ? 0 : -1;
}

/* Generates out/.config: base, then the config file and the fragments,
 * then olddefconfig, then the check of what was asked for. */
static int build_dotconfig(struct build_state *s, const char *config, json_t *frags,
			   char **cause)
{
	const char *kdir = s->b->cfg->kconfig_dir;
	char path[PATH_MAX], base[PROTO_MAX_NAME + 1], dot[PATH_MAX];
	struct build_kconfig k = { 0 };
	json_t *f;
	size_t i;
	int rc;

	progress_set("configure", -1, "%s", config);
	snprintf(path, sizeof path, "%s/%s", kdir, config);
	if (access(path, R_OK) < 0)
		return fail_cause(cause, "config '%s' is not in %s", config, kdir);
	if (build_config_base(base, sizeof base, path, cause) < 0)
		return -1;
	snprintf(dot, sizeof dot, "%s/.config", s->out);
	if (!strcmp(base, "tinyconfig") || !strcmp(base, "defconfig") ||
	    !strcmp(base, "allnoconfig")) {
		rc = build_make(s, base, 0, s->b->cfg->build_timeout);
		if (rc)
			return fail_cause(cause, "make %s failed%s", base, rc == -2 ? " (timeout)" : "");
	} else {
		snprintf(path, sizeof path, "%s/%s", kdir, base);
		if (build_copy(path, dot) < 0)
			return fail_cause(cause, "base config %s cannot be read", path);
	}
	rc = build_kconfig_apply(&k, dot, NULL, NULL, cause);
	snprintf(path, sizeof path, "%s/%s", kdir, config);
	if (rc == 0)
		rc = build_kconfig_apply(&k, path, config, s->warnings, cause);
	json_array_foreach(frags, i, f) {
		const char *name = json_string_value(f);

		if (rc < 0)
			break;
		snprintf(path, sizeof path, "%s/%s", kdir, name);
		if (access(path, R_OK) < 0) {
			rc = fail_cause(cause, "fragment '%s' is not in %s", name, kdir);
			break;
		}
		rc = build_kconfig_apply(&k, path, name, s->warnings, cause);
	}
	if (rc == 0 && build_kconfig_write(&k, dot) < 0)
		rc = fail_cause(cause, "cannot write %s: %s", dot, strerror(errno));
	if (rc == 0 && (rc = build_make(s, "olddefconfig", 0, s->b->cfg->build_timeout)) != 0)
		rc = fail_cause(cause, "make olddefconfig failed");
	if (rc == 0)
		rc = build_kconfig_check(&k, dot, s->warnings, cause);
	build_kconfig_dispose(&k);
	for (i = 0; i < json_array_size(s->warnings); i++)
		build_note(s, "merge_config: %s", json_string_value(json_array_get(s->warnings, i)));
	return rc;
}

/* POSTs the build record; 0 when kpcid took it. */
static int build_post(struct build_state *s, json_t *rec)
{
	char path[96];
	json_t *answer = NULL;
	char *cause = NULL;
	long status;
	int rc = 0;

	json_object_set_new(rec, "runner_id", json_integer(s->b->runner_id));
	json_object_set_new(rec, "attempt", json_integer(s->b->job->attempt));
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/build", s->b->job->id);
	if (client_call(s->b->client, "POST", path, rec, &status, &answer, &cause) < 0 ||
	    status != 200) {
		log_warn("build record of job %lld: %s", s->b->job->id,
			 cause ? cause : client_error_text(answer, status));
		rc = -1;
	}
	free(cause);
	json_decref(answer);
	json_decref(rec);
	return rc;
}

int build_upload(struct build_state *s, const char *name, const char *file, char **cause)
{
	char sha[SHA256_HEX_LEN + 1], path[512];
	json_t *body, *answer = NULL;
	char *err = NULL;
	long status;
	int rc;

	progress_set("upload", -1, "%s", name);
	if (sha256_file(sha, file) < 0)
		return fail_cause(cause, "cannot read %s: %s", file, strerror(errno));
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/artifacts", s->b->job->id);
	body = json_pack("{s:I, s:i, s:s, s:s}", "runner_id", (json_int_t)s->b->runner_id,
			 "attempt", s->b->job->attempt, "name", name, "sha256", sha);
	rc = client_call(s->b->client, "POST", path, body, &status, &answer, &err);
	json_decref(body);
	json_decref(answer);
	answer = NULL;
	if (rc == 0 && status == 200) {
		build_note(s, "artifact %s %s: kpcid already has it", name, sha);
		return 0;
	}
	free(err);
	err = NULL;
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/artifacts?runner_id=%lld&attempt=%d"
		 "&name=%s&sha256=%s", s->b->job->id, s->b->runner_id, s->b->job->attempt,
		 name, sha);
	if (client_upload(s->b->client, "PUT", path, file, &status, &answer, &err) < 0) {
		rc = fail_cause(cause, "upload of %s failed: %s", name, err ? err : "?");
	} else if (status != 200 && status != 201) {
		rc = fail_cause(cause, "upload of %s failed: kpcid answered %ld: %s", name, status,
				client_error_text(answer, status));
	} else {
		build_note(s, "artifact %s %s uploaded", name, sha);
		rc = 0;
	}
	free(err);
	json_decref(answer);
	return rc;
}

/* 1 when s is a commit id: 7 to 64 lower-case hex digits. */
static int build_commit_ok(const char *s)
{
	return s && strspn(s, "0123456789abcdef") == strlen(s) && strlen(s) >= 7 &&
	       strlen(s) <= 64;
}

/* Validates the spec; fills the paths.  -1 with *cause. */
static int build_prepare(struct build_state *s, const json_t *spec, char **cause)
{
	const char *tree = json_string_value(json_object_get(spec, "tree"));
	const char *commit = json_string_value(json_object_get(spec, "commit"));
	const char *config = json_string_value(json_object_get(spec, "config"));
	const char *url = json_string_value(json_object_get(spec, "url"));
	json_t *frags = json_object_get(spec, "fragments"), *f;
	char safe[PROTO_MAX_NAME + 1];
	size_t i;

	if (!tree || !proto_name_ok(tree))
		return fail_cause(cause, "the job's tree is missing or not a name");
	if (!build_commit_ok(commit))
		return fail_cause(cause, "the job's commit is missing or not a commit id");
	if (!config || !build_file_name_ok(config))
		return fail_cause(cause, "the job's config is missing or not a file name");
	if (!url || !*url || url[0] == '-' || strpbrk(url, "\r\n"))
		return fail_cause(cause, "the job's url is missing");
	if (frags && (!json_is_array(frags) || json_array_size(frags) > BUILD_MAX_FRAGMENTS))
		return fail_cause(cause, "the job's fragments are not a list of file names");
	json_array_foreach(frags, i, f)
		if (!json_is_string(f) || !build_file_name_ok(json_string_value(f)))
			return fail_cause(cause, "fragments[%zu] is not a file name", i);
	if (json_object_get(spec, "revert") && !build_commit_ok(json_string_value(
		json_object_get(spec, "revert"))))
		return fail_cause(cause, "the job's revert is not a commit id");
	build_safe_name(safe, sizeof safe, tree);
	if ((size_t)snprintf(s->mirror, sizeof s->mirror, "%s/builds/mirrors/%s.git",
			     s->b->work_dir, safe) >= sizeof s->mirror ||
	    (size_t)snprintf(s->dir, sizeof s->dir, "%s/builds/trees/%s--%s", s->b->work_dir,
			     safe, config) >= sizeof s->dir - 16)
		return fail_cause(cause, "work_dir is too long");
	snprintf(s->src, sizeof s->src, "%s/src", s->dir);
	snprintf(s->out, sizeof s->out, "%s/out", s->dir);
	snprintf(s->stamp, sizeof s->stamp, "%s/building", s->dir);
	snprintf(s->log, sizeof s->log, "%s/build.log", s->dir);
	snprintf(safe, sizeof safe, "%s/builds/mirrors", s->b->work_dir);
	if (fs_mkdirs(s->out) < 0 || fs_mkdirs(safe) < 0)
		return fail_cause(cause, "cannot create %s: %s", s->out, strerror(errno));
	return 0;
}

/* Sends the final record and sets r; state is ok, failed or timeout. */
static void build_report(struct build_state *s, struct proto_result *r, const char *state,
			 const char *reason, const long long sizes[4])
{
	char *errors, *tail;
	long long ms = (long long)((mono_now() - s->t0) * 1000);
	json_t *rec;

	if (progress_abandoned() && strcmp(state, "ok")) {   /* given back: built again later */
		build_note(s, "stopped: the job is given back");
		proto_result_fail(r, "the build was stopped: the job is given back");
		return;
	}
	errors = strcmp(state, "ok") ? build_error_lines(s->log) : NULL;
	rec = json_pack("{s:s, s:I, s:i, s:O}", "state", state, "duration_ms", (json_int_t)ms,
			"make_jobs", s->jobs, "warnings", s->warnings);
	if (s->compiler[0])
		json_object_set_new(rec, "compiler", json_string(s->compiler));
	if (s->release[0])
		json_object_set_new(rec, "kernel_release", json_string(s->release));
	if (s->icecc.configured) {
		json_t *d = icecc_record(&s->icecc);

		/* the farm compiled part of a build that stalled */
		json_object_set_new(d, "used", json_boolean(s->icecc.use || s->icecc_fell_back));
		json_object_set_new(rec, "distributed", d);
	}
	if (reason || errors) {
		char *e = NULL;

		if (asprintf(&e, "%s%s%s", reason ? reason : "", reason && errors ? "\n" : "",
			     errors ? errors : "") >= 0) {
			json_object_set_new(rec, "error", json_stringn(e, strlen(e) > 8000 ? 8000 :
								       strlen(e)));
			free(e);
		}
	}
	if (sizes) {
		json_object_set_new(rec, "text", json_integer(sizes[0]));
		json_object_set_new(rec, "data", json_integer(sizes[1]));
		json_object_set_new(rec, "bss", json_integer(sizes[2]));
		json_object_set_new(rec, "image_size", json_integer(sizes[3]));
	}
	tail = build_log_tail(s->log);
	if (tail) {
		json_t *lj = json_string(tail);

		json_object_set_new(rec, "log", lj ? lj : json_string("(the log is not UTF-8)"));
	}
	free(tail);
	if (build_post(s, rec) < 0 && !strcmp(state, "ok"))
		reason = "kpcid did not take the build record";
	if (reason || strcmp(state, "ok")) {
		free(r->status);
		r->status = strdup("failed");
		free(r->reason);
		if (asprintf(&r->reason, "build %s: %s%s%s", state, reason ? reason : "",
			     reason && errors ? ": " : "",
			     errors ? strtok(errors, "\n") : "") < 0)
			r->reason = NULL;
	}
	free(errors);
}

/* Reads out/include/config/kernel.release into s->release (empty when
 * missing or not a plain release string). */
static void build_release(struct build_state *s)
{
	char path[PATH_MAX + 40];
	FILE *f;

	s->release[0] = '\0';
	snprintf(path, sizeof path, "%s/include/config/kernel.release", s->out);
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(s->release, sizeof s->release, f))
		s->release[0] = '\0';
	fclose(f);
	s->release[strcspn(s->release, "\n")] = '\0';
	if (strspn(s->release, BUILD_RELEASE_CHARS) != strlen(s->release))
		s->release[0] = '\0';
}

/* Makes and uploads the "sources" artifact; a list that cannot be made is a
 * warning (kpcid then cannot tell what a range compiles), only a failed
 * upload is an error (-1 with *cause). */
static int build_sources_upload(struct build_state *s, char **cause)
{
	char path[PATH_MAX + 16];
	char *why = NULL;

	progress_set("upload", -1, "sources");
	snprintf(path, sizeof path, "%s/sources", s->dir);
	if (build_sources(s, path, &why) < 0) {
		char *w = NULL;

		build_note(s, "sources: %s", why ? why : "out of memory");
		if (asprintf(&w, "sources: the list of compiled files was not made: %s",
			     why ? why : "out of memory") >= 0)
			json_array_append_new(s->warnings, json_string(w));
		free(w);
		free(why);
		return 0;
	}
	return build_upload(s, "sources", path, cause);
}

/* Runs the build itself once the worktree and .config are ready. */
static void build_compile(struct build_state *s, struct proto_result *r)
{
	char vmlinux[PATH_MAX + 16], image[PATH_MAX + 32], map[PATH_MAX + 16], dot[PATH_MAX + 16];
	char *size_argv[] = { "size", vmlinux, NULL };
	static const char *const names[] = { ".config", "System.map", "bzImage" };
	const char *files[3] = { dot, map, image };
	long long sizes[4] = { 0 };
	struct buf out;
	struct stat st;
	char *cause = NULL;
	int rc;

	snprintf(vmlinux, sizeof vmlinux, "%s/vmlinux", s->out);
	snprintf(s->count_file, sizeof s->count_file, "%s/compiled-files", s->dir);
	build_progress_start(&s->progress, s->log_fd, s->count_file, access(vmlinux, F_OK) != 0);
	rc = build_make(s, "all", 1, s->b->cfg->build_timeout -
			(long long)(mono_now() - s->t0));
	if (rc == -3) {         /* the farm stalled: the rest is compiled here */
		snprintf(s->icecc.why, sizeof s->icecc.why, "the icecream farm stalled (no build "
			 "output for %lld s, [build] icecc_stall); finished locally",
			 s->b->cfg->build_icecc_stall);
		build_note(s, "%s", s->icecc.why);
		log_warn("build job %lld: %s", s->b->job->id, s->icecc.why);
		s->icecc.use = 0;
		s->icecc_fell_back = 1;
		rc = build_make(s, "all", 1, s->b->cfg->build_timeout -
				(long long)(mono_now() - s->t0));
	}
	if (rc == -2) {
		build_report(s, r, "timeout", "make did not finish within [build] timeout", NULL);
		return;
	}
	if (rc != 0) {
		build_report(s, r, "failed", "make failed", NULL);
		return;
	}
	build_progress_done(&s->progress, s->count_file);
	snprintf(image, sizeof image, "%s/arch/x86/boot/bzImage", s->out);
	snprintf(map, sizeof map, "%s/System.map", s->out);
	snprintf(dot, sizeof dot, "%s/.config", s->out);
	buf_init(&out, BUILD_MAX_CAPTURE);
	if (build_capture(&out, size_argv, NULL) != 0 ||
	    build_parse_size(buf_str(&out), &sizes[0], &sizes[1], &sizes[2]) < 0) {
		buf_dispose(&out);
		build_report(s, r, "failed", "size vmlinux failed: is vmlinux an ELF file?", NULL);
		return;
	}
	buf_dispose(&out);
	if (stat(image, &st) < 0) {
		build_report(s, r, "failed", "make produced no arch/x86/boot/bzImage", NULL);
		return;
	}
	sizes[3] = st.st_size;
	build_release(s);
	for (int i = 0; i < 3; i++) {
		if (build_upload(s, names[i], files[i], &cause) < 0) {
			build_report(s, r, "failed", cause, NULL);
			free(cause);
			return;
		}
	}
	if (build_sources_upload(s, &cause) < 0 || build_modules(s, &cause) < 0) {
		build_report(s, r, "failed", cause, NULL);
		free(cause);
		return;
	}
	proto_result_add(r, "kbuild", "vmlinux-text", "bytes", 0, 0, (double)sizes[0]);
	proto_result_add(r, "kbuild", "vmlinux-data", "bytes", 0, 0, (double)sizes[1]);
	proto_result_add(r, "kbuild", "vmlinux-bss", "bytes", 0, 0, (double)sizes[2]);
	proto_result_add(r, "kbuild", "bzImage-size", "bytes", 0, 0, (double)sizes[3]);
	proto_result_add(r, "kbuild", "build-time", "s", 0, 0, mono_now() - s->t0);
	build_report(s, r, "ok", NULL, sizes);
}

void build_execute(const struct build_job *b, struct proto_result *r)
{
	struct build_state s = { .b = b, .log_fd = -1 };
	const json_t *spec = b->job->spec;
	char *cause = NULL;
	json_t *rec;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	s.t0 = mono_now();
	s.warnings = json_array();
	s.jobs = b->cfg->build_jobs > 0 ? (int)b->cfg->build_jobs : cpus > 0 ? (int)cpus : 1;
	if (build_prepare(&s, spec, &cause) < 0) {
		build_post(&s, json_pack("{s:s, s:s?}", "state", "failed", "error", cause));
		free(r->status);
		r->status = strdup("failed");
		r->reason = cause;
		json_decref(s.warnings);
		return;
	}
	s.log_fd = open(s.log, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	build_note(&s, "job %lld attempt %d: %s %s with %s", b->job->id, b->job->attempt,
		   json_string_value(json_object_get(spec, "tree")),
		   json_string_value(json_object_get(spec, "commit")),
		   json_string_value(json_object_get(spec, "config")));
	rec = json_pack("{s:s, s:i}", "state", "building", "make_jobs", s.jobs);
	build_post(&s, rec);
	if (build_compiler(&s, &cause) < 0 ||
	    build_mirror(&s, json_string_value(json_object_get(spec, "url")),
			 json_string_value(json_object_get(spec, "commit")), &cause) < 0 ||
	    build_worktree(&s, json_string_value(json_object_get(spec, "commit")), &cause) < 0 ||
	    (json_is_string(json_object_get(spec, "revert")) &&
	     build_revert(&s, json_string_value(json_object_get(spec, "revert")), &cause) < 0)) {
		build_report(&s, r, "failed", cause, NULL);
		goto out;
	}
	json_object_set_new(r->env, "compiler", json_string(s.compiler));
	/* from here until make ends, the stamp marks the worktree as in use */
	build_stamp_pid(0, &s);
	if (build_dotconfig(&s, json_string_value(json_object_get(spec, "config")),
			    json_object_get(spec, "fragments"), &cause) < 0) {
		build_report(&s, r, "failed", cause, NULL);
		unlink(s.stamp);
		goto out;
	}
	build_compile(&s, r);
	unlink(s.stamp);
out:
	log_info("build job %lld: %s in %.1f s", b->job->id, r->status, mono_now() - s.t0);
	free(cause);
	json_decref(s.warnings);
	icecc_plan_dispose(&s.icecc);
	if (s.log_fd >= 0)
		close(s.log_fd);
}
