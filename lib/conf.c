// SPDX-License-Identifier: GPL-2.0-only
/*
 * conf.c - INI files through libinih, checked against the key tables.
 *
 * libinih does the lexing; this file counts lines (inih's own line numbers
 * are a build option Debian leaves off), finds each key in its table,
 * converts and bounds-checks the value and collects every error.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "lib/conf.h"
#include "lib/fail.h"

/* libinih reads lines into a buffer of this size (INI_MAX_LINE). */
#define CONF_MAX_LINE 200

struct conf_parse {
	void *obj;
	const struct conf_section *secs;
	const char *path;
	FILE *f;
	int line;
	struct buf *errs;
	int nerrs;
	char cur_section[CONF_MAX_LINE];
	const struct conf_section *sec;  /* section of cur_section, or NULL */
	void *inst;                      /* where its keys go */
	int content;                     /* lines other than blanks and comments */
};

static void conf_error(struct conf_parse *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void conf_error(struct conf_parse *p, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	buf_printf(p->errs, "%s:%d: %s\n", p->path, p->line, msg);
	p->nerrs++;
}

static char **conf_strp(void *base, const struct conf_key *k)
{
	return (char **)((char *)base + k->offset);
}

static int conf_has_ctl(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

int conf_parse_hostport(char **host, int *port, const char *text)
{
	const char *colon, *h = text, *hend;
	char *end;
	long v;

	if (text[0] == '[') {
		hend = strchr(text, ']');
		if (!hend || hend[1] != ':')
			return -1;
		h = text + 1;
		colon = hend + 1;
	} else {
		colon = strrchr(text, ':');
		if (!colon || memchr(text, ':', (size_t)(colon - text)))
			return -1;
		hend = colon;
	}
	if (hend == h || !colon[1])
		return -1;
	errno = 0;
	v = strtol(colon + 1, &end, 10);
	if (errno || *end || v < 0 || v > 65535 || !isdigit((unsigned char)colon[1]))
		return -1;
	if (host) {
		*host = strndup(h, (size_t)(hend - h));
		if (!*host)
			return -1;
	}
	if (port)
		*port = (int)v;
	return 0;
}

static int conf_url_ok(const char *v, int git)
{
	const char *rest;

	if (!strncmp(v, "https://", 8))
		rest = v + 8;
	else if (!strncmp(v, "http://", 7))
		rest = v + 7;
	else if (git && !strncmp(v, "git://", 6))
		rest = v + 6;
	else if (git && !strncmp(v, "file://", 7))
		return v[7] == '/';
	else if (git && v[0] == '/')
		return 1;
	else
		return 0;
	if (!*rest || *rest == '/' || strchr(v, ' '))
		return 0;
	return 1;
}

static int conf_choice_ok(const char *choices, const char *v)
{
	size_t n = strlen(v);
	const char *p = choices;

	while (*p) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len == n && !strncmp(p, v, n))
			return 1;
		if (!bar)
			break;
		p = bar + 1;
	}
	return 0;
}

/*
 * Converts value for key k into base.  On error returns -1 with a
 * sentence in msg (without the location).
 */
static int conf_store(void *base, const struct conf_key *k, const char *value,
		      char *msg, size_t msgsz)
{
	char *end, *copy;
	long long v;

	if (conf_has_ctl(value)) {
		snprintf(msg, msgsz, "control characters are not allowed in the value");
		return -1;
	}
	switch (k->type) {
	case CONF_INT:
		errno = 0;
		v = strtoll(value, &end, 10);
		if (!*value || *end || errno) {
			snprintf(msg, msgsz, "'%s' is not an integer", value);
			return -1;
		}
		if (v < k->min || v > k->max) {
			snprintf(msg, msgsz, "%lld is out of range %lld..%lld",
				 v, k->min, k->max);
			return -1;
		}
		*(long long *)((char *)base + k->offset) = v;
		return 0;
	case CONF_BOOL:
		if (!strcmp(value, "true") || !strcmp(value, "yes") ||
		    !strcmp(value, "on") || !strcmp(value, "1"))
			*(int *)((char *)base + k->offset) = 1;
		else if (!strcmp(value, "false") || !strcmp(value, "no") ||
			 !strcmp(value, "off") || !strcmp(value, "0"))
			*(int *)((char *)base + k->offset) = 0;
		else {
			snprintf(msg, msgsz, "'%s' is not a boolean (true or false)", value);
			return -1;
		}
		return 0;
	case CONF_ENUM:
		if (!conf_choice_ok(k->choices, value)) {
			snprintf(msg, msgsz, "'%s' is not one of %s", value, k->choices);
			return -1;
		}
		break;
	case CONF_HOSTPORT:
		if (conf_parse_hostport(NULL, NULL, value) < 0) {
			snprintf(msg, msgsz, "'%s' is not HOST:PORT", value);
			return -1;
		}
		break;
	case CONF_URL:
	case CONF_GITURL:
		if (!conf_url_ok(value, k->type == CONF_GITURL)) {
			snprintf(msg, msgsz, "'%s' is not a valid %s", value,
				 k->type == CONF_URL ? "http:// or https:// URL" :
				 "git URL (https://, git://, file:// or an absolute path)");
			return -1;
		}
		break;
	case CONF_STR:
		break;
	}
	copy = strdup(value);
	if (!copy) {
		snprintf(msg, msgsz, "out of memory");
		return -1;
	}
	free(*conf_strp(base, k));
	*conf_strp(base, k) = copy;
	return 0;
}

static const struct conf_key *conf_key_find(const struct conf_key *keys,
					    const char *name)
{
	for (; keys->name; keys++)
		if (!strcmp(keys->name, name))
			return keys;
	return NULL;
}

static const struct conf_section *conf_section_find(const struct conf_section *secs,
						    const char *name, size_t len)
{
	for (; secs->name; secs++)
		if (strlen(secs->name) == len && !strncmp(secs->name, name, len))
			return secs;
	return NULL;
}

int conf_defaults_keys(void *inst, const struct conf_key *keys)
{
	char msg[256];

	for (; keys->name; keys++) {
		if (keys->type != CONF_INT && keys->type != CONF_BOOL) {
			free(*conf_strp(inst, keys));
			*conf_strp(inst, keys) = NULL;
		}
		if (keys->def && conf_store(inst, keys, keys->def, msg, sizeof msg) < 0)
			return -1;
	}
	return 0;
}

int conf_defaults(void *obj, const struct conf_section *secs)
{
	for (; secs->name; secs++)
		if (!secs->named && conf_defaults_keys(obj, secs->keys) < 0)
			return -1;
	return 0;
}

/* Enters "[name]" or "[name arg]"; errors leave p->sec NULL. */
static void conf_enter_section(struct conf_parse *p, const char *section)
{
	const char *sp = strchr(section, ' ');
	size_t len = sp ? (size_t)(sp - section) : strlen(section);
	const char *arg = sp ? sp + 1 : NULL;
	char *cause = NULL;

	snprintf(p->cur_section, sizeof p->cur_section, "%s", section);
	p->inst = NULL;
	p->sec = conf_section_find(p->secs, section, len);
	if (!p->sec) {
		conf_error(p, "unknown section [%s]", section);
		return;
	}
	if (p->sec->named && (!arg || !*arg)) {
		conf_error(p, "section [%s] needs a name: [%s NAME]", section, p->sec->name);
		p->sec = NULL;
		return;
	}
	if (!p->sec->named && arg) {
		conf_error(p, "section [%s] takes no name", p->sec->name);
		p->sec = NULL;
		return;
	}
	if (!p->sec->named) {
		p->inst = p->obj;
		return;
	}
	p->inst = p->sec->instance(p->obj, arg, &cause);
	if (!p->inst) {
		conf_error(p, "[%s]: %s", section, cause ? cause : "refused");
		p->sec = NULL;
	}
	free(cause);
}

static int conf_handler(void *user, const char *section, const char *name,
			const char *value)
{
	struct conf_parse *p = user;
	const struct conf_key *k;
	char msg[400];

	if (!section[0]) {
		conf_error(p, "'%s' is outside any [section]", name);
		return 1;
	}
	if (strcmp(section, p->cur_section))
		conf_enter_section(p, section);
	if (!p->sec)
		return 1;       /* the section's error is already reported */
	k = conf_key_find(p->sec->keys, name);
	if (!k) {
		conf_error(p, "unknown key '%s' in section [%s]", name, p->sec->name);
		return 1;
	}
	if (conf_store(p->inst, k, value, msg, sizeof msg) < 0)
		conf_error(p, "%s.%s: %s", p->sec->name, name, msg);
	return 1;
}

/* fgets for libinih that counts lines and reports lines it would cut. */
static char *conf_reader(char *str, int num, void *stream)
{
	struct conf_parse *p = stream;
	size_t len;
	int c;

	if (!fgets(str, num, p->f))
		return NULL;
	p->line++;
	len = strlen(str);
	if (len && str[len - 1] != '\n' && !feof(p->f)) {
		conf_error(p, "line is longer than %d characters", num - 2);
		while ((c = fgetc(p->f)) != EOF && c != '\n')
			;
		str[0] = '\n';  /* hand inih an empty line instead */
		str[1] = '\0';
	}
	if (!strchr("#;\n", str[strspn(str, " \t\r")]))
		p->content++;
	return str;
}

int conf_load(void *obj, const struct conf_section *secs, const char *path,
	      struct buf *errs)
{
	struct conf_parse p = {
		.obj = obj, .secs = secs, .path = path, .errs = errs,
	};
	int rc;

	p.f = fopen(path, "r");
	if (!p.f) {
		buf_printf(errs, "%s: cannot open: %s\n", path, strerror(errno));
		return 1;
	}
	p.cur_section[0] = '\0';
	rc = ini_parse_stream(conf_reader, &p, conf_handler, &p);
	fclose(p.f);
	if (rc > 0) {
		/* conf_handler never fails, so this is inih's own syntax error. */
		p.line = rc;
		conf_error(&p, "syntax error: expected [section] or key = value");
	} else if (rc < 0) {
		p.line = 0;
		conf_error(&p, "cannot read the file");
	} else if (!p.content) {
		/* a file emptied by accident must not stand for "all defaults" */
		p.line = 0;
		conf_error(&p, "the file is empty (no section, no key); without a file the "
			   "defaults apply");
	}
	return p.nerrs;
}

int conf_set(void *obj, const struct conf_section *secs, const char *section,
	     const char *key, const char *value, char **cause)
{
	const struct conf_section *s = conf_section_find(secs, section, strlen(section));
	const struct conf_key *k = s && !s->named ? conf_key_find(s->keys, key) : NULL;
	char msg[400];

	if (!k) {
		fail_cause(cause, "unknown key %s.%s", section, key);
		return -1;
	}
	if (conf_store(obj, k, value, msg, sizeof msg) < 0) {
		fail_cause(cause, "%s.%s: %s", section, key, msg);
		return -1;
	}
	return 0;
}

static int conf_key_equal(const void *a, const void *b, const struct conf_key *k)
{
	const char *sa, *sb;

	switch (k->type) {
	case CONF_INT:
		return *(const long long *)((const char *)a + k->offset) ==
		       *(const long long *)((const char *)b + k->offset);
	case CONF_BOOL:
		return *(const int *)((const char *)a + k->offset) ==
		       *(const int *)((const char *)b + k->offset);
	default:
		sa = *(char *const *)((const char *)a + k->offset);
		sb = *(char *const *)((const char *)b + k->offset);
		return (!sa && !sb) || (sa && sb && !strcmp(sa, sb));
	}
}

void conf_apply_reloadable(void *cur, const void *fresh,
			   const struct conf_section *secs, struct buf *ignored)
{
	for (; secs->name; secs++) {
		if (secs->named)
			continue;
		for (const struct conf_key *k = secs->keys; k->name; k++) {
			if (conf_key_equal(cur, fresh, k))
				continue;
			if (!k->reloadable) {
				buf_printf(ignored, " %s.%s", secs->name, k->name);
				continue;
			}
			if (k->type == CONF_INT)
				*(long long *)((char *)cur + k->offset) =
					*(const long long *)((const char *)fresh + k->offset);
			else if (k->type == CONF_BOOL)
				*(int *)((char *)cur + k->offset) =
					*(const int *)((const char *)fresh + k->offset);
			else {
				const char *v = *(char *const *)((const char *)fresh + k->offset);
				char *copy = v ? strdup(v) : NULL;

				if (v && !copy)
					continue;
				free(*conf_strp(cur, k));
				*conf_strp(cur, k) = copy;
			}
		}
	}
}

void conf_dispose_keys(void *inst, const struct conf_key *keys)
{
	if (!inst)
		return;
	for (; keys->name; keys++) {
		if (keys->type == CONF_INT || keys->type == CONF_BOOL)
			continue;
		free(*conf_strp(inst, keys));
		*conf_strp(inst, keys) = NULL;
	}
}

void conf_dispose(void *obj, const struct conf_section *secs)
{
	if (!obj)
		return;
	for (; secs->name; secs++)
		if (!secs->named)
			conf_dispose_keys(obj, secs->keys);
}

int conf_read_secret(char **out, const char *key, const char *path, char **cause)
{
	char line[CONF_MAX_SECRET + 2];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return fail_cause(cause, "%s '%s' %s", key, path, strerror(errno));
	if (!fgets(line, sizeof line, f)) {
		fclose(f);
		return fail_cause(cause, "%s '%s' is empty", key, path);
	}
	fclose(f);
	n = strcspn(line, "\r\n");
	line[n] = '\0';
	if (!n || n > CONF_MAX_SECRET)
		return fail_cause(cause, "%s '%s' does not hold a token on its first line",
				  key, path);
	free(*out);
	*out = strdup(line);
	return *out ? 0 : -1;
}
