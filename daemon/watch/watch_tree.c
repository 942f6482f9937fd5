// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_tree.c - the watched trees as the watcher keeps them: a [tree]
 * section checked and copied (its branches, candidate kinds, kernel
 * configs and retry bounds), its mirror's path under DATA_DIR/mirrors/,
 * and its row in the database.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>
#include <jansson.h>

#include "daemon/config.h"
#include "daemon/watch/watch.h"
#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "lib/sha256.h"

/* Splits a space-separated list into malloc'd words; -1 on memory. */
static int watch_split(char ***out, size_t *n, const char *text)
{
	char *copy = strdup(text ? text : ""), *save = NULL, *w;
	char **v = NULL;

	*out = NULL;
	*n = 0;
	if (!copy)
		return -1;
	for (w = strtok_r(copy, " \t,", &save); w; w = strtok_r(NULL, " \t,", &save)) {
		char **grown = realloc(v, (*n + 1) * sizeof *v);

		if (!grown || !(grown[*n] = strdup(w))) {
			free(grown ? grown : v);
			free(copy);
			return -1;
		}
		v = grown;
		(*n)++;
	}
	free(copy);
	*out = v;
	return 0;
}

static void watch_words_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void watch_tree_dispose(struct watch_tree *t)
{
	if (!t)
		return;
	free(t->name);
	free(t->url);
	free(t->mirror);
	free(t->ca_file);
	watch_words_free(t->branches, t->nbranches);
	watch_words_free(t->configs, t->nconfigs);
	keyset_dispose(&t->known);
}

char *watch_mirror_path(const char *data_dir, const char *name)
{
	char safe[PROTO_MAX_NAME + 1], hash[SHA256_HEX_LEN + 1], *p = NULL;
	int changed = 0;
	size_t i;

	for (i = 0; name[i] && i < PROTO_MAX_NAME; i++) {
		safe[i] = name[i] == '/' || name[i] == ':' ? '_' : name[i];
		changed |= safe[i] != name[i];
	}
	safe[i] = '\0';
	if (!strcmp(safe, ".") || !strcmp(safe, ".."))
		changed = 1;
	sha256_hex(hash, name, strlen(name));
	if (asprintf(&p, "%s/mirrors/%s%s%.12s.git", data_dir, safe, changed ? "-" : "",
		     changed ? hash : "") < 0)
		return NULL;
	return p;
}

int watch_tree_check(const struct config_tree *c, char **cause)
{
	static const char *const kinds[] = { "commits", "window-merges", "tags", "head", NULL };
	char **branches = NULL, **cand = NULL;
	size_t nbranches = 0, ncand = 0, i;
	int rc = -1;

	*cause = NULL;
	if (watch_split(&branches, &nbranches, c->branches) < 0 ||
	    watch_split(&cand, &ncand, c->candidates) < 0) {
		fail_cause(cause, "out of memory checking [tree %s]", c->name);
		goto out;
	}
	git_libgit2_init();
	if (!nbranches) {
		fail_cause(cause, "[tree %s] follows no branch (branches is empty)", c->name);
		goto shutdown;
	}
	for (i = 0; i < nbranches; i++) {
		char ref[PROTO_MAX_NAME + 16];
		int valid = 0;

		snprintf(ref, sizeof ref, "refs/heads/%s", branches[i]);
		if (strlen(branches[i]) > PROTO_MAX_NAME ||
		    git_reference_name_is_valid(&valid, ref) < 0 || !valid) {
			fail_cause(cause, "[tree %s] branches: '%s' is not a valid branch name",
				   c->name, branches[i]);
			goto shutdown;
		}
	}
	if (c->ca_file && c->ca_file[0] && access(c->ca_file, R_OK) < 0) {
		fail_cause(cause, "[tree %s] ca_file: cannot read '%s': %s", c->name, c->ca_file,
			   strerror(errno));
		goto shutdown;
	}
	for (i = 0; i < ncand; i++) {
		int k;

		for (k = 0; kinds[k] && strcmp(kinds[k], cand[i]); k++)
			;
		if (!kinds[k]) {
			fail_cause(cause, "[tree %s] candidates: '%s' is not one of commits, "
				   "window-merges, tags, head", c->name, cand[i]);
			goto shutdown;
		}
	}
	rc = 0;
shutdown:
	git_libgit2_shutdown();
out:
	watch_words_free(branches, nbranches);
	watch_words_free(cand, ncand);
	return rc;
}

/* Copies one [tree] section; -1 with *cause on a bad key or memory. */
int watch_tree_init(struct watcher *watcher, struct watch_tree *t, const struct config_tree *c,
		    const char *data_dir, char **cause)
{
	char **cand = NULL, **rcpt = NULL;
	size_t ncand = 0, nrcpt = 0, i;
	json_t *policy = NULL;
	int rc = -1;

	memset(t, 0, sizeof *t);
	t->name = strdup(c->name);
	t->url = strdup(c->url);
	t->mirror = watch_mirror_path(data_dir, c->name);
	if (!t->name || !t->url || !t->mirror ||
	    watch_split(&t->branches, &t->nbranches, c->branches) < 0 ||
	    watch_split(&t->configs, &t->nconfigs, c->configs) < 0 ||
	    watch_split(&cand, &ncand, c->candidates) < 0 ||
	    watch_split(&rcpt, &nrcpt, c->recipients) < 0)
		goto oom;
	if (watch_tree_check(c, cause) < 0)
		goto out;
	for (i = 0; i < ncand; i++) {
		t->cand_commits |= !strcmp(cand[i], "commits");
		t->cand_merges |= !strcmp(cand[i], "window-merges");
		t->cand_tags |= !strcmp(cand[i], "tags");
		t->cand_head |= !strcmp(cand[i], "head");
	}
	t->poll_interval = c->poll_interval;
	t->head_every = c->head_every;
	t->max_queued = c->max_queued;
	t->retry_min = c->retry_min;
	t->retry_max = c->retry_max < c->retry_min ? c->retry_min : c->retry_max;
	t->fetch_timeout = c->fetch_timeout > 0 ? c->fetch_timeout : 120;
	if (c->ca_file && c->ca_file[0] && !(t->ca_file = strdup(c->ca_file)))
		goto oom;
	policy = rec_tree_policy_encode(&(struct rec_tree_policy){
		.set = 1, .candidates = cand, .ncandidates = ncand,
		.head_every_minutes = t->head_every, .max_queued = t->max_queued,
		.configs = t->configs, .nconfigs = t->nconfigs, .recipients = rcpt,
		.nrecipients = nrcpt, .poll_interval = t->poll_interval,
		.retry_min = t->retry_min, .retry_max = t->retry_max });
	if (!policy)
		goto oom;
	if (db_tree_sync(watcher->db, &t->id, t->name, t->url, policy,
			 (const char *const *)t->branches, t->nbranches) != DB_OK) {
		fail_cause(cause, "cannot record tree %s in the database", c->name);
		goto out;
	}
	rc = 0;
	goto out;
oom:
	fail_cause(cause, "out of memory setting up tree %s", c->name);
out:
	watch_words_free(cand, ncand);
	watch_words_free(rcpt, nrcpt);
	json_decref(policy);
	return rc;
}

/* Whether tree id has been fetched before (history is then not a candidate). */
int watch_fetched_before(struct watcher *watcher, long long id)
{
	struct rec_trees l;
	int yes = 0;

	if (db_trees_status(watcher->db, &l) != DB_OK)
		return 0;
	for (size_t i = 0; i < l.n; i++)
		if (l.v[i].id == id)
			yes = l.v[i].fetched_at != 0;
	rec_trees_dispose(&l);
	return yes;
}
