// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_codecheck.c - kpcid's check of a range (daemon/analyze/codecheck.c) over
 * the real parts: a database with builds a runner recorded, their
 * ".config" and "sources" artifacts in the artifact store, and the tree's
 * mirror, a git repository made here under DATA_DIR/mirrors/ whose top
 * Makefile is the real one of linux-source-6.12 (tests/data/kbuild-src).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/analyze/codecheck.h"
#include "daemon/artifacts.h"
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "db/db.h"
#include "lib/spawn.h"
#include "tests/unit/check.h"
#include "tests/unit/check_file.h"

#define CONFIG "qemu-x86_64.config"
#define SOURCES "include/linux/kernel.h\ninclude/linux/syscalls.h\nkernel/sys.c\n"

static char dir[] = "/tmp/kpci-test-codecheck.XXXXXX";
static struct kpcid k;
static long long runner, tree_id;
static char *mirror;

/* Commits everything in the mirror's worktree; its id into sha. */
static void commit(char sha[41], char *msg)
{
	char *add[] = { "git", "-C", mirror, "add", "-A", NULL };
	char *ci[] = { "git", "-C", mirror, "-c", "user.name=T Ester", "-c",
		       "user.email=t@example.org", "commit", "-q", "-m", msg, NULL };
	char *head[] = { "git", "-C", mirror, "rev-parse", "HEAD", NULL };
	char out[1024], *text;

	CHECK_INT(spawn_run(add, NULL, 60, NULL), 0);
	CHECK_INT(spawn_run(ci, NULL, 60, NULL), 0);
	snprintf(out, sizeof out, "%s/head", dir);
	unlink(out);
	CHECK_INT(spawn_run(head, out, 60, NULL), 0);
	text = check_slurp(out, NULL);
	snprintf(sha, 41, "%.40s", text ? text : "");
	free(text);
}

/* Stores text in the artifact store and links it to the build of job_id
 * as name. */
static void artifact(long long job_id, const char *name, const char *text)
{
	struct artifact_upload *u = NULL;
	char sha[SHA256_HEX_LEN + 1], *cause = NULL;
	long long size = 0;

	sha256_hex(sha, text, strlen(text));
	CHECK_INT(artifact_upload_begin(&u, dir, sha, &cause), 0);
	CHECK_INT(artifact_upload_write(u, text, strlen(text), &cause), 0);
	CHECK_INT(artifact_upload_finish(u, &size, &cause), 0);
	CHECK_INT(db_artifact_add(k.db, sha, size), DB_OK);
	CHECK_INT(db_build_link_artifact(k.db, runner, job_id, 1, name, sha, &cause), DB_OK);
	free(cause);
}

/* A successful build of config at sha with its .config and sources
 * (NULL: none uploaded, as by a runner before the list existed). */
static void build(const char *sha, const char *config, const char *dotconfig,
		  const char *sources)
{
	json_t *spec = json_pack("{s:s, s:s, s:s, s:s}", "tree", "t", "commit", sha, "config",
				 config, "branch", "master");
	struct db_build_rec rec = { .state = "ok", .text_size = 1, .image_size = 1 };
	struct proto_job job;
	long long job_id, build_id, b2;
	char *cause = NULL;

	CHECK_INT(db_build_queue(k.db, &job_id, &build_id, spec, NULL, 0, 3), DB_OK);
	CHECK_INT(db_job_claim(k.db, &job, runner, 60), DB_OK);
	CHECK_INT(job.id, job_id);
	proto_job_dispose(&job);
	CHECK_INT(db_build_record(k.db, &b2, runner, job_id, 1, &rec, &cause), DB_OK);
	artifact(job_id, ".config", dotconfig);
	if (sources)
		artifact(job_id, "sources", sources);
	json_decref(spec);
	free(cause);
}

static void setup(void)
{
	char *caps[] = { "build" };
	struct rec_runner reg = { .name = "r1", .runner_class = "c", .capabilities = caps,
				  .ncapabilities = 1 };
	char path[512], *cause = NULL, *token = NULL, role[8];
	char *init[] = { "git", "init", "-q", NULL, NULL };
	long long tok = 0;

	k.cfg.data_dir = dir;
	snprintf(path, sizeof path, "%s/kpci.db", dir);
	CHECK_INT(db_open(&k.db, path, &cause), DB_OK);
	mirror = watch_mirror_path(dir, "t");
	CHECK_INT(db_tree_upsert(k.db, "t", mirror), DB_OK);
	tree_id = db_tree_id(k.db, "t");
	CHECK(tree_id > 0);
	CHECK_INT(db_token_create(k.db, &token, "runner", "r", "*", &cause), DB_OK);
	CHECK_INT(db_token_check(k.db, token, role, &tok), DB_OK);
	free(token);
	reg.topology = json_object();
	CHECK_INT(db_runner_register(k.db, &runner, tok, &reg, &cause), DB_OK);
	json_decref(reg.topology);
	init[3] = mirror;
	CHECK_INT(spawn_run(init, NULL, 60, NULL), 0);
	free(cause);
}

/* mk with the line starting with from replaced by to (malloc'd). */
static char *with_line(const char *mk, const char *from, const char *to)
{
	const char *at = strstr(mk, from);
	size_t before = at ? (size_t)(at - mk) : 0, end = at ? before + strcspn(at, "\n") : 0;
	char *out = malloc(strlen(mk) + strlen(to) + 1);

	CHECK(at != NULL);
	memcpy(out, mk, before);
	memcpy(out + before, to, strlen(to));
	memcpy(out + before + strlen(to), mk + end, strlen(mk + end) + 1);
	return out;
}

int main(void)
{
	char c1[41], c2[41], c3[41], c4[41], c5[41], why[512], path[1024];
	char *mk, *rc1, *config, *config_hz;
	char *rm[] = { "rm", "-rf", dir, NULL };

	if (!mkdtemp(dir))
		return 1;
	setup();
	mk = check_slurp("tests/data/kbuild-src/Makefile", NULL);
	config = check_slurp("tests/data/kbuild-out/.config", NULL);
	CHECK(mk && config);
	if (!mk || !config)
		return check_done();
	check_put(mirror, "Makefile", mk);
	check_put(mirror, "kernel/sys.c", "long sys_getppid(void) { return 1; }\n");
	check_put(mirror, "Documentation/x.rst", "x\n");
	commit(c1, "v6.12");
	rc1 = with_line(mk, "EXTRAVERSION =", "EXTRAVERSION = -rc1");
	check_put(mirror, "Makefile", rc1);
	commit(c2, "Linux 6.13-rc1");
	check_put(mirror, "kernel/sys.c", "long sys_getppid(void) { return 2; }\n");
	commit(c3, "sys: getppid returns 2");
	check_put(mirror, "Documentation/x.rst", "x, better\n");
	commit(c4, "docs: x");
	check_put(mirror, "Documentation/x.rst", "x, even better\n");
	commit(c5, "docs: x again");
	build(c1, CONFIG, config, SOURCES);
	build(c2, CONFIG, config, SOURCES);
	build(c3, CONFIG, config, NULL);         /* the good end needs no list */
	build(c4, CONFIG, config, SOURCES);
	/* c5: not built */

	/* the release commit compiles the same code */
	CHECK_INT(codecheck_range(&k, tree_id, "t", CONFIG, c1, c2, why, sizeof why),
		  CODECHECK_UNCHANGED);
	CHECK_STR(why, "no compiled code changed: only the top Makefile's version lines "
		  "(EXTRAVERSION) changed");
	CHECK_INT(codecheck_range(&k, tree_id, "t", CONFIG, c2, c3, why, sizeof why),
		  CODECHECK_UNKNOWN);        /* c3's build has no list */
	CHECK(strstr(why, "has no sources artifact"));
	CHECK_INT(codecheck_range(&k, tree_id, "t", CONFIG, c1, c4, why, sizeof why),
		  CODECHECK_CHANGED);
	CHECK_STR(why, "kernel/sys.c, compiled into the kernel, changed");
	CHECK_INT(codecheck_range(&k, tree_id, "t", CONFIG, c3, c4, why, sizeof why),
		  CODECHECK_UNCHANGED);
	CHECK_STR(why, "no compiled code changed: only 1 file that no object of the build "
		  "compiles (Documentation/x.rst) changed");
	CHECK_INT(codecheck_range(&k, tree_id, "t", CONFIG, c4, c5, why, sizeof why),
		  CODECHECK_UNKNOWN);
	CHECK(strstr(why, "there is no successful build of " CONFIG " at the bad commit"));

	/* another config whose .configs differ */
	config_hz = with_line(config, "CONFIG_HZ=", "CONFIG_HZ=1000");
	build(c1, "other.config", config, SOURCES);
	build(c2, "other.config", config_hz, SOURCES);
	CHECK_INT(codecheck_range(&k, tree_id, "t", "other.config", c1, c2, why, sizeof why),
		  CODECHECK_CHANGED);
	CHECK(strstr(why, "the .configs differ: CONFIG_HZ is ") == why);

	/* a tree without a mirror */
	CHECK_INT(db_tree_upsert(k.db, "u", "/nonexistent"), DB_OK);
	CHECK_INT(codecheck_range(&k, tree_id, "u", CONFIG, c1, c2, why, sizeof why),
		  CODECHECK_UNKNOWN);
	CHECK(strstr(why, "cannot be compared in tree u's mirror"));

	/* an artifact gone from the store under its row */
	{
		char sha[SHA256_HEX_LEN + 1];

		sha256_hex(sha, SOURCES, strlen(SOURCES));
		CHECK_INT(artifact_path(path, sizeof path, dir, sha), 0);
		CHECK_INT(unlink(path), 0);
		CHECK_INT(codecheck_range(&k, tree_id, "t", CONFIG, c1, c2, why, sizeof why),
			  CODECHECK_UNKNOWN);
		CHECK(strstr(why, "the sources of build 1 (good) is not in the artifact store"));
	}
	free(mk);
	free(rc1);
	free(config);
	free(config_hz);
	free(mirror);
	db_close(k.db);
	spawn_run(rm, NULL, 60, NULL);
	return check_done();
}
