/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * conf.h - table-driven INI configuration on top of libinih.
 *
 * Each program declares its keys once, in a table of struct conf_key
 * grouped into struct conf_section: name, type, default, bounds, whether a
 * reload (SIGHUP) may change it, and a line of help.  Values are stored
 * straight into the program's config struct at `offset`:
 *   CONF_INT  -> long long      CONF_BOOL -> int
 *   all other -> char * (malloc'd, owned by the struct; NULL when unset)
 * Every error names file:line, the section.key and what is wrong.
 */
#ifndef KPCI_CONF_H
#define KPCI_CONF_H

#include <stddef.h>

#include "lib/buf.h"

enum conf_type {
	CONF_STR,       /* any text without control characters */
	CONF_INT,       /* decimal integer within [min, max] */
	CONF_BOOL,      /* true/false, yes/no, on/off, 1/0 */
	CONF_ENUM,      /* one of `choices`, "a|b|c" */
	CONF_HOSTPORT,  /* HOST:PORT or [IPV6]:PORT, port 0..65535 */
	CONF_URL,       /* http:// or https:// URL */
	CONF_GITURL,    /* git remote: https://, http://, git://, file:// or a path */
};

struct conf_key {
	const char *name;
	enum conf_type type;
	size_t offset;
	const char *def;        /* default, as it would be written; NULL: unset */
	long long min, max;     /* CONF_INT bounds */
	const char *choices;    /* CONF_ENUM */
	int reloadable;
	const char *help;
};

struct conf_section {
	const char *name;
	int named;              /* 1: repeated "[name ARG]" sections */
	const struct conf_key *keys;
	/*
	 * For named sections: return the struct that holds the keys of
	 * "[name arg]", creating it (with conf_defaults_keys applied) on first
	 * use; NULL with *cause set (malloc'd) to refuse the name.
	 */
	void *(*instance)(void *obj, const char *arg, char **cause);
};

/* Sets every key of the unnamed sections to its default.  0 or -1 (OOM). */
int conf_defaults(void *obj, const struct conf_section *secs);
int conf_defaults_keys(void *inst, const struct conf_key *keys);

/*
 * Reads path into obj (defaults already applied).  Each error is appended
 * to errs as one line "path:line: message".  Returns the number of errors.
 */
int conf_load(void *obj, const struct conf_section *secs, const char *path,
	      struct buf *errs);

/* Sets section.key of an unnamed section from text (command-line flags). */
int conf_set(void *obj, const struct conf_section *secs, const char *section,
	     const char *key, const char *value, char **cause);

/*
 * Moves the reloadable keys of fresh into cur; names each non-reloadable
 * key whose value differs in `ignored` (" section.key" each).
 */
void conf_apply_reloadable(void *cur, const void *fresh,
			   const struct conf_section *secs, struct buf *ignored);

/* Frees the strings of the unnamed sections, or of one key table. */
void conf_dispose(void *obj, const struct conf_section *secs);
void conf_dispose_keys(void *inst, const struct conf_key *keys);

#define CONF_MAX_SECRET 256          /* bytes of a token read from a file */

/*
 * Reads the secret on the first line of path (a token file) into *out
 * (malloc'd, replacing what it held); key names the setting in errors
 * ("token_file '/etc/kpci/t' is empty").  0, or -1 with *cause.
 */
int conf_read_secret(char **out, const char *key, const char *path, char **cause);

/* Parses "host:port" / "[v6]:port" into host (malloc'd) and port. */
int conf_parse_hostport(char **host, int *port, const char *text);

#endif
