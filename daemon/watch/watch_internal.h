/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * watch_internal.h - what the files of daemon/watch/ share: the limits,
 * the watched trees and the watcher, the commits of a poll, and the steps
 * of a poll.  Only daemon/watch/ and the watcher's own test and bench
 * include this; the rest of kpcid sees daemon/watch/watch.h.
 */
#ifndef KPCI_DAEMON_WATCH_INTERNAL_H
#define KPCI_DAEMON_WATCH_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <git2.h>
#include <jansson.h>

#include "db/db.h"
#include "lib/keyset.h"

struct config_tree;
struct gitpack;

#define WATCH_TICK_MS 1000          /* the thread looks at the schedule this often */
#define WATCH_PROGRESS_S 5          /* fetch progress is logged at most this often */
#define WATCH_MAX_SUBJECT 65536     /* bytes of a subject kept */
#define WATCH_MAX_NAME 1024         /* bytes of an author name or e-mail kept */
#define WATCH_MAX_TRAILERS 64       /* trailers kept per commit */
#define WATCH_MAX_TRAILER 4096      /* bytes of one trailer value kept */
#define WATCH_MAX_SUBSYSTEM 128     /* bytes of a parsed merge subsystem */
#define WATCH_MAX_SOURCE 1024       /* bytes of a parsed merge source */
#define WATCH_MAX_TAGS 200000       /* tags recorded per poll at most */
#define WATCH_MAX_BACKOFF_SHIFT 20  /* retry_min << this is the longest unclamped wait */
#define WATCH_ERROR_LEN 512         /* bytes of a poll's error sentence, at most */
#define WATCH_DEFAULT_CA "/etc/ssl/certs/ca-certificates.crt"   /* Debian's CA bundle */
#define WATCH_PACKS_MAX 32          /* packs a mirror may hold before it is repacked */
#define WATCH_REPACK_TIMEOUT 3600   /* seconds a repack may take */
#define WATCH_REPACK_RETRY 3600     /* seconds after a failed repack before the next */
#define WATCH_SETTLE_SLICE 16384    /* commits settled per transaction */
#define WATCH_YIELD_MS 250          /* ms the store holds the database before a yield */
#define WATCH_WALK_BATCH 256        /* rows the walk hands over at a time */
#define WATCH_WALK_THREAD 512       /* commits read before a store thread starts */
#define WATCH_STORE_SLICE 1024      /* rows stored between checks for a yield */

/* One configured tree, copied from the configuration at start. */
struct watch_tree {
	char *name, *url, *mirror;
	char **branches;
	size_t nbranches;
	int cand_commits, cand_merges, cand_tags, cand_head;
	char **configs;
	size_t nconfigs;
	long long poll_interval, head_every, max_queued, retry_min, retry_max;
	long long fetch_timeout;        /* seconds a connection may stay silent */
	char *ca_file;                  /* CAs trusted for https (NULL: the system's) */
	long long id;
	long long next_poll;            /* monotonic seconds */
	unsigned long want, done;       /* watch_poll_now requests and polls that served them */
	int fetched_before;             /* a poll succeeded once: history is not a candidate */
	int errors;                     /* failed polls in a row (the backoff exponent) */
	struct keyset known;            /* watch_key of every commit the tree has stored */
	int known_loaded;               /* known was filled from the database */
	long long repack_after;         /* monotonic seconds: no repack before (a failed one) */
};

/* Where the time of the last branch poll went (bench/bench_watch.c reads it). */
struct watch_timing {
	double walk_ms;                 /* reading the new commits, their rows stored alongside */
	double line_ms;                 /* the walk's edge, first-parent line and brought counts */
	double store_ms;                /* the rest of the SQLite transaction */
	size_t read, packed;            /* commits read; of them, by lib/gitpack.c */
	size_t yields;                  /* times the store let other threads in */
};

/*
 * The watcher: its thread and the trees it polls, made by watch_start and
 * owned by kpcid (struct kpcid's watcher).  Every step of a poll is handed
 * it.  The thread and watch_poll_now share running, the trees' want and
 * done, and cv under mu; stop is also read without the lock (by the
 * fetch's callbacks, its sockets, a repack).
 */
struct watcher {
	struct db *db;                  /* borrowed: outlives the watcher */
	pthread_mutex_t mu;
	pthread_cond_t cv;              /* a poll asked for, a poll done, the stop */
	pthread_t thread;
	int running;
	int stop;
	struct watch_tree *trees;
	size_t ntrees;
	long long yield_ms;             /* WATCH_YIELD_MS; tests set 0 (a yield after every batch) */
	struct watch_timing last;       /* the last branch poll's (bench/bench_watch.c reads it) */
};

/* One commit read during a poll. */
struct watch_node {
	git_oid oid;
	git_oid *parents;
	unsigned nparents;
	char *sha;                      /* one block with parents_text: rows borrow it */
	char merged_tip[GIT_OID_HEXSZ + 1];
	char *parents_text, *author_name, *author_email, *committer_name, *committer_email;
	char *subject, *subsystem, *source;
	long long author_time, commit_time, brought;
	char *trailers;                 /* JSON text, in the arena; NULL: none */
	size_t owner;                   /* index+1 of the line commit that brought it; 0: none */
	int in_walk;                    /* new since the old tip (else read for the line only) */
	int added;                      /* its row went to the store during the walk */
};

/* The commits of one poll of one branch, with an oid -> index hash.  The
 * strings and parent lists of its commits come from blocks of an arena,
 * freed with the set: a large poll allocates a few hundred blocks instead
 * of eight pieces a commit. */
struct watch_set {
	struct watch_node *v;
	size_t n, cap;
	size_t *slots;                  /* index+1, 0: empty; open addressing */
	size_t nslots;
	char **blocks;                  /* the arena */
	size_t nblocks;
	char *cur;                      /* free space of the last block */
	size_t left;
	git_oid *scratch;               /* parents of the commit being read */
	size_t nscratch;
	struct gitpack *packs;          /* reads most commits; NULL: libgit2 reads all */
	size_t packed;                  /* commits lib/gitpack.c read */
};

/* The walk of one branch poll, and its handover to the store thread. */
struct watch_walk {
	struct watch_set *s;
	git_odb *odb;
	const struct keyset *known;
	struct db *db;                  /* the watcher's */
	long long yield_ms;             /* the watcher's: the store yields this often */
	git_oid *edge;                  /* known hits met, not walked below */
	size_t nedge, capedge;
	size_t *stack, top, capstack;   /* read commits whose parents are next */
	char *walk_cause;               /* why the walk failed (the walk's side) */
	int threads;                    /* a store thread may start when the walk is long */
	int handover;                   /* a store thread runs: rows go to its queue */
	pthread_t thread;
	struct db_commit batch[WATCH_WALK_BATCH];      /* the walk's side of the queue */
	size_t nbatch;
	/* shared with the store thread, under mu */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct db_commit *q;            /* rows read, not yet taken by the store */
	size_t nq, capq;
	long long tree_id;
	struct db_branch_tx *tx;        /* the poll's transaction, once begun */
	int begun;                      /* store thread: 1 runs, tx open; -1 failed; 0 none */
	int walked;                     /* the walk has handed over its last row */
	int drained;                    /* the store has stored all rows, and waits */
	int failed;                     /* the store failed (cause says why) */
	const struct db_line_update *u; /* set: finish with it; */
	int abort;                      /* or set: roll back */
	int result;                     /* db_branch_finish's */
	char *cause;
	size_t yields;                  /* store thread: db_branch_yield calls */
};

/* libgit2's process-wide settings for the watcher. */
void watch_git_options(void);
/* "what: libgit2's last error" into *cause; -1. */
int watch_git_error(char **cause, const char *what);
/* Polls tree t: fetch, tags, branches, candidates; records the outcome. */
void watch_poll_tree(struct watcher *watcher, struct watch_tree *t);

/* watch_set.c: the commit set.  watch_hash is a commit id's slot before
 * masking; watch_set_get finds a commit read (NULL: not read);
 * watch_set_grow makes room in the hash for one more (-1 on memory);
 * watch_alloc and watch_strndup take from the set's arena (NULL on
 * memory); watch_node_dispose frees what a commit holds outside it. */
size_t watch_hash(const git_oid *oid);
struct watch_node *watch_set_get(struct watch_set *s, const git_oid *oid);
int watch_set_grow(struct watch_set *s);
void *watch_alloc(struct watch_set *s, size_t n);
char *watch_strndup(struct watch_set *s, const char *p, size_t n);
void watch_node_dispose(struct watch_node *c);
void watch_set_dispose(struct watch_set *s);

/* watch_commit.c: reads commit oid into the set (once); NULL on error
 * with *cause set. */
struct watch_node *watch_set_add(struct watch_set *s, git_odb *odb, const git_oid *oid,
				 int in_walk, char **cause);
/* The commit's trailers as JSON text in s's arena; NULL: none. */
char *watch_trailers(struct watch_set *s, const char *message);

/* watch_walk.c: a commit id's key in a tree's known set. */
uint64_t watch_key(const git_oid *oid);
/* A commit's row for the database (borrows the node's strings). */
struct db_commit watch_row(const struct keyset *known, const struct watch_node *c);
/* The packs of the mirror and of what it borrows; NULL: libgit2 reads
 * every commit. */
struct gitpack *watch_packs(git_repository *repo);
/* Walks from the starts down to known commits; 0, or -1 with w->walk_cause. */
int watch_walk_run(struct watch_walk *w, const git_oid *starts, size_t nstarts);
/* Reads what the walk's edge reaches beyond the old tip, as new ^old
 * would have; 0, or -1 with *cause set. */
int watch_edge(struct watch_walk *w, git_repository *repo, struct db_branch_tx *tx,
	       long long branch_id, const git_oid *old_tip, char **cause);
/* db_tree_shas callback: adds a stored commit's key to the set arg. */
int watch_known_cb(void *arg, const char *sha);

/* watch_store.c: starts the store thread and waits for its transaction;
 * -1 with *cause. */
int watch_store_start(struct watch_walk *w, char **cause);
/* Makes the poll's transaction ready for the poll's thread; 0, or -1
 * with *cause. */
int watch_tx_open(struct watch_walk *w, char **cause);
/* Finishes the poll's transaction with u, or (u NULL) rolls it back;
 * DB_OK, or an error with *cause set. */
int watch_tx_end(struct watch_walk *w, const struct db_line_update *u, char **cause);
/* Stores the rest of the commits and the new stretch line[0..nline) of
 * the branch's line, and commits; 0, or -1 with *cause. */
int watch_finish(struct watch_walk *w, long long branch_id, const char *old_tip,
		 const char *new_tip, int forced, long long base, struct watch_node **line,
		 size_t nline, char **cause);

/* watch_stream.c: makes libgit2 (process-wide) use the watcher's socket
 * stream, whose connects, reads and writes give up after a timeout
 * without progress; once *stop is non-zero every waiting socket gives
 * up.  0, or -1 with libgit2's error set. */
int watch_stream_register(const int *stop);
/* Gives libgit2 its own stream back; before libgit2 is shut down. */
void watch_stream_unregister(void);
/* Seconds a connection may stay without progress (the fetching tree's
 * fetch_timeout); only the watcher thread fetches. */
void watch_stream_timeout(long long seconds);

/* watch_fetch.c: opens (creating) the bare mirror of t. */
int watch_mirror_open(git_repository **repo, const struct watch_tree *t, char **cause);
/* Fetches the followed branches that exist (exists[i] = 1) and all tags. */
int watch_fetch(struct watcher *watcher, git_repository *repo, const struct watch_tree *t,
		int *exists, char **cause);

/* watch_tags.c: records the mirror's tags; *changed (caller disposes)
 * lists the new or moved ones. */
int watch_tags(struct watcher *watcher, struct rec_tags *changed, git_repository *repo,
	       const struct watch_tree *t, char **cause);

/* watch_candidates.c: queues one build per configured kernel config of
 * commit sha (branch NULL: a tag's); watch_branch_candidates queues those
 * of the new stretch line[0..nline) of a branch's line, which grows from
 * position base. */
void watch_candidate(struct watcher *watcher, const struct watch_tree *t, const char *branch,
		     const char *sha, const char *reason, int priority);
void watch_branch_candidates(struct watcher *watcher, const struct watch_tree *t,
			     const char *branch, long long branch_id, struct watch_set *s,
			     struct watch_node **line, size_t nline, long long base);

/* watch_branch.c: polls one branch of a fetched mirror. */
int watch_branch(struct watcher *watcher, struct watch_tree *t, git_repository *repo,
		 const char *branch, int exists, char **cause);

/* watch_upkeep.c: counts (and removes, when told to) the files of the
 * mirror's pack folder whose names match; -1 when it cannot be read. */
int watch_pack_files(const struct watch_tree *t, int (*match)(const char *name), int remove);
/* git's temporary files in a pack folder. */
int watch_is_litter(const char *name);
/* The pack files in the mirror of t; -1 when it cannot be read. */
int watch_pack_count(const struct watch_tree *t);
/* Moves the commits polls stored to level 1 of the sha index. */
int watch_settle(struct watcher *watcher, const struct watch_tree *t);
/* What follows a poll: settle, and repack a mirror of many packs. */
int watch_upkeep(struct watcher *watcher, struct watch_tree *t);

/* watch_tree.c: copies one [tree] section and records the tree; -1 with
 * *cause on a bad key or memory. */
int watch_tree_init(struct watcher *watcher, struct watch_tree *t, const struct config_tree *c,
		    const char *data_dir, char **cause);
void watch_tree_dispose(struct watch_tree *t);
/* Whether tree id has been fetched before (history is then not a candidate). */
int watch_fetched_before(struct watcher *watcher, long long id);

#endif
