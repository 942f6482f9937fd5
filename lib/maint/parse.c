// SPDX-License-Identifier: GPL-2.0-only
/*
 * parse.c - reading MAINTAINERS and .mailmap as get_maintainer.pl does.
 *
 * MAINTAINERS is a list of sections: a title line, then "T:\tvalue"
 * lines; blank and '#' lines are dropped, so a section ends at the next
 * line that is not "T:".  Each F:/X: pattern becomes the regular
 * expression the script makes of it ('.' literal, '*' any run, '?' any
 * character, a directory of the tree given a trailing '/'), with its
 * literal prefix kept so that matching a path mostly costs a memcmp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/maint/maint.h"

/* The F:/X: pattern as get_maintainer.pl converts it; malloc'd. */
static char *maint_convert(const char *raw, maint_is_dir_fn is_dir, void *arg)
{
	struct { const char *from, *to; } conv[] = { { ".", "\\." }, { "*", ".*" }, { "?", "." } };
	size_t n = strlen(raw), k = 0;
	char *out = malloc(2 * n + 2);
	int plain = 1;

	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t c;

		for (c = 0; c < 3; c++)
			if (raw[i] == conv[c].from[0])
				break;
		if (c < 3) {
			memcpy(out + k, conv[c].to, strlen(conv[c].to));
			k += strlen(conv[c].to);
			plain = 0;
		} else {
			out[k++] = raw[i];
		}
	}
	out[k] = '\0';
	/* "-d $value" looks at the converted text: only a pattern without
	 * . * ? can name a directory of the tree. */
	if (plain && k && out[k - 1] != '/' && is_dir && is_dir(arg, out)) {
		out[k++] = '/';
		out[k] = '\0';
	}
	return out;
}

static int maint_pattern(struct maint_ent *e, maint_is_dir_fn is_dir, void *arg, char **why)
{
	static const char meta[] = "*?[](){}+^$|\\";
	char *conv = maint_convert(e->value, is_dir, arg), *re;
	size_t n, p;

	if (!conv)
		return -1;
	n = strlen(conv);
	for (size_t i = 0; i < n; i++)
		e->slashes += conv[i] == '/';
	e->trailing = n && conv[n - 1] == '/';
	e->depth = e->slashes + !e->trailing;
	if (!strncmp(conv, ".*", 2))
		e->depth = -1;
	/* the literal start, read from the value as written ('.' is literal there) */
	p = strcspn(e->value, meta);
	e->prefix = maint_strndup(e->value, p);
	e->plen = p;
	if (e->value[p] == '\0') {
		/* no meta character: the pattern is the value itself, plus the
		 * directory's '/' */
		free(e->prefix);
		e->prefix = strdup(e->value);
		e->literal = 1;
		if (e->trailing && (!*e->value || e->value[strlen(e->value) - 1] != '/')) {
			free(e->prefix);
			if (asprintf(&e->prefix, "%s/", e->value) < 0)
				e->prefix = NULL;
		}
		e->plen = e->prefix ? strlen(e->prefix) : 0;
	}
	if (!e->prefix || asprintf(&re, "^(?:%s)", conv) < 0) {
		free(conv);
		return -1;
	}
	free(conv);
	e->re = e->literal ? NULL : maint_compile(re, 0, why);
	free(re);
	return e->literal || e->re ? 0 : -1;
}

static int maint_add_line(struct maint *m, size_t *cap, char type, const char *value, size_t tv,
			  maint_is_dir_fn is_dir, void *arg, char **why)
{
	struct maint_ent *e;

	if (m->nents == *cap) {
		size_t ncap = *cap ? 2 * *cap : 1024;

		e = realloc(m->ents, ncap * sizeof *e);
		if (!e)
			return -1;
		m->ents = e;
		*cap = ncap;
	}
	e = &m->ents[m->nents];
	memset(e, 0, sizeof *e);
	e->type = type;
	e->tv = tv;
	if (!(e->value = strdup(value)))
		return -1;
	m->nents++;
	if (type == 'F' || type == 'X')
		return maint_pattern(e, is_dir, arg, why);
	if (type == 'N' || type == 'K') {
		e->re = maint_compile(value, PCRE2_EXTENDED, why);
		if (e->re && type == 'K')
			pcre2_jit_compile(e->re, PCRE2_JIT_COMPLETE);
		return e->re ? 0 : -1;
	}
	return 0;
}

/* Starts a section at the line after title (NULL: none). */
static int maint_add_section(struct maint *m, size_t *cap, const char *title, size_t tlen)
{
	struct maint_sec *s;

	if (m->nsecs == *cap) {
		size_t ncap = *cap ? 2 * *cap : 256;

		s = realloc(m->secs, ncap * sizeof *s);
		if (!s)
			return -1;
		m->secs = s;
		*cap = ncap;
	}
	s = &m->secs[m->nsecs++];
	s->title = maint_strndup(title ? title : "", title ? tlen : 0);
	s->first = m->nents;
	s->n = 0;
	return s->title ? 0 : -1;
}

int maint_parse(struct maint **out, const char *text, size_t len, maint_is_dir_fn is_dir,
		void *arg, char **cause)
{
	struct maint *m = calloc(1, sizeof *m);
	size_t ecap = 0, scap = 0, tv = 0, lineno = 0, pos = 0;
	const char *title = NULL;
	size_t tlen = 0;
	int in_section = 0;
	char *why = NULL, *value = NULL;

	*out = NULL;
	if (!m || maint_script_init() < 0 || len > MAINT_MAX_FILE)
		goto fail;
	m->mctx = pcre2_match_context_create(NULL);
	if (!m->mctx)
		goto fail;
	pcre2_set_match_limit(m->mctx, MAINT_MATCH_LIMIT);
	pcre2_set_depth_limit(m->mctx, MAINT_DEPTH_LIMIT);
	while (pos < len) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos, v;

		pos += n + (nl != NULL);
		lineno++;
		if (n >= 2 && line[0] >= 'A' && line[0] <= 'Z' && line[1] == ':') {
			for (v = 2; v < n && strchr(" \t\r\f\v", line[v]); v++)
				;
			if (!in_section && maint_add_section(m, &scap, title, tlen) < 0)
				goto fail;
			in_section = 1;
			free(value);
			if (!(value = maint_strndup(line + v, n - v)) ||
			    maint_add_line(m, &ecap, line[0], value, tv++, is_dir, arg, &why) < 0) {
				if (why)
					fail_cause(cause, "MAINTAINERS:%zu: %c: '%.100s' is not a valid "
						   "pattern: %s", lineno, line[0], value, why);
				goto fail;
			}
			m->secs[m->nsecs - 1].n++;
			continue;
		}
		/* blank and comment lines are dropped, anything else is a title */
		{
			size_t k = 0;

			while (k < n && strchr(" \t\r\f\v", line[k]))
				k++;
			if (k == n || line[k] == '#')
				continue;
		}
		title = line;
		tlen = n;
		in_section = 0;
		tv++;
	}
	free(value);
	*out = m;
	return 0;
fail:
	if (cause && !*cause)
		fail_cause(cause, "cannot read MAINTAINERS (%s)", len > MAINT_MAX_FILE ?
			   "larger than 16 MiB" : "out of memory");
	free(why);
	free(value);
	maint_free(m);
	return -1;
}

size_t maint_sections(const struct maint *m)
{
	return m->nsecs;
}

static int maint_map_add(struct maint *m, size_t *cap, int address, char *key, char *value)
{
	if (!key || !value)
		goto fail;
	if (m->nmap == *cap) {
		size_t ncap = *cap ? 2 * *cap : 256;
		struct maint_map *v = realloc(m->map, ncap * sizeof *v);

		if (!v)
			goto fail;
		m->map = v;
		*cap = ncap;
	}
	m->map[m->nmap++] = (struct maint_map){ address, key, value };
	return 0;
fail:
	free(key);
	free(value);
	return -1;
}

/* parse_email("NAME <ADDR>") of two groups: *name and *addr malloc'd. */
static int maint_pair(char **name, char **addr, const char *s, const PCRE2_SIZE *ov, int gn,
		      int ga)
{
	char *n = maint_group(s, ov, gn), *a = maint_group(s, ov, ga), *t = NULL;
	int rc = -1;

	*name = *addr = NULL;
	if (n && a) {
		maint_trim(n);      /* $real_name =~ s/\s+$//, then parse_email */
		if (asprintf(&t, "%s <%s>", n, a) >= 0)
			rc = maint_parse_email(name, addr, t);
	}
	free(n);
	free(a);
	free(t);
	return rc;
}

/* One line of .mailmap, comments and blanks already stripped. */
static int maint_map_line(struct maint *m, size_t *cap, const char *s)
{
	size_t n = strlen(s);
	PCRE2_SIZE ov[10];
	char *rn, *ra, *wn, *wa;

	if (maint_run(maint_script[RE_MAP1], s, n, ov, 6, m->mctx)) {
		if (maint_pair(&rn, &ra, s, ov, 1, 2) < 0)
			return 0;
		return maint_map_add(m, cap, 0, ra, rn);
	}
	if (maint_run(maint_script[RE_MAP2], s, n, ov, 6, m->mctx))
		return maint_map_add(m, cap, 1, maint_group(s, ov, 2), maint_group(s, ov, 1));
	if (maint_run(maint_script[RE_MAP3], s, n, ov, 8, m->mctx)) {
		if (maint_pair(&rn, &ra, s, ov, 1, 2) < 0)
			return 0;
		if (maint_map_add(m, cap, 0, maint_group(s, ov, 3), rn) < 0) {
			free(ra);
			return -1;
		}
		return maint_map_add(m, cap, 1, maint_group(s, ov, 3), ra);
	}
	if (maint_run(maint_script[RE_MAP4], s, n, ov, 10, m->mctx)) {
		char *wrong;

		if (maint_pair(&rn, &ra, s, ov, 1, 2) < 0)
			return 0;
		if (maint_pair(&wn, &wa, s, ov, 3, 4) < 0) {
			free(rn);
			free(ra);
			return 0;
		}
		wrong = maint_format(wn, wa);
		free(wn);
		free(wa);
		if (maint_map_add(m, cap, 0, wrong ? strdup(wrong) : NULL, rn) < 0) {
			free(wrong);
			free(ra);
			return -1;
		}
		return maint_map_add(m, cap, 1, wrong, ra);
	}
	return 0;
}

int maint_mailmap(struct maint *m, const char *text, size_t len)
{
	size_t cap = m->nmap, pos = 0;

	if (len > MAINT_MAX_FILE)
		return -1;
	while (pos < len) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		char *s = maint_strndup(line, n), *hash;
		int rc;

		pos += n + (nl != NULL);
		if (!s)
			return -1;
		if ((hash = strchr(s, '#')))
			*hash = '\0';
		maint_trim(s);
		rc = *s ? maint_map_line(m, &cap, s) : 0;
		free(s);
		if (rc < 0)
			return -1;
	}
	return 0;
}

void maint_free(struct maint *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nents; i++) {
		free(m->ents[i].value);
		free(m->ents[i].prefix);
		pcre2_code_free(m->ents[i].re);
	}
	for (size_t i = 0; i < m->nsecs; i++)
		free(m->secs[i].title);
	for (size_t i = 0; i < m->nmap; i++) {
		free(m->map[i].key);
		free(m->map[i].value);
	}
	pcre2_match_context_free(m->mctx);
	free(m->ents);
	free(m->secs);
	free(m->map);
	free(m);
}

