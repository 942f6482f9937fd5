// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_merge_subject.c - libFuzzer target for watch_merge_subject
 * (daemon/watch/watch_merge.c), which reads the subsystem and source out
 * of a merge commit's subject: commit subjects are attacker-controlled.
 * Seeds: tests/fuzz/seeds/merge_subject/ (subjects of real kernel merges).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/watch/watch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *subject = malloc(size + 1), *subsystem = NULL, *source = NULL;

	if (!subject)
		return 0;
	memcpy(subject, data, size);
	subject[size] = '\0';
	if (watch_merge_subject(&subsystem, &source, subject) == 0 && !subsystem)
		abort();        /* the contract: 0 always names a subsystem */
	free(subsystem);
	free(source);
	free(subject);
	return 0;
}
