/*
 * cmd_builds.c - kernel builds from the command line: list them, show one
 * with its artifacts and merge_config warnings, print a build log, and
 * download an artifact verified by its sha256 (see docs/builds.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/cmd_builds.h"
#include "lib/buf.h"
#include "lib/sha256.h"

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
	int usage;
	json_t *a, *b;
	size_t i;

	a = cli_get(cli, "/api/v1/builds", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json) {
		cli_print_json(a);
		json_decref(a);
		return 0;
	}
	printf("%-5s %-12s %-12s %-20s %-8s %8s %10s %10s  %s\n", "ID", "TREE", "COMMIT",
	       "CONFIG", "STATE", "SECONDS", "TEXT", "BZIMAGE", "ERROR");
	json_array_foreach(json_object_get(a, "builds"), i, b) {
		const char *err = json_string_value(json_object_get(b, "error"));

		printf("%-5lld %-12.12s %-12.12s %-20.20s %-8s %8.1f %10lld %10lld  %.*s\n",
		       cli_jint(b, "id"), cli_jstr(b, "tree"), cli_jstr(b, "commit_sha"),
		       cli_jstr(b, "config_name"), cli_jstr(b, "state"),
		       (double)cli_jint(b, "duration_ms") / 1000.0, cli_jint(b, "text_size"),
		       cli_jint(b, "image_size"), err ? (int)strcspn(err, "\n") : 0, err ? err : "");
	}
	json_decref(a);
	return 0;
}

int cmd_build(struct cli *cli, int argc, char **argv)
{
	long long id = cmd_build_id(argc, argv);
	char path[64];
	json_t *b, *x;
	size_t i;

	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/builds/%lld", id);
	b = cli_call(cli, "GET", path, NULL, NULL);
	if (!b)
		return 1;
	if (cli->json) {
		cli_print_json(b);
		json_decref(b);
		return 0;
	}
	printf("build %lld: %s %s %s (%s)\n", id, cli_jstr(b, "tree"), cli_jstr(b, "commit_sha"),
	       cli_jstr(b, "config_name"), cli_jstr(b, "state"));
	printf("compiler: %s, make -j%lld, %.1f s\n", cli_jstr(b, "compiler"),
	       cli_jint(b, "make_jobs"), (double)cli_jint(b, "duration_ms") / 1000.0);
	printf("vmlinux: text %lld data %lld bss %lld; bzImage %lld bytes\n",
	       cli_jint(b, "text_size"), cli_jint(b, "data_size"), cli_jint(b, "bss_size"),
	       cli_jint(b, "image_size"));
	json_array_foreach(json_object_get(b, "artifacts"), i, x)
		printf("artifact %-12s %s %lld bytes\n", cli_jstr(x, "name"), cli_jstr(x, "sha256"),
		       cli_jint(x, "size"));
	json_array_foreach(json_object_get(b, "warnings"), i, x)
		printf("warning: %s\n", json_string_value(x));
	if (json_is_string(json_object_get(b, "error")))
		printf("error:\n%s\n", cli_jstr(b, "error"));
	json_decref(b);
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
