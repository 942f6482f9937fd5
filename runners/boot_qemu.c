// SPDX-License-Identifier: GPL-2.0-only
/*
 * boot_qemu.c - the qemu boot method (boot_qemu.h).
 *
 * One boot runs kbench (all its iterations, the guest applying the repeat
 * rule) or wq-flush (the module loaded once per iteration); the boot suite
 * boots once per iteration, since each boot is one measurement.  QEMU runs
 * with -no-reboot and the guest is started with panic=-1, so a panic ends
 * QEMU at once; a hang ends at the boot timeout.  Either way the job
 * fails with the console's tail and the runner goes on.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "runners/boot_icount.h"
#include "runners/boot_qemu.h"
#include "runners/guestdir.h"
#include "runners/kbench_core.h"
#include "runners/progress.h"
#include "lib/mono.h"
#include "lib/spawn.h"
#include "runners/suite_defs.h"
#include "runners/suite_parse.h"

#define QEMU_MAX_MODULES 64
#define QEMU_KVM_PAGE    0x1000
#define QEMU_KILL_GRACE  30      /* s after boot_timeout before timeout(1) kills QEMU */
#define REPEAT_HARD_MAX_BOOTS 100   /* boots of one boot-suite job */
#define QEMU_TSC_MS      50      /* ms the host's TSC rate is measured over */
#define QEMU_PIN_TRIES   50      /* 100 ms looks for QEMU's vCPU threads */

/* In a child: a one-page real-mode guest that executes `hlt` must come
 * back with KVM_EXIT_HLT.  Opening /dev/kvm and creating a VM is not
 * enough: on some hosts (nested virtualisation) those work and KVM_RUN
 * never returns. */
static int qemu_kvm_try(void)
{
	struct kvm_userspace_memory_region region = { 0 };
	struct kvm_sregs sregs;
	struct kvm_regs regs = { 0 };
	struct kvm_run *run;
	unsigned char *mem;
	int kvm, vm, vcpu;
	long size;

	kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0 || ioctl(kvm, KVM_GET_API_VERSION, 0) != KVM_API_VERSION)
		return -1;
	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	mem = mmap(NULL, QEMU_KVM_PAGE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (vm < 0 || mem == MAP_FAILED)
		return -1;
	mem[0] = 0xf4;                  /* hlt */
	region.guest_phys_addr = QEMU_KVM_PAGE;
	region.memory_size = QEMU_KVM_PAGE;
	region.userspace_addr = (unsigned long)mem;
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) < 0)
		return -1;
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (vcpu < 0 || size <= 0)
		return -1;
	run = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0);
	if (run == MAP_FAILED || ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0)
		return -1;
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	regs.rip = QEMU_KVM_PAGE;
	regs.rflags = 2;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0 || ioctl(vcpu, KVM_SET_REGS, &regs) < 0 ||
	    ioctl(vcpu, KVM_RUN, 0) < 0)
		return -1;
	return run->exit_reason == KVM_EXIT_HLT ? 0 : -1;
}

int qemu_kvm_usable(int timeout_s)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 0;
	if (pid == 0)
		_exit(qemu_kvm_try() == 0 ? 0 : 1);
	if (spawn_wait(&status, pid, timeout_s) != 0)
		return 0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

char *qemu_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct buf b;
	char chunk[8192];
	size_t n;

	buf_init(&b, SPARSE_MAX_TEXT);
	buf_adds(&b, "");
	if (f) {
		while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
			if (buf_add(&b, chunk, n) < 0)
				break;
		fclose(f);
	}
	return buf_steal(&b);
}

/* 1 when QEMU with -accel kvm starts kernel and it prints its banner on
 * the serial console within timeout_s seconds (early printk), else 0. */
static int qemu_kvm_boots(const struct rconfig *cfg, const char *kernel, const char *work_dir,
			  int timeout_s)
{
	char console[QEMU_MAX_PATH], serial[QEMU_MAX_PATH + 8];
	char *argv[] = { cfg->qemu_binary, "-accel", "kvm", "-cpu", "host", "-smp", "1", "-m", "256",
		"-kernel", (char *)(uintptr_t)kernel, "-append",
		"console=ttyS0 earlyprintk=ttyS0 panic=-1 rdinit=/kpci-kvm-probe",
		"-display", "none", "-serial", serial, "-monitor", "none", "-nodefaults",
		"-no-reboot", NULL };
	char *cause = NULL;
	int status, seen = 0;
	pid_t pid;

	snprintf(console, sizeof console, "%s/kvm-probe.log", work_dir);
	snprintf(serial, sizeof serial, "file:%s", console);
	unlink(console);
	if (spawn_start(&pid, argv, NULL, &cause) < 0) {
		free(cause);
		return 0;
	}
	for (int i = 0; i < timeout_s * 10 && !seen; i++) {
		struct timespec nap = { 0, 100 * 1000 * 1000 };
		char *text;

		nanosleep(&nap, NULL);
		text = qemu_slurp(console);
		seen = text && strstr(text, "Linux version") != NULL;
		free(text);
		if (waitpid(pid, &status, WNOHANG) == pid) {
			pid = 0;
			break;
		}
	}
	if (pid > 0) {
		kill(-pid, SIGKILL);
		spawn_wait(&status, pid, 0);
	}
	return seen;
}

const char *qemu_accel(const struct rconfig *cfg, const char *kernel, const char *work_dir)
{
	static int probed = -1;

	if (!strcmp(cfg->qemu_accel, "kvm") || !strcmp(cfg->qemu_accel, "tcg"))
		return cfg->qemu_accel;
	if (probed < 0 && kernel && access(kernel, R_OK) == 0) {
		int t = (int)cfg->qemu_kvm_probe_timeout;

		probed = qemu_kvm_usable(t) && qemu_kvm_boots(cfg, kernel, work_dir, t);
		log_info("qemu: KVM %s; guests use %s", probed ? "works" :
			 "is missing or does not run a guest in time", probed ? "KVM" : "TCG");
	}
	return probed > 0 ? "kvm" : "tcg";
}

/* Builds work_dir/initramfs.cpio with the modules of modules_dir. */
int qemu_initramfs(const struct qemu_boot *q, const char *out, char **cause)
{
	char guest[QEMU_MAX_PATH], script[QEMU_MAX_PATH], init[QEMU_MAX_PATH], bin[QEMU_MAX_PATH];
	char log[QEMU_MAX_PATH], *mods[QEMU_MAX_MODULES], *argv[QEMU_MAX_MODULES + 8];
	size_t nmods = 0, argc = 0;
	DIR *d = NULL;
	int rc = -1;

	if (guestdir_find(guest, sizeof guest, q->cfg) < 0)
		return fail_cause(cause, "cannot find the guest directory; set [qemu] guest_dir");
	snprintf(script, sizeof script, "%s/mkinitramfs.sh", guest);
	snprintf(init, sizeof init, "%s/init", guest);
	snprintf(bin, sizeof bin, "%s/bin", guest);
	snprintf(log, sizeof log, "%s/mkinitramfs.log", q->work_dir);
	if (access(script, R_OK) < 0)
		return fail_cause(cause, "%s is missing (make guest builds it)", script);
	if (q->modules_dir && (d = opendir(q->modules_dir))) {
		struct dirent *e;

		while ((e = readdir(d)) && nmods < QEMU_MAX_MODULES) {
			size_t len = strlen(e->d_name);

			if (len > 3 && !strcmp(e->d_name + len - 3, ".ko") &&
			    asprintf(&mods[nmods], "%s/%s", q->modules_dir, e->d_name) >= 0)
				nmods++;
		}
		closedir(d);
	}
	argv[argc++] = "sh";
	argv[argc++] = "--";
	argv[argc++] = script;
	argv[argc++] = (char *)(uintptr_t)out;
	argv[argc++] = q->cfg->qemu_busybox;
	argv[argc++] = init;
	argv[argc++] = bin;
	for (size_t i = 0; i < nmods; i++)
		argv[argc++] = mods[i];
	argv[argc] = NULL;
	unlink(log);
	if (spawn_run(argv, log, 120, cause) == 0) {
		rc = 0;
	} else {
		fail_cause(cause, "cannot build the guest initramfs: %s (see %s)",
			   *cause ? *cause : "?", log);
	}
	for (size_t i = 0; i < nmods; i++)
		free(mods[i]);
	return rc;
}

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

/* The host's TSC rate in kHz, measured once against CLOCK_MONOTONIC. */
static long qemu_host_tsc_khz(void)
{
	static long khz = -1;
	struct timespec nap = { 0, QEMU_TSC_MS * 1000000L };
	unsigned long long c0, c1;
	double ns;

	if (khz >= 0)
		return khz;
	ns = -(double)mono_ns();
	c0 = __rdtsc();
	nanosleep(&nap, NULL);
	c1 = __rdtsc();
	ns += (double)mono_ns();
	khz = ns > 0 && c1 > c0 ? (long)((double)(c1 - c0) / ns * 1e6 + 0.5) : 0;
	return khz;
}
#else
static long qemu_host_tsc_khz(void)
{
	return 0;
}
#endif

/* The guest kernel command line for one boot.  A TCG guest reads the
 * host's TSC, but its early calibration against the emulated PIT fails,
 * which leaves every kernel log line before the late TSC set-up stamped
 * 0 (the whole of early memory set-up); tsc_early_khz= tells it the rate. */
void qemu_cmdline(char *out, size_t n, const struct qemu_boot *q, const char *accel, int iter,
		  int warmup)
{
	const struct sdef *d = q->sr->def;
	long khz = strcmp(accel, "tcg") || strstr(q->cfg->qemu_cmdline, "tsc_early_khz=") ? 0 :
		   qemu_host_tsc_khz();
	char tsc[48] = "", bench[QEMU_MAX_CMDLINE / 2] = "";

	if (khz > 0)
		snprintf(tsc, sizeof tsc, "tsc_early_khz=%ld ", khz);
	/* kbench's benchmarks (names of kbench_core.c, checked when the
	 * suite file was read), separated by commas: one word */
	if (d && d->benchmarks && strcmp(d->benchmarks, "all") &&
	    (size_t)snprintf(bench, sizeof bench, "kpci.bench=%s ", d->benchmarks) < sizeof bench)
		for (char *c = bench + 11; *c && c[1]; c++)
			if (*c == ' ')
				*c = ',';
	snprintf(out, n, "console=ttyS0 quiet panic=-1 printk.time=1 %skpci.suite=%s kpci.iter=%d "
		 "kpci.warmup=%d kpci.max=%d kpci.rsd=%d kpci.rep_ms=%lld kpci.reps=%lld "
		 "kpci.wq_ms=%lld %s%s", tsc, q->suite, iter, warmup, q->sr->max_iterations,
		 (int)q->sr->rsd_pct, d ? d->rep_ms : KBENCH_REP_MS, d ? d->reps : KBENCH_REPS,
		 d ? d->wq_ms : 1000, bench, q->cfg->qemu_cmdline);
}

/* The pid of a child of parent (QEMU under timeout(1)), or 0. */
static pid_t qemu_child_of(pid_t parent)
{
	char path[64], buf[64];
	FILE *f;
	long child = 0;

	snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)parent, (int)parent);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fgets(buf, sizeof buf, f))
		child = strtol(buf, NULL, 10);
	fclose(f);
	return (pid_t)child;
}

/* Pins the vCPU threads ("CPU n/TCG", "CPU n/KVM": QEMU names them with
 * -name debug-threads=on) of QEMU, the child of pid, to the host CPUs of
 * [qemu] pin_vcpus in turn.  The threads appear as QEMU starts, so this
 * looks for a few seconds.  0, or -1 with cause for a bad pin_vcpus; a
 * thread that cannot be found or pinned is logged, not fatal.  An icount
 * boot is not pinned. */
static int qemu_pin_vcpus(const struct qemu_boot *q, pid_t pid, char **cause)
{
	const char *want = q->cfg->qemu_pin_vcpus ? q->cfg->qemu_pin_vcpus : "auto";
	int ncpu = 0, vcpus = q->nodes * q->cpus_per_node, pinned = 0;
	int cpus[CPU_SETSIZE];
	cpu_set_t set;

	/* under -icount one thread runs every vCPU ("ALL CPUs/TCG"), and
	 * instruction counts do not depend on the host CPU */
	if (!strcmp(want, "off") || q->icount)
		return 0;
	if (!strcmp(want, "auto")) {
		if (sched_getaffinity(0, sizeof set, &set) < 0)
			return 0;
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &set))
				cpus[ncpu++] = c;
	} else {
		json_t *list = sparse_cpulist(want);

		for (size_t i = 0; list && i < json_array_size(list) && ncpu < CPU_SETSIZE; i++)
			cpus[ncpu++] = (int)json_integer_value(json_array_get(list, i));
		json_decref(list);
		if (!ncpu)
			return fail_cause(cause, "[qemu] pin_vcpus '%s' is not auto, off or a CPU "
					  "list such as 0-1,4", want);
	}
	for (int tries = 0, seen = 0; tries < QEMU_PIN_TRIES && pinned < vcpus; tries++) {
		struct timespec nap = { 0, 100 * 1000 * 1000 };
		pid_t qpid = qemu_child_of(pid);
		char dir[64];
		DIR *d;
		struct dirent *e;

		nanosleep(&nap, NULL);
		snprintf(dir, sizeof dir, "/proc/%d/task", (int)qpid);
		if (!qpid || !(d = opendir(dir))) {
			if (seen)
				break;          /* QEMU has ended already (a guest that panics) */
			continue;
		}
		seen = 1;
		pinned = 0;
		while ((e = readdir(d))) {
			char path[128], comm[64] = "";
			FILE *f;
			int n;

			snprintf(path, sizeof path, "%s/%s/comm", dir, e->d_name);
			if (e->d_name[0] == '.' || !(f = fopen(path, "r")))
				continue;
			if (!fgets(comm, sizeof comm, f))
				comm[0] = '\0';
			fclose(f);
			if (sscanf(comm, "CPU %d/", &n) != 1 || n < 0)
				continue;
			CPU_ZERO(&set);
			CPU_SET(cpus[n % ncpu], &set);
			if (sched_setaffinity((pid_t)strtol(e->d_name, NULL, 10), sizeof set, &set) == 0)
				pinned++;
		}
		closedir(d);
	}
	if (pinned < vcpus)
		log_info("qemu: pinned %d of %d vCPU threads (pin_vcpus = %s)", pinned, vcpus, want);
	return 0;
}

/* What the console (grown since *pos) says of the guest's progress:
 * its init has started (KPCI-ENV), a kbench sample of iteration N
 * (KPCI-RESULT), a wq-flush iteration (KPCI-INFO wq-flush iteration N).
 * *state: 0 booting, 1 init running, 2 + N iteration N measured. */
static void qemu_watch_console(const struct qemu_boot *q, const char *console, off_t *pos,
			       int *state)
{
	char line[256];
	FILE *f = fopen(console, "r");
	int was = *state;

	if (!f)
		return;
	if (fseeko(f, *pos, SEEK_SET) == 0) {
		while (fgets(line, sizeof line, f)) {
			const char *it;
			int n;

			if (!strchr(line, '\n'))
				break;          /* a line still being written: read it next time */
			*pos += (off_t)strlen(line);
			if (!strncmp(line, "KPCI-ENV ", 9) && *state < 1)
				*state = 1;
			else if ((!strncmp(line, "KPCI-RESULT ", 12) &&
				  (it = strstr(line, "\"iteration\":")) && sscanf(it + 12, "%d", &n) == 1) ||
				 sscanf(line, "KPCI-INFO wq-flush iteration %d", &n) == 1)
				*state = n + 2 > *state ? n + 2 : *state;
		}
	}
	fclose(f);
	if (*state == was || !strcmp(q->suite, "boot"))
		return;
	if (*state == 1 && q->sr->warmup > 0)
		progress_iteration(-1, q->sr->warmup, q->sr->iterations);
	else
		progress_iteration(*state >= 2 ? *state - 2 : 0, q->sr->warmup,
				   q->sr->iterations);
}

/* Waits for QEMU under timeout(1) (pid) up to [qemu] boot_timeout,
 * telling the progress what its console shows.  0 with *status, 1 on
 * timeout, 2 when the job is given back (the group is killed and
 * reaped), -1 on a waitpid error. */
static int qemu_wait(const struct qemu_boot *q, pid_t pid, const char *console, int *status)
{
	struct timespec start, now, nap = { 0, 200 * 1000 * 1000 };
	off_t pos = 0;
	int state = 0;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		pid_t got = waitpid(pid, status, WNOHANG);

		if (got == pid)
			return 0;
		if (got < 0 && errno != EINTR)
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (progress_abandoned() || now.tv_sec - start.tv_sec >= q->cfg->qemu_boot_timeout) {
			kill(-pid, SIGKILL);
			while (waitpid(pid, status, 0) < 0 && errno == EINTR)
				;
			return progress_abandoned() ? 2 : 1;
		}
		qemu_watch_console(q, console, &pos, &state);
		nanosleep(&nap, NULL);
	}
}

int qemu_boot_once(const struct qemu_boot *q, const char *initrd, const char *cmdline,
		   const char *console_path, char **cause)
{
	char *argv[QEMU_MAX_ARGS], smp[32], mem[32], serial[QEMU_MAX_PATH + 8], kill_after[32];
	char objs[QEMU_MAX_NODES][96], numas[QEMU_MAX_NODES][96], log[QEMU_MAX_PATH];
	const char *accel = q->icount ? "tcg" : qemu_accel(q->cfg, q->kernel, q->work_dir);
	int argc = 0, per_node = q->memory_mb / q->nodes, status, rc;
	pid_t pid;

	snprintf(smp, sizeof smp, "%d", q->nodes * q->cpus_per_node);
	snprintf(mem, sizeof mem, "%dM", per_node * q->nodes);
	snprintf(serial, sizeof serial, "file:%s", console_path);
	snprintf(log, sizeof log, "%s/qemu.log", q->work_dir);
	snprintf(kill_after, sizeof kill_after, "%lld", q->cfg->qemu_boot_timeout + QEMU_KILL_GRACE);
	/* timeout(1) ends QEMU even if this runner dies while it waits */
	argv[argc++] = "timeout";
	argv[argc++] = "-s";
	argv[argc++] = "KILL";
	argv[argc++] = kill_after;
	argv[argc++] = q->cfg->qemu_binary;
	argv[argc++] = "-machine";
	argv[argc++] = "q35";
	argv[argc++] = "-accel";
	argv[argc++] = (char *)(uintptr_t)accel;
	argv[argc++] = "-cpu";
	argv[argc++] = !strcmp(accel, "kvm") ? "host" : "max";
	argv[argc++] = "-smp";
	argv[argc++] = smp;
	argv[argc++] = "-m";
	argv[argc++] = mem;
	for (int i = 0; q->nodes > 1 && i < q->nodes; i++) {
		snprintf(objs[i], sizeof objs[i], "memory-backend-ram,id=m%d,size=%dM", i, per_node);
		snprintf(numas[i], sizeof numas[i], "node,nodeid=%d,cpus=%d-%d,memdev=m%d", i,
			 i * q->cpus_per_node, (i + 1) * q->cpus_per_node - 1, i);
		argv[argc++] = "-object";
		argv[argc++] = objs[i];
		argv[argc++] = "-numa";
		argv[argc++] = numas[i];
	}
	argv[argc++] = "-kernel";
	argv[argc++] = (char *)(uintptr_t)q->kernel;
	argv[argc++] = "-initrd";
	argv[argc++] = (char *)(uintptr_t)initrd;
	argv[argc++] = "-append";
	argv[argc++] = (char *)(uintptr_t)cmdline;
	argv[argc++] = "-display";
	argv[argc++] = "none";
	argv[argc++] = "-serial";
	argv[argc++] = serial;
	argv[argc++] = "-monitor";
	argv[argc++] = "none";
	argv[argc++] = "-nodefaults";
	argv[argc++] = "-no-reboot";
	argv[argc++] = "-name";         /* vCPU threads named "CPU n/TCG", to pin them */
	argv[argc++] = "kpci,debug-threads=on";
	if (q->icount) {                /* the guest's ns: its executed instructions */
		argv[argc++] = "-icount";
		argv[argc++] = "shift=0,sleep=off";
	}
	argv[argc] = NULL;
	unlink(console_path);
	unlink(log);
	if (spawn_start(&pid, argv, log, cause) < 0)
		return -1;
	if (qemu_pin_vcpus(q, pid, cause) < 0) {
		kill(-pid, SIGKILL);
		spawn_wait(&status, pid, 0);
		return -1;
	}
	rc = qemu_wait(q, pid, console_path, &status);
	if (rc == 2)
		return fail_cause(cause, "stopped: the job is given back");
	if (rc == 1)
		return fail_cause(cause, "the guest did not finish within %lld s ([qemu] boot_timeout)",
				  q->cfg->qemu_boot_timeout);
	if (rc < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		return fail_cause(cause, "%s failed (status %d; see %s)", q->cfg->qemu_binary,
				  rc < 0 ? -1 : status, log);
	return 0;
}

/* Keeps the console in r->log and puts why + its tail in *cause. */
static int qemu_fail_console(struct proto_result *r, const char *console, char **cause,
			     const char *why)
{
	char *tail = sparse_tail(console);
	size_t len = tail ? strlen(tail) : 0;
	const char *quote = tail && len > QEMU_REASON_TAIL ? tail + len - QEMU_REASON_TAIL : tail;
	size_t clen = strnlen(console, PROTO_MAX_LOG - 1);

	free(r->log);
	r->log = strndup(console + (strlen(console) > clen ? strlen(console) - clen : 0), clen);
	fail_cause(cause, "%s; the console ends:\n%s", why, quote ? quote : "");
	free(tail);
	return -1;
}

/* Parses one boot's console into r; iteration is the boot suite's. */
int qemu_collect(const struct qemu_boot *q, struct proto_result *r, json_t **guest_env,
			const char *console, int iteration, char **cause)
{
	struct sparse_ctx ctx = { .suite = q->sr->def ? q->sr->def->name : q->suite,
				  .iteration = iteration };
	struct sparse_console c;
	char *why = NULL;
	int rc = -1;

	if (q->sr->def) {
		ctx.markers = q->sr->def->markers;
		ctx.nmarkers = q->sr->def->nmarkers;
	}
	if (sparse_console(&c, console, cause) < 0)
		return -1;
	if (!c.done) {
		qemu_fail_console(r, console, cause, "the guest stopped before reporting KPCI-DONE "
				  "(a panic, a hang or garbage on the console)");
		goto out;
	}
	if (c.error || strcmp(c.done, "ok")) {
		if (asprintf(&why, "the guest reports: %s", c.error ? c.error : c.done) < 0)
			why = NULL;
		qemu_fail_console(r, console, cause, why ? why : "the guest failed");
		goto out;
	}
	if (!strcmp(q->suite, "kbench"))
		rc = sparse_kbench(r, &ctx, c.results ? c.results : "", &why);
	else if (!strcmp(q->suite, "boot"))
		rc = sparse_boot(r, &ctx, c.dmesg ? c.dmesg : "", &why);
	else
		rc = sparse_wq_flush(r, &ctx, c.dmesg ? c.dmesg : "", &why);
	if (rc < 0) {
		qemu_fail_console(r, console, cause, why ? why : "no results");
		goto out;
	}
	if (!*guest_env) {
		*guest_env = c.env;
		c.env = NULL;
	}
out:
	free(why);
	sparse_console_dispose(&c);
	return rc;
}

int qemu_run(const struct qemu_boot *q, struct proto_result *r, json_t **guest_env, char **cause)
{
	char initrd[QEMU_MAX_PATH], console_path[QEMU_MAX_PATH], cmdline[QEMU_MAX_CMDLINE];
	char wq[QEMU_MAX_PATH];
	size_t first = r->nsamples;
	int per_boot = strcmp(q->suite, "boot") != 0;
	const char *accel;

	*guest_env = NULL;
	if (strcmp(q->suite, "kbench") && strcmp(q->suite, "boot") && strcmp(q->suite, "wq-flush"))
		return fail_cause(cause, "suite '%s' does not run in a QEMU guest (kbench, boot and "
				  "wq-flush do)", q->suite);
	if (!q->kernel || access(q->kernel, R_OK) < 0)
		return fail_cause(cause, "no kernel to boot: the job names none and [qemu] kernel is %s",
				  q->kernel ? "unreadable" : "unset");
	if (q->nodes < 1 || q->nodes > QEMU_MAX_NODES || q->cpus_per_node < 1 ||
	    q->memory_mb / q->nodes < 64)
		return fail_cause(cause, "bad guest topology: %d nodes x %d CPUs, %d MiB", q->nodes,
				  q->cpus_per_node, q->memory_mb);
	snprintf(wq, sizeof wq, "%s/wq_flush.ko", q->modules_dir ? q->modules_dir : "");
	if (!strcmp(q->suite, "wq-flush") && (!q->modules_dir || access(wq, R_OK) < 0))
		return fail_cause(cause, "wq-flush needs wq_flush.ko built for %s in the modules "
				  "directory ([qemu] modules_dir or the job's modules)", q->kernel);
	snprintf(initrd, sizeof initrd, "%s/initramfs.cpio", q->work_dir);
	snprintf(console_path, sizeof console_path, "%s/console.log", q->work_dir);
	if (qemu_initramfs(q, initrd, cause) < 0)
		return -1;
	accel = qemu_accel(q->cfg, q->kernel, q->work_dir);
	if (per_boot) {         /* one boot runs every iteration */
		char *console;
		int rc;

		qemu_cmdline(cmdline, sizeof cmdline, q, accel, q->sr->iterations, q->sr->warmup);
		progress_set("boot", -1, "the kernel in QEMU (%s, %d nodes x %d CPUs)", accel,
			     q->nodes, q->cpus_per_node);
		if (qemu_boot_once(q, initrd, cmdline, console_path, cause) < 0) {
			char *why = *cause;

			*cause = NULL;  /* why is the boot's own sentence, freed below */
			console = qemu_slurp(console_path);
			qemu_fail_console(r, console, cause, why ? why : "boot failed");
			free(why);
			free(console);
			return -1;
		}
		console = qemu_slurp(console_path);
		rc = qemu_collect(q, r, guest_env, console, 0, cause);
		free(console);
		/* whatever becomes of it, the time samples stay */
		if (rc == 0 && q->cfg->qemu_instructions && !strcmp(q->suite, "kbench"))
			icount_run(q, initrd, r, *guest_env);
		return rc;
	}
	for (int i = 0; i < q->sr->warmup + REPEAT_HARD_MAX_BOOTS; i++) {
		int it = i - q->sr->warmup;
		char *console;
		int rc;

		if (it >= 0 && !shost_want_more(r, first, it, q->sr))
			break;
		if (it < 0)
			progress_set("boot", -1, "%d of %d (warm-up, not recorded)", i + 1,
				     q->sr->warmup);
		else
			progress_set("boot", it < q->sr->iterations ? 100 * it / q->sr->iterations : -1,
				     "%d of %d (each boot is one measurement)", it + 1,
				     q->sr->iterations);
		qemu_cmdline(cmdline, sizeof cmdline, q, accel, 1, 0);
		rc = qemu_boot_once(q, initrd, cmdline, console_path, cause);
		console = qemu_slurp(console_path);
		if (rc < 0) {
			char *why = *cause;

			*cause = NULL;  /* why is the boot's own sentence, freed below */
			qemu_fail_console(r, console, cause, why ? why : "boot failed");
			free(why);
			free(console);
			return -1;
		}
		if (it < 0) {
			free(console);
			continue;
		}
		rc = qemu_collect(q, r, guest_env, console, it, cause);
		free(console);
		if (rc < 0)
			return -1;
	}
	return 0;
}
