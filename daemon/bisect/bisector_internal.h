/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bisector_internal.h - what the files of the bisector share
 * (daemon/bisect/bisector.c: opening, the phases of a bisection and its end;
 * daemon/bisect/bisector_probe.c: one probe's builds and jobs, the sides its
 * judgement compares, the log's text).  Only they include it.
 */
#ifndef KPCI_DAEMON_BISECTOR_INTERNAL_H
#define KPCI_DAEMON_BISECTOR_INTERNAL_H

#include <stddef.h>

#include <jansson.h>

#include "daemon/bisect/bisector.h"
#include "db/db.h"
#include "lib/bisect.h"

#define BISECTOR_SHA 12             /* hex digits of a commit id in a sentence */
#define BISECTOR_WHY 640            /* bytes of the sentence a bisection ends with */

/* A running bisection's candidates and search, kept between ticks (the
 * main loop's only); rebuilt from the database after a restart. */
struct bisector_dag {
	long long id;
	struct db_bisect_commit *commits;
	size_t n;
	struct bisect *search;
	unsigned char *marked;      /* 1: commit i's outcome is recorded in search */
	struct bisector_dag *next;
};

/* One step of one bisection: what it read this tick. */
struct bisector_run {
	struct kpcid *k;
	long long now;
	struct db_bisection b;
	struct bisector_dag *dag;
	struct db_bisect_probe *probes;
	size_t nprobes;
	struct db_bisect_metric *metrics;
	size_t nmetrics;
	struct verdict_noise *noise;    /* per metric */
	struct db_bisect_sample *samples;
	size_t nsamples;
	struct bisect_params params;
	const json_t *bench;        /* the bench jobs' spec (b.bench), borrowed */
	const json_t *build;        /* the builds' spec, NULL when boot is host */
};

/* The jobs of one side of one metric (bisector_side_of; caller frees jobs). */
struct bisector_side {
	struct verdict_job *jobs;
	size_t n;
};

/* What a probe's builds and jobs have become. */
enum bisector_ready {
	BISECTOR_WAIT,              /* a build or job is not done */
	BISECTOR_READY,             /* nothing pending: it can be judged */
	BISECTOR_GONE,              /* it was skipped now (reason stored) */
};

/* --- bisector.c ------------------------------------------------------ */

/* Free runners of the bisection's class (one round's probes). */
long long bisector_free_runners(const struct bisector_run *r);
/* The commits that may still be the culprit, as a list for a sentence. */
void bisector_alive_text(char *out, size_t size, const struct bisector_run *r);
/* Whether the culprit r->b.culprit changes no compiled code against parent
 * (daemon/analyze/codecheck.h): then 1, a clause appended to why and the changes'
 * reason in nocode_why; else 0. */
int bisector_no_code(struct bisector_run *r, const char *parent, char *why, size_t whylen,
		     char *nocode_why, size_t nlen);

/* --- bisector_search.c ------------------------------------------------ */

/* One step of r's bisection in its phase (ends, search, confirm, revert). */
void bisector_phase(struct bisector_run *r);

/* --- bisector_probe.c ----------------------------------------------- */

/* Starts measuring probe (a row just made): its build found or queued,
 * or count jobs at once; a commit whose build failed before is skipped.
 * 0, or -1 on a database error. */
int bisector_probe_start(struct bisector_run *r, struct db_bisect_probe *p, int count);
/* Queues the build of the first bad commit with the culprit (r->b.culprit)
 * reverted on top for probe p, in a config of its own. */
int bisector_probe_revert(struct bisector_run *r, struct db_bisect_probe *p);
/* Queues count more jobs of probe with iterations (its build known). */
int bisector_probe_more(struct bisector_run *r, struct db_bisect_probe *p, int count,
			int iterations);
/* Follows probe's build and jobs: the jobs of a good build, a lost job or
 * build queued again ([bisect] retries) or, after that, the probe skipped
 * as lost; a build that failed skips it as unbuildable.  initial: jobs to
 * queue when its build is done. */
enum bisector_ready bisector_probe_advance(struct bisector_run *r, struct db_bisect_probe *p,
					   int initial);
/* The jobs of metric m at the commits shas[0..n) (sha "" the revert's). */
int bisector_side_of(const struct bisector_run *r, size_t m, const char *const *shas,
		     size_t n, struct bisector_side *out);
/* Jobs at the commits shas[0..n) of the bisected change's own metric. */
size_t bisector_jobs_at(const struct bisector_run *r, const char *const *shas, size_t n);
/* "+31.2% [+25.0%, +37.9%]" of a tested verdict ("untested" when not). */
void bisector_change_text(char *out, size_t size, const struct verdict *v);
/* The subject of a candidate commit sha, or "". */
const char *bisector_subject(const struct bisector_run *r, const char *sha);
/* Records probe's end: state decided (outcome good or bad) or skipped,
 * its reason, and entry appended to the bisection's log. */
int bisector_probe_end(struct bisector_run *r, const struct db_bisect_probe *p,
		       const char *state, const char *outcome, const char *reason, json_t *entry);
/* The metrics' lines of a judgement (v) or of shifts (vs) for the log
 * into *out (*n of them; rec_bisect_lines_free); ends: of the ends'
 * verdicts in v.  -1 when out of memory. */
int bisector_lines(struct rec_bisect_line **out, size_t *n, const struct bisector_run *r,
		   const struct bisect_metric_verdict *v, const struct verdict *vs, int ends);
/* bisector_lines as the log's JSON array; NULL when out of memory. */
json_t *bisector_metrics_json(const struct bisector_run *r,
			      const struct bisect_metric_verdict *v, const struct verdict *vs,
			      int ends);
/* A log entry: round, role, sha, subject, verdict, jobs, reason (entry
 * owned by the caller). */
json_t *bisector_entry(const struct bisector_run *r, const struct db_bisect_probe *p,
		       const char *verdict, const char *reason);

#endif
