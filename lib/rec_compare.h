/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_compare.h - the record of a comparison of two sides (a job or a
 * commit), metric by metric: what daemon/analyze/compare.c computes and
 * the compare page (web/page_compare.c) shows; GET /api/v1/compare is
 * its JSON (daemon/api/api_verdicts.c).  The rules of every record are
 * in lib/rec.h.
 */
#ifndef KPCI_REC_COMPARE_H
#define KPCI_REC_COMPARE_H

#include <stddef.h>

#include "lib/proto.h"
#include "lib/rec.h"
#include "lib/verdict.h"

/* One side of a row: LKP's columns over every iteration. */
struct compare_side {
	size_t n;                   /* iterations */
	size_t jobs;
	double mean;
	double stddev_percent;      /* of the mean; NAN when the mean is 0 and they differ */
};

/* One (runner class, metric) both sides measured, and its verdict. */
struct compare_row {
	char runner_class[PROTO_MAX_NAME + 1];
	long long metric_id;
	long long series_id;        /* the head's series, whose chart a page links */
	char metric[2 * PROTO_MAX_NAME + 2];    /* "suite/name" */
	char unit[PROTO_MAX_NAME + 1];
	const char *better;         /* "higher" or "lower" (is better); static */
	struct compare_side base, head;
	double p_welch, p_mw;       /* over iterations, beside the verdict; NAN: untested */
	int known;                  /* the noise model had between-job degrees of freedom */
	struct verdict v;           /* after Benjamini-Hochberg over the rows */
	const char *direction;      /* a changed row's "improvement" or "regression", or NULL */
};

/* What a side's text names: a job, or a commit (given by its id or
 * prefix, or by a tag or branch that points at it). */
struct compare_which {
	long long job_id;           /* 0: a commit */
	char sha[REC_SHA_MAX + 1];  /* the commit id or prefix; "" for a job */
	char ref_kind[8];           /* "tag" or "branch" when given by name, else "" */
};

/* A comparison: its rows ordered changed, inconclusive, same, each the
 * largest change first. */
struct compare_report {
	struct compare_which base, head;
	struct compare_row *rows;
	size_t n;
	size_t only_base, only_head;    /* (runner class, metric) groups of one side only */
	long long counts[3];        /* rows per enum verdict_kind */
};

#endif
