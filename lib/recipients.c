// SPDX-License-Identifier: GPL-2.0-only
/*
 * recipients.c - a commit's recipients from its own data and from the
 * tree's MAINTAINERS at that commit (lib/recipients.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/fail.h"
#include "lib/mail.h"
#include "lib/maintainers.h"
#include "lib/recipients.h"

static const char *const recip_trailers[] = { "Signed-off-by", "Reviewed-by", "Acked-by",
					      "Tested-by", NULL };

const char *recip_role_name(enum recip_role r)
{
	static const char *const names[] = { "author", "maintainer", "reviewer", "signer",
					     "list", "tree" };

	return names[r];
}

int recip_add(struct recip_list *l, const char *name, const char *address,
	      enum recip_role role, const char *why)
{
	struct recip *r;

	if (!mail_address_ok(address))
		return 0;
	for (size_t i = 0; i < l->n; i++)
		if (!strcasecmp(l->v[i].address, address))
			return 0;
	if (l->n == l->cap) {
		size_t ncap = l->cap ? 2 * l->cap : 32;

		r = realloc(l->v, ncap * sizeof *r);
		if (!r)
			return -1;
		l->v = r;
		l->cap = ncap;
	}
	r = &l->v[l->n];
	r->name = mail_one_line(name ? name : "", MAIL_MAX_HEADER_TEXT);
	r->address = strdup(address);
	r->why = mail_one_line(why ? why : "", MAIL_MAX_HEADER_TEXT);
	r->role = role;
	if (!r->name || !r->address || !r->why) {
		free(r->name);
		free(r->address);
		free(r->why);
		return -1;
	}
	l->n++;
	return 0;
}

static int recip_by_role(const void *pa, const void *pb)
{
	const struct recip *a = pa, *b = pb;

	return (int)a->role - (int)b->role;
}

void recip_sort(struct recip_list *l)
{
	/* stable: insertion order within a role stays */
	for (size_t i = 1; i < l->n; i++) {
		struct recip x = l->v[i];
		size_t j = i;

		while (j > 0 && recip_by_role(&l->v[j - 1], &x) > 0) {
			l->v[j] = l->v[j - 1];
			j--;
		}
		l->v[j] = x;
	}
}

void recip_list_dispose(struct recip_list *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].name);
		free(l->v[i].address);
		free(l->v[i].why);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

void recip_source_dispose(struct recip_source *src)
{
	if (!src)
		return;
	gitrepo_commit_free(src->commit);
	for (size_t i = 0; i < src->nbrought; i++)
		gitrepo_commit_free(src->brought[i]);
	free(src->brought);
	free(src->maintainers_error);
	memset(src, 0, sizeof *src);
}

/* The author and the people of the trailers of c. */
static int recip_people(struct recip_list *l, const struct gitrepo_commit *c)
{
	char why[64];

	snprintf(why, sizeof why, "author of %.12s", c->sha);
	if (recip_add(l, c->author_name, c->author_email, RECIP_AUTHOR, why) < 0)
		return -1;
	for (size_t i = 0; i < c->ntrailers; i++) {
		char *name, *address;
		int known = 0, rc;

		for (int k = 0; recip_trailers[k]; k++)
			known |= !strcasecmp(c->trailers[i].key, recip_trailers[k]);
		if (!known || maint_parse_email(&name, &address, c->trailers[i].value) < 0)
			continue;
		snprintf(why, sizeof why, "%.20s of %.12s", c->trailers[i].key, c->sha);
		/* parse_email leaves a quoted name quoted: show it without */
		if (name[0] == '"' && strlen(name) >= 2) {
			memmove(name, name + 1, strlen(name));
			name[strlen(name) - 1] = '\0';
		}
		rc = recip_add(l, name, address, RECIP_SIGNER, why);
		free(name);
		free(address);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* MAINTAINERS (and .mailmap) at r's current rev; NULL with *cause. */
static struct maint *recip_maintainers(struct gitrepo *r, char **cause)
{
	struct maint *m = NULL;
	char *text = NULL;
	size_t len;
	int rc = gitrepo_read(r, "MAINTAINERS", &text, &len, MAINT_MAX_FILE, cause);

	if (rc == 1)
		fail_cause(cause, "the tree has no MAINTAINERS file");
	if (rc != 0)
		return NULL;
	rc = maint_parse(&m, text, len, gitrepo_is_dir, r, cause);
	free(text);
	if (rc < 0)
		return NULL;
	if (gitrepo_read(r, ".mailmap", &text, &len, MAINT_MAX_FILE, NULL) == 0) {
		maint_mailmap(m, text, len);
		free(text);
	}
	return m;
}

static enum recip_role recip_of(enum maint_role r)
{
	return r == MAINT_MAINTAINER ? RECIP_MAINTAINER : r == MAINT_REVIEWER ?
		RECIP_REVIEWER : RECIP_LIST;
}

static int recip_add_people(struct recip_list *l, const struct maint_people *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (recip_add(l, p->v[i].name, p->v[i].address, recip_of(p->v[i].role),
			      p->v[i].section) < 0)
			return -1;
	return 0;
}

int recip_for_commit(struct recip_list *l, struct recip_source *src, struct gitrepo *r,
		     const char *rev, size_t max_brought, char **cause)
{
	struct maint_people people = { 0 };
	struct maint *m;
	int rc = -1;

	memset(src, 0, sizeof *src);
	if (gitrepo_commit(r, &src->commit, rev, 1, cause) < 0 ||
	    gitrepo_at(r, src->commit->sha, NULL, cause) < 0)
		goto out;
	if (src->commit->nparents > 1) {
		if (gitrepo_brought(r, &src->brought, &src->nbrought, &src->total, rev,
				    max_brought, cause) < 0)
			goto out;
		for (size_t i = 0; i < src->nbrought; i++)
			if (recip_people(l, src->brought[i]) < 0)
				goto oom;
	} else if (recip_people(l, src->commit) < 0) {
		goto oom;
	}
	m = recip_maintainers(r, &src->maintainers_error);
	if (m) {
		src->maintainers = 1;
		if (maint_lookup_lines(m, &people, (const char *const *)src->commit->files,
				       src->commit->nfiles,
				       (const char *const *)src->commit->lines,
				       src->commit->nlines) < 0 ||
		    recip_add_people(l, &people) < 0) {
			maint_free(m);
			goto oom;
		}
		maint_free(m);
	}
	recip_sort(l);
	rc = 0;
	goto out;
oom:
	fail_cause(cause, "out of memory while reading the recipients of %s", rev);
out:
	maint_people_dispose(&people);
	if (rc < 0)
		recip_source_dispose(src);
	return rc;
}

int recip_for_files(struct recip_list *l, struct gitrepo *r, const char *const *files,
		    size_t n, char **cause)
{
	struct maint_people people = { 0 };
	struct maint *m = recip_maintainers(r, cause);
	char **paths = calloc(n ? n : 1, sizeof *paths);
	int rc = -1;

	if (!m)
		goto out;
	if (!paths) {
		fail_cause(cause, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		const char *f = files[i];
		size_t len = strlen(f);
		char *data = NULL;
		int got;

		while (len > 1 && f[len - 1] == '/')
			len--;
		while (len > 2 && !strncmp(f, "./", 2)) {
			f += 2;
			len -= 2;
		}
		if (!(paths[i] = strndup(f, len))) {
			fail_cause(cause, "out of memory");
			goto out;
		}
		if (gitrepo_is_dir(r, paths[i])) {
			char *d = NULL;

			if (asprintf(&d, "%s/", paths[i]) < 0)
				goto out;
			free(paths[i]);
			paths[i] = d;
			continue;
		}
		got = gitrepo_read(r, paths[i], &data, &len, GITREPO_MAX_BLOB, cause);
		free(data);
		if (got == 1)
			fail_cause(cause, "%s is not a file or directory of the tree", paths[i]);
		if (got != 0)
			goto out;
	}
	if (maint_lookup(m, &people, (const char *const *)paths, n) < 0 ||
	    recip_add_people(l, &people) < 0) {
		fail_cause(cause, "out of memory");
		goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; paths && i < n; i++)
		free(paths[i]);
	free(paths);
	maint_people_dispose(&people);
	maint_free(m);
	return rc;
}
