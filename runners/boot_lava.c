// SPDX-License-Identifier: GPL-2.0-only
/*
 * boot_lava.c - the lava boot method (boot_lava.h): LAVA's REST API v0.2
 * through lib/client.c, the job's state in work_dir/lava/.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/client.h"
#include "lib/conf.h"
#include "lib/fail.h"
#include "lib/fs.h"
#include "lib/log.h"
#include "lib/sha256.h"
#include "lib/spawn.h"
#include "runners/boot_lava.h"
#include "runners/suite_defs.h"

#define LAVA_MAX_PATH     4096
#define LAVA_COPY_TIMEOUT 600          /* seconds a copy into publish_dir may take */
#define LAVA_MONITOR      "kpci"       /* the name of the monitors test */
/* A KPCI-RESULT line of kpci-kbench (runners/guest/kbench_main.c) as LAVA
 * test case: its metric, unit and value (a "spread" may follow it). */
#define LAVA_PATTERN \
	"KPCI-RESULT \\{\"suite\":\"[^\"]*\",\"metric\":\"(?P<test_case_id>[^\"]+)\"," \
	"\"unit\":\"(?P<units>[^\"]*)\",\"higher_is_better\":[01],\"iteration\":[0-9]+," \
	"\"value\":(?P<measurement>[-+.0-9eE]+)[,}]"

/* One conversation with the lab. */
struct lava_ctx {
	const struct lava_boot *lb;
	const struct rconfig *cfg;
	struct client c;
	char state[LAVA_MAX_PATH];      /* work_dir/lava/job-ID-ATTEMPT.json */
	long long lava_id;
};

static void lava_sleep(const struct lava_ctx *x, long long seconds)
{
	for (long long i = 0; i < seconds * 10 && !(x->lb->stop && *x->lb->stop); i++) {
		struct timespec ts = { 0, 100 * 1000 * 1000 };

		nanosleep(&ts, NULL);
	}
}

/* A request, tried again after 1, 2, 4 ... s while no answer or a 5xx
 * comes back, up to [lava] retries tries.  JSON answers go to *out (when
 * out), text ones to text (when text).  0 with *status, or -1. */
static int lava_request(struct lava_ctx *x, const char *method, const char *path,
			const json_t *body, long *status, json_t **out, struct buf *text,
			char **cause)
{
	long long wait = 1;
	int rc = -1;

	for (long long n = 1; n <= x->cfg->lava_retries; n++) {
		if (out)
			json_decref(*out);
		if (text)
			buf_reset(text);
		rc = text ? client_send(&x->c, method, path, NULL, NULL, status, text, cause) :
		     client_call(&x->c, method, path, body, status, out, cause);
		if (rc == 0 && *status < 500)
			return 0;
		if (rc == 0)
			fail_cause(cause, "%s%s answered %ld", x->cfg->lava_url, path, *status);
		if (n == x->cfg->lava_retries || (x->lb->stop && *x->lb->stop))
			break;
		log_warn("lava: %s; trying again in %lld s", *cause ? *cause : "no answer", wait);
		lava_sleep(x, wait);
		wait = wait * 2 > LAVA_RETRY_MAX ? LAVA_RETRY_MAX : wait * 2;
	}
	return -1;
}

/* The sentence for an answer that is not what was asked. */
static int lava_refused(const char *what, long status, const json_t *answer, char **cause)
{
	const char *msg = json_string_value(json_object_get(answer, "message"));

	if (!msg)
		msg = json_string_value(json_object_get(answer, "detail"));
	if (status == 401 || status == 403)
		return fail_cause(cause, "the lab refused the token of [lava] token_file (%ld%s%s)",
				  status, msg ? ": " : "", msg ? msg : "");
	return fail_cause(cause, "%s: the lab answered %ld%s%s", what, status, msg ? ": " : "",
			  msg ? msg : "");
}

/* --- the job definition -------------------------------------------- */

/* "tags" of the configuration as a JSON array. */
static json_t *lava_tags(const char *tags)
{
	json_t *a = json_array();
	char *copy = strdup(tags ? tags : ""), *p = copy, *t;

	while (copy && (t = strsep(&p, " ,")))
		if (*t)
			json_array_append_new(a, json_string(t));
	free(copy);
	return a;
}

json_t *lava_definition(const struct lava_boot *lb, const char *kernel_url,
			const char *kernel_sha, const char *initrd_url, const char *initrd_sha)
{
	const struct qemu_boot *q = lb->q;
	const struct rconfig *cfg = q->cfg;
	char cmdline[QEMU_MAX_CMDLINE], name[256], image_arg[QEMU_MAX_CMDLINE + 64];
	char smp[32], job[32], attempt[16];
	json_t *def, *deploy, *boot, *opts = json_array();
	long long minutes = cfg->lava_job_timeout;
	int per_node = q->memory_mb / (q->nodes > 0 ? q->nodes : 1);

	qemu_cmdline(cmdline, sizeof cmdline, q, "lab", q->sr->iterations, q->sr->warmup);
	if (cfg->lava_kernel_args && *cfg->lava_kernel_args) {
		size_t n = strlen(cmdline);

		snprintf(cmdline + n, sizeof cmdline - n, " %s", cfg->lava_kernel_args);
	}
	snprintf(name, sizeof name, "kpci job %lld attempt %d: %s", lb->job->id,
		 lb->job->attempt, q->suite);
	snprintf(job, sizeof job, "%lld", lb->job->id);
	snprintf(attempt, sizeof attempt, "%d", lb->job->attempt);
	if (!strcmp(cfg->lava_boot, "qemu")) {
		snprintf(image_arg, sizeof image_arg, "-kernel {kernel} -append \"%s\"", cmdline);
		snprintf(smp, sizeof smp, "-smp %d", q->nodes * q->cpus_per_node);
		json_array_append_new(opts, json_string(smp));
		for (int i = 0; q->nodes > 1 && i < q->nodes; i++) {
			char obj[128], numa[128];

			snprintf(obj, sizeof obj, "-object memory-backend-ram,id=m%d,size=%dM", i,
				 per_node);
			snprintf(numa, sizeof numa, "-numa node,nodeid=%d,cpus=%d-%d,memdev=m%d", i,
				 i * q->cpus_per_node, (i + 1) * q->cpus_per_node - 1, i);
			json_array_append_new(opts, json_string(obj));
			json_array_append_new(opts, json_string(numa));
		}
		json_array_append_new(opts, json_string("-no-reboot"));
		deploy = json_pack("{s:s, s:{s:i}, s:{s:{s:s, s:s, s:s}, s:{s:s, s:s, s:s}}}",
				   "to", "tmpfs", "timeout", "minutes", 10, "images",
				   "kernel", "url", kernel_url, "sha256sum", kernel_sha,
				   "image_arg", image_arg,
				   "initrd", "url", initrd_url, "sha256sum", initrd_sha,
				   "image_arg", "-initrd {initrd}");
		boot = json_pack("{s:s, s:s, s:{s:I}}", "method", "qemu", "media", "tmpfs",
				 "timeout", "minutes", (json_int_t)minutes);
	} else {
		/* an x86 board: bzImage and initramfs by TFTP, iPXE boots them */
		/* kpci's initramfs as it is: no LAVA overlay or modules added */
		deploy = json_pack("{s:s, s:{s:i}, s:{s:s, s:s, s:s}, s:{s:s, s:s, s:b, s:b}}",
				   "to", "tftp", "timeout", "minutes", 10,
				   "kernel", "url", kernel_url, "sha256sum", kernel_sha, "type", "zimage",
				   "ramdisk", "url", initrd_url, "sha256sum", initrd_sha,
				   "install_overlay", 0, "install_modules", 0);
		boot = json_pack("{s:s, s:s, s:{s:I}}", "method", "ipxe", "commands", "ramdisk",
				 "timeout", "minutes", (json_int_t)minutes);
	}
	def = json_pack("{s:s, s:s, s:s, s:s, s:o, s:{s:{s:I}, s:{s:i}, s:{s:i}}, "
			"s:{s:s, s:s, s:s}, s:[{s:o}, {s:o}, {s:{s:{s:I}, s:[{s:s, s:s, s:s, s:s}]}}]}",
			"job_name", name, "device_type", cfg->lava_device_type,
			"visibility", "public", "priority", "medium", "tags", lava_tags(cfg->lava_tags),
			"timeouts", "job", "minutes", (json_int_t)minutes + 15,
			"action", "minutes", 10, "connection", "minutes", 2,
			"metadata", "kpci.job", job, "kpci.attempt", attempt, "kpci.suite", q->suite,
			"actions", "deploy", deploy, "boot", boot,
			"test", "timeout", "minutes", (json_int_t)minutes,
			"monitors", "name", LAVA_MONITOR, "start", "KPCI-ENV kernel_release",
			"end", "KPCI-DONE", "pattern", LAVA_PATTERN);
	if (def && !strcmp(cfg->lava_boot, "qemu"))
		json_object_set_new(def, "context", json_pack("{s:s, s:i, s:o}", "arch", "amd64",
							      "memory", q->memory_mb,
							      "extra_options", opts));
	else
		json_decref(opts);
	return def;
}

/* --- publishing ------------------------------------------------------ */

/* Puts file into publish_dir as SHA.suffix; *url (malloc'd) is where the
 * lab reads it, sha its digest.  0, or -1 with *cause. */
static int lava_publish(const struct rconfig *cfg, const char *file, const char *suffix,
			char sha[SHA256_HEX_LEN + 1], char **url, char **cause)
{
	char dir[LAVA_MAX_PATH], dest[LAVA_MAX_PATH + 96], tmp[LAVA_MAX_PATH + 128];
	const char *base = cfg->lava_publish_url;
	char *argv[] = { "cp", "--", (char *)(uintptr_t)file, tmp, NULL };

	if (cfg->lava_publish_dir)
		snprintf(dir, sizeof dir, "%s", cfg->lava_publish_dir);
	else
		snprintf(dir, sizeof dir, "%s/lava/publish", cfg->work_dir);
	if (sha256_file(sha, file) < 0)
		return fail_cause(cause, "cannot read %s: %s", file, strerror(errno));
	if (fs_mkdirs(dir) < 0)
		return fail_cause(cause, "cannot create [lava] publish_dir %s: %s", dir,
				  strerror(errno));
	snprintf(dest, sizeof dest, "%s/%s.%s", dir, sha, suffix);
	if (access(dest, R_OK) != 0) {
		snprintf(tmp, sizeof tmp, "%s.part", dest);
		if (spawn_run(argv, NULL, LAVA_COPY_TIMEOUT, cause) < 0 || rename(tmp, dest) < 0) {
			unlink(tmp);
			return fail_cause(cause, "cannot put %s into %s", file, dir);
		}
		chmod(dest, 0644);
	}
	if (asprintf(url, "%s%s%s.%s", base, base[strlen(base) - 1] == '/' ? "" : "/", sha,
		     suffix) < 0)
		return fail_cause(cause, "out of memory");
	return 0;
}

/* --- state across restarts ------------------------------------------ */

static void lava_state_dir(char *out, size_t n, const struct rconfig *cfg)
{
	snprintf(out, n, "%s/lava", cfg->work_dir);
}

/* Writes {job, lava_id} durably: a restart must find it. */
static int lava_state_write(struct lava_ctx *x, char **cause)
{
	char tmp[LAVA_MAX_PATH + 8];
	json_t *st = json_pack("{s:o, s:I}", "job", proto_job_encode(x->lb->job), "lava_id",
			       (json_int_t)x->lava_id);
	int fd, rc = -1;

	snprintf(tmp, sizeof tmp, "%s.tmp", x->state);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	if (st && fd >= 0 && json_dumpfd(st, fd, JSON_COMPACT) == 0 && fsync(fd) == 0) {
		close(fd);
		fd = -1;
		rc = rename(tmp, x->state);
	}
	if (fd >= 0)
		close(fd);
	json_decref(st);
	if (rc < 0) {
		unlink(tmp);
		return fail_cause(cause, "cannot write %s: %s", x->state, strerror(errno));
	}
	return 0;
}

json_t *lava_pending(const struct rconfig *cfg)
{
	char dir[LAVA_MAX_PATH], path[LAVA_MAX_PATH + 300];
	json_t *out = json_array(), *st;
	struct dirent *e;
	DIR *d;

	lava_state_dir(dir, sizeof dir, cfg);
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (strncmp(e->d_name, "job-", 4) || n < 10 || strcmp(e->d_name + n - 5, ".json"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		st = json_load_file(path, JSON_REJECT_DUPLICATES, NULL);
		if (json_is_object(json_object_get(st, "job")))
			json_array_append(out, json_object_get(st, "job"));
		else
			log_error("lava: %s is not a job's state; ignored", path);
		json_decref(st);
	}
	if (d)
		closedir(d);
	return out;
}

/* --- the log --------------------------------------------------------- */

/* Decodes the YAML double-quoted scalar at p (after its opening quote)
 * into b; returns where it ended, or NULL when it does not end. */
static const char *lava_yaml_dq(const char *p, const char *end, struct buf *b)
{
	/* \0 becomes '?': a console line is text */
	static const char from[] = "0abtnvfre \"/\\N_LP", to[] = "?\a\b\t\n\v\f\r\x1b \"/\\";

	while (p < end && *p != '"') {
		const char *e;
		char c;

		if (*p != '\\') {
			buf_add(b, p++, 1);
			continue;
		}
		if (++p >= end)
			return NULL;
		e = strchr(from, *p);
		if (*p == 'x' || *p == 'u' || *p == 'U') {
			int len = *p == 'x' ? 2 : *p == 'u' ? 4 : 8;
			char hex[9] = "";
			unsigned long v;

			if (end - p <= len)
				return NULL;
			memcpy(hex, p + 1, (size_t)len);
			v = strtoul(hex, NULL, 16);
			c = v && v < 0x80 ? (char)v : '?';   /* ASCII text: others shown as ? */
			buf_add(b, &c, 1);
			p += len + 1;
		} else if (e && e - from < (long)sizeof to - 1) {
			buf_add(b, &to[e - from], 1);
			p++;
		} else if (e) {
			buf_add(b, "?", 1);         /* \N \_ \L \P: not ASCII */
			p++;
		} else {
			return NULL;
		}
	}
	return p < end ? p : NULL;
}

/* LAVA's dispatcher writes each console line with every '"' as '\\"'
 * (lava_dispatcher/shell.py, "escape double quotes for YAML syntax")
 * before the log's own YAML quoting: the bytes of b from from on get
 * their '"' back.  Exact: the dispatcher adds one '\\' before each '"'. */
static void lava_unescape_quotes(struct buf *b, size_t from)
{
	size_t out = from;

	if (!b->data)
		return;
	for (size_t i = from; i < b->len; i++) {
		if (b->data[i] == '\\' && i + 1 < b->len && b->data[i + 1] == '"')
			i++;
		b->data[out++] = b->data[i];
	}
	b->len = out;
	b->data[out] = '\0';
}

char *lava_log_console(const char *log, size_t len)
{
	const char *p = log, *end = log + len;
	struct buf b;

	buf_init(&b, LAVA_MAX_LOG);
	buf_adds(&b, "");
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *eol = nl ? nl : end;
		/* "feedback": console lines the dispatcher read after the test
		 * action ended (KPCI-DONE often is one) */
		const char *lvl = memmem(p, (size_t)(eol - p), "\"lvl\": \"target\"", 15);
		const char *msg = memmem(p, (size_t)(eol - p), "\"msg\": \"", 8);
		size_t mark = b.len;

		if (!lvl)
			lvl = memmem(p, (size_t)(eol - p), "\"lvl\": \"feedback\"", 17);
		if (lvl && msg && lava_yaml_dq(msg + 8, eol, &b)) {
			lava_unescape_quotes(&b, mark);
			while (b.len > mark && b.data[b.len - 1] == '\r')
				b.len--;        /* a serial console's line ends */
			buf_add(&b, "\n", 1);
		} else if (b.data) {
			b.len = mark;           /* not a console line, or a broken one */
			b.data[mark] = '\0';
		}
		p = eol + 1;
	}
	return buf_steal(&b);
}

/* --- the job ---------------------------------------------------------- */

/* Publishes the kernel and a fresh initramfs and submits the definition;
 * sets x->lava_id and writes the state.  0, or -1 with *cause. */
static int lava_submit(struct lava_ctx *x, char **cause)
{
	const struct qemu_boot *q = x->lb->q;
	char initrd[LAVA_MAX_PATH + 32], ksha[SHA256_HEX_LEN + 1], isha[SHA256_HEX_LEN + 1];
	char *kurl = NULL, *iurl = NULL, *text = NULL;
	json_t *def = NULL, *body = NULL, *answer = NULL;
	long status;
	int rc = -1;

	snprintf(initrd, sizeof initrd, "%s/initramfs.cpio", q->work_dir);
	if (!x->cfg->lava_publish_url) {
		fail_cause(cause, "[lava] publish_url is not set: the lab could not fetch the kernel");
		goto out;
	}
	if (qemu_initramfs(q, initrd, cause) < 0 ||
	    lava_publish(x->cfg, q->kernel, "bzImage", ksha, &kurl, cause) < 0 ||
	    lava_publish(x->cfg, initrd, "cpio", isha, &iurl, cause) < 0)
		goto out;
	def = lava_definition(x->lb, kurl, ksha, iurl, isha);
	text = def ? json_dumps(def, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	body = text ? json_pack("{s:s}", "definition", text) : NULL;
	if (!body) {
		fail_cause(cause, "cannot make the LAVA job definition");
		goto out;
	}
	if (lava_request(x, "POST", "/api/v0.2/jobs/", body, &status, &answer, NULL, cause) < 0)
		goto out;
	if (status != 201 && status != 200) {
		lava_refused("submitting the job", status, answer, cause);
		goto out;
	}
	x->lava_id = json_integer_value(json_array_get(json_object_get(answer, "job_ids"), 0));
	if (x->lava_id <= 0) {
		fail_cause(cause, "the lab's answer to the submission names no job id");
		goto out;
	}
	rc = lava_state_write(x, cause);
	log_info("job %lld: LAVA job %lld submitted to %s (%s)", x->lb->job->id, x->lava_id,
		 x->cfg->lava_url, x->cfg->lava_device_type);
out:
	free(kurl);
	free(iurl);
	free(text);
	json_decref(def);
	json_decref(body);
	json_decref(answer);
	return rc;
}

/* Polls until the LAVA job is finished; *job gets its last state.  0, 1
 * when asked to stop, -1 with *cause. */
static int lava_wait(struct lava_ctx *x, json_t **job, char **cause)
{
	char path[96];
	time_t deadline = time(NULL) + (time_t)x->cfg->lava_wait;
	long status;

	snprintf(path, sizeof path, "/api/v0.2/jobs/%lld/", x->lava_id);
	*job = NULL;
	for (;;) {
		const char *state;

		if (lava_request(x, "GET", path, NULL, &status, job, NULL, cause) < 0)
			return x->lb->stop && *x->lb->stop ? 1 : -1;
		if (status != 200)
			return lava_refused("reading the job", status, *job, cause);
		state = json_string_value(json_object_get(*job, "state"));
		if (state && !strcmp(state, "Finished"))
			return 0;
		if (x->lb->stop && *x->lb->stop)
			return 1;
		if (time(NULL) > deadline)
			return fail_cause(cause, "LAVA job %lld is still %s after %lld s ([lava] wait)",
					  x->lava_id, state ? state : "?", x->cfg->lava_wait);
		lava_sleep(x, x->cfg->lava_poll);
	}
}

/* How many test cases the lab recorded for the kpci monitor. */
static int lava_monitor_cases(struct lava_ctx *x, long long *count, char **cause)
{
	char path[128];
	json_t *answer = NULL, *s;
	long long suite = 0;
	long status;
	size_t i;

	snprintf(path, sizeof path, "/api/v0.2/jobs/%lld/suites/", x->lava_id);
	if (lava_request(x, "GET", path, NULL, &status, &answer, NULL, cause) < 0)
		return -1;
	json_array_foreach(json_object_get(answer, "results"), i, s) {
		const char *name = json_string_value(json_object_get(s, "name"));
		size_t n = name ? strlen(name) : 0;

		/* LAVA names it "N_kpci" */
		if (n >= strlen(LAVA_MONITOR) && !strcmp(name + n - strlen(LAVA_MONITOR), LAVA_MONITOR))
			suite = json_integer_value(json_object_get(s, "id"));
	}
	json_decref(answer);
	answer = NULL;
	*count = 0;
	snprintf(path, sizeof path, "/api/v0.2/jobs/%lld/suites/%lld/tests/?limit=1", x->lava_id,
		 suite);
	if (suite && lava_request(x, "GET", path, NULL, &status, &answer, NULL, cause) < 0)
		return -1;
	if (suite)
		*count = json_integer_value(json_object_get(answer, "count"));
	json_decref(answer);
	return 0;
}

/* The finished job's results into r and *guest_env. */
static int lava_collect(struct lava_ctx *x, const json_t *job, struct proto_result *r,
			json_t **guest_env, char **cause)
{
	const char *health = json_string_value(json_object_get(job, "health"));
	const char *comment = json_string_value(json_object_get(job, "failure_comment"));
	size_t first = r->nsamples;
	long long cases = 0, kbench = 0;
	struct buf log;
	char path[96], *console;
	long status;
	int rc;

	if (!health || strcmp(health, "Complete"))
		return fail_cause(cause, "LAVA job %lld ended %s: %s", x->lava_id,
				  health ? health : "(no health)",
				  comment && *comment ? comment : "the lab gave no failure comment");
	snprintf(path, sizeof path, "/api/v0.2/jobs/%lld/logs/", x->lava_id);
	buf_init(&log, LAVA_MAX_LOG);
	if (lava_request(x, "GET", path, NULL, &status, NULL, &log, cause) < 0) {
		buf_dispose(&log);
		return -1;
	}
	if (status != 200) {
		buf_dispose(&log);
		return fail_cause(cause, "the log of LAVA job %lld: the lab answered %ld", x->lava_id,
				  status);
	}
	console = lava_log_console(log.data ? log.data : "", log.len);
	buf_dispose(&log);
	rc = qemu_collect(x->lb->q, r, guest_env, console, 0, cause);
	free(console);
	if (rc < 0)
		return -1;
	for (size_t i = first; i < r->nsamples; i++)
		kbench += !strcmp(x->lb->q->suite, "kbench");
	if (lava_monitor_cases(x, &cases, cause) < 0)
		return -1;
	if (cases != kbench)
		return fail_cause(cause, "LAVA job %lld recorded %lld kpci test cases, but its log "
				  "holds %lld KPCI-RESULT samples", x->lava_id, cases, kbench);
	return 0;
}

int lava_run(const struct lava_boot *lb, struct proto_result *r, json_t **guest_env,
	     char **cause)
{
	const struct rconfig *cfg = lb->q->cfg;
	struct lava_ctx x = { .lb = lb, .cfg = cfg };
	char dir[LAVA_MAX_PATH], *token = NULL;
	json_t *st, *job = NULL;
	int rc = -1;

	*guest_env = NULL;
	if (!cfg->lava_url || !cfg->lava_token_file)
		return fail_cause(cause, "boot method lava needs [lava] url and token_file");
	if (conf_read_secret(&token, "[lava] token_file", cfg->lava_token_file, cause) < 0)
		return -1;
	if (client_init(&x.c, cfg->lava_url, NULL, cause) < 0 ||
	    client_set_auth(&x.c, "Token", token, cause) < 0) {
		free(token);
		client_dispose(&x.c);
		return -1;
	}
	free(token);
	lava_state_dir(dir, sizeof dir, cfg);
	snprintf(x.state, sizeof x.state, "%s/job-%lld-%d.json", dir, lb->job->id,
		 lb->job->attempt);
	if (fs_mkdirs(dir) < 0) {
		fail_cause(cause, "cannot create %s: %s", dir, strerror(errno));
		goto out;
	}
	st = json_load_file(x.state, 0, NULL);
	x.lava_id = json_integer_value(json_object_get(st, "lava_id"));
	json_decref(st);
	if (x.lava_id > 0)
		log_info("job %lld: resuming LAVA job %lld", lb->job->id, x.lava_id);
	else if (lava_submit(&x, cause) < 0)
		goto out;
	rc = lava_wait(&x, &job, cause);
	if (rc == 1) {
		fail_cause(cause, LAVA_STOPPED);
		goto out;
	}
	free(r->lab_job_url);
	free(r->lab_device);
	if (asprintf(&r->lab_job_url, "%s/scheduler/job/%lld", cfg->lava_url, x.lava_id) < 0)
		r->lab_job_url = NULL;
	r->lab_device = json_string_value(json_object_get(job, "actual_device")) &&
			proto_name_ok(json_string_value(json_object_get(job, "actual_device"))) ?
			strdup(json_string_value(json_object_get(job, "actual_device"))) : NULL;
	if (rc == 0)
		rc = lava_collect(&x, job, r, guest_env, cause);
	unlink(x.state);        /* finished, whatever became of it */
out:
	json_decref(job);
	client_dispose(&x.c);
	return rc;
}
