// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_guard.c - what one client may hold of kpcid (see http_guard.h):
 * a deadline for each request's whole header, enforced by a thread that
 * shuts down the sockets past it, and the budget of request bodies held
 * in memory by all requests together.  It knows sockets and sizes only;
 * daemon/http/http.c tells it about connections and bodies.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "daemon/http/http_guard.h"
#include "lib/log.h"
#include "lib/mono.h"

#define HTTP_GUARD_TICK_MS 250      /* how often deadlines are looked at */

struct http_guard_conn {
	struct http_guard_conn *prev, *next;    /* in the list of those waiting */
	int fd;
	long long deadline;         /* monotonic ms; with listed */
	int listed;
};

static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct http_guard_conn *head;
	pthread_t thread;
	int running, stop;
	unsigned long long cut;     /* connections shut down at their deadline */
} guard = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

static long long http_guard_bodies;     /* bytes reserved (atomic) */

/* Takes c off the list; the caller holds guard.mu. */
static void http_guard_unlist(struct http_guard_conn *c)
{
	if (!c->listed)
		return;
	if (c->prev)
		c->prev->next = c->next;
	else
		guard.head = c->next;
	if (c->next)
		c->next->prev = c->prev;
	c->prev = c->next = NULL;
	c->listed = 0;
}

struct http_guard_conn *http_guard_open(int fd)
{
	struct http_guard_conn *c = calloc(1, sizeof *c);

	if (c)
		c->fd = fd;
	return c;
}

void http_guard_wait_header(struct http_guard_conn *c, long long timeout_s)
{
	if (!c)
		return;
	pthread_mutex_lock(&guard.mu);
	http_guard_unlist(c);
	c->deadline = mono_ms() + timeout_s * 1000;
	c->next = guard.head;
	if (guard.head)
		guard.head->prev = c;
	guard.head = c;
	c->listed = 1;
	pthread_mutex_unlock(&guard.mu);
}

void http_guard_header_done(struct http_guard_conn *c)
{
	if (!c)
		return;
	pthread_mutex_lock(&guard.mu);
	http_guard_unlist(c);
	pthread_mutex_unlock(&guard.mu);
}

void http_guard_close(struct http_guard_conn *c)
{
	if (!c)
		return;
	pthread_mutex_lock(&guard.mu);
	http_guard_unlist(c);
	pthread_mutex_unlock(&guard.mu);
	free(c);
}

/*
 * Shuts down the sockets past their deadline.  The server closes a
 * socket only after telling http_guard_close, which waits for guard.mu:
 * a socket shut down here is still the connection's.
 */
static void *http_guard_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&guard.mu);
	while (!guard.stop) {
		long long now = mono_ms();
		struct timespec until;

		for (struct http_guard_conn *c = guard.head, *next; c; c = next) {
			next = c->next;
			if (c->deadline > now)
				continue;
			shutdown(c->fd, SHUT_RDWR);
			http_guard_unlist(c);
			guard.cut++;
		}
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += HTTP_GUARD_TICK_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&guard.cv, &guard.mu, &until);
	}
	pthread_mutex_unlock(&guard.mu);
	return NULL;
}

int http_guard_start(void)
{
	guard.stop = 0;
	if (pthread_create(&guard.thread, NULL, http_guard_main, NULL) != 0)
		return -1;
	guard.running = 1;
	return 0;
}

void http_guard_stop(void)
{
	if (!guard.running)
		return;
	pthread_mutex_lock(&guard.mu);
	guard.stop = 1;
	pthread_cond_signal(&guard.cv);
	pthread_mutex_unlock(&guard.mu);
	pthread_join(guard.thread, NULL);
	guard.running = 0;
}

unsigned long long http_guard_cut(void)
{
	unsigned long long n;

	pthread_mutex_lock(&guard.mu);
	n = guard.cut;
	pthread_mutex_unlock(&guard.mu);
	return n;
}

int http_guard_reserve(long long bytes, long long budget)
{
	long long held = __atomic_load_n(&http_guard_bodies, __ATOMIC_RELAXED);

	do {
		/* one body at a time always fits, whatever its size */
		if (held > 0 && held + bytes > budget)
			return -1;
	} while (!__atomic_compare_exchange_n(&http_guard_bodies, &held, held + bytes, 0,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	return 0;
}

void http_guard_release(long long bytes)
{
	__atomic_sub_fetch(&http_guard_bodies, bytes, __ATOMIC_RELAXED);
}

long long http_guard_held(void)
{
	return __atomic_load_n(&http_guard_bodies, __ATOMIC_RELAXED);
}
