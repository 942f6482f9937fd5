// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_suite_parse.c - libFuzzer target for the benchmark output parsers
 * (runners/suite_parse.c): what a guest or a benchmark prints is
 * untrusted.  The first byte picks the parser, the rest is the text.
 * Seeds: the saved real outputs in tests/data/suites/ (tests/fuzz/run.sh
 * prefixes each with every selector).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runners/suite_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_PARSERS 7

static const char *const fuzz_parsers[FUZZ_PARSERS] = {
	"stress-ng", "perf-bench", "hackbench", "fio", "boot", "wq-flush", "kbench",
};

static void fuzz_parser(const char *name, const char *text)
{
	static const struct sparse_marker markers[] = {
		{ "mem-init", "Memory:", "SLUB:" },
		{ "to-init", "Freeing", "Run /init" },
	};
	struct sparse_ctx ctx = { .suite = "fuzz", .iteration = 1, .markers = markers,
				  .nmarkers = 2 };
	struct proto_result r;
	char *cause = NULL;

	memset(&r, 0, sizeof r);
	sparse_find(name)(&r, &ctx, text, &cause);
	free(cause);
	proto_result_dispose(&r);
}

static void fuzz_console(const char *text)
{
	struct sparse_console c;
	char *cause = NULL, *tail;

	sparse_console(&c, text, &cause);
	free(cause);
	sparse_console_dispose(&c);
	tail = sparse_tail(text);
	free(tail);
}

static void fuzz_hex(const char *text)
{
	unsigned char *bytes = NULL;
	char id[128];
	size_t len = 0;

	if (sparse_unhex(&bytes, &len, text) == 0)
		sparse_build_id(id, sizeof id, bytes, len);
	free(bytes);
	sparse_build_id(id, sizeof id, (const unsigned char *)text, strlen(text));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned sel;
	char *text;

	if (size < 1)
		return 0;
	sel = data[0] % (FUZZ_PARSERS + 2);
	text = malloc(size);            /* the text, NUL-terminated as parsers get it */
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (sel < FUZZ_PARSERS)
		fuzz_parser(fuzz_parsers[sel], text);
	else if (sel == FUZZ_PARSERS)
		fuzz_console(text);
	else
		fuzz_hex(text);
	free(text);
	return 0;
}
