/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_tree.h - the records of a watched tree: its branches and their
 * events, the tree, and a commit on a first-parent line
 * (lib/rec_tree.c); the rules of every record are in lib/rec.h.
 */
#ifndef KPCI_REC_TREE_H
#define KPCI_REC_TREE_H

#include <stddef.h>

#include <jansson.h>

#include "lib/rec.h"

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

/* A tree's build candidate policy as its [tree] section set it
 * (docs/watch.md): kpcid's start records it with the tree
 * (daemon/watch/watch_tree.c) as rec_tree_policy_encode's JSON. */
struct rec_tree_policy {
	int set;                    /* 0: none recorded ({} in JSON, no other key) */
	char **candidates;          /* commits, window-merges, tags, head */
	size_t ncandidates;
	long long head_every_minutes;
	long long max_queued;
	char **configs;
	size_t nconfigs;
	char **recipients;
	size_t nrecipients;
	long long poll_interval;
	long long retry_min;
	long long retry_max;
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
	struct rec_tree_policy policy;
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

/* As the runner's functions above.  A policy object holds every key or
 * none. */
json_t *rec_tree_policy_encode(const struct rec_tree_policy *p);
int rec_tree_policy_decode(struct rec_tree_policy *out, const json_t *j, const char *where,
			   char **cause);
void rec_tree_policy_dispose(struct rec_tree_policy *p);
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
/* A trailer of a commit's message ("Signed-off-by", "A U Thor <a@u>"). */
struct rec_trailer {
	char *key;
	char *value;
};

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
	struct rec_trailer *trailers;   /* in message order, encoded [[key, value], ...];
					 * NULL: none stored (null) */
	size_t ntrailers;
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
/* A commit's "trailers" array arr (null: none, *out NULL) into *out and
 * *n, as rec_array_decode; -1 with "WHEREtrailers[i] must be [key, value]"
 * in *cause and nothing to dispose. */
int rec_trailers_decode(struct rec_trailer **out, size_t *n, const json_t *arr,
			const char *where, char **cause);
json_t *rec_commits_encode(const struct rec_commits *l);
int rec_commits_decode(struct rec_commits *out, const json_t *arr, char **cause);
void rec_commits_dispose(struct rec_commits *l);

#endif
