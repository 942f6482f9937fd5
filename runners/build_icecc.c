// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_icecc.c - the icecream side of a kernel build (build_icecc.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/spawn.h"
#include "runners/build_icecc.h"

extern char **environ;

#define ICECC_PROBE_TIMEOUT 10       /* seconds icecc --version may take */
#define ICECC_MAX_OUT       4096

/* 1 when an AF_UNIX stream socket at path accepts a connection. */
static int icecc_socket_answers(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd, ok;

	if (!path || strlen(path) >= sizeof sa.sun_path)
		return 0;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return 0;
	ok = connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
	close(fd);
	return ok;
}

/* The value of NAME in env (NAME=VALUE strings), or NULL. */
static const char *icecc_getenv(char *const *env, const char *name)
{
	size_t n = strlen(name);

	for (; env && *env; env++)
		if (!strncmp(*env, name, n) && (*env)[n] == '=')
			return *env + n + 1;
	return NULL;
}

/* Where icecc finds the local daemon, as icecc 1.4 looks: ICECC_TEST_SOCKET,
 * then root's /var/run/icecc/iceccd.socket, then $HOME/.iceccd.socket. */
static int icecc_daemon_answers(char *const *env, char *where, size_t n)
{
	const char *test = icecc_getenv(env, "ICECC_TEST_SOCKET"), *home = getenv("HOME");
	char path[512];

	if (test) {
		snprintf(where, n, "%s", test);
		return icecc_socket_answers(test);
	}
	snprintf(where, n, "/var/run/icecc/iceccd.socket");
	if (icecc_socket_answers(where) || icecc_socket_answers("/var/run/iceccd.socket"))
		return 1;
	if (home && (size_t)snprintf(path, sizeof path, "%s/.iceccd.socket", home) < sizeof path &&
	    icecc_socket_answers(path))
		return 1;
	return 0;
}

/* Appends entry (taken) to the NULL-terminated array *v of *n; -1 (entry
 * freed) when out of memory. */
static int icecc_push_entry(char ***v, size_t *n, char *entry)
{
	char **nv = entry ? realloc(*v, (*n + 2) * sizeof **v) : NULL;

	if (!nv) {
		free(entry);
		return -1;
	}
	*v = nv;
	nv[(*n)++] = entry;
	nv[*n] = NULL;
	return 0;
}

/* Appends "NAME=VALUE". */
static int icecc_push(char ***v, size_t *n, const char *name, const char *value)
{
	char *s = NULL;

	if (asprintf(&s, "%s=%s", name, value) < 0)
		s = NULL;
	return icecc_push_entry(v, n, s);
}

static void icecc_env_free(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

/* 1 when entry (NAME=VALUE) names one of set: NAME=VALUE (set) or NAME
 * alone (removed). */
static int icecc_overridden(const char *entry, char *const *set)
{
	size_t n = strcspn(entry, "=");

	for (; set && *set; set++)
		if (!strncmp(*set, entry, n) && ((*set)[n] == '=' || !(*set)[n]))
			return 1;
	return 0;
}

/* The build's environment: the runner's, then ours over it (a NAME
 * without '=' in ours removes it); NULL when out of memory. */
static char **icecc_env_make(char *const *ours)
{
	char **v = calloc(1, sizeof *v);
	size_t n = 0;

	for (char **e = environ; v && e && *e; e++)
		if (strchr(*e, '=') && !icecc_overridden(*e, ours) &&
		    icecc_push_entry(&v, &n, strdup(*e)) < 0)
			goto fail;
	for (; v && ours && *ours; ours++)
		if (strchr(*ours, '=') && icecc_push_entry(&v, &n, strdup(*ours)) < 0)
			goto fail;
	return v;
fail:
	icecc_env_free(v);
	return NULL;
}

/* Parses icecc_env into ours (NAME=VALUE, names ICECC_*); -1 with *cause. */
static int icecc_parse_env(char ***ours, size_t *n, const char *text, char **cause)
{
	char *copy = strdup(text ? text : ""), *p = copy, *tok;
	int rc = 0;

	while (rc == 0 && copy && (tok = strsep(&p, " \t"))) {
		size_t k = strcspn(tok, "=");
		char name[128];

		if (!*tok)
			continue;
		if (strncmp(tok, "ICECC_", 6) || !tok[k] || k >= sizeof name ||
		    strspn(tok, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != k || *n >= ICECC_MAX_ENV) {
			rc = fail_cause(cause, "[build] icecc_env: '%s' is not an ICECC_NAME=VALUE "
					"setting", tok);
			break;
		}
		snprintf(name, sizeof name, "%.*s", (int)k, tok);
		rc = icecc_push(ours, n, name, tok + k + 1);
	}
	free(copy);
	return copy ? rc : fail_cause(cause, "out of memory");
}

/* icecc --version's number into p->version; 0, or -1 when icecc is not there. */
static int icecc_version(struct icecc_plan *p)
{
	char out[] = "/tmp/kpci-icecc-version.XXXXXX";
	char *argv[] = { "icecc", "--version", NULL }, *cause = NULL, text[ICECC_MAX_OUT] = "";
	int fd = mkstemp(out);
	ssize_t len;
	char *v;

	if (fd < 0)
		return -1;
	if (spawn_run(argv, out, ICECC_PROBE_TIMEOUT, &cause) < 0) {
		free(cause);
		unlink(out);
		close(fd);
		return -1;
	}
	len = read(fd, text, sizeof text - 1);
	close(fd);
	unlink(out);
	text[len > 0 ? len : 0] = '\0';
	v = strstr(text, "ICECC ");          /* "ICECC 1.4.0" */
	if (!v)
		return -1;
	v += 6;
	snprintf(p->version, sizeof p->version, "%.*s", (int)strcspn(v, " \r\n"), v);
	return 0;
}

int icecc_plan(struct icecc_plan *p, char *cc, size_t n, const struct rconfig *cfg,
	       int ccache, char **cause)
{
	const char *compiler = cfg->build_cc;
	char **ours = NULL, where[512];
	size_t nours = 0;

	memset(p, 0, sizeof *p);
	/* cc = "icecc gcc" is [build] icecc with cc = gcc */
	if (!strncmp(compiler, "icecc ", 6)) {
		p->configured = 1;
		compiler += 6 + strspn(compiler + 6, " \t");
	}
	p->configured |= cfg->build_icecc;
	if (!p->configured) {
		snprintf(cc, n, "%s%s", ccache ? "ccache " : "", compiler);
		return 0;
	}
	if (icecc_parse_env(&ours, &nours, cfg->build_icecc_env, cause) < 0) {
		icecc_env_free(ours);
		return -1;
	}
	if (ccache && icecc_push(&ours, &nours, "CCACHE_PREFIX", "icecc") < 0) {
		icecc_env_free(ours);
		return fail_cause(cause, "out of memory");
	}
	snprintf(cc, n, "%s %s", ccache ? "ccache" : "icecc", compiler);
	p->env = icecc_env_make(ours);
	/* ICECC=no: icecc runs the compiler itself; icecream's test socket
	 * (its own test set-up's) would make it ask the daemon all the same */
	for (size_t i = 0; i < nours; i++)
		if (!strncmp(ours[i], "ICECC_TEST_SOCKET=", 18))
			ours[i][strcspn(ours[i], "=")] = '\0';
	if (icecc_push(&ours, &nours, "ICECC", "no") == 0)
		p->local_env = icecc_env_make(ours);
	icecc_env_free(ours);
	if (!p->env || !p->local_env)
		return fail_cause(cause, "out of memory");
	if (icecc_version(p) < 0) {
		/* no icecc: the compiler alone, in the runner's environment */
		snprintf(p->why, sizeof p->why, "icecc is not installed (apt-get install icecc); "
			 "built locally");
		snprintf(cc, n, "%s%s", ccache ? "ccache " : "", compiler);
		icecc_env_free(p->env);
		icecc_env_free(p->local_env);
		p->env = p->local_env = NULL;
		return 0;
	}
	if (!icecc_daemon_answers(p->env, where, sizeof where)) {
		snprintf(p->why, sizeof p->why, "no icecream daemon answers at %s; built locally",
			 where);
		return 0;
	}
	p->use = 1;
	return 0;
}

json_t *icecc_record(const struct icecc_plan *p)
{
	if (!p->configured)
		return NULL;
	return json_pack("{s:s, s:s?, s:b, s:s?}", "tool", "icecc",
			 "version", p->version[0] ? p->version : NULL, "used", p->use,
			 "fallback", p->why[0] ? p->why : NULL);
}

void icecc_plan_dispose(struct icecc_plan *p)
{
	if (!p)
		return;
	icecc_env_free(p->env);
	icecc_env_free(p->local_env);
	memset(p, 0, sizeof *p);
}
