// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_alert_text.c - a report's "hardware:" line (daemon/alert/
 * alert_text.c) says what the samples were taken on: the runner itself
 * for a host job; for a job in a QEMU guest, the guest's CPUs, NUMA nodes
 * and CPU model first (from the job's environment), then the runner it
 * ran inside; counts of one in the singular.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/alert/alert.h"
#include "db/db.h"
#include "lib/buf.h"
#include "tests/unit/check.h"

/* The body's "hardware: ..." line for a group with env and the runner's
 * cpus and nodes (malloc'd, without its newline). */
static char *hardware(const char *env, long long cpus, long long nodes)
{
	struct rec_change c = { .suite = "kbench", .metric = "syscall-getppid",
				.runner_class = "local-qemu", .direction = "regression",
				.good_sha = "aaaa", .bad_sha = "bbbb", .magnitude = 0.5 };
	struct db_insn insn = { 0 };
	struct db_report_group g = { .changes = { &c, 1 }, .insn = &insn, .runner = "vm-local",
				     .cpus = cpus, .numa_nodes = nodes };
	struct gitrepo_commit commit = { .sha = "bbbb", .subject = "Merge tag 'sys'",
					 .author_name = "A", .author_email = "a@example.org" };
	struct alert_report r = { .kind = "merge", .tree = "linux", .branch = "master",
				  .tree_url = "/srv/linux", .commit = &commit, .group = &g,
				  .base_url = "http://kpci.example.org", .reported_by = "" };
	struct buf b;
	const char *line, *end;
	char *out;

	g.env = json_loads(env, 0, NULL);
	g.topology = json_loads("{\"nodes\":[{\"memory_bytes\":25769803776}]}", 0, NULL);
	buf_init(&b, 1 << 20);
	alert_body(&b, &r);
	line = strstr(buf_str(&b), "\nhardware: ");
	line = line ? line + 1 : "";
	end = strchr(line, '\n');
	out = strndup(line, end ? (size_t)(end - line) : strlen(line));
	buf_dispose(&b);
	json_decref(g.env);
	json_decref(g.topology);
	return out;
}

int main(void)
{
	char *s;

	s = hardware("{\"cpu_model\":\"Xeon\",\"boot_method\":\"host\",\"kernel_release\":\"6.1\","
		     "\"numa\":[[0,1]]}", 2, 1);
	CHECK_STR(s, "hardware: 2 CPUs, 1 NUMA node, 24.0 GiB memory, Xeon (runner vm-local)");
	free(s);
	s = hardware("{\"cpu_model\":\"Xeon\",\"boot_method\":\"qemu\",\"kernel_release\":\"6.12+\","
		     "\"host_kernel_release\":\"6.1\",\"guest_cpu_model\":\"QEMU Virtual CPU\","
		     "\"numa\":[[0],[1]]}", 2, 1);
	CHECK_STR(s, "hardware: 2 CPUs, 2 NUMA nodes, QEMU Virtual CPU (a qemu guest), inside: "
		  "2 CPUs, 1 NUMA node, 24.0 GiB memory, Xeon (runner vm-local)");
	free(s);
	s = hardware("{\"cpu_model\":\"Xeon\",\"boot_method\":\"qemu\",\"host_kernel_release\":"
		     "\"6.1\",\"numa\":[[0,1,2,3],[4,5,6,7]]}", 16, 2);
	CHECK_STR(s, "hardware: 8 CPUs, 2 NUMA nodes, CPU model unknown (a qemu guest), inside: "
		  "16 CPUs, 2 NUMA nodes, 24.0 GiB memory, Xeon (runner vm-local)");
	free(s);
	s = hardware("{}", 0, 0);
	CHECK_STR(s, "hardware: 24.0 GiB memory, CPU model unknown (runner vm-local)");
	free(s);
	return check_done();
}
