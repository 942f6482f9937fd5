// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_http.c - libFuzzer target for kpcid's routing and query parsing:
 * the input is a request target (path and query) sent to the real server
 * (tests/fuzz/kpcid_harness.c) with the method and token its first byte
 * picks.  Bytes that cannot be in a request line (controls, space) are
 * sent percent-encoded, so every other byte, valid UTF-8 or not, reaches
 * libmicrohttpd and the route table as sent.  Any answer but a 500 (or a
 * broken connection) is fine: a bad path or query is a 4xx.  Seeds:
 * tests/fuzz/seeds/http/ (one target per line of the route table).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/kpcid_harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (kpcid_harness_start() < 0) {
		fprintf(stderr, "fuzz_http: kpcid did not start\n");
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const methods[] = { "GET", "HEAD", "POST", "PUT", "DELETE" };
	static char target[3 * 8192 + 2];
	size_t n = 0;
	int status;

	if (size < 1 || size > 8192)
		return 0;
	if (size == 1 || data[1] != '/')
		target[n++] = '/';
	for (size_t i = 1; i < size; i++) {
		uint8_t c = data[i];

		if (c <= ' ' || c == 0x7f) {
			n += (size_t)snprintf(target + n, 4, "%%%02X", c);
		} else {
			target[n++] = (char)c;
		}
	}
	status = kpcid_harness_request(methods[data[0] % 5], target, n,
				       (enum harness_role)((data[0] / 5) % 4), "", 0);
	if (status == 500 || (status && (status < 100 || status > 599))) {
		fprintf(stderr, "fuzz_http: %s %.*s answered %d\n", methods[data[0] % 5],
			(int)n, target, status);
		abort();
	}
	return 0;
}
