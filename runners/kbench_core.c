// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbench_core.c - the microbenchmarks of kbench_core.h and the passes of
 * a run of them (kbench_run_set); how one sample is taken is
 * kbench_measure.c's.
 *
 *   syscall-getppid   ns per raw getppid() system call
 *   pipe-pingpong     ns per one-byte round trip between two processes
 *   futex-wake-wait   ns per round trip of two threads over two futexes
 *   fork-exit         ns per fork() + _exit() + waitpid()
 *   thread-create     ns per pthread_create() + pthread_join()
 *   page-fault        ns per page: mmap, touch every page, munmap
 *   sched-yield       ns per sched_yield() of two threads on one CPU
 *   epoll-wait        ns per eventfd write + epoll_wait + read
 *   open-close        ns per open("/") + close()
 *   numa-bw-local/-remote   MB/s reading memory bound to the CPU's node
 *                           or to the other node (threads pinned)
 *   numa-lat-local/-remote  ns per dependent load (pointer chase)
 *
 * NUMA placement uses raw mbind()/sched_setaffinity() system calls, not
 * libnuma, so the static guest binary needs nothing else.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runners/kbench_core.h"
#include "runners/repeat.h"

#define KBENCH_FAULT_CHUNK (16u << 20)   /* bytes mapped at once by page-fault */
#define KBENCH_NUMA_MB    32
#define KBENCH_BW_CHUNK   (1u << 20)    /* bytes one numa-bw operation reads */
#define KBENCH_MAX_NODES  64
#define KBENCH_MPOL_BIND  2

/* Results of the memory loops land here so they are not optimised away. */
static volatile size_t kbench_sink;

static int kbench_errno(char *cause, size_t n, const char *what)
{
	snprintf(cause, n, "%s: %s", what, strerror(errno));
	return -1;
}

static int kbench_getppid(void *state, long ops, char *cause, size_t n)
{
	for (long i = 0; i < ops; i++)
		syscall(SYS_getppid);
	return 0;
}

static int kbench_xfer(int fd, int writing)
{
	char c = 'k';
	ssize_t r;

	do {
		r = writing ? write(fd, &c, 1) : read(fd, &c, 1);
	} while (r < 0 && errno == EINTR);
	return r == 1 ? 0 : -1;
}

/* pipe ping-pong: a partner process echoes each byte until its pipe closes. */
struct kbench_pipes {
	int to_child, from_child;
	pid_t pid;
};

static int kbench_pipes_setup(void **state, char *cause, size_t n)
{
	struct kbench_pipes *p = calloc(1, sizeof *p);
	int to_child[2], to_parent[2];

	if (!p)
		return kbench_errno(cause, n, "pipe-pingpong");
	if (pipe(to_child) < 0) {
		free(p);
		return kbench_errno(cause, n, "pipe-pingpong: pipe");
	}
	if (pipe(to_parent) < 0) {
		close(to_child[0]);
		close(to_child[1]);
		free(p);
		return kbench_errno(cause, n, "pipe-pingpong: pipe");
	}
	p->pid = fork();
	if (p->pid < 0) {
		kbench_errno(cause, n, "pipe-pingpong: fork");
		close(to_child[0]), close(to_child[1]), close(to_parent[0]), close(to_parent[1]);
		free(p);
		return -1;
	}
	if (p->pid == 0) {
		close(to_child[1]);
		close(to_parent[0]);
		while (kbench_xfer(to_child[0], 0) == 0)
			if (kbench_xfer(to_parent[1], 1) < 0)
				_exit(1);
		_exit(0);
	}
	close(to_child[0]);
	close(to_parent[1]);
	p->to_child = to_child[1];
	p->from_child = to_parent[0];
	*state = p;
	return 0;
}

static pid_t kbench_pipes_partner(const void *state)
{
	return ((const struct kbench_pipes *)state)->pid;
}

static void kbench_pipes_done(void *state)
{
	struct kbench_pipes *p = state;
	int status;

	close(p->to_child);
	close(p->from_child);
	waitpid(p->pid, &status, 0);
	free(p);
}

static int kbench_pingpong(void *state, long ops, char *cause, size_t n)
{
	struct kbench_pipes *p = state;

	for (long i = 0; i < ops; i++)
		if (kbench_xfer(p->to_child, 1) < 0 || kbench_xfer(p->from_child, 0) < 0) {
			snprintf(cause, n, "pipe-pingpong: the partner process failed");
			return -1;
		}
	return 0;
}

/* futex ping-pong: the word holds whose turn it is (0 main, 1 partner,
 * 2 the partner stops). */
struct kbench_futex {
	atomic_int turn;
	pthread_t partner;
};

static void kbench_futex_wait(atomic_int *w, int val)
{
	while (atomic_load(w) == val)
		syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void kbench_futex_pass(atomic_int *w, int to)
{
	atomic_store(w, to);
	syscall(SYS_futex, w, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static void *kbench_futex_partner(void *arg)
{
	struct kbench_futex *f = arg;

	for (;;) {
		kbench_futex_wait(&f->turn, 0);
		if (atomic_load(&f->turn) == 2)
			return NULL;
		kbench_futex_pass(&f->turn, 0);
	}
}

static int kbench_futex_setup(void **state, char *cause, size_t n)
{
	struct kbench_futex *f = calloc(1, sizeof *f);

	if (!f)
		return kbench_errno(cause, n, "futex-wake-wait");
	atomic_init(&f->turn, 0);
	if (pthread_create(&f->partner, NULL, kbench_futex_partner, f)) {
		free(f);
		snprintf(cause, n, "futex-wake-wait: cannot create a thread");
		return -1;
	}
	*state = f;
	return 0;
}

static void kbench_futex_done(void *state)
{
	struct kbench_futex *f = state;

	kbench_futex_pass(&f->turn, 2);
	pthread_join(f->partner, NULL);
	free(f);
}

static int kbench_futex(void *state, long ops, char *cause, size_t n)
{
	struct kbench_futex *f = state;

	for (long i = 0; i < ops; i++) {
		kbench_futex_pass(&f->turn, 1);
		kbench_futex_wait(&f->turn, 1);
	}
	return 0;
}

static int kbench_fork(void *state, long ops, char *cause, size_t n)
{
	int status;

	for (long i = 0; i < ops; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return kbench_errno(cause, n, "fork-exit: fork");
		if (pid == 0)
			_exit(0);
		if (waitpid(pid, &status, 0) < 0)
			return kbench_errno(cause, n, "fork-exit: waitpid");
	}
	return 0;
}

static void *kbench_nothing(void *arg)
{
	return arg;
}

static int kbench_thread(void *state, long ops, char *cause, size_t n)
{

	for (long i = 0; i < ops; i++) {
		pthread_t t;

		if (pthread_create(&t, NULL, kbench_nothing, NULL)) {
			snprintf(cause, n, "thread-create: pthread_create failed");
			return -1;
		}
		pthread_join(t, NULL);
	}
	return 0;
}

/* One operation is one page: mapped, touched once, unmapped. */
static int kbench_fault(void *state, long ops, char *cause, size_t n)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	for (long left = ops; left > 0;) {
		size_t pages = (size_t)left < KBENCH_FAULT_CHUNK / page ? (size_t)left :
			       KBENCH_FAULT_CHUNK / page, len = pages * page;
		char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return kbench_errno(cause, n, "page-fault: mmap");
		for (size_t off = 0; off < len; off += page)
			((volatile char *)p)[off] = 1;
		munmap(p, len);
		left -= (long)pages;
	}
	return 0;
}

static void *kbench_yielder(void *arg)
{
	long count = *(long *)arg;

	for (long i = 0; i < count; i++)
		sched_yield();
	return NULL;
}

/* Two threads on the one CPU of the sample, each yielding ops times (an
 * operation is a pair of yields: the table counts 2 calls per op). */
static int kbench_yield(void *state, long ops, char *cause, size_t n)
{
	pthread_t t;

	if (pthread_create(&t, NULL, kbench_yielder, &ops)) {
		snprintf(cause, n, "sched-yield: cannot create a thread");
		return -1;
	}
	for (long i = 0; i < ops; i++)
		sched_yield();
	pthread_join(t, NULL);
	return 0;
}

struct kbench_epoll {
	int ep, ev;
};

static int kbench_epoll_setup(void **state, char *cause, size_t n)
{
	struct epoll_event e = { .events = EPOLLIN };
	struct kbench_epoll *s = malloc(sizeof *s);

	if (!s)
		return kbench_errno(cause, n, "epoll-wait");
	s->ep = epoll_create1(0);
	s->ev = eventfd(0, 0);
	if (s->ep < 0 || s->ev < 0 || epoll_ctl(s->ep, EPOLL_CTL_ADD, s->ev, &e) < 0) {
		kbench_errno(cause, n, "epoll-wait: epoll_create1/eventfd");
		if (s->ep >= 0)
			close(s->ep);
		if (s->ev >= 0)
			close(s->ev);
		free(s);
		return -1;
	}
	*state = s;
	return 0;
}

static void kbench_epoll_done(void *state)
{
	struct kbench_epoll *s = state;

	close(s->ev);
	close(s->ep);
	free(s);
}

static int kbench_epoll(void *state, long ops, char *cause, size_t n)
{
	struct kbench_epoll *s = state;
	struct epoll_event got;
	uint64_t one = 1, val;

	for (long i = 0; i < ops; i++)
		if (write(s->ev, &one, sizeof one) != sizeof one || epoll_wait(s->ep, &got, 1, -1) != 1 ||
		    read(s->ev, &val, sizeof val) != sizeof val)
			return kbench_errno(cause, n, "epoll-wait");
	return 0;
}

static int kbench_open(void *state, long ops, char *cause, size_t n)
{

	for (long i = 0; i < ops; i++) {
		int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (fd < 0)
			return kbench_errno(cause, n, "open-close: open /");
		close(fd);
	}
	return 0;
}

/* ---- NUMA ---------------------------------------------------------- */

int kbench_numa_nodes(void)
{
	char path[64];
	int nodes = 0;

	for (int i = 0; i < KBENCH_MAX_NODES; i++) {
		snprintf(path, sizeof path, "/sys/devices/system/node/node%d", i);
		if (access(path, F_OK) == 0)
			nodes++;
	}
	return nodes > 0 ? nodes : 1;
}

/* The CPUs of node (its cpulist "0-1,4") into set; 0 or -1. */
static int kbench_node_cpus(int node, cpu_set_t *set)
{
	char path[80], list[1024], *p = list;
	FILE *f;

	snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", node);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(list, sizeof list, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	CPU_ZERO(set);
	while (*p && *p != '\n') {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p)
			return -1;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		for (long c = lo; c <= hi && c < CPU_SETSIZE; c++)
			CPU_SET((int)c, set);
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

int kbench_pick_cpu(void)
{
	cpu_set_t allowed, node0;
	int have_node = kbench_node_cpus(0, &node0) == 0;

	if (sched_getaffinity(0, sizeof allowed, &allowed) < 0)
		return -1;
	for (int pass = have_node ? 0 : 1; pass < 2; pass++)
		for (int c = CPU_SETSIZE - 1; c >= 0; c--)
			if (CPU_ISSET(c, &allowed) && (pass || CPU_ISSET(c, &node0)))
				return c;
	return -1;
}

/* NUMA memory: KBENCH_NUMA_MB bound to one node, read from node 0's CPUs. */
struct kbench_mem {
	size_t *p;
	size_t len, words, at;
};

/* len bytes of anonymous memory bound to node, touched; NULL on failure. */
static char *kbench_node_alloc(size_t len, int node)
{
	unsigned long mask = 1UL << node;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	/* a kernel without CONFIG_NUMA has one node and no mbind() */
	if (syscall(SYS_mbind, p, len, KBENCH_MPOL_BIND, &mask, sizeof mask * 8, 0) < 0 &&
	    !(errno == ENOSYS && node == 0)) {
		munmap(p, len);
		return NULL;
	}
	memset(p, 1, len);
	return p;
}

/* The memory on mem_node; for latency, made one random cycle through
 * cache-line-spaced slots.  The thread must run on node 0: when the
 * sample is not pinned there it is pinned to all of node 0's CPUs (the
 * caller restores its affinity). */
static int kbench_mem_setup(void **state, int mem_node, int latency, char *cause, size_t n)
{
	struct kbench_mem *m;
	cpu_set_t here, node0;
	int nodes = kbench_numa_nodes();

	if (mem_node >= nodes) {
		snprintf(cause, n, "numa: node %d does not exist", mem_node);
		return -1;
	}
	if (nodes > 1 && kbench_node_cpus(0, &node0) == 0 &&
	    sched_getaffinity(0, sizeof here, &here) == 0) {
		CPU_AND(&here, &here, &node0);
		if (CPU_COUNT(&here) == 0 && sched_setaffinity(0, sizeof node0, &node0) < 0) {
			snprintf(cause, n, "numa: cannot pin to the CPUs of node 0");
			return -1;
		}
	}
	m = calloc(1, sizeof *m);
	if (!m)
		return kbench_errno(cause, n, "numa");
	m->len = (size_t)KBENCH_NUMA_MB << 20;
	m->words = m->len / sizeof(size_t);
	m->p = (size_t *)kbench_node_alloc(m->len, mem_node);
	if (!m->p) {
		free(m);
		return kbench_errno(cause, n, "numa: mmap+mbind");
	}
	if (latency) {
		size_t stride = 64 / sizeof(size_t), slots = m->words / stride;
		unsigned long long seed = 88172645463325252ULL;

		for (size_t i = 0; i < slots; i++)
			m->p[i * stride] = i;
		for (size_t i = slots - 1; i > 0; i--) {
			size_t j, tmp;

			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			j = (size_t)(seed % i);     /* Sattolo: one cycle */
			tmp = m->p[i * stride], m->p[i * stride] = m->p[j * stride];
			m->p[j * stride] = tmp;
		}
	}
	*state = m;
	return 0;
}

static void kbench_mem_done(void *state)
{
	struct kbench_mem *m = state;

	munmap(m->p, m->len);
	free(m);
}

static int kbench_local_setup(void **state, char *cause, size_t n)
{
	return kbench_mem_setup(state, 0, 0, cause, n);
}

static int kbench_remote_setup(void **state, char *cause, size_t n)
{
	return kbench_mem_setup(state, 1, 0, cause, n);
}

static int kbench_chase_local_setup(void **state, char *cause, size_t n)
{
	return kbench_mem_setup(state, 0, 1, cause, n);
}

static int kbench_chase_remote_setup(void **state, char *cause, size_t n)
{
	return kbench_mem_setup(state, 1, 1, cause, n);
}

/* One operation reads KBENCH_BW_CHUNK bytes, going round the memory. */
static int kbench_bw(void *state, long ops, char *cause, size_t n)
{
	struct kbench_mem *m = state;
	size_t chunk = KBENCH_BW_CHUNK / sizeof(size_t), sum = 0;

	for (long r = 0; r < ops; r++) {
		const volatile size_t *p = m->p + m->at;

		for (size_t i = 0; i < chunk; i++)
			sum += p[i];
		m->at = m->at + chunk < m->words ? m->at + chunk : 0;
	}
	kbench_sink = sum;
	return 0;
}

/* One operation is one dependent load, going on along the cycle. */
static int kbench_chase(void *state, long ops, char *cause, size_t n)
{
	struct kbench_mem *m = state;
	size_t stride = 64 / sizeof(size_t), at = m->at;

	for (long i = 0; i < ops; i++)
		at = ((volatile size_t *)m->p)[at * stride];
	m->at = at;
	kbench_sink = at;
	return 0;
}

#define KBENCH_BW_MB ((double)KBENCH_BW_CHUNK / 1e6)

#define KBENCH_NS(nm, ...) { .name = nm, .unit = "ns/op", __VA_ARGS__ }

static const struct kbench_bench kbench_benches[] = {
	KBENCH_NS("syscall-getppid", .run = kbench_getppid),
	KBENCH_NS("pipe-pingpong", .setup = kbench_pipes_setup, .done = kbench_pipes_done,
		  .partner = kbench_pipes_partner, .run = kbench_pingpong),
	KBENCH_NS("futex-wake-wait", .setup = kbench_futex_setup, .done = kbench_futex_done,
		  .run = kbench_futex),
	KBENCH_NS("fork-exit", .run = kbench_fork),
	KBENCH_NS("thread-create", .run = kbench_thread),
	KBENCH_NS("page-fault", .run = kbench_fault),
	KBENCH_NS("sched-yield", .run = kbench_yield, .calls_per_op = 2),
	KBENCH_NS("epoll-wait", .setup = kbench_epoll_setup, .done = kbench_epoll_done,
		  .run = kbench_epoll),
	KBENCH_NS("open-close", .run = kbench_open),
	{ .name = "numa-bw-local", .unit = "MB/s", .higher_is_better = 1, .mb_per_op = KBENCH_BW_MB,
	  .setup = kbench_local_setup, .done = kbench_mem_done, .run = kbench_bw },
	{ .name = "numa-lat-local", .unit = "ns", .setup = kbench_chase_local_setup,
	  .done = kbench_mem_done, .run = kbench_chase },
	{ .name = "numa-bw-remote", .unit = "MB/s", .higher_is_better = 1, .needs_numa = 1,
	  .mb_per_op = KBENCH_BW_MB, .setup = kbench_remote_setup, .done = kbench_mem_done,
	  .run = kbench_bw },
	{ .name = "numa-lat-remote", .unit = "ns", .needs_numa = 1,
	  .setup = kbench_chase_remote_setup, .done = kbench_mem_done, .run = kbench_chase },
	{ NULL },
};

const struct kbench_bench *kbench_table(void)
{
	return kbench_benches;
}

const struct kbench_bench *kbench_find(const char *name)
{
	for (const struct kbench_bench *b = kbench_benches; b->name; b++)
		if (!strcmp(b->name, name))
			return b;
	return NULL;
}

int kbench_listed(const char *list, const char *name)
{
	size_t len = strlen(name);

	if (!strcmp(list, "all"))
		return 1;
	for (const char *p = list; (p = strstr(p, name)); p += len)
		if ((p == list || p[-1] == ' ' || p[-1] == ',') &&
		    (p[len] == '\0' || p[len] == ' ' || p[len] == ','))
			return 1;
	return 0;
}

/* 1 while any selected benchmark wants another recorded pass. */
static int kbench_want_more(double *const vals[], int nbench, int done,
			    const struct kbench_run *run)
{
	for (int b = 0; b < nbench; b++)
		if (vals[b] && repeat_more(vals[b], done, run->iterations, run->max,
					   run->rsd_pct))
			return 1;
	return 0;
}

int kbench_run_set(const struct kbench_run *run, kbench_emit_fn emit, void *arg, char *cause,
		   size_t n)
{
	const struct kbench_bench *t = kbench_benches;
	double *vals[KBENCH_MAX_BENCHES] = { 0 };
	int nbench = 0, nodes = kbench_numa_nodes(), rc = -1;
	int max = run->max > run->iterations ? run->max : run->iterations;

	if (max > REPEAT_HARD_MAX)
		max = REPEAT_HARD_MAX;
	for (; t[nbench].name && nbench < KBENCH_MAX_BENCHES; nbench++) {
		if ((t[nbench].needs_numa && nodes < 2) || !kbench_listed(run->set, t[nbench].name))
			continue;
		vals[nbench] = calloc((size_t)max, sizeof(double));
		if (!vals[nbench]) {
			snprintf(cause, n, "out of memory");
			goto out;
		}
	}
	for (int i = 0; i < run->warmup + max; i++) {
		int it = i - run->warmup;

		if (it >= 0 && !kbench_want_more(vals, nbench, it, run))
			break;
		for (int b = 0; b < nbench; b++) {
			struct kbench_sample s;

			if (!vals[b])
				continue;
			if (kbench_measure(&t[b], &run->plan, &s, cause, n) < 0)
				goto out;
			if (it < 0)
				continue;
			vals[b][it] = s.value;
			if (emit(arg, &t[b], it, &s, cause, n) < 0)
				goto out;
		}
	}
	rc = 0;
out:
	for (int b = 0; b < nbench; b++)
		free(vals[b]);
	return rc;
}
