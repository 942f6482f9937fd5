// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_parse.c - the suite output parsers (runners/suite_parse.c), the
 * suite definition files (runners/suite_defs.c, configs/suites/) and the
 * repeat rule (runners/repeat.c), on real outputs saved in
 * tests/data/suites/: stress-ng --yaml, perf bench, hackbench, fio JSON,
 * a host dmesg, and the serial consoles of QEMU guests booted by kpci
 * (Debian's 6.1 kernel, 2 NUMA nodes) running the boot and wq-flush
 * suites.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lib/proto.h"
#include "runners/kbench_core.h"
#include "runners/repeat.h"
#include "runners/suite_defs.h"
#include "runners/suite_parse.h"

#define DATA "tests/data/suites/"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	s = calloc(1, (size_t)n + 1);
	if (!s || fread(s, 1, (size_t)n, f) != (size_t)n)
		exit(1);
	fclose(f);
	return s;
}

/* The value of suite/metric at iteration, or -1e300 when absent. */
static double sample(const struct proto_result *r, const char *metric, int it)
{
	for (size_t i = 0; i < r->nsamples; i++)
		if (!strcmp(r->samples[i].metric, metric) && r->samples[i].iteration == it)
			return r->samples[i].value;
	return -1e300;
}

static const struct proto_sample *find(const struct proto_result *r, const char *metric)
{
	for (size_t i = 0; i < r->nsamples; i++)
		if (!strcmp(r->samples[i].metric, metric))
			return &r->samples[i];
	return NULL;
}

static int parse_file(struct proto_result *r, const char *parser, const char *path,
		      const struct sparse_ctx *ctx, char **cause)
{
	char *text = slurp(path);
	int rc = sparse_find(parser)(r, ctx, text, cause);

	free(text);
	return rc;
}

static void test_stress_ng(void)
{
	struct proto_result r = { 0 };
	struct sparse_ctx ctx = { .suite = "stress-ng", .iteration = 2 };
	char *cause = NULL;
	const struct proto_sample *s;

	CHECK_INT(parse_file(&r, "stress-ng", DATA "stress-ng-cpu-switch.yaml", &ctx, &cause), 0);
	CHECK_INT(r.nsamples, 5);
	CHECK_NEAR(sample(&r, "cpu-bogo-ops-per-s", 2), 309.212858, 1e-6);
	CHECK_NEAR(sample(&r, "switch-bogo-ops-per-cpu-s", 2), 212163.819381, 1e-6);
	CHECK_NEAR(sample(&r, "switch-nanosecs-per-context-switch-pipe-method", 2), 13476.279193,
		   1e-6);
	s = find(&r, "cpu-bogo-ops-per-s");
	CHECK(s && s->higher_is_better && !strcmp(s->unit, "bogo-ops/s") &&
	      !strcmp(s->suite, "stress-ng"));
	s = find(&r, "switch-nanosecs-per-context-switch-pipe-method");
	CHECK(s && !s->higher_is_better && !strcmp(s->unit, "ns"));
	proto_result_dispose(&r);
	/* its console log is not the YAML: a sentence, no samples */
	memset(&r, 0, sizeof r);
	CHECK_INT(parse_file(&r, "stress-ng", DATA "stress-ng-cpu-switch.log", &ctx, &cause), -1);
	CHECK(cause && strstr(cause, "no metrics"));
	CHECK_INT(r.nsamples, 0);
	free(cause);
	proto_result_dispose(&r);
}

static void test_perf_bench(void)
{
	struct proto_result r = { 0 };
	struct sparse_ctx ctx = { .suite = "perf", .iteration = 0 };
	char *cause = NULL;

	CHECK_INT(parse_file(&r, "perf-bench", DATA "perf-bench-sched-messaging.txt", &ctx, &cause), 0);
	CHECK_NEAR(sample(&r, "sched-messaging", 0), 0.101, 1e-9);
	CHECK_INT(parse_file(&r, "perf-bench", DATA "perf-bench-sched-pipe.txt", &ctx, &cause), 0);
	CHECK_NEAR(sample(&r, "sched-pipe", 0), 6.4384, 1e-9);
	CHECK_INT(parse_file(&r, "perf-bench", DATA "perf-bench-futex-hash.txt", &ctx, &cause), 0);
	CHECK_NEAR(sample(&r, "futex-hash", 0), 985600, 1e-9);
	CHECK(find(&r, "futex-hash") && find(&r, "futex-hash")->higher_is_better);
	CHECK_INT(parse_file(&r, "perf-bench", DATA "perf-bench-mem-memcpy.txt", &ctx, &cause), 0);
	CHECK_NEAR(sample(&r, "mem-memcpy-default", 0), 3.047353, 1e-9);
	CHECK_NEAR(sample(&r, "mem-memcpy-x86-64-movsb", 0), 2.593447, 1e-9);
	CHECK_INT(r.nsamples, 7);
	/* hackbench's output is not perf's */
	CHECK_INT(parse_file(&r, "perf-bench", DATA "hackbench.txt", &ctx, &cause), -1);
	CHECK(cause && strstr(cause, "perf bench output has no result"));
	free(cause);
	proto_result_dispose(&r);
}

static void test_hackbench_fio(void)
{
	struct proto_result r = { 0 };
	struct sparse_ctx ctx = { .suite = "x", .iteration = 1 };
	const struct proto_sample *s;
	char *cause = NULL;

	CHECK_INT(parse_file(&r, "hackbench", DATA "hackbench.txt", &ctx, &cause), 0);
	CHECK_NEAR(sample(&r, "time", 1), 0.139, 1e-9);
	CHECK_INT(parse_file(&r, "fio", DATA "fio-randread.json", &ctx, &cause), 0);
	s = find(&r, "randread-read-iops");
	CHECK(s && s->value > 0 && s->higher_is_better);
	s = find(&r, "randread-read-clat-mean");
	CHECK(s && s->value > 0 && !s->higher_is_better && !strcmp(s->unit, "ns"));
	CHECK(find(&r, "randread-read-bw") != NULL);
	CHECK(find(&r, "randread-write-iops") == NULL);     /* no writes were done */
	CHECK_INT(r.nsamples, 4);
	CHECK_INT(parse_file(&r, "fio", DATA "hackbench.txt", &ctx, &cause), -1);
	CHECK(cause && strstr(cause, "no JSON object"));
	free(cause);
	cause = NULL;
	CHECK_INT(sparse_fio(&r, &ctx, "{\"jobs\": [ {\"jobname\": 1} ]}", &cause), -1);
	CHECK(cause && strstr(cause, "jobs[0] has no jobname"));
	free(cause);
	cause = NULL;
	CHECK_INT(sparse_fio(&r, &ctx, "{\"jobs\": [", &cause), -1);
	CHECK(cause && strstr(cause, "fio JSON, line"));
	free(cause);
	proto_result_dispose(&r);
}

static void test_console_boot(void)
{
	struct sparse_marker m[] = {
		{ "memblock-to-slub", "Memory:", "SLUB:" },
		{ "slub-to-smp", "SLUB:", "smp: Brought up" },
	};
	struct sparse_ctx ctx = { .suite = "boot", .iteration = 0, .markers = m, .nmarkers = 2 };
	struct proto_result r = { 0 };
	struct sparse_console c;
	char *text = slurp(DATA "qemu-console-boot.txt"), *cause = NULL, *tail;
	const json_t *numa;

	CHECK_INT(sparse_console(&c, text, &cause), 0);
	CHECK_STR(c.done, "ok");
	CHECK(c.error == NULL);
	CHECK_STR(json_string_value(json_object_get(c.env, "kernel_release")), "6.1.0-57-amd64");
	CHECK_STR(json_string_value(json_object_get(c.env, "build_id")),
		  "6a2b4ac77585b8cf102cba771300e573c8489b69");
	numa = json_object_get(c.env, "numa");
	CHECK_INT(json_array_size(numa), 2);
	CHECK_INT(json_integer_value(json_array_get(json_array_get(numa, 1), 1)), 3);
	CHECK(c.dmesg && strstr(c.dmesg, "Nodes=2"));
	CHECK_INT(sparse_boot(&r, &ctx, c.dmesg, &cause), 0);
	CHECK_NEAR(sample(&r, "run-init", 0), 4848.510, 1e-6);
	CHECK_NEAR(sample(&r, "memblock-to-slub", 0), 0, 1e-9);
	CHECK(sample(&r, "slub-to-smp", 0) > 0);
	CHECK_INT(r.nsamples, 3);
	tail = sparse_tail(text);
	CHECK(tail && strlen(tail) <= SPARSE_TAIL && strstr(tail, "KPCI-DONE ok"));
	CHECK(tail && !strchr(tail, '\r') && !strchr(tail, '?'));
	free(tail);
	sparse_console_dispose(&c);
	free(text);
	/* a marker whose line never came: a sentence naming it */
	m[0] = (struct sparse_marker){ "auto-init-to-slub", "mem auto-init:", "SLUB:" };
	m[1].to = "no such line";
	CHECK_INT(parse_file(&r, "boot", DATA "dmesg-host.txt", &ctx, &cause), -1);
	CHECK(cause && strstr(cause, "boot marker 'slub-to-smp'") && strstr(cause, "no such line"));
	free(cause);
	cause = NULL;
	/* the host's own log (6.18): its init is not /init, and Memory: comes
	 * after SLUB:, so that marker is no interval there: an error naming
	 * both lines, and no sample at all */
	ctx.nmarkers = 1;
	m[0] = (struct sparse_marker){ "memblock-to-slub", "Memory:", "SLUB:" };
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	CHECK_INT(parse_file(&r, "boot", DATA "dmesg-host.txt", &ctx, &cause), -1);
	CHECK(cause && strstr(cause, "boot marker 'memblock-to-slub': this kernel prints its end "
			      "'SLUB:' (line 87, 0.081525 s) before its start 'Memory:' (line "
			      "168, 0.106214 s)"));
	CHECK_INT(r.nsamples, 0);
	free(cause);
	cause = NULL;
	/* markers in the log's order are fine there */
	m[0] = (struct sparse_marker){ "auto-init-to-slub", "mem auto-init:", "SLUB:" };
	CHECK_INT(parse_file(&r, "boot", DATA "dmesg-host.txt", &ctx, &cause), 0);
	CHECK_NEAR(sample(&r, "run-init", 0), 238.149, 1e-6);
	CHECK_NEAR(sample(&r, "auto-init-to-slub", 0), (0.081525 - 0.070144) * 1000, 1e-6);
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	/* lines in order whose stamps go back (Debian 6.1 in TCG switches from
	 * jiffies to the TSC): not a duration either */
	m[0] = (struct sparse_marker){ "tsc-to-delay", "tsc: Detected", "Calibrating delay loop" };
	text = slurp(DATA "qemu-console-boot.txt");
	CHECK_INT(sparse_console(&c, text, &cause), 0);
	CHECK_INT(sparse_boot(&r, &ctx, c.dmesg, &cause), -1);
	CHECK(cause && strstr(cause, "boot marker 'tsc-to-delay': its end 'Calibrating delay "
			      "loop' (line 121) is stamped 0.001172 s, earlier than its start "
			      "'tsc: Detected' (line 119, 0.048000 s)"));
	CHECK_INT(r.nsamples, 0);
	free(cause);
	sparse_console_dispose(&c);
	free(text);
}

/* The shipped boot.ini on real logs: linux-source-6.12's
 * qemu-x86_64.config kernel in TCG (the runner's tsc_early_khz= on its
 * command line), the host's 6.18, and Debian's 6.1 in TCG without it. */
static void test_shipped_markers(void)
{
	struct sdef *d = NULL;
	struct sparse_ctx ctx = { .suite = "boot" };
	struct proto_result r = { 0 };
	struct sparse_console c;
	char *text = slurp(DATA "qemu-console-boot-6.12.txt"), *cause = NULL;

	CHECK_INT(sdef_find(&d, "configs/suites", "boot", &cause), 0);
	if (!d)
		return;
	ctx.markers = d->markers;
	ctx.nmarkers = d->nmarkers;
	CHECK_INT(sparse_console(&c, text, &cause), 0);
	CHECK_STR(json_string_value(json_object_get(c.env, "kernel_release")), "6.12.117+");
	CHECK_INT(sparse_boot(&r, &ctx, c.dmesg, &cause), 0);
	CHECK_INT(r.nsamples, 6);
	CHECK_NEAR(sample(&r, "memblock-setup", 0), 98.603, 1e-6);
	CHECK_NEAR(sample(&r, "memmap-init", 0), (0.284566 - 0.098603) * 1000, 1e-6);
	CHECK_NEAR(sample(&r, "memblock-to-buddy", 0), (0.340808 - 0.302255) * 1000, 1e-6);
	CHECK(sample(&r, "slub-to-smp", 0) > 0 && sample(&r, "smp-to-free-initmem", 0) > 0);
	CHECK_NEAR(sample(&r, "run-init", 0), 2564.277, 1e-6);
	sparse_console_dispose(&c);
	free(text);
	/* the same kernel with 20 ms planted in each memblock_add_range()
	 * call: the early memory phases grow, the later ones do not */
	text = slurp(DATA "qemu-console-boot-6.12-memblock-delay.txt");
	ctx.iteration = 1;
	CHECK_INT(sparse_console(&c, text, &cause), 0);
	CHECK_INT(sparse_boot(&r, &ctx, c.dmesg, &cause), 0);
	CHECK(sample(&r, "memblock-setup", 1) > 5 * sample(&r, "memblock-setup", 0));
	CHECK(sample(&r, "memmap-init", 1) > 2 * sample(&r, "memmap-init", 0));
	CHECK(sample(&r, "memblock-to-buddy", 1) < 1.5 * sample(&r, "memblock-to-buddy", 0));
	CHECK(sample(&r, "slub-to-smp", 1) < 1.5 * sample(&r, "slub-to-smp", 0));
	CHECK(sample(&r, "smp-to-free-initmem", 1) < 1.5 * sample(&r, "smp-to-free-initmem", 0));
	ctx.iteration = 0;
	sparse_console_dispose(&c);
	free(text);
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	CHECK_INT(parse_file(&r, "boot", DATA "dmesg-host.txt", &ctx, &cause), 0);
	CHECK_INT(r.nsamples, 6);
	CHECK_NEAR(sample(&r, "memblock-setup", 0), (0.001035 - 0.000023) * 1000, 1e-6);
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	/* without tsc_early_khz Debian's 6.1 in TCG fails its early TSC
	 * calibration and prints 'tsc: Detected' late: a clear error */
	text = slurp(DATA "qemu-console-boot.txt");
	CHECK_INT(sparse_console(&c, text, &cause), 0);
	CHECK_INT(sparse_boot(&r, &ctx, c.dmesg, &cause), -1);
	CHECK(cause && strstr(cause, "boot marker 'memblock-setup': this kernel prints its end "
			      "'Zone ranges:'") && strstr(cause, "before its start 'tsc: Detected'"));
	CHECK_INT(r.nsamples, 0);
	free(cause);
	sparse_console_dispose(&c);
	free(text);
	sdef_free(d);
}

static void test_console_wq_flush(void)
{
	struct sparse_ctx ctx = { .suite = "wq-flush" };
	struct proto_result r = { 0 };
	struct sparse_console c;
	char *text = slurp(DATA "qemu-console-wq-flush.txt"), *cause = NULL;
	const struct proto_sample *s;

	CHECK_INT(sparse_console(&c, text, &cause), 0);
	CHECK_STR(c.done, "ok");
	CHECK_INT(sparse_wq_flush(&r, &ctx, c.dmesg, &cause), 0);
	CHECK_INT(r.nsamples, 4);
	CHECK_NEAR(sample(&r, "percpu-idle", 0), 571272, 1e-9);
	CHECK_NEAR(sample(&r, "unbound-idle", 0), 608575, 1e-9);
	CHECK_NEAR(sample(&r, "percpu-16threads", 0), 16953, 1e-9);
	CHECK_NEAR(sample(&r, "unbound-16threads", 0), 9493, 1e-9);
	s = find(&r, "percpu-idle");
	CHECK(s && s->higher_is_better && !strcmp(s->unit, "flushes/s"));
	/* warm-up lines (iteration < 0) are not samples */
	CHECK_INT(sparse_wq_flush(&r, &ctx, "[ 1.0] kpci-wq-flush: iteration=-1 metric=percpu-idle "
				  "flushes_per_s=5\n", &cause), -1);
	CHECK(cause && strstr(cause, "no 'kpci-wq-flush:'"));
	free(cause);
	cause = NULL;
	CHECK(s && s->spread < 0);          /* a module from before slices */
	sparse_console_dispose(&c);
	free(text);
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	/* the module's lines with slices carry their spread */
	CHECK_INT(sparse_wq_flush(&r, &ctx, "[    9.1] kpci-wq-flush: iteration=2 metric=percpu-idle "
				  "flushes_per_s=659000 spread=3.25\n[    9.2] kpci-wq-flush: "
				  "iteration=2 metric=unbound-idle flushes_per_s=627300 spread=x\n",
				  &cause), 0);
	CHECK_INT(r.nsamples, 2);
	CHECK_NEAR(sample(&r, "percpu-idle", 2), 659000, 0);
	CHECK_NEAR(r.samples[0].spread, 3.25, 1e-12);
	CHECK_NEAR(r.samples[1].spread, -1, 0);
	proto_result_dispose(&r);
}

static void test_kbench_lines(void)
{
	struct sparse_ctx ctx = { .suite = "kbench" };
	struct proto_result r = { 0 };
	char *cause = NULL;
	const struct proto_sample *s;

	CHECK_INT(parse_file(&r, "kbench", DATA "kpci-kbench.txt", &ctx, &cause), 0);
	CHECK_INT(r.nsamples, 22);          /* 11 benchmarks (one NUMA node) x 2 */
	s = find(&r, "numa-bw-local");
	CHECK(s && s->higher_is_better && !strcmp(s->unit, "MB/s") && s->value > 0);
	CHECK(sample(&r, "syscall-getppid", 1) > 0);
	CHECK(s && s->spread < 0);          /* printed before samples had one */
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	CHECK_INT(parse_file(&r, "kbench", DATA "kpci-kbench-spread.txt", &ctx, &cause), 0);
	CHECK_INT(r.nsamples, 22);
	for (size_t i = 0; i < r.nsamples; i++)
		CHECK(r.samples[i].spread >= 0 && r.samples[i].spread < PROTO_MAX_SPREAD);
	proto_result_dispose(&r);
	memset(&r, 0, sizeof r);
	CHECK_INT(sparse_kbench(&r, &ctx, "KPCI-RESULT {\"metric\":\"m\",\"unit\":\"ns\","
				"\"higher_is_better\":0,\"iteration\":0,\"value\":1,\"spread\":-1}\n",
				&cause), -1);
	CHECK(cause && strstr(cause, "spread 0..1000"));
	free(cause);
	cause = NULL;
	/* a guest printing garbage, or names kpci refuses */
	CHECK_INT(sparse_kbench(&r, &ctx, "KPCI-RESULT {\"metric\":\"x\"\n", &cause), -1);
	CHECK(cause && strstr(cause, "result line 1 is not a kpci sample"));
	free(cause);
	cause = NULL;
	CHECK_INT(sparse_kbench(&r, &ctx, "KPCI-RESULT {\"metric\":\"a b\",\"unit\":\"ns\","
				"\"higher_is_better\":0,\"iteration\":0,\"value\":1}\n", &cause), -1);
	CHECK(cause && strstr(cause, "not a usable metric name"));
	free(cause);
	CHECK_INT(r.nsamples, 0);
}

static void test_console_garbage(void)
{
	char junk[3000];
	struct sparse_console c;
	char *cause = NULL, *tail;

	for (size_t i = 0; i < sizeof junk - 1; i++)
		junk[i] = (char)(1 + (i * 131) % 255);
	junk[sizeof junk - 1] = '\0';
	CHECK_INT(sparse_console(&c, junk, &cause), 0);
	CHECK(c.done == NULL && c.results == NULL && c.dmesg == NULL);
	tail = sparse_tail(junk);
	CHECK(tail != NULL);
	for (char *p = tail; p && *p; p++)
		if (!(*p == '\n' || *p == '\t' || (*p >= 0x20 && *p < 0x7f))) {
			CHECK(!"tail holds a control byte");
			break;
		}
	free(tail);
	sparse_console_dispose(&c);
	CHECK_INT(sparse_console(&c, "KPCI-ENV node 0 0-1,x\nKPCI-ENV notes zz\n"
				 "KPCI-ERROR the wq_flush module failed to load: bad\n", &cause), 0);
	CHECK(json_object_get(c.env, "numa") == NULL);
	CHECK(json_object_get(c.env, "build_id") == NULL);
	CHECK_STR(c.error, "the wq_flush module failed to load: bad");
	sparse_console_dispose(&c);
}

static void test_suite_files(void)
{
	static const char *const names[] = { "kbench", "boot", "wq-flush", "stress-ng",
		"perf-sched-messaging", "perf-sched-pipe", "perf-futex-hash", "perf-mem-memcpy",
		"hackbench", "fio-randread" };
	struct sdef *d;
	char *cause = NULL, path[] = "/tmp/kpci-test-suite-XXXXXX", file[64];
	char *argv[SDEF_MAX_ARGS], *storage;
	FILE *f;

	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		CHECK_INT(sdef_find(&d, "configs/suites", names[i], &cause), 0);
		CHECK(d && sparse_find(d->parser));
		if (cause)
			fprintf(stderr, "%s\n", cause);
		sdef_free(d);
	}
	CHECK_INT(sdef_find(&d, "configs/suites", "boot", &cause), 0);
	CHECK(d && d->nmarkers == 5 && !strcmp(d->markers[0].name, "memblock-setup") &&
	      !strcmp(d->markers[0].to, "Zone ranges:"));
	sdef_free(d);
	CHECK_INT(sdef_find(&d, "configs/suites", "stress-ng", &cause), 0);
	CHECK(d && sdef_argv(argv, SDEF_MAX_ARGS, &storage, d->command, "/tmp/o.yaml") == 0);
	CHECK_STR(argv[0], "stress-ng");
	CHECK_STR(argv[9], "/tmp/o.yaml");
	CHECK(argv[10] == NULL);
	free(storage);
	sdef_free(d);
	CHECK(kbench_listed("syscall-getppid pipe-pingpong", "pipe-pingpong"));
	CHECK(!kbench_listed("syscall-getppid pipe-pingpong", "pipe"));
	CHECK(kbench_listed("all", "numa-lat-remote"));
	CHECK_INT(sdef_find(&d, "configs/suites", "no-such-suite", &cause), 0);
	CHECK(d == NULL);
	CHECK_INT(sdef_find(&d, "configs/suites", "../etc", &cause), -1);
	CHECK(cause && strstr(cause, "is not a suite name"));
	free(cause);

	/* bad input: an unknown parser and a negative iteration count */
	CHECK(mkdtemp(path) != NULL);
	snprintf(file, sizeof file, "%s/bad.ini", path);
	f = fopen(file, "w");
	fputs("[suite]\nparser = nope\niterations = -3\n[marker x]\nfrom = a\n", f);
	fclose(f);
	CHECK_INT(sdef_find(&d, path, "bad", &cause), -1);
	CHECK(d == NULL);
	CHECK(cause && strstr(cause, "bad.ini:2:") && strstr(cause, "'nope' is not one of"));
	CHECK(cause && strstr(cause, "bad.ini:3:") && strstr(cause, "iterations"));
	fprintf(stderr, "bad suite file says: %s\n", cause ? cause : "");
	free(cause);
	f = fopen(file, "w");
	fputs("[suite]\nparser = boot\ncommand = dmesg\n[marker x]\nfrom = a\n", f);
	fclose(f);
	CHECK_INT(sdef_find(&d, path, "bad", &cause), -1);
	CHECK(cause && strstr(cause, "reads the kernel log"));
	CHECK(cause && strstr(cause, "[marker x] needs both from and to"));
	free(cause);
	f = fopen(file, "w");
	fputs("[suite]\nparser = kbench\nbenchmarks = syscall-getppid warp-drive\n", f);
	fclose(f);
	CHECK_INT(sdef_find(&d, path, "bad", &cause), -1);
	CHECK(cause && strstr(cause, "kbench has no benchmark 'warp-drive'"));
	free(cause);
	unlink(file);
	rmdir(path);
}

static void test_repeat(void)
{
	double same[] = { 10, 10, 10, 10, 10 }, noisy[] = { 10, 20, 10, 20, 10 };

	CHECK_NEAR(repeat_rsd(same, 5), 0, 1e-12);
	CHECK_NEAR(repeat_rsd(noisy, 5), 100.0 * 5.477225575 / 14, 1e-6);
	CHECK_INT(repeat_more(same, 3, 5, 10, 5), 1);       /* fewer than asked */
	CHECK_INT(repeat_more(same, 5, 5, 10, 5), 0);       /* steady: done */
	CHECK_INT(repeat_more(noisy, 5, 5, 10, 5), 1);      /* noisy: more */
	CHECK_INT(repeat_more(noisy, 5, 5, 5, 5), 0);       /* ... up to the cap */
	CHECK_INT(repeat_more(noisy, 5, 5, 10, 0), 0);      /* rule off */
}

/* Real samples of two benchmarks, short: a value, a spread, and the
 * caller's CPU affinity as it was. */
static void test_kbench_measure(void)
{
	struct kbench_plan plan = { .rep_ms = 2, .reps = 3, .cpu = kbench_pick_cpu(),
				    .clock = kbench_clock_usable(KBENCH_CPU) };
	const char *names[] = { "syscall-getppid", "pipe-pingpong", "sched-yield" };
	cpu_set_t before, after;
	char cause[KBENCH_MAX_CAUSE] = "";

	CHECK(plan.cpu >= 0);
	CHECK_INT(plan.clock, KBENCH_CPU);
	CHECK_INT(sched_getaffinity(0, sizeof before, &before), 0);
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		struct kbench_sample s = { 0 };

		CHECK_INT(kbench_measure(kbench_find(names[i]), &plan, &s, cause, sizeof cause), 0);
		CHECK(s.value > 0 && s.spread >= 0 && s.ops >= 1);
		plan.clock = KBENCH_WALL;
	}
	CHECK_INT(sched_getaffinity(0, sizeof after, &after), 0);
	CHECK(CPU_EQUAL(&before, &after));
}

static void test_median_spread(void)
{
	double odd[] = { 5, 1, 4, 2, 3 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
	double outlier[] = { 100, 101, 99, 100, 400 }, flat[] = { 3, 3, 3 };

	CHECK_NEAR(repeat_median(odd, 5), 3, 0);
	CHECK_NEAR(repeat_median(even, 4), 2.5, 0);
	CHECK_NEAR(repeat_median(one, 1), 7, 0);
	CHECK_NEAR(repeat_median(NULL, 0), 0, 0);
	/* one wild repetition moves neither the median nor the spread much */
	CHECK_NEAR(repeat_median(outlier, 5), 100, 0);
	memcpy(outlier, (double[]){ 100, 101, 99, 100, 400 }, sizeof outlier);
	CHECK_NEAR(repeat_spread(outlier, 5), 1.4826, 1e-9);
	CHECK_NEAR(repeat_spread(flat, 3), 0, 0);
	CHECK_NEAR(repeat_spread(one, 1), 0, 0);
}

static void test_build_id(void)
{
	/* one note: namesz 4, descsz 4, type 3, "GNU\0", de ad be ef */
	static const unsigned char note[] = { 4, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, 'G', 'N', 'U', 0,
		0xde, 0xad, 0xbe, 0xef };
	char id[64];

	CHECK_INT(sparse_build_id(id, sizeof id, note, sizeof note), 0);
	CHECK_STR(id, "deadbeef");
	CHECK_INT(sparse_build_id(id, sizeof id, note, sizeof note - 1), -1);   /* truncated */
	CHECK_INT(sparse_build_id(id, 4, note, sizeof note), -1);               /* no room */
}

int main(void)
{
	test_stress_ng();
	test_perf_bench();
	test_hackbench_fio();
	test_console_boot();
	test_shipped_markers();
	test_console_wq_flush();
	test_kbench_lines();
	test_median_spread();
	test_kbench_measure();
	test_console_garbage();
	test_suite_files();
	test_repeat();
	test_build_id();
	return check_done();
}
