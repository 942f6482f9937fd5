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
#include "lib/proto.h"

#define KEY(sec_struct, field) offsetof(sec_struct, field)

static const struct conf_key config_server_keys[] = {
	{ "listen", CONF_HOSTPORT, KEY(struct config, listen), "127.0.0.1:8080", 0, 0, NULL, 0,
	  "address and port of the HTTP server; port 0 picks a free one" },
	{ "threads", CONF_INT, KEY(struct config, threads), "4", 1, 64, NULL, 0,
	  "HTTP worker threads" },
	{ "max_body", CONF_INT, KEY(struct config, max_body), "16777216", 1024, 1LL << 30, NULL, 1,
	  "largest request body accepted, in bytes" },
	{ "public_read", CONF_BOOL, KEY(struct config, public_read), "true", 0, 0, NULL, 1,
	  "whether pages and read-only API calls need no token" },
	{ NULL },
};

static const struct conf_key config_storage_keys[] = {
	{ "data_dir", CONF_STR, KEY(struct config, data_dir), "/var/lib/kpci", 0, 0, NULL, 0,
	  "directory for the database, mirrors and artifacts" },
	{ "database", CONF_STR, KEY(struct config, database), NULL, 0, 0, NULL, 0,
	  "SQLite file; default DATA_DIR/kpci.db" },
	{ NULL },
};

static const struct conf_key config_jobs_keys[] = {
	{ "lease_seconds", CONF_INT, KEY(struct config, lease_seconds), "120", 1, 86400, NULL, 1,
	  "a claimed job goes back to the queue when its runner is silent this long" },
	{ "max_attempts", CONF_INT, KEY(struct config, max_attempts), "3", 1, 100, NULL, 1,
	  "attempts a job gets before it fails" },
	{ NULL },
};

static const struct conf_key config_log_keys[] = {
	{ "level", CONF_ENUM, KEY(struct config, log_level), "info", 0, 0,
	  "debug|info|warn|error", 1, "lowest level logged" },
	{ NULL },
};

static const struct conf_key config_tree_keys[] = {
	{ "url", CONF_GITURL, KEY(struct config_tree, url), NULL, 0, 0, NULL, 0,
	  "git remote of the tree" },
	{ "branches", CONF_STR, KEY(struct config_tree, branches), "master", 0, 0, NULL, 0,
	  "branches to follow, separated by spaces" },
	{ "poll_interval", CONF_INT, KEY(struct config_tree, poll_interval), "300", 10, 86400,
	  NULL, 0, "seconds between fetches" },
	{ NULL },
};

/* [tree NAME]: find or append the tree called name. */
static void *config_tree_instance(void *obj, const char *name, char **cause)
{
	struct config *c = obj;
	struct config_tree **pp, *t;

	if (!proto_name_ok(name)) {
		if (asprintf(cause, "tree name '%s' must be letters, digits and ._:/+-", name) < 0)
			*cause = NULL;
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
	{ "log", 0, config_log_keys, NULL },
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
		    strcmp(x->branches, y->branches) || x->poll_interval != y->poll_interval)
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

void config_free(struct config *c)
{
	struct config_tree *t, *next;

	conf_free(c, config_sections);
	for (t = c->trees; t; t = next) {
		next = t->next;
		conf_free_keys(t, config_tree_keys);
		free(t->name);
		free(t);
	}
	c->trees = NULL;
}
