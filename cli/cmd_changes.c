// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_changes.c - kpci's analysis commands: list and show the changes
 * kpcid found, triage them, compare two stored runs (jobs or commits) and
 * show the noise model.  Plain tables, or the API's JSON with --json;
 * changes are read back with the decoders of lib/rec.h.
 * The offline `kpci compare FILE FILE` is cli/cmd_compare.c; this file's
 * compare-jobs asks kpcid, which holds the samples.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_changes.h"
#include "lib/rec.h"
#include "lib/rec_change_points.h"
#include "lib/rec_lists.h"

#define CMD_SHA_SHOWN 12            /* hex digits of a commit id in tables */

static double cmd_num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* A text field, "-" when there is none. */
static const char *cmd_text(const char *s)
{
	return s ? s : "-";
}

/* A count, 0 when not known. */
static long long cmd_count(long long v)
{
	return v == REC_NONE ? 0 : v;
}

/* "abcdef012345..0123456789ab" or "job 19..20" into out. */
static void cmd_range(char *out, size_t n, const struct rec_change *c)
{
	if (c->bad_sha)
		snprintf(out, n, "%.*s..%.*s", CMD_SHA_SHOWN, cmd_text(c->good_sha),
			 CMD_SHA_SHOWN, c->bad_sha);
	else
		snprintf(out, n, "job %lld..%lld", c->good_job_id, c->bad_job_id);
}

/* kpcid's answer j as a change into *c; 1 after saying what is wrong. */
static int cmd_change_of(struct rec_change *c, const json_t *j, const char *cmd)
{
	char *cause = NULL;

	if (rec_change_decode(c, j, "", &cause) == 0)
		return 0;
	fprintf(stderr, "kpci %s: kpcid's answer: %s\n", cmd, cause);
	free(cause);
	return 1;
}

int cmd_changes(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "state", "direction", "metric", "runner_class",
		"series", "group", "noisy", "withdrawn", "limit", "offset", NULL };
	struct rec_changes l;
	char *cause = NULL;
	int usage;
	json_t *a;

	a = cli_get(cli, "/api/v1/changes", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_changes_decode(&l, json_object_get(a, "changes"), &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-5s %-5s %-13s %-11s %8s %9s %-27s %-16s %s\n", "ID", "GROUP", "STATE",
	       "DIRECTION", "CHANGE", "P", "RANGE", "CLASS", "METRIC");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_change *c = &l.v[i];
		char range[64];

		cmd_range(range, sizeof range, c);
		printf("%-5lld %-5lld %-13s %-11s %+7.1f%% %9.2g %-27s %-16s %s/%s%s%s\n",
		       c->id, c->group_id, c->state, c->direction, 100 * c->magnitude, c->pvalue,
		       range, c->runner_class, c->suite, c->metric,
		       c->noisy ? " (too noisy to judge)" : "",
		       !c->withdrawn_at ? "" : c->confirm && !strcmp(c->confirm, "no-code") ?
		       " (withdrawn: no compiled code changed)" : c->confirm &&
		       !strcmp(c->confirm, "not-reproduced") ? " (withdrawn: not reproduced)" :
		       " (withdrawn)");
	}
	rec_changes_dispose(&l);
	return 0;
}

/* Parses a positive change id argument (cli_id). */
static long long cmd_id(const char *cmd, const char *text)
{
	return cli_id(cmd, "change", text);
}

static void cmd_change_print(const struct rec_change *c)
{
	char range[64], when[32];
	const struct rec_noise *noise = c->noise;

	cmd_range(range, sizeof range, c);
	printf("change %lld (group %lld): %s %s, %+.2f%% (p %.2g, confidence %.4f)\n",
	       c->id, c->group_id, c->direction, c->state, 100 * c->magnitude, c->pvalue,
	       c->confidence);
	printf("metric:   %s/%s (%s, %s is better) on %s, series %lld ordered by %s\n",
	       c->suite, c->metric, c->unit, c->better, c->runner_class, c->series_id,
	       cmd_text(c->ordered_by));
	printf("range:    %s (last good exclusive, first bad inclusive)\n", range);
	printf("before:   mean %.6g, median %.6g, sd %.3g over %lld points\n",
	       c->mean_before, c->median_before, c->sd_before, cmd_count(c->n_before));
	printf("after:    mean %.6g, median %.6g, sd %.3g over %lld points\n",
	       c->mean_after, c->median_after, c->sd_after, cmd_count(c->n_after));
	if (c->verdict)
		printf("verdict:  %s, found by %s: %s\n", c->verdict, cmd_text(c->found_by),
		       cmd_text(c->reason));
	if (c->confirm)
		printf("confirm:  %s: %s\n", c->confirm, cmd_text(c->confirm_reason));
	else if (c->bad_sha && !c->withdrawn_at && !c->triaged_by && !c->noisy)
		printf("confirm:  waiting: its two ends are booted again, alternately%s\n",
		       c->confirmation_id ? "" : " (not started)");
	if (c->withdrawn_at) {
		cli_fmt_time(when, sizeof when, c->withdrawn_at);
		printf("withdrawn: at %s: %s\n", when, c->withdrawn_reason ? c->withdrawn_reason :
		       "the analysis no longer finds it");
	}
	if (c->triaged_by) {
		cli_fmt_time(when, sizeof when, c->triaged_at);
		printf("triaged:  by %s at %s%s%s\n", c->triaged_by, when, c->note ? ": " : "",
		       c->note ? c->note : "");
	}
	if (noise)
		printf("noise:    job CV %.2f%%, iteration CV %.2f%%, MDE %.2f%% at %.0f "
		       "iterations%s\n", noise->cv_job_percent, noise->cv_iteration_percent,
		       noise->mde_percent, noise->iterations,
		       noise->noisy ? " - too noisy to judge" : "");
	printf("%6s %8s %-14s %14s %5s\n", "INDEX", "JOB", "COMMIT", "VALUE", "ITER");
	for (size_t i = 0; i < c->npoints; i++) {
		const struct rec_change_point *p = &c->points[i];

		printf("%6lld %8lld %-14.*s %14.6g %5lld%s\n", p->index, p->job_id, CMD_SHA_SHOWN,
		       p->commit_sha ? p->commit_sha : "-", p->value, p->iterations,
		       p->index == c->point_index ? "  <- first bad" : "");
	}
}

int cmd_change(struct cli *cli, int argc, char **argv)
{
	struct rec_change c;
	char path[64];
	long long id;
	json_t *j;
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: kpci change ID\n");
		return 2;
	}
	id = cmd_id("change", argv[1]);
	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/changes/%lld", id);
	j = cli_call(cli, "GET", path, NULL, NULL);
	if (!j)
		return 1;
	if (cli->json) {
		cli_print_json(j);
	} else if (!(rc = cmd_change_of(&c, j, argv[0]))) {
		cmd_change_print(&c);
		rec_change_dispose(&c);
	}
	json_decref(j);
	return rc;
}

int cmd_triage(struct cli *cli, int argc, char **argv)
{
	const char *note = NULL;
	struct rec_change c;
	json_t *body, *j;
	char path[80];
	long long id;
	int rc = 0;

	if (argc == 5 && !strcmp(argv[3], "--note"))
		note = argv[4];
	else if (argc != 3) {
		fprintf(stderr, "usage: kpci triage ID new|confirmed|bisecting|culprit-found|"
			"fixed|invalid|wontfix [--note TEXT]\n");
		return 2;
	}
	id = cmd_id("triage", argv[1]);
	if (!id)
		return 2;
	snprintf(path, sizeof path, "/api/v1/changes/%lld/triage", id);
	body = json_pack("{s:s}", "state", argv[2]);
	if (!body) {
		fprintf(stderr, "kpci: triage: the state is not UTF-8\n");
		return 2;
	}
	if (note && json_object_set_new(body, "note", json_string(note)) < 0) {
		fprintf(stderr, "kpci: triage: the note is not UTF-8\n");
		json_decref(body);
		return 2;
	}
	j = cli_call(cli, "POST", path, body, NULL);
	json_decref(body);
	if (!j)
		return 1;
	if (cli->json) {
		cli_print_json(j);
	} else if (!(rc = cmd_change_of(&c, j, argv[0]))) {
		printf("change %lld is now %s (triaged by %s)\n", c.id, c.state,
		       cmd_text(c.triaged_by));
		rec_change_dispose(&c);
	}
	json_decref(j);
	return rc;
}

/* Cell formats of the tables. */
enum cmd_cell {
	CELL_NUM,       /* 1234.56 */
	CELL_PCT,       /* 2.3% */
	CELL_CHANGE,    /* +12.3% */
	CELL_P,         /* 0.0012 */
	CELL_INT,       /* 12 */
};

/* A table cell: "-" when v is not finite. */
static const char *cmd_cell(char *buf, size_t n, enum cmd_cell c, double v)
{
	if (!isfinite(v))
		snprintf(buf, n, "-");
	else if (c == CELL_NUM)
		snprintf(buf, n, "%.6g", v);
	else if (c == CELL_PCT)
		snprintf(buf, n, "%.2f%%", v);
	else if (c == CELL_CHANGE)
		snprintf(buf, n, "%+.1f%%", v);
	else if (c == CELL_P)
		snprintf(buf, n, "%.2g", v);
	else
		snprintf(buf, n, "%.0f", v);
	return buf;
}

/* The LKP-style table of a comparison: one row a metric with its verdict,
 * then the verdict's reason on a "#" line. */
static void cmd_compare_print(const json_t *a)
{
	const json_t *r;
	size_t i;

	printf("%14s %9s %9s %19s %14s %9s %9s %9s  %-12s %-16s %s\n", "base", "%stddev",
	       "%change", "95% CI", "head", "%stddev", "p", "q", "verdict", "class",
	       "metric (jobs, n base/head)");
	json_array_foreach(json_object_get(a, "metrics"), i, r) {
		const json_t *b = json_object_get(r, "base"), *h = json_object_get(r, "head");
		const json_t *ci = json_object_get(r, "ci95_percent");
		const char *dir = json_string_value(json_object_get(r, "direction"));
		char c[8][40];

		if (json_is_number(json_array_get(ci, 0)))
			snprintf(c[7], sizeof c[7], "[%+.1f%%, %+.1f%%]",
				 json_number_value(json_array_get(ci, 0)),
				 json_number_value(json_array_get(ci, 1)));
		else
			snprintf(c[7], sizeof c[7], "-");
		printf("%14s %9s %9s %19s %14s %9s %9s %9s  %-12s %-16s %s (%lld/%lld, %lld/%lld)\n",
		       cmd_cell(c[0], 40, CELL_NUM, cmd_num(b, "mean")),
		       cmd_cell(c[1], 40, CELL_PCT, cmd_num(b, "stddev_percent")),
		       cmd_cell(c[2], 40, CELL_CHANGE, cmd_num(r, "change_percent")), c[7],
		       cmd_cell(c[3], 40, CELL_NUM, cmd_num(h, "mean")),
		       cmd_cell(c[4], 40, CELL_PCT, cmd_num(h, "stddev_percent")),
		       cmd_cell(c[5], 40, CELL_P, cmd_num(r, "p")),
		       cmd_cell(c[6], 40, CELL_P, cmd_num(r, "q")),
		       dir ? dir : cli_jstr(r, "verdict"), cli_jstr(r, "runner_class"),
		       cli_jstr(r, "metric"), cli_jint(b, "jobs"), cli_jint(h, "jobs"),
		       cli_jint(b, "n"), cli_jint(h, "n"));
		printf("%14s # %s: %s\n", "", cli_jstr(r, "verdict"), cli_jstr(r, "reason"));
	}
	printf("# %lld changed, %lld same, %lld inconclusive of %zu metrics (FDR %g, smallest "
	       "effect %g%%); only in base: %lld, only in head: %lld\n", cli_jint(a, "changed"),
	       cli_jint(a, "same"), cli_jint(a, "inconclusive"),
	       json_array_size(json_object_get(a, "metrics")), cmd_num(a, "alpha"),
	       cmd_num(a, "min_effect_percent"), cli_jint(a, "only_in_base"),
	       cli_jint(a, "only_in_head"));
}

int cmd_compare_jobs(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "base", "head", "runner_class", "alpha", NULL };
	const char *pos[2] = { NULL, NULL };
	char **args = calloc((size_t)argc + 5, sizeof *args);
	int n = 1, npos = 0, usage, rc = 2;
	json_t *a;

	if (!args)
		return 1;
	args[0] = argv[0];
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--", 2) && i + 1 < argc) {
			args[n++] = argv[i];
			args[n++] = argv[++i];
		} else if (argv[i][0] != '-' && npos < 2) {
			pos[npos++] = argv[i];
		} else {
			fprintf(stderr, "kpci: compare-jobs: unexpected argument '%s'\n", argv[i]);
			goto out;
		}
	}
	if (npos != 2) {
		fprintf(stderr, "usage: kpci compare-jobs BASE HEAD [--runner_class C] "
			"[--alpha Q] (BASE, HEAD: job ids or commit ids)\n");
		goto out;
	}
	args[n++] = (char *)"--base";
	args[n++] = (char *)(uintptr_t)pos[0];
	args[n++] = (char *)"--head";
	args[n++] = (char *)(uintptr_t)pos[1];
	a = cli_get(cli, "/api/v1/compare", n, args, flags, &usage);
	if (!a) {
		rc = usage ? 2 : 1;
		goto out;
	}
	if (cli->json)
		cli_print_json(a);
	else
		cmd_compare_print(a);
	json_decref(a);
	rc = 0;
out:
	free(args);
	return rc;
}

int cmd_noise(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "runner_class", NULL };
	struct rec_noises l;
	char *cause = NULL;
	json_t *a;
	int usage;

	a = cli_get(cli, "/api/v1/noise", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_noises_decode(&l, json_object_get(a, "noise"), &cause) < 0) {
		fprintf(stderr, "kpci noise: kpcid's answer: %s\n", cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-16s %8s %8s %8s %8s %6s %8s %10s %6s %-6s %s\n", "CLASS", "CV JOB", "CV ITER",
	       "BETWEEN", "WITHIN", "ITER", "MDE", "ITER NEED", "JOBS", "NOISY", "METRIC");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_noise *r = &l.v[i];
		char c[7][32];

		printf("%-16s %8s %8s %8s %8s %6s %8s %10s %6lld %-6s %s/%s\n", r->runner_class,
		       cmd_cell(c[0], 32, CELL_PCT, r->cv_job_percent),
		       cmd_cell(c[1], 32, CELL_PCT, r->cv_iteration_percent),
		       cmd_cell(c[5], 32, CELL_PCT, r->between_job_percent),
		       cmd_cell(c[6], 32, CELL_PCT, r->within_job_percent),
		       cmd_cell(c[2], 32, CELL_NUM, r->iterations),
		       cmd_cell(c[3], 32, CELL_PCT, r->mde_percent),
		       cmd_cell(c[4], 32, CELL_INT, r->iterations_needed), r->jobs_needed,
		       !r->known ? "?" : r->noisy ? "yes" : "no", r->suite, r->metric);
	}
	rec_noises_dispose(&l);
	return 0;
}
