/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * utf8.h - making text valid UTF-8.  Commit subjects, author names and
 * suite outputs come from outside and may be Latin-1 or plain garbage;
 * JSON (jansson) and HTML need valid UTF-8, so such text is shown with
 * each invalid byte replaced by U+FFFD rather than dropped.
 */
#ifndef KPCI_UTF8_H
#define KPCI_UTF8_H

#include <stddef.h>

/* Length in bytes of the valid UTF-8 sequence at s[0..n) (1 to 4), or 0
 * when s does not start one (overlong forms, surrogates and code points
 * above U+10FFFF are invalid). */
size_t utf8_seq(const unsigned char *s, size_t n);
/* 1 when s[0..n) is valid UTF-8 throughout (NUL bytes allowed), else 0. */
int utf8_valid(const char *s, size_t n);
/* A malloc'ed copy of s[0..n) with every byte that starts no valid
 * sequence replaced by U+FFFD; NUL-terminated, length in *outlen.
 * NULL when out of memory. */
char *utf8_repair(const char *s, size_t n, size_t *outlen);

#endif
