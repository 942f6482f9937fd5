// SPDX-License-Identifier: GPL-2.0-only
/*
 * alert_text.c - what a report says: the subject line, the plain-text
 * body in the form the kernel community reads from the kernel test robot
 * (commit, tree, runner and hardware, suite and parameters, the LKP
 * table, bisection log, how to reproduce, link, tags), and the two JSON
 * documents of webhooks (a generic one and a Slack-compatible one).
 * Everything from commits and results is attacker-controlled: the body is
 * plain text (mail headers are made safe by lib/mail.c), the JSON is
 * built by jansson, and Slack's <, > and & are escaped.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/alert/alert.h"
#include "daemon/watch/watch.h"
#include "db/db_reports.h"
#include "lib/mail.h"
#include "lib/rec_place.h"

#define ATEXT_SHA 10                /* hex digits of a commit in subjects and tables */
#define ATEXT_BROUGHT_SHOWN 30      /* commits of a merge listed in the body */
#define ATEXT_SUBJECT_MAX 200       /* bytes of a commit subject quoted */
#define ATEXT_SUBSYS_MAX 40         /* bytes of the [subsystem] of a subject */
#define ATEXT_TITLE_SUBJECT 120     /* bytes of a subject in a change's title */
#define ATEXT_WRAP 76               /* columns of a summary's wrapped lines */
#define ATEXT_INSN_SAME 0.01        /* instructions per op this close are unchanged */

static const char *atext_str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* A string field of a record, "" for NULL. */
static const char *atext_s(const char *s)
{
	return s ? s : "";
}

/* The subsystem of a commit: "workqueue" of "workqueue: Make ...", or
 * the pull's name of a merge ("wq" of "Merge tag 'wq-for-7.4' of ..."). */
static void atext_subsystem(char *out, size_t n, const char *subject, int merge)
{
	char *sub = NULL, *src = NULL;
	size_t k;

	out[0] = '\0';
	if (merge && watch_merge_subject(&sub, &src, subject) == 0) {
		snprintf(out, n, "%s", sub);
	} else if (!merge) {
		k = strcspn(subject, ":");
		if (subject[k] == ':' && k > 0 && k < ATEXT_SUBSYS_MAX && !memchr(subject, ' ', k))
			snprintf(out, n, "%.*s", (int)k, subject);
	}
	free(sub);
	free(src);
	for (char *p = out; *p; p++)
		if (*p == '[' || *p == ']' || (unsigned char)*p < 0x20)
			*p = '_';
}

/* "855.6%" / "-12.3%" */
static void atext_percent(char *out, size_t n, double magnitude)
{
	snprintf(out, n, "%.1f%%", 100 * magnitude);
}

void alert_subject(struct buf *b, const struct alert_report *r)
{
	const struct rec_change *head = &r->group->changes.v[0];
	char sub[ATEXT_SUBSYS_MAX + 1], pct[32];

	atext_subsystem(sub, sizeof sub, r->commit->subject, r->commit->nparents > 1);
	atext_percent(pct, sizeof pct, isnan(head->magnitude) ? 0 : head->magnitude);
	buf_printf(b, "[kpci] [%s:%s] ", r->tree, r->branch);
	if (sub[0])
		buf_printf(b, "[%s] ", sub);
	buf_printf(b, "%.*s: %s.%s %s %s", ATEXT_SHA, r->commit->sha, atext_s(head->suite),
		   atext_s(head->metric), pct, atext_s(head->direction));
}

/* A value as the LKP table shows it, right-aligned in 10 columns. */
static void atext_value(struct buf *b, double v)
{
	if (!isfinite(v))
		buf_printf(b, "%10s", "n/a");
	else if (fabs(v) >= 100)
		buf_printf(b, "%10.0f", v);
	else if (fabs(v) >= 1)
		buf_printf(b, "%10.2f", v);
	else
		buf_printf(b, "%10.4g", v);
}

static void atext_stddev(struct buf *b, double sd, double mean)
{
	if (isfinite(sd) && isfinite(mean) && mean != 0 && sd > 0)
		buf_printf(b, " \u00b1%3.0f%%", 100 * sd / fabs(mean));
	else
		buf_adds(b, "      ");
}

static double atext_num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

void alert_changes_table(struct buf *b, const struct rec_changes *changes, const char *good,
			 const char *bad)
{
	size_t n = changes ? changes->n : 0;

	buf_printf(b, "%-16.*s %-.*s\n", ATEXT_SHA, good[0] ? good : "(start)", ATEXT_SHA, bad);
	buf_adds(b, "---------------- ---------------------------\n"
		 "         %stddev     %change         %stddev\n"
		 "             \\          |                \\\n");
	for (size_t i = 0; i < n; i++) {
		const struct rec_change *c = &changes->v[i];

		buf_adds(b, "  ");
		atext_value(b, c->mean_before);
		atext_stddev(b, c->sd_before, c->mean_before);
		buf_printf(b, "  %+8.1f%%  ", 100 * c->magnitude);
		atext_value(b, c->mean_after);
		atext_stddev(b, c->sd_after, c->mean_after);
		buf_printf(b, "  %s.%s", atext_s(c->suite), atext_s(c->metric));
		if (strcmp(atext_s(c->runner_class), atext_s(changes->v[0].runner_class)))
			buf_printf(b, " (%s)", atext_s(c->runner_class));
		buf_adds(b, "\n");
	}
}

void alert_table(struct buf *b, const json_t *changes, const char *good, const char *bad)
{
	struct rec_changes l = { 0 };

	if (changes && rec_changes_decode(&l, changes, NULL) < 0)
		memset(&l, 0, sizeof l);    /* not changes: the table's head alone */
	alert_changes_table(b, &l, good, bad);
	rec_changes_dispose(&l);
}

/* "commit: SHA ("subject")" lines of the target and, for a merge, what it brought. */
static void atext_commit(struct buf *b, const struct alert_report *r)
{
	const struct gitrepo_commit *c = r->commit;
	char *subject = mail_one_line(c->subject, ATEXT_SUBJECT_MAX);

	buf_printf(b, "commit: %s (\"%s\")\n", c->sha, subject ? subject : "");
	free(subject);
	subject = mail_one_line(c->author_name, ATEXT_SUBJECT_MAX);
	buf_printf(b, "author: %s <%s>\n", subject ? subject : "",
		   mail_address_ok(c->author_email) ? c->author_email : "?");
	free(subject);
	buf_printf(b, "tree:   %s %s\nbranch: %s\n", r->tree, r->tree_url, r->branch);
	if (c->nparents < 2 || !r->src)
		return;
	buf_printf(b, "\nThis merge brought %zu commit%s; their authors, the people in their "
		   "trailers and the\nmaintainers of the files it changed get this report.%s\n",
		   r->src->total, r->src->total == 1 ? "" : "s",
		   r->src->total > r->src->nbrought ? " (The people of the first ones only.)" : "");
	for (size_t i = 0; i < r->src->nbrought && i < ATEXT_BROUGHT_SHOWN; i++) {
		char *s = mail_one_line(r->src->brought[i]->subject, ATEXT_SUBJECT_MAX);

		buf_printf(b, "  %.*s %s\n", ATEXT_SHA, r->src->brought[i]->sha, s ? s : "");
		free(s);
	}
	if (r->src->total > ATEXT_BROUGHT_SHOWN)
		buf_printf(b, "  ... and %zu more\n", r->src->total - ATEXT_BROUGHT_SHOWN);
}

/* "N what, " with what plural when N is not 1; nothing when n <= 0. */
static void atext_count(struct buf *b, long long n, const char *what)
{
	if (n > 0)
		buf_printf(b, "%lld %s%s, ", n, what, n == 1 ? "" : "s");
}

/* The "hardware:" line: what the samples were taken on.  A kernel booted
 * apart from the runner's (a QEMU guest, a LAVA device) reported its own
 * CPUs, nodes ("numa": a CPU list per node) and CPU model in the job's
 * environment, and the runner's own kernel as host_kernel_release: that
 * machine comes first, then the runner it ran inside or from. */
static void atext_hardware(struct buf *b, const struct db_report_group *g)
{
	const json_t *env = g->env, *numa = json_object_get(env, "numa"), *v;
	const char *model = atext_str(env, "cpu_model");
	long long cpus = 0;
	double mem = 0;
	size_t i;

	if (json_object_get(env, "host_kernel_release") && json_array_size(numa)) {
		json_array_foreach(numa, i, v)
			cpus += (long long)json_array_size(v);
		atext_count(b, cpus, "CPU");
		atext_count(b, (long long)json_array_size(numa), "NUMA node");
		buf_printf(b, "%s (a %s guest), inside: ", atext_str(env, "guest_cpu_model")[0] ?
			   atext_str(env, "guest_cpu_model") : "CPU model unknown",
			   atext_str(env, "boot_method")[0] ? atext_str(env, "boot_method") :
			   "booted");
	}
	json_array_foreach(json_object_get(g->topology, "nodes"), i, v)
		mem += atext_num(v, "memory_bytes");
	atext_count(b, g->cpus, "CPU");
	atext_count(b, g->numa_nodes, "NUMA node");
	if (mem > 0)
		buf_printf(b, "%.1f GiB memory, ", mem / (1024.0 * 1024 * 1024));
	buf_printf(b, "%s (runner %s)\n", model[0] ? model : "CPU model unknown",
		   atext_s(g->runner)[0] ? g->runner : "unknown");
}

/* Runner class, hardware, boot, suite and its parameters of the group's
 * headline change. */
static void atext_setup(struct buf *b, const struct db_report_group *g)
{
	const struct rec_change *head = &g->changes.v[0];
	const json_t *env = g->env, *spec = g->spec, *v;
	const char *key;

	buf_printf(b, "\nrunner class: %s\nhardware: ", atext_s(head->runner_class));
	atext_hardware(b, g);
	if (json_object_size(env)) {
		static const char *const facts[][2] = { { "boot_method", "boot" },
			{ "kernel_release", "kernel" }, { "governor", "governor" }, { "thp", "THP" } };
		int first = 1;

		for (size_t f = 0; f < sizeof facts / sizeof facts[0]; f++) {
			char *fact = mail_one_line(atext_str(env, facts[f][0]), 200);

			if (fact && *fact) {
				buf_printf(b, "%s%s %s", first ? "" : ", ", facts[f][1], fact);
				first = 0;
			}
			free(fact);
		}
		if (!first)
			buf_adds(b, "\n");
	}
	buf_printf(b, "suite: %s\nkernel config: %s\nparameters:\n", atext_s(head->suite),
		   atext_s(head->config_name)[0] ? head->config_name : "-");
	for (void *it = json_object_iter((json_t *)(uintptr_t)spec); it;
	     it = json_object_iter_next((json_t *)(uintptr_t)spec, it)) {
		char *text;

		key = json_object_iter_key(it);
		v = json_object_iter_value(it);
		if (!strcmp(key, "kernel") || !strcmp(key, "modules"))
			continue;
		text = json_is_string(v) ? mail_one_line(json_string_value(v), 200) :
			json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		buf_printf(b, "\t%.64s: %s\n", key, text ? text : "");
		free(text);
	}
}

#define ATEXT_PROBE_METRICS 3        /* metrics of a probe written under it */

/* Appends s (NULL: "") made one line (commit data: it may hold anything). */
static void atext_line(struct buf *b, const char *s, size_t max)
{
	char *line = mail_one_line(s ? s : "", max);

	buf_adds(b, line ? line : "");
	free(line);
}

/* The numbers of one metric of a bisection log entry. */
static void atext_probe_metric(struct buf *b, const struct rec_bisect_line *m)
{
	buf_adds(b, "             ");
	atext_line(b, m->metric, 100);
	buf_adds(b, ": ");
	if (m->good) {
		atext_line(b, m->good, 60);
		buf_adds(b, " against good, ");
		atext_line(b, m->bad, 60);
		buf_adds(b, " against bad");
	} else {
		atext_line(b, m->change, 60);
		buf_adds(b, " (");
		atext_line(b, m->verdict ? m->verdict : m->says, 40);
		buf_adds(b, ")");
	}
	buf_adds(b, "\n");
}

/* One entry of a bisection's log (daemon/bisect/bisector.c writes them: role,
 * round, sha, subject, verdict, jobs, metrics); an entry of another
 * shape is written as its JSON. */
static void atext_probe(struct buf *b, size_t i, const struct rec_bisect_entry *e)
{
	const char *role = e->role ? e->role : "";

	if (e->other) {
		char *line = mail_one_line(e->other, 300);

		buf_printf(b, "  %zu. %s\n", i + 1, line ? line : "");
		free(line);
		return;
	}
	if (!strcmp(role, "probe"))
		buf_printf(b, "  round %-3lld ", e->round == REC_NONE ? 0 : e->round);
	else
		buf_printf(b, "  %-9.9s ", role[0] ? role : "probe");
	buf_printf(b, "%.12s ", e->sha);
	atext_line(b, e->verdict, 40);
	if (e->jobs != REC_NONE)
		buf_printf(b, " (%lld jobs)", e->jobs);
	if (e->parent)
		buf_printf(b, " against its parent %.12s", e->parent);
	if (e->subject && *e->subject) {
		buf_adds(b, "  ");
		atext_line(b, e->subject, ATEXT_SUBJECT_MAX);
	}
	buf_adds(b, "\n");
	for (size_t k = 0; k < e->nlines && k < ATEXT_PROBE_METRICS; k++)
		atext_probe_metric(b, &e->lines[k]);
	if (!strcmp(e->verdict, "undecided") || !strcmp(e->verdict, "does not build") ||
	    !strcmp(e->verdict, "lost")) {
		buf_adds(b, "             ");
		atext_line(b, e->reason, 300);
		buf_adds(b, "\n");
	}
}

static void atext_bisection(struct buf *b, const struct rec_bisection *bis)
{
	if (!bis) {
		buf_adds(b, "\nbisection: none has finished; this report is about the merge (or "
			 "commit) the\nchange points at, whose pull brought the change.\n");
		return;
	}
	buf_printf(b, "\nbisection (%.12s..%.12s, %s):\n", bis->good_sha ? bis->good_sha : "",
		   bis->bad_sha ? bis->bad_sha : "", bis->state ? bis->state : "");
	for (size_t i = 0; i < bis->nentries; i++)
		atext_probe(b, i, &bis->entries[i]);
	buf_printf(b, "  culprit: %s\n", bis->culprit_sha ? bis->culprit_sha : "");
}

/* Appends text cut at spaces into lines of ATEXT_WRAP columns: the first
 * has first columns left, the next ones start with indent spaces. */
static void atext_wrap(struct buf *b, const char *text, size_t first, size_t indent)
{
	size_t room = first, col = 0;

	while (*text) {
		size_t word = strcspn(text, " ");

		if (col && col + 1 + word > room) {
			buf_printf(b, "\n%*s", (int)indent, "");
			room = ATEXT_WRAP - indent;
			col = 0;
		} else if (col) {
			buf_adds(b, " ");
			col++;
		}
		buf_add(b, text, word);
		col += word;
		text += word + strspn(text + word, " ");
	}
}

/* How each change of the table was confirmed before this report, one
 * paragraph each (nothing when confirmations are off). */
static void atext_confirmed(struct buf *b, const struct rec_changes *changes)
{
	size_t n = 0;

	for (size_t i = 0; i < changes->n; i++) {
		const struct rec_change *c = &changes->v[i];

		if (!*atext_s(c->confirm_reason))
			continue;
		if (!n++)
			buf_adds(b, "\nConfirmed before this report, each on fresh boots of the two "
				 "kernels taken in turn:\n");
		buf_printf(b, "\n  %s.%s: ", atext_s(c->suite), atext_s(c->metric));
		atext_wrap(b, c->confirm_reason, ATEXT_WRAP - 4 - strlen(atext_s(c->suite)) -
			   strlen(atext_s(c->metric)), 4);
		buf_adds(b, "\n");
	}
}

/* 1 when the instructions per operation of a change (see
 * db_report_group) changed between the two ends: by more than
 * ATEXT_INSN_SAME and by more than twice the larger spread of the two
 * ends (counts vary by well under 1% from boot to boot); 0 when only the
 * time moved. */
static int atext_insn_changed(const struct db_insn *insn)
{
	double before = insn->before, after = insn->after;
	double spread = fmax(insn->sd_before, insn->sd_after);
	double d = fabs(after - before);

	if (!isfinite(before) || !isfinite(after) || before <= 0)
		return 0;
	return d > ATEXT_INSN_SAME * before && d > 2 * spread;
}

/* Which of the two moved, time or instructions, for each change of the
 * table whose metric has an instruction count beside it at both ends. */
static void atext_insn(struct buf *b, const struct db_report_group *g)
{
	size_t n = 0;

	for (size_t i = 0; i < g->changes.n; i++) {
		const struct rec_change *c = &g->changes.v[i];
		const struct db_insn *insn = &g->insn[i];
		double before = insn->before, after = insn->after;

		if (!insn->known)
			continue;
		if (!n++)
			buf_adds(b, "\nInstructions per operation, counted beside the time on the same "
				 "boots:\n\n");
		buf_printf(b, "  %s.%s: %.0f -> %.0f insn/op (%+.1f%%, %lld and %lld samples)\n",
			   atext_s(c->suite), atext_s(c->metric), before, after,
			   100 * (after - before) / before, insn->n_before, insn->n_after);
		buf_adds(b, atext_insn_changed(insn) ?
			 "    changed with the time: the kernel runs other code\n" :
			 "    unchanged: the time moved, the code run did not (code layout,\n"
			 "    caches or host noise)\n");
	}
}

void alert_body(struct buf *b, const struct alert_report *r)
{
	const struct rec_change *head = &r->group->changes.v[0];
	const json_t *spec = r->group->spec;
	const char *good = atext_s(head->good_sha), *bad = atext_s(head->bad_sha);
	const char *runner_class = atext_s(head->runner_class);
	int regression = !strcmp(atext_s(head->direction), "regression");
	char pct[32];

	atext_percent(pct, sizeof pct, head->magnitude);
	buf_printf(b, "Hello,\n\nkpci noticed a %s %s of %s.%s on:\n\n", pct,
		   atext_s(head->direction), atext_s(head->suite), atext_s(head->metric));
	atext_commit(b, r);
	atext_setup(b, r->group);
	if (regression && (r->reported_by[0] || r->closes)) {
		buf_adds(b, "\nIf you fix the issue in a separate patch/commit (i.e. not just a new "
			 "version of\nthe same patch/commit), kindly add following tags\n");
		if (r->reported_by[0])
			buf_printf(b, "| Reported-by: %s\n", r->reported_by);
		if (r->closes)
			buf_printf(b, "| Closes: %s/changes/%lld\n", r->base_url, head->id);
	}
	buf_adds(b, "\nDetails are as below:\n"
		 "-------------------------------------------------------------------------->\n\n");
	buf_printf(b, "commit:\n  %.*s (the last good point)\n  %.*s\n\n", ATEXT_SHA, good,
		   ATEXT_SHA, bad);
	alert_changes_table(b, &r->group->changes, good, bad);
	atext_confirmed(b, &r->group->changes);
	atext_insn(b, r->group);
	atext_bisection(b, r->bisection);
	buf_printf(b, "\nTo reproduce:\n\n  git clone %s linux && cd linux\n  git checkout %s\n",
		   r->tree_url, r->commit->sha);
	buf_printf(b, "  # build it with kpci's kernel config %s, then on a runner of class %s:\n",
		   atext_s(head->config_name)[0] ? head->config_name : "-", runner_class);
	buf_printf(b, "  kpci submit --suite %s --boot %s --class %s", atext_s(head->suite),
		   atext_str(spec, "boot")[0] ? atext_str(spec, "boot") : "host", runner_class);
	if (json_is_integer(json_object_get(spec, "iterations")))
		buf_printf(b, " --iterations %lld",
			   (long long)json_integer_value(json_object_get(spec, "iterations")));
	buf_printf(b, "\n  kpci compare-jobs %s %s --runner_class %s\n", good[0] ? good : "BASE",
		   bad, runner_class);
	buf_printf(b, "\nThe change on the dashboard: %s/changes/%lld\n\n-- \n"
		   "kpci, continuous kernel performance CI\n", r->base_url, head->id);
}

/* s, or "" for NULL. */
static const char *atext_or(const char *s)
{
	return s ? s : "";
}

/* "12-digit-id ("subject")" of a commit of a change's place, or "-". */
static void atext_commit_line(struct buf *b, const struct rec_place_commit *c)
{
	char *s;

	if (!c || !*atext_or(c->sha)) {
		buf_adds(b, "-");
		return;
	}
	s = mail_one_line(atext_or(c->subject), ATEXT_SUBJECT_MAX);
	buf_printf(b, "%.12s (\"%s\")", c->sha, s ? s : "");
	free(s);
}


void alert_change_title(struct buf *b, const struct rec_change *c)
{
	const struct rec_place *place = c->place;
	const struct rec_place_commit *bad = place ? place->bad : NULL;
	long long n = place ? place->merges_total : 0;
	double m = isfinite(c->magnitude) ? c->magnitude : NAN;    /* as its JSON: null */
	char *s;

	/* U+2212 MINUS SIGN, as the kernel test robot's subjects print it */
	buf_printf(b, "%s/%s %s%.1f%% %s", atext_or(c->suite), atext_or(c->metric),
		   m < 0 ? "\u2212" : "+", 100 * fabs(m), atext_or(c->direction));
	if (!strcmp(atext_or(c->kind), "build-failure"))
		return;
	if (n > 1) {
		buf_printf(b, " in one of %lld merges", n);
		return;
	}
	if (!bad || !*atext_or(bad->sha))
		return;
	s = mail_one_line(atext_or(bad->subject), ATEXT_TITLE_SUBJECT);
	buf_printf(b, " at %s", s && *s ? s : bad->sha);
	free(s);
}

/* The tree, branch, commits, candidate merges and window of place. */
static void atext_place(struct buf *b, const struct rec_place *place, const char *runner_class)
{
	static const struct rec_place none;
	const struct rec_place *p = place ? place : &none;
	long long total = p->merges_total;

	buf_printf(b, "\n\ntree:         %s", *atext_or(p->tree) ? p->tree : "-");
	if (*atext_or(p->branch)) {
		char *br = mail_one_line(p->branch, 200);

		buf_printf(b, " branch %s", br ? br : "");
		free(br);
	}
	buf_printf(b, "\nrunner class: %s\nfirst bad:    ", runner_class);
	atext_commit_line(b, p->bad);
	buf_adds(b, "\nlast good:    ");
	atext_commit_line(b, p->good);
	if (total > 1) {
		buf_printf(b, "\nmerges:       %lld first-parent merges in the range:", total);
		for (size_t i = 0; i < p->nmerges; i++) {
			buf_adds(b, "\n  ");
			atext_commit_line(b, &p->merges[i]);
			if (!p->merges[i].jobs)
				buf_adds(b, " never measured");
		}
		if ((long long)p->nmerges < total)
			buf_printf(b, "\n  ... and %lld more", total - (long long)p->nmerges);
	}
	if (p->release)
		buf_printf(b, "\nwindow:       %s -> %s", p->release,
			   *atext_or(p->closed_by) ? p->closed_by : "head (open)");
}

void alert_change_summary(struct buf *b, const struct rec_change *c, const char *base_url)
{
	json_t *group = c->group.n ? rec_changes_encode(&c->group) : NULL;

	alert_change_title(b, c);
	atext_place(b, c->place, atext_or(c->runner_class));
	if (*atext_or(c->verdict)) {
		char *why = mail_one_line(atext_or(c->reason), 400);

		buf_printf(b, "\nverdict:      %s: ", c->verdict);
		atext_wrap(b, why ? why : "", ATEXT_WRAP - 14 - strlen(c->verdict) - 2, 14);
		free(why);
	}
	buf_printf(b, "\nstate:        %s\n\n", atext_or(c->state));
	if (strcmp(atext_or(c->kind), "build-failure"))
		alert_table(b, group, atext_or(c->good_sha), atext_or(c->bad_sha));
	buf_printf(b, "\ndetails: %s/changes/%lld\n", base_url, c->id);
	json_decref(group);
}

/* A number of a record as JSON: null for NAN (jansson holds no NAN). */
static json_t *atext_real(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

json_t *alert_webhook_doc(const struct alert_report *r, const char *subject, const char *body)
{
	const struct db_report_group *g = r->group;
	json_t *rows = json_array();
	char link[512];

	snprintf(link, sizeof link, "%s/changes/%lld", r->base_url, g->changes.v[0].id);
	for (size_t i = 0; i < g->changes.n; i++) {
		const struct rec_change *c = &g->changes.v[i];

		json_array_append_new(rows, json_pack("{s:I, s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o}",
			"change_id", (json_int_t)c->id,
			"suite", atext_s(c->suite), "metric", atext_s(c->metric),
			"runner_class", atext_s(c->runner_class),
			"direction", atext_s(c->direction),
			"base", atext_real(c->mean_before), "base_stddev", atext_real(c->sd_before),
			"head", atext_real(c->mean_after), "head_stddev", atext_real(c->sd_after),
			"change_percent", json_real(100 * c->magnitude)));
		if (g->insn[i].known)
			json_object_set_new(json_array_get(rows, i), "insn_per_op", json_pack(
				"{s:f, s:f, s:b}", "base", g->insn[i].before, "head", g->insn[i].after,
				"changed", atext_insn_changed(&g->insn[i])));
	}
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:s}",
			 "subject", subject, "kind", r->kind, "tree", r->tree, "branch", r->branch,
			 "commit", r->commit->sha, "commit_subject", r->commit->subject,
			 "direction", atext_s(g->changes.v[0].direction), "changes", rows,
			 "link", link, "text", body);
}

/* Slack's mrkdwn: & < > escaped, nothing else is special inside text. */
static void atext_slack_escape(struct buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '&')
			buf_adds(b, "&amp;");
		else if (*s == '<')
			buf_adds(b, "&lt;");
		else if (*s == '>')
			buf_adds(b, "&gt;");
		else
			buf_add(b, s, 1);
	}
}

json_t *alert_slack_doc(const json_t *doc, long long report_id, const char *base_url)
{
	struct buf b;
	json_t *out;
	const char *link = atext_str(doc, "link");

	buf_init(&b, 1 << 20);
	buf_adds(&b, "*");
	atext_slack_escape(&b, atext_str(doc, "subject"));
	buf_adds(&b, "*\n");
	if (!strncmp(link, "http://", 7) || !strncmp(link, "https://", 8)) {
		buf_adds(&b, "<");
		atext_slack_escape(&b, link);
		buf_adds(&b, "|the change>  ");
	}
	buf_printf(&b, "<%s/reports/%lld|report %lld>\n```", base_url, report_id, report_id);
	atext_slack_escape(&b, atext_str(doc, "text"));
	buf_adds(&b, "```");
	out = json_pack("{s:s}", "text", buf_str(&b));
	buf_dispose(&b);
	return out;
}
