// SPDX-License-Identifier: GPL-2.0-only
/*
 * env.c - read the comparability facts from /proc and /sys.
 * Missing files give "unknown", never an error: containers hide some.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "runners/env.h"
#include "runners/suite_parse.h"

#define ENV_MAX_LINE 4096
#define ENV_MAX_NOTES 65536

/* First line of path without its newline, or "unknown". */
static void env_read_line(char *out, size_t n, const char *path)
{
	FILE *f = fopen(path, "r");

	snprintf(out, n, "unknown");
	if (!f)
		return;
	if (fgets(out, (int)n, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* The value of the first "key\t: value" line of /proc/cpuinfo. */
static void env_cpuinfo(char *out, size_t n, const char *key)
{
	char line[ENV_MAX_LINE];
	size_t klen = strlen(key);
	FILE *f = fopen("/proc/cpuinfo", "r");

	snprintf(out, n, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, key, klen) || !colon || !strchr(" \t", line[klen]))
			continue;
		colon++;
		colon += strspn(colon, " ");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(out, n, "%s", colon);
		break;
	}
	fclose(f);
}

/* "[madvise]" style files: the bracketed choice. */
static void env_bracketed(char *out, size_t n, const char *path)
{
	char line[ENV_MAX_LINE], *l, *r;

	env_read_line(line, sizeof line, path);
	l = strchr(line, '[');
	r = l ? strchr(l, ']') : NULL;
	if (l && r) {
		*r = '\0';
		snprintf(out, n, "%s", l + 1);
	} else {
		snprintf(out, n, "%s", line);
	}
}

/* [[0,1],[2,3]]: the CPUs of each NUMA node. */
static json_t *env_numa(const json_t *topology)
{
	const json_t *nodes = json_object_get(topology, "nodes"), *node;
	json_t *layout = json_array();
	size_t i;

	json_array_foreach(nodes, i, node)
		json_array_append_new(layout, json_deep_copy(json_object_get(node, "cpus")));
	return layout;
}

int env_build_id(char *out, size_t n)
{
	unsigned char notes[ENV_MAX_NOTES];
	FILE *f = fopen("/sys/kernel/notes", "rb");
	size_t len;

	if (!f)
		return -1;
	len = fread(notes, 1, sizeof notes, f);
	fclose(f);
	return sparse_build_id(out, n, notes, len);
}

json_t *env_collect(const char *boot_method, const char *accel, const json_t *topology)
{
	char cmdline[ENV_MAX_LINE], model[256], microcode[64], governor[64], thp[64];
	char build_id[128];
	struct utsname u;
	json_t *env;

	uname(&u);
	env_read_line(cmdline, sizeof cmdline, "/proc/cmdline");
	env_cpuinfo(model, sizeof model, "model name");
	env_cpuinfo(microcode, sizeof microcode, "microcode");
	env_read_line(governor, sizeof governor,
		      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
	env_bracketed(thp, sizeof thp, "/sys/kernel/mm/transparent_hugepage/enabled");
	env = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:s, s:s}",
			 "kernel_release", u.release, "kernel_version", u.version,
			 "cmdline", cmdline, "cpu_model", model, "microcode", microcode,
			 "numa", env_numa(topology), "governor", governor, "thp", thp,
			 "boot_method", boot_method, "accel", accel);
	if (env_build_id(build_id, sizeof build_id) < 0)
		snprintf(build_id, sizeof build_id, "unknown");
	json_object_set_new(env, "build_id", json_string(build_id));
	return env;
}
