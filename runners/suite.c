/*
 * suite.c - the table of suites this runner knows.
 */
#include <string.h>

#include "runners/suite.h"

static const struct suite suites[] = {
	{ "kbench", "kpci's microbenchmarks: getppid() syscall, pipe ping-pong",
	  kbench_run },
	{ NULL },
};

const struct suite *suite_find(const char *name)
{
	for (const struct suite *s = suites; s->name; s++)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

const char *suite_names(void)
{
	return "kbench";
}
