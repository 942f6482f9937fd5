// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite_defs.c - reading configs/suites/NAME.ini (suite_defs.h).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/conf.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "runners/kbench_core.h"
#include "runners/repeat.h"
#include "runners/suite.h"
#include "runners/suite_defs.h"

#define SKEY(f) offsetof(struct sdef, f)
#define MKEY(f) offsetof(struct sparse_marker, f)
#define SDEF_TEXT_(x) #x
#define SDEF_TEXT(x) SDEF_TEXT_(x)     /* a number macro as a default string */

static const struct conf_key sdef_suite_keys[] = {
	{ "description", CONF_STR, SKEY(description), "", 0, 0, NULL, 0, "one line for people" },
	{ "parser", CONF_ENUM, SKEY(parser), NULL, 0, 0, SPARSE_NAMES, 0,
	  "how the output becomes samples" },
	{ "command", CONF_STR, SKEY(command), NULL, 0, 0, NULL, 0,
	  "the program and its arguments (no shell); {output} is a file the parser reads" },
	{ "requires", CONF_STR, SKEY(requires), NULL, 0, 0, NULL, 0,
	  "a program that must be installed for the suite to run" },
	{ "iterations", CONF_INT, SKEY(iterations), SDEF_TEXT(SUITE_ITERATIONS), 1,
	  REPEAT_HARD_MAX, NULL, 0, "recorded iterations at least" },
	{ "warmup", CONF_INT, SKEY(warmup), SDEF_TEXT(SUITE_WARMUP), 0, 100, NULL, 0,
	  "unrecorded iterations first" },
	{ "max_iterations", CONF_INT, SKEY(max_iterations), "0", 0, REPEAT_HARD_MAX, NULL, 0,
	  "adaptive repeats stop here (0: iterations)" },
	{ "rsd_threshold", CONF_INT, SKEY(rsd_threshold), "0", 0, 100, NULL, 0,
	  "repeat while the relative standard deviation (%) is above this" },
	{ "timeout", CONF_INT, SKEY(timeout), "600", 1, 86400, NULL, 0,
	  "seconds one iteration (or one guest boot) may take" },
	{ "numa", CONF_ENUM, SKEY(numa), "all", 0, 0, "all|node|cross", 0,
	  "placement: all nodes, node 0's CPUs and memory, node 0's CPUs on node 1's memory" },
	{ "wq_ms", CONF_INT, SKEY(wq_ms), "1000", 1, 60000, NULL, 0,
	  "wq-flush: milliseconds per scenario" },
	{ "benchmarks", CONF_STR, SKEY(benchmarks), "all", 0, 0, NULL, 0,
	  "kbench: which of its benchmarks run, \"all\" or names separated by spaces" },
	{ "rep_ms", CONF_INT, SKEY(rep_ms), SDEF_TEXT(KBENCH_REP_MS), 1, KBENCH_MAX_REP_MS, NULL,
	  0, "kbench: milliseconds one inner repetition of a sample lasts" },
	{ "reps", CONF_INT, SKEY(reps), SDEF_TEXT(KBENCH_REPS), 1, KBENCH_MAX_REPS, NULL, 0,
	  "kbench and wq-flush: inner repetitions of a sample (its value is their median)" },
	{ NULL },
};

static const struct conf_key sdef_marker_keys[] = {
	{ "from", CONF_STR, MKEY(from), NULL, 0, 0, NULL, 0, "text of the first log line" },
	{ "to", CONF_STR, MKEY(to), NULL, 0, 0, NULL, 0, "text of the last log line" },
	{ NULL },
};

static void *sdef_marker(void *obj, const char *arg, char **cause)
{
	struct sdef *d = obj;
	struct sparse_marker *m;

	for (size_t i = 0; i < d->nmarkers; i++)
		if (!strcmp(d->markers[i].name, arg))
			return &d->markers[i];
	if (!proto_name_ok(arg) || !strcmp(arg, "run-init")) {
		fail_cause(cause, "a marker name is a metric name of letters, digits and "
			   "._:/+- other than run-init");
		return NULL;
	}
	if (d->nmarkers >= SPARSE_MAX_MARKERS) {
		fail_cause(cause, "too many markers");
		return NULL;
	}
	m = &d->markers[d->nmarkers];
	memset(m, 0, sizeof *m);
	m->name = strdup(arg);
	if (!m->name || conf_defaults_keys(m, sdef_marker_keys) < 0) {
		free(m->name);
		fail_cause(cause, "out of memory");
		return NULL;
	}
	d->nmarkers++;
	return m;
}

static const struct conf_section sdef_sections[] = {
	{ "suite", 0, sdef_suite_keys, NULL },
	{ "marker", 1, sdef_marker_keys, sdef_marker },
	{ NULL },
};

void sdef_free(struct sdef *d)
{
	if (!d)
		return;
	conf_dispose(d, sdef_sections);
	for (size_t i = 0; i < d->nmarkers; i++) {
		conf_dispose_keys(&d->markers[i], sdef_marker_keys);
		free(d->markers[i].name);
	}
	free(d->name);
	free(d->path);
	free(d);
}

/* Checks what the key table cannot: "path: ..." lines into errs. */
static void sdef_check(const struct sdef *d, struct buf *errs)
{
	if (!d->parser)
		buf_printf(errs, "%s: [suite] parser is missing (one of %s)\n", d->path, SPARSE_NAMES);
	if (d->command && d->parser && (!strcmp(d->parser, "boot") || !strcmp(d->parser, "wq-flush")))
		buf_printf(errs, "%s: [suite] command: the %s parser reads the kernel log, "
			   "not a command's output\n", d->path, d->parser);
	if (d->max_iterations && d->max_iterations < d->iterations)
		buf_printf(errs, "%s: [suite] max_iterations %lld is below iterations %lld\n",
			   d->path, d->max_iterations, d->iterations);
	if (d->benchmarks && strcmp(d->benchmarks, "all")) {
		char *copy = strdup(d->benchmarks), *p = copy, *tok;

		while (copy && (tok = strsep(&p, " ,")))
			if (*tok && !kbench_find(tok))
				buf_printf(errs, "%s: [suite] benchmarks: kbench has no benchmark '%s'\n",
					   d->path, tok);
		free(copy);
	}
	for (size_t i = 0; i < d->nmarkers; i++)
		if (!d->markers[i].from || !d->markers[i].to)
			buf_printf(errs, "%s: [marker %s] needs both from and to\n", d->path,
				   d->markers[i].name);
}

int sdef_load(struct sdef **out, const char *path, char **cause)
{
	struct sdef *d = calloc(1, sizeof *d);
	const char *base = strrchr(path, '/');
	struct buf errs;
	size_t len;

	*out = NULL;
	*cause = NULL;
	buf_init(&errs, 1 << 16);
	if (!d || conf_defaults(d, sdef_sections) < 0)
		goto oom;
	d->path = strdup(path);
	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 4 && !strcmp(base + len - 4, ".ini"))
		len -= 4;
	d->name = strndup(base, len);
	if (!d->path || !d->name)
		goto oom;
	if (conf_load(d, sdef_sections, path, &errs) == 0)
		sdef_check(d, &errs);
	if (errs.len) {
		fail_cause(cause, "%.*s", (int)(errs.data[errs.len - 1] == '\n' ? errs.len - 1 :
						errs.len), errs.data);
		goto fail;
	}
	buf_dispose(&errs);
	*out = d;
	return 0;
oom:
	fail_cause(cause, "out of memory");
fail:
	buf_dispose(&errs);
	sdef_free(d);
	return -1;
}

int sdef_find(struct sdef **out, const char *dir, const char *name, char **cause)
{
	char path[4096];

	*out = NULL;
	if (!proto_name_ok(name) || strchr(name, '/') || name[0] == '.') {
		fail_cause(cause, "'%.64s' is not a suite name", name);
		return -1;
	}
	if ((size_t)snprintf(path, sizeof path, "%s/%s.ini", dir, name) >= sizeof path) {
		return fail_cause(cause, "the suites directory path is too long");
	}
	if (access(path, F_OK) < 0)
		return errno == ENOENT ? 0 : -1;
	return sdef_load(out, path, cause);
}

int sdef_argv(char **argv, size_t max, char **storage, const char *command, const char *output)
{
	size_t n = 0;
	char *p, *tok;

	*storage = strdup(command);
	if (!*storage)
		return -1;
	for (p = *storage; (tok = strsep(&p, " \t"));) {
		if (!*tok)
			continue;
		if (n + 1 >= max)
			return -1;
		argv[n++] = !strcmp(tok, "{output}") ? (char *)(uintptr_t)output : tok;
	}
	argv[n] = NULL;
	return n ? 0 : -1;
}
