/*
 * config.h - kpci-runner's configuration (configs/kpci-runner.ini).
 */
#ifndef KPCI_RUNNERS_CONFIG_H
#define KPCI_RUNNERS_CONFIG_H

#include "lib/buf.h"

struct rconfig {
	/* [runner] */
	char *server;
	char *token;
	char *token_file;
	char *name;             /* default: the host name */
	char *runner_class;     /* default: the name */
	char *work_dir;
	char *capabilities;     /* space-separated: bench build */
	char *boot_methods;     /* space-separated: host qemu kexec */
	long long poll_min;     /* seconds between claims when busy */
	long long poll_max;     /* longest wait when idle (backoff) */
	/* [log] */
	char *log_level;
};

int rconfig_init(struct rconfig *c);
/* Returns the number of errors, each a "file:line: ..." line in errs. */
int rconfig_load(struct rconfig *c, const char *path, struct buf *errs);
int rconfig_set(struct rconfig *c, const char *key, const char *value, char **cause);
/* Fills name, class and token (from token_file) where unset; -1 with *cause. */
int rconfig_finish(struct rconfig *c, char **cause);
void rconfig_free(struct rconfig *c);

#endif
