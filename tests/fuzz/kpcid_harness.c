// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpcid_harness.c - the real kpcid HTTP server in the fuzzer's process,
 * for the targets that send requests (fuzz_http, fuzz_api).
 *
 * kpcid_harness_start() opens a database in a temporary directory, makes
 * an admin, a runner and a read token, starts daemon/http/http.c on a free
 * loopback port and stores a runner, two jobs and a result through the
 * API, so that reads have rows to show.  kpcid_harness_request() sends one
 * request over a kept-alive socket and returns the status (0 when the
 * connection broke); the targets abort on a 500, which is a bug: every
 * bad input must get a 4xx.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "daemon/api/api.h"
#include "daemon/http/http.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "tests/fuzz/kpcid_harness.h"

#define HARNESS_MAX_ANSWER (64 << 20)

static struct kpcid harness_k;
static int harness_port, harness_fd = -1;
static char *harness_tokens[3];     /* admin, runner, read */

const char *kpcid_harness_token(enum harness_role role)
{
	return role == HARNESS_NONE ? NULL : harness_tokens[role - 1];
}

static int harness_connect(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)harness_port) };
	struct timeval tv = { 30, 0 };

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	harness_fd = socket(AF_INET, SOCK_STREAM, 0);
	if (harness_fd < 0)
		return -1;
	setsockopt(harness_fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	/* a request in several sends must not wait for delayed ACKs (40 ms) */
	setsockopt(harness_fd, IPPROTO_TCP, TCP_NODELAY, &(int){ 1 }, sizeof(int));
	if (connect(harness_fd, (struct sockaddr *)&a, sizeof a) < 0) {
		close(harness_fd);
		harness_fd = -1;
		return -1;
	}
	return 0;
}

static int harness_send(const char *p, size_t n)
{
	while (n) {
		ssize_t w = send(harness_fd, p, n, MSG_NOSIGNAL);

		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Reads one answer; its status, or 0 (the connection is then closed). */
static int harness_answer(int head)
{
	static char buf[HARNESS_MAX_ANSWER];
	size_t have = 0, need = 0;
	char *end = NULL, *cl;
	int status = 0, keep = 1;

	while (!end) {
		ssize_t r = recv(harness_fd, buf + have, sizeof buf - 1 - have, 0);

		if (r <= 0)
			goto broken;
		have += (size_t)r;
		buf[have] = '\0';
		end = strstr(buf, "\r\n\r\n");
	}
	if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1)
		goto broken;
	cl = strcasestr(buf, "\r\nContent-Length:");
	if (cl && cl < end)
		need = strtoul(cl + 17, NULL, 10);
	if (strcasestr(buf, "\r\nConnection: close") && strcasestr(buf, "\r\nConnection: close") < end)
		keep = 0;
	if (head || status == 204 || status == 304)
		need = 0;
	need += (size_t)(end + 4 - buf);
	if (need >= sizeof buf)
		goto broken;
	while (have < need) {
		ssize_t r = recv(harness_fd, buf + have, need - have, 0);

		if (r <= 0)
			goto broken;
		have += (size_t)r;
	}
	if (!keep) {
		close(harness_fd);
		harness_fd = -1;
	}
	return status;
broken:
	close(harness_fd);
	harness_fd = -1;
	return status;
}

/* One attempt of kpcid_harness_request; *fresh says whether the
 * connection was new (an answer missing on a kept one is tried again). */
static int harness_try(const char *method, const char *target, size_t target_len,
		       enum harness_role role, const char *body, size_t body_len, int *fresh)
{
	char head[1024];
	const char *tok = kpcid_harness_token(role);
	int n;

	*fresh = harness_fd < 0;
	if (harness_fd < 0 && harness_connect() < 0)
		return 0;
	n = snprintf(head, sizeof head, "%s ", method);
	if (harness_send(head, (size_t)n) < 0 || harness_send(target, target_len) < 0)
		goto broken;
	n = snprintf(head, sizeof head, " HTTP/1.1\r\nHost: fuzz\r\n%s%s%sContent-Type: "
		     "application/json\r\nContent-Length: %zu\r\n\r\n", tok ? "Authorization: Bearer " : "",
		     tok ? tok : "", tok ? "\r\n" : "", body_len);
	if (harness_send(head, (size_t)n) < 0 || harness_send(body, body_len) < 0)
		goto broken;
	return harness_answer(!strcmp(method, "HEAD"));
broken:
	close(harness_fd);
	harness_fd = -1;
	return 0;
}

int kpcid_harness_request(const char *method, const char *target, size_t target_len,
			  enum harness_role role, const char *body, size_t body_len)
{
	int fresh, status = harness_try(method, target, target_len, role, body, body_len, &fresh);

	/* the server may close a kept-alive connection after an answer (one
	 * sent before the body was read): a new one, as a client would */
	if (!status && !fresh)
		status = harness_try(method, target, target_len, role, body, body_len, &fresh);
	return status;
}

static void harness_post(const char *path, enum harness_role role, const char *body)
{
	int status = kpcid_harness_request("POST", path, strlen(path), role, body, strlen(body));

	if (status != 200 && status != 201) {
		fprintf(stderr, "kpcid_harness: POST %s answered %d\n", path, status);
		abort();
	}
}

int kpcid_harness_start(void)
{
	static const char *const roles[3] = { "admin", "runner", "read" };
	char dir[] = "/tmp/kpci-fuzz.XXXXXX", path[256], *cause = NULL;
	struct http_settings hs;

	signal(SIGPIPE, SIG_IGN);
	if (!mkdtemp(dir) || config_init(&harness_k.cfg) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/kpci.db", dir);
	harness_k.cfg.min_free_mb = 0;
	kpcid_publish_config(&harness_k);
	if (db_open(&harness_k.db, path, &cause) != DB_OK)
		return -1;
	for (int i = 0; i < 3; i++)
		if (db_token_create(harness_k.db, &harness_tokens[i], roles[i], "fuzz",
				    i == 1 ? "*" : NULL, &cause) != DB_OK)
			return -1;
	http_settings_of(&hs, &harness_k.cfg);
	hs.threads = 2;
	if (http_start(&harness_k.http, &harness_k, &api_app, "127.0.0.1:0", &hs,
		       &harness_port, &cause) < 0)
		return -1;
	harness_post("/api/v1/runners/register", HARNESS_RUNNER,
		     "{\"name\":\"fz\",\"runner_class\":\"c1\",\"capabilities\":[\"bench\"],"
		     "\"boot_methods\":[\"host\"]}");
	harness_post("/api/v1/jobs", HARNESS_ADMIN, "{\"suite\":\"kbench\"}");
	harness_post("/api/v1/jobs", HARNESS_ADMIN, "{\"suite\":\"kbench\"}");
	harness_post("/api/v1/jobs/claim", HARNESS_RUNNER, "{\"runner_id\":1}");
	harness_post("/api/v1/jobs/1/result", HARNESS_RUNNER,
		     "{\"runner_id\":1,\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},"
		     "\"samples\":[{\"suite\":\"kbench\",\"metric\":\"m\",\"unit\":\"ns\","
		     "\"better\":\"lower\",\"iteration\":0,\"value\":5},{\"suite\":\"kbench\","
		     "\"metric\":\"m\",\"unit\":\"ns\",\"better\":\"lower\",\"iteration\":1,"
		     "\"value\":6}]}");
	harness_post("/api/v1/jobs/claim", HARNESS_RUNNER, "{\"runner_id\":1}");
	return 0;
}
