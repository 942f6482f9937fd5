// SPDX-License-Identifier: GPL-2.0-only
/*
 * confirm.c - the confirmer (confirm.h, docs/analysis.md "Confirmation").
 *
 * Each second, for every measuring confirmation: the compiled-code check
 * of its range once (daemon/analyze/codecheck.c; no compiled code changed ends
 * it at once), then its jobs: while a side has fewer than `want`
 * successful jobs, the missing ones are queued alternately on the two
 * commits at [confirm] priority; once none is pending, every change it
 * serves is judged on the confirmation's own jobs.  Every two seconds the
 * changes that wait for a confirmation get one: found (the same range,
 * suite, class and config) or opened.  Everything is read from and
 * written to the database at each step.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/analyze/codecheck.h"
#include "daemon/analyze/confirm.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/stats.h"
#include "lib/verdict.h"

#define CONFIRM_DUE_EVERY_S 2       /* how often waiting changes are looked for */
#define CONFIRM_DUE_MAX 64          /* changes one look takes */
#define CONFIRM_LOST_MAX 3          /* failed jobs of a side before it gives up */
#define CONFIRM_SHA 12              /* hex digits of a commit in a sentence */
#define CONFIRM_WHY 768             /* bytes of a change's confirmation sentence */
#define CONFIRM_RANK_P 0.05         /* the boots must also rank apart (rank-sum test) */

static long long confirm_due_at;

/* The cap of jobs a side: max_jobs, never under min_jobs. */
static int confirm_cap(const struct kpcid *k)
{
	return (int)(k->cfg.confirm_max_jobs > k->cfg.confirm_min_jobs ? k->cfg.confirm_max_jobs :
		     k->cfg.confirm_min_jobs);
}

/* Opens (or finds) the confirmation of each change that waits for one. */
static void confirm_open_due(struct kpcid *k, long long now)
{
	struct db_confirm_due *due = NULL;
	size_t n = 0;

	if (db_confirm_due(k->db, &due, &n, now - k->cfg.confirm_settle_seconds,
			   CONFIRM_DUE_MAX) != DB_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		char why[160];
		long long id = 0;
		int rc;

		snprintf(why, sizeof why, "change %lld: %s at %s", due[i].change_id, due[i].metric,
			 due[i].range);
		rc = db_confirm_open(k->db, &id, due[i].series_id, due[i].good_job_id,
				     due[i].bad_job_id, (int)k->cfg.confirm_min_jobs, why,
				     due[i].change_id);
		if (rc != DB_OK)
			log_warn("confirmation of change %lld not opened (database code %d)",
				 due[i].change_id, rc);
		else if (id != due[i].confirmation_id)
			log_info("confirmation %lld serves change %lld (%s at %s)", id,
				 due[i].change_id, due[i].metric, due[i].range);
	}
	free(due);
}

/* What the confirmation's jobs say of every metric they measured: one
 * family, tested at once with Benjamini-Hochberg, so that a metric
 * picked out later by the analyzer from these same jobs gets no second
 * chance. */
struct confirm_family {
	struct db_confirm_sample *s;    /* by series, side, job, iteration */
	size_t ns;
	long long *series;              /* the metrics' series */
	struct verdict *v;              /* each one's verdict; jobs[] 0: not tested */
	double (*ranks)[2];             /* the rank-sum p that its boots went up, down */
	size_t n;
};

static void confirm_family_dispose(struct confirm_family *f)
{
	free(f->s);
	free(f->series);
	free(f->v);
	free(f->ranks);
	memset(f, 0, sizeof *f);
}

/* The jobs of one side of the samples s[0..n) of one series (sorted by
 * side and job) into jobs (n of room), a folded job from its sums; the
 * number of jobs. */
static size_t confirm_side(struct verdict_job *jobs, const struct db_confirm_sample *s, size_t n,
			   int side, double *scratch)
{
	size_t k = 0;

	for (size_t a = 0, b; a < n; a = b) {
		size_t m = 0;

		for (b = a; b < n && s[b].job_id == s[a].job_id; b++)
			scratch[m++] = s[b].value;
		if (s[a].side == side && s[a].fold.n > 0)
			db_fold_job(&jobs[k++], &s[a].fold);
		else if (s[a].side == side)
			verdict_job_of(&jobs[k++], scratch, m);
	}
	return k;
}

/* The rank-sum p-values that the bad side's boots (their means) lie above
 * the good side's, and below, into ranks. */
static void confirm_ranks(double ranks[2], const struct verdict_job *good, size_t ng,
			  const struct verdict_job *bad, size_t nb, double *scratch)
{
	double *g = scratch, *b = scratch + ng;

	for (size_t i = 0; i < ng; i++)
		g[i] = good[i].mean;
	for (size_t i = 0; i < nb; i++)
		b[i] = bad[i].mean;
	ranks[0] = stats_rank_sum_exact(g, ng, b, nb);
	ranks[1] = stats_rank_sum_exact(b, nb, g, ng);
}

/* Tests series s[0..n) of the family (good side against bad) into *v and
 * its boots' ranks into ranks. */
static int confirm_test(struct kpcid *k, struct verdict *v, double ranks[2],
			const struct db_confirm_sample *s, size_t n, const struct verdict_params *vp)
{
	struct verdict_job *good = calloc(n, sizeof *good), *bad = calloc(n, sizeof *bad);
	double *scratch = calloc(2 * n, sizeof *scratch);
	struct db_noise_sums sums;
	struct verdict_noise noise;
	size_t ng, nb;
	int rc = -1;

	memset(v, 0, sizeof *v);
	if (!good || !bad || !scratch ||
	    db_noise_sums(k->db, &sums, s[0].series_id, 0, NULL) != DB_OK)
		goto out;
	ng = confirm_side(good, s, n, 0, scratch);
	nb = confirm_side(bad, s, n, 1, scratch);
	rc = 0;
	if (ng < 2 || nb < 2)
		goto out;       /* not tested: jobs[] stay 0 */
	verdict_noise_of(&noise, sums.rep_ss, (double)sums.rep_df, sums.rep_wn, sums.win_ss,
			 (double)sums.win_df);
	rc = verdict_test(v, &(struct verdict_side){ good, ng },
			  &(struct verdict_side){ bad, nb }, &noise, vp);
	confirm_ranks(ranks, good, ng, bad, nb, scratch);
out:
	free(good);
	free(bad);
	free(scratch);
	return rc;
}

/* The family of confirmation co's jobs, decided at [confirm] alpha. */
static int confirm_family(struct kpcid *k, const struct db_confirmation *co,
			  struct confirm_family *f)
{
	struct verdict_params vp;
	size_t cap;

	memset(f, 0, sizeof *f);
	verdict_params_default(&vp);
	vp.alpha = (double)k->cfg.confirm_alpha_permille / 1000;
	vp.min_effect = (double)k->cfg.analysis_min_effect_percent / 100;
	vp.prior_between = (double)k->cfg.analysis_prior_between_percent / 100;
	if (db_confirm_samples(k->db, &f->s, &f->ns, co->id, 0) != DB_OK)
		return -1;
	cap = f->ns ? f->ns : 1;
	f->series = calloc(cap, sizeof *f->series);
	f->v = calloc(cap, sizeof *f->v);
	f->ranks = calloc(cap, sizeof *f->ranks);
	if (!f->series || !f->v || !f->ranks)
		return -1;
	for (size_t a = 0, b; a < f->ns; a = b) {
		for (b = a; b < f->ns && f->s[b].series_id == f->s[a].series_id; b++)
			;
		f->series[f->n] = f->s[a].series_id;
		if (confirm_test(k, &f->v[f->n], f->ranks[f->n], &f->s[a], b - a, &vp) < 0)
			return -1;
		f->n++;
	}
	return verdict_fdr(f->v, f->n, &vp);
}

/* Judges change c by its metric's verdict in family f: 1 decided (why
 * says how, *confirmed which), 0 undecided (more jobs would decide). */
static int confirm_judge(const struct db_confirmation *co, const struct confirm_family *f,
			 const struct db_confirm_change *c, int last, int *confirmed, char *why,
			 size_t whylen)
{
	const struct verdict *v = NULL;
	double rank = NAN;
	int worse, up = c->regression != c->higher_is_better;

	*confirmed = 0;
	for (size_t i = 0; i < f->n && !v; i++)
		if (f->series[i] == c->series_id && f->v[i].jobs[0]) {
			v = &f->v[i];
			rank = f->ranks[i][up ? 0 : 1];
		}
	if (!v) {
		snprintf(why, whylen, "not reproduced: the confirmation's %d and %d boots did not "
			 "measure %s twice a side", co->ok[0], co->ok[1], c->metric);
		return 1;
	}
	worse = c->higher_is_better ? v->percent < 0 : v->percent > 0;
	/* more boots are worth it only while they could still confirm it:
	 * its estimate in its direction and beyond the smallest effect */
	last |= worse != c->regression || !(fabs(v->percent) >= 100 * v->min_effect);
	if (v->kind == VERDICT_CHANGED && worse == c->regression && !(rank <= CONFIRM_RANK_P)) {
		/* the means moved, but not the boots as a whole: one far out
		 * (a burst of host load) may have moved them */
		if (!last)
			return 0;
		snprintf(why, whylen, "not reproduced: %zu and %zu interleaved boots of %.*s and "
			 "%.*s move it on average but not boot for boot (rank-sum p %.2g): %s",
			 v->jobs[0], v->jobs[1], CONFIRM_SHA, co->good_sha, CONFIRM_SHA, co->bad_sha,
			 rank, v->reason);
		return 1;
	}
	if (v->kind == VERDICT_CHANGED && worse == c->regression) {
		*confirmed = 1;
		snprintf(why, whylen, "confirmed by %zu and %zu boots of %.*s and %.*s, interleaved "
			 "(%zu metrics tested together): %s", v->jobs[0], v->jobs[1], CONFIRM_SHA,
			 co->good_sha, CONFIRM_SHA, co->bad_sha, f->n, v->reason);
	} else if (v->kind == VERDICT_CHANGED || v->kind == VERDICT_SAME || last) {
		snprintf(why, whylen, "not reproduced: %zu and %zu interleaved boots of %.*s and "
			 "%.*s %s: %s", v->jobs[0], v->jobs[1], CONFIRM_SHA, co->good_sha, CONFIRM_SHA,
			 co->bad_sha, v->kind == VERDICT_CHANGED ? "show the other direction" :
			 v->kind == VERDICT_SAME ? "show no change" : "do not show it", v->reason);
	} else {
		return 0;
	}
	return 1;
}

/* Decides every change co serves that its jobs decide; 1 when some
 * change wants more jobs, 0 when none does, -1 on error. */
static int confirm_decide(struct kpcid *k, const struct db_confirmation *co)
{
	struct db_confirm_change *c = NULL;
	struct confirm_family f;
	size_t n = 0;
	int more = 0, last = co->want >= confirm_cap(k);

	if (db_confirm_changes(k->db, &c, &n, co->id) != DB_OK)
		return -1;
	if (n && confirm_family(k, co, &f) < 0) {
		confirm_family_dispose(&f);
		free(c);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		char why[CONFIRM_WHY];
		int confirmed;

		if (!confirm_judge(co, &f, &c[i], last, &confirmed, why, sizeof why)) {
			more = 1;
			continue;
		}
		if (db_confirm_decide(k->db, c[i].change_id, confirmed ? "confirmed" :
				      "not-reproduced", why) == DB_OK)
			log_info("change %lld (%s) %s", c[i].change_id, c[i].metric, why);
	}
	if (n)
		confirm_family_dispose(&f);
	free(c);
	return more;
}

/* Decides every change co serves as d (confirmed, not-reproduced or
 * no-code) with why, and ends co in state with why. */
static void confirm_end_all(struct kpcid *k, const struct db_confirmation *co, const char *d,
			    const char *state, const char *why)
{
	struct db_confirm_change *c = NULL;
	size_t n = 0;

	if (db_confirm_changes(k->db, &c, &n, co->id) == DB_OK)
		for (size_t i = 0; i < n; i++)
			db_confirm_decide(k->db, c[i].change_id, d, why);
	free(c);
	if (db_confirm_finish(k->db, co->id, state, why) == DB_OK)
		log_info("confirmation %lld of %.*s..%.*s (%s, %s): %s", co->id, CONFIRM_SHA,
			 co->good_sha, CONFIRM_SHA, co->bad_sha, co->suite, co->runner_class, why);
}

/* The compiled-code check of co's range, once; 1 when it ended co. */
static int confirm_code(struct kpcid *k, struct db_confirmation *co)
{
	static const char *const names[] = { "unchanged", "changed", "unknown" };
	char why[DB_CONFIRM_TEXT];
	int rc;

	if (!co->code[0]) {
		rc = codecheck_range(k, co->tree_id, co->tree, co->config, co->good_sha, co->bad_sha,
				     why, sizeof why);
		rc = rc == CODECHECK_UNCHANGED ? 0 : rc == CODECHECK_CHANGED ? 1 : 2;
		if (db_confirm_code(k->db, co->id, names[rc], why) != DB_OK)
			return 1;
		snprintf(co->code, sizeof co->code, "%s", names[rc]);
		snprintf(co->code_reason, sizeof co->code_reason, "%s", why);
		log_info("confirmation %lld: %.*s..%.*s: %s", co->id, CONFIRM_SHA, co->good_sha,
			 CONFIRM_SHA, co->bad_sha, why);
	}
	if (strcmp(co->code, "unchanged"))
		return 0;
	confirm_end_all(k, co, "no-code", "no-code", co->code_reason);
	return 1;
}

/* One step of measuring confirmation id. */
static void confirm_step(struct kpcid *k, long long id)
{
	struct db_confirmation co;
	int need[2], queued = 0, more;

	if (db_confirm_get(k->db, &co, id) != DB_OK || confirm_code(k, &co))
		return;
	if (!co.want) {         /* builds measured it: the code check decides */
		char why[DB_CONFIRM_TEXT];

		snprintf(why, sizeof why, "confirmed by its builds, whose values no boot measures "
			 "(%s)", co.code_reason);
		confirm_end_all(k, &co, "confirmed", "done", why);
		return;
	}
	if (co.pending[0] || co.pending[1])
		return;
	for (int s = 0; s < 2; s++) {
		need[s] = co.want > co.ok[s] ? co.want - co.ok[s] : 0;
		if (need[s] && co.failed[s] >= CONFIRM_LOST_MAX) {
			char why[DB_CONFIRM_TEXT];

			snprintf(why, sizeof why, "not confirmed: %d jobs of %.*s failed on runner "
				 "class %s (see the jobs page), so the change cannot be measured again",
				 co.failed[s], CONFIRM_SHA, s ? co.bad_sha : co.good_sha,
				 co.runner_class);
			confirm_end_all(k, &co, "not-reproduced", "stopped", why);
			return;
		}
	}
	if (need[0] || need[1]) {
		if (db_confirm_queue(k->db, &queued, id, need, (int)k->cfg.confirm_priority) ==
		    DB_OK)
			log_info("confirmation %lld: %d jobs queued, %.*s and %.*s alternately (%s on "
				 "%s)", id, queued, CONFIRM_SHA, co.good_sha, CONFIRM_SHA, co.bad_sha,
				 co.suite, co.runner_class);
		return;
	}
	more = confirm_decide(k, &co);
	if (more < 0)
		return;
	if (more) {
		db_confirm_want(k->db, id, co.want + 1);
		return;
	}
	{
		char why[DB_CONFIRM_TEXT];

		snprintf(why, sizeof why, "measured by %d and %d interleaved boots", co.ok[0],
			 co.ok[1]);
		db_confirm_finish(k->db, id, "done", why);
	}
}

/* Takes each measuring confirmation a step. */
static void confirm_steps(struct kpcid *k)
{
	long long *ids = NULL;
	size_t n = 0;

	if (db_confirm_running(k->db, &ids, &n) != DB_OK)
		return;
	for (size_t i = 0; i < n; i++)
		confirm_step(k, ids[i]);
	free(ids);
}

void confirm_pass(struct kpcid *k)
{
	if (!k->cfg.confirm_enabled)
		return;
	confirm_open_due(k, (long long)time(NULL));
	confirm_steps(k);
}

void confirm_tick(struct kpcid *k)
{
	long long now = (long long)time(NULL);

	if (!k->cfg.confirm_enabled)
		return;
	if (now >= confirm_due_at) {
		confirm_due_at = now + CONFIRM_DUE_EVERY_S;
		confirm_open_due(k, now);
	}
	confirm_steps(k);
}
