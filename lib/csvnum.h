/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * csvnum.h - the small text helpers behind kpci's offline tools (kpci
 * detect, kpci compare): trimming a token, reading a finite number, and
 * splitting a CSV line by commas (no quoted commas: sample files are
 * numbers and metric names).
 */
#ifndef KPCI_CSVNUM_H
#define KPCI_CSVNUM_H

#include <stddef.h>

/* Trims spaces and one pair of double quotes around tok[0..*len);
 * returns the new start and shortens *len. */
const char *csvnum_trim(const char *tok, size_t *len);
/* Parses tok[0..len) (trimmed) as a finite number: 0, or -1. */
int csvnum_number(double *out, const char *tok, size_t len);
/* Field col of line[0..len) as pointer and length: 0, or -1 when the
 * line has fewer fields. */
int csvnum_field(const char **f, size_t *flen, const char *line, size_t len, long col);
/* Index of the header field called name (case-insensitive), or -1. */
long csvnum_column(const char *line, size_t len, const char *name);

#endif
