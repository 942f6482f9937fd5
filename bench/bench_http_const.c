/*
 * bench_http_const.c - the ceiling of the HTTP benchmark (bench/bench_http.sh):
 * a libmicrohttpd server started with the same thread model and options as
 * kpcid's daemon/http.c (internal polling thread, epoll, a pool of THREADS
 * workers, the same timeout and connection memory limit) whose only
 * handler answers every GET with a constant small JSON body and the
 * headers kpcid sends (Content-Type, Cache-Control, ETag).  What kpcid
 * serves is measured against it in the same run.
 *
 *     bench_http_const [THREADS]
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

#include <microhttpd.h>

#include "daemon/http.h"

#define CONST_THREADS_DEFAULT 4     /* kpcid's [server] threads default */
#define CONST_THREADS_MAX 64        /* the same bound as kpcid's config */
#define CONST_TIMEOUT_S 60          /* MHD_OPTION_CONNECTION_TIMEOUT of http.c */

static const char const_body[] = "{\"status\":\"ok\"}\n";

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
	r = MHD_create_response_from_buffer(sizeof const_body - 1, (void *)(uintptr_t)const_body,
					    MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
	MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, "\"0123456789abcdef\"");
	ret = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

int main(int argc, char **argv)
{
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL_LINUX_ONLY |
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
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	d = MHD_start_daemon(flags, 0, NULL, NULL, const_answer, NULL,
			     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
			     MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
			     MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONST_TIMEOUT_S,
			     MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(HTTP_MAX_HEADER * 8),
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
