// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_log.c - the build log of kpci-runner's builds: notes written into
 * it, and what a build's outputs say (`size vmlinux`, the first error
 * lines, the tail sent to kpcid, why a module did not build).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "runners/build_internal.h"

void build_note(struct build_state *s, const char *fmt, ...)
{
	va_list ap;

	if (s->log_fd < 0)
		return;
	va_start(ap, fmt);
	dprintf(s->log_fd, "kpci-runner: ");
	vdprintf(s->log_fd, fmt, ap);
	dprintf(s->log_fd, "\n");
	va_end(ap);
}

int build_parse_size(const char *out, long long *text, long long *data, long long *bss)
{
	const char *nl = strchr(out, '\n');

	/* "   text    data     bss     dec     hex filename\n 123 45 6 ..." */
	if (!nl || !strstr(out, "text"))
		return -1;
	return sscanf(nl + 1, "%lld %lld %lld", text, data, bss) == 3 ? 0 : -1;
}

/* 1 when a make output line says what went wrong. */
static int build_is_error_line(const char *l)
{
	static const char *const marks[] = { "error:", "Error ", "*** ", "No space left",
					     "fatal:", "not found", "Killed", NULL };

	for (int i = 0; marks[i]; i++)
		if (strstr(l, marks[i]))
			return 1;
	return 0;
}

char *build_error_lines(const char *log_path)
{
	char line[BUILD_MAX_LINE];
	struct buf b;
	FILE *f = fopen(log_path, "r");
	int n = 0;

	if (!f)
		return NULL;
	buf_init(&b, BUILD_MAX_ERROR_LINES * (BUILD_MAX_LINE + 1));
	while (n < BUILD_MAX_ERROR_LINES && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!build_is_error_line(line))
			continue;
		buf_printf(&b, "%s%s", n ? "\n" : "", line);
		n++;
	}
	fclose(f);
	if (!n) {
		buf_dispose(&b);
		return NULL;
	}
	return buf_steal(&b);
}

char *build_log_tail(const char *log_path)
{
	FILE *f = fopen(log_path, "rb");
	struct buf b;
	char block[8192];
	long size;
	size_t n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	if (size > (long)BUILD_MAX_LOG)
		fseek(f, size - (long)BUILD_MAX_LOG, SEEK_SET);
	else
		fseek(f, 0, SEEK_SET);
	buf_init(&b, BUILD_MAX_LOG + 1);
	while ((n = fread(block, 1, sizeof block, f)) > 0)
		if (buf_add(&b, block, n) < 0)
			break;
	fclose(f);
	/* a log is text; NUL bytes would end the JSON string */
	for (size_t i = 0; i < b.len; i++)
		if (!b.data[i])
			b.data[i] = '?';
	return buf_steal(&b);
}

char *build_module_why(const char *log_path)
{
	char line[BUILD_MAX_LINE], *first = NULL, *err = NULL;
	FILE *f = fopen(log_path, "r");

	if (!f)
		return NULL;
	while (!err && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || !strncmp(line, "make", 4))
			continue;
		if (build_is_error_line(line))
			err = strdup(line);
		else if (!first)
			first = strdup(line);
	}
	fclose(f);
	if (err) {
		free(first);
		return err;
	}
	return first;
}
