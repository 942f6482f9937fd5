// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_kbench_insn.c - instruction counts beside kbench's times
 * (runners/kbench_insn.h): the metric's name, unit and per-operation
 * arithmetic; samples counted from a clock that counts instructions (a
 * guest under QEMU -icount); the "not available" path of a runner without
 * a counter (this one's reason is perf_event_open's); the host suite and
 * the static guest program (its KPCI- lines parsed as the host parses a
 * guest's console) storing NAME.insn exactly where counts exist.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lib/proto.h"
#include "lib/spawn.h"
#include "runners/kbench_core.h"
#include "runners/kbench_insn.h"
#include "runners/suite.h"
#include "runners/suite_parse.h"

#define T_REP_MS 2
#define T_REPS   3

/* Whether this machine counts, and why not, once for every test. */
static int t_avail;
static char t_why[KBENCH_MAX_CAUSE];

static int t_ends_insn(const char *metric)
{
	size_t n = strlen(metric), s = strlen(KBENCH_INSN_SUFFIX);

	return n > s && !strcmp(metric + n - s, KBENCH_INSN_SUFFIX);
}

static void test_names_units(void)
{
	char name[KBENCH_INSN_MAX_NAME], longer[KBENCH_INSN_MAX_NAME + 8];
	const struct kbench_bench *yield = kbench_find("sched-yield");
	const struct kbench_bench *bw = kbench_find("numa-bw-local");
	const struct kbench_bench *ppid = kbench_find("syscall-getppid");

	CHECK_INT(kbench_insn_name(name, sizeof name, "syscall-getppid"), 0);
	CHECK_STR(name, "syscall-getppid.insn");
	CHECK(proto_name_ok(name));
	CHECK(proto_name_ok(KBENCH_INSN_UNIT));
	CHECK_STR(KBENCH_INSN_UNIT, "insn/op");
	memset(longer, 'x', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	CHECK_INT(kbench_insn_name(name, sizeof name, longer), -1);
	/* per operation as the time metric: per call of sched-yield's two */
	CHECK(yield && bw && ppid);
	CHECK_NEAR(kbench_insn_per_op(yield, 2000, 10), 100, 1e-9);
	CHECK_NEAR(kbench_insn_per_op(ppid, 2000, 10), 200, 1e-9);
	/* an MB/s metric: per operation of mb_per_op MB, not per MB */
	CHECK_NEAR(kbench_insn_per_op(bw, 2000, 10), 200, 1e-9);
}

/* A clock that counts instructions: the counts are the times' ns, per
 * operation; a plan without counts leaves the sample uncounted. */
static void test_clock_counts(void)
{
	struct kbench_plan plan = { .rep_ms = T_REP_MS, .reps = T_REPS, .cpu = kbench_pick_cpu(),
				    .clock = KBENCH_WALL, .count = KBENCH_COUNT_CLOCK };
	const struct kbench_bench *bw = kbench_find("numa-bw-local");
	char cause[KBENCH_MAX_CAUSE] = "";
	struct kbench_sample s;

	CHECK_INT(kbench_measure(kbench_find("sched-yield"), &plan, &s, cause, sizeof cause), 0);
	CHECK(s.value > 0);
	CHECK_NEAR(s.insn, s.value, s.value * 1e-12);   /* ns per call = "insn" per call */
	CHECK_NEAR(s.insn_spread, s.spread, 1e-9);
	CHECK_INT(kbench_measure(bw, &plan, &s, cause, sizeof cause), 0);
	/* MB/s back to ns per operation: the median of 3 reciprocals */
	CHECK(s.value > 0);
	CHECK_NEAR(s.insn, bw->mb_per_op * 1e9 / s.value, s.insn * 1e-9);
	plan.count = KBENCH_COUNT_NONE;
	CHECK_INT(kbench_measure(kbench_find("syscall-getppid"), &plan, &s, cause, sizeof cause), 0);
	CHECK(s.value > 0);
	CHECK_NEAR(s.insn, -1, 0);
}

/* A hardware counter where this machine has one, else the reason, and
 * uncounted samples (the benchmark is measured all the same). */
static void test_counter(void)
{
	struct kbench_plan plan = { .rep_ms = T_REP_MS, .reps = T_REPS, .cpu = kbench_pick_cpu(),
				    .clock = KBENCH_WALL, .count = KBENCH_COUNT_PMU };
	char cause[KBENCH_MAX_CAUSE] = "", again[KBENCH_MAX_CAUSE] = "";
	struct kbench_sample s;
	int fd = kbench_insn_open(cause, sizeof cause);

	fprintf(stderr, "instruction counts here: %s\n", t_avail ? "perf" : t_why);
	CHECK_INT(kbench_insn_available(again, sizeof again), t_avail);
	CHECK_STR(again, t_why);
	if (t_avail) {
		CHECK(fd >= 0 && kbench_insn_read(fd) > 0);
		CHECK_STR(t_why, "");
	} else {
		CHECK(!strncmp(t_why, "perf_event_open: ", 17) && strlen(t_why) > 17);
		CHECK(fd < 0 || kbench_insn_read(fd) <= 0);
	}
	kbench_insn_close(fd);
	kbench_insn_close(-1);
	CHECK_NEAR(kbench_insn_read(-1), -1, 0);
	CHECK_INT(kbench_measure(kbench_find("pipe-pingpong"), &plan, &s, cause, sizeof cause), 0);
	CHECK(s.value > 0);
	if (t_avail)
		CHECK(s.insn > 0 && s.insn_spread >= 0);
	else
		CHECK_NEAR(s.insn, -1, 0);
}

/* The host suite: NAME.insn (insn/op, lower is better) beside each time
 * metric where counts exist, none where they do not; the environment
 * says which. */
static void test_host_suite(void)
{
	struct suite_run sr = { .iterations = 1, .warmup = 0, .max_iterations = 1 };
	struct proto_result r = { .env = json_object() };
	const char *said;
	size_t times = 0, insns = 0;
	char *cause = NULL;

	CHECK_INT(kbench_run(&sr, &r, &cause), 0);
	for (size_t i = 0; i < r.nsamples; i++) {
		const struct proto_sample *p = &r.samples[i];

		if (!t_ends_insn(p->metric)) {
			times++;
			continue;
		}
		insns++;
		CHECK_STR(p->unit, KBENCH_INSN_UNIT);
		CHECK_INT(p->higher_is_better, 0);
		CHECK(p->value > 0 && p->spread >= 0);
	}
	CHECK_INT(times, 2);            /* the quick pair without a suite file */
	CHECK_INT(insns, t_avail ? 2 : 0);
	said = json_string_value(json_object_get(r.env, "kbench_insn"));
	CHECK(said != NULL);
	if (said && t_avail)
		CHECK_STR(said, "perf");
	else if (said)
		CHECK(!strncmp(said, "not available (perf_event_open: ", 32) && strlen(said) > 33);
	free(cause);
	proto_result_dispose(&r);
}

/* kpci-kbench's console lines, parsed as a guest's: CLOCK (argv 8) 2 gives
 * only NAME.insn lines; 0 gives the times, with .insn lines where this
 * machine counts, and KPCI-ENV kbench_insn either way. */
static void test_guest_program(const char *clock, int want_times, int want_insn,
			       const char *env_prefix)
{
	const char *bin = getenv("KPCI_BIN");
	char prog[1024], out[] = "/tmp/kpci-kbench-insn-XXXXXX";
	char *argv[] = { prog, "1", "0", "1", "0", "2", "3", "-1", (char *)(uintptr_t)clock,
			 "syscall-getppid,sched-yield", NULL };
	struct sparse_ctx ctx = { .suite = "kbench" };
	struct proto_result r = { 0 };
	struct sparse_console c;
	char *cause = NULL, *text = NULL;
	size_t times = 0, insns = 0, len = 0;
	const char *said;
	FILE *f;
	int fd = mkstemp(out);

	snprintf(prog, sizeof prog, "%s/guest/bin/kpci-kbench", bin ? bin : "bin");
	CHECK(fd >= 0);
	if (fd >= 0)
		close(fd);
	CHECK_INT(spawn_run(argv, out, 60, &cause), 0);
	f = fopen(out, "r");
	CHECK(f != NULL);
	if (f) {
		CHECK(getdelim(&text, &len, '\0', f) > 0);
		fclose(f);
	}
	unlink(out);
	CHECK_INT(sparse_console(&c, text ? text : "", &cause), 0);
	CHECK_INT(sparse_kbench(&r, &ctx, c.results ? c.results : "", &cause), 0);
	for (size_t i = 0; i < r.nsamples; i++) {
		if (t_ends_insn(r.samples[i].metric)) {
			insns++;
			CHECK_STR(r.samples[i].unit, KBENCH_INSN_UNIT);
			CHECK_INT(r.samples[i].higher_is_better, 0);
		} else {
			times++;
		}
	}
	CHECK_INT(times, want_times);
	CHECK_INT(insns, want_insn);
	said = json_string_value(json_object_get(c.env, "kbench_insn"));
	CHECK(said && !strncmp(said, env_prefix, strlen(env_prefix)));
	fprintf(stderr, "kpci-kbench CLOCK %s: %zu times, %zu counts, kbench_insn '%s'\n", clock,
		times, insns, said ? said : "(none)");
	sparse_console_dispose(&c);
	proto_result_dispose(&r);
	free(text);
	free(cause);
}

int main(void)
{
	t_avail = kbench_insn_available(t_why, sizeof t_why);
	test_names_units();
	test_clock_counts();
	test_counter();
	test_host_suite();
	test_guest_program("2", 0, 2, "qemu-icount");
	test_guest_program("0", 2, t_avail ? 2 : 0, t_avail ? "perf" :
			   "not available (perf_event_open: ");
	return check_done();
}
