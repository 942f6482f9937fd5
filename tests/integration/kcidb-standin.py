#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
# kcidb-standin.py - a loopback stand-in for KCIDB's submission endpoint
# (the real one is a remote service).  It does what the real one is asked
# to do with what kpcid sends: POST /submit with "Authorization: Bearer
# TOKEN" and a JSON body, which it validates against the I/O schema v5.3
# (Debian's python3-jsonschema) before it keeps it.
#
#   kcidb-standin.py SCHEMA TOKEN DIR [FAIL_FIRST]
# Listens on 127.0.0.1, port 0; writes the port to DIR/port.  The first
# FAIL_FIRST posts are answered 503 (nothing kept); a wrong token gets
# 401, a document the schema refuses 400 with the reason.  Every request
# is a line of DIR/requests.log ("STATUS N_OBJECTS"); accepted documents
# are DIR/doc-N.json.
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jsonschema

SCHEMA = json.load(open(sys.argv[1]))
TOKEN = sys.argv[2]
DIR = sys.argv[3]
FAIL_FIRST = int(sys.argv[4]) if len(sys.argv) > 4 else 0
MAX_BODY = 64 << 20
state = {"posts": 0, "kept": 0}
validator = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, objects=0):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        with open(os.path.join(DIR, "requests.log"), "a") as f:
            f.write("%d %d\n" % (status, objects))

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        if self.path != "/submit" or n > MAX_BODY:
            return self.answer(404, {"error": "no such endpoint"})
        body = self.rfile.read(n)
        if self.headers.get("Authorization") != "Bearer " + TOKEN:
            return self.answer(401, {"error": "bad token"})
        state["posts"] += 1
        if state["posts"] <= FAIL_FIRST:
            return self.answer(503, {"error": "try again later"})
        try:
            doc = json.loads(body)
        except ValueError as e:
            return self.answer(400, {"error": "not JSON: %s" % e})
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            e = errors[0]
            return self.answer(400, {"error": "%s at %s" % (e.message, "/".join(map(str, e.path)))})
        objects = sum(len(doc.get(k, [])) for k in ("checkouts", "builds", "tests"))
        state["kept"] += 1
        with open(os.path.join(DIR, "doc-%d.json" % state["kept"]), "w") as f:
            json.dump(doc, f)
        self.answer(200, {"status": "ok"}, objects)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(DIR, "port.tmp"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(DIR, "port.tmp"), os.path.join(DIR, "port"))
server.serve_forever()
