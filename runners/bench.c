// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench.c - one bench job from suite file to samples (bench.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lib/fs.h"
#include "lib/log.h"
#include "runners/agent.h"
#include "runners/bench.h"
#include "runners/boot_kexec.h"
#include "runners/boot_lava.h"
#include "runners/boot_qemu.h"
#include "runners/env.h"
#include "runners/fetch.h"
#include "runners/repeat.h"
#include "runners/suite.h"
#include "runners/suite_defs.h"

#define BENCH_MAX_PATH 4096

static const char *bench_spec_str(const struct proto_job *job, const char *key, const char *def)
{
	const char *v = json_string_value(json_object_get(job->spec, key));

	return v && *v ? v : def;
}

static int bench_spec_int(const struct proto_job *job, const char *obj, const char *key, int def)
{
	const json_t *v = json_object_get(json_object_get(job->spec, obj), key);

	return json_is_integer(v) ? (int)json_integer_value(v) : def;
}

/* The guest's facts replace the host's where they describe the kernel the
 * samples were taken on; the host's CPU and microcode stay. */
static void bench_merge_guest(json_t *env, json_t *guest)
{
	static const char *const keys[] = { "kernel_release", "kernel_version", "cmdline",
		"build_id", "numa", "kbench_insn" };

	if (!guest)
		return;
	json_object_set(env, "host_kernel_release", json_object_get(env, "kernel_release"));
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
		json_t *v = json_object_get(guest, keys[i]);

		if (v)
			json_object_set(env, keys[i], v);
	}
	if (json_object_get(guest, "cpu_model"))
		json_object_set(env, "guest_cpu_model", json_object_get(guest, "cpu_model"));
}

/* The suite on the running kernel (host boot, or after a kexec). */
static void bench_host(const struct suite_run *sr, const char *name, struct proto_result *r)
{
	const struct sdef *d = sr->def;
	const struct suite *s = suite_find(d ? d->parser : name);
	char *cause = NULL;
	int rc;

	if (d && d->command)
		rc = shost_command_run(sr, r, &cause);
	else if (s)
		rc = s->run(sr, r, &cause);
	else {
		proto_result_fail(r, "suite '%s' (parser %s) cannot run on the host without a command",
			   name, d ? d->parser : "?");
		return;
	}
	if (rc < 0)
		proto_result_fail(r, "%s: %s", name, cause ? cause : "failed");
	free(cause);
}

/* Drops the samples of r (taken on the wrong kernel). */
static void bench_drop_samples(struct proto_result *r)
{
	for (size_t i = 0; i < r->nsamples; i++) {
		free(r->samples[i].suite);
		free(r->samples[i].metric);
		free(r->samples[i].unit);
	}
	free(r->samples);
	r->samples = NULL;
	r->nsamples = 0;
}

/* Records which build the samples were taken on (fetch.h). */
static void bench_note_build(json_t *env, const struct fetch_set *fs)
{
	if (fs->has_kernel && fs->build_id > 0)
		json_object_set_new(env, "kpci_build", json_integer(fs->build_id));
}

/* After a boot of a build's kernel: the guest must report the release
 * the build made.  0, or -1 after failing r. */
static int bench_check_release(const struct proto_job *job, const struct fetch_set *fs,
			       const json_t *guest, struct proto_result *r)
{
	const char *got = json_string_value(json_object_get(guest, "kernel_release"));

	if (!fs->has_kernel || !fs->release || !strcmp(r->status, "failed"))
		return 0;
	if (got && !strcmp(got, fs->release))
		return 0;
	proto_result_fail(r, "job %lld: the guest runs kernel %s, but build %lld made %s; "
		   "its samples are discarded", job->id, got ? got : "(unknown)", fs->build_id,
		   fs->release);
	bench_drop_samples(r);
	return -1;
}

/* The guest a job boots, in QEMU or a lab: the build's kernel, else the
 * job's or [qemu]'s, and the job's NUMA shape over [qemu]'s. */
static struct qemu_boot bench_guest(const struct rconfig *cfg, const struct proto_job *job,
				    const struct suite_run *sr, const char *name,
				    const struct fetch_set *fs)
{
	struct qemu_boot q = {
		.cfg = cfg, .sr = sr, .work_dir = sr->work_dir,
		.suite = sr->def ? sr->def->parser : name,
		.kernel = fs->has_kernel ? fs->kernel : bench_spec_str(job, "kernel", cfg->qemu_kernel),
		.modules_dir = fs->has_kernel ? fs->modules_dir[0] ? fs->modules_dir : NULL :
			       bench_spec_str(job, "modules_dir", cfg->qemu_modules_dir),
		.nodes = bench_spec_int(job, "numa", "nodes", (int)cfg->qemu_nodes),
		.cpus_per_node = bench_spec_int(job, "numa", "cpus_per_node",
						(int)cfg->qemu_cpus_per_node),
		.memory_mb = bench_spec_int(job, "numa", "memory_mb", (int)cfg->qemu_memory_mb),
	};

	return q;
}

static void bench_qemu(const struct rconfig *cfg, const json_t *topology,
		       const struct proto_job *job, const struct suite_run *sr, const char *name,
		       const struct fetch_set *fs, struct proto_result *r)
{
	struct qemu_boot q = bench_guest(cfg, job, sr, name, fs);
	json_t *guest = NULL;
	char *cause = NULL;

	const char *accel = qemu_accel(cfg, q.kernel, sr->work_dir);

	json_decref(r->env);
	r->env = env_collect("qemu", accel, topology);
	log_info("job %lld: booting %s in QEMU (%s, %d nodes x %d CPUs, %d MiB)", job->id,
		 q.kernel ? q.kernel : "(no kernel)", accel, q.nodes, q.cpus_per_node,
		 q.memory_mb);
	if (fs->has_kernel)
		log_info("job %lld: the kernel of build %lld (%s)", job->id, fs->build_id,
			 fs->release ? fs->release : "release unknown");
	if (fs->has_kernel && !strcmp(q.suite, "wq-flush") &&
	    !json_object_get(json_object_get(job->spec, "modules"), "wq_flush.ko"))
		proto_result_fail(r, "%s: build %lld has no wq_flush.ko (see the build's warnings: the "
			   "module did not build against that tree)", name, fs->build_id);
	else if (qemu_run(&q, r, &guest, &cause) < 0)
		proto_result_fail(r, "%s: %s", name, cause ? cause : "the guest failed");
	bench_merge_guest(r->env, guest);
	bench_check_release(job, fs, guest, r);
	bench_note_build(r->env, fs);
	json_decref(guest);
	free(cause);
}

/* The lava method: a LAVA lab boots the kernel (runners/boot_lava.c). */
static void bench_lava(const struct rconfig *cfg, const json_t *topology,
		       const struct proto_job *job, const struct suite_run *sr, const char *name,
		       const struct fetch_set *fs, struct proto_result *r)
{
	struct qemu_boot q = bench_guest(cfg, job, sr, name, fs);
	struct lava_boot lb = { .q = &q, .job = job, .stop = agent_stopping_flag() };
	json_t *guest = NULL;
	char *cause = NULL;
	int rc;

	json_decref(r->env);
	r->env = env_collect("lava", "none", topology);
	if (strcmp(q.suite, "kbench") && strcmp(q.suite, "boot") && strcmp(q.suite, "wq-flush"))
		proto_result_fail(r, "%s: suite '%s' does not run in a lab's guest (kbench, boot and "
				  "wq-flush do)", name, q.suite);
	else if (!q.kernel || access(q.kernel, R_OK) < 0)
		proto_result_fail(r, "%s: no kernel to boot: the job names none and [qemu] kernel is "
				  "%s", name, q.kernel ? "unreadable" : "unset");
	else if ((rc = lava_run(&lb, r, &guest, &cause)) == 1) {
		free(r->status);
		r->status = strdup(BENCH_STAGED);       /* the next start resumes it */
	} else if (rc < 0) {
		proto_result_fail(r, "%s: %s", name, cause ? cause : "the lab's job failed");
	}
	bench_merge_guest(r->env, guest);
	bench_check_release(job, fs, guest, r);
	bench_note_build(r->env, fs);
	json_decref(guest);
	free(cause);
}

static void bench_kexec(const struct rconfig *cfg, const struct proto_job *job,
			const struct suite_run *sr, const char *name, const struct fetch_set *fs,
			struct proto_result *r)
{
	const json_t *state = kexec_resuming(job->id, job->attempt);
	char *cause = NULL;

	if (state) {            /* after the reboot: are we in the candidate? */
		if (kexec_verify(state, &cause) < 0) {
			proto_result_fail(r, "%s", cause ? cause : "not the candidate kernel");
		} else {
			bench_host(sr, name, r);
			bench_note_build(r->env, fs);
		}
		free(cause);
		return;
	}
	if (kexec_stage(cfg, job, fs->has_kernel ? fs->kernel :
			bench_spec_str(job, "kernel", cfg->kexec_kernel),
			bench_spec_str(job, "initrd", cfg->kexec_initrd), bench_spec_str(job, "build_id", NULL),
			&cause) < 0) {
		proto_result_fail(r, "kexec: %s", cause ? cause : "cannot stage the job");
	} else {
		free(r->status);
		r->status = strdup(BENCH_STAGED);
	}
	free(cause);
}

void bench_execute(const struct rconfig *cfg, struct client *c, const json_t *topology,
		   const struct proto_job *job, struct proto_result *r)
{
	struct fetch_set fs = { 0 };
	const char *name = bench_spec_str(job, "suite", NULL);
	const char *boot = bench_spec_str(job, "boot", "host");
	char work[BENCH_MAX_PATH];
	struct suite_run sr = { 0 };
	struct sdef *def = NULL;
	char *cause = NULL;

	if (!r->env)
		r->env = env_collect(boot, "none", topology);
	if (!name) {
		proto_result_fail(r, "the job names no suite");
		return;
	}
	if (sdef_find(&def, cfg->suites_dir, name, &cause) < 0) {
		proto_result_fail(r, "suite '%s': %s", name, cause ? cause : "cannot read its file");
		free(cause);
		return;
	}
	if (!def && !suite_find(name)) {
		proto_result_fail(r, "unknown suite '%s'; this runner knows: %s", name, suite_names());
		return;
	}
	snprintf(work, sizeof work, "%s/bench", cfg->work_dir);
	if (fs_mkdirs(work) < 0) {
		proto_result_fail(r, "cannot create %s: %s", work, strerror(errno));
		sdef_free(def);
		return;
	}
	sr.def = def;
	sr.work_dir = work;
	sr.modules_dir = cfg->modules_dir;
	sr.iterations = (int)json_integer_value(json_object_get(job->spec, "iterations"));
	sr.warmup = (int)json_integer_value(json_object_get(job->spec, "warmup"));
	/* the spec, else the suite file, else the built-in suite's defaults */
	if (!json_object_get(job->spec, "iterations"))
		sr.iterations = def ? (int)def->iterations : SUITE_ITERATIONS;
	if (!json_object_get(job->spec, "warmup"))
		sr.warmup = def ? (int)def->warmup : SUITE_WARMUP;
	if (sr.iterations < 1)
		sr.iterations = 1;
	if (sr.iterations > REPEAT_HARD_MAX)
		sr.iterations = REPEAT_HARD_MAX;
	if (sr.warmup < 0)
		sr.warmup = 0;
	sr.max_iterations = def && def->max_iterations > sr.iterations ? (int)def->max_iterations :
			    sr.iterations;
	sr.rsd_pct = def ? (double)def->rsd_threshold : 0;
	sr.timeout = def ? (int)def->timeout : 600;
	log_info("job %lld attempt %d: %s on %s, %d iterations (up to %d) after %d warm-up",
		 job->id, job->attempt, name, boot, sr.iterations, sr.max_iterations, sr.warmup);
	/* the build's kernel and modules, for the methods that boot one */
	if ((!strcmp(boot, "qemu") || !strcmp(boot, "kexec") || !strcmp(boot, "lava")) &&
	    fetch_job(&fs, c, cfg, job, &cause) < 0) {
		proto_result_fail(r, "job %lld: %s", job->id, cause ? cause : "cannot fetch the build");
		free(cause);
		fetch_done(&fs);
		sdef_free(def);
		return;
	}
	if (fs.modules_dir[0])
		sr.modules_dir = fs.modules_dir;
	if (!strcmp(boot, "host"))
		bench_host(&sr, name, r);
	else if (!strcmp(boot, "qemu"))
		bench_qemu(cfg, topology, job, &sr, name, &fs, r);
	else if (!strcmp(boot, "kexec"))
		bench_kexec(cfg, job, &sr, name, &fs, r);
	else if (!strcmp(boot, "lava"))
		bench_lava(cfg, topology, job, &sr, name, &fs, r);
	else
		proto_result_fail(r, "boot method '%s' is not one of host, qemu, kexec, lava", boot);
	if (strcmp(boot, "kexec") || strcmp(r->status, BENCH_STAGED))
		fetch_done(&fs);        /* a staged job fetches again after the reboot */
	sdef_free(def);
}
