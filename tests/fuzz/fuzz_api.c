// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_api.c - libFuzzer target for the JSON bodies of kpcid's API
 * handlers: the first byte picks a POST route (with the token it needs),
 * the rest is the body, sent to the real server (kpcid_harness.c).  Every
 * body, however malformed, must get an answer other than 500.  Seeds:
 * tests/fuzz/seeds/api/ (real bodies of each route, their first byte
 * naming it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/kpcid_harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
	const char *path;
	enum harness_role role;
} fuzz_routes[] = {
	{ "/api/v1/runners/register", HARNESS_RUNNER },         /* 0 */
	{ "/api/v1/jobs/claim", HARNESS_RUNNER },
	{ "/api/v1/jobs/2/heartbeat", HARNESS_RUNNER },
	{ "/api/v1/jobs/2/result", HARNESS_RUNNER },
	{ "/api/v1/jobs", HARNESS_ADMIN },
	{ "/api/v1/changes/1/triage", HARNESS_ADMIN },           /* 5 */
	{ "/api/v1/runners/1/drift/ack", HARNESS_ADMIN },
	{ "/api/v1/jobs/2/build", HARNESS_RUNNER },
	{ "/api/v1/jobs/2/artifacts", HARNESS_RUNNER },
	{ "/api/v1/jobs/1/result", HARNESS_RUNNER },
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (kpcid_harness_start() < 0) {
		fprintf(stderr, "fuzz_api: kpcid did not start\n");
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t nr = sizeof fuzz_routes / sizeof fuzz_routes[0], r;
	int status;

	if (size < 1)
		return 0;
	r = data[0] % nr;
	status = kpcid_harness_request("POST", fuzz_routes[r].path, strlen(fuzz_routes[r].path),
				       fuzz_routes[r].role, (const char *)data + 1, size - 1);
	if (status == 500 || status == 0) {
		fprintf(stderr, "fuzz_api: POST %s answered %d\n", fuzz_routes[r].path, status);
		abort();
	}
	return 0;
}
