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
 */
#ifndef KPCI_REC_H
#define KPCI_REC_H

#include <stddef.h>

#include <limits.h>

#include <jansson.h>

#define REC_NONE LLONG_MIN      /* a measure not known (null in JSON) */

/* A runner's host environment as last uploaded for one boot method. */
struct rec_runner_env {
	char *boot_method;
	json_t *env;                /* object of the stable fields */
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

/* A registered runner (GET /api/v1/runners[/ID]). */
struct rec_runner {
	long long id;
	char *name;
	char *runner_class;
	json_t *capabilities;       /* as registered: array of names */
	json_t *boot_methods;       /* as registered: array of names */
	json_t *topology;           /* as registered: object */
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
	json_t *warnings;           /* array of merge_config warnings */
	long long log_size;
	json_t *spec;               /* object: the build job's spec */
	long long created_at;
	long long started_at;       /* 0: not started */
	long long finished_at;      /* 0: not finished */
	long long change_id;        /* its build-failure change; 0: none */
	json_t *distributed;        /* how the build was spread (null: not) */
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

/* A forced update, a fetch error or a deletion on a branch's timeline. */
struct rec_branch_event {
	long long id;
	long long at;
	char *kind;                 /* forced-update, error, deleted */
	char *old_sha;              /* NULL: none */
	char *new_sha;              /* NULL: none */
	char *message;              /* NULL: none */
};

/* A followed branch of a watched tree. */
struct rec_branch {
	long long id;
	char *name;
	char *state;                /* active, missing (never seen), deleted */
	char *tip;                  /* the last tip walked; NULL: none yet */
	long long length;           /* positions on its first-parent line */
	long long polled_at;        /* 0: never polled */
	long long updated_at;       /* 0: never moved */
	char *last_error;           /* NULL: none */
	struct rec_branch_event *events;  /* the newest first */
	size_t nevents;
};

/* A watched tree (GET /api/v1/trees[/NAME]). */
struct rec_tree {
	long long id;
	char *name;
	char *url;
	long long created_at;
	/* The status (db_trees_status, db_tree_get) also has these; a row
	 * of db_trees_list has status 0 and none of them in its JSON. */
	int status;
	long long polled_at;        /* 0: never polled */
	long long fetched_at;       /* 0: never fetched */
	char *last_error;           /* the last poll's failure; NULL: it went well */
	long long error_count;      /* failed polls in a row */
	long long next_poll_at;     /* 0: none planned */
	json_t *policy;             /* object: the tree's candidate policy */
	long long candidates_dropped;
	long long commits;          /* commits stored */
	long long tags;             /* tags recorded */
	struct rec_branch *branches;  /* in the order followed */
	size_t nbranches;
};

struct rec_trees {
	struct rec_tree *v;
	size_t n;
};

/* As the runner's functions above. */
json_t *rec_tree_encode(const struct rec_tree *t);
int rec_tree_decode(struct rec_tree *out, const json_t *j, const char *where, char **cause);
void rec_tree_dispose(struct rec_tree *t);
json_t *rec_trees_encode(const struct rec_trees *l);
int rec_trees_decode(struct rec_trees *out, const json_t *arr, char **cause);
void rec_trees_dispose(struct rec_trees *l);
/* The parts' own, for db/, which reads them row by row. */
void rec_branch_dispose(struct rec_branch *b);
void rec_branch_event_dispose(struct rec_branch_event *e);

/* A commit at its place on a branch's first-parent line (GET
 * /api/v1/trees/NAME/commits, and the merges of a merge window).  Its
 * times are the repository's, where 0 is a real time: an absent one is
 * REC_NONE. */
struct rec_commit {
	long long position;         /* 0: the oldest commit walked */
	char *sha;
	char *parents;              /* space-separated ids; "" for a root */
	char *author_name;          /* NULL: none, as the fields below */
	char *author_email;
	long long author_time;      /* REC_NONE: none */
	char *committer_name;
	char *committer_email;
	long long commit_time;      /* REC_NONE: none */
	char *subject;
	json_t *trailers;           /* array of [key, value]; null: none */
	char *merged_tip;           /* a merge's second parent; NULL: no merge */
	long long brought;          /* commits the merge brought; REC_NONE: no merge */
	char *merge_subsystem;      /* parsed from a merge's subject; NULL: none */
	char *merge_source;
};

struct rec_commits {
	struct rec_commit *v;
	size_t n;
};

/* As the runner's functions above. */
json_t *rec_commit_encode(const struct rec_commit *c);
int rec_commit_decode(struct rec_commit *out, const json_t *j, const char *where,
		      char **cause);
void rec_commit_dispose(struct rec_commit *c);
json_t *rec_commits_encode(const struct rec_commits *l);
int rec_commits_decode(struct rec_commits *out, const json_t *arr, char **cause);
void rec_commits_dispose(struct rec_commits *l);

#endif
