// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite.c - the table of suites this runner knows.
 */
#include <string.h>

#include "runners/suite.h"

static const struct suite suites[] = {
	{ "kbench", "kpci's microbenchmarks: syscalls, IPC, fork, faults, NUMA memory",
	  kbench_run },
	{ "boot", "boot phases from the kernel log (configs/suites/boot.ini markers)",
	  shost_boot_run },
	{ "wq-flush", "flush_workqueue() throughput (runners/guest/wq_flush module)",
	  shost_wq_flush_run },
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
	return "kbench, boot, wq-flush, and the suite files of [suites] dir";
}
