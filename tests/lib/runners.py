#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""runners.py - many runners at once speaking kpci's runner protocol to a
real kpcid, for the crash-safety test and the load bench.

Each runner registers, claims jobs, uploads a result for each (N metrics
of a few iterations, values derived from the job and attempt) and keeps
an upload it got no answer for, sending it again until kpcid answers, as
kpci-runner's spool does.  Every answer kpcid gives is written to the
output file as one line:

    ack JOB ATTEMPT RUNNER SAMPLES DUPLICATE   (200: kpcid has the result)
    lost JOB ATTEMPT RUNNER                    (409: the lease went elsewhere)
    claim JOB ATTEMPT RUNNER SECONDS           (a job handed out, and how long it took)
    upload JOB ATTEMPT RUNNER SECONDS          (the upload kpcid answered, and how long
                                                that answer took)
    error claim|upload STATUS                  (an answer other than 200/204/409: the
                                                request is made again; 0: no answer)

so that the test can hold kpcid to what it acknowledged.  A submitter
thread queues bench jobs (admin token) while --submit-seconds run.

    runners.py --url URL --runner-token T --admin-token T --runners 4
               --metrics 20 --iterations 3 --seconds 60 --out FILE
"""
import argparse
import http.client
import json
import random
import threading
import time
import urllib.parse

STOP = threading.Event()


class Client:
    """One keep-alive HTTP connection that reconnects after any error."""

    def __init__(self, url, token):
        u = urllib.parse.urlsplit(url)
        self.host, self.port, self.token = u.hostname, u.port, token
        self.conn = None

    def call(self, method, path, body=None, timeout=30):
        """(status, parsed body or None); status 0 when kpcid did not answer.
        body: an object to send as JSON, or its bytes already encoded."""
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
            data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
            self.conn.request(method, path, body=data, headers={
                "Authorization": "Bearer " + self.token,
                "Content-Type": "application/json"})
            r = self.conn.getresponse()
            raw = r.read()
            try:
                return r.status, json.loads(raw) if raw else None
            except ValueError:
                return r.status, None
        except (OSError, http.client.HTTPException):
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            return 0, None


class Log:
    def __init__(self, path):
        self.f = open(path, "a", buffering=1)
        self.lock = threading.Lock()

    def line(self, *words):
        with self.lock:
            self.f.write(" ".join(str(w) for w in words) + "\n")


def result_body(runner_id, job, attempt, metrics, iterations):
    samples = []
    for m in range(metrics):
        for i in range(iterations):
            # a step at job 40 in metric 0, so the analyzer has work
            level = 100.0 + m + (50.0 if m == 0 and job >= 40 else 0.0)
            samples.append({"suite": "crash", "metric": "m%03d" % m, "unit": "ns",
                            "better": "lower", "iteration": i,
                            "value": level + ((job * 7 + attempt * 3 + i) % 11) / 10.0})
    return {"runner_id": runner_id, "job_id": job, "attempt": attempt, "status": "ok",
            "env": {"kernel_release": "6.12.0"}, "samples": samples}


def runner(args, n, log):
    c = Client(args.url, args.runner_token)
    name = "%s-%d" % (args.prefix, n)
    rid = None
    while rid is None and not STOP.is_set():
        st, body = c.call("POST", "/api/v1/runners/register", {
            "name": name, "runner_class": args.runner_class, "capabilities": ["bench"],
            "boot_methods": ["host"]})
        if st == 200:
            rid = body["runner_id"]
        else:
            time.sleep(0.2)
    idle = args.poll_min
    while not STOP.is_set():
        t0 = time.monotonic()
        st, body = c.call("POST", "/api/v1/jobs/claim", {"runner_id": rid})
        if st == 204:
            time.sleep(idle)
            idle = min(idle * 2, args.poll_max)
            continue
        if st != 200:
            log.line("error", "claim", st)
            time.sleep(0.1)
            continue
        idle = args.poll_min
        job, attempt = body["job"]["id"], body["job"]["attempt"]
        log.line("claim", job, attempt, rid, "%.4f" % (time.monotonic() - t0))
        res = result_body(rid, job, attempt, args.metrics, args.iterations)
        # the spool: the same upload until kpcid answers it
        while True:
            t0 = time.monotonic()
            st, body = c.call("POST", "/api/v1/jobs/%d/result" % job, res)
            if st in (200, 409):
                log.line("upload", job, attempt, rid, "%.4f" % (time.monotonic() - t0))
            else:
                log.line("error", "upload", st)
            if st == 200:
                log.line("ack", job, attempt, rid, len(res["samples"]),
                         int(bool(body.get("duplicate"))))
                break
            if st == 409:
                log.line("lost", job, attempt, rid)
                break
            if st and 400 <= st < 500 and st != 408:
                log.line("refused", job, attempt, rid, st)
                break
            if STOP.is_set() and args.drop_on_stop:
                break
            time.sleep(0.05)


def submitter(args, log):
    c = Client(args.url, args.admin_token)
    end = time.monotonic() + args.submit_seconds
    while time.monotonic() < end and not STOP.is_set():
        st, body = c.call("POST", "/api/v1/jobs", {"suite": "kbench", "boot": "host",
                                                   "runner_class": args.runner_class})
        if st in (200, 201):
            log.line("queued", body["id"])
        time.sleep(args.submit_every * (0.5 + random.random()))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--url", required=True)
    p.add_argument("--runner-token", required=True)
    p.add_argument("--admin-token")
    p.add_argument("--runner-class", default="sim")
    p.add_argument("--prefix", default="sim")
    p.add_argument("--runners", type=int, default=4)
    p.add_argument("--metrics", type=int, default=20)
    p.add_argument("--iterations", type=int, default=3)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--submit-seconds", type=float, default=0)
    p.add_argument("--submit-every", type=float, default=0.05)
    p.add_argument("--poll-min", type=float, default=0.05)
    p.add_argument("--poll-max", type=float, default=1.0)
    p.add_argument("--drop-on-stop", action="store_true",
                   help="give up an unanswered upload at the end instead of retrying")
    p.add_argument("--out", required=True)
    args = p.parse_args()
    log = Log(args.out)
    threads = [threading.Thread(target=runner, args=(args, n, log), daemon=True)
               for n in range(args.runners)]
    if args.admin_token and args.submit_seconds > 0:
        threads.append(threading.Thread(target=submitter, args=(args, log), daemon=True))
    for t in threads:
        t.start()
    STOP.wait(args.seconds)
    STOP.set()
    for t in threads:
        t.join(timeout=60)


if __name__ == "__main__":
    main()
