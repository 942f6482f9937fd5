// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbuild.c - the files a kernel build compiled, read from kbuild's .cmd
 * files, and the decision whether compiled code can differ between two
 * commits (lib/kbuild.h).  The .cmd format is what scripts/basic/fixdep
 * and scripts/Kbuild.include (if_changed) write: `NAME := VALUE` lines,
 * a value continued over lines by a backslash at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/kbuild.h"

#define KBUILD_MIN_CAP 1024
#define KBUILD_WHY_MAX 2048             /* bytes of a sentence made before it is cut */
#define KBUILD_MAX_SYMBOLS 200000       /* set symbols of one .config */
#define KBUILD_MAX_JOIN (2 * KBUILD_MAX_PATH + 1)   /* a directory and a name under it */

/* --- sets of paths --------------------------------------------------- */

static int kbuild_by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int kbuild_paths_sort(struct kbuild_paths *p)
{
	size_t k = 0;

	if (p->sorted == p->n)
		return 0;
	qsort(p->v, p->n, sizeof *p->v, kbuild_by_text);
	for (size_t i = 0; i < p->n; i++) {
		if (k && !strcmp(p->v[k - 1], p->v[i]))
			free(p->v[i]);
		else
			p->v[k++] = p->v[i];
	}
	p->n = p->sorted = k;
	return k > KBUILD_MAX_PATHS ? -1 : 0;
}

/* Doubles the room of p; -1 when memory is out or p is past its cap. */
static int kbuild_paths_grow(struct kbuild_paths *p)
{
	size_t ncap = p->cap ? 2 * p->cap : KBUILD_MIN_CAP;
	char **nv;

	if (ncap > 4 * (size_t)KBUILD_MAX_PATHS || !(nv = realloc(p->v, ncap * sizeof *nv)))
		return -1;
	p->v = nv;
	p->cap = ncap;
	return 0;
}

int kbuild_paths_add(struct kbuild_paths *p, const char *path, size_t len)
{
	if (p->n == p->cap) {
		/* a build names the same headers again and again: sorting the
		 * full array makes room before growing it does */
		if (p->n > p->sorted && kbuild_paths_sort(p) < 0)
			return -1;
		if ((p->n == p->cap || p->n > p->cap / 2) && kbuild_paths_grow(p) < 0)
			return -1;
	}
	if (!(p->v[p->n] = strndup(path, len)))
		return -1;
	p->n++;
	return 0;
}

int kbuild_paths_has(const struct kbuild_paths *p, const char *path)
{
	size_t lo = 0, hi = p->sorted;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(p->v[mid], path);

		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void kbuild_paths_dispose(struct kbuild_paths *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	memset(p, 0, sizeof *p);
}

/* --- .cmd files ------------------------------------------------------ */

/*
 * Normalises path (len bytes, relative, at most KBUILD_MAX_JOIN) into out
 * (len + 1 bytes at least): "." and empty parts dropped, ".." takes the
 * part before it away.  The length, or 0 when nothing is left or, unless
 * up, ".." climbs out of the top; with up, the ".." parts that climb out
 * are kept in front ("../lib/string.c").
 */
static size_t kbuild_normalise(char *out, const char *path, size_t len, int up)
{
	char rest[KBUILD_MAX_JOIN + 1];
	size_t n = 0, i = 0, ups = 0, k;

	if (len > KBUILD_MAX_JOIN)
		return 0;

	while (i < len) {
		k = i;
		while (k < len && path[k] != '/')
			k++;
		if (k - i == 2 && path[i] == '.' && path[i + 1] == '.') {
			if (!n && !up)
				return 0;
			if (!n)
				ups++;
			while (n && rest[n - 1] != '/')
				n--;
			if (n)
				n--;
		} else if (k > i && !(k - i == 1 && path[i] == '.')) {
			if (n)
				rest[n++] = '/';
			memcpy(rest + n, path + i, k - i);
			n += k - i;
		}
		i = k + 1;
	}
	if (!n)
		return 0;
	/* each ".." kept took three bytes of path at least: it fits */
	for (k = 0; k < ups; k++)
		memcpy(out + 3 * k, "../", 3);
	memcpy(out + 3 * ups, rest, n);
	out[3 * ups + n] = '\0';
	return 3 * ups + n;
}

/* 1 when path (normalised, without its leading '/') lies under dir
 * (the same), with *rest what follows dir's "/". */
static int kbuild_under(const char *path, const char *dir, size_t dlen, const char **rest)
{
	if (strncmp(path, dir, dlen) || path[dlen] != '/' || !path[dlen + 1])
		return 0;
	*rest = path + dlen + 1;
	return 1;
}

int kbuild_resolve(char rel[KBUILD_MAX_PATH + 1], const char *objtree, const char *srctree,
		   const char *name)
{
	char joined[KBUILD_MAX_JOIN + 1], norm[KBUILD_MAX_JOIN + 1];
	size_t n, sl = strlen(srctree), ol = strlen(objtree);
	const char *rest = NULL;
	int r = KBUILD_ELSEWHERE;

	rel[0] = '\0';
	if (objtree[0] != '/' || srctree[0] != '/' || name[0] == '/' || ol > KBUILD_MAX_PATH ||
	    sl > KBUILD_MAX_PATH || strlen(name) > KBUILD_MAX_PATH)
		return KBUILD_ELSEWHERE;
	n = (size_t)snprintf(joined, sizeof joined, "%s/%s", objtree + 1, name);
	if (n > KBUILD_MAX_JOIN || !(n = kbuild_normalise(norm, joined, n, 0)))
		return KBUILD_ELSEWHERE;
	/* the deeper of the two first: O= may lie in the tree */
	if (ol > sl && kbuild_under(norm, objtree + 1, ol - 1, &rest))
		r = KBUILD_IN_OBJTREE;
	else if (sl > 1 && kbuild_under(norm, srctree + 1, sl - 1, &rest))
		r = KBUILD_IN_TREE;
	else if (ol > 1 && kbuild_under(norm, objtree + 1, ol - 1, &rest))
		r = KBUILD_IN_OBJTREE;
	if (r == KBUILD_ELSEWHERE || strlen(rest) > KBUILD_MAX_PATH)
		return KBUILD_ELSEWHERE;
	snprintf(rel, KBUILD_MAX_PATH + 1, "%s", rest);
	return r;
}

/* Files of the output directory a build in the tree (srctree ".") names
 * beside the sources: what kbuild generates. */
static int kbuild_generated(const char *rel)
{
	return !strncmp(rel, "include/generated/", 18) || !strncmp(rel, "include/config/", 15) ||
	       (!strncmp(rel, "arch/", 5) && strstr(rel, "/include/generated/"));
}

/* Where kbuild_take puts what it takes. */
struct kbuild_sink {
	struct kbuild_paths *out, *loose;
	const char *srctree;
};

/*
 * Adds word (len bytes) when it names a file of the tree (kbuild_cmd_paths);
 * 0 also when it does not, -1 with *cause.  listed: an entry of source_ or
 * deps_, whose relative names go to sink->loose; else a word of a command
 * line, left out instead of failing when it is too long.
 */
static int kbuild_take(const struct kbuild_sink *sink, const char *word, size_t len,
		       int listed, char **cause)
{
	char rel[KBUILD_MAX_PATH + 1];
	const char *srctree = sink->srctree;
	size_t tl = strlen(srctree), n;
	int intree = !strcmp(srctree, ".");

	if (len > KBUILD_MAX_PATH)
		return !listed ? 0 : fail_cause(cause, "a path of %zu bytes is longer than %d",
						len, KBUILD_MAX_PATH);
	/* in the tree, a command's word without a '/' is a program or a flag */
	if (!len || (intree && (word[0] == '/' || (!listed && !memchr(word, '/', len)))))
		return 0;
	if (!intree && (len <= tl + 1 || memcmp(word, srctree, tl) || word[tl] != '/')) {
		/* relative to the directory make ran in: the output directory,
		 * or a tool's own under tools/ (the runner places it) */
		if (!listed || !sink->loose || word[0] == '/' ||
		    !(n = kbuild_normalise(rel, word, len, 1)))
			return 0;
		if (kbuild_paths_add(sink->loose, rel, n) < 0)
			return fail_cause(cause, "more than %d names, or out of memory",
					  KBUILD_MAX_PATHS);
		return 0;
	}
	if (!intree) {
		word += tl + 1;
		len -= tl + 1;
	}
	n = kbuild_normalise(rel, word, len, 0);
	if (!n || (intree && kbuild_generated(rel)))
		return 0;
	if (kbuild_paths_add(sink->out, rel, n) < 0)
		return fail_cause(cause, "more than %d files, or out of memory", KBUILD_MAX_PATHS);
	return 0;
}

/* 1 for the bytes a command line's word of a path is made of. */
static int kbuild_path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '/' || c == '.' || c == '_' || c == '-' || c == '+' || c == ',' || c == '@';
}

/* A word of a command line, its quotes and separators around it taken
 * off: the path it is, else len 0. */
static const char *kbuild_cmd_word(const char *w, size_t *len)
{
	size_t n = *len;

	while (n && (*w == '\'' || *w == '"' || *w == '(' || *w == '<' || *w == '>')) {
		w++;
		n--;
	}
	while (n && (w[n - 1] == '\'' || w[n - 1] == '"' || w[n - 1] == ';' || w[n - 1] == ')'))
		n--;
	*len = 0;
	if (!n || w[0] == '-')
		return w;
	for (size_t i = 0; i < n; i++)
		if (!kbuild_path_char(w[i]))
			return w;
	*len = n;
	return w;
}

/* The kinds of `NAME := VALUE` statements whose words are read. */
enum kbuild_var { KBUILD_OTHER, KBUILD_SAVEDCMD, KBUILD_SOURCE, KBUILD_DEPS };

static enum kbuild_var kbuild_var_of(const char *s, size_t len)
{
	static const struct { const char *prefix; enum kbuild_var var; } vars[] = {
		{ "savedcmd_", KBUILD_SAVEDCMD }, { "source_", KBUILD_SOURCE },
		{ "deps_", KBUILD_DEPS }, { "cmd_", KBUILD_SAVEDCMD },   /* before 6.2 */
	};

	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		size_t k = strlen(vars[i].prefix);

		if (len > k && !memcmp(s, vars[i].prefix, k))
			return vars[i].var;
	}
	return KBUILD_OTHER;
}

/* Reads the words of the value of a statement that starts at text[i]
 * (just after ":="), up to the newline that is not escaped; returns the
 * index after it, or (size_t)-1 with *cause. */
static size_t kbuild_value(const struct kbuild_sink *sink, const char *text, size_t len,
			   size_t i, enum kbuild_var var, char **cause)
{
	int wildcard = 0;

	while (i < len && text[i] != '\n') {
		size_t k;

		if (text[i] == ' ' || text[i] == '\t' ||
		    (text[i] == '\\' && i + 1 < len && text[i + 1] == '\n')) {
			i += text[i] == '\\' ? 2 : 1;
			continue;
		}
		for (k = i; k < len && text[k] != ' ' && text[k] != '\t' && text[k] != '\n'; k++)
			if (text[k] == '\\' && k + 1 < len && text[k + 1] == '\n')
				break;
		if (var == KBUILD_SAVEDCMD) {
			size_t n = k - i;
			const char *w = kbuild_cmd_word(text + i, &n);

			if (n && kbuild_take(sink, w, n, 0, cause) < 0)
				return (size_t)-1;
		} else if (wildcard || (k - i >= 2 && text[i] == '$' && text[i + 1] == '(')) {
			/* $(wildcard include/config/X): a Kconfig symbol, not a file */
			wildcard = text[k - 1] != ')';
		} else if (kbuild_take(sink, text + i, k - i, 1, cause) < 0) {
			return (size_t)-1;
		}
		i = k;
	}
	return i < len ? i + 1 : len;
}

int kbuild_cmd_paths(struct kbuild_paths *out, struct kbuild_paths *loose, const char *text,
		     size_t len, const char *srctree, char **cause)
{
	const struct kbuild_sink sink = { out, loose, srctree };
	size_t i = 0, end = len;

	if (memchr(text, '\0', len))
		return fail_cause(cause, "a NUL byte in a .cmd file");

	while (i < end) {
		size_t line = i, eq;
		enum kbuild_var var;

		while (i < end && text[i] != '\n' && !(text[i] == ':' && i + 1 < end &&
						       text[i + 1] == '='))
			i++;
		if (i >= end || text[i] == '\n') {   /* not an assignment: a rule */
			i++;
			continue;
		}
		eq = i;
		while (eq > line && (text[eq - 1] == ' ' || text[eq - 1] == '\t'))
			eq--;
		var = kbuild_var_of(text + line, eq - line);
		if (var == KBUILD_OTHER) {
			while (i < end && text[i] != '\n')
				i++;
			i++;
			continue;
		}
		i = kbuild_value(&sink, text, end, i + 2, var, cause);
		if (i == (size_t)-1)
			return -1;
	}
	return 0;
}

int kbuild_sources_read(struct kbuild_paths *out, const char *text, size_t len, char **cause)
{
	size_t i = 0, end = len, lineno = 0;

	if (memchr(text, '\0', len))
		return fail_cause(cause, "the sources list holds a NUL byte");

	while (i < end) {
		size_t k = i;

		while (k < end && text[k] != '\n')
			k++;
		lineno++;
		if (k > i) {
			if (text[i] == '/' || k - i > KBUILD_MAX_PATH)
				return fail_cause(cause, "line %zu of the sources list is not a "
						  "relative path", lineno);
			if (kbuild_paths_add(out, text + i, k - i) < 0)
				return fail_cause(cause, "the sources list holds more than %d "
						  "files, or memory is out", KBUILD_MAX_PATHS);
		}
		i = k + 1;
	}
	return kbuild_paths_sort(out) < 0 ? fail_cause(cause, "the sources list holds more "
						       "than %d files", KBUILD_MAX_PATHS) : 0;
}

/* --- the top Makefile ------------------------------------------------ */

/* The version variables of the top Makefile, whose lines may differ. */
static const char *const kbuild_version_vars[] = {
	"VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION", "NAME",
};
#define KBUILD_NVERSION (sizeof kbuild_version_vars / sizeof kbuild_version_vars[0])

/* Which version variable the line s (len bytes) assigns: its index, or -1
 * when it is another line. */
static int kbuild_version_line(const char *s, size_t len)
{
	for (size_t v = 0; v < KBUILD_NVERSION; v++) {
		size_t k = strlen(kbuild_version_vars[v]), i = k;

		if (len <= k || memcmp(s, kbuild_version_vars[v], k))
			continue;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i < len && (s[i] == ':' || s[i] == '?'))
			i++;
		if (i < len && s[i] == '=' && s[len - 1] != '\\')
			return (int)v;
	}
	return -1;
}

/* The next line of t from *pos that is not a version line, and which
 * version variables' values it passed (vals[v]: the line, NULL). */
static const char *kbuild_next_other(const char *t, size_t *pos, size_t *len,
				     const char *vals[KBUILD_NVERSION], size_t vlen[KBUILD_NVERSION])
{
	while (t[*pos]) {
		const char *s = t + *pos;
		size_t n = strcspn(s, "\n");
		int v = kbuild_version_line(s, n);

		*pos += n + (s[n] == '\n');
		if (v < 0) {
			*len = n;
			return s;
		}
		vals[v] = s;
		vlen[v] = n;
	}
	*len = 0;
	return NULL;
}

/*
 * 1 when the two Makefiles differ only in version lines, with the names of
 * those whose lines differ appended to names; 0 when another line differs.
 */
static int kbuild_makefile_version_only(const char *a, const char *b, struct buf *names)
{
	const char *va[KBUILD_NVERSION] = { 0 }, *vb[KBUILD_NVERSION] = { 0 };
	size_t la[KBUILD_NVERSION] = { 0 }, lb[KBUILD_NVERSION] = { 0 };
	size_t pa = 0, pb = 0, na, nb;
	int first = 1;

	for (;;) {
		const char *sa = kbuild_next_other(a, &pa, &na, va, la);
		const char *sb = kbuild_next_other(b, &pb, &nb, vb, lb);

		if (!sa || !sb) {
			if (sa || sb)
				return 0;
			break;
		}
		if (na != nb || memcmp(sa, sb, na))
			return 0;
	}
	for (size_t v = 0; v < KBUILD_NVERSION; v++) {
		if (la[v] == lb[v] && (!la[v] || !memcmp(va[v], vb[v], la[v])))
			continue;
		buf_printf(names, "%s%s", first ? "" : ", ", kbuild_version_vars[v]);
		first = 0;
	}
	return 1;
}

/* --- .config --------------------------------------------------------- */

/* One set symbol of a .config: "CONFIG_NAME" and its value. */
struct kbuild_sym {
	const char *name, *value;
	size_t nlen, vlen;
};

static int kbuild_by_sym(const void *pa, const void *pb)
{
	const struct kbuild_sym *a = pa, *b = pb;
	size_t n = a->nlen < b->nlen ? a->nlen : b->nlen;
	int c = memcmp(a->name, b->name, n);

	return c ? c : (a->nlen > b->nlen) - (a->nlen < b->nlen);
}

/* The symbols text sets (CONFIG_X=value, value not "n"), sorted by name,
 * into *out (malloc'd); -1 when memory is out or there are too many. */
static int kbuild_symbols(struct kbuild_sym **out, size_t *n, const char *text)
{
	struct kbuild_sym *v = NULL;
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	for (const char *s = text; *s;) {
		size_t len = strcspn(s, "\n"), eq = strcspn(s, "=\n");

		if (!strncmp(s, "CONFIG_", 7) && eq < len && !(len - eq == 2 && s[eq + 1] == 'n')) {
			if (*n == cap) {
				struct kbuild_sym *nv;

				cap = cap ? 2 * cap : KBUILD_MIN_CAP;
				if (cap > 2 * KBUILD_MAX_SYMBOLS ||
				    !(nv = realloc(v, cap * sizeof *nv))) {
					free(v);
					return -1;
				}
				v = nv;
			}
			v[(*n)++] = (struct kbuild_sym){ s, s + eq + 1, eq, len - eq - 1 };
		}
		s += len + (s[len] == '\n');
	}
	if (*n)
		qsort(v, *n, sizeof *v, kbuild_by_sym);
	*out = v;
	return 0;
}

/* Appends what s sets ("y", "\"text\"") or "not set" for NULL. */
static void kbuild_sym_value(struct buf *out, const struct kbuild_sym *s)
{
	if (s)
		buf_printf(out, "%.*s", (int)(s->vlen > 200 ? 200 : s->vlen), s->value);
	else
		buf_adds(out, "not set");
}

/* The first symbol set differently in a and b into out ("CONFIG_X is y
 * in the good build and not set in the bad one"); 0 when they set the
 * same, 1 when they differ, -1 when memory is out. */
static int kbuild_config_diff(const char *a, const char *b, struct buf *out)
{
	struct kbuild_sym *sa, *sb;
	size_t na, nb, i = 0, k = 0;
	int rc = 0;

	if (kbuild_symbols(&sa, &na, a) < 0)
		return -1;
	if (kbuild_symbols(&sb, &nb, b) < 0) {
		free(sa);
		return -1;
	}
	while (i < na || k < nb) {
		int c = i == na ? 1 : k == nb ? -1 : kbuild_by_sym(&sa[i], &sb[k]);
		const struct kbuild_sym *ga = c <= 0 ? &sa[i] : NULL, *gb = c >= 0 ? &sb[k] : NULL;

		if (!c && sa[i].vlen == sb[k].vlen && !memcmp(sa[i].value, sb[k].value, sa[i].vlen)) {
			i++;
			k++;
			continue;
		}
		rc = 1;
		buf_printf(out, "%.*s is ", (int)(ga ? ga->nlen : gb->nlen),
			   ga ? ga->name : gb->name);
		kbuild_sym_value(out, ga);
		buf_adds(out, " in the good build and ");
		kbuild_sym_value(out, gb);
		buf_adds(out, " in the bad one");
		break;
	}
	free(sa);
	free(sb);
	return rc;
}

/* --- the decision ---------------------------------------------------- */

/* The basename of path. */
static const char *kbuild_base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* 1 when path, another than the top Makefile, steers the build without
 * being a prerequisite a .cmd file lists. */
static int kbuild_steers(const char *path)
{
	const char *base = kbuild_base(path);
	size_t n = strlen(base);

	return !strncmp(base, "Makefile", 8) || !strncmp(base, "Kbuild", 6) ||
	       (n > 3 && !strcmp(base + n - 3, ".mk")) || !strncmp(path, "scripts/", 8);
}

/* Appends "a, b, c and 4 more" naming the count paths of list. */
static void kbuild_name_files(struct buf *b, const char *const *list, size_t count)
{
	for (size_t i = 0; i < count && i < KBUILD_MAX_NAMED; i++)
		buf_printf(b, "%s%s", i ? ", " : "", list[i]);
	if (count > KBUILD_MAX_NAMED)
		buf_printf(b, " and %zu more", count - KBUILD_MAX_NAMED);
}

/* Ends the sentence in b into why; returns rc. */
static int kbuild_say(int rc, struct buf *b, char *why, size_t whylen)
{
	if (whylen)
		snprintf(why, whylen, "%s", buf_failed(b) ? "cannot tell whether compiled code "
			 "changed: out of memory" : buf_str(b));
	buf_dispose(b);
	return rc;
}

/* The differing paths sorted by kind (kbuild_decide). */
struct kbuild_kinds {
	const char **compiled, **steering, **kconfig, **other;
	size_t ncompiled, nsteering, nkconfig, nother;
	int makefile;                   /* the top Makefile differs */
};

static void kbuild_kinds_dispose(struct kbuild_kinds *k)
{
	free(k->compiled);
	free(k->steering);
	free(k->kconfig);
	free(k->other);
}

static int kbuild_sort_kinds(struct kbuild_kinds *k, const struct kbuild_range *r,
			     const struct kbuild_paths *src)
{
	size_t n = r->nchanged ? r->nchanged : 1;

	k->compiled = calloc(n, sizeof *k->compiled);
	k->steering = calloc(n, sizeof *k->steering);
	k->kconfig = calloc(n, sizeof *k->kconfig);
	k->other = calloc(n, sizeof *k->other);
	if (!k->compiled || !k->steering || !k->kconfig || !k->other)
		return -1;
	for (size_t i = 0; i < r->nchanged; i++) {
		const char *p = r->changed[i];

		if (!strcmp(p, "Makefile"))     /* its version lines are not code */
			k->makefile = 1;
		else if (kbuild_paths_has(src, p))
			k->compiled[k->ncompiled++] = p;
		else if (kbuild_steers(p))
			k->steering[k->nsteering++] = p;
		else if (!strncmp(kbuild_base(p), "Kconfig", 7))
			k->kconfig[k->nkconfig++] = p;
		else
			k->other[k->nother++] = p;
	}
	return 0;
}

/* The sentence of an answer that nothing compiled differs. */
static int kbuild_unchanged(const struct kbuild_kinds *k, const char *versions, struct buf *b,
			    char *why, size_t whylen)
{
	int parts = !!k->makefile + !!k->nkconfig + !!k->nother, done = 0;

	if (!parts)
		buf_adds(b, "no compiled code changed: no file differs and the .configs set the "
			 "same symbols");
	else
		buf_adds(b, "no compiled code changed: only ");
	if (k->makefile) {
		buf_printf(b, "the top Makefile's version lines%s%s%s", *versions ? " (" : "",
			   versions, *versions ? ")" : "");
		done++;
	}
	if (k->nkconfig) {
		buf_printf(b, "%s%zu Kconfig file%s (", done ? (done + 1 == parts ? " and " : ", ")
			   : "", k->nkconfig, k->nkconfig == 1 ? "" : "s");
		kbuild_name_files(b, k->kconfig, k->nkconfig);
		buf_adds(b, ") with the same .config");
		done++;
	}
	if (k->nother) {
		buf_printf(b, "%s%zu file%s that no object of the build compiles (",
			   done ? " and " : "", k->nother, k->nother == 1 ? "" : "s");
		kbuild_name_files(b, k->other, k->nother);
		buf_adds(b, ")");
	}
	if (parts)
		buf_adds(b, " changed");
	return kbuild_say(KBUILD_UNCHANGED, b, why, whylen);
}

/* The answer once the inputs are there and the .configs agree. */
static int kbuild_weigh(const struct kbuild_range *r, const struct kbuild_paths *src,
			struct buf *b, char *why, size_t whylen)
{
	struct kbuild_kinds k = { 0 };
	struct buf versions;
	int rc;

	buf_init(&versions, KBUILD_WHY_MAX);
	if (kbuild_sort_kinds(&k, r, src) < 0) {
		rc = KBUILD_UNKNOWN;
		buf_adds(b, "cannot tell whether compiled code changed: out of memory");
	} else if (k.ncompiled) {
		rc = KBUILD_CHANGED;
		buf_printf(b, "%s, %s, changed", k.compiled[0], !strncmp(k.compiled[0], "scripts/", 8)
			   || !strncmp(k.compiled[0], "tools/", 6) ? "a program the build compiles "
			   "and runs" : "compiled into the kernel");
		if (k.ncompiled > 1)
			buf_printf(b, " (and %zu more compiled file%s)", k.ncompiled - 1,
				   k.ncompiled == 2 ? "" : "s");
	} else if (k.nsteering) {
		rc = KBUILD_CHANGED;
		buf_printf(b, "%s changed, which steers the build", k.steering[0]);
	} else if (k.makefile && (!r->makefile_good || !r->makefile_bad)) {
		rc = KBUILD_UNKNOWN;
		buf_printf(b, "cannot tell whether compiled code changed: the top Makefile differs "
			   "and its text at the %s commit is missing", !r->makefile_good ? "good" :
			   "bad");
	} else if (k.makefile && !kbuild_makefile_version_only(r->makefile_good, r->makefile_bad,
							       &versions)) {
		rc = KBUILD_CHANGED;
		buf_adds(b, "the top Makefile changed beyond its version lines");
	} else if (r->changed_capped) {
		rc = KBUILD_CHANGED;
		buf_printf(b, "more than %zu files differ; the %zu checked hold no compiled file, "
			   "the rest may", r->nchanged, r->nchanged);
	} else {
		rc = kbuild_unchanged(&k, buf_str(&versions), b, why, whylen);
		buf_dispose(&versions);
		kbuild_kinds_dispose(&k);
		return rc;
	}
	buf_dispose(&versions);
	kbuild_kinds_dispose(&k);
	return kbuild_say(rc, b, why, whylen);
}

int kbuild_decide(const struct kbuild_range *r, char *why, size_t whylen)
{
	struct kbuild_paths src = { 0 };
	struct buf b;
	char *cause = NULL;
	int rc;

	buf_init(&b, KBUILD_WHY_MAX);
	if (!r->sources_bad || !r->config_good || !r->config_bad) {
		buf_printf(&b, "cannot tell whether compiled code changed: the %s build's %s is "
			   "missing", !r->sources_bad || !r->config_bad ? "bad" : "good",
			   !r->sources_bad ? "sources list" : ".config");
		return kbuild_say(KBUILD_UNKNOWN, &b, why, whylen);
	}
	buf_adds(&b, "the .configs differ: ");
	rc = kbuild_config_diff(r->config_good, r->config_bad, &b);
	if (rc > 0)
		return kbuild_say(KBUILD_CHANGED, &b, why, whylen);
	buf_reset(&b);
	if (rc < 0) {
		buf_adds(&b, "cannot tell whether compiled code changed: a .config is too large "
			 "or memory is out");
		return kbuild_say(KBUILD_UNKNOWN, &b, why, whylen);
	}
	if ((r->sources_good && kbuild_sources_read(&src, r->sources_good, r->sources_good_len,
						    &cause) < 0) ||
	    kbuild_sources_read(&src, r->sources_bad, r->sources_bad_len, &cause) < 0) {
		buf_printf(&b, "cannot tell whether compiled code changed: %s",
			   cause ? cause : "out of memory");
		free(cause);
		kbuild_paths_dispose(&src);
		return kbuild_say(KBUILD_UNKNOWN, &b, why, whylen);
	}
	rc = kbuild_weigh(r, &src, &b, why, whylen);
	kbuild_paths_dispose(&src);
	return rc;
}
