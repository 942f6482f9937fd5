// SPDX-License-Identifier: GPL-2.0-only
/*
 * topology.c - the machine's NUMA layout through hwloc.
 *
 * A machine without NUMA information is reported as one node holding all
 * CPUs and all memory, as hwloc itself presents it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>

#include <hwloc.h>

#include "lib/fail.h"
#include "runners/topology.h"

static json_t *topo_cpus(hwloc_const_cpuset_t set)
{
	json_t *cpus = json_array();
	int i;

	hwloc_bitmap_foreach_begin(i, set)
		json_array_append_new(cpus, json_integer(i));
	hwloc_bitmap_foreach_end();
	return cpus;
}

json_t *topo_collect(char **cause)
{
	hwloc_topology_t topo;
	json_t *out, *nodes;
	struct utsname u;
	const char *model = NULL;
	hwloc_obj_t obj;
	int n;

	if (hwloc_topology_init(&topo) < 0 || hwloc_topology_load(topo) < 0) {
		fail_cause(cause, "hwloc cannot read this machine's topology");
		return NULL;
	}
	nodes = json_array();
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
	for (int i = 0; i < n; i++) {
		obj = hwloc_get_obj_by_type(topo, HWLOC_OBJ_NUMANODE, (unsigned)i);
		json_array_append_new(nodes, json_pack("{s:i, s:o, s:I}",
			"id", (int)obj->os_index, "cpus", topo_cpus(obj->cpuset),
			"memory_bytes", (json_int_t)obj->attr->numanode.local_memory));
	}
	obj = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
	if (obj)
		model = hwloc_obj_get_info_by_name(obj, "CPUModel");
	if (!model)
		model = hwloc_obj_get_info_by_name(hwloc_get_root_obj(topo), "CPUModel");
	uname(&u);
	out = json_pack("{s:o, s:s, s:i, s:i, s:i, s:s, s:s}", "nodes", nodes,
			"cpu_model", model ? model : "unknown",
			"packages", hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE),
			"cores", hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE),
			"pus", hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU),
			"kernel_release", u.release, "machine", u.machine);
	hwloc_topology_destroy(topo);
	return out;
}
