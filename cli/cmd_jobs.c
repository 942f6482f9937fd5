// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_jobs.c - kpci jobs: the jobs as GET /api/v1/jobs lists them, read
 * back with the decoder of lib/rec.h, one line each (id, kind, suite,
 * boot, state, attempt of at most, runner, samples, reason), and the
 * job `kpci submit` queued.
 */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "cli/cmd_jobs.h"
#include "lib/rec.h"

int cmd_jobs(struct cli *cli, int argc, char **argv)
{
	static const char *const flags[] = { "state", "limit", "offset", "before", NULL };
	struct rec_jobs l;
	char *cause = NULL;
	int usage;
	json_t *a;

	a = cli_get(cli, "/api/v1/jobs", argc, argv, flags, &usage);
	if (!a)
		return usage ? 2 : 1;
	if (cli->json)
		return cli_print_json(a), json_decref(a), 0;
	if (rec_jobs_decode(&l, json_object_get(a, "jobs"), &cause) < 0) {
		fprintf(stderr, "kpci %s: kpcid's answer: %s\n", argv[0], cause);
		free(cause);
		json_decref(a);
		return 1;
	}
	json_decref(a);
	printf("%-5s %-6s %-10s %-6s %-9s %7s %-16s %7s  %s\n", "ID", "KIND", "SUITE", "BOOT",
	       "STATE", "ATTEMPT", "RUNNER", "SAMPLES", "REASON");
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_job *j = &l.v[i];

		printf("%-5lld %-6s %-10s %-6s %-9s %3lld/%-3lld %-16s %7lld  %s\n", j->id, j->kind,
		       j->spec_suite ? j->spec_suite : "-", j->spec_boot ? j->spec_boot : "-",
		       j->state, j->attempt,
		       j->max_attempts, j->runner ? j->runner : "-", j->samples,
		       j->reason ? j->reason : "");
	}
	rec_jobs_dispose(&l);
	return 0;
}

int cmd_job_queued(const json_t *answer)
{
	struct rec_job job;
	char *cause = NULL;

	if (rec_job_decode(&job, answer, "", &cause) < 0) {
		fprintf(stderr, "kpci submit: kpcid's answer: %s\n", cause);
		free(cause);
		return 1;
	}
	printf("job %lld queued\n", job.id);
	rec_job_dispose(&job);
	return 0;
}
