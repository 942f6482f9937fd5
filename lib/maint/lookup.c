// SPDX-License-Identifier: GPL-2.0-only
/*
 * lookup.c - the maintainers of files, as one run of get_maintainer.pl
 * --nogit --nogit-fallback gives them: matching sections deepest first,
 * their lists, maintainers and reviewers, duplicates by name or address
 * dropped, .mailmap applied, the chief penguin left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/maint/maint.h"

/* file_match_pattern(file, pattern) */
static int maint_file_match(const struct maint *m, const struct maint_ent *e, const char *file)
{
	size_t n = strlen(file);
	int slashes = 0;

	if (n < e->plen || memcmp(file, e->prefix, e->plen))
		return 0;
	if (!e->literal && !maint_run(e->re, file, n, NULL, 0, m->mctx))
		return 0;
	if (e->trailing)
		return 1;
	for (size_t i = 0; i < n; i++)
		slashes += file[i] == '/';
	return slashes == e->slashes;
}

/* What one run collects, as get_maintainer.pl's @email_to and @list_to. */
struct maint_run_state {
	struct maint_people to;         /* people: address holds the formatted email */
	struct maint_people lists;
	int failed;
};

static int maint_people_add(struct maint_people *p, char *name, char *address,
			    enum maint_role role, const char *section)
{
	if (!name || !address || p->n >= MAINT_MAX_PEOPLE)
		goto fail;
	if (p->n == p->cap) {
		size_t ncap = p->cap ? 2 * p->cap : 32;
		struct maint_person *v = realloc(p->v, ncap * sizeof *v);

		if (!v)
			goto fail;
		p->v = v;
		p->cap = ncap;
	}
	p->v[p->n] = (struct maint_person){ name, address, role, strdup(section) };
	if (!p->v[p->n].section)
		goto fail;
	p->n++;
	return 0;
fail:
	free(name);
	free(address);
	return -1;
}

static int maint_seen(const struct maint_people *p, const char *key, int by_name)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcasecmp(by_name ? p->v[i].name : p->v[i].address, key))
			return 1;
	return 0;
}

/* push_email_address: dedup by lower-cased name or address. */
static void maint_push(struct maint_run_state *st, struct maint_people *seen, const char *line,
		       enum maint_role role, const char *section)
{
	char *name, *addr, *fmt;

	if (maint_parse_email(&name, &addr, line) < 0)
		return;
	if ((*name && maint_seen(seen, name, 1)) || maint_seen(seen, addr, 0)) {
		free(name);
		free(addr);
		return;
	}
	fmt = maint_format(name, addr);
	if (maint_people_add(seen, name, addr, role, section) < 0 ||
	    maint_people_add(&st->to, strdup(""), fmt, role, section) < 0)
		st->failed = 1;
}

/* add_categories: the section's lists, maintainers and reviewers. */
static void maint_categories(const struct maint *m, size_t sec, struct maint_run_state *st,
			     struct maint_people *seen)
{
	const struct maint_sec *s = &m->secs[sec];

	for (size_t i = s->first; i < s->first + s->n; i++) {
		const struct maint_ent *e = &m->ents[i];

		if (e->type == 'L') {
			size_t sp = strcspn(e->value, " \t\r\f\v");
			char *addr = maint_strndup(e->value, sp);
			const char *more = e->value + sp;

			if (!addr || maint_seen(&st->lists, addr, 0) ||
			    (*more && strstr(more + 1, "subscribers-only"))) {
				free(addr);
				continue;
			}
			if (maint_people_add(&st->lists, strdup(""), addr, MAINT_LIST, s->title) < 0)
				st->failed = 1;
		} else if (e->type == 'M' || e->type == 'R') {
			maint_push(st, seen, e->value, e->type == 'M' ? MAINT_MAINTAINER :
				   MAINT_REVIEWER, s->title);
		}
	}
}

struct maint_hit {
	size_t sec;
	int depth;
};

static int maint_by_depth(const void *pa, const void *pb)
{
	const struct maint_hit *a = pa, *b = pb;

	if (a->depth != b->depth)
		return a->depth > b->depth ? -1 : 1;
	return a->sec < b->sec ? -1 : a->sec > b->sec;
}

/* The sections file matches, deepest first (ties in file order). */
static int maint_hits(const struct maint *m, const char *file, struct maint_hit **out, size_t *n)
{
	struct maint_hit *h = NULL;
	size_t k = 0, cap = 0;

	for (size_t s = 0; s < m->nsecs; s++) {
		const struct maint_sec *sec = &m->secs[s];
		int depth = 0, hit = 0, excluded = 0;

		for (size_t i = sec->first; i < sec->first + sec->n && !excluded; i++)
			excluded = m->ents[i].type == 'X' && maint_file_match(m, &m->ents[i], file);
		if (excluded)
			continue;
		for (size_t i = sec->first; i < sec->first + sec->n; i++) {
			const struct maint_ent *e = &m->ents[i];

			/* as in the script, the last matching line sets the depth */
			if (e->type == 'F' && maint_file_match(m, e, file)) {
				hit = 1;
				depth = e->depth;
			} else if (e->type == 'N' &&
				   maint_run(e->re, file, strlen(file), NULL, 0, m->mctx)) {
				hit = 1;
				depth = 0;
			}
		}
		if (!hit)
			continue;
		if (k == cap) {
			struct maint_hit *v = realloc(h, (cap = cap ? 2 * cap : 16) * sizeof *v);

			if (!v) {
				free(h);
				return -1;
			}
			h = v;
		}
		h[k++] = (struct maint_hit){ s, depth };
	}
	if (k)
		qsort(h, k, sizeof *h, maint_by_depth);
	*out = h;
	*n = k;
	return 0;
}

/* The section holding line i of ents. */
static size_t maint_section_of(const struct maint *m, size_t i)
{
	size_t lo = 0, hi = m->nsecs;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->secs[mid].first <= i)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* sort_and_uniq of the K: lines' indexes sorts them as strings. */
static int maint_by_tv_text(const void *pa, const void *pb)
{
	char a[32], b[32];

	snprintf(a, sizeof a, "%zu", *(const size_t *)pa);
	snprintf(b, sizeof b, "%zu", *(const size_t *)pb);
	return strcmp(a, b);
}

/* The value mailmap_email maps key to in names (0) or addresses (1). */
static const char *maint_map_get(const struct maint *m, int address, const char *key)
{
	for (size_t i = m->nmap; i-- > 0;)
		if (m->map[i].address == address && !strcmp(m->map[i].key, key))
			return m->map[i].value;
	return NULL;
}

/* mailmap_email(line), malloc'd. */
static char *maint_mailmap_email(const struct maint *m, const char *line)
{
	char *name, *addr, *email, *out;
	const char *rn, *ra;

	if (maint_parse_email(&name, &addr, line) < 0)
		return strdup(line);
	email = maint_format(name, addr);
	if (!email) {
		out = NULL;
		goto out;
	}
	rn = maint_map_get(m, 0, email);
	ra = maint_map_get(m, 1, email);
	if (!rn && !ra) {
		rn = maint_map_get(m, 0, addr);
		ra = maint_map_get(m, 1, addr);
	}
	out = maint_format(rn ? rn : name, ra ? ra : addr);
	free(email);
out:
	free(name);
	free(addr);
	return out;
}

/* deduplicate_email over every collected entry (people, then lists). */
static void maint_dedup(const struct maint *m, struct maint_run_state *st)
{
	struct maint_people seen = { 0 };
	struct maint_people *lists[2] = { &st->to, &st->lists };

	for (int l = 0; l < 2; l++) {
		for (size_t i = 0; i < lists[l]->n; i++) {
			struct maint_person *p = &lists[l]->v[i];
			char *mapped = maint_mailmap_email(m, p->address), *name, *addr, *fmt;
			int found = 0;

			if (!mapped || maint_parse_email(&name, &addr, mapped) < 0) {
				free(mapped);
				continue;
			}
			free(mapped);
			for (size_t j = 0; j < seen.n && !found; j++)
				if (*name && !strcasecmp(seen.v[j].name, name))
					found = 1 + (int)j;
			for (size_t j = 0; j < seen.n && !found; j++)
				if (!strcasecmp(seen.v[j].address, addr))
					found = 1 + (int)j;
			if (found) {
				free(name);
				free(addr);
				name = strdup(seen.v[found - 1].name);
				addr = strdup(seen.v[found - 1].address);
			} else if (maint_people_add(&seen, strdup(name), strdup(addr), p->role, "") < 0) {
				st->failed = 1;
			}
			fmt = name && addr ? maint_format(name, addr) : NULL;
			free(name);
			free(addr);
			mapped = fmt ? maint_mailmap_email(m, fmt) : NULL;
			free(fmt);
			if (mapped) {
				free(p->address);
				p->address = mapped;
			}
		}
	}
	maint_people_dispose(&seen);
}

/* Display name and address of a formatted email, the name unquoted. */
static int maint_split(char **name, char **addr, const char *formatted)
{
	size_t n, k = 0;

	if (maint_parse_email(name, addr, formatted) < 0)
		return -1;
	n = strlen(*name);
	if (n >= 2 && (*name)[0] == '"' && (*name)[n - 1] == '"') {
		for (size_t i = 1; i + 1 < n; i++) {
			if ((*name)[i] == '\\' && (*name)[i + 1] == '"' && i + 2 < n)
				i++;
			(*name)[k++] = (*name)[i];
		}
		(*name)[k] = '\0';
	}
	return 0;
}

/* Penguin removal and merge_email, into out. */
static int maint_finish(struct maint_run_state *st, struct maint_people *out)
{
	struct maint_people *lists[2] = { &st->to, &st->lists };
	size_t start = out->n;

	for (int l = 0; l < 2; l++) {
		for (size_t i = 0; i < lists[l]->n; i++) {
			const struct maint_person *p = &lists[l]->v[i];
			char *name, *addr;
			int dup = 0;

			if (l == 0 && strstr(p->address, MAINT_PENGUIN))
				continue;
			if (maint_split(&name, &addr, p->address) < 0)
				continue;
			for (size_t j = start; j < out->n && !dup; j++)
				dup = !strcmp(out->v[j].address, addr) && !strcmp(out->v[j].name, name);
			if (dup) {
				free(name);
				free(addr);
				continue;
			}
			if (maint_people_add(out, name, addr, p->role, p->section) < 0)
				return -1;
		}
	}
	return 0;
}

static int maint_lookup_run(const struct maint *m, struct maint_people *out,
			    const char *const *files, size_t n,
			    int (*keyword)(const struct maint *, const struct maint_ent *,
					   const void *), const void *karg)
{
	struct maint_run_state st = { 0 };
	struct maint_people seen = { 0 };
	size_t *kw = NULL, nkw = 0;
	int rc = 0;

	for (size_t f = 0; f < n && !st.failed; f++) {
		struct maint_hit *h = NULL;
		size_t nh = 0;

		if (maint_hits(m, files[f], &h, &nh) < 0) {
			st.failed = 1;
			break;
		}
		for (size_t i = 0; i < nh; i++)
			maint_categories(m, h[i].sec, &st, &seen);
		free(h);
	}
	/* K: keywords, as get_maintainer.pl collects them over the whole run */
	for (size_t i = 0; keyword && i < m->nents && !st.failed; i++) {
		size_t *v;

		if (m->ents[i].type != 'K' || !keyword(m, &m->ents[i], karg))
			continue;
		v = realloc(kw, (nkw + 1) * sizeof *v);
		if (!v) {
			st.failed = 1;
			break;
		}
		kw = v;
		kw[nkw++] = i;
	}
	if (nkw) {
		size_t *tvs = malloc(nkw * sizeof *tvs);

		if (tvs) {
			for (size_t i = 0; i < nkw; i++)
				tvs[i] = m->ents[kw[i]].tv;
			qsort(tvs, nkw, sizeof *tvs, maint_by_tv_text);
			for (size_t i = 0; i < nkw; i++)
				for (size_t j = 0; j < nkw; j++)
					if (m->ents[kw[j]].tv == tvs[i] && (!i || tvs[i] != tvs[i - 1]))
						maint_categories(m, maint_section_of(m, kw[j]), &st, &seen);
		}
		free(tvs);
	}
	free(kw);
	maint_dedup(m, &st);
	if (st.failed || maint_finish(&st, out) < 0)
		rc = -1;
	maint_people_dispose(&st.to);
	maint_people_dispose(&st.lists);
	maint_people_dispose(&seen);
	return rc;
}

/* What the K: keywords are looked for in. */
struct maint_texts {
	const char *const *v;
	size_t n;
};

static int maint_keyword(const struct maint *m, const struct maint_ent *e, const void *arg)
{
	const struct maint_texts *t = arg;

	for (size_t i = 0; i < t->n; i++) {
		size_t len;

		if (!t->v[i])
			continue;
		len = strlen(t->v[i]);
		if (len > MAINT_MAX_CONTENT)
			len = MAINT_MAX_CONTENT;
		if (maint_run(e->re, t->v[i], len, NULL, 0, m->mctx))
			return 1;
	}
	return 0;
}

int maint_lookup(const struct maint *m, struct maint_people *out, const char *const *files,
		 size_t n)
{
	return maint_lookup_run(m, out, files, n, NULL, NULL);
}

int maint_lookup_lines(const struct maint *m, struct maint_people *out,
		       const char *const *files, size_t n, const char *const *lines,
		       size_t nlines)
{
	struct maint_texts t = { lines, nlines };

	return maint_lookup_run(m, out, files, n, lines ? maint_keyword : NULL, &t);
}

void maint_people_dispose(struct maint_people *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++) {
		free(p->v[i].name);
		free(p->v[i].address);
		free(p->v[i].section);
	}
	free(p->v);
	p->v = NULL;
	p->n = p->cap = 0;
}

const char *maint_role_name(enum maint_role r)
{
	static const char *const names[] = { "maintainer", "reviewer", "list" };

	return names[r];
}

