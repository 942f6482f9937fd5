// SPDX-License-Identifier: GPL-2.0-only
/*
 * progress.c - the progress of the job in hand (progress.h): one record
 * under a mutex, a condition variable the heartbeat thread waits on, and
 * the flag that gives a job back.
 */
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lib/log.h"
#include "runners/progress.h"

static pthread_mutex_t progress_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t progress_cond = PTHREAD_COND_INITIALIZER;
static struct progress_snap progress_now;
static time_t progress_logged;          /* when the last line of this phase was logged */
static volatile sig_atomic_t progress_stop;

void progress_begin(long long job_id)
{
	pthread_mutex_lock(&progress_lock);
	progress_now.job_id = job_id;
	snprintf(progress_now.phase, sizeof progress_now.phase, "%s", job_id ? "start" : "");
	progress_now.detail[0] = '\0';
	progress_now.percent = -1;
	progress_now.seq++;
	progress_logged = 0;
	pthread_cond_broadcast(&progress_cond);
	pthread_mutex_unlock(&progress_lock);
}

void progress_set(const char *phase, int percent, const char *fmt, ...)
{
	char detail[PROGRESS_MAX_DETAIL] = "";
	time_t now = time(NULL);
	int new_phase, changed, log_it;
	long long job;
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(detail, sizeof detail, fmt, ap);
		va_end(ap);
	}
	for (char *c = detail; *c; c++)         /* kpcid takes printable ASCII */
		if (*c < 0x20 || *c > 0x7e)
			*c = '?';
	if (percent > 100)
		percent = 100;
	pthread_mutex_lock(&progress_lock);
	new_phase = strcmp(progress_now.phase, phase) != 0;
	changed = new_phase || strcmp(progress_now.detail, detail) ||
		  progress_now.percent != percent;
	if (changed) {
		snprintf(progress_now.phase, sizeof progress_now.phase, "%s", phase);
		snprintf(progress_now.detail, sizeof progress_now.detail, "%s", detail);
		progress_now.percent = percent < 0 ? -1 : percent;
		progress_now.seq++;
		pthread_cond_broadcast(&progress_cond);
	}
	log_it = new_phase || (changed && now - progress_logged >= PROGRESS_LOG_EVERY);
	if (log_it)
		progress_logged = now;
	job = progress_now.job_id;
	pthread_mutex_unlock(&progress_lock);
	if (log_it)
		log_info("job %lld: %s%s%s", job, phase, detail[0] ? ": " : "", detail);
}

void progress_iteration(int it, int warmup, int iterations)
{
	if (it < 0)
		progress_set("warmup", -1, "%d of %d (not recorded)", warmup + it + 1, warmup);
	else if (it < iterations)
		progress_set("iteration", 100 * it / (iterations > 0 ? iterations : 1),
			     "%d of %d", it + 1, iterations);
	else    /* a repeat the noise asked for, past the planned iterations */
		progress_set("iteration", -1, "%d (%d planned; the samples are noisy, so more)",
			     it + 1, iterations);
}

void progress_get(struct progress_snap *out)
{
	pthread_mutex_lock(&progress_lock);
	*out = progress_now;
	pthread_mutex_unlock(&progress_lock);
}

unsigned progress_wait(unsigned seq, int seconds)
{
	struct timespec until;
	unsigned now;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += seconds;
	pthread_mutex_lock(&progress_lock);
	while (progress_now.seq == seq &&
	       pthread_cond_timedwait(&progress_cond, &progress_lock, &until) == 0)
		;
	now = progress_now.seq;
	pthread_mutex_unlock(&progress_lock);
	return now;
}

void progress_kick(void)
{
	pthread_mutex_lock(&progress_lock);
	progress_now.seq++;
	pthread_cond_broadcast(&progress_cond);
	pthread_mutex_unlock(&progress_lock);
}

void progress_abandon(void)
{
	progress_stop = 1;
}

int progress_abandoned(void)
{
	return progress_stop != 0;
}

const volatile int *progress_abandon_flag(void)
{
	return (const volatile int *)&progress_stop;
}
