// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_stream.c - the sockets libgit2 fetches over for the watcher.
 *
 * libgit2 1.5 waits on a silent server for ever.  The watcher registers
 * this plain socket stream with libgit2 (its TLS stream and its git://
 * and http:// transports run over it): connecting, reading and writing
 * give up after the fetching tree's fetch_timeout seconds without
 * progress, and at once when kpcid stops.  libgit2 registers a stream
 * for the whole process, without a pointer of the caller's, so the
 * watcher's stop flag and the timeout of the tree being fetched (only the
 * watcher thread fetches) are this file's own static values.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>
#include <git2/sys/stream.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "daemon/watch/watch_internal.h"

#define WATCH_STREAM_SLICE_MS 500   /* a waiting socket looks at the stop flag this often */
#define WATCH_STREAM_ERROR_LEN 512  /* bytes of an error sentence */

static long long watch_stream_timeout_s = 120;
static const int *watch_stream_stop;

struct watch_stream {
	git_stream parent;
	char *host, *port;
	int fd;
};

/* Waits until fd is ready for events; 0, or -1 with libgit2's error set. */
static int watch_io_wait(struct watch_stream *w, short events, const char *what)
{
	long long waited = 0, limit = watch_stream_timeout_s * 1000;

	for (;;) {
		struct pollfd pfd = { .fd = w->fd, .events = events };
		int slice = limit - waited < WATCH_STREAM_SLICE_MS ? (int)(limit - waited) :
			    WATCH_STREAM_SLICE_MS;
		int rc;

		if (watch_stream_stop && __atomic_load_n(watch_stream_stop, __ATOMIC_RELAXED)) {
			git_error_set_str(GIT_ERROR_NET, "kpcid is stopping");
			return -1;
		}
		if (slice <= 0) {
			char msg[WATCH_STREAM_ERROR_LEN];

			snprintf(msg, sizeof msg, "%.200s:%.16s did not %s within %lld s (fetch_timeout)",
				 w->host, w->port, what, watch_stream_timeout_s);
			git_error_set_str(GIT_ERROR_NET, msg);
			return -1;
		}
		rc = poll(&pfd, 1, slice);
		if (rc > 0)
			return 0;
		if (rc < 0 && errno != EINTR) {
			git_error_set_str(GIT_ERROR_OS, strerror(errno));
			return -1;
		}
		waited += slice;
	}
}

static int watch_stream_connect(git_stream *stream)
{
	struct watch_stream *w = (struct watch_stream *)stream;
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai = NULL, *a;
	char msg[WATCH_STREAM_ERROR_LEN] = "";
	int rc;

	rc = getaddrinfo(w->host, w->port, &hints, &ai);
	if (rc) {
		snprintf(msg, sizeof msg, "cannot resolve %.200s: %s", w->host, gai_strerror(rc));
		git_error_set_str(GIT_ERROR_NET, msg);
		return -1;
	}
	for (a = ai; a; a = a->ai_next) {
		int err = 0;
		socklen_t len = sizeof err;

		w->fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
			       a->ai_protocol);
		if (w->fd < 0) {
			err = errno;
		} else if (connect(w->fd, a->ai_addr, a->ai_addrlen) == 0) {
			break;
		} else if (errno != EINPROGRESS) {
			err = errno;
		} else if (watch_io_wait(w, POLLOUT, "accept the connection") < 0) {
			msg[0] = '\0';         /* the wait said why */
		} else if (getsockopt(w->fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && !err) {
			break;
		}
		if (err)
			snprintf(msg, sizeof msg, "cannot connect to %.200s:%.16s: %s", w->host,
				 w->port, strerror(err));
		if (w->fd >= 0)
			close(w->fd);
		w->fd = -1;
	}
	freeaddrinfo(ai);
	if (w->fd < 0) {
		if (msg[0] || !ai)
			git_error_set_str(GIT_ERROR_NET, msg[0] ? msg : "no address to connect to");
		return -1;
	}
	return 0;
}

/* One recv into in, or send of out, on w's non-blocking socket, waiting
 * for it while it makes progress (watch_io_wait). */
static ssize_t watch_stream_io(struct watch_stream *w, void *in, const void *out, size_t len)
{
	for (;;) {
		ssize_t n = out ? send(w->fd, out, len, MSG_NOSIGNAL) : recv(w->fd, in, len, 0);

		if (n >= 0)
			return n;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK) {
			git_error_set_str(GIT_ERROR_OS, strerror(errno));
			return -1;
		}
		if (watch_io_wait(w, out ? POLLOUT : POLLIN, out ? "take our request" : "answer") < 0)
			return -1;
	}
}

static ssize_t watch_stream_read(git_stream *stream, void *data, size_t len)
{
	return watch_stream_io((struct watch_stream *)stream, data, NULL, len);
}

static ssize_t watch_stream_write(git_stream *stream, const char *data, size_t len, int flags)
{
	(void)flags;
	return watch_stream_io((struct watch_stream *)stream, NULL, data, len);
}

static int watch_stream_close(git_stream *stream)
{
	struct watch_stream *w = (struct watch_stream *)stream;

	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	return 0;
}

static void watch_stream_free(git_stream *stream)
{
	struct watch_stream *w = (struct watch_stream *)stream;

	watch_stream_close(stream);
	free(w->host);
	free(w->port);
	free(w);
}

static int watch_stream_new(git_stream **out, const char *host, const char *port)
{
	struct watch_stream *w = calloc(1, sizeof *w);

	*out = NULL;
	if (!w || !(w->host = strdup(host)) || !(w->port = strdup(port))) {
		if (w)
			free(w->host);
		free(w);
		git_error_set_oom();
		return -1;
	}
	w->fd = -1;
	w->parent.version = GIT_STREAM_VERSION;
	w->parent.connect = watch_stream_connect;
	w->parent.read = watch_stream_read;
	w->parent.write = watch_stream_write;
	w->parent.close = watch_stream_close;
	w->parent.free = watch_stream_free;
	*out = &w->parent;
	return 0;
}

int watch_stream_register(const int *stop)
{
	git_stream_registration reg = { .version = GIT_STREAM_VERSION, .init = watch_stream_new };

	watch_stream_stop = stop;

	return git_stream_register(GIT_STREAM_STANDARD, &reg) < 0 ? -1 : 0;
}

void watch_stream_unregister(void)
{
	git_stream_register(GIT_STREAM_STANDARD, NULL);
	watch_stream_stop = NULL;
}

void watch_stream_timeout(long long seconds)
{
	watch_stream_timeout_s = seconds;
}
