/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec.h - the records that pages, API handlers and the CLI read: C
 * structs that db/ fills from its SELECTs, each with one JSON encoder
 * (the API's answer, the one place that knows its key names) and one
 * decoder (the CLI reads the API's answer back; the page fuzzer feeds
 * pages through it).  Code that shows a record reads its fields, so a
 * renamed column is a compile error instead of an empty cell.
 *
 * A record owns its strings and JSON; rec_*_dispose frees them and
 * leaves the struct empty (NULL is a no-op).  A string that SQL may hold
 * as NULL is NULL here and null in JSON; an id or a time that may be
 * absent is 0 here, a measure (a size, a duration) REC_NONE, and both
 * null in JSON.
 *
 * The larger families have their own header beside their file:
 * lib/rec_series.h (points, segments, series) and lib/rec_tree.h (trees,
 * branches, commits).
 *
 * The list functions (rec_runners_encode, _decode, _dispose and the
 * like) are defined by REC_LIST (lib/rec_internal.h) in the record's
 * file, over the one array reader and writer of lib/rec.c.
 */
#ifndef KPCI_REC_H
#define KPCI_REC_H

#include <stddef.h>

#include <limits.h>

#include <jansson.h>

#define REC_NONE LLONG_MIN      /* a measure not known (null in JSON) */
#define REC_SHA_MAX 64          /* hex digits of a commit id (SHA-256 git) */

/* A runner's host environment as last uploaded for one boot method. */
struct rec_runner_env {
	char *boot_method;
	/* Pass-through: the stable fields of the upload's environment, as
	 * db/db_drift.c kept them; answered as stored and shown as a table of
	 * whatever fields it holds, none read by name. */
	json_t *env;
	long long job_id;           /* the upload that set it; 0: none */
	long long updated_at;
};

/* One environment drift event of a runner. */
struct rec_drift {
	long long id;
	char *boot_method;
	char *field;
	char *old_value;            /* NULL: none */
	char *new_value;            /* NULL: none */
	long long job_id;           /* the upload that showed it; 0: none */
	long long detected_at;
	char *acked_by;             /* NULL: not acknowledged */
	long long acked_at;         /* 0: not acknowledged */
};

/* A NUMA node of a runner's topology: what `kpci runner` lists of it. */
struct rec_topology_node {
	long long id;
	long long *cpus;            /* its CPU numbers, in the topology's order */
	size_t ncpus;
	long long memory_bytes;
};

#define REC_RUNNER_STALE 600        /* seconds unseen before a runner counts as offline */

/* A registered runner (GET /api/v1/runners[/ID]). */
struct rec_runner {
	long long id;
	char *name;
	char *runner_class;
	char **capabilities;        /* as registered: bench, build (lib/rec_names.h) */
	size_t ncapabilities;
	char **boot_methods;        /* as registered: host, qemu, kexec, lava */
	size_t nboot_methods;
	/* Pass-through: the object the runner registered (runners/topology.c),
	 * stored and answered as it came and shown whole on its page; kpcid
	 * reads nothing in it (the counts below are columns).  What `kpci
	 * runner` lists of it, its "nodes", is read into nodes below. */
	json_t *topology;
	struct rec_topology_node *nodes;    /* rec_runner_read_nodes */
	size_t nnodes;
	char *cpu_model;            /* NULL: unknown */
	long long numa_nodes;
	long long cpus;
	char *kernel_release;       /* NULL: unknown */
	long long registered_at;
	long long last_seen;
	long long current_job;      /* the running job it holds; 0: none */
	long long drift_open;       /* unacknowledged drift events */
	/* The detail (db_runner_get) also has these, encoded as
	 * "environment" and "drift"; a list row has detail 0. */
	int detail;
	struct rec_runner_env *envs;
	size_t nenvs;
	struct rec_drift *drift;    /* newest first */
	size_t ndrift;
};

struct rec_runners {
	struct rec_runner *v;
	size_t n;
};

/* NULL when out of memory. */
json_t *rec_runner_encode(const struct rec_runner *r);
/* Fills *out from an encoded runner; -1 with a sentence naming the field
 * (prefixed by where) in *cause.  *out is empty or whole. */
int rec_runner_decode(struct rec_runner *out, const json_t *j, const char *where,
		      char **cause);
void rec_runner_dispose(struct rec_runner *r);
/* r->nodes from r->topology's "nodes" (db/ and rec_runner_decode call it):
 * none when it is not an array, and a node's id, CPU or memory that is
 * not an integer reads 0, as a runner may register what it likes.  -1
 * when out of memory. */
int rec_runner_read_nodes(struct rec_runner *r);
json_t *rec_runners_encode(const struct rec_runners *l);
int rec_runners_decode(struct rec_runners *out, const json_t *arr, char **cause);
void rec_runners_dispose(struct rec_runners *l);

/* A file a build produced (bzImage, .config, System.map). */
struct rec_artifact {
	char *name;
	char *sha256;
	long long size;
};

/* A kernel build (GET /api/v1/builds[/ID]). */
struct rec_build {
	long long id;
	char *tree;                 /* NULL: none */
	char *branch;               /* NULL: none */
	char *commit_sha;
	char *config_name;
	char *state;                /* queued, building, ok, failed, timeout */
	long long job_id;           /* 0: none */
	long long attempt;
	char *runner;               /* the runner's name; NULL: none yet */
	long long duration_ms;      /* REC_NONE until built, as the measures below */
	char *compiler;             /* NULL: not known */
	long long make_jobs;
	long long text_size;
	long long data_size;
	long long bss_size;
	long long image_size;
	char *error;                /* first error lines; NULL: none */
	char **warnings;            /* merge_config warnings, in order (lib/rec_names.h) */
	size_t nwarnings;
	long long log_size;
	/* Pass-through: the build job's spec as it was queued, answered as
	 * stored; nothing reads it from the record (the bisector and the
	 * runner read the job's own spec). */
	json_t *spec;
	long long created_at;
	long long started_at;       /* 0: not started */
	long long finished_at;      /* 0: not finished */
	long long change_id;        /* its build-failure change; 0: none */
	/* Pass-through: how the build was spread over a compile farm, as the
	 * runner uploaded it (checked then: {tool, version, used, fallback});
	 * answered as stored, null when not; nothing reads it. */
	json_t *distributed;
	long long bisection_id;     /* the bisection that queued it; 0: none */
	/* The detail (db_build_get) also has its artifacts, encoded as
	 * "artifacts"; a list row has detail 0. */
	int detail;
	struct rec_artifact *artifacts;
	size_t nartifacts;
};

struct rec_builds {
	struct rec_build *v;
	size_t n;
};

/* As the runner's functions above. */
json_t *rec_build_encode(const struct rec_build *b);
int rec_build_decode(struct rec_build *out, const json_t *j, const char *where, char **cause);
void rec_build_dispose(struct rec_build *b);
json_t *rec_builds_encode(const struct rec_builds *l);
int rec_builds_decode(struct rec_builds *out, const json_t *arr, char **cause);
void rec_builds_dispose(struct rec_builds *l);

/* A detected change (GET /api/v1/changes[/ID]): a step in one series
 * found by the analyzer (kind perf), or a build that failed after a good
 * one (kind build-failure: no numbers, detail holds its error lines).  A
 * number the change does not have is NAN here and null in JSON. */
struct rec_change;
struct rec_bisection;           /* lib/rec_bisect.h */
struct rec_place;               /* lib/rec_place.h */

struct rec_changes {
	struct rec_change *v;
	size_t n;
};

struct rec_change {
	long long id;
	long long group_id;         /* the changes of its commit range; 0: not grouped yet */
	long long series_id;
	long long metric_id;
	char *suite;
	char *metric;
	char *unit;
	char *better;               /* higher or lower */
	char *runner_class;
	char *config_name;          /* the series' config; NULL: none */
	char *ordered_by;           /* commit or job; NULL: not analyzed */
	long long noisy;            /* 1: its series is too noisy to judge it (DB_JUDGED) */
	char *good_sha;             /* last good commit; NULL: none */
	char *bad_sha;              /* first bad commit; NULL: a range of jobs */
	long long good_job_id;      /* 0: none */
	long long bad_job_id;       /* 0: none */
	long long point_index;      /* the first bad point; REC_NONE: none */
	long long n_before;         /* points each side; REC_NONE: none */
	long long n_after;
	double mean_before;         /* NAN: none, as the numbers below */
	double mean_after;
	double median_before;
	double median_after;
	double sd_before;
	double sd_after;
	double magnitude;           /* after/before - 1 */
	double pvalue;
	char *direction;            /* regression or improvement */
	double confidence;
	char *state;                /* new, confirmed, bisecting, culprit-found, ... */
	char *triaged_by;           /* NULL: not triaged */
	long long triaged_at;       /* 0: not triaged */
	char *note;                 /* NULL: none */
	long long detected_at;
	long long updated_at;       /* 0: never */
	char *kind;                 /* perf or build-failure */
	long long build_id;         /* the failing build; 0: none */
	long long fixed_build_id;   /* the build that fixed it; 0: none */
	char *fixed_sha;            /* NULL: not fixed */
	char *detail;               /* a build failure's first error lines; NULL: none */
	char *verdict;              /* changed, same, inconclusive; NULL: none */
	double percent_lo;          /* the change's 95% interval, % */
	double percent_hi;
	double verdict_p;
	double min_effect;
	long long jobs_before;      /* REC_NONE: none */
	long long jobs_after;
	char *reason;               /* the verdict's sentence; NULL: none */
	char *found_by;             /* segmentation or commits; NULL: none */
	long long withdrawn_at;     /* 0: live; else when it was withdrawn */
	char *withdrawn_reason;     /* why: not reproduced, no compiled code, moved, ... */
	long long confirmation_id;  /* the confirmation that measures it again; 0: none */
	char *confirm;              /* confirmed, not-reproduced, no-code; NULL: not yet */
	char *confirm_reason;       /* how it was confirmed, or why not; NULL: not yet */
	long long confirmed_at;     /* 0: not yet */
	/* The detail (GET /api/v1/changes/ID) also has these; a list row has
	 * full 0 and none of them. */
	int full;
	struct rec_place *place;    /* db_change_place's (lib/rec_place.h); NULL: null */
	struct rec_changes group;   /* its commit range's changes, the largest first */
	char *title;                /* what a maintainer reads first */
	char *summary_text;         /* the plain-text summary for a mail */
	struct rec_change_point *points;    /* the points around it (lib/rec_change_points.h) */
	size_t npoints;
	struct rec_bisection *bisection;    /* its latest bisection; NULL: none */
	struct rec_noise *noise;    /* its noise model (lib/rec_lists.h); NULL: none known
				     * (no key) */
};

/* The changes of one commit range (/changes): its largest change with
 * what the group adds. */
struct rec_change_group {
	struct rec_change head;     /* its largest change */
	long long group_key;        /* its group_id, or -id of a change not grouped yet */
	long long metrics;          /* its changes that pass the filter */
	long long regressions;
	long long improvements;
	long long untriaged;        /* of state new */
	long long last_detected;
	char *tree;                 /* NULL: not known */
	char *branch;               /* NULL: not known */
	char *bad_subject;          /* the first bad commit's subject; NULL: none */
	char *classes;              /* its runner classes, comma-separated; NULL: none */
	struct rec_changes changes; /* its members, the largest first */
};

struct rec_change_groups {
	struct rec_change_group *v;
	size_t n;
};

/* As the runner's functions above. */
json_t *rec_change_encode(const struct rec_change *c);
int rec_change_decode(struct rec_change *out, const json_t *j, const char *where,
		      char **cause);
void rec_change_dispose(struct rec_change *c);
json_t *rec_changes_encode(const struct rec_changes *l);
int rec_changes_decode(struct rec_changes *out, const json_t *arr, char **cause);
void rec_changes_dispose(struct rec_changes *l);
json_t *rec_change_groups_encode(const struct rec_change_groups *l);
int rec_change_groups_decode(struct rec_change_groups *out, const json_t *arr, char **cause);
void rec_change_groups_dispose(struct rec_change_groups *l);

/* Which keys a job record has: the same job is answered in three shapes. */
enum rec_job_shape {
	REC_JOB_ROW,                /* db_jobs_list, db_job_get: the 201 answers */
	REC_JOB_FOUND,              /* db_jobs_find (GET /api/v1/jobs): also "tree"
				     * (after "spec") and "build_id" (after
				     * "commit_sha") */
	REC_JOB_DETAIL,             /* GET /api/v1/jobs/ID: also, after "samples",
				     * "tree", "attempts", "series", "build" and
				     * "estimate" */
};

/* Where the work is (the pipeline of GET /api/v1/status, the overview):
 * jobs queued and running by phase, open changes, running bisections,
 * reports being sent, all reports.  Encoded only: nothing reads it back. */
struct rec_pipeline {
	long long queued_builds, queued_bench, building, booting, measuring;
	long long changes_open, bisecting, reporting, reports;
};

json_t *rec_pipeline_encode(const struct rec_pipeline *p);

/* How long jobs like one took: the median, fastest and slowest of the
 * last done ones (db_job_estimate).  jobs 0: none to compare with (null
 * in JSON). */
struct rec_estimate {
	long long jobs, median_s, min_s, max_s;
};

/* A build or bench job (GET /api/v1/jobs[/ID], the 201 of a submit). */
struct rec_job {
	long long id;
	char *kind;                 /* build, bench */
	char *state;                /* queued, running, done, failed, cancelled */
	long long priority;
	char *runner_class;         /* NULL: any runner */
	/* Pass-through: the spec as it was queued (suite, boot, iterations,
	 * tree, a build's kernel...), stored, answered and shown whole as it is;
	 * the runner reads it from its claim (lib/proto.h).  What pages and the
	 * CLI show of it is read into the spec_ fields below (lib/rec_job_detail.h). */
	json_t *spec;
	char *spec_suite;           /* its "suite" when a string; NULL: none */
	char *spec_boot;            /* its "boot" when a string; NULL: none */
	char *spec_tree;            /* its "tree" when a string; NULL: none */
	char *spec_commit;          /* its "commit" when a string; NULL: none */
	char *commit_sha;           /* NULL: none */
	long long attempt;
	long long max_attempts;
	char *reason;               /* why it failed or was requeued; NULL: none */
	long long created_at;
	long long started_at;       /* 0: not started */
	long long finished_at;      /* 0: not finished */
	long long lease_expires;    /* 0: not leased */
	char *phase;                /* what it is doing (a running job); NULL: none */
	char *phase_detail;         /* NULL: none */
	long long phase_percent;    /* REC_NONE: none */
	long long phase_at;         /* when the phase began; 0: none */
	char *runner;               /* holding its lease, else of its last result;
				     * NULL: none */
	long long samples;          /* samples it uploaded */
	enum rec_job_shape shape;
	/* db/ fills these two in every shape; FOUND encodes both, DETAIL
	 * the tree. */
	char *tree;                 /* NULL: none */
	long long build_id;         /* the build a bench job boots; 0: none */
	/* Filled and encoded in the DETAIL shape only (detail_job). */
	struct rec_attempt *attempts;       /* db_job_attempts (lib/rec_job_detail.h) */
	size_t nattempts;
	struct rec_job_series *series;      /* db_job_series */
	size_t nseries;
	struct rec_build *build;    /* it came from or made; NULL: none */
	struct rec_estimate estimate;
};

struct rec_jobs {
	struct rec_job *v;
	size_t n;
};

/* As the runner's functions above; a list is of one shape. */
json_t *rec_job_encode(const struct rec_job *j);
int rec_job_decode(struct rec_job *out, const json_t *j, const char *where, char **cause);
void rec_job_dispose(struct rec_job *j);
json_t *rec_jobs_encode(const struct rec_jobs *l);
int rec_jobs_decode(struct rec_jobs *out, const json_t *arr, char **cause);
void rec_jobs_dispose(struct rec_jobs *l);


#endif
