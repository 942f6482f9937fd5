#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""big_results.py - many large results uploaded to a real kpcid at once,
while kpcid's resident memory is sampled, for bench/bench_upload.sh and
tests/integration/t0945-big-results.sh.

UPLOADS runners (class "big") register and queue and claim a job each;
then, all at once, each uploads one valid result of SAMPLES samples
(METRICS metrics of SAMPLES / METRICS iterations, about 119 bytes of
JSON a sample: 100,000 samples make 11.9 MB), sent again after a 503 or
no answer, as kpci-runner's spool does.  Meanwhile VmRSS of PID is read
every 50 ms.  Prints lines "name value":

    body_bytes       bytes of one result body
    idle_rss_kib     kpcid's resident memory before the uploads
    peak_rss_kib     the largest VmRSS sampled during the uploads
    hwm_kib          VmHWM (the kernel's peak) after them
    after_rss_kib    VmRSS 2 s after the last answer
    seconds          from the first byte sent to the last answer
    stored           uploads answered 200 with every sample counted
    retries          answers that were not 200 (sent again)

    big_results.py --url URL --runner-token T --admin-token T --pid PID
                   [--uploads 20] [--samples 100000] [--metrics 1000]
"""
import argparse
import json
import threading
import time

from runners import Client


def call(url, token, method, path, body):
    """(status, parsed answer or None) on a connection of its own."""
    return Client(url, token).call(method, path, body, timeout=600)


def samples_text(samples, metrics):
    """The samples array as JSON text, the same for every upload."""
    per = samples // metrics
    out = []
    for m in range(metrics):
        for i in range(per):
            out.append('{"suite":"upload","metric":"upload.metric-%04d","unit":"nsec/op",'
                       '"better":"lower","iteration":%d,"value":%.6f}'
                       % (m, i, 1000.0 + m + (i * 37 % 101) / 7.0))
    return "[" + ",\n".join(out) + "]"


def status_kib(pid, key):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True)
    ap.add_argument("--runner-token", required=True)
    ap.add_argument("--admin-token", required=True)
    ap.add_argument("--pid", type=int, required=True)
    ap.add_argument("--uploads", type=int, default=20)
    ap.add_argument("--samples", type=int, default=100000)
    ap.add_argument("--metrics", type=int, default=1000)
    a = ap.parse_args()

    runners = []
    for n in range(a.uploads):
        st, body = call(a.url, a.runner_token, "POST", "/api/v1/runners/register", {
            "name": "big-%d" % n, "runner_class": "big", "capabilities": ["bench"],
            "boot_methods": ["host"]})
        if st != 200:
            raise SystemExit("register: HTTP %d" % st)
        st, _ = call(a.url, a.admin_token, "POST", "/api/v1/jobs",
                     {"suite": "upload", "runner_class": "big"})
        if st != 201:
            raise SystemExit("queue: HTTP %d" % st)
        runners.append(body["runner_id"])
    text = samples_text(a.samples, a.metrics).encode()
    bodies = []
    for rid in runners:
        st, body = call(a.url, a.runner_token, "POST", "/api/v1/jobs/claim", {"runner_id": rid})
        if st != 200:
            raise SystemExit("claim: HTTP %d" % st)
        job, attempt = body["job"]["id"], body["job"]["attempt"]
        head = json.dumps({"runner_id": rid, "job_id": job, "attempt": attempt,
                           "status": "ok", "env": {"kernel_release": "6.12.0"}})
        bodies.append((job, head[:-1].encode() + b', "samples": ' + text + b"}"))

    idle = status_kib(a.pid, "VmRSS")
    peak = [idle]
    done = threading.Event()

    def sampler():
        while not done.is_set():
            peak[0] = max(peak[0], status_kib(a.pid, "VmRSS"))
            time.sleep(0.05)

    stored, retries = [0], [0]
    lock = threading.Lock()

    def upload(job, body):
        while True:
            st, ans = call(a.url, a.runner_token, "POST", "/api/v1/jobs/%d/result" % job, body)
            with lock:
                if st == 200:
                    if ans and ans.get("samples") == a.samples // a.metrics * a.metrics:
                        stored[0] += 1
                    return
                retries[0] += 1
                if st and 400 <= st < 500:
                    print("refused %d %s" % (st, ans))
                    return
            time.sleep(0.2)

    s = threading.Thread(target=sampler)
    s.start()
    t0 = time.monotonic()
    threads = [threading.Thread(target=upload, args=b) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - t0
    done.set()
    s.join()
    time.sleep(2)
    print("body_bytes %d" % len(bodies[0][1]))
    print("idle_rss_kib %d" % idle)
    print("peak_rss_kib %d" % peak[0])
    print("hwm_kib %d" % status_kib(a.pid, "VmHWM"))
    print("after_rss_kib %d" % status_kib(a.pid, "VmRSS"))
    print("seconds %.1f" % took)
    print("stored %d" % stored[0])
    print("retries %d" % retries[0])


if __name__ == "__main__":
    main()
