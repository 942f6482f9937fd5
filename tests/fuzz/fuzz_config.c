// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_config.c - libFuzzer target for the configuration files: the input
 * is written to a file and read as kpcid.ini (daemon/config.c, the key
 * table over lib/conf.c and libinih, and each subsystem's check of its
 * sections) and as kpci-runner.ini
 * (runners/config.c).  Every input gives a configuration or errors, each
 * a line "FILE:LINE: ...".  Seeds: tests/fuzz/seeds/config/ (the shipped
 * files).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/config.h"
#include "daemon/kpcid.h"
#include "runners/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_errors(const struct buf *errs, const char *path)
{
	const char *p = buf_str(errs);

	while (*p) {
		if (strncmp(p, path, strlen(path))) {
			fprintf(stderr, "fuzz_config: an error does not name the file: %.200s\n", p);
			abort();
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : "";
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct config c;
	struct rconfig rc;
	struct buf errs;
	FILE *f;

	if (!path[0])
		snprintf(path, sizeof path, "/tmp/kpci-fuzz-config.%d.ini", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	buf_init(&errs, 1 << 20);
	if (config_init(&c) == 0) {
		kpcid_config_load(&c, path, &errs);
		check_errors(&errs, path);
		free(config_db_path(&c));
		config_dispose(&c);
	}
	buf_reset(&errs);
	if (rconfig_init(&rc) == 0) {
		rconfig_load(&rc, path, &errs);
		check_errors(&errs, path);
		rconfig_dispose(&rc);
	}
	buf_dispose(&errs);
	return 0;
}
