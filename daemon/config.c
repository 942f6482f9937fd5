// SPDX-License-Identifier: GPL-2.0-only
/*
 * config.c - the table of kpcid's configuration keys.
 *
 * Every key is declared once here: section, name, type, default, bounds,
 * whether SIGHUP reloads it.  configs/kpcid.ini documents them for users;
 * tests/unit/test_conf.c checks the error paths.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/config.h"
#include "lib/conf.h"
#include "lib/fail.h"
#include "lib/proto.h"

#define KEY(sec_struct, field) offsetof(sec_struct, field)

static const struct conf_key config_server_keys[] = {
	{ "listen", CONF_HOSTPORT, KEY(struct config, listen), "127.0.0.1:8080", 0, 0, NULL, 0,
	  "address and port of the HTTP server; port 0 picks a free one" },
	{ "threads", CONF_INT, KEY(struct config, threads), "4", 1, 64, NULL, 0,
	  "public reads built from the database at once (pages, lists, series, comparisons)" },
	{ "max_body", CONF_INT, KEY(struct config, max_body), "16777216", 1024, 1LL << 30, NULL, 1,
	  "largest request body accepted, in bytes" },
	{ "public_read", CONF_BOOL, KEY(struct config, public_read), "true", 0, 0, NULL, 1,
	  "whether pages and read-only API calls need no token" },
	{ "max_conns_per_client", CONF_INT, KEY(struct config, max_conns_per_client), "32", 1,
	  100000, NULL, 0, "connections one client address may have open at once" },
	{ "max_connections", CONF_INT, KEY(struct config, max_connections), "4096", 16,
	  1000000, NULL, 0, "connections open at once, all client addresses together" },
	{ "header_timeout", CONF_INT, KEY(struct config, header_timeout), "10", 1, 3600, NULL, 1,
	  "seconds a connection has to send a request's whole header" },
	{ "body_budget_mb", CONF_INT, KEY(struct config, body_budget_mb), "256", 1, 1 << 20,
	  NULL, 1, "MiB of request bodies kpcid holds in memory at once, all requests together" },
	{ NULL },
};

static const struct conf_key config_storage_keys[] = {
	{ "data_dir", CONF_STR, KEY(struct config, data_dir), "/var/lib/kpci", 0, 0, NULL, 0,
	  "directory for the database, mirrors and artifacts" },
	{ "database", CONF_STR, KEY(struct config, database), NULL, 0, 0, NULL, 0,
	  "SQLite file; default DATA_DIR/kpci.db" },
	{ "min_free_mb", CONF_INT, KEY(struct config, min_free_mb), "256", 0, 1LL << 30, NULL, 1,
	  "with less free space beside the database, kpcid stores nothing (507)" },
	{ "max_wal_mb", CONF_INT, KEY(struct config, max_wal_mb), "256", 1, 1LL << 30, NULL, 1,
	  "a WAL larger than this makes health say degraded" },
	{ "fold_after_days", CONF_INT, KEY(struct config, fold_after_days), "0", 0, 36500, NULL,
	  1, "the iterations of a job older than this are folded into one row per metric "
	  "(median, sums, count); 0: never" },
	{ NULL },
};

static const struct conf_key config_jobs_keys[] = {
	{ "lease_seconds", CONF_INT, KEY(struct config, lease_seconds), "120", 1, 86400, NULL, 1,
	  "a claimed job goes back to the queue when its runner is silent this long" },
	{ "max_attempts", CONF_INT, KEY(struct config, max_attempts), "3", 1, 100, NULL, 1,
	  "attempts a job gets before it fails" },
	{ NULL },
};

static const struct conf_key config_artifacts_keys[] = {
	{ "budget_mb", CONF_INT, KEY(struct config, artifacts_budget_mb), "20480", 1,
	  1LL << 30, NULL, 0, "size of the artifact store; least recently used go first" },
	{ "keep_builds", CONF_INT, KEY(struct config, artifacts_keep_builds), "5", 0, 10000,
	  NULL, 0, "the artifacts of this many last builds of a branch are never evicted" },
	{ NULL },
};

static const struct conf_key config_analysis_keys[] = {
	{ "enabled", CONF_BOOL, KEY(struct config, analysis_enabled), "true", 0, 0, NULL, 1,
	  "whether kpcid looks for changes in series that got new samples" },
	{ "batch", CONF_INT, KEY(struct config, analysis_batch), "200", 1, 1000000, NULL, 1,
	  "dirty series one analysis pass (one second) visits at most" },
	{ "settle_seconds", CONF_INT, KEY(struct config, analysis_settle_seconds), "5", 0,
	  86400, NULL, 1, "a series is analysed this long after its first new sample, so "
	  "a burst of results is analysed once" },
	{ "max_noise_percent", CONF_INT, KEY(struct config, analysis_max_noise_percent), "10",
	  1, 1000, NULL, 1, "a metric whose repeated runs vary more (CV, %) is too noisy to judge" },
	{ "target_effect_percent", CONF_INT, KEY(struct config, analysis_target_effect_percent),
	  "2", 1, 100, NULL, 1, "the effect the noise model's iterations-needed figure is for" },
	{ "min_effect_percent", CONF_INT, KEY(struct config, analysis_min_effect_percent), "2",
	  1, 90, NULL, 1, "a change smaller than this (or than the metric's between-job "
	  "spread) is not called changed; verdicts show it same or inconclusive" },
	{ "prior_between_percent", CONF_INT, KEY(struct config,
	  analysis_prior_between_percent), "10", 0, 100, NULL, 1, "the between-job spread "
	  "(CV, %) a verdict assumes for a metric without a noise model; 0: none" },
	{ "more_jobs_max", CONF_INT, KEY(struct config, analysis_more_jobs_max), "3", 1, 20,
	  NULL, 1, "an inconclusive merge or tagged commit is measured again up to this many "
	  "jobs of a suite; 1: never" },
	{ NULL },
};

/* [alert]: reports by mail and webhook (daemon/alert/alert.c, docs/reports.md).
 * None is reloadable: the alerter's thread reads them once at start. */
static const struct conf_key config_alert_keys[] = {
	{ "enabled", CONF_BOOL, KEY(struct config, alert_enabled), "false", 0, 0, NULL, 0,
	  "whether kpcid sends reports about the changes it finds" },
	{ "smtp_url", CONF_STR, KEY(struct config, alert_smtp_url), "", 0, 0, NULL, 0,
	  "smtp://HOST:PORT or smtps://HOST:PORT of the mail server; empty: no mail" },
	{ "tls", CONF_ENUM, KEY(struct config, alert_tls), "required", 0, 0,
	  "none|try|required", 0, "STARTTLS on smtp:// (smtps:// is always TLS)" },
	{ "ca_file", CONF_STR, KEY(struct config, alert_ca_file), "", 0, 0, NULL, 0,
	  "PEM file of the CAs trusted for SMTP and webhooks; empty: the system's" },
	{ "auth_file", CONF_STR, KEY(struct config, alert_auth_file), "", 0, 0, NULL, 0,
	  "file whose first line is USER:PASSWORD of the SMTP login; empty: no login" },
	{ "from", CONF_STR, KEY(struct config, alert_from), "kpci <kpci@localhost.localdomain>",
	  0, 0, NULL, 0, "the From of reports, Name <address>" },
	{ "webhooks_file", CONF_STR, KEY(struct config, alert_webhooks_file), "", 0, 0, NULL, 0,
	  "file of webhooks, one \"generic URL\" or \"slack URL\" a line; empty: none" },
	{ "base_url", CONF_STR, KEY(struct config, alert_base_url), "http://127.0.0.1:8080", 0,
	  0, NULL, 0, "the dashboard's address, for the links in reports" },
	{ "settle_seconds", CONF_INT, KEY(struct config, alert_settle_seconds), "600", 0,
	  604800, NULL, 0, "a change group is reported once its changes were unchanged this long" },
	{ "rate_limit", CONF_INT, KEY(struct config, alert_rate_limit), "20", 0, 100000, NULL,
	  0, "reports mailed to one address per 24 hours; more wait; 0: no limit" },
	{ "digest", CONF_BOOL, KEY(struct config, alert_digest), "false", 0, 0, NULL, 0,
	  "one mail a day per address with its reports, instead of a mail each" },
	{ "digest_hour", CONF_INT, KEY(struct config, alert_digest_hour), "6", 0, 23, NULL, 0,
	  "the hour (UTC) the daily digest goes out" },
	{ "improvements", CONF_BOOL, KEY(struct config, alert_improvements), "true", 0, 0, NULL,
	  0, "whether improvements are reported too" },
	{ "dry_run_dir", CONF_STR, KEY(struct config, alert_dry_run_dir), "", 0, 0, NULL, 0,
	  "write mails and webhook documents to this directory instead of sending them" },
	{ "allow", CONF_STR, KEY(struct config, alert_allow), "", 0, 0, NULL, 0,
	  "staging: the only addresses (or @domains) mailed, separated by spaces; empty: all" },
	{ "redirect", CONF_STR, KEY(struct config, alert_redirect), "", 0, 0, NULL, 0,
	  "staging: the address that gets the mail of everyone allow leaves out" },
	{ "reported_by", CONF_STR, KEY(struct config, alert_reported_by), "", 0, 0, NULL, 0,
	  "the Reported-by tag, Name <address>; empty: the From" },
	{ "closes", CONF_BOOL, KEY(struct config, alert_closes), "true", 0, 0, NULL, 0,
	  "whether reports suggest a Closes: tag with the report's link" },
	{ "retry_min", CONF_INT, KEY(struct config, alert_retry_min), "60", 1, 86400, NULL, 0,
	  "seconds before the first retry of a failed delivery; doubles per failure" },
	{ "retry_max", CONF_INT, KEY(struct config, alert_retry_max), "3600", 1, 604800, NULL,
	  0, "longest wait between two attempts of a delivery" },
	{ "max_attempts", CONF_INT, KEY(struct config, alert_max_attempts), "10", 1, 1000, NULL,
	  0, "attempts of a delivery before it fails" },
	{ "max_brought", CONF_INT, KEY(struct config, alert_max_brought), "50", 0, 10000, NULL,
	  0, "a merge's report goes to the people of at most this many commits it brought" },
	{ NULL },
};

/* [confirm]: the confirmation of a change before anyone is told
 * (daemon/analyze/confirm.c, docs/analysis.md).  It runs in the main loop, which
 * also reloads; `enabled` is read by the alerter's and the KCIDB
 * exporter's threads too, so it needs a restart. */
static const struct conf_key config_confirm_keys[] = {
	{ "enabled", CONF_BOOL, KEY(struct config, confirm_enabled), "true", 0, 0, NULL, 0,
	  "whether a change is measured again, interleaved, before it is reported or bisected" },
	{ "settle_seconds", CONF_INT, KEY(struct config, confirm_settle_seconds), "10", 0,
	  604800, NULL, 1, "a change is confirmed once it was unchanged this long" },
	{ "priority", CONF_INT, KEY(struct config, confirm_priority), "60", -100, 100, NULL, 1,
	  "priority of a confirmation's jobs (bisections have 50, routine candidates 0 or 1)" },
	{ "min_jobs", CONF_INT, KEY(struct config, confirm_min_jobs), "3", 2, 16, NULL, 1,
	  "jobs a side a confirmation starts with (fresh boots, the two sides alternately)" },
	{ "max_jobs", CONF_INT, KEY(struct config, confirm_max_jobs), "8", 2, 64, NULL, 1,
	  "jobs a side at most while the confirmation is inconclusive" },
	{ "alpha_permille", CONF_INT, KEY(struct config, confirm_alpha_permille), "10", 1, 100,
	  NULL, 1, "level of the verdict that confirms a change, in thousandths (10: 0.01)" },
	{ "newest_merge", CONF_BOOL, KEY(struct config, confirm_newest), "true", 0, 0, NULL, 1,
	  "measure the newest merge of a window and the one before again as soon as they differ" },
	{ NULL },
};

/* [bisect]: the bisector (daemon/bisect/bisector.c, docs/bisect.md).  It runs in
 * the main loop, which also reloads: every key is reloadable. */
static const struct conf_key config_bisect_keys[] = {
	{ "enabled", CONF_BOOL, KEY(struct config, bisect_enabled), "true", 0, 0, NULL, 1,
	  "whether kpcid bisects changes (automatically and on request)" },
	{ "settle_seconds", CONF_INT, KEY(struct config, bisect_settle_seconds), "600", 0,
	  604800, NULL, 1, "a change is bisected automatically once it was unchanged this long" },
	{ "improvements", CONF_BOOL, KEY(struct config, bisect_improvements), "true", 0, 0, NULL,
	  1, "whether improvements are bisected automatically too" },
	{ "priority", CONF_INT, KEY(struct config, bisect_priority), "50", -100, 100, NULL, 1,
	  "priority of a bisection's builds and jobs (routine candidates have 0 or 1)" },
	{ "max_parallel", CONF_INT, KEY(struct config, bisect_max_parallel), "4", 1, 16, NULL, 1,
	  "probes of one round at most (one per free runner of the change's class)" },
	{ "probe_jobs", CONF_INT, KEY(struct config, bisect_probe_jobs), "2", 1, 16, NULL, 1,
	  "jobs a probe starts with" },
	{ "max_jobs", CONF_INT, KEY(struct config, bisect_max_jobs), "16", 1, 64, NULL, 1,
	  "jobs of a probe at most; one still undecided is skipped" },
	{ "end_jobs", CONF_INT, KEY(struct config, bisect_end_jobs), "3", 1, 16, NULL, 1,
	  "jobs of each end of the change before the search starts" },
	{ "confirm_jobs", CONF_INT, KEY(struct config, bisect_confirm_jobs), "3", 1, 16, NULL, 1,
	  "jobs of the culprit and of its parent that confirm it" },
	{ "confirm_factor", CONF_INT, KEY(struct config, bisect_confirm_factor), "2", 1, 10, NULL,
	  1, "the confirmation's iterations, times the change's" },
	{ "revert", CONF_BOOL, KEY(struct config, bisect_revert), "false", 0, 0, NULL, 1,
	  "also build the culprit's revert on top of the first bad commit and measure it" },
	{ "retries", CONF_INT, KEY(struct config, bisect_retries), "2", 0, 10, NULL, 1,
	  "a job or build whose result never comes is queued again this many times" },
	{ "max_undecided", CONF_INT, KEY(struct config, bisect_max_undecided), "3", 0, 100, NULL,
	  1, "undecided probes after which a bisection gives up" },
	{ "probe_timeout", CONF_INT, KEY(struct config, bisect_probe_timeout), "21600", 60,
	  604800, NULL, 1, "seconds a probe may wait for its build or results before it is lost" },
	{ NULL },
};

static const struct conf_key config_log_keys[] = {
	{ "level", CONF_ENUM, KEY(struct config, log_level), "info", 0, 0,
	  "debug|info|warn|error", 1, "lowest level logged" },
	{ NULL },
};

static const struct conf_key config_kcidb_keys[] = {
	{ "enabled", CONF_BOOL, KEY(struct config, kcidb_enabled), "false", 0, 0, NULL, 0,
	  "whether kpcid sends its builds, results and regressions to KCIDB" },
	{ "url", CONF_URL, KEY(struct config, kcidb_url), NULL, 0, 0, NULL, 0,
	  "the KCIDB submission endpoint given to this origin (POST of I/O schema v5.3)" },
	{ "token_file", CONF_STR, KEY(struct config, kcidb_token_file), NULL, 0, 0, NULL, 0,
	  "file whose first line is the submission token (sent as a Bearer token)" },
	{ "origin", CONF_STR, KEY(struct config, kcidb_origin), "kpci", 0, 0, NULL, 0,
	  "the CI system's name KCIDB knows it by: lowercase letters, digits and _" },
	{ "interval", CONF_INT, KEY(struct config, kcidb_interval), "300", 1, 86400, NULL, 0,
	  "seconds between two looks for new objects; also the longest retry backoff" },
	{ "batch", CONF_INT, KEY(struct config, kcidb_batch), "100", 1, 10000, NULL, 0,
	  "builds, bench jobs and regressions each, at most, in one submission" },
	{ "dashboard_url", CONF_URL, KEY(struct config, kcidb_dashboard_url),
	  "http://127.0.0.1:8080", 0, 0, NULL, 0,
	  "kpcid's address as KCIDB's readers reach it: links to change pages, logs, artifacts" },
	{ NULL },
};

static const struct conf_key config_tree_keys[] = {
	{ "url", CONF_GITURL, KEY(struct config_tree, url), NULL, 0, 0, NULL, 0,
	  "git remote of the tree" },
	{ "branches", CONF_STR, KEY(struct config_tree, branches), "master", 0, 0, NULL, 0,
	  "branches to follow, separated by spaces" },
	{ "poll_interval", CONF_INT, KEY(struct config_tree, poll_interval), "300", 10, 86400,
	  NULL, 0, "seconds between fetches" },
	/* watching (daemon/watch/, docs/watch.md) */
	{ "candidates", CONF_STR, KEY(struct config_tree, candidates), "window-merges tags head",
	  0, 0, NULL, 0, "what becomes a build: commits, window-merges, tags, head (spaces)" },
	{ "head_every", CONF_INT, KEY(struct config_tree, head_every), "60", 0, 10080, NULL, 0,
	  "minutes between two build candidates of a branch head" },
	{ "max_queued", CONF_INT, KEY(struct config_tree, max_queued), "50", 0, 100000, NULL, 0,
	  "queued builds of the tree at most; candidates beyond are dropped" },
	{ "configs", CONF_STR, KEY(struct config_tree, configs), "defconfig", 0, 0, NULL, 0,
	  "kernel configs each candidate is built with, separated by spaces" },
	{ "recipients", CONF_STR, KEY(struct config_tree, recipients), "", 0, 0, NULL, 0,
	  "mail addresses told about this tree's changes, separated by spaces" },
	{ "retry_min", CONF_INT, KEY(struct config_tree, retry_min), "60", 1, 86400, NULL, 0,
	  "seconds before the first retry of a failed poll; doubles per failure" },
	{ "retry_max", CONF_INT, KEY(struct config_tree, retry_max), "3600", 1, 604800, NULL, 0,
	  "longest wait between retries of a failing tree" },
	{ "fetch_timeout", CONF_INT, KEY(struct config_tree, fetch_timeout), "120", 1, 86400,
	  NULL, 0, "seconds a fetch may wait on a silent server before it fails" },
	{ "ca_file", CONF_STR, KEY(struct config_tree, ca_file), "", 0, 0, NULL, 0,
	  "PEM file of the CAs trusted for an https url; empty: the system's" },
	{ "suites", CONF_STR, KEY(struct config_tree, suites), "", 0, 0, NULL, 0,
	  "suites benchmarked on each successful build, separated by spaces" },
	{ "bench_classes", CONF_STR, KEY(struct config_tree, bench_classes), "", 0, 0, NULL, 0,
	  "runner classes that benchmark each build; empty: any runner" },
	{ "bench_boot", CONF_ENUM, KEY(struct config_tree, bench_boot), "qemu", 0, 0,
	  "host|qemu|kexec|lava", 0, "how the bench jobs of a build boot it" },
	{ "bisect", CONF_BOOL, KEY(struct config_tree, bisect), "true", 0, 0, NULL, 0,
	  "whether the tree's changes are bisected automatically ([bisect])" },
	{ NULL },
};

/* [tree NAME]: find or append the tree called name. */
static void *config_tree_instance(void *obj, const char *name, char **cause)
{
	struct config *c = obj;
	struct config_tree **pp, *t;

	if (!proto_name_ok(name)) {
		fail_cause(cause, "tree name '%s' must be letters, digits and ._:/+-", name);
		return NULL;
	}
	for (pp = &c->trees; *pp; pp = &(*pp)->next)
		if (!strcmp((*pp)->name, name))
			return *pp;
	t = calloc(1, sizeof *t);
	if (!t || !(t->name = strdup(name)) || conf_defaults_keys(t, config_tree_keys) < 0) {
		free(t ? t->name : NULL);
		free(t);
		return NULL;
	}
	*pp = t;
	return t;
}

static const struct conf_section config_sections[] = {
	{ "server", 0, config_server_keys, NULL },
	{ "storage", 0, config_storage_keys, NULL },
	{ "jobs", 0, config_jobs_keys, NULL },
	{ "artifacts", 0, config_artifacts_keys, NULL },
	{ "analysis", 0, config_analysis_keys, NULL },
	{ "alert", 0, config_alert_keys, NULL },
	{ "confirm", 0, config_confirm_keys, NULL },
	{ "bisect", 0, config_bisect_keys, NULL },
	{ "log", 0, config_log_keys, NULL },
	{ "kcidb", 0, config_kcidb_keys, NULL },
	{ "tree", 1, config_tree_keys, config_tree_instance },
	{ NULL },
};

int config_init(struct config *c)
{
	memset(c, 0, sizeof *c);
	return conf_defaults(c, config_sections);
}

int config_load(struct config *c, const char *path, struct buf *errs)
{
	int n = conf_load(c, config_sections, path, errs);

	for (struct config_tree *t = c->trees; t; t = t->next) {
		if (!t->url) {
			buf_printf(errs, "%s: [tree %s] has no url\n", path, t->name);
			n++;
		}
	}
	return n;
}

int config_set(struct config *c, const char *section, const char *key,
	       const char *value, char **cause)
{
	return conf_set(c, config_sections, section, key, value, cause);
}

void config_reload(struct config *c, const struct config *fresh, struct buf *ignored)
{
	conf_apply_reloadable(c, fresh, config_sections, ignored);
}

int config_trees_differ(const struct config *a, const struct config *b)
{
	const struct config_tree *x = a->trees, *y = b->trees;

	for (; x && y; x = x->next, y = y->next)
		if (strcmp(x->name, y->name) || strcmp(x->url, y->url) ||
		    strcmp(x->branches, y->branches) || x->poll_interval != y->poll_interval ||
		    strcmp(x->candidates, y->candidates) || strcmp(x->configs, y->configs) ||
		    strcmp(x->recipients, y->recipients) || x->head_every != y->head_every ||
		    x->max_queued != y->max_queued || x->retry_min != y->retry_min ||
		    x->retry_max != y->retry_max || x->fetch_timeout != y->fetch_timeout ||
		    strcmp(x->ca_file, y->ca_file) || x->bisect != y->bisect)
			return 1;
	return x || y;
}

char *config_db_path(const struct config *c)
{
	char *p = NULL;

	if (c->database && *c->database)
		return strdup(c->database);
	if (asprintf(&p, "%s/kpci.db", c->data_dir) < 0)
		return NULL;
	return p;
}

void config_dispose(struct config *c)
{
	struct config_tree *t, *next;

	if (!c)
		return;
	conf_dispose(c, config_sections);
	for (t = c->trees; t; t = next) {
		next = t->next;
		conf_dispose_keys(t, config_tree_keys);
		free(t->name);
		free(t);
	}
	c->trees = NULL;
}
