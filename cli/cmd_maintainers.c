// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_maintainers.c - `kpci maintainers -C DIR [--rev REV] [FILE...]`:
 * the recipients kpcid's reports would have, computed from a kernel tree
 * on this machine (a git repository read at REV without a checkout, or a
 * plain source directory), so that a maintainer can check them.  Each
 * line is "Name <address> (role)", or "address (role)" without a name;
 * text from the tree that could drive a terminal is printed as '?'.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cmd_maintainers.h"
#include "lib/gitrepo.h"
#include "lib/recipients.h"

#define CMD_MAX_BROUGHT 200         /* commits of a merge whose people are listed */

static void cmd_maint_usage(FILE *f)
{
	fputs("usage: kpci maintainers -C DIR [--rev REV] [FILE...]\n"
	      "  FILE...: the maintainers, reviewers and lists of these files at REV\n"
	      "  no FILE: the recipients of commit REV (author, trailers, maintainers)\n", f);
}

/* s with each sequence that could drive a terminal printed as '?'. */
static void cmd_maint_put(const char *s)
{
	while (*s) {
		size_t bad = cli_text_bad(s);

		if (bad) {
			putchar('?');
			s += bad;
		} else {
			putchar(*s++);
		}
	}
}

static void cmd_maint_print(const struct recip_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		if (*l->v[i].name) {
			cmd_maint_put(l->v[i].name);
			printf(" <");
			cmd_maint_put(l->v[i].address);
			printf(">");
		} else {
			cmd_maint_put(l->v[i].address);
		}
		printf(" (%s)\n", recip_role_name(l->v[i].role));
	}
}

int cmd_maintainers(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rev", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *rev = NULL;
	struct recip_list l = { 0 };
	struct recip_source src;
	struct gitrepo *r = NULL;
	char *cause = NULL;
	int c, rc = 1;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+C:h", opts, NULL)) != -1) {
		switch (c) {
		case 'C': dir = optarg; break;
		case 'r': rev = optarg; break;
		case 'h': cmd_maint_usage(stdout); return 0;
		default: cmd_maint_usage(stderr); return 2;
		}
	}
	if (!dir) {
		fprintf(stderr, "kpci maintainers: -C DIR is needed (a kernel tree)\n");
		return 2;
	}
	if (gitrepo_open(&r, dir, &cause) < 0)
		goto out;
	if (optind < argc) {
		if (gitrepo_at(r, rev, NULL, &cause) < 0 ||
		    recip_for_files(&l, r, (const char *const *)argv + optind,
				    (size_t)(argc - optind), &cause) < 0)
			goto out;
	} else {
		if (!gitrepo_is_git(r)) {
			fprintf(stderr, "kpci maintainers: %s is not a git repository: name the "
				"files (FILE...) to look up\n", dir);
			rc = 2;
			goto out;
		}
		if (recip_for_commit(&l, &src, r, rev ? rev : "HEAD", CMD_MAX_BROUGHT, &cause) < 0)
			goto out;
		if (src.maintainers_error)
			fprintf(stderr, "kpci maintainers: no maintainers: %s\n",
				src.maintainers_error);
		recip_source_dispose(&src);
	}
	cmd_maint_print(&l);
	rc = 0;
out:
	if (cause)
		fprintf(stderr, "kpci maintainers: %s\n", cause);
	free(cause);
	recip_list_dispose(&l);
	gitrepo_free(r);
	return rc;
}
