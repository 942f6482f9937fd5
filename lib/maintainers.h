/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * maintainers.h - who maintains a file, read from a kernel tree's
 * MAINTAINERS with the semantics of the kernel's scripts/get_maintainer.pl
 * (run with --nogit --nogit-fallback): F: patterns (a directory, a glob
 * with * and ?, or a prefix with the same number of '/'), X: excludes,
 * N: regular expressions on the path, K: keywords on a change's lines,
 * sections ordered by how deep their matching pattern is, maintainers,
 * reviewers and lists (subscribers-only lists left out), duplicates
 * removed by name or address, .mailmap applied as get_maintainer.pl
 * applies it, and the chief penguin left out.  MAINTAINERS and .mailmap
 * are attacker-controlled text: the regular expressions are compiled by
 * PCRE2 with match limits, and every size is capped.
 *
 * lib/maint/ is the only folder that includes pcre2.h.
 */
#ifndef KPCI_MAINTAINERS_H
#define KPCI_MAINTAINERS_H

#include <stddef.h>

#define MAINT_MAX_FILE (16u << 20)      /* bytes of a MAINTAINERS or .mailmap read */
#define MAINT_MAX_CONTENT (8u << 20)    /* bytes of a text searched for K: keywords */
#define MAINT_MAX_PEOPLE 10000          /* entries one lookup returns at most */

enum maint_role { MAINT_MAINTAINER, MAINT_REVIEWER, MAINT_LIST };

/* One recipient: name may be "" (lists); both malloc'd, owned by the list. */
struct maint_person {
	char *name;
	char *address;
	enum maint_role role;
	char *section;          /* the MAINTAINERS section it came from */
};

struct maint_people {
	struct maint_person *v;
	size_t n, cap;
};

/* Whether path (relative to the tree's top, no trailing '/') is a
 * directory of the tree the MAINTAINERS file belongs to: 1 or 0. */
typedef int (*maint_is_dir_fn)(void *arg, const char *path);

struct maint;

/*
 * Parses a MAINTAINERS text (len bytes) into *out (free with maint_free).
 * is_dir answers get_maintainer.pl's "-d" test of F: and X: patterns
 * (NULL: none is a directory).  -1 with *cause (malloc'd) naming the
 * line of a pattern PCRE2 refuses.
 */
int maint_parse(struct maint **out, const char *text, size_t len, maint_is_dir_fn is_dir,
		void *arg, char **cause);
/* Loads a .mailmap text (get_maintainer.pl's reading of it); 0 or -1. */
int maint_mailmap(struct maint *m, const char *text, size_t len);
void maint_free(struct maint *m);
/* Sections the file holds (after parsing). */
size_t maint_sections(const struct maint *m);

/*
 * The maintainers, reviewers and lists of files[0..n) as one run of
 * get_maintainer.pl -f FILE... would give them, in its order (people
 * first, then lists; K: keywords are not looked for in files, as the
 * script's default --nokeywords-in-file).  Appends to *out; 0, or -1
 * when memory runs out.
 */
int maint_lookup(const struct maint *m, struct maint_people *out, const char *const *files,
		 size_t n);
/* The same for a change rather than whole files: K: keywords are looked
 * for in the changed lines (get_maintainer.pl on a patch matches them on
 * its +/- lines): lines[0..nlines), each without its newline. */
int maint_lookup_lines(const struct maint *m, struct maint_people *out,
		       const char *const *files, size_t n, const char *const *lines,
		       size_t nlines);
void maint_people_dispose(struct maint_people *p);
/* "maintainer", "reviewer" or "list". */
const char *maint_role_name(enum maint_role r);

/*
 * Splits a "Name <address>" text as get_maintainer.pl's parse_email does
 * (also "<address>" and a bare "address"): *name and *address malloc'd,
 * name without surrounding blanks and quotes.  -1 when no address is
 * there (both NULL).
 */
int maint_parse_email(char **name, char **address, const char *text);

#endif
