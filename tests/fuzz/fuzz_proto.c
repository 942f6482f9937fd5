// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_proto.c - libFuzzer target for lib/proto.c, the decoders of what
 * runners and admins send to kpcid (register, job, result bodies).  The
 * input is parsed as JSON the way http_body_json does and handed to each
 * decoder; a decoded value is encoded again.  Seeds: tests/fuzz/seeds/proto/.
 */
#include <stdint.h>
#include <stdlib.h>

#include <jansson.h>

#include "lib/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL), *enc;
	struct rec_runner reg;
	struct proto_result res;
	struct proto_job job;
	char *cause = NULL;

	if (!j)
		return 0;
	if (proto_register_decode(&reg, j, &cause) == 0) {
		enc = proto_register_encode(&reg);
		json_decref(enc);
		rec_runner_dispose(&reg);
	}
	free(cause);
	cause = NULL;
	if (proto_job_decode(&job, j, &cause) == 0) {
		enc = proto_job_encode(&job);
		json_decref(enc);
		proto_job_dispose(&job);
	}
	free(cause);
	cause = NULL;
	if (proto_result_decode(&res, j, &cause) == 0) {
		enc = proto_result_encode(&res);
		json_decref(enc);
		proto_result_dispose(&res);
	}
	free(cause);
	if (json_is_string(j))
		proto_name_ok(json_string_value(j));
	json_decref(j);
	return 0;
}
