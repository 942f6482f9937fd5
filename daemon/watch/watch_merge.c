// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_merge.c - the subsystem and source a merge commit's subject
 * names ("Merge tag 'wq-for-7.4' of git://host/tj/wq").  Subjects are
 * attacker-controlled: the parse is bounded and fuzzed
 * (tests/fuzz/fuzz_merge_subject.c, which compiles this file alone).
 */
#include <stdlib.h>
#include <string.h>

#include "daemon/watch/watch.h"
#include "daemon/watch/watch_internal.h"

/* The subsystem a tree URL names: its last path component without .git
 * and linux- ("…/git/tj/wq" -> wq, "…/axboe/linux-block.git" -> block). */
static char *watch_url_subsystem(const char *url, size_t n)
{
	const char *end = url + n, *start;
	size_t len;

	while (end > url && end[-1] == '/')
		end--;
	if (end - url > 4 && !strncmp(end - 4, ".git", 4))
		end -= 4;
	start = end;
	while (start > url && start[-1] != '/' && start[-1] != ':')
		start--;
	len = (size_t)(end - start);
	if (len == 5 && !strncmp(start, "linux", 5) && start > url + 1) {
		/* ".../maintainer/linux": the maintainer's directory says more */
		end = start - 1;
		start = end;
		while (start > url && start[-1] != '/' && start[-1] != ':')
			start--;
		len = (size_t)(end - start);
	} else if (len > 6 && !strncmp(start, "linux-", 6)) {
		start += 6;
		len -= 6;
	}
	return len ? strndup(start, len < WATCH_MAX_SUBSYSTEM ? len : WATCH_MAX_SUBSYSTEM) : NULL;
}

/* The subsystem a tag or branch name names: the part after the last '/',
 * cut before a version, date or "-for-" ("wq-for-7.4" -> wq); NULL when
 * nothing is left ("for-linus"). */
static char *watch_name_subsystem(const char *name, size_t n)
{
	const char *slash = memrchr(name, '/', n);
	size_t i;

	if (slash) {            /* "for-6.13/block-…" -> block; "spi/for-next" -> spi */
		char *after = watch_name_subsystem(slash + 1, n - (size_t)(slash + 1 - name));

		return after ? after : watch_name_subsystem(name, (size_t)(slash - name));
	}
	for (i = 0; i < n; i++) {
		const char *r = name + i;
		size_t left = n - i;

		if (left >= 4 && (!strncmp(r, "for-", 4) || !strncmp(r, "for_", 4)) &&
		    (i == 0 || r[-1] == '-' || r[-1] == '_'))
			break;
		if ((*r == '-' || *r == '_') && left >= 2 &&
		    ((r[1] >= '0' && r[1] <= '9') ||
		     (r[1] == 'v' && left >= 3 && r[2] >= '0' && r[2] <= '9')))
			break;
	}
	while (i > 0 && (name[i - 1] == '-' || name[i - 1] == '_'))
		i--;
	return i ? strndup(name, i < WATCH_MAX_SUBSYSTEM ? i : WATCH_MAX_SUBSYSTEM) : NULL;
}

int watch_merge_subject(char **subsystem, char **source, const char *subject)
{
	static const char *const kinds[] = { "tag ", "tags ", "branch ", "branches ", NULL };
	const char *p = subject, *name = NULL, *src = NULL;
	size_t name_len = 0, src_len = 0;

	*subsystem = *source = NULL;
	if (!p || strncmp(p, "Merge ", 6))
		return -1;
	p += 6;
	if (!strncmp(p, "remote-tracking ", 16))
		p += 16;
	for (int i = 0; kinds[i]; i++) {
		size_t kl = strlen(kinds[i]);
		const char *close;

		if (strncmp(p, kinds[i], kl) || (p[kl] != '\'' && p[kl] != '"'))
			continue;
		close = strchr(p + kl + 1, p[kl]);
		if (!close)
			return -1;
		name = p + kl + 1;
		name_len = (size_t)(close - name);
		p = close + 1;
		break;
	}
	if (name) {
		if (!strncmp(p, " of ", 4)) {
			src = p + 4;
			src_len = strcspn(src, " \t");
		} else if (!strncmp(p, " (", 2) && strchr(p + 2, ')')) {
			src = p + 2;
			src_len = (size_t)(strchr(src, ')') - src);
		}
	} else if (strstr(p, "://") && strcspn(p, " \t") > 0) {
		src = p;                /* "Merge git://host/path" (older kernels) */
		src_len = strcspn(src, " \t");
	} else {
		return -1;
	}
	if (name && name_len)
		*subsystem = watch_name_subsystem(name, name_len);
	if (!*subsystem && src && src_len)
		*subsystem = watch_url_subsystem(src, src_len);
	if (!*subsystem && name && name_len)
		*subsystem = strndup(name, name_len < WATCH_MAX_SUBSYSTEM ? name_len :
				     WATCH_MAX_SUBSYSTEM);
	if (src && src_len)
		*source = strndup(src, src_len < WATCH_MAX_SOURCE ? src_len : WATCH_MAX_SOURCE);
	if (!*subsystem) {
		free(*source);
		*source = NULL;
		return -1;
	}
	return 0;
}
