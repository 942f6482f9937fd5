/*
 * kbench_core.c - the microbenchmarks of kbench_core.h.
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

#define KBENCH_SYSCALLS   200000
#define KBENCH_ROUNDS     10000
#define KBENCH_FORKS      400
#define KBENCH_THREADS    1000
#define KBENCH_FAULT_MB   16
#define KBENCH_YIELDS     20000
#define KBENCH_EPOLLS     50000
#define KBENCH_OPENS      50000
#define KBENCH_NUMA_MB    32
#define KBENCH_CHASE      (1 << 20)
#define KBENCH_MAX_NODES  64
#define KBENCH_MPOL_BIND  2

/* Results of the memory loops land here so they are not optimised away. */
static volatile size_t kbench_sink;

static double kbench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int kbench_errno(char *cause, size_t n, const char *what)
{
	snprintf(cause, n, "%s: %s", what, strerror(errno));
	return -1;
}

static int kbench_count(int base, int scale)
{
	int c = base / (scale > 0 ? scale : 1);

	return c > 0 ? c : 1;
}

static int kbench_getppid(double *out, int scale, char *cause, size_t n)
{
	int count = kbench_count(KBENCH_SYSCALLS, scale);
	double t0 = kbench_now_ns();

	for (int i = 0; i < count; i++)
		syscall(SYS_getppid);
	*out = (kbench_now_ns() - t0) / count;
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

static int kbench_pingpong(double *out, int scale, char *cause, size_t n)
{
	int to_child[2], to_parent[2], status, bad = 0, rounds = kbench_count(KBENCH_ROUNDS, scale);
	double t0, t1;
	pid_t pid;

	if (pipe(to_child) < 0)
		return kbench_errno(cause, n, "pipe-pingpong: pipe");
	if (pipe(to_parent) < 0) {
		close(to_child[0]);
		close(to_child[1]);
		return kbench_errno(cause, n, "pipe-pingpong: pipe");
	}
	pid = fork();
	if (pid < 0)
		return kbench_errno(cause, n, "pipe-pingpong: fork");
	if (pid == 0) {
		close(to_child[1]);
		close(to_parent[0]);
		for (int i = 0; i < rounds; i++)
			if (kbench_xfer(to_child[0], 0) < 0 || kbench_xfer(to_parent[1], 1) < 0)
				_exit(1);
		_exit(0);
	}
	close(to_child[0]);
	close(to_parent[1]);
	t0 = kbench_now_ns();
	for (int i = 0; i < rounds && !bad; i++)
		bad = kbench_xfer(to_child[1], 1) < 0 || kbench_xfer(to_parent[0], 0) < 0;
	t1 = kbench_now_ns();
	close(to_child[1]);
	close(to_parent[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) || bad) {
		snprintf(cause, n, "pipe-pingpong: the partner process failed");
		return -1;
	}
	*out = (t1 - t0) / rounds;
	return 0;
}

/* futex ping-pong: the word holds whose turn it is (0 main, 1 partner). */
struct kbench_futex {
	atomic_int turn;
	int rounds;
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

	for (int i = 0; i < f->rounds; i++) {
		kbench_futex_wait(&f->turn, 0);
		kbench_futex_pass(&f->turn, 0);
	}
	return NULL;
}

static int kbench_futex(double *out, int scale, char *cause, size_t n)
{
	struct kbench_futex f = { .rounds = kbench_count(KBENCH_ROUNDS, scale) };
	pthread_t t;
	double t0;

	atomic_init(&f.turn, 0);
	if (pthread_create(&t, NULL, kbench_futex_partner, &f)) {
		snprintf(cause, n, "futex-wake-wait: cannot create a thread");
		return -1;
	}
	t0 = kbench_now_ns();
	for (int i = 0; i < f.rounds; i++) {
		kbench_futex_pass(&f.turn, 1);
		kbench_futex_wait(&f.turn, 1);
	}
	*out = (kbench_now_ns() - t0) / f.rounds;
	pthread_join(t, NULL);
	return 0;
}

static int kbench_fork(double *out, int scale, char *cause, size_t n)
{
	int count = kbench_count(KBENCH_FORKS, scale), status;
	double t0 = kbench_now_ns();

	for (int i = 0; i < count; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return kbench_errno(cause, n, "fork-exit: fork");
		if (pid == 0)
			_exit(0);
		if (waitpid(pid, &status, 0) < 0)
			return kbench_errno(cause, n, "fork-exit: waitpid");
	}
	*out = (kbench_now_ns() - t0) / count;
	return 0;
}

static void *kbench_nothing(void *arg)
{
	return arg;
}

static int kbench_thread(double *out, int scale, char *cause, size_t n)
{
	int count = kbench_count(KBENCH_THREADS, scale);
	double t0 = kbench_now_ns();

	for (int i = 0; i < count; i++) {
		pthread_t t;

		if (pthread_create(&t, NULL, kbench_nothing, NULL)) {
			snprintf(cause, n, "thread-create: pthread_create failed");
			return -1;
		}
		pthread_join(t, NULL);
	}
	*out = (kbench_now_ns() - t0) / count;
	return 0;
}

static int kbench_fault(double *out, int scale, char *cause, size_t n)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t len = (size_t)KBENCH_FAULT_MB << 20;
	int rounds = kbench_count(8, scale);
	double t0 = kbench_now_ns();

	for (int r = 0; r < rounds; r++) {
		char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return kbench_errno(cause, n, "page-fault: mmap");
		for (size_t off = 0; off < len; off += (size_t)page)
			((volatile char *)p)[off] = 1;
		munmap(p, len);
	}
	*out = (kbench_now_ns() - t0) / ((double)rounds * (double)(len / (size_t)page));
	return 0;
}

static int kbench_pin_here(void)
{
	cpu_set_t set;
	int cpu = sched_getcpu();

	CPU_ZERO(&set);
	CPU_SET(cpu < 0 ? 0 : cpu, &set);
	return sched_setaffinity(0, sizeof set, &set);
}

struct kbench_yield {
	int count;
	cpu_set_t set;
};

static void *kbench_yielder(void *arg)
{
	struct kbench_yield *y = arg;

	sched_setaffinity(0, sizeof y->set, &y->set);
	for (int i = 0; i < y->count; i++)
		sched_yield();
	return NULL;
}

static int kbench_yield(double *out, int scale, char *cause, size_t n)
{
	struct kbench_yield y = { .count = kbench_count(KBENCH_YIELDS, scale) };
	cpu_set_t saved;
	pthread_t t;
	double t0;

	sched_getaffinity(0, sizeof saved, &saved);
	kbench_pin_here();
	sched_getaffinity(0, sizeof y.set, &y.set);
	t0 = kbench_now_ns();
	if (pthread_create(&t, NULL, kbench_yielder, &y)) {
		sched_setaffinity(0, sizeof saved, &saved);
		snprintf(cause, n, "sched-yield: cannot create a thread");
		return -1;
	}
	for (int i = 0; i < y.count; i++)
		sched_yield();
	pthread_join(t, NULL);
	*out = (kbench_now_ns() - t0) / (2.0 * y.count);
	sched_setaffinity(0, sizeof saved, &saved);
	return 0;
}

static int kbench_epoll(double *out, int scale, char *cause, size_t n)
{
	int count = kbench_count(KBENCH_EPOLLS, scale), ep, ev;
	struct epoll_event e = { .events = EPOLLIN }, got;
	uint64_t one = 1, val;
	double t0;

	ep = epoll_create1(0);
	if (ep < 0)
		return kbench_errno(cause, n, "epoll-wait: epoll_create1");
	ev = eventfd(0, 0);
	if (ev < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, ev, &e) < 0) {
		kbench_errno(cause, n, "epoll-wait: eventfd");
		close(ep);
		if (ev >= 0)
			close(ev);
		return -1;
	}
	t0 = kbench_now_ns();
	for (int i = 0; i < count; i++) {
		if (write(ev, &one, sizeof one) != sizeof one || epoll_wait(ep, &got, 1, -1) != 1 ||
		    read(ev, &val, sizeof val) != sizeof val) {
			kbench_errno(cause, n, "epoll-wait");
			close(ev);
			close(ep);
			return -1;
		}
	}
	*out = (kbench_now_ns() - t0) / count;
	close(ev);
	close(ep);
	return 0;
}

static int kbench_open(double *out, int scale, char *cause, size_t n)
{
	int count = kbench_count(KBENCH_OPENS, scale);
	double t0 = kbench_now_ns();

	for (int i = 0; i < count; i++) {
		int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (fd < 0)
			return kbench_errno(cause, n, "open-close: open /");
		close(fd);
	}
	*out = (kbench_now_ns() - t0) / count;
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

/* Pins the calling thread to the CPUs of node (its cpulist "0-1,4"). */
static int kbench_pin_node(int node)
{
	char path[80], list[1024], *p = list;
	cpu_set_t set;
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
	CPU_ZERO(&set);
	while (*p && *p != '\n') {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p)
			return -1;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		for (long c = lo; c <= hi && c < CPU_SETSIZE; c++)
			CPU_SET((int)c, &set);
		p = *end == ',' ? end + 1 : end;
	}
	return sched_setaffinity(0, sizeof set, &set);
}

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

/* MB/s (bw) or ns per load (lat) from node 0's CPUs to memory on mem_node. */
static int kbench_numa(double *out, int mem_node, int latency, int scale, char *cause, size_t n)
{
	size_t len = (size_t)KBENCH_NUMA_MB << 20, words = len / sizeof(size_t);
	cpu_set_t saved;
	size_t *p;
	double t0;

	if (mem_node >= kbench_numa_nodes()) {
		snprintf(cause, n, "numa: node %d does not exist", mem_node);
		return -1;
	}
	sched_getaffinity(0, sizeof saved, &saved);
	if (kbench_pin_node(0) < 0 && kbench_numa_nodes() > 1) {
		snprintf(cause, n, "numa: cannot pin to the CPUs of node 0");
		return -1;
	}
	p = (size_t *)kbench_node_alloc(len, mem_node);
	if (!p) {
		sched_setaffinity(0, sizeof saved, &saved);
		return kbench_errno(cause, n, "numa: mmap+mbind");
	}
	if (latency) {
		/* a single random cycle through cache-line-spaced slots */
		size_t stride = 64 / sizeof(size_t), slots = words / stride, at = 0;
		size_t steps = (size_t)kbench_count(KBENCH_CHASE, scale);
		unsigned long long seed = 88172645463325252ULL;

		for (size_t i = 0; i < slots; i++)
			p[i * stride] = i;
		for (size_t i = slots - 1; i > 0; i--) {
			size_t j, tmp;

			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			j = (size_t)(seed % i);     /* Sattolo: one cycle */
			tmp = p[i * stride], p[i * stride] = p[j * stride], p[j * stride] = tmp;
		}
		t0 = kbench_now_ns();
		for (size_t i = 0; i < steps; i++)
			at = ((volatile size_t *)p)[at * stride];
		*out = (kbench_now_ns() - t0) / (double)steps;
		kbench_sink = at;
	} else {
		int passes = kbench_count(8, scale);
		size_t sum = 0;

		t0 = kbench_now_ns();
		for (int r = 0; r < passes; r++)
			for (size_t i = 0; i < words; i++)
				sum += ((volatile size_t *)p)[i];
		*out = (double)passes * (double)len / 1e6 / ((kbench_now_ns() - t0) / 1e9);
		kbench_sink = sum;
	}
	munmap(p, len);
	sched_setaffinity(0, sizeof saved, &saved);
	return 0;
}

static int kbench_bw_local(double *out, int scale, char *cause, size_t n)
{
	return kbench_numa(out, 0, 0, scale, cause, n);
}

static int kbench_bw_remote(double *out, int scale, char *cause, size_t n)
{
	return kbench_numa(out, 1, 0, scale, cause, n);
}

static int kbench_lat_local(double *out, int scale, char *cause, size_t n)
{
	return kbench_numa(out, 0, 1, scale, cause, n);
}

static int kbench_lat_remote(double *out, int scale, char *cause, size_t n)
{
	return kbench_numa(out, 1, 1, scale, cause, n);
}

static const struct kbench_bench kbench_benches[] = {
	{ "syscall-getppid", "ns/op", 0, kbench_getppid, 0 },
	{ "pipe-pingpong", "ns/op", 0, kbench_pingpong, 0 },
	{ "futex-wake-wait", "ns/op", 0, kbench_futex, 0 },
	{ "fork-exit", "ns/op", 0, kbench_fork, 0 },
	{ "thread-create", "ns/op", 0, kbench_thread, 0 },
	{ "page-fault", "ns/op", 0, kbench_fault, 0 },
	{ "sched-yield", "ns/op", 0, kbench_yield, 0 },
	{ "epoll-wait", "ns/op", 0, kbench_epoll, 0 },
	{ "open-close", "ns/op", 0, kbench_open, 0 },
	{ "numa-bw-local", "MB/s", 1, kbench_bw_local, 0 },
	{ "numa-lat-local", "ns", 0, kbench_lat_local, 0 },
	{ "numa-bw-remote", "MB/s", 1, kbench_bw_remote, 1 },
	{ "numa-lat-remote", "ns", 0, kbench_lat_remote, 1 },
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
