/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite_parse.h - parsers of benchmark output into samples, one table.
 *
 * Every parser reads text a benchmark printed (saved real outputs of each
 * are in tests/data/suites/) and appends samples to a result.  The text is
 * untrusted (a guest may print anything): parsers cap what they read, and
 * fail with a sentence naming what was missing or malformed.  The module
 * uses libc, jansson and lib/proto only, so tests/unit/test_parse.c
 * compiles it in directly.
 */
#ifndef KPCI_RUNNERS_SUITE_PARSE_H
#define KPCI_RUNNERS_SUITE_PARSE_H

#include <stddef.h>

#include <jansson.h>

#include "lib/proto.h"

#define SPARSE_MAX_TEXT    (16u << 20)  /* bytes of output a parser looks at */
#define SPARSE_MAX_LINE    4096
#define SPARSE_MAX_MARKERS 32
#define SPARSE_TAIL        4096         /* console tail attached to a failure */
#define SPARSE_NAMES       "boot|fio|hackbench|kbench|perf-bench|stress-ng|wq-flush"

/* A boot interval: from the first dmesg line containing `from` to the
 * first one containing `to`, in ms, as metric `name`. */
struct sparse_marker {
	char *name;
	char *from;
	char *to;
};

struct sparse_ctx {
	const char *suite;              /* suite name of the samples */
	int iteration;                  /* iteration number of the samples */
	const struct sparse_marker *markers;
	size_t nmarkers;
};

typedef int (*sparse_fn)(struct proto_result *r, const struct sparse_ctx *ctx,
			 const char *text, char **cause);

/* The parser called name ("stress-ng", "perf-bench", "hackbench", "fio",
 * "boot", "wq-flush", "kbench"), or NULL. */
sparse_fn sparse_find(const char *name);
/* "boot|fio|..." (for CONF_ENUM and messages); borrowed. */
const char *sparse_names(void);

int sparse_stress_ng(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		     char **cause);
int sparse_perf_bench(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		      char **cause);
int sparse_hackbench(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		     char **cause);
int sparse_fio(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
	       char **cause);
/* dmesg text ("[    4.848510] Run /init as init process"): boot-run-init
 * and one metric per marker, in ms. */
int sparse_boot(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		char **cause);
/* "kpci-wq-flush: iteration=I metric=M flushes_per_s=V" lines (the
 * iteration comes from each line, not from ctx). */
int sparse_wq_flush(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		    char **cause);
/* "KPCI-RESULT {json}" lines of kpci-kbench. */
int sparse_kbench(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		  char **cause);

/* What a guest printed on its console, split by prefix. */
struct sparse_console {
	json_t *env;            /* KPCI-ENV keys: kernel_release ..., "numa": [[cpus]...] */
	char *results;          /* KPCI-RESULT lines, '\n'-joined (kbench input) */
	char *dmesg;            /* KPCI-DMESG lines without the prefix */
	char *error;            /* the first KPCI-ERROR text, or NULL */
	char *done;             /* the KPCI-DONE status ("ok", "failed"), or NULL */
};

#define SPARSE_MAX_CPU 8192      /* CPU numbers and CPUs of one cpulist */

/* A CPU list "0-1,4" as the JSON array [0,1,4] (caller owns); NULL when
 * malformed, empty or beyond SPARSE_MAX_CPU. */
json_t *sparse_cpulist(const char *s);

/* Splits console text; always fills out (free with sparse_console_dispose). */
int sparse_console(struct sparse_console *out, const char *text, char **cause);
void sparse_console_dispose(struct sparse_console *c);

/* The last lines of text (at most SPARSE_TAIL bytes, starting at a line),
 * with bytes other than printable ASCII, tab and newline as '?'; malloc'd. */
char *sparse_tail(const char *text);

/* The GNU build id (hex) of an ELF note section (/sys/kernel/notes) into
 * out; 0, or -1 when there is none. */
int sparse_build_id(char *out, size_t n, const unsigned char *notes, size_t len);
/* Decodes hex into bytes (malloc'd *out, *len); 0 or -1. */
int sparse_unhex(unsigned char **out, size_t *len, const char *hex);

#endif
