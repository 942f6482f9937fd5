/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * alert_internal.h - what the alerter's files share (daemon/alert/alert.c, the
 * thread; daemon/alert/alert_setup.c, its settings): the alerter's state.
 * Other modules see daemon/alert/alert.h only.
 */
#ifndef KPCI_DAEMON_ALERT_INTERNAL_H
#define KPCI_DAEMON_ALERT_INTERNAL_H

#include <pthread.h>
#include <stddef.h>

#include "daemon/alert/alert.h"
#include "lib/deliver.h"

#define ALERT_MAX_FAILED 256        /* groups remembered as failing */

struct db;

struct alert_webhook {
	int slack;
	char *url;
};

struct alert {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	int running, stop, poked;
	struct db *db;
	const struct config *cfg;       /* keys read only at start (none reloadable) */
	struct deliver_smtp smtp;
	char *user, *password;
	char *from_name, *from_addr;
	char *domain;                   /* of from_addr, for Message-IDs */
	char **allow;
	size_t nallow;
	struct alert_webhook hooks[ALERT_MAX_WEBHOOKS];
	size_t nhooks;
	long long digest_day;           /* the last day a digest went out */
	struct { unsigned hash; long long until; } failed[ALERT_MAX_FAILED];
};

/* Fills a's settings from c's [alert] keys (checked by
 * alert_config_check): the From mailbox, the SMTP login of auth_file,
 * the webhooks, the allow-list; creates dry_run_dir.  0, or -1 with
 * *cause. */
int alert_setup(struct alert *a, const struct config *c, char **cause);
/* Frees what alert_setup filled; a stays usable.  NULL: nothing. */
void alert_settings_dispose(struct alert *a);
/* Where mail for address goes: itself, or the redirect when an allow-list
 * is set and leaves it out (borrowed from a or address). */
const char *alert_sent_to(const struct alert *a, const char *address);

#endif
