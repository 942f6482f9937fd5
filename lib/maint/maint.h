/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * maint.h - what the files of lib/maint/ share: the parsed MAINTAINERS,
 * PCRE2 matching with limits, and get_maintainer.pl's e-mail helpers.
 * Only the files of lib/maint/ include it (and with it pcre2.h); the rest
 * sees lib/maintainers.h.
 */
#ifndef KPCI_MAINT_INTERNAL_H
#define KPCI_MAINT_INTERNAL_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

#include "lib/maintainers.h"

#define MAINT_MATCH_LIMIT 1000000   /* PCRE2 backtracking steps of one match */
#define MAINT_DEPTH_LIMIT 10000     /* PCRE2 backtracking depth of one match */
#define MAINT_PENGUIN "Linus Torvalds <torvalds@linux-foundation.org>"

/* One "T:\tvalue" line. */
struct maint_ent {
	char type;
	char *value;            /* as written (F/X: before conversion) */
	pcre2_code *re;         /* F/X: ^converted; N/K: the value, extended */
	char *prefix;           /* F/X: literal start of the pattern */
	size_t plen;
	int literal;            /* F/X: the whole pattern is the prefix */
	int slashes;            /* F/X: '/' in the converted pattern */
	int trailing;           /* F/X: the converted pattern ends with '/' */
	int depth;              /* F: get_maintainer.pl's value_pd */
	size_t tv;              /* its index among the kept lines (K: order) */
};

struct maint_sec {
	char *title;
	size_t first, n;        /* its lines: ents[first .. first + n) */
};

/* A .mailmap rule: names{key} = value or addresses{key} = value. */
struct maint_map {
	int address;            /* 0: names, 1: addresses */
	char *key, *value;
};

struct maint {
	struct maint_ent *ents;
	size_t nents;
	struct maint_sec *secs;
	size_t nsecs;
	struct maint_map *map;
	size_t nmap;
	pcre2_match_context *mctx;
};

/* email.c: the script's regular expressions (e-mail, .mailmap lines) */
enum { RE_EMAIL1, RE_EMAIL2, RE_EMAIL3, RE_MAP1, RE_MAP2, RE_MAP3, RE_MAP4, RE_N };
extern pcre2_code *maint_script[RE_N];
/* Compiles them once; 0 or -1. */
int maint_script_init(void);
char *maint_strndup(const char *s, size_t n);
/* Matches re on s[0..n); 1 with the groups' offsets in ov (2 per group,
 * PCRE2_UNSET when unset), 0 when it does not match (or hits a limit). */
int maint_run(const pcre2_code *re, const char *s, size_t n, PCRE2_SIZE *ov, int nov,
	      pcre2_match_context *mctx);
/* A group of the last maint_run as a malloc'd string ("" when unset). */
char *maint_group(const char *s, const PCRE2_SIZE *ov, int g);
/* pcre2_compile; NULL with *why (malloc'd) naming the error. */
pcre2_code *maint_compile(const char *pat, uint32_t opts, char **why);
/* Trims blanks (Perl's \s) at both ends of s in place. */
void maint_trim(char *s);
/* format_email(name, address, 1), malloc'd. */
char *maint_format(const char *name, const char *address);

#endif
