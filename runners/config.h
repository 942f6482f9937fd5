/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * config.h - kpci-runner's configuration (configs/kpci-runner.ini).
 */
#ifndef KPCI_RUNNERS_CONFIG_H
#define KPCI_RUNNERS_CONFIG_H

#include "lib/buf.h"

struct rconfig {
	/* [runner] */
	char *server;
	char *token;
	char *token_file;
	char *name;             /* default: the host name */
	char *runner_class;     /* default: the name */
	char *work_dir;
	char *capabilities;     /* space-separated: bench build */
	char *boot_methods;     /* space-separated: host qemu kexec */
	long long poll_min;     /* seconds between claims when busy */
	long long poll_max;     /* longest wait when idle (backoff) */
	long long idle_exit;    /* seconds without a job before stopping; 0: never */
	long long artifact_cache_mb; /* downloaded kernels and modules (runners/fetch.c) */
	/* [build] (runners/build.c) */
	char *kconfig_dir;      /* where config and fragment files are found */
	char *build_cc;         /* compiler command: "gcc", "distcc gcc", "icecc gcc" */
	int build_ccache;       /* prefix ccache when it is installed */
	long long build_jobs;   /* make -jN; 0: the number of CPUs */
	long long build_timeout;/* seconds a build may take */
	char *build_modules;    /* space-separated module dirs of the guest dir */
	int build_icecc;        /* compile through an icecream farm (runners/build_icecc.c) */
	long long build_icecc_jobs;  /* make -jN while the farm compiles; 0: jobs */
	char *build_icecc_env;  /* ICECC_NAME=VALUE ... handed to icecc */
	long long build_icecc_stall; /* seconds without build output before a local rebuild */
	/* [suites] (runners/suite*.c) */
	char *suites_dir;       /* configs/suites/NAME.ini */
	char *modules_dir;      /* wq_flush.ko for the running kernel */
	/* [qemu] (runners/boot_qemu.c) */
	char *qemu_binary;
	char *qemu_kernel;      /* bzImage when the job names none */
	char *qemu_modules_dir; /* modules built for that kernel */
	char *qemu_busybox;
	char *qemu_guest_dir;   /* init, mkinitramfs.sh, bin/ (default: beside the runner) */
	char *qemu_accel;       /* auto | kvm | tcg */
	long long qemu_kvm_probe_timeout;
	long long qemu_nodes;
	long long qemu_cpus_per_node;
	long long qemu_memory_mb;
	long long qemu_boot_timeout;
	char *qemu_cmdline;     /* appended to the guest's command line */
	char *qemu_pin_vcpus;   /* auto | off | a host CPU list */
	int qemu_instructions;  /* a second, -icount boot gives kbench NAME.insn (boot_icount.c) */
	/* [kexec] (runners/boot_kexec.c) */
	char *kexec_binary;
	char *kexec_kernel;     /* candidate bzImage when the job names none */
	char *kexec_initrd;
	char *kexec_state_dir;  /* default: work_dir/kexec */
	char *kexec_base_kernel;/* default: /boot/vmlinuz-$(uname -r) at staging */
	char *kexec_base_initrd;
	char *kexec_execute;    /* auto | systemctl | kexec | none: how to start the loaded kernel */
	/* [lava] (runners/boot_lava.c, docs/engines.md) */
	char *lava_url;         /* the LAVA server, e.g. https://lava.example.org */
	char *lava_token_file;  /* its REST API token, first line */
	char *lava_device_type; /* qemu, or a board's device type */
	char *lava_tags;        /* space-separated device tags */
	char *lava_boot;        /* qemu | ipxe */
	char *lava_publish_dir; /* where kernels and initramfs are put for the lab */
	char *lava_publish_url; /* the lab's URL of publish_dir */
	char *lava_kernel_args; /* appended to the guest's command line */
	long long lava_poll;    /* seconds between looks at a submitted job */
	long long lava_job_timeout;  /* minutes the lab gives the job */
	long long lava_wait;    /* seconds a job may take, queue included */
	long long lava_retries; /* tries of a request answered 5xx or not at all */
	/* [log] */
	char *log_level;
};

int rconfig_init(struct rconfig *c);
/* Returns the number of errors, each a "file:line: ..." line in errs. */
int rconfig_load(struct rconfig *c, const char *path, struct buf *errs);
int rconfig_set(struct rconfig *c, const char *key, const char *value, char **cause);
/* Fills name, class and token (from token_file) where unset; -1 with *cause. */
int rconfig_finish(struct rconfig *c, char **cause);
void rconfig_dispose(struct rconfig *c);

#endif
