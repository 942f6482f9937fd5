// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - kpcid: read the configuration, open the database, serve HTTP,
 * expire job leases, analyse and bisect, reload on SIGHUP and stop
 * cleanly on SIGTERM.
 *
 *   kpcid [-c FILE] [--listen HOST:PORT] [--db PATH] [--data-dir DIR]
 *   kpcid --check-config -c FILE
 *   kpcid [-c FILE] [--db PATH] token create --role admin|read [--name N]
 *   kpcid [-c FILE] [--db PATH] token create --role runner --classes C1,C2 [--name N]
 *   kpcid [-c FILE] [--db PATH] token list | token revoke ID
 *   kpcid [-c FILE] [--db PATH] kcidb export [--dry-run]
 *   kpcid [-c FILE] [--db PATH] backup PATH
 *   kpcid [-c FILE] [--db PATH] compact
 */
#include <errno.h>
#include <pthread.h>
#include <getopt.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "daemon/alert/alert.h"
#include "daemon/analyze/analyze.h"
#include "daemon/analyze/confirm.h"
#include "daemon/api/api.h"
#include "daemon/bisect/bisector.h"
#include "daemon/export/kcidb.h"
#include "daemon/http/cache.h"
#include "daemon/http/health.h"
#include "daemon/http/http.h"
#include "daemon/http/prom.h"
#include "daemon/kpcid.h"
#include "daemon/retention.h"
#include "daemon/watch/watch.h"
#include "db/db.h"
#include "lib/conf.h"
#include "lib/fs.h"
#include "lib/log.h"
#include "lib/mono.h"

#define KPCID_TICK_S 1          /* how often leases are checked */
#define KPCID_MMAP_MIN (1 << 20) /* allocations this large are mapped, and unmapped when freed */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kpcid [-c FILE] [--listen HOST:PORT] [--db PATH] [--data-dir DIR]\n"
		"       kpcid --check-config -c FILE\n"
		"       kpcid [-c FILE] [--db PATH] token create --role admin|read [--name NAME]\n"
		"       kpcid [-c FILE] [--db PATH] token create --role runner --classes C1,C2|'*' "
		"[--name NAME]\n"
		"       kpcid [-c FILE] [--db PATH] token list\n"
		"       kpcid [-c FILE] [--db PATH] token revoke ID\n"
		"       kpcid [-c FILE] [--db PATH] kcidb export [--dry-run]\n"
		"       kpcid [-c FILE] [--db PATH] backup PATH\n"
		"       kpcid [-c FILE] [--db PATH] compact\n");
}

static int open_db(struct kpcid *k)
{
	char *path = config_db_path(&k->cfg), *cause = NULL;

	if (!path)
		return -1;
	if (!k->cfg.database && fs_mkdirs(k->cfg.data_dir) < 0) {
		fprintf(stderr, "kpcid: cannot create data directory %s: %s\n", k->cfg.data_dir,
			strerror(errno));
		free(path);
		return -1;
	}
	if (db_open(&k->db, path, &cause) != DB_OK) {
		fprintf(stderr, "kpcid: %s\n", cause ? cause : "cannot open the database");
		free(cause);
		free(path);
		return -1;
	}
	free(path);
	return 0;
}

/* Whether path (config_db_path's) names a database file; says so on
 * stderr, for command cmd, when it does not. */
static int db_exists(const char *cmd, const char *path)
{
	if (path && access(path, F_OK) == 0)
		return 1;
	fprintf(stderr, "kpcid: %s: there is no database at %s (-c, --db and --data-dir say "
		"where it is)\n", cmd, path ? path : "?");
	return 0;
}

/* backup PATH: a consistent copy of the database in the new file PATH,
 * made while kpcid serves (db/db_backup.c); 0 when it is made and whole. */
static int cmd_backup(struct kpcid *k, int argc, char **argv)
{
	char *path = config_db_path(&k->cfg), *cause = NULL;
	long long bytes;
	int rc = 1;

	if (argc != 2) {
		fprintf(stderr, "kpcid: backup needs one argument, the new file to write the "
			"copy to\n");
		rc = 2;
	} else if (db_exists("backup", path) && open_db(k) == 0) {
		if (db_backup(k->db, argv[1], &bytes, &cause) == DB_OK) {
			printf("backup: %s copied to %s (%lld bytes), its integrity check ok\n",
			       path, argv[1], bytes);
			rc = 0;
		} else {
			fprintf(stderr, "kpcid: %s\n", cause ? cause : "backup failed");
		}
	}
	free(cause);
	free(path);
	return rc;
}

/* compact: the database rewritten in incremental auto-vacuum mode without
 * its free pages, with kpcid stopped (db/db_compact.c); 0 when done. */
static int cmd_compact(struct kpcid *k, int argc, char **argv)
{
	static const char *const modes[] = { "none", "full", "incremental" };
	char *path = config_db_path(&k->cfg), *cause = NULL;
	struct db_compact c;
	int rc = 1;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "kpcid: compact takes no argument (-c, --db and --data-dir say "
			"which database)\n");
		rc = 2;
	} else if (!db_exists("compact", path)) {
		rc = 1;
	} else if (db_compact(path, &c, &cause) == DB_OK) {
		printf("compact: %s: %lld bytes before (%lld free pages, auto-vacuum %s), "
		       "%lld bytes after (auto-vacuum incremental)\n", path, c.bytes_before,
		       c.free_pages, c.mode_before >= 0 && c.mode_before <= 2 ?
		       modes[c.mode_before] : "?", c.bytes_after);
		rc = 0;
	} else {
		fprintf(stderr, "kpcid: %s\n", cause ? cause : "compact failed");
	}
	free(cause);
	free(path);
	return rc;
}

static int cmd_token(struct kpcid *k, int argc, char **argv)
{
	const char *role = NULL, *name = "unnamed", *classes = NULL;
	char *token = NULL, *cause = NULL, *end;
	struct db_token *tokens;
	long long id;
	size_t i, n;
	int rc = 1;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "create")) {
		for (int a = 2; a < argc; a++) {
			if (!strcmp(argv[a], "--role") && a + 1 < argc)
				role = argv[++a];
			else if (!strcmp(argv[a], "--name") && a + 1 < argc)
				name = argv[++a];
			else if (!strcmp(argv[a], "--classes") && a + 1 < argc)
				classes = argv[++a];
			else {
				fprintf(stderr, "kpcid: token create: unexpected argument '%s'\n", argv[a]);
				return 2;
			}
		}
		if (!role || (strcmp(role, "admin") && strcmp(role, "runner") &&
			      strcmp(role, "read"))) {
			fprintf(stderr, "kpcid: token create needs --role admin, runner or read\n");
			return 2;
		}
		if (!strcmp(role, "runner") && !classes) {
			fprintf(stderr, "kpcid: token create --role runner needs --classes: the runner "
				"classes its runners may serve (C1,C2), or '*' for any\n");
			return 2;
		}
		if (strcmp(role, "runner") && classes) {
			fprintf(stderr, "kpcid: --classes is for runner tokens only\n");
			return 2;
		}
		if (open_db(k) < 0)
			return 1;
		if (db_token_create(k->db, &token, role, name, classes, &cause) == DB_OK) {
			printf("%s\n", token);
			rc = 0;
		} else {
			fprintf(stderr, "kpcid: %s\n", cause ? cause : "cannot create the token");
		}
	} else if (!strcmp(argv[1], "list") && argc == 2) {
		if (open_db(k) < 0)
			return 1;
		if (db_tokens_list(k->db, &tokens, &n) != DB_OK) {
			fprintf(stderr, "kpcid: cannot list the tokens: database error\n");
			return 1;
		}
		printf("%-5s %-8s %-8s %-24s %s\n", "ID", "ROLE", "REVOKED", "NAME", "CLASSES");
		for (i = 0; i < n; i++)
			printf("%-5lld %-8s %-8s %-24s %s\n", tokens[i].id, tokens[i].role,
			       tokens[i].revoked ? "yes" : "no", tokens[i].name,
			       tokens[i].runner_classes ? tokens[i].runner_classes : "-");
		db_tokens_free(tokens, n);
		rc = 0;
	} else if (!strcmp(argv[1], "revoke") && argc == 3) {
		id = strtoll(argv[2], &end, 10);
		if (!*argv[2] || *end || id <= 0) {
			fprintf(stderr, "kpcid: token revoke: '%s' is not a token id\n", argv[2]);
			return 2;
		}
		if (open_db(k) < 0)
			return 1;
		rc = db_token_revoke(k->db, id) == DB_OK ? 0 : 1;
		if (rc)
			fprintf(stderr, "kpcid: token %lld does not exist\n", id);
	} else {
		usage(stderr);
		return 2;
	}
	free(token);
	free(cause);
	return rc;
}

/* Applies the command-line overrides to c; -1 with a line in errs. */
static int kpcid_apply_flags(struct kpcid *k, struct config *c, struct buf *errs)
{
	static const struct { const char *section, *key; } flag_keys[KPCID_FLAGS] = {
		{ "server", "listen" }, { "storage", "database" }, { "storage", "data_dir" },
	};
	char *cause = NULL;

	for (int i = 0; i < KPCID_FLAGS; i++) {
		if (!k->flags[i])
			continue;
		if (config_set(c, flag_keys[i].section, flag_keys[i].key, k->flags[i], &cause) < 0) {
			buf_printf(errs, "command line: %s\n", cause ? cause : "bad value");
			free(cause);
			return -1;
		}
	}
	return 0;
}

/* Puts the trees of the configuration into the database. */
static void sync_trees(struct kpcid *k)
{
	for (struct config_tree *t = k->cfg.trees; t; t = t->next)
		if (db_tree_upsert(k->db, t->name, t->url) != DB_OK)
			log_error("cannot record tree %s", t->name);
}

int kpcid_config_load(struct config *c, const char *path, struct buf *errs)
{
	int n = config_load(c, path, errs);
	char *why = NULL;

	if (alert_config_check(c, &why) < 0) {
		buf_printf(errs, "%s: %s\n", path, why ? why : "bad [alert] section");
		free(why);
		why = NULL;
		n++;
	}
	if (kcidb_config_check(c, &why) < 0) {
		buf_printf(errs, "%s: %s\n", path, why ? why : "bad [kcidb] section");
		free(why);
		why = NULL;
		n++;
	}
	for (struct config_tree *t = c->trees; t; t = t->next) {
		if (watch_tree_check(t, &why) < 0) {
			buf_printf(errs, "%s: %s\n", path, why ? why : "bad [tree] section");
			free(why);
			why = NULL;
			n++;
		}
	}
	return n;
}

static void reload(struct kpcid *k)
{
	struct config fresh;
	struct http_settings hs;
	struct buf errs, ignored;

	buf_init(&errs, 1 << 16);
	buf_init(&ignored, 4096);
	if (!k->config_path) {
		log_info("SIGHUP: no configuration file to reload");
		goto out;
	}
	if (config_init(&fresh) < 0)
		goto out;
	if (kpcid_config_load(&fresh, k->config_path, &errs) > 0 ||
	    kpcid_apply_flags(k, &fresh, &errs) < 0) {
		log_error("SIGHUP: configuration kept as it was, %s has errors:\n%s",
			  k->config_path, buf_str(&errs));
	} else {
		config_reload(&k->cfg, &fresh, &ignored);
		if (config_trees_differ(&k->cfg, &fresh))
			buf_adds(&ignored, " [tree ...]");
		kpcid_publish_config(k);
		http_settings_of(&hs, &k->cfg);
		http_configure(k->http, &hs);
		cache_clear();      /* pages may render configuration */
		if (ignored.len)
			log_warn("SIGHUP: these keys need a restart to change:%s", buf_str(&ignored));
		log_info("SIGHUP: configuration reloaded from %s", k->config_path);
	}
	config_dispose(&fresh);
out:
	buf_dispose(&errs);
	buf_dispose(&ignored);
}

/* Serves until SIGTERM or SIGINT; returns the exit status. */
static int serve(struct kpcid *k)
{
	struct timespec tick = { KPCID_TICK_S, 0 };
	struct http_settings hs;
	char *cause = NULL;
	sigset_t set;
	int port, sig, requeued, failed;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	/* Blocked before any thread starts, so only sigtimedwait sees them. */
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (open_db(k) < 0)
		return 1;
	if (health_start(k) < 0)
		log_warn("cannot start the integrity check of the database");
	sync_trees(k);
	/* Started in this order, stopped in the reverse one. */
	if (watch_start(&k->watcher, k->db, &k->cfg, &cause) < 0)
		goto fail_watch;
	if (alert_start(k, &cause) < 0)
		goto fail_alert;
	if (kcidb_start(k, &cause) < 0)
		goto fail_kcidb;
	http_settings_of(&hs, &k->cfg);
	if (http_start(&k->http, k, &api_app, k->cfg.listen, &hs, &port, &cause) < 0)
		goto fail_http;
	{
		char *host = NULL;

		conf_parse_hostport(&host, NULL, k->cfg.listen);
		log_info("listening on http://%s%s%s:%d/", strchr(host, ':') ? "[" : "", host,
			 strchr(host, ':') ? "]" : "", port);
		free(host);
	}
	for (;;) {
		sig = sigtimedwait(&set, NULL, &tick);
		if (sig == SIGTERM || sig == SIGINT)
			break;
		if (sig == SIGHUP)
			reload(k);
		if (!health_can_store(k, NULL, NULL, 0))
			continue;   /* health says why; nothing is written meanwhile */
		if (db_job_expire_leases(k->db, &requeued, &failed) == DB_OK &&
		    (requeued || failed))
			log_warn("leases expired: %d jobs requeued, %d failed", requeued, failed);
		if (k->cfg.analysis_enabled) {
			double t0 = mono_now();

			analyze_tick(k->db, &k->cfg);
			prom_analysis_observe(mono_now() - t0);
		}
		confirm_tick(k);            /* daemon/analyze/confirm.c */
		bisector_tick(k);           /* daemon/bisect/bisector.c */
		retention_tick(k);          /* daemon/retention.c */
	}
	log_info("stopping: finishing requests in flight");
	watch_stop(k->watcher);
	kcidb_stop();
	http_stop(k->http);
	k->http = NULL;
	alert_stop(k);
	bisector_free();
	health_stop();
	log_info("stopped");
	return 0;

fail_http:
	kcidb_stop();
fail_kcidb:
	alert_stop(k);
fail_alert:
	watch_stop(k->watcher);
fail_watch:
	health_stop();
	fprintf(stderr, "kpcid: %s\n", cause ? cause : "cannot start");
	free(cause);
	return 1;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "listen", required_argument, NULL, 'l' },
		{ "db", required_argument, NULL, 'd' },
		{ "data-dir", required_argument, NULL, 'D' },
		{ "check-config", no_argument, NULL, 'C' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct kpcid k = { 0 };
	struct buf errs;
	int c, check = 0, rc;

	log_init("kpcid");
	/* Request bodies of megabytes: glibc would raise its mmap threshold
	 * after the first is freed and keep the next ones in heaps it does
	 * not give back (100 uploads of 15 MiB left 2.4 GB resident). */
	mallopt(M_MMAP_THRESHOLD, KPCID_MMAP_MIN);
	/* Handlers run on many worker threads; glibc's default of 8 heaps
	 * per CPU let them grow apart (resident memory 240 -> 330 MiB in 20 s of
	 * wrk over 64 connections); one heap per CPU stays flat. */
	mallopt(M_ARENA_MAX, (int)sysconf(_SC_NPROCESSORS_ONLN));
	while ((c = getopt_long(argc, argv, "+c:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': k.config_path = optarg; break;
		case 'l': k.flags[0] = optarg; break;
		case 'd': k.flags[1] = optarg; break;
		case 'D': k.flags[2] = optarg; break;
		case 'C': check = 1; break;
		case 'V': printf("kpcid %s\n", KPCI_VERSION); return 0;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (check && !k.config_path) {
		fprintf(stderr, "kpcid: --check-config needs -c FILE\n");
		return 2;
	}
	buf_init(&errs, 1 << 16);
	if (config_init(&k.cfg) < 0) {
		rc = 1;
	} else if (k.config_path && kpcid_config_load(&k.cfg, k.config_path, &errs) > 0) {
		fputs(buf_str(&errs), stderr);
		fprintf(stderr, "kpcid: configuration has errors\n");
		rc = 1;
	} else if (kpcid_apply_flags(&k, &k.cfg, &errs) < 0) {
		fprintf(stderr, "kpcid: %s", buf_str(&errs));
		rc = 2;
	} else if (check) {
		printf("configuration OK\n");
		rc = 0;
	} else if (optind < argc && !strcmp(argv[optind], "token")) {
		kpcid_publish_config(&k);
		rc = cmd_token(&k, argc - optind, argv + optind);
	} else if (optind < argc && !strcmp(argv[optind], "backup")) {
		kpcid_publish_config(&k);
		rc = cmd_backup(&k, argc - optind, argv + optind);
	} else if (optind < argc && !strcmp(argv[optind], "compact")) {
		rc = cmd_compact(&k, argc - optind, argv + optind);
	} else if (optind < argc && !strcmp(argv[optind], "kcidb")) {
		kpcid_publish_config(&k);
		rc = open_db(&k) < 0 ? 1 : kcidb_command(&k, argc - optind, argv + optind);
	} else if (optind < argc) {
		fprintf(stderr, "kpcid: unknown command '%s'\n", argv[optind]);
		usage(stderr);
		rc = 2;
	} else {
		kpcid_publish_config(&k);
		rc = serve(&k);
	}
	watch_free(k.watcher);
	db_close(k.db);
	config_dispose(&k.cfg);
	buf_dispose(&errs);
	return rc;
}
