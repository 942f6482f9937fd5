// SPDX-License-Identifier: GPL-2.0-only
/*
 * email.c - get_maintainer.pl's handling of e-mail text in C: its
 * parse_email, format_email and escape_name, on the script's own Perl
 * expressions run by PCRE2 (which reads them as Perl does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/maint/maint.h"

/* The regular expressions of the script itself, compiled once. */
static const char *const maint_script_re[RE_N] = {
	"^([^<]+)<(.+\\@.*)>.*$",
	"^\\s*<(.+\\@\\S*)>.*$",
	"^(.+\\@\\S*).*$",
	"^([^<]+)<([^>]+)>$",
	"^<([^>]+)>\\s*<([^>]+)>$",
	"^(.+)<([^>]+)>\\s*<([^>]+)>$",
	"^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$",
};

char *maint_strndup(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* Matches re on s[0..n); 1 with the groups' offsets in ov (2 per group,
 * PCRE2_UNSET when unset), 0 when it does not match (or hits a limit). */
int maint_run(const pcre2_code *re, const char *s, size_t n, PCRE2_SIZE *ov, int nov,
		     pcre2_match_context *mctx)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int rc;

	if (!md)
		return 0;
	rc = pcre2_match(re, (PCRE2_SPTR)s, n, 0, 0, md, mctx);
	if (rc > 0 && ov) {
		PCRE2_SIZE *o = pcre2_get_ovector_pointer(md);
		int k = (int)pcre2_get_ovector_count(md) * 2;

		for (int i = 0; i < nov; i++)
			ov[i] = i < k ? o[i] : PCRE2_UNSET;
	}
	pcre2_match_data_free(md);
	return rc > 0;
}

/* A group of the last maint_run as a malloc'd string ("" when unset). */
char *maint_group(const char *s, const PCRE2_SIZE *ov, int g)
{
	if (ov[2 * g] == PCRE2_UNSET)
		return maint_strndup("", 0);
	return maint_strndup(s + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
}

pcre2_code *maint_compile(const char *pat, uint32_t opts, char **why)
{
	PCRE2_SIZE off;
	int err;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, opts, &err, &off,
				       NULL);

	if (!re && why) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(err, msg, sizeof msg);
		fail_cause(why, "%s at offset %zu", (const char *)msg, (size_t)off);
	}
	return re;
}

pcre2_code *maint_script[RE_N];

int maint_script_init(void)
{
	for (int i = 0; i < RE_N; i++)
		if (!maint_script[i] && !(maint_script[i] = maint_compile(maint_script_re[i], 0,
									  NULL)))
			return -1;
	return 0;
}

/* Trims blanks (Perl's \s) at both ends of s in place. */
void maint_trim(char *s)
{
	size_t n = strlen(s), a = 0;

	while (a < n && strchr(" \t\r\n\f\v", s[a]))
		a++;
	while (n > a && strchr(" \t\r\n\f\v", s[n - 1]))
		n--;
	memmove(s, s + a, n - a);
	s[n - a] = '\0';
}

/* s/^\"|\"$//g */
static void maint_unquote(char *s)
{
	size_t n = strlen(s);

	if (n && s[n - 1] == '"')
		s[--n] = '\0';
	if (s[0] == '"')
		memmove(s, s + 1, n);
}

/* escape_name: a name with anything but [A-Za-z0-9_ -] is quoted, its
 * unescaped '"' escaped.  Takes and returns malloc'd strings. */
static char *maint_escape_name(char *name)
{
	size_t n = strlen(name), k = 0;
	int quote = 0;
	char *out;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == ' ' || c == '-'))
			quote = 1;
	}
	if (!quote)
		return name;
	out = malloc(2 * n + 3);
	if (!out) {
		free(name);
		return NULL;
	}
	out[k++] = '"';
	for (size_t i = 0; i < n; i++) {
		if (name[i] == '"' && (i == 0 || name[i - 1] != '\\'))
			out[k++] = '\\';
		out[k++] = name[i];
	}
	out[k++] = '"';
	out[k] = '\0';
	free(name);
	return out;
}

int maint_parse_email(char **name, char **address, const char *text)
{
	PCRE2_SIZE ov[6];
	size_t n = strlen(text);

	*name = *address = NULL;
	if (maint_script_init() < 0)
		return -1;
	if (maint_run(maint_script[RE_EMAIL1], text, n, ov, 6, NULL)) {
		*name = maint_group(text, ov, 1);
		*address = maint_group(text, ov, 2);
	} else if (maint_run(maint_script[RE_EMAIL2], text, n, ov, 4, NULL) ||
		   maint_run(maint_script[RE_EMAIL3], text, n, ov, 4, NULL)) {
		*name = maint_strndup("", 0);
		*address = maint_group(text, ov, 1);
	} else {
		*name = maint_strndup("", 0);
		*address = maint_strndup("", 0);
	}
	if (!*name || !*address)
		goto fail;
	maint_trim(*name);
	maint_unquote(*name);
	maint_trim(*address);
	if (!(*name = maint_escape_name(*name)))
		goto fail;
	if (**address)
		return 0;
fail:
	free(*name);
	free(*address);
	*name = *address = NULL;
	return -1;
}

/* format_email(name, address, 1), malloc'd. */
char *maint_format(const char *name0, const char *address0)
{
	char *name = strdup(name0), *address = strdup(address0), *out = NULL;

	if (!name || !address)
		goto out;
	maint_trim(name);
	maint_unquote(name);
	if (!(name = maint_escape_name(name)))
		goto out;
	maint_trim(address);
	if (asprintf(&out, *name ? "%s <%s>" : "%s%s", *name ? name : "", address) < 0)
		out = NULL;
out:
	free(name);
	free(address);
	return out;
}

