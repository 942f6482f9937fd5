/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * recipients.h - who is told about a commit: its author and the people in
 * its Signed-off-by, Reviewed-by, Acked-by and Tested-by trailers, and the
 * maintainers, reviewers and lists that the tree's MAINTAINERS (at that
 * commit) gives for the files it touched (lib/maintainers.h, K: keywords
 * looked for in its changed lines).  A merge is told through what it
 * brought: the authors and trailers of the commits it merged, and the
 * maintainers of every file it changed against its first parent.
 *
 * Shared by kpcid's reports and `kpci maintainers`.  Every address comes
 * from attacker-controlled text and is kept only when mail_address_ok
 * passes it; one address is listed once, with its first role in the
 * order author, maintainer, reviewer, signer, list.
 */
#ifndef KPCI_RECIPIENTS_H
#define KPCI_RECIPIENTS_H

#include <stddef.h>

#include "lib/gitrepo.h"

enum recip_role { RECIP_AUTHOR, RECIP_MAINTAINER, RECIP_REVIEWER, RECIP_SIGNER, RECIP_LIST,
		  RECIP_TREE };

struct recip {
	char *name;                 /* "" when none (lists) */
	char *address;
	enum recip_role role;
	char *why;                  /* the section, trailer or commit it came from */
};

struct recip_list {
	struct recip *v;
	size_t n, cap;
};

/* What a commit's recipients were read from (for the report's text). */
struct recip_source {
	struct gitrepo_commit *commit;      /* with its touched files */
	struct gitrepo_commit **brought;    /* a merge: the commits it brought */
	size_t nbrought, total;             /* kept, and all of them */
	int maintainers;                    /* 1: MAINTAINERS was read */
	char *maintainers_error;            /* why it was not (malloc'd), or NULL */
};

/* "author", "maintainer", "reviewer", "signer", "list" or "tree". */
const char *recip_role_name(enum recip_role r);
/* Adds one recipient unless its address is known or fails mail_address_ok
 * (then 0 too); name and why are copied.  -1 when memory runs out. */
int recip_add(struct recip_list *l, const char *name, const char *address,
	      enum recip_role role, const char *why);
/* Sorts by role, keeping the order within a role. */
void recip_sort(struct recip_list *l);
void recip_list_dispose(struct recip_list *l);

/*
 * The recipients of commit rev of repository r into l, and what they
 * were read from into src (free with recip_source_dispose).  A merge brings
 * at most max_brought commits into the list.  A MAINTAINERS that is
 * missing or unreadable leaves the people of the commits only, with the
 * reason in src->maintainers_error.  -1 with *cause when rev cannot be
 * read.
 */
int recip_for_commit(struct recip_list *l, struct recip_source *src, struct gitrepo *r,
		     const char *rev, size_t max_brought, char **cause);
void recip_source_dispose(struct recip_source *src);

/*
 * The maintainers, reviewers and lists of files at r's current rev
 * (gitrepo_at), as get_maintainer.pl -f gives them; a directory is
 * matched with its trailing '/'.  -1 with *cause when MAINTAINERS cannot
 * be read or a file is not in the tree.
 */
int recip_for_files(struct recip_list *l, struct gitrepo *r, const char *const *files,
		    size_t n, char **cause);

#endif
