// SPDX-License-Identifier: GPL-2.0-only
/*
 * boot_icount.c - the icount boot (boot_icount.h).
 *
 * One vCPU and no NUMA: under -icount QEMU runs its vCPUs in turn on one
 * thread, and a QEMU 7.2 guest with 4 vCPUs did not get past bringing up
 * the others within 150 s; with 2 (no NUMA) it stopped at "x86: Booting
 * SMP configuration" for 200 s, and as 2 nodes x 1 CPU it had not
 * reached init after 400 s, while one vCPU boots in 10 to 20 s
 * (docs/suites.md).  So the remote NUMA benchmarks have no .insn metric.
 * The guest's TSC ticks once per instruction, 1 GHz: tsc_early_khz says
 * so, instead of the host's rate a TCG guest gets otherwise.  kpci-kbench
 * is told (kpci.icount=1) that its clock counts instructions, and prints
 * only NAME.insn lines; any other metric from this boot rejects the
 * boot, so no instruction count is ever stored as a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "runners/boot_icount.h"
#include "runners/kbench_insn.h"
#include "runners/progress.h"
#include "runners/suite_parse.h"

#define ICOUNT_MAX_NOTE 4096        /* bytes of what r->log says of the boot */

/* 1 when name ends in KBENCH_INSN_SUFFIX. */
static int icount_is_insn(const char *name)
{
	size_t n = strlen(name), s = strlen(KBENCH_INSN_SUFFIX);

	return n > s && !strcmp(name + n - s, KBENCH_INSN_SUFFIX);
}

/* Copies got's samples (all NAME.insn) into r; their count, or -1 with
 * *cause (a sample that is not an instruction count, no memory). */
static int icount_take(struct proto_result *r, const struct proto_result *got, char **cause)
{
	for (size_t i = 0; i < got->nsamples; i++)
		if (!icount_is_insn(got->samples[i].metric))
			return fail_cause(cause, "the guest reported '%s', not an instruction count",
					  got->samples[i].metric);
	for (size_t i = 0; i < got->nsamples; i++) {
		const struct proto_sample *s = &got->samples[i];

		if (proto_result_add_spread(r, s->suite, s->metric, s->unit, s->higher_is_better,
					    s->iteration, s->value, s->spread) < 0)
			return fail_cause(cause, "out of memory");
	}
	return (int)got->nsamples;
}

/* What the job's log says: the boot's outcome; on failure with the
 * console's tail, unless cause quotes it already (qemu_collect's do).
 * r->log had nothing to say before (a kbench boot that succeeded leaves
 * it empty). */
static void icount_note(struct proto_result *r, int got, double secs, const char *cause,
			const char *console)
{
	char note[ICOUNT_MAX_NOTE];
	char *tail = got < 0 && console && !(cause && strstr(cause, "the console ends:")) ?
		     sparse_tail(console) : NULL;

	if (got >= 0) {
		snprintf(note, sizeof note, "instruction counts: the QEMU -icount boot (%d vCPU) "
			 "gave %d NAME.insn samples in %.0f s\n", ICOUNT_VCPUS, got, secs);
		log_info("qemu: instruction counts: the -icount boot gave %d samples in %.0f s", got,
			 secs);
	} else {
		snprintf(note, sizeof note, "instruction counts: not available: the QEMU -icount boot "
			 "(%d vCPU) failed after %.0f s: %s; the time samples are kept\n%s%s",
			 ICOUNT_VCPUS, secs, cause ? cause : "?", tail && *tail ?
			 "the console ends:\n" : "", tail ? tail : "");
		log_warn("qemu: instruction counts: the -icount boot failed after %.0f s: %s", secs,
			 cause ? cause : "?");
	}
	free(r->log);
	r->log = strdup(note);
	free(tail);
}

void icount_run(const struct qemu_boot *q, const char *initrd, struct proto_result *r,
		json_t *guest_env)
{
	struct qemu_boot one = *q;
	struct proto_result got = { 0 };
	char cmdline[QEMU_MAX_CMDLINE], extra[64], console_path[QEMU_MAX_PATH];
	char *cause = NULL, *console = NULL;
	json_t *env = NULL;
	long long t0 = mono_ns();
	int n = -1;
	size_t len;

	for (size_t i = 0; i < r->nsamples; i++)
		if (icount_is_insn(r->samples[i].metric)) {
			log_info("qemu: instruction counts come from the guest's own counter; "
				 "no -icount boot");
			return;
		}
	one.nodes = 1;
	one.cpus_per_node = ICOUNT_VCPUS;
	one.icount = 1;
	/* "icount", not "tcg": no host TSC rate, the guest's is 1 GHz */
	qemu_cmdline(cmdline, sizeof cmdline, &one, "icount", q->sr->iterations, q->sr->warmup);
	snprintf(extra, sizeof extra, " tsc_early_khz=%d kpci.icount=1", ICOUNT_TSC_KHZ);
	len = strlen(cmdline);
	snprintf(console_path, sizeof console_path, "%s/console-icount.log", q->work_dir);
	unlink(console_path);           /* no earlier job's console is quoted */
	progress_set("boot", -1, "again under QEMU -icount, %d vCPU: instructions per operation",
		     ICOUNT_VCPUS);
	if (len + strlen(extra) >= sizeof cmdline) {
		fail_cause(&cause, "the guest's command line is too long for kpci.icount=1");
	} else {
		memcpy(cmdline + len, extra, strlen(extra) + 1);
		if (qemu_boot_once(&one, initrd, cmdline, console_path, &cause) == 0) {
			console = qemu_slurp(console_path);
			if (qemu_collect(&one, &got, &env, console, 0, &cause) == 0)
				n = icount_take(r, &got, &cause);
		}
	}
	if (!console)
		console = qemu_slurp(console_path);
	icount_note(r, n, (double)(mono_ns() - t0) / 1e9, cause, console);
	if (n >= 0 && guest_env)
		json_object_set_new(guest_env, "kbench_insn", json_string("qemu-icount"));
	json_decref(env);
	proto_result_dispose(&got);
	free(console);
	free(cause);
}
