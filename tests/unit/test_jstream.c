// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_jstream.c - a JSON object read piece by piece: the same members as
 * jansson reads from the whole text, the array member's elements handed
 * over in order, however the text is cut; errors at their place in the
 * whole text; and a result decoded this way equal to one decoded whole.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/jstream.h"
#include "lib/proto.h"
#include "check.h"

struct got {
	json_t *elems;
};

static void got_element(void *ctx, size_t i, const json_t *e)
{
	struct got *g = ctx;

	CHECK_INT((long long)i, (long long)json_array_size(g->elems));
	json_array_append_new(g->elems, json_deep_copy(e));
}

/* Reads text in pieces of `step` bytes; the object with the elements put
 * back under "samples" (when it was an array), or NULL with *error set. */
static json_t *read_pieces(const char *text, size_t step, char *error, int *not_object)
{
	struct got g = { .elems = json_array() };
	struct jstream s;
	json_t *j = NULL;
	size_t n = strlen(text);

	jstream_init(&s, "samples", got_element, &g, 1 << 20);
	for (size_t i = 0; i < n; i += step)
		if (jstream_feed(&s, text + i, n - i < step ? n - i : step) < 0)
			break;
	j = jstream_finish(&s);
	if (j && s.array_seen)
		json_object_set(j, "samples", g.elems);
	snprintf(error, 256, "%s", s.error);
	*not_object = s.not_object;
	json_decref(g.elems);
	jstream_dispose(&s);
	return j;
}

static void check_same(const char *text)
{
	json_t *want = json_loads(text, JSON_REJECT_DUPLICATES, NULL);
	size_t steps[] = { 1, 2, 3, 7, 64, 100000 };
	char error[256];
	int no;

	CHECK(want != NULL);
	for (size_t k = 0; k < sizeof steps / sizeof *steps; k++) {
		json_t *got = read_pieces(text, steps[k], error, &no);

		CHECK(got && json_equal(got, want));
		json_decref(got);
	}
	json_decref(want);
}

static void check_error(const char *text, const char *want)
{
	char error[256];
	int no;
	json_t *got = read_pieces(text, 1, error, &no);

	CHECK(!got);
	if (!strstr(error, want))
		fprintf(stderr, "got '%s', want '%s'\n", error, want);
	CHECK(strstr(error, want) != NULL);
	json_decref(got);
}

static void test_same_members(void)
{
	check_same("{}");
	check_same(" {\"a\" : 1 ,\"b\":[1,{\"c\":\"]}\\\"\"}],\"samples\":[]}\n");
	check_same("{\"samples\":[1, -2.5e3, true, null, \"x\\\"]\", {\"s\":[[]]}, [1,[2]]],"
		   "\"env\":{\"k\":\"\\u00e9\"},\"n\":-0}");
	check_same("{\"samples\":{\"not\":\"an array\"},\"x\":\"caf\xc3\xa9\"}");
	check_same("{\"sampl\\u0065s\":[1,2]}");
}

static void test_errors(void)
{
	char error[256];
	int no = 0;

	check_error("{\"a\":1,}", "string or '}' expected near '}' at line 1 column 8");
	check_error("{\"a\":1 \"b\":2}", "'}' expected near '\"' at line 1 column 8");
	check_error("{\"a\" 1}", "':' expected near '1' at line 1 column 6");
	check_error("{\"a\":1,\"a\":2}", "duplicate object key near '\"a\"'");
	check_error("{\"samples\":[],\"samples\":[]}", "duplicate object key");
	check_error("{\"a\":1} x", "end of file expected near 'x' at line 1 column 9");
	check_error("{\"a\":1", "'}' expected near end of file");
	check_error("{\"samples\":[1,2", "']' expected near end of file");
	check_error("{\"samples\":[1,]}", "unexpected token near ']'");
	/* jansson's own error inside an element, where jansson puts it in the whole text */
	check_error("{\"x\":0,\n \"samples\":[{\"a\":1},\n   {\"a\":tru}]}",
		    "invalid token near 'tru' at line 3 column 11");
	check_error("{\"a\":\"\\u0000\"}", "\\u0000 is not allowed");
	check_error("x", "'[' or '{' expected near 'x'");
	CHECK(!read_pieces("[1,2]", 1, error, &no) && no);
}

/* A result read piece by piece decodes as the whole body does. */
static void test_result_stream(void)
{
	const char *text = "{\"runner_id\":1,\"job_id\":3,\"attempt\":1,\"status\":\"ok\","
		"\"env\":{\"kernel_release\":\"6.12\"},\"samples\":["
		"{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"ns\",\"better\":\"lower\","
		"\"iteration\":0,\"value\":1.5},"
		"{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"ns\",\"better\":\"lower\","
		"\"iteration\":1,\"value\":2.5,\"spread\":3},"
		"{\"suite\":\"s\",\"metric\":\"n\",\"unit\":\"ops\",\"better\":\"higher\","
		"\"iteration\":0,\"value\":7}]}";
	json_t *whole = json_loads(text, 0, NULL), *head;
	struct proto_result a, b;
	struct proto_result_stream st;
	struct jstream s;
	char *cause = NULL;

	CHECK_INT(proto_result_decode(&a, whole, &cause), 0);
	proto_result_stream_init(&st);
	jstream_init(&s, "samples", proto_result_stream_sample, &st, 1 << 20);
	for (const char *p = text; *p; p++)
		CHECK_INT(jstream_feed(&s, p, 1), 0);
	head = jstream_finish(&s);
	CHECK(head != NULL);
	CHECK_INT(proto_result_stream_end(&st, &b, head, s.elements, &cause), 0);
	CHECK_INT((long long)b.nsamples, 3);
	CHECK_INT((long long)a.nsamples, 3);
	for (size_t i = 0; i < 3 && i < b.nsamples; i++) {
		CHECK_STR(b.samples[i].suite, a.samples[i].suite);
		CHECK_STR(b.samples[i].metric, a.samples[i].metric);
		CHECK_STR(b.samples[i].unit, a.samples[i].unit);
		CHECK(b.samples[i].value == a.samples[i].value);
		CHECK(b.samples[i].spread == a.samples[i].spread);
		CHECK_INT(b.samples[i].iteration, a.samples[i].iteration);
		CHECK_INT(b.samples[i].higher_is_better, a.samples[i].higher_is_better);
	}
	CHECK(b.samples[0].metric == b.samples[1].metric);     /* pooled once */
	CHECK(json_equal(a.env, b.env));
	CHECK_INT((int)b.job_id, 3);
	proto_result_dispose(&a);
	proto_result_dispose(&b);
	json_decref(head);
	jstream_dispose(&s);
	json_decref(whole);
}

/* A bad sample is told after the members' own errors, as a whole body's. */
static void test_result_stream_errors(void)
{
	const char *text = "{\"job_id\":3,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":["
		"{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"ns\",\"better\":\"up\","
		"\"iteration\":0,\"value\":1}]}";
	struct proto_result_stream st;
	struct proto_result r;
	struct jstream s;
	char *cause = NULL;
	json_t *head;

	proto_result_stream_init(&st);
	jstream_init(&s, "samples", proto_result_stream_sample, &st, 1 << 20);
	CHECK_INT(jstream_feed(&s, text, strlen(text)), 0);
	head = jstream_finish(&s);
	CHECK_INT(proto_result_stream_end(&st, &r, head, s.elements, &cause), -1);
	CHECK_STR(cause, "samples[0].better must be \"higher\" or \"lower\"");
	free(cause);
	cause = NULL;
	json_object_set_new(head, "status", json_string("maybe"));
	proto_result_stream_init(&st);
	CHECK_INT(proto_result_stream_end(&st, &r, head, 1, &cause), -1);
	CHECK_STR(cause, "status must be \"ok\" or \"failed\"");
	free(cause);
	json_decref(head);
	jstream_dispose(&s);
}

int main(void)
{
	test_same_members();
	test_errors();
	test_result_stream();
	test_result_stream_errors();
	return check_done();
}
