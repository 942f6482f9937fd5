#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""mailhook.py - a real SMTP server (aiosmtpd) and a webhook receiver on
loopback for the report tests.

    python3 tests/integration/mailhook.py DIR [--smtp-port N] [--http-port N]
                                          [--auth USER:PASS]

Each mail received is written to DIR/mail-N.eml with its envelope in
DIR/mail-N.env ("from ADDR" then "to ADDR" lines); each POST to the
webhook to DIR/hook-N.json (its path in DIR/hook-N.path).  The ports
bound are written to DIR/ports ("smtp PORT" and "http PORT").  With
--smtp-port and --http-port the servers bind those ports (to bring them
back up after a test stopped them); the numbering of files goes on.  Runs until killed.
"""
import asyncio
import http.server
import os
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

DIR = sys.argv[1]
args = sys.argv[2:]
SMTP_PORT = int(args[args.index('--smtp-port') + 1]) if '--smtp-port' in args else 0
AUTH = args[args.index('--auth') + 1] if '--auth' in args else None
HTTP_PORT = int(args[args.index('--http-port') + 1]) if '--http-port' in args else 0
# numbering goes on after the files a previous run left
count = {k: len([f for f in os.listdir(DIR) if f.startswith(k + '-') and
                 f.endswith('.eml' if k == 'mail' else '.json')]) for k in ('mail', 'hook')}
lock = threading.Lock()


def next_name(kind):
    with lock:
        count[kind] += 1
        return os.path.join(DIR, '%s-%d' % (kind, count[kind]))


class Handler:
    async def handle_DATA(self, server, session, envelope):
        base = next_name('mail')
        with open(base + '.env', 'w') as f:
            f.write('from %s\n' % envelope.mail_from)
            for r in envelope.rcpt_tos:
                f.write('to %s\n' % r)
        with open(base + '.eml.tmp', 'wb') as f:
            f.write(envelope.original_content)
        os.rename(base + '.eml.tmp', base + '.eml')
        return '250 OK'


def authenticator(server, session, envelope, mechanism, auth_data):
    if not isinstance(auth_data, LoginPassword):
        return AuthResult(success=False, handled=False)
    user, password = AUTH.split(':', 1)
    ok = auth_data.login.decode() == user and auth_data.password.decode() == password
    return AuthResult(success=ok)


class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers.get('Content-Length', '0'))
        body = self.rfile.read(min(n, 1 << 22))
        base = next_name('hook')
        with open(base + '.path', 'w') as f:
            f.write(self.path)
        with open(base + '.json.tmp', 'wb') as f:
            f.write(body)
        os.rename(base + '.json.tmp', base + '.json')
        self.send_response(200)
        self.send_header('Content-Type', 'text/plain')
        self.end_headers()
        self.wfile.write(b'ok')

    def log_message(self, *a):
        pass


kw = {}
if AUTH:
    kw = dict(authenticator=authenticator, auth_require_tls=False, auth_required=True)
ctl = Controller(Handler(), hostname='127.0.0.1', port=SMTP_PORT or 0, **kw)
if SMTP_PORT == 0:
    # Controller needs a port; find a free one first
    import socket
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    ctl.port = s.getsockname()[1]
    s.close()
ctl.start()
http.server.ThreadingHTTPServer.allow_reuse_address = True
httpd = http.server.ThreadingHTTPServer(('127.0.0.1', HTTP_PORT), Hook)
with open(os.path.join(DIR, 'ports.tmp'), 'w') as f:
    f.write('smtp %d\nhttp %d\n' % (ctl.port, httpd.server_address[1]))
os.rename(os.path.join(DIR, 'ports.tmp'), os.path.join(DIR, 'ports'))
httpd.serve_forever()
