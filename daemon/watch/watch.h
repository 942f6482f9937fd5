/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * watch.h - the tree watcher of kpcid: one bare libgit2 mirror per
 * configured tree under DATA_DIR/mirrors/, polled by one thread; each poll
 * walks only the commits new since the last recorded tip, records them,
 * their first-parent positions, tags and forced updates, and queues build
 * candidates by the tree's policy.  daemon/watch/ is the only folder of
 * the daemon that includes git2.h; its files share watch_internal.h.  See
 * docs/watch.md.
 */
#ifndef KPCI_DAEMON_WATCH_H
#define KPCI_DAEMON_WATCH_H

struct config;
struct config_tree;
struct db;
struct watcher;

#define WATCH_POLL_WAIT_S 120       /* how long watch_poll_now waits at most */

/* Starts watching the trees of cfg, recorded in db (which must outlive
 * the watcher): *out is the new watcher, whose thread polls each tree at
 * once, then every poll_interval (no thread when cfg has no tree).  -1
 * with *out NULL and *cause set (malloc'd) when it cannot start. */
int watch_start(struct watcher **out, struct db *db, const struct config *cfg, char **cause);
/* Checks what the watcher needs of a [tree] section (branch names, the
 * candidate kinds); -1 with one sentence in *cause (malloc'd). */
int watch_tree_check(const struct config_tree *c, char **cause);
/* Stops the watcher's thread (a fetch in flight is cancelled, a
 * watch_poll_now waiting returns); w stays valid, refusing polls, until
 * watch_free.  A no-op when w is NULL or stopped. */
void watch_stop(struct watcher *w);
/* Stops w and frees it; NULL is a no-op.  No watch_poll_now may be in
 * flight. */
void watch_free(struct watcher *w);
/* Polls tree now and waits up to timeout_s for that poll to end.  0 when
 * it ran (its outcome is in the database); -1 with *cause (malloc'd): an
 * unknown tree, the watcher not running (or NULL), or the time ran out. */
int watch_poll_now(struct watcher *w, const char *tree, int timeout_s, char **cause);
/* The mirror directory of tree name: DATA_DIR/mirrors/NAME.git, with '/'
 * and ':' (allowed in tree names) made safe and the name's hash appended
 * then.  malloc'd; NULL when out of memory. */
char *watch_mirror_path(const char *data_dir, const char *name);
/*
 * Parses a merge subject: "Merge tag 'wq-for-7.4' of git://host/tj/wq" ->
 * subsystem "wq", source "git://host/tj/wq"; also "Merge branch 'x' of
 * URL", "Merge branch 'x' (patches from ...)", "Merge git://URL".  0 with
 * *subsystem (and *source, or NULL when the subject names none) malloc'd;
 * -1 (both NULL) when subject is not such a merge subject.
 */
int watch_merge_subject(char **subsystem, char **source, const char *subject);

#endif
