// SPDX-License-Identifier: GPL-2.0-only
/*
 * agent.c - kpci-runner's loop.
 *
 * Runners pull: they poll claim, so they work behind NAT.  Idle polls
 * back off from poll_min to poll_max seconds.  While a job runs, a second
 * thread sends heartbeats every third of the lease; if the lease is lost
 * the job still finishes, and kpcid refuses its result (409).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/client.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/proto.h"
#include "runners/agent.h"
#include "runners/bench.h"
#include "runners/boot_kexec.h"
#include "runners/boot_lava.h"
#include "runners/build.h"
#include "runners/env.h"
#include "runners/progress.h"
#include "runners/spool.h"
#include "runners/suite.h"

static volatile sig_atomic_t agent_stopping;

void agent_stop(void)
{
	agent_stopping = 1;
}

const volatile int *agent_stopping_flag(void)
{
	return &agent_stopping;
}

/* Monotonic seconds. */
static long long agent_now(void)
{
	return mono_ms() / 1000;
}

/* Sleeps up to seconds, returning early when a stop was asked. */
static void agent_sleep(long long seconds)
{
	for (long long i = 0; i < seconds * 10 && !agent_stopping; i++) {
		struct timespec ts = { 0, 100 * 1000 * 1000 };

		nanosleep(&ts, NULL);
	}
}

#define AGENT_PHASE_GAP 2     /* s at least between two heartbeats sent for a new phase */

struct heartbeat {
	struct agent *a;
	long long job_id;
	int attempt;
	int interval;
	int done;               /* set under lock, then progress_kick() */
	pthread_mutex_t lock;
};

static int heartbeat_done(struct heartbeat *hb)
{
	int done;

	pthread_mutex_lock(&hb->lock);
	done = hb->done;
	pthread_mutex_unlock(&hb->lock);
	return done;
}

/* Sends one heartbeat with the job's progress. */
static void heartbeat_send(struct heartbeat *hb, struct client *c, const char *path)
{
	struct progress_snap p;
	struct proto_heartbeat h = { .runner_id = hb->a->runner_id, .attempt = hb->attempt };
	char *cause = NULL;
	json_t *body, *answer = NULL;
	long status;

	progress_get(&p);
	if (p.phase[0]) {
		h.phase = p.phase;
		h.detail = p.detail;
		h.percent = p.percent;
	} else {
		h.percent = -1;
	}
	body = proto_heartbeat_encode(&h);
	if (client_call(c, "POST", path, body, &status, &answer, &cause) < 0) {
		log_warn("heartbeat for job %lld: %s", hb->job_id, cause ? cause : "failed");
		free(cause);
	} else if (status != 200) {
		log_warn("heartbeat for job %lld: %s", hb->job_id, client_error_text(answer, status));
	}
	json_decref(answer);
	json_decref(body);
}

/* Keeps the lease (a heartbeat every interval) and tells kpcid each new
 * phase of the job (at most every AGENT_PHASE_GAP s). */
static void *heartbeat_main(void *arg)
{
	struct heartbeat *hb = arg;
	struct client c;
	char *cause = NULL, path[96];
	struct progress_snap p;
	long long last = agent_now();
	unsigned seq;
	int pending = 0;

	if (client_init(&c, hb->a->cfg->server, hb->a->cfg->token, &cause) < 0) {
		log_error("heartbeat: %s", cause ? cause : "no client");
		free(cause);
		return NULL;
	}
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/heartbeat", hb->job_id);
	progress_get(&p);
	seq = p.seq;
	while (!heartbeat_done(hb)) {
		long long now = agent_now(), due = last + hb->interval;

		if (pending && now - last < AGENT_PHASE_GAP) {
			struct timespec nap = { 0, 200 * 1000 * 1000 };

			nanosleep(&nap, NULL);  /* a burst of changes: wait out the gap */
		} else if (!pending) {
			unsigned got = progress_wait(seq, due > now ? (int)(due - now) : 0);

			pending = got != seq;
			seq = got;
		}
		if (heartbeat_done(hb))
			break;
		now = agent_now();
		if (now >= last + hb->interval || (pending && now - last >= AGENT_PHASE_GAP)) {
			heartbeat_send(hb, &c, path);
			last = agent_now();
			pending = 0;
		}
	}
	client_dispose(&c);
	return NULL;
}

/* Runs one job into r (status ok or failed with a reason); c is free for
 * the job's own uploads (build artifacts). */
static void agent_execute(struct agent *a, struct client *c, const struct proto_job *job,
			  struct proto_result *r)
{
	const char *boot = json_string_value(json_object_get(job->spec, "boot"));

	r->job_id = job->id;
	r->attempt = job->attempt;
	r->status = strdup("ok");
	r->env = env_collect(boot ? boot : "host", "none", a->topology);
	if (!strcmp(job->kind, "build")) {  /* runners/build.c */
		struct build_job bj = { .cfg = a->cfg, .client = c, .runner_id = a->runner_id,
					.job = job, .work_dir = a->cfg->work_dir };

		build_execute(&bj, r);
		return;
	}
	if (strcmp(job->kind, "bench")) {
		proto_result_fail(r, "this runner does not run %s jobs", job->kind);
		return;
	}
	bench_execute(a->cfg, c, a->topology, job, r);  /* runners/bench.c */
}

/* Gives the job back to kpcid (progress_abandon): it is queued again,
 * and the attempt is not counted against its max_attempts. */
static void agent_release(struct agent *a, struct client *c, const struct proto_job *job)
{
	struct proto_heartbeat h = { .runner_id = a->runner_id, .attempt = job->attempt,
				     .percent = -1 };
	json_t *body = proto_heartbeat_encode(&h), *answer = NULL;
	char path[96], *cause = NULL;
	long status;

	snprintf(path, sizeof path, "/api/v1/jobs/%lld/release", job->id);
	if (client_call(c, "POST", path, body, &status, &answer, &cause) < 0)
		log_warn("job %lld: cannot give it back (%s); its lease runs out instead", job->id,
			 cause ? cause : "failed");
	else if (status != 200)
		log_warn("job %lld: cannot give it back: %s", job->id, client_error_text(answer, status));
	else
		log_info("job %lld attempt %d: stopped and given back to %s", job->id, job->attempt,
			 a->cfg->server);
	free(cause);
	json_decref(answer);
	json_decref(body);
}

/* Runs the job and uploads its result; returns how many results wait
 * in the spool afterwards. */
static int agent_run_job(struct agent *a, struct client *c, const struct proto_job *job)
{
	struct heartbeat hb = {
		.a = a, .job_id = job->id, .attempt = job->attempt,
		.interval = job->lease_seconds / 3 > 0 ? (int)(job->lease_seconds / 3) : 1,
		.lock = PTHREAD_MUTEX_INITIALIZER,
	};
	struct proto_result r = { 0 };
	pthread_t thread;
	char *cause = NULL;
	int have_thread;

	progress_begin(job->id);
	have_thread = pthread_create(&thread, NULL, heartbeat_main, &hb) == 0;
	agent_execute(a, c, job, &r);
	pthread_mutex_lock(&hb.lock);
	hb.done = 1;
	pthread_mutex_unlock(&hb.lock);
	progress_kick();
	if (have_thread)
		pthread_join(thread, NULL);
	progress_begin(0);
	if (r.status && !strcmp(r.status, BENCH_STAGED)) {     /* kexec under way */
		log_info("job %lld attempt %d: staged (a kexec, or a lab's job this runner stopped "
			 "waiting for); the result follows the next start", job->id, job->attempt);
		proto_result_dispose(&r);
		agent_stop();
		return 0;
	}
	if (progress_abandoned() && r.status && strcmp(r.status, "ok")) {  /* cut short */
		agent_release(a, c, job);
		proto_result_dispose(&r);
		agent_stop();
		return 0;
	}
	log_info("job %lld attempt %d: %s%s%s, %zu samples", job->id, job->attempt, r.status,
		 r.reason ? ": " : "", r.reason ? r.reason : "", r.nsamples);
	if (spool_put(a->spool_dir, &r, &cause) < 0) {
		log_error("job %lld: %s", job->id, cause ? cause : "cannot spool the result");
		free(cause);
	}
	proto_result_dispose(&r);
	return spool_flush(a->spool_dir, c, a->runner_id);
}

/* A job staged before a kexec (runners/boot_kexec.c): run it in the kernel
 * the machine came up in, upload its result, then kexec back to the base
 * kernel.  A staged run that was cut short is reported as failed. */
static void agent_kexec_resume(struct agent *a, struct client *c)
{
	struct proto_job job;
	char *cause = NULL;
	int rc = kexec_resume(&job, a->cfg, &cause);

	if (rc == 0)
		return;
	if (rc > 0) {
		agent_run_job(a, c, &job);
	} else if (job.kind) {
		struct proto_result r = { .job_id = job.id, .attempt = job.attempt };

		r.env = env_collect("kexec", "none", a->topology);
		proto_result_fail(&r, "%s", cause ? cause : "the staged run was cut short");
		log_error("job %lld attempt %d: %s", job.id, job.attempt, r.reason ? r.reason : "");
		free(cause);
		cause = NULL;
		if (spool_put(a->spool_dir, &r, &cause) == 0)
			spool_flush(a->spool_dir, c, a->runner_id);
		proto_result_dispose(&r);
	} else {
		log_error("kexec: %s", cause ? cause : "unreadable staged job");
	}
	proto_job_dispose(&job);
	free(cause);
	cause = NULL;
	if (kexec_return(a->cfg, &cause) < 0)
		log_error("kexec: cannot return to the base kernel: %s", cause ? cause : "?");
	free(cause);
}

/* The jobs whose LAVA jobs a previous start left running
 * (runners/boot_lava.c): each is run again, which polls its LAVA job
 * instead of submitting one, under a heartbeat as any job.  Returns how
 * many ran. */
static int agent_lava_resume(struct agent *a, struct client *c)
{
	json_t *pending = lava_pending(a->cfg), *j;
	size_t i;
	int ran = 0;

	json_array_foreach(pending, i, j) {
		struct proto_job job;
		char *cause = NULL;

		if (agent_stopping)
			break;
		if (proto_job_decode(&job, j, &cause) < 0) {
			log_error("lava: a pending job cannot be read: %s", cause ? cause : "?");
			free(cause);
			continue;
		}
		log_info("job %lld attempt %d: resuming its LAVA job", job.id, job.attempt);
		agent_run_job(a, c, &job);
		proto_job_dispose(&job);
		ran++;
	}
	json_decref(pending);
	return ran;
}

/* The words of s (separated by spaces or commas; s is cut in place) as
 * an array of pointers into s, *n of them; NULL when out of memory. */
static char **agent_words(char *s, size_t *n)
{
	size_t max = 1;
	char **v;

	*n = 0;
	for (const char *p = s; p && *p; p++)
		max += *p == ' ' || *p == ',';
	v = calloc(max + 1, sizeof *v);
	for (char *p = s, *tok; v && (tok = strsep(&p, " ,"));)
		if (*tok)
			v[(*n)++] = tok;
	return v;
}

/* Registers until kpcid answers; -1 when it refuses for good. */
static int agent_register(struct agent *a, struct client *c)
{
	struct rec_runner reg = {
		.name = a->cfg->name, .runner_class = a->cfg->runner_class,
		.topology = a->topology,
	};
	long long wait = a->cfg->poll_min;
	char *cause = NULL;
	json_t *body, *answer;
	long status;
	int rc = -1;

	reg.capabilities = agent_words(a->cfg->capabilities, &reg.ncapabilities);
	reg.boot_methods = agent_words(a->cfg->boot_methods, &reg.nboot_methods);
	body = reg.capabilities && reg.boot_methods ? proto_register_encode(&reg) : NULL;
	if (!body)
		log_error("register: out of memory");
	while (body && !agent_stopping) {
		if (client_call(c, "POST", "/api/v1/runners/register", body, &status, &answer,
				&cause) < 0) {
			log_warn("register: %s; retrying in %lld s", cause ? cause : "failed", wait);
			free(cause);
			cause = NULL;
			agent_sleep(wait);
			wait = wait * 2 > a->cfg->poll_max ? a->cfg->poll_max : wait * 2;
			continue;
		}
		if (status == 200) {
			a->runner_id = json_integer_value(json_object_get(answer, "runner_id"));
			log_info("registered with %s as %s (runner %lld, class %s)", a->cfg->server,
				 a->cfg->name, a->runner_id, a->cfg->runner_class);
			rc = 0;
		} else {
			log_error("register refused by %s: %s", a->cfg->server,
				  client_error_text(answer, status));
		}
		json_decref(answer);
		break;
	}
	json_decref(body);
	free(reg.capabilities);     /* the words are the configuration's */
	free(reg.boot_methods);
	return rc;
}

int agent_run(struct agent *a)
{
	struct client c;
	char *cause = NULL;
	long long wait = a->cfg->poll_min, idle_since = (long long)mono_now();
	int rc = 0, left, ran = 0;

	if (client_init(&c, a->cfg->server, a->cfg->token, &cause) < 0) {
		log_error("%s", cause ? cause : "cannot set up the HTTP client");
		free(cause);
		return 1;
	}
	if (agent_register(a, &c) < 0) {
		client_dispose(&c);
		return agent_stopping ? 0 : 1;
	}
	spool_flush(a->spool_dir, &c, a->runner_id);
	agent_kexec_resume(a, &c);
	if (agent_lava_resume(a, &c) && a->once)
		agent_stop();           /* --once: the resumed job was the one */
	while (!agent_stopping) {
		json_t *body = json_pack("{s:I}", "runner_id", (json_int_t)a->runner_id), *answer;
		struct proto_job job;
		long status;

		if (client_call(&c, "POST", "/api/v1/jobs/claim", body, &status, &answer, &cause) < 0) {
			log_warn("claim: %s", cause ? cause : "failed");
			free(cause);
			cause = NULL;
			status = 0;
		}
		json_decref(body);
		if (status == 200 && proto_job_decode(&job, json_object_get(answer, "job"),
						      &cause) == 0) {
			json_decref(answer);
			left = agent_run_job(a, &c, &job);
			proto_job_dispose(&job);
			ran++;
			idle_since = (long long)mono_now();
			if (a->once) {
				if (left)
					log_error("%d result(s) could not be uploaded; they wait in %s "
						  "for the next run", left, a->spool_dir);
				rc = left ? 1 : 0;
				break;
			}
			wait = a->cfg->poll_min;
			agent_sleep(wait);
			continue;
		}
		if (status == 200) {
			log_error("claim: bad job from kpcid: %s", cause ? cause : "?");
			free(cause);
			cause = NULL;
		} else if (status == 401 || status == 403) {
			log_error("claim refused: %s", client_error_text(answer, status));
			json_decref(answer);
			rc = 1;
			break;
		}
		json_decref(answer);
		if (a->cfg->idle_exit && (long long)mono_now() - idle_since >= a->cfg->idle_exit) {
			log_info("no job for %lld s (idle_exit); stopping after %d job%s",
				 (long long)mono_now() - idle_since, ran, ran == 1 ? "" : "s");
			rc = ran ? 0 : AGENT_EXIT_IDLE;
			break;
		}
		if (a->cfg->idle_exit && wait > a->cfg->idle_exit - ((long long)mono_now() - idle_since))
			wait = a->cfg->idle_exit - ((long long)mono_now() - idle_since);
		if (spool_flush(a->spool_dir, &c, a->runner_id) == 0 && status == 204)
			log_debug("no job; next claim in %lld s", wait);
		agent_sleep(wait);
		wait = wait * 2 > a->cfg->poll_max ? a->cfg->poll_max : wait * 2;
	}
	client_dispose(&c);
	return rc;
}
