// SPDX-License-Identifier: GPL-2.0-only
/*
 * http_work.c - the worker threads of request handlers (http_work.h):
 * per lane a FIFO queue under a mutex and the threads that take from
 * it.  It knows nothing of HTTP; daemon/http/http.c hands it the work
 * of suspended connections.
 */
#include <pthread.h>
#include <stdlib.h>

#include "daemon/http/http_work.h"

#define HTTP_WORK_MAX_THREADS 256   /* workers of one lane, at most */

struct http_work_lane {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct http_work *head, *tail;
	int waiting;                /* queued, not yet taken */
	int stopping;
	int nthreads;
	pthread_t threads[HTTP_WORK_MAX_THREADS];
};

static struct http_work_lane http_lanes[HTTP_LANES] = {
	{ .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER, .stopping = 1 },
	{ .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER, .stopping = 1 },
};

/* A worker: takes work in order until the lane stops and its queue is
 * empty; what it takes after the stop is cancelled. */
static void *http_work_main(void *arg)
{
	struct http_work_lane *l = arg;

	for (;;) {
		struct http_work *w;
		int cancelled;

		pthread_mutex_lock(&l->mu);
		while (!l->head && !l->stopping)
			pthread_cond_wait(&l->cv, &l->mu);
		w = l->head;
		if (w) {
			l->head = w->next;
			if (!l->head)
				l->tail = NULL;
			l->waiting--;
		}
		cancelled = l->stopping;
		pthread_mutex_unlock(&l->mu);
		if (!w)
			return NULL;
		w->next = NULL;
		w->run(w, cancelled);
	}
}

static void http_work_lane_stop(struct http_work_lane *l)
{
	pthread_mutex_lock(&l->mu);
	l->stopping = 1;
	pthread_cond_broadcast(&l->cv);
	pthread_mutex_unlock(&l->mu);
	for (int i = 0; i < l->nthreads; i++)
		pthread_join(l->threads[i], NULL);
	l->nthreads = 0;
}

int http_work_start(const int workers[HTTP_LANES])
{
	for (int lane = 0; lane < HTTP_LANES; lane++) {
		struct http_work_lane *l = &http_lanes[lane];
		int n = workers[lane];

		if (n < 1 || n > HTTP_WORK_MAX_THREADS)
			goto fail;
		l->stopping = 0;
		for (l->nthreads = 0; l->nthreads < n; l->nthreads++)
			if (pthread_create(&l->threads[l->nthreads], NULL, http_work_main, l))
				goto fail;
	}
	return 0;
fail:
	http_work_stop();
	return -1;
}

int http_work_submit(enum http_lane lane, struct http_work *w)
{
	struct http_work_lane *l = &http_lanes[lane];

	w->next = NULL;
	pthread_mutex_lock(&l->mu);
	if (l->stopping) {
		pthread_mutex_unlock(&l->mu);
		return -1;
	}
	if (l->tail)
		l->tail->next = w;
	else
		l->head = w;
	l->tail = w;
	l->waiting++;
	pthread_cond_signal(&l->cv);
	pthread_mutex_unlock(&l->mu);
	return 0;
}

void http_work_stop(void)
{
	for (int lane = 0; lane < HTTP_LANES; lane++)
		http_work_lane_stop(&http_lanes[lane]);
}

int http_work_waiting(enum http_lane lane)
{
	struct http_work_lane *l = &http_lanes[lane];
	int n;

	pthread_mutex_lock(&l->mu);
	n = l->waiting;
	pthread_mutex_unlock(&l->mu);
	return n;
}
