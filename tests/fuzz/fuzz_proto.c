// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_proto.c - libFuzzer target for lib/proto.c, the decoders of what
 * runners and admins send to kpcid (register, job, result bodies).  The
 * input is parsed as JSON the way http_body_json does and handed to each
 * decoder; a decoded value is encoded again.  It is also read as the
 * result route reads a body as it arrives (lib/jstream.h, in two pieces
 * cut where the first byte says) and decoded with proto_result_stream.
 * Seeds: tests/fuzz/seeds/proto/.
 */
#include <stdint.h>
#include <stdlib.h>

#include <jansson.h>

#include "lib/jstream.h"
#include "lib/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* data read as the result route reads a body, in two pieces. */
static void fuzz_result_stream(const char *data, size_t size)
{
	size_t cut = size ? (unsigned char)data[0] % (size + 1) : 0;
	struct proto_result_stream st;
	struct proto_result res;
	struct jstream s;
	char *cause = NULL;
	json_t *j;

	proto_result_stream_init(&st);
	jstream_init(&s, "samples", proto_result_stream_sample, &st, 1 << 20);
	if (jstream_feed(&s, data, cut) == 0 && jstream_feed(&s, data + cut, size - cut) == 0 &&
	    (j = jstream_finish(&s)) != NULL) {
		if (proto_result_stream_end(&st, &res, j, s.elements, &cause) == 0)
			proto_result_dispose(&res);
		json_decref(j);
	}
	free(cause);
	proto_result_stream_dispose(&st);
	jstream_dispose(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *j, *enc;
	struct rec_runner reg;
	struct proto_result res;
	struct proto_job job;
	char *cause = NULL;

	fuzz_result_stream((const char *)data, size);
	j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
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
