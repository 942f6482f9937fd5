/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * config.h - kpcid's configuration: the key table and the struct it fills.
 *
 * See configs/kpcid.ini for every key with its default, and
 * lib/conf.h for how the table is read.
 */
#ifndef KPCI_DAEMON_CONFIG_H
#define KPCI_DAEMON_CONFIG_H

#include "lib/buf.h"

/* One [tree NAME] section. */
struct config_tree {
	char *name;
	char *url;
	char *branches;         /* space-separated branch names */
	long long poll_interval;
	/* watching (docs/watch.md) */
	char *candidates;       /* space-separated: commits window-merges tags head */
	long long head_every;   /* minutes between two head candidates of a branch */
	long long max_queued;   /* queued builds of the tree at most */
	char *configs;          /* space-separated kernel config names */
	char *recipients;       /* space-separated mail addresses */
	long long retry_min, retry_max;   /* backoff of failed polls, seconds */
	long long fetch_timeout;          /* seconds a fetch may wait on a silent server */
	char *ca_file;                    /* CAs trusted for https; "": the system's */
	/* builds: bench jobs queued when a build of this tree succeeds */
	char *suites;           /* space-separated suite names; empty: none */
	char *bench_classes;    /* space-separated runner classes; empty: any runner */
	char *bench_boot;       /* boot method of those bench jobs */
	int bisect;             /* its changes are bisected automatically (daemon/bisect/bisector.c) */
	struct config_tree *next;
};

struct config {
	/* [server] */
	char *listen;
	long long threads;
	long long max_body;
	int public_read;
	long long max_conns_per_client;     /* connections from one address at once */
	long long max_connections;          /* connections at once, all addresses */
	long long header_timeout;           /* seconds for a request's whole header */
	long long body_budget_mb;           /* request bodies held in memory, all together */
	/* [storage] */
	char *data_dir;
	char *database;
	long long min_free_mb;              /* below: kpcid stores nothing (507) */
	long long max_wal_mb;               /* above: health says degraded */
	long long fold_after_days;          /* older raw iterations are folded; 0: never */
	/* [jobs] */
	long long lease_seconds;
	long long max_attempts;
	/* [artifacts] */
	long long artifacts_budget_mb;
	long long artifacts_keep_builds;
	/* [log] */
	char *log_level;
	/* [analysis] (daemon/analyze/analyze.c) */
	int analysis_enabled;
	long long analysis_batch;               /* dirty series per pass */
	long long analysis_settle_seconds;      /* wait after a series' first new sample */
	long long analysis_max_noise_percent;   /* job-to-job CV above: too noisy */
	long long analysis_target_effect_percent; /* effect "iterations needed" is for */
	long long analysis_min_effect_percent;  /* floor of the smallest effect that matters */
	long long analysis_prior_between_percent; /* between-job CV assumed without a model */
	long long analysis_more_jobs_max;       /* jobs of a commit more measurement stops at */
	/* [alert] (daemon/alert/alert.c, docs/reports.md) */
	int alert_enabled;
	char *alert_smtp_url;                   /* "": no mail is sent */
	char *alert_tls;                        /* none|try|required */
	char *alert_ca_file;
	char *alert_auth_file;                  /* USER:PASSWORD on its first line */
	char *alert_from;                       /* "Name <address>" */
	char *alert_webhooks_file;              /* "generic URL" / "slack URL" lines */
	char *alert_base_url;                   /* links in reports */
	long long alert_settle_seconds;         /* a group is reported this long after its last change */
	long long alert_rate_limit;             /* mails per recipient per day, 0: no limit */
	int alert_digest;                       /* one mail a day per recipient */
	long long alert_digest_hour;            /* UTC hour of the digest */
	int alert_improvements;
	char *alert_dry_run_dir;                /* "": send; else write there */
	char *alert_allow;                      /* staging: addresses or @domains mailed */
	char *alert_redirect;                   /* staging: where the others' mail goes */
	char *alert_reported_by;                /* Reported-by tag; "": the From address */
	int alert_closes;                       /* a Closes: tag with the report's link */
	long long alert_retry_min, alert_retry_max, alert_max_attempts;
	long long alert_max_brought;            /* commits of a merge whose people are told */
	/* [kcidb] (daemon/export/kcidb.c, docs/engines.md) */
	int kcidb_enabled;
	char *kcidb_url;                /* the submission endpoint */
	char *kcidb_token_file;         /* its Bearer token, first line */
	char *kcidb_origin;             /* [a-z0-9_]+: the prefix of every id */
	long long kcidb_interval;       /* seconds between submissions */
	long long kcidb_batch;          /* builds, jobs or changes per submission */
	char *kcidb_dashboard_url;      /* where links to kpci's pages point */
	/* [bisect] (daemon/bisect/bisector.c, docs/bisect.md) */
	int bisect_enabled;
	long long bisect_settle_seconds;        /* a change is bisected this long after it settled */
	int bisect_improvements;
	long long bisect_priority;              /* of a bisection's builds and jobs */
	long long bisect_max_parallel;          /* probes of one round at most */
	long long bisect_probe_jobs;            /* jobs a probe starts with */
	long long bisect_max_jobs;              /* jobs of a probe (and of an end) at most */
	long long bisect_end_jobs;              /* jobs of each end before the search */
	long long bisect_confirm_jobs;          /* jobs of the culprit and its parent */
	long long bisect_confirm_factor;        /* their iterations, times the change's */
	int bisect_revert;                      /* also measure the culprit's revert */
	long long bisect_retries;               /* a lost job or build is queued again this often */
	long long bisect_max_undecided;         /* undecided probes before giving up */
	long long bisect_probe_timeout;         /* seconds a probe may wait before it is lost */
	/* [confirm] (daemon/analyze/confirm.c, docs/analysis.md) */
	int confirm_enabled;
	long long confirm_settle_seconds;       /* a change is confirmed this long after it settled */
	long long confirm_priority;             /* of a confirmation's jobs */
	long long confirm_min_jobs;             /* jobs a side a confirmation starts with */
	long long confirm_max_jobs;             /* jobs a side at most while it is inconclusive */
	long long confirm_alpha_permille;       /* level of its verdict, in thousandths */
	int confirm_newest;                     /* a differing newest merge is measured again */
	/* [tree NAME] ... in file order */
	struct config_tree *trees;
};

/* Fills c with the defaults; 0 or -1. */
int config_init(struct config *c);
/* Reads path over the defaults; returns the number of errors, each a line
 * in errs.  Also checks what spans keys (a tree without url). */
int config_load(struct config *c, const char *path, struct buf *errs);
/* Sets one key from a command-line flag, e.g. ("server", "listen", v). */
int config_set(struct config *c, const char *section, const char *key,
	       const char *value, char **cause);
/* Moves the keys a SIGHUP may change from fresh to c; names the others
 * that differ in ignored. */
void config_reload(struct config *c, const struct config *fresh, struct buf *ignored);
/* Whether the [tree] sections of a and b differ (they need a restart). */
int config_trees_differ(const struct config *a, const struct config *b);
/* The database path: [storage] database, or DATA_DIR/kpci.db; malloc'd. */
char *config_db_path(const struct config *c);
void config_dispose(struct config *c);

#endif
