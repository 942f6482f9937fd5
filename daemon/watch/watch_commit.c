// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_commit.c - reading the commits of a poll into its set.
 *
 * Commits are read from the object database as raw text and parsed here:
 * git_commit_lookup would parse the whole commit into libgit2's objects,
 * allocate every header and put it into libgit2's object cache, which
 * costs more than reading it for a large poll.  The parse follows
 * libgit2's: signatures split at the last '<' and '>', the summary is the
 * first paragraph with whitespace runs holding a newline squashed to one
 * space (git_commit_summary).  Most commits are inflated straight from a
 * pack or a loose file by lib/gitpack.c; libgit2 reads the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>
#include <jansson.h>

#include "daemon/watch/watch_internal.h"
#include "lib/fail.h"
#include "lib/gitpack.h"

/*
 * The commit's trailers as JSON text, [[key, value], ...] (at most
 * WATCH_MAX_TRAILERS), in s's arena; NULL when it has none (or out of
 * memory).  Made on the walk's thread, so that the store's has only to
 * bind it.
 */
char *watch_trailers(struct watch_set *s, const char *message)
{
	git_message_trailer_array arr = { 0 };
	json_t *out;
	char *text = NULL, *kept = NULL;

	if (!message || git_message_trailers(&arr, message) < 0)
		return NULL;
	out = arr.count ? json_array() : NULL;
	for (size_t i = 0; out && i < arr.count && i < WATCH_MAX_TRAILERS; i++) {
		json_t *k = json_stringn(arr.trailers[i].key, strnlen(arr.trailers[i].key, 256));
		json_t *v = json_stringn(arr.trailers[i].value,
					 strnlen(arr.trailers[i].value, WATCH_MAX_TRAILER));

		if (k && v)
			json_array_append_new(out, json_pack("[o, o]", k, v));
		else {
			json_decref(k);
			json_decref(v);
		}
	}
	git_message_trailer_array_free(&arr);
	if (out && (text = json_dumps(out, JSON_COMPACT)))
		kept = watch_strndup(s, text, strlen(text));
	free(text);
	json_decref(out);
	return kept;
}

/* A person of a commit header line ("Name <email> time tz"). */
struct watch_sig {
	const char *name, *email;
	size_t name_len, email_len;
	long long when;
};

static int watch_isspace(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Parses the rest of an author/committer line [p, end). */
static void watch_sig_parse(struct watch_sig *sig, const char *p, const char *end)
{
	const char *lt = memrchr(p, '<', (size_t)(end - p));
	const char *gt = lt ? memchr(lt, '>', (size_t)(end - lt)) : NULL;
	const char *q;

	memset(sig, 0, sizeof *sig);
	if (!lt || !gt) {
		sig->name = p;
		sig->name_len = (size_t)(end - p);
		return;
	}
	q = lt;
	while (q > p && watch_isspace(q[-1]))
		q--;
	while (p < q && watch_isspace(*p))
		p++;
	sig->name = p;
	sig->name_len = (size_t)(q - p);
	p = lt + 1;
	q = gt;
	while (p < q && watch_isspace(*p))
		p++;
	while (q > p && watch_isspace(q[-1]))
		q--;
	sig->email = p;
	sig->email_len = (size_t)(q - p);
	for (p = gt + 1; p < end && *p == ' '; p++)
		;
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		sig->when = sig->when * 10 + (*p - '0');
}

/* The summary of a message (as git_commit_summary), at most max bytes,
 * in the set's arena. */
static char *watch_summary(struct watch_set *s, const char *msg, const char *end, size_t max)
{
	size_t cap = (size_t)(end - msg) < max ? (size_t)(end - msg) : max, len = 0;
	char *out = watch_alloc(s, cap + 1);
	const char *space = NULL;
	int space_nl = 0;

	if (!out)
		return NULL;
	for (; msg < end && len < cap; msg++) {
		if (*msg == '\n') {
			const char *next = msg + 1;

			if (next >= end || *next == '\n')
				break;
			while (next < end && *next != '\n' && watch_isspace(*next))
				next++;
			if (next >= end || *next == '\n')
				break;
		}
		if (watch_isspace(*msg)) {
			if (!space) {
				space = msg;
				space_nl = 0;
			}
			space_nl |= *msg == '\n';
			continue;
		}
		if (space) {           /* a run of whitespace: as it was, or one space */
			size_t n = space_nl ? 1 : (size_t)(msg - space);

			if (n > cap - len)
				n = cap - len;
			memcpy(out + len, space_nl ? " " : space, n);
			len += n;
			space = NULL;
			if (len == cap)
				break;
		}
		out[len++] = *msg;
	}
	out[len] = '\0';
	return out;
}

/* Whether a message may hold trailers: a ':' after its first paragraph. */
static int watch_may_have_trailers(const char *msg, size_t n)
{
	const char *para = memmem(msg, n, "\n\n", 2);

	return para && memchr(para, ':', n - (size_t)(para - msg)) != NULL;
}

/* Reads commit oid into the set (once); NULL on error with *cause set. */
struct watch_node *watch_set_add(struct watch_set *s, git_odb *odb,
				 const git_oid *oid, int in_walk, char **cause)
{
	struct watch_node *c = watch_set_get(s, oid);
	struct watch_sig a = { 0 }, m = { 0 };
	git_odb_object *obj = NULL;
	const char *p, *end, *msg;
	const void *data;
	size_t size;
	char *message;
	int type;

	if (c)
		return c;
	/* most commits inflate straight from a pack or a loose file (lib/gitpack.c);
	 * libgit2 reads the rest */
	if (s->packs && gitpack_read(s->packs, oid->id, &type, &data, &size)) {
		s->packed++;
	} else {
		if (git_odb_read(&obj, odb, oid) < 0) {
			watch_git_error(cause, "cannot read a commit of the mirror");
			return NULL;
		}
		type = git_odb_object_type(obj) == GIT_OBJECT_COMMIT ? GITPACK_COMMIT : 0;
		data = git_odb_object_data(obj);
		size = git_odb_object_size(obj);
	}
	if (type != GITPACK_COMMIT) {
		fail_cause(cause, "object %s of the mirror is not a commit", git_oid_tostr_s(oid));
		git_odb_object_free(obj);
		return NULL;
	}
	if (s->n == s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 256;
		struct watch_node *v = realloc(s->v, ncap * sizeof *v);

		if (!v)
			goto oom;
		s->v = v;
		s->cap = ncap;
	}
	if (watch_set_grow(s) < 0)
		goto oom;
	c = &s->v[s->n];
	memset(c, 0, sizeof *c);
	git_oid_cpy(&c->oid, oid);
	c->in_walk = in_walk;
	c->brought = -1;
	p = data;
	end = p + size;
	msg = end;
	/* the header: one line per field, continuation lines start with ' ' */
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (!eol)
			eol = end;
		if (eol == p) {         /* the blank line before the message */
			msg = p + 1;
			break;
		}
		if (eol - p == 7 + GIT_OID_HEXSZ && !memcmp(p, "parent ", 7)) {
			if (c->nparents == s->nscratch) {
				size_t n = s->nscratch ? s->nscratch * 2 : 8;
				git_oid *v = realloc(s->scratch, n * sizeof *v);

				if (!v)
					goto oom_node;
				s->scratch = v;
				s->nscratch = n;
			}
			if (git_oid_fromstrn(&s->scratch[c->nparents], p + 7, GIT_OID_HEXSZ) < 0) {
				fail_cause(cause, "commit %s has a malformed parent line",
					 git_oid_tostr_s(oid));
				goto fail_node;
			}
			c->nparents++;
		} else if (eol - p > 7 && !memcmp(p, "author ", 7)) {
			watch_sig_parse(&a, p + 7, eol);
		} else if (eol - p > 10 && !memcmp(p, "committer ", 10)) {
			watch_sig_parse(&m, p + 10, eol);
		}
		p = eol + 1;
	}
	while (msg < end && *msg == '\n')       /* as git_commit_message */
		msg++;
	if (c->nparents && (c->parents = watch_alloc(s, c->nparents * sizeof *c->parents)))
		memcpy(c->parents, s->scratch, c->nparents * sizeof *c->parents);
	c->sha = watch_alloc(s, GIT_OID_HEXSZ + 1 + c->nparents * (GIT_OID_HEXSZ + 1) + 1);
	if (c->sha) {
		char *t;

		git_oid_tostr(c->sha, GIT_OID_HEXSZ + 1, oid);
		c->parents_text = t = c->sha + GIT_OID_HEXSZ + 1;
		for (unsigned i = 0; i < c->nparents; i++) {
			if (i)
				*t++ = ' ';
			git_oid_fmt(t, &s->scratch[i]);
			t += GIT_OID_HEXSZ;
		}
		*t = '\0';
	}
	c->author_name = watch_strndup(s, a.name ? a.name : "", a.name_len < WATCH_MAX_NAME ?
				       a.name_len : WATCH_MAX_NAME);
	c->author_email = watch_strndup(s, a.email ? a.email : "", a.email_len < WATCH_MAX_NAME ?
					a.email_len : WATCH_MAX_NAME);
	c->author_time = a.when;
	c->committer_name = watch_strndup(s, m.name ? m.name : "", m.name_len < WATCH_MAX_NAME ?
					  m.name_len : WATCH_MAX_NAME);
	c->committer_email = watch_strndup(s, m.email ? m.email : "",
					   m.email_len < WATCH_MAX_NAME ? m.email_len :
					   WATCH_MAX_NAME);
	c->commit_time = m.when;
	c->subject = watch_summary(s, msg, end, WATCH_MAX_SUBJECT);
	if (watch_may_have_trailers(msg, (size_t)(end - msg)) &&
	    (message = strndup(msg, (size_t)(end - msg)))) {
		c->trailers = watch_trailers(s, message);
		free(message);
	}
	git_odb_object_free(obj);
	obj = NULL;
	if ((c->nparents && !c->parents) || !c->sha || !c->author_name || !c->author_email ||
	    !c->committer_name || !c->committer_email || !c->subject)
		goto oom_node;
	s->n++;
	{       /* insert into the hash table */
		size_t i = watch_hash(oid) & (s->nslots - 1);

		while (s->slots[i])
			i = (i + 1) & (s->nslots - 1);
		s->slots[i] = s->n;
	}
	return c;
oom_node:
	fail_cause(cause, "out of memory reading commit %s", git_oid_tostr_s(oid));
fail_node:
	watch_node_dispose(c);
	git_odb_object_free(obj);
	return NULL;
oom:
	git_odb_object_free(obj);
	fail_cause(cause, "out of memory reading commit %s", git_oid_tostr_s(oid));
	return NULL;
}
