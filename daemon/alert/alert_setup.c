// SPDX-License-Identifier: GPL-2.0-only
/*
 * alert_setup.c - the alerter's settings (daemon/alert/alert_internal.h): the
 * [alert] keys checked at start, the From mailbox, the SMTP login read
 * from auth_file, the webhooks of webhooks_file, the allow-list and
 * where mail it leaves out is redirected.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "daemon/alert/alert.h"
#include "daemon/alert/alert_internal.h"
#include "daemon/config.h"
#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/mail.h"
#include "lib/maintainers.h"

static int alert_mailbox(char **name, char **addr, const char *text)
{
	if (maint_parse_email(name, addr, text) < 0)
		return -1;
	if (!mail_address_ok(*addr)) {
		free(*name);
		free(*addr);
		*name = *addr = NULL;
		return -1;
	}
	if ((*name)[0] == '"' && strlen(*name) >= 2) {
		memmove(*name, *name + 1, strlen(*name));
		(*name)[strlen(*name) - 1] = '\0';
	}
	return 0;
}

int alert_config_check(const struct config *c, char **cause)
{
	char *name = NULL, *addr = NULL, *words, *save = NULL;
	int rc = 0;

	*cause = NULL;
	if (alert_mailbox(&name, &addr, c->alert_from) < 0)
		return fail_cause(cause, "alert.from: '%.100s' is not Name <address>", c->alert_from);
	free(name);
	free(addr);
	name = addr = NULL;
	if (c->alert_reported_by[0] && alert_mailbox(&name, &addr, c->alert_reported_by) < 0)
		return fail_cause(cause, "alert.reported_by: '%.100s' is not Name <address>",
				  c->alert_reported_by);
	free(name);
	free(addr);
	if (c->alert_smtp_url[0] && strncmp(c->alert_smtp_url, "smtp://", 7) &&
	    strncmp(c->alert_smtp_url, "smtps://", 8))
		return fail_cause(cause, "alert.smtp_url: '%.100s' is not smtp://HOST:PORT or "
				  "smtps://HOST:PORT", c->alert_smtp_url);
	if (strncmp(c->alert_base_url, "http://", 7) && strncmp(c->alert_base_url, "https://", 8))
		return fail_cause(cause, "alert.base_url: '%.100s' is not an http:// or https:// URL",
				  c->alert_base_url);
	if (c->alert_redirect[0] && !mail_address_ok(c->alert_redirect))
		return fail_cause(cause, "alert.redirect: '%.100s' is not a mail address",
				  c->alert_redirect);
	if (c->alert_allow[0] && !c->alert_redirect[0])
		return fail_cause(cause, "alert.allow is set but alert.redirect is not: say where "
				  "the mail of everyone else goes");
	if (!(words = strdup(c->alert_allow)))
		return fail_cause(cause, "out of memory");
	for (char *w = strtok_r(words, " \t", &save); w && !rc; w = strtok_r(NULL, " \t", &save)) {
		char probe[MAIL_MAX_ADDRESS + 8];

		snprintf(probe, sizeof probe, "%s%s", w[0] == '@' ? "x" : "", w);
		if (!mail_address_ok(probe))
			rc = fail_cause(cause, "alert.allow: '%.100s' is not an address or @domain", w);
	}
	free(words);
	return rc;
}

/* The first line of path into *line (malloc'd); -1 with *cause. */
static int alert_read_secret(char **line, const char *path, const char *key, char **cause)
{
	char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	*line = NULL;
	if (!f)
		return fail_cause(cause, "alert.%s: cannot read %s: %s", key, path, strerror(errno));
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	*line = strdup(buf);
	return *line ? 0 : fail_cause(cause, "out of memory");
}

static int alert_read_hooks(struct alert *a, const char *path, char **cause)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int lineno = 0;

	if (!f)
		return fail_cause(cause, "a->webhooks_file: cannot read %s: %s", path,
				  strerror(errno));
	while (fgets(line, sizeof line, f)) {
		char kind[16], url[4000];

		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (sscanf(line, "%15s %3999s", kind, url) != 2 ||
		    (strcmp(kind, "generic") && strcmp(kind, "slack")) ||
		    (strncmp(url, "http://", 7) && strncmp(url, "https://", 8)) ||
		    a->nhooks >= ALERT_MAX_WEBHOOKS) {
			fclose(f);
			return fail_cause(cause, "%s:%d: expected \"generic URL\" or \"slack URL\" "
					  "(http or https, at most %d lines)", path, lineno,
					  ALERT_MAX_WEBHOOKS);
		}
		a->hooks[a->nhooks].slack = !strcmp(kind, "slack");
		a->hooks[a->nhooks++].url = strdup(url);
	}
	fclose(f);
	return 0;
}

int alert_setup(struct alert *a, const struct config *c, char **cause)
{
	char *words, *save = NULL, *colon;

	if (alert_mailbox(&a->from_name, &a->from_addr, c->alert_from) < 0)
		return fail_cause(cause, "a->from is not Name <address>");
	a->domain = strdup(strrchr(a->from_addr, '@') + 1);
	a->smtp.url = c->alert_smtp_url;
	a->smtp.tls = !strcmp(c->alert_tls, "none") ? DELIVER_TLS_NONE :
		!strcmp(c->alert_tls, "try") ? DELIVER_TLS_TRY : DELIVER_TLS_REQUIRED;
	a->smtp.ca_file = c->alert_ca_file;
	if (c->alert_auth_file[0]) {
		if (alert_read_secret(&a->user, c->alert_auth_file, "auth_file", cause) < 0)
			return -1;
		if (!(colon = strchr(a->user, ':')))
			return fail_cause(cause, "%s:1: expected USER:PASSWORD", c->alert_auth_file);
		*colon = '\0';
		a->password = strdup(colon + 1);
		a->smtp.user = a->user;
		a->smtp.password = a->password;
	}
	if (c->alert_webhooks_file[0] && alert_read_hooks(a, c->alert_webhooks_file, cause) < 0)
		return -1;
	words = strdup(c->alert_allow);
	for (char *w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char **v = realloc(a->allow, (a->nallow + 1) * sizeof *v);

		if (!v)
			break;
		a->allow = v;
		a->allow[a->nallow++] = strdup(w);
	}
	free(words);
	if (c->alert_dry_run_dir[0] && fs_mkdirs(c->alert_dry_run_dir) < 0)
		return fail_cause(cause, "a->dry_run_dir: cannot create %s: %s",
				  c->alert_dry_run_dir, strerror(errno));
	return 0;
}

const char *alert_sent_to(const struct alert *a, const char *address)
{
	const char *at = strrchr(address, '@');

	if (!a->nallow)
		return address;
	for (size_t i = 0; i < a->nallow; i++)
		if (!strcasecmp(a->allow[i], address) ||
		    (a->allow[i][0] == '@' && at && !strcasecmp(a->allow[i], at)))
			return address;
	return a->cfg->alert_redirect;
}

void alert_settings_dispose(struct alert *a)
{
	if (!a)
		return;
	free(a->user);
	free(a->password);
	free(a->from_name);
	free(a->from_addr);
	free(a->domain);
	for (size_t i = 0; i < a->nallow; i++)
		free(a->allow[i]);
	free(a->allow);
	for (size_t i = 0; i < a->nhooks; i++)
		free(a->hooks[i].url);
	a->user = a->password = a->from_name = a->from_addr = a->domain = NULL;
	a->allow = NULL;
	a->nallow = a->nhooks = 0;
}
