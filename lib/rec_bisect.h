/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_bisect.h - the bisection record (lib/rec.h's rules): a bisection
 * as the lists show it (GET /api/v1/bisections, /bisections, the
 * overview) and, in full, with its log, result, probes and metrics (GET
 * /api/v1/bisections/ID, /bisections/ID, a change's "bisection").
 * db/db_bisect.c fills it, the pages read its fields, `kpci bisections`
 * and `kpci bisection` decode the API's answer back.
 */
#ifndef KPCI_REC_BISECT_H
#define KPCI_REC_BISECT_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"          /* REC_NONE */

/* One metric's line of a probe's numbers (a detail's "metrics"): against
 * the good and bad ends (good, bad, says), the ends against each other
 * (ends, says), or a shift such as the culprit's against its parent
 * (change, verdict and its q).  A string not there is NULL (no key). */
struct rec_bisect_line {
	char *metric;
	char *good, *bad, *says;
	char *change, *verdict;
	char *ends;
	int has_q;                  /* a shift's line has "q": */
	double q;                   /* NAN: null */
};

/* One entry of a bisection's log as the bisector writes it (a probe's
 * detail is its entry): a probe's round (REC_NONE: none), role, sha,
 * subject, verdict, jobs (REC_NONE: none), parent, reason (NULL: none)
 * and its metrics' lines.  An entry of another shape (no string sha or
 * verdict, or a field of another type) has only other, its JSON text
 * (compact, keys sorted); other is NULL for the bisector's shape. */
struct rec_bisect_entry {
	char *other;
	long long round;
	char *role, *sha, *subject, *verdict, *parent, *reason;
	long long jobs;
	struct rec_bisect_line *lines;
	size_t nlines;
};

/* One probe of a bisection: a commit measured, with what became of it. */
struct rec_bisect_probe {
	long long id;
	char *role;                 /* good, bad, probe, culprit, parent, revert */
	long long idx;              /* candidate index; REC_NONE: none */
	char *sha;
	char *subject;              /* NULL: not known */
	long long round;
	char *state;                /* building, measuring, decided, skipped, moot */
	char *outcome;              /* good, bad, skip; NULL: undecided */
	long long build_id;         /* 0: none */
	long long iterations;
	long long retries;
	char *reason;               /* NULL: none */
	/* The judgement's numbers as the bisector stored them (its log
	 * entry); passed through to the API as stored, null when none.  What
	 * kpci reads of it are its "metrics" lines, decoded beside it. */
	json_t *detail;
	struct rec_bisect_line *lines;
	size_t nlines;
	long long jobs;             /* jobs queued for it */
	long long created_at;
	long long decided_at;       /* 0: not decided */
};

/* One metric a bisection judges. */
struct rec_bisect_metric {
	long long series_id;
	long long change_id;        /* its change of the group; 0: none */
	char *metric;               /* SUITE/NAME */
	char *unit;                 /* NULL: none */
	char *better;               /* higher or lower; NULL: not known */
};

struct rec_bisection {
	long long id;
	long long change_id;
	char *state;                /* running, done, failed, cancelled */
	char *phase;                /* ends, search, confirm, revert; NULL: none */
	char *good_sha;
	char *bad_sha;
	char *culprit_sha;          /* NULL: none */
	char *culprit_subject;      /* NULL: none */
	char *reason;               /* what it found or why it stopped; NULL: none */
	double confidence;          /* NAN: none */
	long long commits;          /* candidates; REC_NONE: not known */
	long long remaining;        /* that may still be the culprit; REC_NONE: not known */
	long long rounds, probes;
	long long parallel;         /* probes of the last round */
	char *tree;                 /* NULL: not known, as the strings below */
	char *branch;
	char *config;
	char *suite;
	char *runner_class;
	long long revert;           /* 1: it builds the culprit's revert */
	char *started_by;           /* auto or a token's name */
	long long started_at;
	long long updated_at;       /* 0: never */
	long long finished_at;      /* 0: not finished */
	char *metric;               /* its change's SUITE/NAME */
	char *direction;            /* its change's: regression or improvement */
	char *range_key;            /* its change's group */
	/* The detail (db_bisection_full) also has these; a list row has full
	 * 0 and none of them.  log and result are what the bisector wrote
	 * (the entries of its probes, the culprit's confirmation): passed
	 * through to the API as stored, null when none.  What kpci reads of
	 * the log (the alerter's report) are its entries, decoded beside it. */
	int full;
	json_t *log;
	json_t *result;
	struct rec_bisect_probe *probe_list;    /* in the order they were made */
	size_t nprobe_list;
	struct rec_bisect_metric *metrics;      /* by series */
	size_t nmetrics;
	struct rec_bisect_entry *entries;       /* the log's, decoded beside it */
	size_t nentries;
};

struct rec_bisections {
	struct rec_bisection *v;
	size_t n;
};

/* As lib/rec.h's runner functions. */
json_t *rec_bisection_encode(const struct rec_bisection *b);
int rec_bisection_decode(struct rec_bisection *out, const json_t *j, const char *where,
			 char **cause);
void rec_bisection_dispose(struct rec_bisection *b);
json_t *rec_bisections_encode(const struct rec_bisections *l);
int rec_bisections_decode(struct rec_bisections *out, const json_t *arr, char **cause);
void rec_bisections_dispose(struct rec_bisections *l);


/* The lines of a probe's detail (NULL, null, or without "metrics": none)
 * into *out (*n of them; free with rec_bisect_lines_free): what db/ and
 * rec_bisection_decode fill a probe's lines with.  -1 with a sentence
 * (prefixed by where) in *cause when a line is not an object or a field
 * not a string. */
int rec_bisect_lines_decode(struct rec_bisect_line **out, size_t *n, const json_t *detail,
			    const char *where, char **cause);
void rec_bisect_lines_free(struct rec_bisect_line *v, size_t n);
/* The n lines at v as the JSON array the bisector stores in a probe's
 * log entry (keys in the order metric, good, bad, ends, change, verdict,
 * says, q); NULL when out of memory. */
json_t *rec_bisect_lines_encode(const struct rec_bisect_line *v, size_t n);

/* The entries of a bisection's log (not an array: none) into *out (*n
 * of them; free with rec_bisect_entries_free): what db/ and
 * rec_bisection_decode fill a bisection's entries with.  -1 with a
 * sentence in *cause only when out of memory. */
int rec_bisect_entries_decode(struct rec_bisect_entry **out, size_t *n, const json_t *log,
			      char **cause);
void rec_bisect_entries_free(struct rec_bisect_entry *v, size_t n);

#endif
