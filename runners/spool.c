// SPDX-License-Identifier: GPL-2.0-only
/*
 * spool.c - the runner's outbox of results.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/log.h"
#include "runners/spool.h"


int spool_put(const char *dir, const struct proto_result *r, char **cause)
{
	char path[4096], tmp[4096 + 8];
	json_t *j = proto_result_encode(r);
	int fd = -1, rc = -1;

	snprintf(path, sizeof path, "%s/job-%lld-%d.json", dir, r->job_id, r->attempt);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (!j)
		goto out;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	if (fd < 0 || json_dumpfd(j, fd, JSON_COMPACT) < 0 || fsync(fd) < 0)
		goto out;
	if (close(fd) < 0) {
		fd = -1;
		goto out;
	}
	fd = -1;
	if (rename(tmp, path) < 0)
		goto out;
	rc = 0;
out:
	if (rc < 0) {
		fail_cause(cause, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
	}
	if (fd >= 0)
		close(fd);
	json_decref(j);
	return rc;
}

/* Moves a refused result aside so that it is kept but not retried. */
static void spool_reject(const char *dir, const char *name)
{
	char from[4096], to[4096 + 16], rdir[4096];

	snprintf(rdir, sizeof rdir, "%s/rejected", dir);
	mkdir(rdir, 0750);
	snprintf(from, sizeof from, "%s/%s", dir, name);
	snprintf(to, sizeof to, "%s/%s", rdir, name);
	if (rename(from, to) < 0)
		unlink(from);
}

/* Uploads one file: 1 done, 0 keep for later. */
static int spool_send(const char *dir, const char *name, struct client *c,
		      long long runner_id)
{
	char path[4096], url[96];
	json_t *body, *answer = NULL;
	json_error_t err;
	char *cause = NULL;
	long status;
	long long job;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	body = json_load_file(path, 0, &err);
	if (!json_is_object(body)) {
		log_error("spool: %s is not a result (%s); moved to rejected/", path, err.text);
		json_decref(body);
		spool_reject(dir, name);
		return 1;
	}
	job = json_integer_value(json_object_get(body, "job_id"));
	json_object_set_new(body, "runner_id", json_integer(runner_id));
	snprintf(url, sizeof url, "/api/v1/jobs/%lld/result", job);
	if (client_call(c, "POST", url, body, &status, &answer, &cause) < 0) {
		log_warn("spool: job %lld kept for later: %s", job, cause ? cause : "no answer");
		free(cause);
		json_decref(body);
		return 0;
	}
	json_decref(body);
	if (status == 200) {
		log_info("job %lld: result %s", job,
			 json_is_true(json_object_get(answer, "duplicate")) ?
			 "was already stored" : "uploaded");
		unlink(path);
	} else if (status == 401 || status == 403) {
		log_error("job %lld: kpcid refused the runner (%ld: %s); result kept for later",
			  job, status, client_error_text(answer, status));
		json_decref(answer);
		return 0;
	} else if (status >= 400 && status < 500) {
		log_error("job %lld: kpcid refused the result (%ld: %s); kept in %s/rejected/",
			  job, status, client_error_text(answer, status), dir);
		spool_reject(dir, name);
	} else {
		log_warn("job %lld: kpcid answered %ld; result kept for later", job, status);
		json_decref(answer);
		return 0;
	}
	json_decref(answer);
	return 1;
}

int spool_flush(const char *dir, struct client *c, long long runner_id)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int left = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (strncmp(e->d_name, "job-", 4) || n < 6 || strcmp(e->d_name + n - 5, ".json"))
			continue;
		if (!spool_send(dir, e->d_name, c, runner_id))
			left++;
	}
	closedir(d);
	return left;
}
