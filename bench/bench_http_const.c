// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_http_const.c - the ceiling of the HTTP benchmark (bench/bench_http.sh):
 * a libmicrohttpd server started with the same set-up as kpcid's
 * daemon/http/http.c (epoll, a pool of event-loop threads of the same
 * size, suspend/resume allowed, the same timeout, connection memory
 * limit and total connection limit) whose only handler answers every
 * GET with a constant body and the headers kpcid sends (Content-Type,
 * Cache-Control, ETag), from the event-loop thread itself.  What kpcid
 * serves is measured against it in the same run, so kpcid's ratio
 * includes the hand-off of each request to a worker thread and back
 * (daemon/http/http_work.h) besides the handler's own work.
 *
 *     bench_http_const [THREADS [BODY_FILE [gzip]]]
 *
 * THREADS is checked and otherwise unused: kpcid's [server] threads
 * bound its builds of answers, which a constant never needs.
 *
 * The constant is a small JSON object, or the bytes of BODY_FILE (read
 * once at start: kpcid's own answer saved by curl, so that a large answer
 * is set against a ceiling that sends the same bytes), sent with
 * Content-Encoding: gzip when the third argument is "gzip".
 *
 * Listens on 127.0.0.1 on a free port, prints "listening on
 * http://127.0.0.1:PORT/" and serves until SIGINT or SIGTERM.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <microhttpd.h>

#include "daemon/http/http.h"

#define CONST_THREADS_DEFAULT 4     /* kpcid's [server] threads default */
#define CONST_THREADS_MAX 64        /* the same bound as kpcid's config */
#define CONST_TIMEOUT_S 60          /* MHD_OPTION_CONNECTION_TIMEOUT of http.c */
#define CONST_POOL_MAX 8            /* HTTP_POOL_MAX of http.c */
#define CONST_CONNECTIONS 4096      /* [server] max_connections default */

static const char const_small[] = "{\"status\":\"ok\"}\n";
static const char *const_body = const_small;
static size_t const_len = sizeof const_small - 1;
static int const_gzip;

/* Reads path whole into const_body; -1 with a sentence on stderr. */
static int const_load(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *data;
	long n;

	if (!f || fseek(f, 0, SEEK_END) < 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) < 0 ||
	    !(data = malloc((size_t)n + 1)) || fread(data, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "bench_http_const: cannot read %s\n", path);
		if (f)
			fclose(f);
		return -1;
	}
	fclose(f);
	const_body = data;
	const_len = (size_t)n;
	return 0;
}

static enum MHD_Result const_answer(void *cls, struct MHD_Connection *conn, const char *url,
				    const char *method, const char *version,
				    const char *upload_data, size_t *upload_size, void **con_cls)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	if (!*con_cls) {            /* headers only: wait for the body, as http.c does */
		*con_cls = conn;
		return MHD_YES;
	}
	*upload_size = 0;
	r = MHD_create_response_from_buffer(const_len, (void *)(uintptr_t)const_body,
					    MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
	MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, "\"0123456789abcdef\"");
	if (const_gzip)
		MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
	ret = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

/* The event-loop threads, by http.c's rule: one per CPU, 2 to 8. */
static unsigned const_pool_size(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 2 ? 2 : n > CONST_POOL_MAX ? CONST_POOL_MAX : (unsigned)n;
}

int main(int argc, char **argv)
{
	unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME |
			 MHD_USE_ERROR_LOG;
	long threads = argc > 1 ? strtol(argv[1], NULL, 10) : CONST_THREADS_DEFAULT;
	const union MHD_DaemonInfo *info;
	struct MHD_Daemon *d;
	struct sockaddr_in sa;
	sigset_t set;
	int sig;

	if (threads < 1 || threads > CONST_THREADS_MAX) {
		fprintf(stderr, "bench_http_const: THREADS must be 1..%d\n", CONST_THREADS_MAX);
		return 2;
	}
	if (argc > 2 && const_load(argv[2]) < 0)
		return 1;
	const_gzip = argc > 3 && !strcmp(argv[3], "gzip");
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	d = MHD_start_daemon(flags, 0, NULL, NULL, const_answer, NULL,
			     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
			     MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONST_TIMEOUT_S,
			     MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(HTTP_MAX_HEADER * 8),
			     MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONST_CONNECTIONS,
			     MHD_OPTION_THREAD_POOL_SIZE, const_pool_size(),
			     MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "bench_http_const: cannot listen on 127.0.0.1\n");
		return 1;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	printf("listening on http://127.0.0.1:%u/\n", info ? (unsigned)info->port : 0u);
	fflush(stdout);
	sigwait(&set, &sig);
	MHD_stop_daemon(d);
	return 0;
}
