// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite_host.c - suites on the running kernel besides kbench: boot phases
 * from the kernel log (/dev/kmsg), wq-flush by loading the module, and
 * the established benchmarks a suite file names with `command` (each
 * iteration spawned with an argv array and a timeout, its output parsed
 * by the file's parser).  Under a kexec boot these run right after the
 * candidate kernel came up, which is when the boot suite means most.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/fail.h"
#include "runners/progress.h"
#include "runners/repeat.h"
#include "lib/spawn.h"
#include "runners/suite.h"
#include "runners/suite_defs.h"
#include "runners/suite_parse.h"

#define SHOST_MAX_KMSG   (8u << 20)
#define SHOST_KMSG_REC   8192
#define SHOST_MAX_PATH   4096
#define SHOST_MAX_METRICS 256

int shost_want_more(const struct proto_result *r, size_t first, int done,
		    const struct suite_run *sr)
{
	int max = sr->max_iterations > sr->iterations ? sr->max_iterations : sr->iterations;
	const char *seen[SHOST_MAX_METRICS];
	size_t nseen = 0;
	int more = done < sr->iterations;

	if (more || done >= max || sr->rsd_pct <= 0)
		return more;
	for (size_t i = first; i < r->nsamples && !more && nseen < SHOST_MAX_METRICS; i++) {
		const char *m = r->samples[i].metric;
		double v[REPEAT_HARD_MAX];
		int n = 0, dup = 0;

		for (size_t k = 0; k < nseen; k++)
			dup |= !strcmp(seen[k], m);
		if (dup)
			continue;
		seen[nseen++] = m;
		for (size_t j = first; j < r->nsamples && n < REPEAT_HARD_MAX; j++)
			if (!strcmp(r->samples[j].metric, m))
				v[n++] = r->samples[j].value;
		more = repeat_more(v, n, sr->iterations, max, sr->rsd_pct);
	}
	return more;
}

/* Reads /dev/kmsg records from fd into "[sec.usec] text" lines. */
static int shost_kmsg_read(int fd, struct buf *out)
{
	char rec[SHOST_KMSG_REC];

	for (;;) {
		ssize_t n = read(fd, rec, sizeof rec - 1);
		unsigned long long usec;
		char *semi;

		if (n < 0 && errno == EPIPE)    /* overwritten records: go on */
			continue;
		if (n <= 0)
			return n < 0 && errno != EAGAIN ? -1 : 0;
		rec[n] = '\0';
		semi = strchr(rec, ';');
		if (!semi || sscanf(rec, "%*u,%*u,%llu", &usec) != 1)
			continue;
		semi[strcspn(semi, "\n")] = '\0';
		if (buf_printf(out, "[%5llu.%06llu] %s\n", usec / 1000000, usec % 1000000,
			       semi + 1) < 0)
			return 0;       /* past the cap: enough */
	}
}

static int shost_kmsg_open(int at_end, char **cause)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return fail_cause(cause, "cannot read the kernel log /dev/kmsg: %s", strerror(errno));
	if (at_end)
		lseek(fd, 0, SEEK_END);
	return fd;
}

static void shost_ctx(struct sparse_ctx *ctx, const struct suite_run *sr, const char *suite,
		      int it)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->suite = suite;
	ctx->iteration = it;
	if (sr->def) {
		ctx->markers = sr->def->markers;
		ctx->nmarkers = sr->def->nmarkers;
	}
}

int shost_boot_run(const struct suite_run *sr, struct proto_result *r, char **cause)
{
	struct sparse_ctx ctx;
	struct buf log;
	int fd, rc;

	/* the running kernel booted once: one sample per metric, whatever the
	 * iteration count says (a kexec or QEMU boot gives more) */
	fd = shost_kmsg_open(0, cause);
	if (fd < 0)
		return -1;
	buf_init(&log, SHOST_MAX_KMSG);
	shost_kmsg_read(fd, &log);
	close(fd);
	shost_ctx(&ctx, sr, sr->def ? sr->def->name : "boot", 0);
	rc = sparse_boot(r, &ctx, buf_str(&log), cause);
	buf_dispose(&log);
	return rc;
}

int shost_wq_flush_run(const struct suite_run *sr, struct proto_result *r, char **cause)
{
	char mod[SHOST_MAX_PATH], ms[32], iter[32], out[SHOST_MAX_PATH];
	long long wq_ms = sr->def ? sr->def->wq_ms : 1000;
	struct sparse_ctx ctx;
	size_t first = r->nsamples;
	struct buf log;
	int fd, rc = -1;

	if (!sr->modules_dir || !*sr->modules_dir)
		return fail_cause(cause, "wq-flush on the host needs wq_flush.ko built for the "
				  "running kernel: set [suites] modules_dir");
	snprintf(mod, sizeof mod, "%s/wq_flush.ko", sr->modules_dir);
	snprintf(out, sizeof out, "%s/wq-flush.out", sr->work_dir ? sr->work_dir : "/tmp");
	if (access(mod, R_OK) < 0)
		return fail_cause(cause, "the wq-flush module %s cannot be read: %s", mod,
				  strerror(errno));
	fd = shost_kmsg_open(1, cause);
	if (fd < 0)
		return -1;
	buf_init(&log, SHOST_MAX_KMSG);
	for (int i = 0; i < sr->warmup + REPEAT_HARD_MAX; i++) {
		int it = i - sr->warmup;
		char *ins[] = { "insmod", "--", mod, ms, iter, NULL };
		char *rm[] = { "rmmod", "wq_flush", NULL };

		if (it >= 0 && !shost_want_more(r, first, it, sr))
			break;
		progress_iteration(it, sr->warmup, sr->iterations);
		snprintf(ms, sizeof ms, "duration_ms=%lld", wq_ms);
		snprintf(iter, sizeof iter, "iteration=%d", it);
		unlink(out);
		if (spawn_run_stop(ins, out, sr->timeout, progress_abandon_flag(), cause) < 0) {
			fail_cause(cause, "the wq-flush module %s failed to load (%s)", mod,
				   *cause ? *cause : "insmod failed");
			goto out;
		}
		spawn_run(rm, NULL, sr->timeout, cause);
		free(*cause);
		*cause = NULL;
		shost_kmsg_read(fd, &log);
		shost_ctx(&ctx, sr, sr->def ? sr->def->name : "wq-flush", it);
		if (it >= 0) {
			/* only this iteration's lines: parse the new log, then forget it */
			if (sparse_wq_flush(r, &ctx, buf_str(&log), cause) < 0)
				goto out;
		}
		buf_reset(&log);
	}
	rc = 0;
out:
	close(fd);
	buf_dispose(&log);
	return rc;
}

/* The whole file (at most SPARSE_MAX_TEXT bytes) as a string, or NULL. */
static char *shost_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct buf b;
	char chunk[8192];
	size_t n;

	if (!f)
		return NULL;
	buf_init(&b, SPARSE_MAX_TEXT);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		if (buf_add(&b, chunk, n) < 0)
			break;
	fclose(f);
	if (!b.data)
		buf_adds(&b, "");
	return buf_steal(&b);
}

int shost_command_run(const struct suite_run *sr, struct proto_result *r, char **cause)
{
	const struct sdef *d = sr->def;
	char log[SHOST_MAX_PATH], outfile[SHOST_MAX_PATH], *storage = NULL, *text = NULL;
	char *argv[SDEF_MAX_ARGS + 4], **args = argv + 3;
	size_t first = r->nsamples;
	struct sparse_ctx ctx;
	sparse_fn parse;
	int rc = -1;

	if (!d || !d->command)
		return fail_cause(cause, "the suite has no command");
	parse = sparse_find(d->parser);
	if (d->requires && !spawn_have(d->requires))
		return fail_cause(cause, "%s needs %s, which is not installed on this runner",
				  d->path, d->requires);
	snprintf(log, sizeof log, "%s/%s.log", sr->work_dir, d->name);
	snprintf(outfile, sizeof outfile, "%s/%s.output", sr->work_dir, d->name);
	if (sdef_argv(args, SDEF_MAX_ARGS, &storage, d->command, outfile) < 0) {
		free(storage);
		return fail_cause(cause, "%s: command has no words or more than %d", d->path,
				  SDEF_MAX_ARGS);
	}
	if (strcmp(d->numa, "all")) {   /* node 0's CPUs; memory there or on node 1 */
		if (!spawn_have("numactl")) {
			fail_cause(cause, "%s asks for numa = %s, which needs numactl", d->path, d->numa);
			goto out;
		}
		args -= 3;
		args[0] = "numactl";
		args[1] = "--cpunodebind=0";
		args[2] = !strcmp(d->numa, "node") ? "--membind=0" : "--membind=1";
	}
	for (int i = 0; i < sr->warmup + REPEAT_HARD_MAX; i++) {
		int it = i - sr->warmup, uses_output = strstr(d->command, "{output}") != NULL;

		if (it >= 0 && !shost_want_more(r, first, it, sr))
			break;
		progress_iteration(it, sr->warmup, sr->iterations);
		unlink(log);
		unlink(outfile);
		if (spawn_run_stop(args, log, sr->timeout, progress_abandon_flag(), cause) < 0) {
			char *why = *cause, *tail;

			*cause = NULL;  /* why is the run's own sentence, freed below */
			free(text);
			text = shost_slurp(log);
			tail = text ? sparse_tail(text) : NULL;
			fail_cause(cause, "%s (iteration %d); its output ends:\n%s", why ? why : "failed",
				   it, tail ? tail : "");
			free(why);
			free(tail);
			goto out;
		}
		if (it < 0)
			continue;
		free(text);
		text = shost_slurp(uses_output ? outfile : log);
		if (!text) {
			fail_cause(cause, "%s wrote no output", args[0]);
			goto out;
		}
		shost_ctx(&ctx, sr, d->name, it);
		if (parse(r, &ctx, text, cause) < 0)
			goto out;
	}
	rc = 0;
out:
	free(text);
	free(storage);
	unlink(outfile);
	return rc;
}
