// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - kpci-runner: the agent on a build or benchmark machine.
 *
 *   kpci-runner [-c FILE] [--server URL] [--token T] [--name N] [--class C]
 *               [--work-dir DIR] [--once] [--idle-exit SECONDS]
 *   kpci-runner --print-topology
 *   kpci-runner --check-config -c FILE
 *   kpci-runner [-c FILE] --print-guest-dir   (where the guest parts are found)
 * The token may also come from KPCI_TOKEN.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "lib/fs.h"
#include "lib/log.h"
#include "runners/agent.h"
#include "runners/config.h"
#include "runners/progress.h"
#include "runners/topology.h"

#define RUNNER_PRINT_GUEST_DIR 2    /* check mode: print [qemu] guest_dir and stop */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kpci-runner [-c FILE] [--server URL] [--token TOKEN | --token-file FILE]\n"
		"                   [--name NAME] [--class CLASS] [--work-dir DIR] [--once]\n"
		"                   [--idle-exit SECONDS]\n"
		"       kpci-runner --print-topology\n"
		"       kpci-runner --check-config -c FILE\n"
		"       kpci-runner [-c FILE] --print-guest-dir\n");
}

/* SIGTERM: stop after the job in hand.  SIGINT (Ctrl-C), or a second
 * signal: stop now, giving the job in hand back to kpcid. */
static void on_signal(int sig)
{
	if (sig == SIGINT || *agent_stopping_flag())
		progress_abandon();
	agent_stop();
}

static int print_topology(void)
{
	char *cause = NULL;
	json_t *t = topo_collect(&cause);

	if (!t) {
		fprintf(stderr, "kpci-runner: %s\n", cause ? cause : "no topology");
		free(cause);
		return 1;
	}
	json_dumpf(t, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
	putchar('\n');
	json_decref(t);
	return 0;
}

static int make_dir(const char *path)
{
	if (fs_mkdirs(path) < 0) {
		fprintf(stderr, "kpci-runner: cannot create %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Flags that override [runner] keys, indexed by their getopt letter. */
static const char *const runner_flag_keys[] = {
	['s'] = "server", ['t'] = "token", ['T'] = "token_file", ['n'] = "name",
	['C'] = "class", ['w'] = "work_dir", ['I'] = "idle_exit",
};
#define RUNNER_NKEYS (sizeof runner_flag_keys / sizeof runner_flag_keys[0])

/* Everything after the command line is parsed; returns the exit status. */
static int run(struct rconfig *cfg, struct agent *a, const char *config_path,
	       const char *env_token, const char *const *overrides, int check,
	       struct buf *errs)
{
	enum log_level lvl = LOG_INFO;
	char *cause = NULL, *abs_work;
	int rc;

	if (config_path && rconfig_load(cfg, config_path, errs) > 0) {
		fputs(buf_str(errs), stderr);
		fprintf(stderr, "kpci-runner: configuration has errors\n");
		return 1;
	}
	if (env_token && !overrides['t'] && !overrides['T'] &&
	    rconfig_set(cfg, "token", env_token, &cause) < 0)
		goto bad_flag;
	for (size_t i = 0; i < RUNNER_NKEYS; i++)
		if (overrides[i] && rconfig_set(cfg, runner_flag_keys[i], overrides[i], &cause) < 0)
			goto bad_flag;
	if (rconfig_finish(cfg, &cause) < 0) {
		fprintf(stderr, "kpci-runner: %s\n", cause ? cause : "bad configuration");
		free(cause);
		return 1;
	}
	if (check == RUNNER_PRINT_GUEST_DIR) {
		printf("%s\n", cfg->qemu_guest_dir ? cfg->qemu_guest_dir : "");
		return cfg->qemu_guest_dir ? 0 : 1;
	}
	if (check) {
		printf("configuration OK\n");
		return 0;
	}
	log_level_parse(&lvl, cfg->log_level);
	log_set_level(lvl);
	if (make_dir(cfg->work_dir) < 0)
		return 1;
	/* Builds and boots run git, make and qemu in other directories: the
	 * work directory is used by its absolute path from here on. */
	abs_work = realpath(cfg->work_dir, NULL);
	if (!abs_work) {
		fprintf(stderr, "kpci-runner: work_dir %s: %s\n", cfg->work_dir, strerror(errno));
		return 1;
	}
	free(cfg->work_dir);
	cfg->work_dir = abs_work;
	snprintf(a->spool_dir, sizeof a->spool_dir, "%s/spool", cfg->work_dir);
	if (make_dir(a->spool_dir) < 0)
		return 1;
	a->topology = topo_collect(&cause);
	if (!a->topology) {
		fprintf(stderr, "kpci-runner: %s\n", cause ? cause : "no topology");
		free(cause);
		return 1;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGPIPE, SIG_IGN);
	rc = agent_run(a);
	json_decref(a->topology);
	return rc;
bad_flag:
	fprintf(stderr, "kpci-runner: %s\n", cause ? cause : "bad value");
	free(cause);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "server", required_argument, NULL, 's' },
		{ "token", required_argument, NULL, 't' },
		{ "token-file", required_argument, NULL, 'T' },
		{ "name", required_argument, NULL, 'n' },
		{ "class", required_argument, NULL, 'C' },
		{ "work-dir", required_argument, NULL, 'w' },
		{ "once", no_argument, NULL, '1' },
		{ "idle-exit", required_argument, NULL, 'I' },
		{ "print-topology", no_argument, NULL, 'P' },
		{ "check-config", no_argument, NULL, 'K' },
		{ "print-guest-dir", no_argument, NULL, 'G' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *overrides[RUNNER_NKEYS] = { 0 };
	const char *config_path = NULL, *env_token = getenv("KPCI_TOKEN");
	struct rconfig cfg;
	struct agent a = { .cfg = &cfg };
	struct buf errs;
	int c, check = 0, rc;

	log_init("kpci-runner");
	while ((c = getopt_long(argc, argv, "c:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': config_path = optarg; break;
		case 's': case 't': case 'T': case 'n': case 'C': case 'w': case 'I':
			overrides[c] = optarg;
			break;
		case '1': a.once = 1; break;
		case 'P': return print_topology();
		case 'K': check = 1; break;
		case 'G': check = RUNNER_PRINT_GUEST_DIR; break;
		case 'V': printf("kpci-runner %s\n", KPCI_VERSION); return 0;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "kpci-runner: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (check == 1 && !config_path) {
		fprintf(stderr, "kpci-runner: --check-config needs -c FILE\n");
		return 2;
	}
	buf_init(&errs, 1 << 16);
	rc = rconfig_init(&cfg) < 0 ? 1 : run(&cfg, &a, config_path, env_token, overrides,
						 check, &errs);
	rconfig_dispose(&cfg);
	buf_dispose(&errs);
	return rc;
}
