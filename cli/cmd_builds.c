// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_builds.c - kernel builds from the command line: list them, show one
 * with its artifacts and merge_config warnings, print a build log, and
 * download an artifact verified by its sha256 (see docs/builds.md).
 * Builds are read back from kpcid's answers with the decoders of
 * lib/rec.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/cmd_builds.h"
#include "lib/buf.h"
#include "lib/rec.h"
#include "lib/sha256.h"

/* A measure as a number, 0 when not known. */
static long long cmd_build_measure(long long v)
{
	return v == REC_NONE ? 0 : v;
}

/* A text field, "-" when there is none. */
static const char *cmd_build_text(const char *s)
{
	return s ? s : "-";
}

/* A positive id from argv[1]; 0 after a usage message. */
static long long cmd_build_id(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: kpci %s ID\n", argv[0]);
		return 0;
	}
	return cli_id(argv[0], "build", argv[1]);
}

int cmd_builds(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "state", "limit", "offset", NULL };
	struct rec_builds l;
	char *cause = NULL;
	int usage;
	json_t *a;

	a = cli_get(cli, "/api/v1/builds", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json) {
		cli_print_json(a);
		json_decref(a);
		return 0;
	}
	if (rec_builds_decode(&l, json_object_get(a, "builds"), &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-5s %-12s %-12s %-20s %-8s %8s %10s %10s  %s\n", "ID", "TREE", "COMMIT",
	       "CONFIG", "STATE", "SECONDS", "TEXT", "BZIMAGE", "ERROR");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_build *b = &l.v[i];
		const char *err = b->error;

		printf("%-5lld %-12.12s %-12.12s %-20.20s %-8s %8.1f %10lld %10lld  %.*s\n",
		       b->id, cmd_build_text(b->tree), b->commit_sha, b->config_name, b->state,
		       (double)cmd_build_measure(b->duration_ms) / 1000.0,
		       cmd_build_measure(b->text_size), cmd_build_measure(b->image_size),
		       err ? (int)strcspn(err, "\n") : 0, err ? err : "");
	}
	rec_builds_dispose(&l);
	return 0;
}

int cmd_build(struct cli *cli, int argc, char **argv)
{
	long long id = cmd_build_id(argc, argv);
	char path[64], *cause = NULL;
	struct rec_build b;
	size_t i;
	json_t *j;

	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/builds/%lld", id);
	j = cli_call(cli, "GET", path, NULL, NULL);
	if (!j)
		return 1;
	if (cli->json) {
		cli_print_json(j);
		json_decref(j);
		return 0;
	}
	if (rec_build_decode(&b, j, "", &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(j);
		return 1;
	}
	json_decref(j);
	printf("build %lld: %s %s %s (%s)\n", id, cmd_build_text(b.tree), b.commit_sha,
	       b.config_name, b.state);
	printf("compiler: %s, make -j%lld, %.1f s\n", cmd_build_text(b.compiler),
	       cmd_build_measure(b.make_jobs), (double)cmd_build_measure(b.duration_ms) / 1000.0);
	printf("vmlinux: text %lld data %lld bss %lld; bzImage %lld bytes\n",
	       cmd_build_measure(b.text_size), cmd_build_measure(b.data_size),
	       cmd_build_measure(b.bss_size), cmd_build_measure(b.image_size));
	for (i = 0; i < b.nartifacts; i++)
		printf("artifact %-12s %s %lld bytes\n", b.artifacts[i].name, b.artifacts[i].sha256,
		       b.artifacts[i].size);
	for (i = 0; i < b.nwarnings; i++)
		printf("warning: %s\n", b.warnings[i]);
	if (b.error)
		printf("error:\n%s\n", b.error);
	rec_build_dispose(&b);
	return 0;
}

int cmd_build_log(struct cli *cli, int argc, char **argv)
{
	long long id = cmd_build_id(argc, argv);
	char path[64], tmp[] = "/tmp/kpci-log.XXXXXX", *cause = NULL;
	char block[8192];
	FILE *f;
	size_t n;
	int fd;

	if (!id)
		return 2;
	/* the log is text, not JSON: fetched like a file, then printed */
	snprintf(path, sizeof path, "/api/v1/builds/%lld/log", id);
	fd = mkstemp(tmp);
	if (fd < 0) {
		perror("kpci build-log: mkstemp");
		return 1;
	}
	close(fd);
	if (client_download(&cli->client, path, tmp, NULL, &cause) < 0) {
		fprintf(stderr, "kpci: %s\n", cause ? cause : "cannot read the log");
		free(cause);
		unlink(tmp);
		return 1;
	}
	f = fopen(tmp, "r");
	while (f && (n = fread(block, 1, sizeof block, f)) > 0)
		fwrite(block, 1, n, stdout);
	if (f)
		fclose(f);
	unlink(tmp);
	return 0;
}

int cmd_artifact(struct cli *cli, int argc, char **argv)
{
	struct buf path;
	char *cause = NULL;
	int rc;

	if (argc != 3 || !sha256_hex_ok(argv[1])) {
		fprintf(stderr, "usage: kpci artifact SHA256 FILE  (SHA256: 64 lowercase hex digits)\n");
		return 2;
	}
	buf_init(&path, 256);
	buf_printf(&path, "/api/v1/artifacts/download?sha256=%s", argv[1]);
	rc = client_download(&cli->client, buf_str(&path), argv[2], argv[1], &cause);
	buf_dispose(&path);
	if (rc < 0) {
		fprintf(stderr, "kpci: %s\n", cause ? cause : "download failed");
		free(cause);
		return 1;
	}
	printf("%s: %s verified\n", argv[2], argv[1]);
	return 0;
}
