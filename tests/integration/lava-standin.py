#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
# lava-standin.py - a loopback stand-in for a LAVA lab's REST API v0.2
# (a lab is a remote service: server, dispatchers, boards).  What it
# checks is real: the token ("Authorization: Token T"), each submitted
# definition against Debian's lava-common schema (the validation
# lava-server runs on submission), and the kernel and initramfs the
# definition names (read from the published directory, their sha256
# compared).  What it cannot do is boot: a job's console is a saved real
# console of kpci's guest (tests/data/suites/), which its monitors
# pattern is applied to as LAVA's dispatcher does.
#
#   lava-standin.py DIR TOKEN CONSOLE
# Writes its port to DIR/port.  Files in DIR steer it: fail-next (the
# next submission is answered 503, then the file goes), hold (jobs stay
# Running).  A job whose tags hold "broken" ends Incomplete.  Requests
# are logged in DIR/requests.log ("METHOD PATH STATUS"), definitions kept
# as DIR/def-ID.yaml.
import datetime
import hashlib
import json
import os
import re
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import yaml
from lava_common.schemas import validate

DIR, TOKEN, CONSOLE = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().splitlines()
jobs = {}


def lava_dump(data):
    # lava_common.log.dump: one flow mapping per line, double-quoted
    return yaml.dump(data, default_flow_style=True, default_style='"', width=10**6)[:-1]


def run_monitor(definition):
    """The test cases LAVA's monitors action would record from CONSOLE."""
    cases = []
    for action in definition["actions"]:
        for mon in action.get("test", {}).get("monitors", []):
            started = False
            for line in CONSOLE:
                if not started:
                    started = re.search(mon["start"], line) is not None
                    continue
                if re.search(mon["end"], line):
                    break
                m = re.search(mon["pattern"], line)
                if m and m.groupdict().get("measurement"):
                    case = re.sub(r"\W+", "_", m.group("test_case_id").strip().lower())
                    cases.append({"name": case, "measurement": m.group("measurement"),
                                  "unit": m.groupdict().get("units", ""), "result": "pass"})
    return cases


def check_images(definition):
    """None, or why the deploy action's files are not what it says."""
    for action in definition["actions"]:
        deploy = action.get("deploy")
        if not deploy:
            continue
        images = deploy.get("images") or {k: deploy[k] for k in ("kernel", "ramdisk") if k in deploy}
        for name, img in images.items():
            url = urllib.parse.urlparse(img["url"])
            if url.scheme != "file":
                return "%s: only file:// URLs are reachable here" % name
            try:
                data = open(url.path, "rb").read()
            except OSError as e:
                return "%s: %s" % (name, e)
            if hashlib.sha256(data).hexdigest() != img.get("sha256sum"):
                return "%s: sha256 mismatch" % name
    return None


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, ctype="application/json"):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        with open(os.path.join(DIR, "requests.log"), "a") as f:
            f.write("%s %s %d\n" % (self.command, self.path, status))

    def authorized(self):
        if self.headers.get("Authorization") == "Token " + TOKEN:
            return True
        self.reply(401, {"detail": "Invalid token."})
        return False

    def do_POST(self):
        if not self.authorized():
            return
        if self.path != "/api/v0.2/jobs/":
            return self.reply(404, {"detail": "Not found."})
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        fail = os.path.join(DIR, "fail-next")
        if os.path.exists(fail):
            os.unlink(fail)
            return self.reply(503, "<html>Service Unavailable</html>", "text/html")
        try:
            definition = yaml.safe_load(body["definition"])
            validate(definition, strict=True)
        except Exception as e:
            return self.reply(400, {"message": "Problem with submitted job data: %s" % e})
        jid = len(jobs) + 1
        with open(os.path.join(DIR, "def-%d.yaml" % jid), "w") as f:
            f.write(body["definition"])
        why = check_images(definition)
        broken = "broken" in definition.get("tags", [])
        jobs[jid] = {"polls": 0, "definition": definition,
                     "health": "Incomplete" if why or broken else "Complete",
                     "comment": why or ("kpci-test: the board did not power on" if broken else ""),
                     "device": "%s-01" % definition["device_type"],
                     "cases": [] if why or broken else run_monitor(definition)}
        self.reply(201, {"message": "job(s) successfully submitted", "job_ids": [jid]})

    def do_GET(self):
        if not self.authorized():
            return
        path = urllib.parse.urlparse(self.path).path
        m = re.match(r"^/api/v0\.2/jobs/(\d+)/(?:(logs|suites)/(?:(\d+)/tests/)?)?$", path)
        job = jobs.get(int(m.group(1))) if m else None
        if not job:
            return self.reply(404, {"detail": "Not found."})
        if not m.group(2):
            job["polls"] += 1
            held = os.path.exists(os.path.join(DIR, "hold"))
            state = "Submitted" if job["polls"] < 2 else "Running" if held or job["polls"] < 3 else "Finished"
            return self.reply(200, {"id": int(m.group(1)), "state": state,
                                    "health": job["health"] if state == "Finished" else "Unknown",
                                    "actual_device": job["device"] if state != "Submitted" else None,
                                    "failure_comment": job["comment"] or None})
        if m.group(2) == "logs":
            now = datetime.datetime.utcnow().isoformat()
            lines = [lava_dump({"dt": now, "lvl": "info", "msg": "start: 1 tmpfs-deploy"})]
            # lava_dispatcher/shell.py writes each console line with its '"' as '\\"';
            # lines read after the monitor ended are "feedback" of the finalize action
            done = [i for i, l in enumerate(CONSOLE) if l.startswith("KPCI-DONE")] + [len(CONSOLE)]
            for i, l in enumerate(CONSOLE):
                rec = {"dt": now, "lvl": "target" if i < done[0] else "feedback",
                       "msg": l.replace('"', '\\"')}
                if i >= done[0]:
                    rec["ns"] = "common"
                lines.append("- " + lava_dump(rec))
            lines += [lava_dump({"dt": now, "lvl": "results", "msg": c}) for c in job["cases"]]
            return self.reply(200, "\n".join(("- " + l if not l.startswith("- ") else l) for l in lines) + "\n",
                              "application/yaml")
        if not m.group(3):
            return self.reply(200, {"count": 2, "next": None, "previous": None,
                                    "results": [{"id": 1, "name": "0_lava"}, {"id": 2, "name": "1_kpci"}]})
        cases = job["cases"] if m.group(3) == "2" else []
        return self.reply(200, {"count": len(cases), "next": None, "previous": None, "results": cases[:1]})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(DIR, "port.tmp"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(DIR, "port.tmp"), os.path.join(DIR, "port"))
server.serve_forever()
