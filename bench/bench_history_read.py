#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench_history_read.py - READERS connections reading one kind of answer
from a running kpcid for SECONDS, each request a real build of the answer
(never the answer cache's), and its latency.

    bench_history_read.py URL KIND SECONDS READERS RUNNER_TOKEN [ARG...]

KIND and what is requested:
    get PATH          PATH as is (for routes that do not cache)
    pad PATH          PATH with the last number padded with zeros past
                      the cache's longest key (an :id part, or a page or
                      limit parameter): the same answer, never cached
    enc PATH          PATH with the letters of its 2nd and 4th parts (a
                      route's :ref and :name, which kpcid decodes) each
                      sent plain or percent-encoded at random: another
                      key of the answer cache for the same answer (of
                      the 1,728 spellings of /trees/linux/windows/v6.3,
                      the cache holds 128 at most)
    write PATH ADMIN  a write first (a bench job queued for a runner class
                      no runner has, with the admin token ADMIN: the
                      overview, cached until any table is written, is
                      stale), then PATH; only the GET is timed (the
                      overview reads no parameter).  Another reader's
                      build in progress is answered with the last one
                      built, so run it with one reader for the build's
                      cost
    claim             a bench job of class probe queued (admin token in
                      ARG), then a claim and a result of 120 samples, each
                      timed: "claim" and "result" lines

Prints "KIND requests errors p50_ms p99_ms" (one line per timed kind).
"""
import http.client
import json
import random
import re
import sys
import threading
import time
import urllib.parse

PAD = 2100          # zeros: past the answer cache's longest key (2,048 bytes)


def padded(path):
    """path with its last number zero-padded to more than PAD digits."""
    m = list(re.finditer(r"\d+", path))[-1]
    return path[:m.start()] + "0" * PAD + path[m.start():]


def spelled(path):
    """path with the letters of parts 2 and 4 spelled at random."""
    parts = path.split("/")
    for i in (2, 4):
        out = []
        for ch in parts[i]:
            hx = "%02x" % ord(ch)
            out.append(random.choice(sorted({ch, "%" + hx, "%" + hx.upper()})))
        parts[i] = "".join(out)
    return "/".join(parts)


class Conn:
    def __init__(self, url):
        u = urllib.parse.urlsplit(url)
        self.host, self.port, self.c = u.hostname, u.port, None

    def call(self, method, path, token=None, body=None):
        if self.c is None:
            self.c = http.client.HTTPConnection(self.host, self.port, timeout=120)
        h = {"Content-Type": "application/json"}
        if token:
            h["Authorization"] = "Bearer " + token
        try:
            self.c.request(method, path, body=json.dumps(body) if body is not None else None,
                           headers=h)
            r = self.c.getresponse()
            raw = r.read()
            return r.status, raw
        except (OSError, http.client.HTTPException):
            self.c.close()
            self.c = None
            return 0, b""


def main():
    url, kind, seconds, readers, rtoken = sys.argv[1:6]
    args = sys.argv[6:]
    seconds, readers = float(seconds), int(readers)
    lat = {}
    errors = {}
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def note(name, t, ok):
        with lock:
            lat.setdefault(name, []).append(t)
            errors[name] = errors.get(name, 0) + (0 if ok else 1)

    def reader(n):
        c = Conn(url)
        reg = {"name": "hist-reader-%d" % n, "runner_class": "probe",
               "capabilities": ["bench"], "boot_methods": ["qemu"], "topology": {}}
        st, raw = c.call("POST", "/api/v1/runners/register", rtoken, reg)
        rid = json.loads(raw)["runner_id"] if st == 200 else 0
        while time.monotonic() < end:
            if kind == "claim":
                c.call("POST", "/api/v1/jobs", args[0],
                       {"suite": "probe", "boot": "qemu", "runner_class": "probe"})
                t = time.monotonic()
                st, raw = c.call("POST", "/api/v1/jobs/claim", rtoken, {"runner_id": rid})
                if st != 204:
                    note("claim", time.monotonic() - t, st == 200)
                job = json.loads(raw).get("job") if st == 200 and raw else None
                if st == 204:
                    note("claim", time.monotonic() - t, True)
                if not job:
                    continue
                samples = [{"suite": "probe", "metric": "m%02d" % m, "unit": "ns",
                            "better": "lower", "iteration": i, "value": 1000.0 + i}
                           for m in range(30) for i in range(4)]
                body = {"runner_id": rid, "job_id": job["id"], "attempt": job["attempt"], "status": "ok",
                        "env": {"kernel_release": "6.99.0"}, "samples": samples}
                t = time.monotonic()
                st, raw = c.call("POST", "/api/v1/jobs/%d/result" % job["id"], rtoken, body)
                note("result", time.monotonic() - t, st == 200)
                continue
            path = args[0]
            if kind == "pad":
                path = padded(path)
            elif kind == "enc":
                path = spelled(path)
            elif kind == "write":
                c.call("POST", "/api/v1/jobs", args[1],
                       {"suite": "probe", "boot": "qemu", "runner_class": "nobody"})
            t = time.monotonic()
            st, raw = c.call("GET", path)
            note(kind, time.monotonic() - t, st == 200)

    threads = [threading.Thread(target=reader, args=(n,)) for n in range(readers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name, v in sorted(lat.items()):
        v.sort()
        print("%s %d %d %.1f %.1f" % (name, len(v), errors[name], 1e3 * v[len(v) // 2],
                                      1e3 * v[min(len(v) - 1, int(len(v) * 0.99))]))


if __name__ == "__main__":
    main()
