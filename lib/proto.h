/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * proto.h - the runner protocol: JSON bodies exchanged by kpci-runner and
 * kpcid under /api/v1 (see docs/API.md), encoded and decoded in one place.
 *
 * Decoders check every field and fail with a sentence naming the field
 * ("samples[2].value must be a number"); the structs they fill own their
 * strings and JSON, freed with the matching *_free().
 */
#ifndef KPCI_PROTO_H
#define KPCI_PROTO_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"

#define PROTO_MAX_NAME     128      /* runner, suite, metric, unit names */
#define PROTO_MAX_SAMPLES  100000   /* samples in one result upload */
#define PROTO_MAX_REASON   4096
#define PROTO_MAX_LOG      (1 << 20)
#define PROTO_MAX_SPREAD   1000.0   /* % a sample's spread may say */
/* The largest magnitude of a sample value.  Larger values (and NaN and
 * infinities) are refused: no kernel measurement comes near it, and the
 * statistics square and sum values, which must stay finite. */
#define PROTO_MAX_VALUE    1e15


/* A leased job, as POST /api/v1/jobs/claim returns it. */
struct proto_job {
	long long id;
	int attempt;
	char *kind;             /* "bench" or "build" */
	long long lease_seconds;
	json_t *spec;           /* object: suite, iterations, boot ... */
};

struct proto_sample {
	char *suite;
	char *metric;
	char *unit;
	int higher_is_better;
	int iteration;
	double value;
	double spread;          /* % spread of the inner repetitions behind value; < 0: none */
};

/* The distinct names (suite, metric, unit) of a decoded result's samples,
 * each stored once: an open-addressing table of owned strings. */
struct proto_names {
	char **slot;
	size_t n, cap;          /* cap 0: the samples own their names (proto_result_add) */
};

/* POST /api/v1/jobs/ID/result */
struct proto_result {
	long long job_id;
	int attempt;
	char *status;           /* "ok" or "failed" */
	char *reason;           /* why it failed; NULL when ok */
	json_t *env;            /* object: what makes samples comparable */
	struct proto_sample *samples;
	size_t nsamples;
	char *log;
	char *lab_job_url;      /* the lab's page of the job that measured it (LAVA), or NULL */
	char *lab_device;       /* the lab's device it ran on, or NULL */
	struct proto_names names;   /* what the samples' names point into, once decoded */
};

#define PROTO_MAX_URL 2048      /* bytes of a URL in a body */

/* POST /api/v1/jobs/ID/heartbeat: the lease kept, and what the job is
 * doing (runners/progress.h); phase NULL: not said (an older runner). */
#define PROTO_MAX_PHASE    24       /* bytes of a phase name: [a-z-] */
#define PROTO_MAX_DETAIL   160      /* bytes of a phase's detail: printable text */
struct proto_heartbeat {
	long long runner_id;
	int attempt;
	char *phase;
	char *detail;           /* NULL when none */
	int percent;            /* 0..100, or -1: unknown */
};

/* POST /api/v1/runners/register: of the runner record (lib/rec.h), what a
 * runner says of itself: name, runner_class, capabilities ("bench",
 * "build"), boot_methods ("host", "qemu", "kexec", "lava") and topology
 * (an object, runners/topology.c); kpcid keeps the rest.  A decoded one
 * is disposed with rec_runner_dispose, as any runner record. */
json_t *proto_register_encode(const struct rec_runner *r);
int proto_register_decode(struct rec_runner *out, const json_t *j, char **cause);

json_t *proto_job_encode(const struct proto_job *job);
int proto_job_decode(struct proto_job *out, const json_t *j, char **cause);
void proto_job_dispose(struct proto_job *job);

json_t *proto_result_encode(const struct proto_result *r);
int proto_result_decode(struct proto_result *out, const json_t *j, char **cause);
void proto_result_dispose(struct proto_result *r);

/*
 * A result decoded as its body arrives (kpcid's result route, with
 * lib/jstream.h): each element of samples goes to
 * proto_result_stream_sample (a jstream_element_fn) and is kept as a
 * compact sample, its names pooled; the first element in error is kept
 * to be told.  proto_result_stream_end then decodes the other members,
 * j (samples an empty placeholder array, n the elements there were), and
 * gives out the result, or -1 with the same cause proto_result_decode
 * gives for the whole body; either way st is disposed.
 */
struct proto_result_stream {
	struct proto_result r;  /* the samples so far */
	size_t cap;             /* of r.samples */
	char *error;            /* the first sample's error, or NULL */
};
void proto_result_stream_init(struct proto_result_stream *st);
void proto_result_stream_sample(void *ctx, size_t i, const json_t *item);
int proto_result_stream_end(struct proto_result_stream *st, struct proto_result *out,
			    const json_t *j, size_t n, char **cause);
void proto_result_stream_dispose(struct proto_result_stream *st);
json_t *proto_heartbeat_encode(const struct proto_heartbeat *h);
int proto_heartbeat_decode(struct proto_heartbeat *out, const json_t *j, char **cause);
void proto_heartbeat_dispose(struct proto_heartbeat *h);

/* Marks r failed with the formatted reason (cut to PROTO_MAX_REASON - 1
 * bytes; the old reason may be an argument); returns -1. */
int proto_result_fail(struct proto_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Appends a sample (strings copied) without a spread; 0, or -1 when memory
 * is out, the result is full or value is not a finite number within
 * PROTO_MAX_VALUE. */
int proto_result_add(struct proto_result *r, const char *suite, const char *metric,
		     const char *unit, int higher_is_better, int iteration, double value);
/* The same with the sample's spread: the robust relative spread (%) of the
 * inner repetitions whose median value is (runners/repeat.h). */
int proto_result_add_spread(struct proto_result *r, const char *suite, const char *metric,
			    const char *unit, int higher_is_better, int iteration, double value,
			    double spread);

/* 1 if v is a sample value kpci accepts: finite, |v| <= PROTO_MAX_VALUE. */
int proto_value_ok(double v);

/* 1 if s is a name kpci accepts: 1..PROTO_MAX_NAME of [A-Za-z0-9._:/+-]. */
int proto_name_ok(const char *s);

#endif
