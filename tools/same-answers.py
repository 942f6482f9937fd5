#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""same-answers.py - do two builds of kpcid and kpci answer alike?

    tools/same-answers.py OLD_BIN NEW_BIN DB...

For each database file (a kpci.db, with its -wal beside it if any), both
builds' kpcid serve their own copy of it, with analysis, confirmation
and bisection off so that nothing is written while they answer; every page reachable from the
overview by links, each page's /api/v1 twin, the API's lists and the
CLI's read commands are asked of both, alternately, and compared byte for
byte.  A restructuring of the code that changes no behaviour prints
"N answers compared, 0 differ"; each difference is printed with its URL
or command and the first differing line.  The exit status is 1 when any
answer differs.  Needs nothing but Python's standard library.
"""
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

MAX_URLS = 4000             # answers asked per database, at most
API_SEEDS = ["/api/v1/status", "/api/v1/runners", "/api/v1/jobs", "/api/v1/samples",
             "/api/v1/metrics", "/api/v1/changes", "/api/v1/builds", "/api/v1/trees",
             "/api/v1/reports", "/api/v1/bisections", "/api/v1/confirmations",
             "/api/v1/noise", "/api/v1/windows", "/reports", "/bisections", "/nosuch",
             "/api/v1/nosuch"]
CLI_READS = [["status"], ["runners"], ["jobs"], ["samples"], ["changes"], ["builds"],
             ["noise"], ["trees"], ["reports"], ["bisections"]]
ONE_OF = {"changes": "change", "builds": "build", "reports": "report",
          "bisections": "bisection", "runners": "runner"}


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "href" and value and value.startswith("/") \
                    and not value.startswith("//"):
                self.found.append(html.unescape(value.split("#")[0]))


# kpcid only serves: nothing at start writes rows (a job queued a second
# later on one side would differ in its time)
QUIET = "[analysis]\nenabled = false\n[confirm]\nenabled = false\n[bisect]\nenabled = false\n"


def start(bindir, data):
    log = open(os.path.join(data, "kpcid.log"), "w")
    ini = os.path.join(data, "kpcid.ini")
    with open(ini, "w") as f:
        f.write(QUIET)
    p = subprocess.Popen([os.path.join(bindir, "kpcid"), "-c", ini, "--data-dir", data,
                          "--listen", "127.0.0.1:0"], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(200):
        with open(os.path.join(data, "kpcid.log")) as f:
            m = re.search(r"listening on (http://127\.0\.0\.1:\d+)/", f.read())
        if m:
            return p, m.group(1)
        time.sleep(0.05)
    p.kill()
    sys.exit("same-answers: kpcid of %s did not start (see %s/kpcid.log)" % (bindir, data))


def get(base, path, accept):
    req = urllib.request.Request(base + path, headers={"Accept": accept})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "line %d: %r / %r" % (i + 1, x[:160], y[:160])
    return "lengths %d / %d lines" % (len(la), len(lb))


def compare_db(old_bin, new_bin, db):
    tmp = tempfile.mkdtemp(prefix="kpci-same.")
    servers = []
    try:
        for side, bindir in (("old", old_bin), ("new", new_bin)):
            data = os.path.join(tmp, side)
            os.makedirs(data)
            for suffix in ("", "-wal"):
                if os.path.exists(db + suffix):
                    shutil.copy(db + suffix, os.path.join(data, "kpci.db" + suffix))
            servers.append(start(bindir, data))
        (po, old), (pn, new) = servers
        queue, seen, compared, differ = ["/"] + API_SEEDS, set(), 0, []
        while queue and len(seen) < MAX_URLS:
            path = queue.pop(0)
            if path in seen or path.startswith("/static/"):
                continue
            seen.add(path)
            html_page = not path.startswith("/api/")
            accept = "text/html" if html_page else "application/json"
            a, b = get(old, path, accept), get(new, path, accept)
            compared += 1
            if a != b:
                differ.append("%s: %s %s" % (path, (a[0], b[0]),
                                             first_difference(a[1], b[1])))
            if html_page and a[0] == 200:
                parser = Links()
                parser.feed(a[1].decode("utf-8", "replace"))
                queue += [u for u in parser.found if u not in seen]
                queue.append("/api/v1" + path if path != "/" else "/api/v1/status")
        env = dict(os.environ)
        for cmd in CLI_READS + cli_ones(old):
            outs = []
            for bindir, base in ((old_bin, old), (new_bin, new)):
                env["KPCI_SERVER"] = base
                r = subprocess.run([os.path.join(bindir, "kpci")] + cmd, env=env,
                                   capture_output=True, timeout=60)
                outs.append((r.returncode, r.stdout.replace(base.encode(), b"SERVER"),
                             r.stderr.replace(base.encode(), b"SERVER")))
            compared += 1
            if outs[0] != outs[1]:
                differ.append("kpci %s: %s" % (" ".join(cmd), first_difference(
                    outs[0][1] + outs[0][2], outs[1][1] + outs[1][2])))
        return compared, differ
    finally:
        for p, _ in servers:
            p.kill()
            p.wait()
        shutil.rmtree(tmp, ignore_errors=True)


def cli_ones(base):
    """kpci commands that show one thing: the first rows of each list."""
    import json
    cmds = []
    for lst, one in ONE_OF.items():
        status, body = get(base, "/api/v1/" + lst + "?limit=5", "application/json")
        if status != 200:
            continue
        doc = json.loads(body)
        rows = doc if isinstance(doc, list) else next(
            (v for v in doc.values() if isinstance(v, list)), [])
        cmds += [[one, str(r["id"])] for r in rows if isinstance(r, dict) and "id" in r]
    return cmds


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: tools/same-answers.py OLD_BIN NEW_BIN DB...")
    total, bad = 0, 0
    for db in sys.argv[3:]:
        n, differ = compare_db(sys.argv[1], sys.argv[2], db)
        total += n
        bad += len(differ)
        print("%s: %d answers, %d differ" % (db, n, len(differ)))
        for d in differ[:20]:
            print("  " + d)
    print("%d answers compared, %d differ" % (total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
