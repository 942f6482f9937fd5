/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * log.h - one-line log messages on standard error, shared by all programs.
 *
 * Each line is "TIMESTAMP PROGRAM LEVEL: message".  The level threshold is
 * set once from the configuration and may be changed on reload.
 */
#ifndef KPCI_LOG_H
#define KPCI_LOG_H

enum log_level { LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR };

/* Name the program in every line; prog is borrowed and must outlive logging. */
void log_init(const char *prog);
void log_set_level(enum log_level level);
/* Parses "debug", "info", "warn" or "error"; returns -1 for anything else. */
int log_level_parse(enum log_level *out, const char *name);

void log_msg(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define log_debug(...) log_msg(LOG_DEBUG, __VA_ARGS__)
#define log_info(...)  log_msg(LOG_INFO, __VA_ARGS__)
#define log_warn(...)  log_msg(LOG_WARN, __VA_ARGS__)
#define log_error(...) log_msg(LOG_ERROR, __VA_ARGS__)

#endif
