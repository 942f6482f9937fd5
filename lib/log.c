// SPDX-License-Identifier: GPL-2.0-only
/*
 * log.c - timestamped log lines on standard error.
 *
 * One fprintf per line under the stdio lock, so lines from the HTTP
 * threads never interleave.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lib/log.h"

static const char *log_prog = "kpci";
static enum log_level log_threshold = LOG_INFO;
static const char *const log_names[] = { "debug", "info", "warn", "error" };

void log_init(const char *prog)
{
	log_prog = prog;
}

void log_set_level(enum log_level level)
{
	log_threshold = level;
}

int log_level_parse(enum log_level *out, const char *name)
{
	for (int i = 0; i <= LOG_ERROR; i++) {
		if (!strcmp(name, log_names[i])) {
			*out = (enum log_level)i;
			return 0;
		}
	}
	return -1;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	char stamp[32], msg[2048];
	struct timespec ts;
	struct tm tm;
	va_list ap;

	if (level < log_threshold)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s.%03ldZ %s %s: %s\n", stamp, ts.tv_nsec / 1000000,
		log_prog, log_names[level], msg);
}
