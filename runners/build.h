/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * build.h - the build executor of kpci-runner: runs one `build` job.
 *
 * Job spec (the watcher and POST /api/v1/jobs send the same):
 *   {"tree": NAME, "url": GIT URL or absolute path, "commit": SHA,
 *    "config": FILE of configs/kconfig/, "fragments": [FILE...],
 *    "branch": NAME (optional)}
 *
 * The runner keeps a bare mirror per tree and a persistent worktree per
 * (tree, config) with a separate O= directory, so successive builds are
 * incremental.  A stamp file marks a build in progress: after a crash the
 * leftover make is killed, the outputs it may have half-written are
 * removed and the source is reset before the next build.  See
 * docs/builds.md.
 *
 * After a good kernel build the modules of [build] modules (sources in the
 * guest directory, runners/guest/NAME) are built against the tree with
 * make M= and uploaded as artifacts "module:NAME.ko"; the record carries
 * the kernel release, and kpcid hands both to the bench jobs it queues.
 */
#ifndef KPCI_RUNNERS_BUILD_H
#define KPCI_RUNNERS_BUILD_H

#include <stddef.h>

#include <jansson.h>

#include "lib/client.h"
#include "lib/proto.h"
#include "runners/config.h"

#define BUILD_MAX_LOG         (2u << 20)   /* bytes of log tail sent to kpcid */
#define BUILD_MAX_ERROR_LINES 20
#define BUILD_MAX_LINE        4096
#define BUILD_MAX_FRAGMENTS   32
#define BUILD_MAX_RELEASE     64         /* bytes of a kernel release string */
#define BUILD_RELEASE_CHARS   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-~"

/* What one build job needs from the agent. */
struct build_job {
	const struct rconfig *cfg;
	struct client *client;          /* free for uploads while the job runs */
	long long runner_id;
	const struct proto_job *job;
	const char *work_dir;
};

/* Runs the build job; fills r (status, reason, "kbuild" samples).  The
 * build record and artifacts go to kpcid on the way. */
void build_execute(const struct build_job *b, struct proto_result *r);

/* --- parts, exposed for tests/unit/test_build.c -------------------- */

/* One CONFIG_ symbol of a .config: value "y", "m", "\"text\"", "0x10",
 * or NULL for "# CONFIG_X is not set". */
struct build_sym {
	char *name;
	char *value;
	char *origin;                   /* file that set it last */
};
struct build_kconfig {
	struct build_sym *syms;
	size_t n, cap;
};

/* Reads a .config or fragment, applying its lines over k; redefinitions by
 * a fragment (origin not NULL) are appended to warnings (merge_config.sh's
 * wording).  0, or -1 with *cause. */
int build_kconfig_apply(struct build_kconfig *k, const char *path, const char *origin,
			json_t *warnings, char **cause);
/* Writes k as a .config; 0 or -1. */
int build_kconfig_write(const struct build_kconfig *k, const char *path);
/* Appends a warning for each symbol a fragment asked for that the final
 * .config (after olddefconfig) does not hold (merge_config.sh's wording). */
int build_kconfig_check(const struct build_kconfig *wanted, const char *final_path,
			json_t *warnings, char **cause);
void build_kconfig_dispose(struct build_kconfig *k);

/* Parses `size` (Berkeley format) output; 0 or -1. */
int build_parse_size(const char *out, long long *text, long long *data, long long *bss);
/* The first error lines of a build log, '\n'-separated (malloc'd), or NULL. */
char *build_error_lines(const char *log_path);
/* The base a config file asks for: "# base: tinyconfig" (or defconfig,
 * allnoconfig, or another file of kconfig_dir); default "defconfig".
 * out gets the word; 0, or -1 when the line is malformed. */
int build_config_base(char *out, size_t n, const char *config_path, char **cause);

#endif
