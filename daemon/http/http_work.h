/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * http_work.h - the threads that run request handlers, so that
 * libmicrohttpd's few event-loop threads never wait for one.
 *
 * libmicrohttpd serves every connection from a small pool of epoll
 * threads (daemon/http/http.c): a connection costs a thread only while
 * its handler runs.  A handler may block (the writer lock, a reader
 * connection, a build slot, a page being built), so it runs on a worker
 * of one of two lanes, each with threads of its own and a FIFO queue:
 *
 * - control: the runner protocol, admin calls and GET /api/v1/health,
 *   callers whose answer must not wait behind readers;
 * - read: everything else (pages, API lists, /metrics).
 *
 * A flood of readers fills the read lane's queue and never the control
 * lane's.  The connection is suspended while its work waits and runs.
 * An answer already in the answer cache never comes here: the event-loop
 * thread sends it before any hand-off (http_cache_answer).
 */
#ifndef KPCI_DAEMON_HTTP_WORK_H
#define KPCI_DAEMON_HTTP_WORK_H

enum http_lane {
	HTTP_LANE_READ,
	HTTP_LANE_CONTROL,
	HTTP_LANES
};

/* A piece of work, embedded first in the caller's struct: run(w, 0) on a
 * worker, or run(w, 1) when the server stops before it ran (the caller
 * answers without running the handler).  run owns w once called. */
struct http_work {
	struct http_work *next;
	void (*run)(struct http_work *w, int cancelled);
};

/* Starts workers[lane] threads for each lane: 0, or -1 (none left running). */
int http_work_start(const int workers[HTTP_LANES]);
/* Queues w on lane: 0, or -1 when the workers are stopping or stopped
 * (w is not run: the caller answers itself). */
int http_work_submit(enum http_lane lane, struct http_work *w);
/* Runs what is running to its end, cancels what waits, joins the threads. */
void http_work_stop(void);
/* Work waiting for a worker on lane now. */
int http_work_waiting(enum http_lane lane);

#endif
