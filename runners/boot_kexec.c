// SPDX-License-Identifier: GPL-2.0-only
/*
 * boot_kexec.c - the kexec boot method (boot_kexec.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/log.h"
#include "runners/boot_kexec.h"
#include "runners/env.h"
#include "lib/spawn.h"

#define KEXEC_TIMEOUT        120     /* seconds kexec -l may take */
#define KEXEC_HDR_MAGIC_AT   0x202   /* "HdrS" in the x86 boot protocol */
#define KEXEC_HDR_VERSION_AT 0x20e   /* offset - 0x200 of the version string */

static json_t *kexec_state;          /* running.json of the job being resumed */
static int kexec_verified;           /* kexec_verify found the candidate running */

static void kexec_path(char *out, size_t n, const struct rconfig *cfg, const char *file)
{
	if (cfg->kexec_state_dir)
		snprintf(out, n, "%s/%s", cfg->kexec_state_dir, file);
	else
		snprintf(out, n, "%s/kexec/%s", cfg->work_dir, file);
}

int kexec_image_release(char *out, size_t n, const char *bzimage)
{
	unsigned char hdr[2], magic[4];
	char text[256];
	FILE *f = fopen(bzimage, "rb");
	long at;
	int ok;

	if (!f)
		return -1;
	ok = fseek(f, KEXEC_HDR_MAGIC_AT, SEEK_SET) == 0 && fread(magic, 1, 4, f) == 4 &&
	     !memcmp(magic, "HdrS", 4) && fseek(f, KEXEC_HDR_VERSION_AT, SEEK_SET) == 0 &&
	     fread(hdr, 1, 2, f) == 2;
	at = ok ? (long)(hdr[0] | hdr[1] << 8) + 0x200 : 0;
	ok = ok && at > 0x200 && fseek(f, at, SEEK_SET) == 0 &&
	     fgets(text, sizeof text, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	text[strcspn(text, " \n")] = '\0';
	if (!*text)
		return -1;
	snprintf(out, n, "%s", text);
	return 0;
}

/* The running kernel's command line without BOOT_IMAGE= and old kpci.job=. */
static void kexec_base_cmdline(char *out, size_t n)
{
	char line[KEXEC_MAX_CMDLINE] = "", *p = line, *tok;
	FILE *f = fopen("/proc/cmdline", "r");
	size_t len = 0;

	out[0] = '\0';
	if (f) {
		if (!fgets(line, sizeof line, f))
			line[0] = '\0';
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	while ((tok = strsep(&p, " ")))
		if (*tok && strncmp(tok, "BOOT_IMAGE=", 11) && strncmp(tok, "kpci.job=", 9) &&
		    len + strlen(tok) + 2 < n)
			len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " " : "", tok);
}

/* kexec -l kernel [--initrd=..] --command-line=..; then kexec -e. */
static int kexec_load_and_go(const struct rconfig *cfg, const char *kernel, const char *initrd,
			     const char *cmdline, char **cause)
{
	char initrd_arg[KEXEC_MAX_PATH + 16], cmd_arg[KEXEC_MAX_CMDLINE + 32], log[KEXEC_MAX_PATH];
	char *load[8], *exec[] = { cfg->kexec_binary, "-e", NULL };
	char *systemctl[] = { "systemctl", "kexec", NULL };
	int argc = 0;

	kexec_path(log, sizeof log, cfg, "kexec.log");
	snprintf(cmd_arg, sizeof cmd_arg, "--command-line=%s", cmdline);
	load[argc++] = cfg->kexec_binary;
	load[argc++] = "-l";
	if (initrd) {
		snprintf(initrd_arg, sizeof initrd_arg, "--initrd=%s", initrd);
		load[argc++] = initrd_arg;
	}
	load[argc++] = cmd_arg;
	load[argc++] = "--";
	load[argc++] = (char *)(uintptr_t)kernel;
	load[argc] = NULL;
	if (spawn_run(load, log, KEXEC_TIMEOUT, cause) < 0)
		return -1;
	if (!strcmp(cfg->kexec_execute, "none")) {
		log_info("kexec: %s loaded; [kexec] execute = none, waiting for systemctl kexec",
			 kernel);
		return 0;
	}
	log_info("kexec: starting %s", kernel);
	/* systemctl kexec stops the services and unmounts first; kexec -e
	 * starts the new kernel at once */
	if (!strcmp(cfg->kexec_execute, "systemctl") ||
	    (!strcmp(cfg->kexec_execute, "auto") && access("/run/systemd/system", F_OK) == 0))
		return spawn_run(systemctl, log, KEXEC_TIMEOUT, cause);
	return spawn_run(exec, log, KEXEC_TIMEOUT, cause);
	/* the machine goes down now (or a stand-in returned) */
}

static int kexec_write_state(const char *path, json_t *state, char **cause)
{
	char tmp[KEXEC_MAX_PATH + 8];

	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f;

	/* durable before the kexec: the next kernel must find it */
	if (json_dump_file(state, tmp, JSON_INDENT(1) | JSON_SORT_KEYS) < 0 ||
	    !(f = fopen(tmp, "r+")) || fsync(fileno(f)) < 0 || fclose(f) != 0 ||
	    rename(tmp, path) < 0)
		return fail_cause(cause, "cannot write %s: %s", path, strerror(errno));
	return 0;
}

int kexec_stage(const struct rconfig *cfg, const struct proto_job *job, const char *kernel,
		const char *initrd, const char *build_id, char **cause)
{
	char dir[KEXEC_MAX_PATH], path[KEXEC_MAX_PATH], release[256], cmdline[KEXEC_MAX_CMDLINE];
	char base_kernel[KEXEC_MAX_PATH], base_initrd[KEXEC_MAX_PATH], mark[64];
	struct utsname u;
	json_t *state;
	size_t len;
	int rc;

	if (!kernel || access(kernel, R_OK) < 0)
		return fail_cause(cause, "no candidate kernel to kexec: %s", kernel ? kernel : "unset");
	if (kexec_image_release(release, sizeof release, kernel) < 0)
		return fail_cause(cause, "%s is not a bzImage (no kernel version in its header)",
				  kernel);
	if (!spawn_have(cfg->kexec_binary))
		return fail_cause(cause, "%s is not installed (apt-get install kexec-tools)",
				  cfg->kexec_binary);
	uname(&u);
	snprintf(base_kernel, sizeof base_kernel, "%s", cfg->kexec_base_kernel ?
		 cfg->kexec_base_kernel : "");
	if (!cfg->kexec_base_kernel)
		snprintf(base_kernel, sizeof base_kernel, "/boot/vmlinuz-%s", u.release);
	if (cfg->kexec_base_initrd)
		snprintf(base_initrd, sizeof base_initrd, "%s", cfg->kexec_base_initrd);
	else
		snprintf(base_initrd, sizeof base_initrd, "/boot/initrd.img-%s", u.release);
	if (access(base_initrd, R_OK) < 0)
		base_initrd[0] = '\0';
	kexec_base_cmdline(cmdline, sizeof cmdline - 64);
	len = strlen(cmdline);
	snprintf(mark, sizeof mark, "%skpci.job=%lld.%d", len ? " " : "", job->id, job->attempt);
	snprintf(cmdline + len, sizeof cmdline - len, "%s", mark);
	kexec_path(dir, sizeof dir, cfg, "");
	kexec_path(path, sizeof path, cfg, "staged.json");
	if (fs_mkdirs(dir) < 0)
		return fail_cause(cause, "cannot create %s: %s", dir, strerror(errno));
	state = json_pack("{s:o, s:s, s:s?, s:s, s:s, s:s, s:s, s:s, s:s}",
			  "job", proto_job_encode(job), "candidate_release", release,
			  "candidate_build_id", build_id, "kernel", kernel, "cmdline", cmdline,
			  "base_release", u.release, "base_kernel", base_kernel,
			  "base_initrd", base_initrd, "base_cmdline", cmdline);
	/* the base command line is the candidate's without the job mark */
	json_object_set_new(state, "base_cmdline", json_stringn(cmdline, len));
	if (!state || kexec_write_state(path, state, cause) < 0) {
		json_decref(state);
		return state ? -1 : fail_cause(cause, "out of memory");
	}
	json_decref(state);
	log_info("job %lld attempt %d: staged in %s; kexec into %s (%s)", job->id, job->attempt,
		 path, kernel, release);
	rc = kexec_load_and_go(cfg, kernel, initrd, cmdline, cause);
	if (rc < 0)
		unlink(path);
	return rc;
}

int kexec_resume(struct proto_job *job, const struct rconfig *cfg, char **cause)
{
	char staged[KEXEC_MAX_PATH], running[KEXEC_MAX_PATH];
	json_error_t err;
	const char *from;
	json_t *state;
	int crashed = 0;

	memset(job, 0, sizeof *job);
	kexec_path(staged, sizeof staged, cfg, "staged.json");
	kexec_path(running, sizeof running, cfg, "running.json");
	if (access(running, F_OK) == 0) {
		crashed = 1;            /* the runner stopped while running it */
		from = running;
	} else if (access(staged, F_OK) == 0) {
		from = staged;
	} else {
		return 0;
	}
	state = json_load_file(from, JSON_REJECT_DUPLICATES, &err);
	if (!state || proto_job_decode(job, json_object_get(state, "job"), cause) < 0) {
		if (!state)
			fail_cause(cause, "%s: %s", from, err.text);
		json_decref(state);
		unlink(from);
		return -1;
	}
	if (!crashed && rename(staged, running) < 0) {
		json_decref(state);
		return fail_cause(cause, "cannot move %s: %s", staged, strerror(errno));
	}
	json_decref(kexec_state);
	kexec_state = state;
	if (crashed)
		return fail_cause(cause, "kpci-runner stopped while it ran this job in the candidate "
				  "kernel (see the journal of the previous start)");
	return 1;
}

const json_t *kexec_resuming(long long job_id, int attempt)
{
	const json_t *job = json_object_get(kexec_state, "job");

	if (!job || json_integer_value(json_object_get(job, "id")) != job_id ||
	    json_integer_value(json_object_get(job, "attempt")) != attempt)
		return NULL;
	return kexec_state;
}

int kexec_verify(const json_t *state, char **cause)
{
	const char *want = json_string_value(json_object_get(state, "candidate_release"));
	const char *want_id = json_string_value(json_object_get(state, "candidate_build_id"));
	char have_id[128];
	struct utsname u;

	uname(&u);
	if (!want || strcmp(u.release, want))
		return fail_cause(cause, "the running kernel %s is not the candidate %s: the kexec "
				  "did not happen or the machine rebooted into its default kernel",
				  u.release, want ? want : "(unknown)");
	if (want_id && env_build_id(have_id, sizeof have_id) == 0 && strcmp(have_id, want_id))
		return fail_cause(cause, "the running kernel's build id %s is not the candidate's %s",
				  have_id, want_id);
	kexec_verified = 1;
	return 0;
}

int kexec_return(const struct rconfig *cfg, char **cause)
{
	char running[KEXEC_MAX_PATH];
	const char *kernel = json_string_value(json_object_get(kexec_state, "base_kernel"));
	const char *initrd = json_string_value(json_object_get(kexec_state, "base_initrd"));
	const char *cmdline = json_string_value(json_object_get(kexec_state, "base_cmdline"));
	const char *release = json_string_value(json_object_get(kexec_state, "base_release"));
	struct utsname u;
	int rc = 0;

	kexec_path(running, sizeof running, cfg, "running.json");
	unlink(running);
	uname(&u);
	if (!kernel) {
		rc = fail_cause(cause, "no base kernel was recorded at staging");
	} else if (!kexec_verified && release && !strcmp(u.release, release)) {
		log_info("kexec: already running the base kernel %s", release);
	} else {
		log_info("kexec: returning to the base kernel %s", kernel);
		rc = kexec_load_and_go(cfg, kernel, initrd && *initrd ? initrd : NULL,
				       cmdline ? cmdline : "", cause);
	}
	json_decref(kexec_state);
	kexec_state = NULL;
	kexec_verified = 0;
	return rc;
}
