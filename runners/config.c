// SPDX-License-Identifier: GPL-2.0-only
/*
 * config.c - the table of kpci-runner's configuration keys.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/conf.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "runners/config.h"

/* Where `make install` puts the kconfig fragments and suites (Makefile's
 * SHAREDIR); a build without it (the fuzzers) takes make's default. */
#ifndef KPCI_SHAREDIR
#define KPCI_SHAREDIR "/usr/local/share/kpci"
#endif

#define RCONFIG_MAX_PATH 4096      /* bytes of the program's own path */

#define KEY(field) offsetof(struct rconfig, field)

static const struct conf_key rconfig_runner_keys[] = {
	{ "server", CONF_URL, KEY(server), "http://127.0.0.1:8080", 0, 0, NULL, 0,
	  "kpcid's URL" },
	{ "token", CONF_STR, KEY(token), NULL, 0, 0, NULL, 0,
	  "runner token (kpcid token create --role runner)" },
	{ "token_file", CONF_STR, KEY(token_file), NULL, 0, 0, NULL, 0,
	  "file holding the runner token, instead of token" },
	{ "name", CONF_STR, KEY(name), NULL, 0, 0, NULL, 0,
	  "this runner's unique name; default the host name" },
	{ "class", CONF_STR, KEY(runner_class), NULL, 0, 0, NULL, 0,
	  "runner class: machines whose numbers may be compared; default the name" },
	{ "work_dir", CONF_STR, KEY(work_dir), "/var/lib/kpci-runner", 0, 0, NULL, 0,
	  "scratch space and the result spool" },
	{ "capabilities", CONF_STR, KEY(capabilities), "bench", 0, 0, NULL, 0,
	  "job kinds to take: bench, build" },
	{ "boot_methods", CONF_STR, KEY(boot_methods), "host", 0, 0, NULL, 0,
	  "how bench jobs may run: host, qemu, kexec, lava" },
	{ "poll_min", CONF_INT, KEY(poll_min), "1", 1, 3600, NULL, 0,
	  "seconds between claims after a job" },
	{ "poll_max", CONF_INT, KEY(poll_max), "30", 1, 3600, NULL, 0,
	  "longest wait between claims when idle" },
	{ "idle_exit", CONF_INT, KEY(idle_exit), "0", 0, 1 << 30, NULL, 0,
	  "stop after this many seconds without a job (0: never); exit 3 if none ran" },
	{ "artifact_cache_mb", CONF_INT, KEY(artifact_cache_mb), "2048", 16, 1 << 24, NULL, 0,
	  "MiB of downloaded kernels and modules kept in work_dir/artifacts (LRU)" },
	{ NULL },
};

static const struct conf_key rconfig_build_keys[] = {
	{ "kconfig_dir", CONF_STR, KEY(kconfig_dir), KPCI_SHAREDIR "/kconfig", 0, 0, NULL, 0,
	  "directory of kernel config files and fragments (configs/kconfig/)" },
	{ "cc", CONF_STR, KEY(build_cc), "gcc", 0, 0, NULL, 0,
	  "compiler command; \"distcc gcc\" spreads builds (for icecream see icecc)" },
	{ "ccache", CONF_BOOL, KEY(build_ccache), "true", 0, 0, NULL, 0,
	  "use ccache when it is installed" },
	{ "jobs", CONF_INT, KEY(build_jobs), "0", 0, 4096, NULL, 0,
	  "make -jN; 0: as many as CPUs" },
	{ "timeout", CONF_INT, KEY(build_timeout), "7200", 10, 7 * 86400, NULL, 0,
	  "seconds a kernel build may take" },
	{ "modules", CONF_STR, KEY(build_modules), "wq_flush", 0, 0, NULL, 0,
	  "out-of-tree modules the suites need, built against each kernel: source "
	  "directories of the guest directory ([qemu] guest_dir); empty: none" },
	{ "icecc", CONF_BOOL, KEY(build_icecc), "false", 0, 0, NULL, 0,
	  "compile through the icecream farm of this machine's iceccd; with ccache, "
	  "CC=\"ccache CC\" and CCACHE_PREFIX=icecc" },
	{ "icecc_jobs", CONF_INT, KEY(build_icecc_jobs), "0", 0, 4096, NULL, 0,
	  "make -jN while the farm compiles (its CPUs, not this machine's); 0: jobs" },
	{ "icecc_env", CONF_STR, KEY(build_icecc_env), "", 0, 0, NULL, 0,
	  "ICECC_* settings for icecc, NAME=VALUE separated by spaces (ICECC_VERSION=...)" },
	{ "icecc_stall", CONF_INT, KEY(build_icecc_stall), "300", 5, 86400, NULL, 0,
	  "seconds a farm build may go without output before it is stopped and built locally" },
	{ NULL },
};

static const struct conf_key rconfig_suites_keys[] = {
	{ "dir", CONF_STR, KEY(suites_dir), KPCI_SHAREDIR "/suites", 0, 0, NULL, 0,
	  "directory of suite files NAME.ini (configs/suites/)" },
	{ "modules_dir", CONF_STR, KEY(modules_dir), NULL, 0, 0, NULL, 0,
	  "kpci's kernel modules (wq_flush.ko) built for the running kernel" },
	{ NULL },
};

static const struct conf_key rconfig_qemu_keys[] = {
	{ "binary", CONF_STR, KEY(qemu_binary), "qemu-system-x86_64", 0, 0, NULL, 0,
	  "the QEMU program" },
	{ "kernel", CONF_STR, KEY(qemu_kernel), NULL, 0, 0, NULL, 0,
	  "bzImage to boot when a job names none" },
	{ "modules_dir", CONF_STR, KEY(qemu_modules_dir), NULL, 0, 0, NULL, 0,
	  "kernel modules (wq_flush.ko) built for that kernel" },
	{ "busybox", CONF_STR, KEY(qemu_busybox), "/bin/busybox", 0, 0, NULL, 0,
	  "a static busybox (busybox-static) for the guest" },
	{ "guest_dir", CONF_STR, KEY(qemu_guest_dir), NULL, 0, 0, NULL, 0,
	  "init, mkinitramfs.sh and bin/; default: guest/ beside kpci-runner" },
	{ "accel", CONF_ENUM, KEY(qemu_accel), "auto", 0, 0, "auto|kvm|tcg", 0,
	  "auto: KVM when a probe of /dev/kvm answers in time, else TCG" },
	{ "kvm_probe_timeout", CONF_INT, KEY(qemu_kvm_probe_timeout), "10", 1, 120, NULL, 0,
	  "seconds the /dev/kvm probe may take" },
	{ "nodes", CONF_INT, KEY(qemu_nodes), "2", 1, 16, NULL, 0, "guest NUMA nodes" },
	{ "cpus_per_node", CONF_INT, KEY(qemu_cpus_per_node), "2", 1, 64, NULL, 0,
	  "guest CPUs per node" },
	{ "memory_mb", CONF_INT, KEY(qemu_memory_mb), "1024", 128, 1 << 20, NULL, 0,
	  "guest memory, split evenly between the nodes" },
	{ "boot_timeout", CONF_INT, KEY(qemu_boot_timeout), "600", 10, 86400, NULL, 0,
	  "seconds a guest may run before it is killed" },
	{ "cmdline", CONF_STR, KEY(qemu_cmdline), "", 0, 0, NULL, 0,
	  "appended to the guest kernel's command line" },
	{ "pin_vcpus", CONF_STR, KEY(qemu_pin_vcpus), "auto", 0, 0, NULL, 0,
	  "host CPUs QEMU's vCPU threads are pinned to in turn: auto (the runner's), off, "
	  "or a CPU list such as 2-3" },
	{ "instructions", CONF_BOOL, KEY(qemu_instructions), "off", 0, 0, NULL, 0,
	  "on: after a kbench boot, boot the kernel again under TCG -icount (the guest's "
	  "clock counts instructions) and store NAME.insn, instructions per operation" },
	{ NULL },
};

static const struct conf_key rconfig_kexec_keys[] = {
	{ "binary", CONF_STR, KEY(kexec_binary), "kexec", 0, 0, NULL, 0,
	  "the kexec program (kexec-tools)" },
	{ "kernel", CONF_STR, KEY(kexec_kernel), NULL, 0, 0, NULL, 0,
	  "candidate bzImage to kexec into when a job names none" },
	{ "initrd", CONF_STR, KEY(kexec_initrd), NULL, 0, 0, NULL, 0,
	  "initrd for that kernel (its modules, when they are not built in)" },
	{ "state_dir", CONF_STR, KEY(kexec_state_dir), NULL, 0, 0, NULL, 0,
	  "where a staged job waits across the reboot; default work_dir/kexec" },
	{ "base_kernel", CONF_STR, KEY(kexec_base_kernel), NULL, 0, 0, NULL, 0,
	  "kernel to return to; default /boot/vmlinuz-RELEASE of the kernel that staged" },
	{ "base_initrd", CONF_STR, KEY(kexec_base_initrd), NULL, 0, 0, NULL, 0,
	  "its initrd; default /boot/initrd.img-RELEASE when it exists" },
	{ "execute", CONF_ENUM, KEY(kexec_execute), "auto", 0, 0, "auto|systemctl|kexec|none", 0,
	  "start the loaded kernel with systemctl kexec (clean shutdown), kexec -e, or not at all; "
	  "auto: systemctl under systemd" },
	{ NULL },
};

static const struct conf_key rconfig_lava_keys[] = {
	{ "url", CONF_URL, KEY(lava_url), NULL, 0, 0, NULL, 0,
	  "the LAVA server whose REST API v0.2 takes the jobs of boot method lava" },
	{ "token_file", CONF_STR, KEY(lava_token_file), NULL, 0, 0, NULL, 0,
	  "file whose first line is a LAVA API token of the submitting user" },
	{ "device_type", CONF_STR, KEY(lava_device_type), "qemu", 0, 0, NULL, 0,
	  "the LAVA device type the jobs ask for: qemu, or a board's" },
	{ "tags", CONF_STR, KEY(lava_tags), "", 0, 0, NULL, 0,
	  "device tags the jobs ask for, separated by spaces" },
	{ "boot", CONF_ENUM, KEY(lava_boot), "qemu", 0, 0, "qemu|ipxe", 0,
	  "qemu: deploy to tmpfs and boot QEMU; ipxe: deploy by TFTP and boot an x86 board" },
	{ "publish_dir", CONF_STR, KEY(lava_publish_dir), NULL, 0, 0, NULL, 0,
	  "where the kernel and initramfs of a job are put for the lab; default work_dir/lava/publish" },
	{ "publish_url", CONF_STR, KEY(lava_publish_url), NULL, 0, 0, NULL, 0,
	  "the URL under which the lab's dispatchers read publish_dir (http://, https:// or file://)" },
	{ "kernel_args", CONF_STR, KEY(lava_kernel_args), "", 0, 0, NULL, 0,
	  "appended to the guest kernel's command line (a board's console=)" },
	{ "poll_interval", CONF_INT, KEY(lava_poll), "30", 1, 3600, NULL, 0,
	  "seconds between two looks at a submitted job" },
	{ "job_timeout", CONF_INT, KEY(lava_job_timeout), "30", 1, 1440, NULL, 0,
	  "minutes the lab gives a job once it runs (LAVA's job timeout)" },
	{ "wait", CONF_INT, KEY(lava_wait), "86400", 10, 30 * 86400, NULL, 0,
	  "seconds a job may take, the lab's queue included, before kpci gives up on it" },
	{ "retries", CONF_INT, KEY(lava_retries), "5", 1, 100, NULL, 0,
	  "tries of a request the lab answers 5xx or not at all, 1, 2, 4 ... s apart" },
	{ NULL },
};

static const struct conf_key rconfig_log_keys[] = {
	{ "level", CONF_ENUM, KEY(log_level), "info", 0, 0, "debug|info|warn|error", 0,
	  "lowest level logged" },
	{ NULL },
};

static const struct conf_section rconfig_sections[] = {
	{ "runner", 0, rconfig_runner_keys, NULL },
	{ "build", 0, rconfig_build_keys, NULL },
	{ "suites", 0, rconfig_suites_keys, NULL },
	{ "qemu", 0, rconfig_qemu_keys, NULL },
	{ "kexec", 0, rconfig_kexec_keys, NULL },
	{ "lava", 0, rconfig_lava_keys, NULL },
	{ "log", 0, rconfig_log_keys, NULL },
	{ NULL },
};

int rconfig_init(struct rconfig *c)
{
	memset(c, 0, sizeof *c);
	return conf_defaults(c, rconfig_sections);
}

int rconfig_load(struct rconfig *c, const char *path, struct buf *errs)
{
	return conf_load(c, rconfig_sections, path, errs);
}

int rconfig_set(struct rconfig *c, const char *key, const char *value, char **cause)
{
	return conf_set(c, rconfig_sections, "runner", key, value, cause);
}

/*
 * The default of [qemu] guest_dir: guest/ beside the program (bin/ of a
 * source tree) when it exists, else ../lib/kpci/guest from it (an
 * installed sbin/kpci-runner, see `make install`).  Left unset when
 * /proc/self/exe cannot be read.
 */
static int rconfig_guest_default(struct rconfig *c)
{
	char exe[RCONFIG_MAX_PATH], path[RCONFIG_MAX_PATH + 32], real[RCONFIG_MAX_PATH];
	ssize_t len;
	char *slash;

	if (c->qemu_guest_dir)
		return 0;
	len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0)
		return 0;
	exe[len] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return 0;
	*slash = '\0';
	snprintf(path, sizeof path, "%s/guest", exe);
	if (access(path, F_OK) < 0) {
		snprintf(path, sizeof path, "%s/../lib/kpci/guest", exe);
		if (!realpath(path, real) || (size_t)snprintf(path, sizeof path, "%s", real) >=
		    sizeof path)
			snprintf(path, sizeof path, "%s/guest", exe);
	}
	c->qemu_guest_dir = strdup(path);
	return c->qemu_guest_dir ? 0 : -1;
}

int rconfig_finish(struct rconfig *c, char **cause)
{
	char host[256];

	if (!c->name) {
		if (gethostname(host, sizeof host) < 0)
			return fail_cause(cause, "host name '?' cannot be read; set [runner] name");
		host[sizeof host - 1] = '\0';
		c->name = strdup(host);
	}
	if (!c->runner_class)
		c->runner_class = strdup(c->name);
	if (!c->name || !c->runner_class)
		return -1;
	if (!proto_name_ok(c->name))
		return fail_cause(cause, "runner name '%s' must be letters, digits and ._:/+-",
				  c->name);
	if (!proto_name_ok(c->runner_class))
		return fail_cause(cause, "runner class '%s' must be letters, digits and ._:/+-",
				  c->runner_class);
	if (!c->token && c->token_file &&
	    conf_read_secret(&c->token, "token_file", c->token_file, cause) < 0)
		return -1;
	if (!c->token || !*c->token)
		return fail_cause(cause, "no runner token: give --token, [runner] token or "
				  "token_file, or KPCI_TOKEN");
	if (c->poll_max < c->poll_min)
		c->poll_max = c->poll_min;
	return rconfig_guest_default(c);
}

void rconfig_dispose(struct rconfig *c)
{
	if (!c)
		return;
	conf_dispose(c, rconfig_sections);
}
