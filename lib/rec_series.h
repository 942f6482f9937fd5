/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_series.h - the records of a series: its points, noise segments,
 * classes overlaid and the series itself (lib/rec_series.c); the rules
 * of every record are in lib/rec.h.
 */
#ifndef KPCI_REC_SERIES_H
#define KPCI_REC_SERIES_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"
#include "lib/rec_window.h"

/* One point of a series: one job's iterations summed up. */
struct rec_point {
	long long index;            /* its place in the whole series */
	long long position;         /* first-parent position; REC_NONE: none (job order) */
	long long job_id;
	char *commit_sha;           /* NULL: the job measured no commit */
	double value;               /* the median of the job's iterations */
	double min, max;            /* its smallest and largest iteration */
	long long iterations;
	/* Its commit's, asked for (commits=1) and found on the branch: then
	 * has_commit is 1 and they are encoded, else left out. */
	int has_commit;
	char *subject;              /* NULL: none */
	char *author;               /* NULL: none */
	long long time;             /* the commit time; 0: none */
};

/* A stretch of points between two changes (the chart's noise band). */
struct rec_segment {
	long long from, to;         /* x of its first and last points */
	long long points;
	double mean;
	double sd;                  /* the spread of one point about the mean */
	char *sd_from;              /* "noise model" or "points" */
};

/* The series of the same metric, config and branch on a runner class. */
struct rec_series_class {
	long long id;
	char *runner_class;
	long long points;           /* its points when last analysed */
};

/* A change of a series as its chart draws it: the change record (a list
 * row) and the first-parent positions of its ends on the series' branch,
 * encoded after the change's own keys. */
struct rec_series_change {
	struct rec_change change;
	long long good_position;    /* REC_NONE: not on the branch (null) */
	long long bad_position;     /* REC_NONE: not on the branch (null) */
};

struct rec_series_changes {
	struct rec_series_change *v;
	size_t n;
};

/* Another runner class drawn on the chart of a series. */
struct rec_series_overlay {
	long long series_id;
	char *runner_class;
	struct rec_point *points;
	size_t npoints;
	struct rec_series_changes changes;  /* as the series' own */
	struct rec_segment *segments;
	size_t nsegments;
};

/* A measured series: a metric on a runner class, of a config and a
 * branch, with what its chart draws (GET /api/v1/series/ID, /series/ID).
 * db_series_get fills the fields down to tree; detail_series_of the
 * rest. */
struct rec_series {
	long long id;
	long long metric_id;
	char *suite;
	char *metric;
	char *unit;
	char *better;               /* "higher" or "lower" */
	char *runner_class;
	char *config_name;          /* "": the default one */
	char *ordered_by;           /* "commit" or "job"; NULL: not analysed yet */
	long long noisy;            /* 1: too noisy to judge */
	long long analyzed_at;      /* 0: never */
	char *branch;               /* the branch ordering its points; NULL: none */
	char *tree;                 /* that branch's tree; NULL: none */
	struct rec_point *points;   /* in x order */
	size_t npoints;
	struct rec_releases releases;       /* on its branch (db_branch_marks) */
	struct rec_series_changes changes;  /* its changes, as db_changes_list orders them */
	struct rec_segment *segments;
	size_t nsegments;
	struct rec_series_overlay *overlay;
	size_t noverlay;
	char **selected;            /* the classes drawn, its own first */
	size_t nselected;
	struct rec_series_class *classes;   /* its siblings, itself included */
	size_t nclasses;
	long long from;             /* the first-parent positions shown: [from, to] */
	long long to;               /* REC_NONE: to the end */
};

/* As the runner's functions above.  A decoded point without "min" or
 * "max" has the value's; absent arrays are empty. */
json_t *rec_series_encode(const struct rec_series *s);
int rec_series_decode(struct rec_series *out, const json_t *j, const char *where,
		      char **cause);
void rec_series_dispose(struct rec_series *s);
/* The changes of a chart (lib/rec.h's list functions). */
json_t *rec_series_changes_encode(const struct rec_series_changes *l);
int rec_series_changes_decode(struct rec_series_changes *out, const json_t *arr, char **cause);
void rec_series_changes_dispose(struct rec_series_changes *l);
/* Frees n points v and their strings (NULL: nothing). */
void rec_points_free(struct rec_point *v, size_t n);
/* The segments of a series as the API says them (the chart draws them
 * too); NULL when out of memory. */
json_t *rec_segments_encode(const struct rec_segment *v, size_t n);

#endif
