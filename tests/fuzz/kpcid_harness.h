/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kpcid_harness.h - kpcid's HTTP server in a fuzzer's process (see
 * kpcid_harness.c).
 */
#ifndef KPCI_FUZZ_KPCID_HARNESS_H
#define KPCI_FUZZ_KPCID_HARNESS_H

#include <stddef.h>

enum harness_role { HARNESS_NONE, HARNESS_ADMIN, HARNESS_RUNNER, HARNESS_READ };

/* Starts the server with a small database; 0 or -1. */
int kpcid_harness_start(void);
/* Sends METHOD TARGET with body (Content-Length: body_len) and the role's
 * token; the answer's status, 0 when the connection broke.  target is sent
 * as given (the caller keeps CR, LF and spaces out of it). */
int kpcid_harness_request(const char *method, const char *target, size_t target_len,
			  enum harness_role role, const char *body, size_t body_len);
/* The token of a role, NULL for none. */
const char *kpcid_harness_token(enum harness_role role);

#endif
