// SPDX-License-Identifier: GPL-2.0-only
/*
 * wq_flush.c - kpci's wq-flush benchmark module: flush_workqueue()
 * throughput, in flushes per second, in the four scenarios of the
 * workqueue flush change in Linux 7.4:
 *
 *   percpu-idle         flushing an idle per-cpu workqueue
 *   unbound-idle        flushing an idle unbound workqueue
 *   percpu-Nthreads     N threads each queueing a work item and flushing
 *   unbound-Nthreads    the same on an unbound workqueue
 *
 * Everything runs at load time.  Each scenario runs duration_ms cut into
 * `slices` equal slices; it prints one line
 *   kpci-wq-flush: iteration=I metric=NAME flushes_per_s=V spread=S
 * with V the median of the slices' rates and S their robust spread (1.4826
 * times the median absolute deviation over the median, in %), which the
 * guest init forwards and runners/suite_parse.c reads.  Load it again for
 * another iteration (the guest's init does, then rmmod).
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/workqueue.h>

#define WQF_MAX_THREADS 256
#define WQF_MAX_MS      60000
#define WQF_MAX_SLICES  99

static unsigned int duration_ms = 1000;
module_param(duration_ms, uint, 0444);
MODULE_PARM_DESC(duration_ms, "milliseconds per scenario (1..60000)");
static unsigned int threads = 16;
module_param(threads, uint, 0444);
MODULE_PARM_DESC(threads, "threads of the busy scenarios (1..256)");
static unsigned int slices = 5;
module_param(slices, uint, 0444);
MODULE_PARM_DESC(slices, "slices of each scenario; the result is their median (1..99)");
static int iteration;
module_param(iteration, int, 0444);
MODULE_PARM_DESC(iteration, "iteration number printed with the results");

struct wqf_thread {
	struct workqueue_struct *wq;
	struct work_struct work;
	struct task_struct *task;
	atomic64_t *count;
};

static void wqf_noop(struct work_struct *work)
{
}

static int wqf_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Median of v[0..n) (v is sorted). */
static u64 wqf_median(u64 *v, unsigned int n)
{
	sort(v, n, sizeof(*v), wqf_cmp, NULL);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Prints the median of the slices' rates and their spread in 1/100 %. */
static void wqf_report(const char *metric, u64 *rates, unsigned int n)
{
	u64 med = wqf_median(rates, n), spread = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		rates[i] = rates[i] > med ? rates[i] - med : med - rates[i];
	if (med)
		spread = div64_u64(wqf_median(rates, n) * 1482600ULL, med) / 100;
	pr_info("kpci-wq-flush: iteration=%d metric=%s flushes_per_s=%llu spread=%llu.%02llu\n",
		iteration, metric, med, spread / 100, spread % 100);
}

static u64 wqf_rate(u64 flushes, s64 ns)
{
	return ns > 0 ? div64_u64(flushes * NSEC_PER_SEC, (u64)ns) : 0;
}

static void wqf_idle(struct workqueue_struct *wq, const char *metric, u64 *rates)
{
	unsigned int s;

	for (s = 0; s < slices; s++) {
		ktime_t start = ktime_get(), end = ktime_add_ms(start, duration_ms / slices);
		u64 n = 0;

		while (ktime_before(ktime_get(), end)) {
			flush_workqueue(wq);
			n++;
			if (!(n & 1023))
				cond_resched();
		}
		rates[s] = wqf_rate(n, ktime_to_ns(ktime_sub(ktime_get(), start)));
	}
	wqf_report(metric, rates, slices);
}

static int wqf_busy_main(void *arg)
{
	struct wqf_thread *t = arg;

	while (!kthread_should_stop()) {
		queue_work(t->wq, &t->work);
		flush_workqueue(t->wq);
		atomic64_inc(t->count);
		cond_resched();
	}
	return 0;
}

static int wqf_busy(struct workqueue_struct *wq, const char *kind, u64 *rates)
{
	struct wqf_thread *ts = kcalloc(threads, sizeof(*ts), GFP_KERNEL);
	atomic64_t count = ATOMIC64_INIT(0);
	char metric[48];
	unsigned int i, s, started = 0;
	ktime_t at;
	u64 seen;

	if (!ts)
		return -ENOMEM;
	for (i = 0; i < threads; i++) {
		ts[i].wq = wq;
		ts[i].count = &count;
		INIT_WORK(&ts[i].work, wqf_noop);
		ts[i].task = kthread_run(wqf_busy_main, &ts[i], "kpci-wqf/%u", i);
		if (IS_ERR(ts[i].task))
			break;
		started++;
	}
	/* the rate of each slice, from the shared count at its ends */
	at = ktime_get();
	seen = (u64)atomic64_read(&count);
	for (s = 0; s < slices && started == threads; s++) {
		ktime_t now;
		u64 c;

		msleep(duration_ms / slices);
		now = ktime_get();
		c = (u64)atomic64_read(&count);
		rates[s] = wqf_rate(c - seen, ktime_to_ns(ktime_sub(now, at)));
		at = now;
		seen = c;
	}
	for (i = 0; i < started; i++)
		kthread_stop(ts[i].task);
	flush_workqueue(wq);
	snprintf(metric, sizeof(metric), "%s-%uthreads", kind, threads);
	if (started == threads)
		wqf_report(metric, rates, slices);
	kfree(ts);
	return started == threads ? 0 : -EAGAIN;
}

static int __init wqf_init(void)
{
	struct workqueue_struct *pcpu, *unbound;
	u64 rates[WQF_MAX_SLICES];
	int rc;

	if (!duration_ms || duration_ms > WQF_MAX_MS || !threads || threads > WQF_MAX_THREADS ||
	    !slices || slices > WQF_MAX_SLICES || duration_ms / slices == 0)
		return -EINVAL;
	pcpu = alloc_workqueue("kpci_wqf_percpu", 0, 0);
	unbound = alloc_workqueue("kpci_wqf_unbound", WQ_UNBOUND, 0);
	if (!pcpu || !unbound) {
		if (pcpu)
			destroy_workqueue(pcpu);
		if (unbound)
			destroy_workqueue(unbound);
		return -ENOMEM;
	}
	wqf_idle(pcpu, "percpu-idle", rates);
	wqf_idle(unbound, "unbound-idle", rates);
	rc = wqf_busy(pcpu, "percpu", rates);
	if (!rc)
		rc = wqf_busy(unbound, "unbound", rates);
	destroy_workqueue(pcpu);
	destroy_workqueue(unbound);
	return rc;
}

static void __exit wqf_exit(void)
{
}

module_init(wqf_init);
module_exit(wqf_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kpci: flush_workqueue() throughput");
