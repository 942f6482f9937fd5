// SPDX-License-Identifier: GPL-2.0-only
/*
 * bisector.c - kpcid's bisector (bisector.h): opening a bisection (the
 * candidates walked from the watcher's mirror), and each second a step of
 * every running one through its phases:
 *
 *   ends     the good and bad ends measured until they have [bisect]
 *            end_jobs jobs each and differ on a metric of the group;
 *   search   rounds of k probes (k free runners of the change's class),
 *            each judged against the pooled ends, more jobs while
 *            undecided (the ends topped up to the probe's jobs), skipped
 *            when it does not build, stays undecided or is lost;
 *   confirm  the culprit against its parent with more iterations;
 *   revert   (optional) the first bad commit with the culprit reverted.
 *
 * A step reads everything from the database (the candidates and the
 * search's bit sets are kept in memory between ticks and rebuilt after a
 * restart) and writes each decision at once.  The search itself is
 * lib/bisect.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/analyze/codecheck.h"
#include "daemon/bisect/bisector_internal.h"
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "lib/fail.h"
#include "lib/gitrepo.h"
#include "lib/log.h"

#define BISECTOR_DUE_EVERY_S 5      /* how often changes due a bisection are looked for */
#define BISECTOR_DUE_LIMIT 16       /* changes looked at per look */
#define BISECTOR_OPEN_MAX 2         /* bisections opened automatically per look */
#define BISECTOR_RUNNER_SEEN_S 600  /* a runner seen this recently may be free */
#define BISECTOR_LISTED 8           /* commits a "one of" sentence names */
#define BISECTOR_SKIPS_MAX 1024     /* changes not opened, remembered to retry */
#define BISECTOR_RETRY_S 600        /* a change not opened is tried again after */
#define BISECTOR_TREES_MAX 256      /* trees whose changes are bisected automatically */
#define BISECTOR_SUBJECT_MAX 200    /* bytes of a candidate's subject kept */

static struct bisector_dag *bisector_dags;  /* the main loop's */
static long long bisector_due_at;
/* The changes whose bisection could not be opened (a range with nothing
 * to bisect, commits the mirror could not give at that moment, a busy
 * database) and when each is tried again.  The look for due changes
 * reads past them, so that they never keep the others from their turn. */
static struct bisector_skip {
	long long change, retry_at;
} bisector_skips[BISECTOR_SKIPS_MAX];
static size_t bisector_nskip;

/* --- opening --------------------------------------------------------- */

static int bisector_sha_cmp(const void *a, const void *b)
{
	return strcmp(((const struct gitrepo_node *const *)a)[0]->sha,
		      ((const struct gitrepo_node *const *)b)[0]->sha);
}

/* The candidates of nodes[0..n) (parents first) as db commits: parents
 * inside the set by index.  *commits: caller frees. */
static int bisector_commits_of(struct db_bisect_commit **commits, const struct gitrepo_node *v,
			       size_t n)
{
	const struct gitrepo_node **byid = calloc(n, sizeof *byid);
	struct db_bisect_commit *c = calloc(n, sizeof *c);

	*commits = NULL;
	if (!byid || !c)
		goto fail;
	for (size_t i = 0; i < n; i++)
		byid[i] = &v[i];
	qsort(byid, n, sizeof *byid, bisector_sha_cmp);
	for (size_t i = 0; i < n; i++) {
		snprintf(c[i].sha, sizeof c[i].sha, "%s", v[i].sha);
		snprintf(c[i].first_parent, sizeof c[i].first_parent, "%s",
			 v[i].nparents ? v[i].parents[0] : "");
		c[i].subject = strndup(v[i].subject ? v[i].subject : "", BISECTOR_SUBJECT_MAX);
		c[i].parents = calloc(v[i].nparents ? v[i].nparents : 1, sizeof *c[i].parents);
		if (!c[i].subject || !c[i].parents)
			goto fail;
		for (size_t k = 0; k < v[i].nparents; k++) {
			struct gitrepo_node key, *kp = &key;
			const struct gitrepo_node **hit;

			snprintf(key.sha, sizeof key.sha, "%s", v[i].parents[k]);
			hit = bsearch(&kp, byid, n, sizeof *byid, bisector_sha_cmp);
			if (hit)
				c[i].parents[c[i].nparents++] = (size_t)(*hit - v);
		}
	}
	free(byid);
	*commits = c;
	return 0;
fail:
	free(byid);
	db_bisect_commits_free(c, n);
	return -1;
}

/* The bench spec of the bisection: the bad job's, without what a build
 * adds to it. */
static json_t *bisector_bench_spec(const struct db_bisect_origin *o)
{
	static const char *const drop[] = { "kernel", "modules", "kernel_release", "build_id",
		"config", "commit", "tree", "branch", "reason", "url", NULL };
	json_t *spec = o->bench_spec ? json_deep_copy(o->bench_spec) : NULL;

	if (!json_is_object(spec)) {
		json_decref(spec);
		spec = json_object();
	}
	for (int i = 0; spec && drop[i]; i++)
		json_object_del(spec, drop[i]);
	if (spec && !json_is_string(json_object_get(spec, "boot")))
		json_object_set_new(spec, "boot", json_string("host"));
	if (spec && o->suite)
		json_object_set_new(spec, "suite", json_string(o->suite));
	return spec;
}

/* The build spec (tree, url, config, fragments, branch) or JSON null. */
static json_t *bisector_build_of(const struct db_bisect_origin *o, const json_t *bench)
{
	const json_t *b = o->build_spec;
	json_t *spec;

	if (!strcmp(json_string_value(json_object_get(bench, "boot")), "host") ||
	    !json_is_object(b))
		return json_null();
	spec = json_deep_copy(b);
	json_object_del(spec, "commit");
	json_object_del(spec, "reason");
	json_object_del(spec, "revert");
	return spec;
}

/* Checks the change of o; a db/ code with *cause, or DB_OK. */
static int bisector_check(const struct db_bisect_origin *o, long long change_id, char **cause)
{
	const char *kind = o->kind;

	if (kind && strcmp(kind, "perf")) {
		fail_cause(cause, "change %lld is a %s: only performance changes are bisected",
			   change_id, kind);
		return DB_INVALID;
	}
	if (!o->good_sha || !o->bad_sha) {
		fail_cause(cause, "change %lld has no commit range (its points have no commit, or "
			   "it starts at the first point): there is nothing to bisect", change_id);
		return DB_INVALID;
	}
	if (!o->tree) {
		fail_cause(cause, "change %lld: the tree of its commits is not known", change_id);
		return DB_CONFLICT;
	}
	return DB_OK;
}

/* The candidates of o's range from its tree's mirror; a db/ code with
 * *cause, or DB_OK. */
static int bisector_walk(struct kpcid *k, struct gitrepo_node **nodes, size_t *n,
			 const struct db_bisect_origin *o, char **cause)
{
	const char *tree = o->tree, *good = o->good_sha, *bad = o->bad_sha;
	char *mirror = watch_mirror_path(k->cfg.data_dir, tree), *why = NULL;
	struct gitrepo *repo = NULL;
	int rc = DB_OK;

	if (!mirror || gitrepo_open(&repo, mirror, &why) < 0 ||
	    gitrepo_range(repo, nodes, n, good, bad, BISECT_MAX_COMMITS, &why) < 0) {
		fail_cause(cause, "cannot read the commits %.12s..%.12s from tree %s's mirror: %s",
			   good, bad, tree, why ? why : "out of memory");
		rc = DB_CONFLICT;
	} else if (*n < 2 || strcmp((*nodes)[*n - 1].sha, bad)) {
		fail_cause(cause, "nothing to bisect: %.12s..%.12s holds %zu commit%s%s", good, bad,
			   *n, *n == 1 ? "" : "s", *n == 1 ? ", the first bad one itself" : "");
		rc = DB_CONFLICT;
	}
	free(why);
	free(mirror);
	gitrepo_free(repo);
	return rc;
}

int bisector_start(struct kpcid *k, long long *id, long long change_id, int revert,
		   const char *who, char **cause)
{
	json_t *bench = NULL, *build = NULL;
	struct db_bisect_origin o;
	struct gitrepo_node *nodes = NULL;
	struct db_bisect_commit *commits = NULL;
	size_t n = 0;
	int rc;

	*id = 0;
	*cause = NULL;
	rc = db_bisect_origin(k->db, &o, change_id, cause);
	if (rc != DB_OK)
		return rc == DB_NOTFOUND ? DB_NOTFOUND : DB_ERR;
	if ((rc = bisector_check(&o, change_id, cause)) ||
	    (rc = bisector_walk(k, &nodes, &n, &o, cause)))
		goto out;
	rc = DB_ERR;
	bench = bisector_bench_spec(&o);
	build = bench ? bisector_build_of(&o, bench) : NULL;
	if (!bench || !build || bisector_commits_of(&commits, nodes, n) < 0) {
		fail_cause(cause, "out of memory opening the bisection of change %lld", change_id);
		goto out;
	}
	{
		long long it = json_integer_value(json_object_get(bench, "iterations"));
		struct db_bisect_new b = {
			.change_id = change_id,
			.tree_id = o.tree_id, .range_key = o.range_key, .good = o.good_sha,
			.bad = o.bad_sha, .branch = o.branch, .config = o.config_name,
			.suite = o.suite, .runner_class = o.runner_class,
			.started_by = who, .bench = bench, .build = build, .revert = revert,
			.commits = commits, .ncommits = n, .series = o.series, .changes = o.changes,
			.nmetrics = o.nmetrics,
		};

		if (it <= 0)
			it = o.bad_iterations;
		b.iterations = (int)(it > 0 && it <= VERDICT_MAX_ITERATIONS ? it : 5);
		rc = db_bisect_create(k->db, id, &b, cause);
	}
	if (rc == DB_OK)
		log_info("bisection %lld of change %lld opened by %s: %zu commits %.12s..%.12s, %zu "
			 "metric%s", *id, change_id, who, n, o.good_sha, o.bad_sha, o.nmetrics,
			 o.nmetrics == 1 ? "" : "s");
	rc = rc == DB_OK || rc == DB_CONFLICT ? rc : DB_ERR;
out:
	gitrepo_nodes_free(nodes, n);
	db_bisect_commits_free(commits, n);
	db_bisect_origin_dispose(&o);
	json_decref(bench);
	json_decref(build);
	return rc;
}

int bisector_cancel(struct kpcid *k, long long id, const char *who, char **cause)
{
	struct db_bisection b;
	char why[PROTO_MAX_NAME + 64];
	int rc = db_bisect_get(k->db, &b, id);

	*cause = NULL;
	if (rc == DB_NOTFOUND) {
		fail_cause(cause, "bisection %lld does not exist", id);
		return DB_NOTFOUND;
	}
	if (rc != DB_OK) {
		fail_cause(cause, "cannot read bisection %lld: database error", id);
		return DB_ERR;
	}
	rc = strcmp(b.state, "running");
	db_bisection_dispose(&b);
	if (rc) {
		fail_cause(cause, "bisection %lld is not running", id);
		return DB_CONFLICT;
	}
	snprintf(why, sizeof why, "cancelled by %s", who);
	if (db_bisect_finish(k->db, id, "cancelled", NULL, why, NAN, NULL, NULL) != DB_OK) {
		fail_cause(cause, "cannot cancel bisection %lld: database error", id);
		return DB_ERR;
	}
	log_info("bisection %lld %s", id, why);
	return DB_OK;
}

static struct bisector_skip *bisector_skip_of(long long change_id)
{
	for (size_t i = 0; i < bisector_nskip; i++)
		if (bisector_skips[i].change == change_id)
			return &bisector_skips[i];
	return NULL;
}

/* The changes not to be tried before a later look. */
static size_t bisector_skipping(long long now)
{
	size_t n = 0;

	for (size_t i = 0; i < bisector_nskip; i++)
		n += bisector_skips[i].retry_at > now;
	return n;
}

/* Remembers that change_id was not opened; when every slot is taken,
 * the change due again soonest gives its slot up. */
static void bisector_skip_note(long long change_id, long long now)
{
	struct bisector_skip *e = bisector_skip_of(change_id);

	if (!e && bisector_nskip < BISECTOR_SKIPS_MAX)
		e = &bisector_skips[bisector_nskip++];
	if (!e) {
		e = &bisector_skips[0];
		for (size_t i = 1; i < BISECTOR_SKIPS_MAX; i++)
			if (bisector_skips[i].retry_at < e->retry_at)
				e = &bisector_skips[i];
	}
	e->change = change_id;
	e->retry_at = now + BISECTOR_RETRY_S;
}

static void bisector_skip_forget(struct bisector_skip *e)
{
	*e = bisector_skips[--bisector_nskip];
}

/* Opens the bisections the settled changes of bisected trees are due
 * (the trees are chosen by the look itself, so that the changes of a
 * tree not bisected never fill it).  A change that cannot be opened is
 * tried again BISECTOR_RETRY_S later, and said in the log the first
 * time only; a look tries at most BISECTOR_DUE_LIMIT changes. */
static void bisector_open_due(struct kpcid *k, long long now)
{
	const char *trees[BISECTOR_TREES_MAX + 1];
	struct db_bisect_due *due = NULL;
	size_t n = 0, opened = 0, tried = 0, ntrees = 0;

	for (const struct config_tree *t = k->cfg.trees; t && ntrees < BISECTOR_TREES_MAX;
	     t = t->next)
		if (t->bisect)
			trees[ntrees++] = t->name;
	trees[ntrees] = NULL;
	if (!ntrees || db_bisect_due(k->db, &due, &n, now - k->cfg.bisect_settle_seconds,
				     k->cfg.bisect_improvements, k->cfg.confirm_enabled, trees,
				     BISECTOR_DUE_LIMIT + (int)bisector_skipping(now)) != DB_OK)
		return;
	for (size_t i = 0; i < n && opened < BISECTOR_OPEN_MAX && tried < BISECTOR_DUE_LIMIT; i++) {
		long long change = due[i].change_id, id;
		struct bisector_skip *skip = bisector_skip_of(change);
		char *cause = NULL;
		int rc;

		if (skip && skip->retry_at > now)
			continue;
		tried++;
		rc = bisector_start(k, &id, change, k->cfg.bisect_revert, "auto", &cause);
		if (rc == DB_OK) {
			opened++;
			if (skip)
				bisector_skip_forget(skip);
		} else {
			if (!skip && rc != DB_CONFLICT)
				log_warn("bisection of change %lld not opened: %s", change,
					 cause ? cause : "error");
			else if (!skip)
				log_info("change %lld is not bisected: %s", change,
					 cause ? cause : "");
			bisector_skip_note(change, now);
		}
		free(cause);
	}
	free(due);
}

/* --- the candidates in memory ------------------------------------------ */

static void bisector_dag_free(struct bisector_dag *d)
{
	if (!d)
		return;
	db_bisect_commits_free(d->commits, d->n);
	bisect_free(d->search);
	free(d->marked);
	free(d);
}

void bisector_free(void)
{
	while (bisector_dags) {
		struct bisector_dag *next = bisector_dags->next;

		bisector_dag_free(bisector_dags);
		bisector_dags = next;
	}
}

/* The candidates of bisection id (tip bad), loaded once; NULL on error. */
static struct bisector_dag *bisector_dag_of(struct kpcid *k, long long id)
{
	struct bisector_dag *d;
	struct bisect_commit *c;
	const char *why = NULL;

	for (d = bisector_dags; d; d = d->next)
		if (d->id == id)
			return d;
	d = calloc(1, sizeof *d);
	if (!d || db_bisect_commits(k->db, &d->commits, &d->n, id) != DB_OK || !d->n) {
		bisector_dag_free(d);
		return NULL;
	}
	d->id = id;
	d->marked = calloc(d->n, 1);
	c = calloc(d->n, sizeof *c);
	for (size_t i = 0; c && i < d->n; i++) {
		c[i].parents = d->commits[i].parents;
		c[i].nparents = d->commits[i].nparents;
	}
	if (!d->marked || !c || bisect_new(&d->search, c, d->n, d->n - 1, &why) < 0) {
		log_error("bisection %lld: cannot build its search: %s", id, why ? why : "no memory");
		free(c);
		bisector_dag_free(d);
		return NULL;
	}
	free(c);
	d->next = bisector_dags;
	bisector_dags = d;
	return d;
}

/* Drops the candidates of bisections that are not running any more. */
static void bisector_dag_prune(const long long *ids, size_t n)
{
	struct bisector_dag **pp = &bisector_dags;

	while (*pp) {
		int keep = 0;

		for (size_t i = 0; i < n && !keep; i++)
			keep = ids[i] == (*pp)->id;
		if (keep) {
			pp = &(*pp)->next;
		} else {
			struct bisector_dag *d = *pp;

			*pp = d->next;
			bisector_dag_free(d);
		}
	}
}

/* --- a step of each running bisection ------------------------------------ */

/* Reads what a step needs into r; -1 on a database error. */
static int bisector_load(struct bisector_run *r, long long id)
{
	struct db *db = r->k->db;

	if (db_bisect_get(db, &r->b, id) != DB_OK || strcmp(r->b.state, "running"))
		return -1;
	r->dag = bisector_dag_of(r->k, id);
	if (!r->dag || db_bisect_probes(db, &r->probes, &r->nprobes, id) != DB_OK ||
	    db_bisect_metrics(db, &r->metrics, &r->nmetrics, id) != DB_OK ||
	    db_bisect_samples(db, &r->samples, &r->nsamples, id) != DB_OK)
		return -1;
	r->noise = calloc(r->nmetrics ? r->nmetrics : 1, sizeof *r->noise);
	if (!r->noise)
		return -1;
	for (size_t i = 0; i < r->nmetrics; i++) {
		const struct db_noise_sums *s = &r->metrics[i].noise;

		verdict_noise_of(&r->noise[i], s->rep_ss, (double)s->rep_df, s->rep_wn, s->win_ss,
				 (double)s->win_df);
	}
	bisect_params_default(&r->params);
	r->params.min_effect = (double)r->k->cfg.analysis_min_effect_percent / 100;
	r->params.prior_between = (double)r->k->cfg.analysis_prior_between_percent / 100;
	r->bench = r->b.bench;
	r->build = r->b.build;
	return json_is_object(r->bench) ? 0 : -1;
}

static void bisector_run_free(struct bisector_run *r)
{
	db_bisection_dispose(&r->b);
	free(r->probes);
	free(r->metrics);
	free(r->noise);
	free(r->samples);
}

static void bisector_step(struct kpcid *k, long long id, long long now)
{
	struct bisector_run r = { .k = k, .now = now };

	if (bisector_load(&r, id) == 0)
		bisector_phase(&r);         /* daemon/bisect/bisector_search.c */
	bisector_run_free(&r);
}

void bisector_tick(struct kpcid *k)
{
	long long now = (long long)time(NULL), *ids = NULL;
	size_t n = 0;

	if (!k->cfg.bisect_enabled)
		return;
	if (now >= bisector_due_at) {
		bisector_due_at = now + BISECTOR_DUE_EVERY_S;
		bisector_open_due(k, now);
	}
	if (db_bisect_running(k->db, &ids, &n) != DB_OK)
		return;
	for (size_t i = 0; i < n; i++)
		bisector_step(k, ids[i], now);
	bisector_dag_prune(ids, n);
	free(ids);
}

long long bisector_free_runners(const struct bisector_run *r)
{
	const char *boot = json_string_value(json_object_get(r->bench, "boot"));

	return db_bisect_free_runners(r->k->db, r->b.runner_class, boot,
				      (int)r->k->cfg.bisect_priority,
				      r->now - BISECTOR_RUNNER_SEEN_S);
}

int bisector_no_code(struct bisector_run *r, const char *parent, char *why, size_t whylen,
		     char *nocode_why, size_t nlen)
{
	char code[DB_CONFIRM_TEXT];
	size_t len = strlen(why);

	if (codecheck_range(r->k, r->b.tree_id, r->b.tree, r->b.config, parent, r->b.culprit,
			    code, sizeof code) != CODECHECK_UNCHANGED)
		return 0;
	snprintf(why + len, whylen - len, "; it changes no compiled code: layout or noise");
	snprintf(nocode_why, nlen, "its culprit %.*s changes no compiled code against its "
		 "parent %.*s (%s): layout or noise", BISECTOR_SHA, r->b.culprit, BISECTOR_SHA,
		 parent, code);
	log_info("bisection %lld: the culprit %.12s changes no compiled code: %s", r->b.id,
		 r->b.culprit, code);
	return 1;
}

/* "a1b2c3d4e5f6 (subject), ..." of the alive commits, at most LISTED. */
void bisector_alive_text(char *out, size_t size, const struct bisector_run *r)
{
	size_t len = 0, shown = 0, alive = bisect_remaining(r->dag->search);

	out[0] = '\0';
	for (size_t i = 0; i < r->dag->n && shown < BISECTOR_LISTED && len < size; i++) {
		if (!bisect_alive(r->dag->search, i))
			continue;
		len += (size_t)snprintf(out + len, size - len, "%s%.*s", shown ? ", " : "",
					BISECTOR_SHA, r->dag->commits[i].sha);
		shown++;
	}
	if (alive > shown && len < size)
		snprintf(out + len, size - len, " and %zu more", alive - shown);
}
