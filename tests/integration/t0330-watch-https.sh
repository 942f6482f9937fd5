# SPDX-License-Identifier: GPL-2.0-only
# t0330-watch-https: an https:// tree on loopback, served by `git
# http-backend` (run as CGI by a small TLS server) with a certificate of a
# CA this test makes.  The tree whose ca_file names that CA is fetched;
# the same URL without it is refused with a certificate error, recorded
# like any fetch error; an unreadable ca_file is refused at start.
. tests/integration/lib.sh

export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@example.org"
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL="committer@example.org"
export GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"

# The CA and the server's certificate for localhost (libgit2's mbedTLS
# matches host names, not IP addresses).
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=kpci test CA" \
	-keyout "$TMP/ca.key" -out "$TMP/ca.pem" 2> /dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
	-keyout "$TMP/server.key" -out "$TMP/server.csr" 2> /dev/null
printf 'subjectAltName = DNS:localhost, IP:127.0.0.1\n' > "$TMP/san.ext"
openssl x509 -req -in "$TMP/server.csr" -CA "$TMP/ca.pem" -CAkey "$TMP/ca.key" \
	-CAcreateserial -days 2 -extfile "$TMP/san.ext" -out "$TMP/server.pem" 2> /dev/null
check "the test CA signed the server certificate" \
	openssl verify -CAfile "$TMP/ca.pem" "$TMP/server.pem"

mkdir -p "$TMP/srv"
git init -q --bare -b master "$TMP/srv/linux.git"
git init -q -b master "$TMP/work"
for i in 1 2 3 4 5; do git -C "$TMP/work" commit -q --allow-empty -m "tls change $i"; done
git -C "$TMP/work" tag v1.0
git -C "$TMP/work" push -q --tags "$TMP/srv/linux.git" master

# A TLS HTTP server that runs `git http-backend` as a CGI program.
cat > "$TMP/serve.py" <<'PY'
import http.server, os, ssl, subprocess, sys

root, cert, key, portfile = sys.argv[1:5]

class CGI(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def run(self):
        path, _, query = self.path.partition("?")
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n) if n else b""
        env = dict(os.environ, GIT_PROJECT_ROOT=root, GIT_HTTP_EXPORT_ALL="1",
                   PATH_INFO=path, QUERY_STRING=query, REQUEST_METHOD=self.command,
                   CONTENT_TYPE=self.headers.get("Content-Type", ""),
                   CONTENT_LENGTH=str(n), REMOTE_ADDR="127.0.0.1",
                   GATEWAY_INTERFACE="CGI/1.1", SERVER_PROTOCOL="HTTP/1.0")
        if self.headers.get("Content-Encoding"):
            env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
        out = subprocess.run(["git", "http-backend"], input=body, env=env,
                             stdout=subprocess.PIPE).stdout
        head, _, rest = out.partition(b"\r\n\r\n")
        status = 200
        headers = []
        for line in head.split(b"\r\n"):
            k, _, v = line.decode().partition(":")
            if k.lower() == "status":
                status = int(v.split()[0])
            elif k:
                headers.append((k, v.strip()))
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(rest)))
        self.end_headers()
        self.wfile.write(rest)

    do_GET = do_POST = run

    def log_message(self, *args):
        pass

srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CGI)
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
ctx.load_cert_chain(cert, key)
srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.server_address[1]))
os.rename(portfile + ".tmp", portfile)
srv.serve_forever()
PY
python3 "$TMP/serve.py" "$TMP/srv" "$TMP/server.pem" "$TMP/server.key" "$TMP/port" \
	> "$TMP/serve.log" 2>&1 &
PIDS="$PIDS $!"
wait_for 10 test -s "$TMP/port"
HTTPS="https://localhost:$(cat "$TMP/port")/linux.git"
check "git itself clones over that https server" \
	env GIT_SSL_CAINFO="$TMP/ca.pem" git ls-remote "$HTTPS"

cat > "$TMP/kpcid.ini" <<EOF2
[tree trusted]
url = $HTTPS
ca_file = $TMP/ca.pem
poll_interval = 3600

[tree untrusted]
url = $HTTPS
poll_interval = 3600
retry_min = 100
EOF2
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin t)
export KPCI_TOKEN="$AT"
check "the https tree with ca_file is fetched" wait_sql 20 \
	"SELECT count(*) FROM trees t JOIN branches b ON b.tree_id = t.id
	 WHERE t.name = 'trusted' AND b.length = 5 AND t.last_error IS NULL" 1
check_eq "with its tag" "v1.0|release" \
	"$(sql "SELECT g.name, g.kind FROM tags g JOIN trees t ON t.id = g.tree_id
	        WHERE t.name = 'trusted'")"
check "the one without is refused" wait_sql 20 \
	"SELECT count(*) FROM trees WHERE name = 'untrusted' AND error_count = 1" 1
err=$(sql "SELECT last_error FROM trees WHERE name = 'untrusted'")
check_contains "with a certificate error" "certificate" "$err"
check_contains "that says how to trust it" "ca_file" "$err"
check_eq "nothing is stored for it" 0 \
	"$(sql "SELECT count(*) FROM commits c JOIN trees t ON t.id = c.tree_id
	        WHERE t.name = 'untrusted'")"

# New commits come over https on the next poll (the CA is set again).
git -C "$TMP/work" commit -q --allow-empty -m "tls change 6"
git -C "$TMP/work" push -q "$TMP/srv/linux.git" master
"$KPCI_BIN/kpci" poll untrusted > /dev/null
out=$("$KPCI_BIN/kpci" poll trusted)
check_eq "kpci poll of the trusted tree" 0 $?
check_eq "moves it on" "$(git -C "$TMP/work" rev-parse master)|6" \
	"$(sql "SELECT b.tip_sha, b.length FROM branches b JOIN trees t ON t.id = b.tree_id
	        WHERE t.name = 'trusted'")"
check_eq "the untrusted one failed again" 2 \
	"$(sql "SELECT error_count FROM trees WHERE name = 'untrusted'")"
stop_kpcid

# An unreadable ca_file is refused before anything is stored.
printf '[tree x]\nurl = %s\nca_file = %s/nope.pem\n' "$HTTPS" "$TMP" > "$TMP/bad.ini"
"$KPCI_BIN/kpcid" -c "$TMP/bad.ini" --data-dir "$TMP/data" --listen 127.0.0.1:0 \
	> "$TMP/bad.log" 2>&1 &
pid=$!
PIDS="$PIDS $pid"
wait_for 10 sh -c "! kill -0 $pid 2>/dev/null"
wait "$pid"
check_eq "kpcid refuses to start" 1 $?
check_contains "with one sentence naming the file" \
	"[tree x] ca_file: cannot read '$TMP/nope.pem': No such file or directory" \
	"$(cat "$TMP/bad.log")"
check_eq "no tree was added" 2 "$(sql "SELECT count(*) FROM trees")"
finish
