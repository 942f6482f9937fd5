// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_kconfig.c - a build's .config as merge_config.sh makes it: a base
 * (tinyconfig, defconfig, a file), then the config file and fragments of
 * configs/kconfig/ applied over it with its warnings, and after
 * olddefconfig the symbols asked for that did not stay (runners/build.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lib/fail.h"
#include "runners/build.h"

static struct build_sym *build_kconfig_find(struct build_kconfig *k, const char *name)
{
	for (size_t i = 0; i < k->n; i++)
		if (!strcmp(k->syms[i].name, name))
			return &k->syms[i];
	return NULL;
}

void build_kconfig_dispose(struct build_kconfig *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->n; i++) {
		free(k->syms[i].name);
		free(k->syms[i].value);
		free(k->syms[i].origin);
	}
	free(k->syms);
	memset(k, 0, sizeof *k);
}

/* Splits a .config line into name and value (NULL: not set); 0 when the
 * line sets nothing. */
static int build_kconfig_line(char *line, char **name, char **value)
{
	size_t n = strcspn(line, "\r\n");

	line[n] = '\0';
	if (!strncmp(line, "CONFIG_", 7) && strchr(line, '=')) {
		*name = line;
		*value = strchr(line, '=');
		*(*value)++ = '\0';
		return 1;
	}
	if (!strncmp(line, "# CONFIG_", 9) && n > 13 && !strcmp(line + n - 11, " is not set")) {
		line[n - 11] = '\0';
		*name = line + 2;
		*value = NULL;
		return 1;
	}
	return 0;
}

static int build_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

int build_kconfig_apply(struct build_kconfig *k, const char *path, const char *origin,
			json_t *warnings, char **cause)
{
	char line[BUILD_MAX_LINE], *name, *value, *w;
	FILE *f = fopen(path, "r");
	struct build_sym *s;
	int lineno = 0;

	if (!f)
		return fail_cause(cause, "cannot read %s: %s", path, strerror(errno));
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (!build_kconfig_line(line, &name, &value))
			continue;
		if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
		    != strlen(name)) {
			fclose(f);
			return fail_cause(cause, "%s:%d: '%s' is not a config symbol", path, lineno,
					  name);
		}
		s = build_kconfig_find(k, name);
		if (s && origin && warnings && s->origin && !build_str_eq(s->value, value) &&
		    asprintf(&w, "Value of %s is redefined by fragment %s:\nPrevious value: %s%s\n"
			     "New value: %s%s", name, origin,
			     s->value ? "" : "# ", s->value ? s->value : "is not set",
			     value ? "" : "# ", value ? value : "is not set") >= 0) {
			/* merge_config.sh prints "NAME=value" or "# NAME is not set" */
			json_array_append_new(warnings, json_string(w));
			free(w);
		}
		if (!s) {
			if (k->n == k->cap) {
				size_t cap = k->cap ? k->cap * 2 : 256;
				struct build_sym *ns = realloc(k->syms, cap * sizeof *ns);

				if (!ns) {
					fclose(f);
					return fail_cause(cause, "out of memory");
				}
				k->syms = ns;
				k->cap = cap;
			}
			s = &k->syms[k->n++];
			memset(s, 0, sizeof *s);
			s->name = strdup(name);
		}
		free(s->value);
		free(s->origin);
		s->value = value ? strdup(value) : NULL;
		s->origin = origin ? strdup(origin) : NULL;
	}
	fclose(f);
	return 0;
}

int build_kconfig_write(const struct build_kconfig *k, const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	for (size_t i = 0; i < k->n; i++) {
		if (k->syms[i].value)
			fprintf(f, "%s=%s\n", k->syms[i].name, k->syms[i].value);
		else
			fprintf(f, "# %s is not set\n", k->syms[i].name);
	}
	return fclose(f) == 0 ? 0 : -1;
}

int build_kconfig_check(const struct build_kconfig *wanted, const char *final_path,
			json_t *warnings, char **cause)
{
	struct build_kconfig fin = { 0 };
	char *w;

	if (build_kconfig_apply(&fin, final_path, NULL, NULL, cause) < 0)
		return -1;
	for (size_t i = 0; i < wanted->n; i++) {
		const struct build_sym *s = &wanted->syms[i];
		struct build_sym *f;

		if (!s->origin)
			continue;       /* from the base, not asked for */
		f = build_kconfig_find(&fin, s->name);
		/* "not set" is satisfied by a symbol that is absent */
		if (build_str_eq(s->value, f ? f->value : NULL))
			continue;
		if (asprintf(&w, "Value requested for %s not in final .config\n"
			     "Requested value: %s%s%s\nActual value:    %s%s%s", s->name,
			     s->value ? s->name : "# ", s->value ? "=" : s->name,
			     s->value ? s->value : " is not set",
			     f ? (f->value ? f->name : "# ") : "",
			     f ? (f->value ? "=" : f->name) : "",
			     f ? (f->value ? f->value : " is not set") : "") >= 0) {
			json_array_append_new(warnings, json_string(w));
			free(w);
		}
	}
	build_kconfig_dispose(&fin);
	return 0;
}

int build_config_base(char *out, size_t n, const char *config_path, char **cause)
{
	char line[BUILD_MAX_LINE];
	FILE *f = fopen(config_path, "r");

	snprintf(out, n, "defconfig");
	if (!f)
		return fail_cause(cause, "cannot read %s: %s", config_path, strerror(errno));
	while (fgets(line, sizeof line, f)) {
		char *p = line + 7;
		size_t len;

		if (strncmp(line, "# base:", 7))
			continue;
		p += strspn(p, " \t");
		len = strcspn(p, " \t\r\n");
		p[len] = '\0';
		if (!len || len >= n || p[0] == '.' || p[0] == '-' || strchr(p, '/')) {
			fclose(f);
			return fail_cause(cause, "%s: the '# base:' line must name tinyconfig, "
					  "defconfig, allnoconfig or a file beside it", config_path);
		}
		snprintf(out, n, "%s", p);
		break;
	}
	fclose(f);
	return 0;
}
