// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_build.c - the build path's parts: .config merging with
 * merge_config.sh's warnings, `size` output, error lines, config bases,
 * incremental SHA-256, the artifact store (verified uploads, nothing left
 * by a bad one) and its retention, and the build rows in the database.
 */
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon/artifacts.h"
#include "db/db.h"
#include "lib/sha256.h"
#include "runners/build.h"
#include "tests/unit/check.h"

static char dir[] = "/tmp/kpci-test-build.XXXXXX";

static void write_file(const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static const char *at(const char *name)
{
	static char path[4][512];
	static int i;

	i = (i + 1) % 4;
	snprintf(path[i], sizeof path[i], "%s/%s", dir, name);
	return path[i];
}

static void test_merge(void)
{
	struct build_kconfig k = { 0 };
	json_t *w = json_array();
	char *cause = NULL;

	write_file("base", "CONFIG_64BIT=y\n# CONFIG_SMP is not set\nCONFIG_NR_CPUS=8\n"
		   "CONFIG_CMDLINE=\"console=ttyS0\"\n# a comment\n");
	write_file("a.frag", "CONFIG_SMP=y\nCONFIG_NUMA=y\n");
	write_file("b.frag", "# CONFIG_SMP is not set\nCONFIG_NR_CPUS=8\n");
	write_file("bad.frag", "CONFIG_F$OO=y\n");
	CHECK_INT(build_kconfig_apply(&k, at("base"), NULL, w, &cause), 0);
	CHECK_INT(k.n, 4);
	CHECK_INT(build_kconfig_apply(&k, at("a.frag"), "a.frag", w, &cause), 0);
	CHECK_INT(json_array_size(w), 0);          /* overriding the base is no warning */
	CHECK_INT(build_kconfig_apply(&k, at("b.frag"), "b.frag", w, &cause), 0);
	CHECK_INT(json_array_size(w), 1);          /* SMP: a.frag said y, b.frag not set */
	CHECK_STR(json_string_value(json_array_get(w, 0)),
		  "Value of CONFIG_SMP is redefined by fragment b.frag:\n"
		  "Previous value: y\nNew value: # is not set");
	CHECK_INT(build_kconfig_apply(&k, at("bad.frag"), "bad.frag", w, &cause), -1);
	CHECK(cause && strstr(cause, "bad.frag:1: 'CONFIG_F$OO' is not a config symbol"));
	free(cause);
	cause = NULL;
	CHECK_INT(build_kconfig_write(&k, at("out")), 0);
	/* olddefconfig dropped NUMA (it needs SMP) */
	write_file("final", "CONFIG_64BIT=y\n# CONFIG_SMP is not set\nCONFIG_NR_CPUS=8\n"
		   "CONFIG_CMDLINE=\"console=ttyS0\"\n");
	json_array_clear(w);
	CHECK_INT(build_kconfig_check(&k, at("final"), w, &cause), 0);
	CHECK_INT(json_array_size(w), 1);
	CHECK_STR(json_string_value(json_array_get(w, 0)),
		  "Value requested for CONFIG_NUMA not in final .config\n"
		  "Requested value: CONFIG_NUMA=y\nActual value:    ");
	build_kconfig_dispose(&k);
	memset(&k, 0, sizeof k);
	CHECK_INT(build_kconfig_apply(&k, at("out"), NULL, NULL, &cause), 0);
	CHECK_INT(k.n, 5);
	CHECK_STR(k.syms[3].value, "\"console=ttyS0\"");
	CHECK(k.syms[1].value == NULL);
	build_kconfig_dispose(&k);
	json_decref(w);
}

static void test_shipped_config(void)
{
	struct build_kconfig k = { 0 };
	char base[64], *cause = NULL;
	json_t *w = json_array();
	int numa = 0, srat = 0;

	CHECK_INT(build_config_base(base, sizeof base, "configs/kconfig/qemu-x86_64.config",
				    &cause), 0);
	CHECK_STR(base, "tinyconfig");
	CHECK_INT(build_kconfig_apply(&k, "configs/kconfig/qemu-x86_64.config", "qemu", w,
				      &cause), 0);
	CHECK_INT(json_array_size(w), 0);
	for (size_t i = 0; i < k.n; i++) {
		numa |= !strcmp(k.syms[i].name, "CONFIG_NUMA");
		srat |= !strcmp(k.syms[i].name, "CONFIG_X86_64_ACPI_NUMA");
	}
	CHECK(numa && srat);
	CHECK_INT(build_config_base(base, sizeof base, "configs/kconfig/defconfig", &cause), 0);
	CHECK_STR(base, "defconfig");
	write_file("evil.config", "# base: ../../etc/passwd\n");
	CHECK_INT(build_config_base(base, sizeof base, at("evil.config"), &cause), -1);
	CHECK(cause && strstr(cause, "must name tinyconfig"));
	free(cause);
	build_kconfig_dispose(&k);
	json_decref(w);
}

static void test_outputs(void)
{
	/* real output of binutils 2.40 `size vmlinux` */
	const char *sz = "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
			 "2094416\t 715470\t 409600\t3219486\t 31201e\tvmlinux\n";
	long long t, d, b;
	char *e;

	CHECK_INT(build_parse_size(sz, &t, &d, &b), 0);
	CHECK_INT(t, 2094416);
	CHECK_INT(d, 715470);
	CHECK_INT(b, 409600);
	CHECK_INT(build_parse_size("size: 'vmlinux': No such file\n", &t, &d, &b), -1);
	write_file("log", "  CC      init/main.o\n"
		   "init/main.c:3:2: error: #error broken on purpose\n"
		   "    3 | #error broken on purpose\n"
		   "make[1]: *** [Makefile:38: init/main.o] Error 1\n  CC kernel/sched.o\n");
	e = build_error_lines(at("log"));
	CHECK_STR(e, "init/main.c:3:2: error: #error broken on purpose\n"
		  "make[1]: *** [Makefile:38: init/main.o] Error 1");
	free(e);
	write_file("clean-log", "  CC      init/main.o\n");
	CHECK(build_error_lines(at("clean-log")) == NULL);
}

static void test_sha256(void)
{
	char one[SHA256_HEX_LEN + 1], inc[SHA256_HEX_LEN + 1], file[SHA256_HEX_LEN + 1];
	struct sha256_ctx *c = sha256_begin();

	sha256_hex(one, "hello world", 11);
	sha256_update(c, "hello", 5);
	sha256_update(c, " world", 6);
	sha256_end(c, inc);
	CHECK_STR(inc, one);
	CHECK_STR(one, "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
	write_file("hw", "hello world");
	CHECK_INT(sha256_file(file, at("hw")), 0);
	CHECK_STR(file, one);
	CHECK_INT(sha256_file(file, at("missing")), -1);
	CHECK(sha256_hex_ok(one));
	CHECK(!sha256_hex_ok("B94D27B9934D3E08A52E52D7DA7DABFAC484EFE37A5380EE9088F7ACE2EFCDE9"));
	CHECK(!sha256_hex_ok("b94d"));
	sha256_abort(NULL);
}

/* Uploads text as an artifact in two pieces; returns 0 or -1. */
static int upload(const char *text, const char *sha, char **cause)
{
	struct artifact_upload *u;
	long long size;
	size_t half = strlen(text) / 2;

	if (artifact_upload_begin(&u, dir, sha, cause) < 0)
		return -1;
	if (artifact_upload_write(u, text, half, cause) < 0 ||
	    artifact_upload_write(u, text + half, strlen(text) - half, cause) < 0) {
		artifact_upload_abort(u);
		return -1;
	}
	return artifact_upload_finish(u, &size, cause);
}

static int files_seen;

static int count_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	files_seen += type == FTW_F;
	return 0;
}

static int count_files(const char *sub)
{
	char path[600];

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	files_seen = 0;
	nftw(path, count_one, 16, FTW_PHYS);
	return files_seen;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path) < 0 ? 0 : 0;
}

static void test_store(void)
{
	char sha[SHA256_HEX_LEN + 1], path[512], *cause = NULL;
	long long size;
	int fd;

	sha256_hex(sha, "a kernel image", 14);
	CHECK_INT(upload("a kernel image", sha, &cause), 0);
	CHECK_INT(artifact_open(&fd, &size, dir, sha), 0);
	CHECK_INT(size, 14);
	close(fd);
	CHECK_INT(artifact_path(path, sizeof path, dir, sha), 0);
	CHECK(strstr(path, "/artifacts/d6/") || strstr(path, "/artifacts/"));
	CHECK_INT(upload("a kernel image", sha, &cause), 0);        /* duplicate: same file */
	CHECK_INT(count_files("artifacts"), 1);
	CHECK_INT(upload("a kernel imagX", sha, &cause), -1);
	CHECK(cause && strstr(cause, "nothing was stored"));
	free(cause);
	cause = NULL;
	CHECK_INT(count_files("artifacts"), 1);
	CHECK_INT(count_files("artifacts/tmp"), 0);
	CHECK_INT(artifact_upload_begin(&(struct artifact_upload *){ NULL }, dir, "../etc", &cause),
		  -1);
	free(cause);
	cause = NULL;
	CHECK_INT(artifact_open(&fd, &size, dir, "../../etc/passwd"), -1);
}

static void test_db_builds(void)
{
	struct db *db;
	char *caps[] = { "build" };
	struct rec_runner reg = { .name = "r1", .runner_class = "c", .capabilities = caps,
				  .ncapabilities = 1 };
	struct proto_job job;
	struct db_build_rec rec = { .state = "ok", .text_size = 10, .image_size = 20 };
	char *cause = NULL, path[512], sha[4][SHA256_HEX_LEN + 1], *token = NULL, role[8];
	long long job_id, build_id, runner, b2, tok = 0;
	json_t *spec, *j;
	struct db_evictable *ev;
	size_t nev;
	struct rec_build b;
	int queued, evicted;

	snprintf(path, sizeof path, "%s/kpci.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	CHECK_INT(db_tree_upsert(db, "fake", "/src/fake"), DB_OK);
	CHECK_INT(db_token_create(db, &token, "runner", "r", "*", &cause), DB_OK);
	CHECK_INT(db_token_check(db, token, role, &tok), DB_OK);
	free(token);
	reg.topology = json_object();
	CHECK_INT(db_runner_register(db, &runner, tok, &reg, &cause), DB_OK);
	spec = json_pack("{s:s, s:s, s:s, s:s}", "tree", "fake", "commit", "abcdef1",
			 "config", "fake.config", "branch", "master");
	CHECK_INT(db_build_queue(db, &job_id, &build_id, spec, NULL, 0, 3), DB_OK);
	CHECK_INT(db_build_get(db, &b, build_id), DB_OK);
	CHECK_STR(b.state, "queued");
	CHECK_STR(b.tree, "fake");
	CHECK(b.duration_ms == REC_NONE && b.image_size == REC_NONE && !b.started_at);
	/* not built yet: the API says null, not 0 */
	j = rec_build_encode(&b);
	CHECK(json_is_null(json_object_get(j, "duration_ms")));
	CHECK(json_is_null(json_object_get(j, "finished_at")));
	CHECK(json_is_array(json_object_get(j, "artifacts")));
	json_decref(j);
	rec_build_dispose(&b);
	CHECK_INT(db_build_get(db, &b, build_id + 100), DB_NOTFOUND);
	/* not leased yet: the record is refused */
	CHECK_INT(db_build_record(db, &b2, runner, job_id, 1, &rec, &cause), DB_CONFLICT);
	free(cause);
	cause = NULL;
	CHECK_INT(db_job_claim(db, &job, runner, 60), DB_OK);
	CHECK_INT(job.id, job_id);
	proto_job_dispose(&job);
	rec.warnings = json_pack("[s]", "Value requested for CONFIG_X not in final .config");
	rec.zlog = "xx";
	rec.zlog_len = 2;
	rec.log_size = 2;
	CHECK_INT(db_build_record(db, &b2, runner, job_id, 1, &rec, &cause), DB_OK);
	CHECK_INT(b2, build_id);
	CHECK_INT(db_build_get(db, &b, build_id), DB_OK);
	CHECK_STR(b.state, "ok");
	CHECK_INT(b.image_size, 20);
	CHECK_INT(b.nwarnings, 1);
	CHECK_STR(b.warnings[0], "Value requested for CONFIG_X not in final .config");
	rec_build_dispose(&b);
	json_decref(rec.warnings);

	/* artifacts: three stored, two linked to the build */
	for (int i = 0; i < 3; i++) {
		char text[16];

		snprintf(text, sizeof text, "artifact %d", i);
		sha256_hex(sha[i], text, strlen(text));
		CHECK_INT(db_artifact_add(db, sha[i], 1000), DB_OK);
	}
	CHECK_INT(db_build_link_artifact(db, runner, job_id, 1, "bzImage", sha[0], &cause), DB_OK);
	CHECK_INT(db_build_link_artifact(db, runner, job_id, 1, "System.map", sha[1], &cause),
		  DB_OK);
	sha256_hex(sha[3], "never", 5);
	CHECK_INT(db_build_link_artifact(db, runner, job_id, 1, "x", sha[3], &cause), DB_NOTFOUND);
	free(cause);
	cause = NULL;
	CHECK_INT(db_artifacts_total(db), 3000);
	CHECK_INT(db_build_get(db, &b, build_id), DB_OK);
	CHECK_INT(b.nartifacts, 2);
	CHECK_STR(b.artifacts[0].name, "System.map");
	CHECK_INT(b.artifacts[1].size, 1000);
	rec_build_dispose(&b);
	/* the build is the last of its branch: only the unlinked one may go */
	CHECK_INT(db_artifacts_evictable(db, &ev, &nev, 1, 10), DB_OK);
	CHECK_INT(nev, 1);
	CHECK_STR(ev[0].sha256, sha[2]);
	free(ev);
	CHECK_INT(db_artifacts_evictable(db, &ev, &nev, 0, 10), DB_OK);
	CHECK_INT(nev, 3);
	free(ev);
	CHECK_INT(artifact_gc(db, dir, 2500, 1, &evicted), 0);
	CHECK_INT(evicted, 1);
	CHECK_INT(db_artifacts_total(db), 2000);
	CHECK_INT(artifact_gc(db, dir, 100, 1, &evicted), 0);   /* the rest is kept */
	CHECK_INT(evicted, 0);

	CHECK_INT(db_build_queue_benches(db, &queued, build_id, "kbench stress", "a b", "qemu", 3),
		  DB_OK);
	CHECK_INT(queued, 4);
	{
		struct rec_jobs jobs;

		CHECK_INT(db_jobs_list(db, &jobs, "queued", 10, 0), DB_OK);
		CHECK_INT(jobs.n, 4);
		CHECK_STR(json_string_value(json_object_get(jobs.v[0].spec, "config")),
			  "fake.config");
		CHECK_STR(jobs.v[0].kind, "bench");
		CHECK_INT(jobs.v[0].build_id, build_id);
		rec_jobs_dispose(&jobs);
	}
	CHECK_INT(db_build_queue_benches(db, &queued, build_id, "kbench", "", "host", 3), DB_OK);
	CHECK_INT(queued, 1);
	json_decref(spec);
	json_decref(reg.topology);
	db_close(db);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_merge();
	test_shipped_config();
	test_outputs();
	test_sha256();
	test_store();
	test_db_builds();
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
