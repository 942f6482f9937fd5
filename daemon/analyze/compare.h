/*
 * compare.h - GET /api/v1/compare, the compare page and `kpci
 * compare-jobs`: two sides (a job or a commit) compared metric by metric
 * with lib/verdict.h's three-way verdict, Benjamini-Hochberg over the
 * metrics compared at once (docs/analysis.md).
 */
#ifndef KPCI_DAEMON_COMPARE_H
#define KPCI_DAEMON_COMPARE_H

#include "db/db.h"
#include "lib/proto.h"
#include "lib/verdict.h"

#define COMPARE_MIN_PREFIX 7        /* hex digits of a commit prefix at least */
#define COMPARE_MAX_REF 255         /* bytes of a tag or branch name given as a side */

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
	char sha[DB_SHA_MAX + 1];   /* the commit id or prefix; "" for a job */
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

/*
 * The samples of base and head (each "job:N", "commit:HEX", a bare job
 * number, a commit id or prefix of at least COMPARE_MIN_PREFIX hex
 * digits, or the name of a tag or branch, which stands for the commit it
 * points at) compared for every (runner class, metric) both sides measured,
 * optionally of one runner class, the job as the unit of replication and
 * the noise model of each (runner class, metric); vp gives alpha (the FDR
 * level), the smallest effect and the prior.  *out (free with
 * compare_report_free) gets the report.  Returns DB_OK, or with *cause
 * DB_INVALID (a side that is none of these, too many samples),
 * DB_NOTFOUND (a side without samples, no metric in common), DB_CONFLICT
 * (a prefix of several commits, a name of different commits in several
 * trees) or DB_ERR.
 */
int compare_run(struct compare_report **out, struct db *db, const char *base, const char *head,
		const char *runner_class, const struct verdict_params *vp, char **cause);
void compare_report_free(struct compare_report *rep);

#endif
