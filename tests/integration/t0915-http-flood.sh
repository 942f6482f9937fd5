# SPDX-License-Identifier: GPL-2.0-only
# t0915-http-flood: many slow clients cost kpcid no thread each.  2,000
# connections from 100 loopback addresses (20 each, under the
# per-address limit) send half a header and hold on; meanwhile another
# address makes 50 ordinary requests (health, a job list, a runner's
# claim) and every one is answered, while kpcid's thread count stays
# what it was before the flood.  The per-address limit still closes the
# connection after max_conns_per_client, and the total limit
# (max_connections) the ones past it.
. tests/integration/lib.sh

FLOOD_ADDRS=100
FLOOD_EACH=20
MAX_CONNS=2200
PER_CLIENT=24
hard=$(ulimit -Hn)
if [ "$hard" != unlimited ] && [ "$hard" -lt $((MAX_CONNS + 1024)) ]; then
	echo "ok - skipped: the open-file limit ($hard) is below $((MAX_CONNS + 1024))"
	exit 0
fi
ulimit -n "$hard" 2>/dev/null

# (the slow connections must outlive the test: a long header_timeout)
cat > "$TMP/kpcid.ini" <<INI
[analysis]
enabled = false
[server]
max_conns_per_client = $PER_CLIENT
max_connections = $MAX_CONNS
header_timeout = 300
threads = 4
INI
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner)
AT=$(token admin)
api POST /api/v1/runners/register "$RT" '{"name":"lab-1","runner_class":"c1",
	"capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
for i in $(seq 5); do
	api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
done
threads() { awk '/^Threads:/ { print $2 }' "/proc/$KPCID_PID/status"; }

# flood.py PORT FIRST N EACH OUT STOP: EACH connections from each of N
# addresses 127.0.FIRST.. (x.y counted on), each sending half a header;
# writes "open K" once it sees which are still open, again whenever STOP
# does not exist yet and a second passed, and closes them all once it does.
cat > "$TMP/flood.py" <<'PY'
import os, resource, socket, sys, time
port, first, n, each, out, stop = (int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]),
                                   int(sys.argv[4]), sys.argv[5], sys.argv[6])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
socks = []
for a in range(first, first + n):
    addr = "127.%d.%d.%d" % (a >> 16 & 255, a >> 8 & 255, a & 255)
    for _ in range(each):
        s = socket.socket()
        s.bind((addr, 0))
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            pass
        socks.append(s)
def still_open():
    alive = 0
    for s in socks:
        s.setblocking(False)
        try:
            if s.recv(1):
                alive += 1
        except BlockingIOError:
            alive += 1           # nothing to read: still open
        except OSError:
            pass
    return alive
time.sleep(1)
while True:
    with open(out + ".tmp", "w") as f:
        f.write("open %d\n" % still_open())
    os.rename(out + ".tmp", out)
    if os.path.exists(stop):
        break
    time.sleep(1)
PY
FLOODS=""
flood() {   # flood NAME FIRST N EACH: starts one, waits for its first count
	rm -f "$TMP/$1.out"
	python3 "$TMP/flood.py" "$PORT" "$2" "$3" "$4" "$TMP/$1.out" "$TMP/stop-$1" \
		2> "$TMP/$1.err" &
	PIDS="$PIDS $!"
	FLOODS="$FLOODS $!"
	wait_for 60 test -s "$TMP/$1.out"
}
open_of() { sed -n 's/^open //p' "$TMP/$1.out"; }
# (127.0.0.2 is 0x7f000002: its last three bytes are 2)
socks() { find "/proc/$KPCID_PID/fd" -lname 'socket:*' | wc -l; }
before=$(threads)
base_socks=$(socks)
flood slow 2 $FLOOD_ADDRS $FLOOD_EACH
check_eq "2,000 slow connections from 100 addresses are all held" \
	$((FLOOD_ADDRS * FLOOD_EACH)) "$(open_of slow)"
during=$(threads)
check "... without a thread each: kpcid has $during threads, $before before" \
	test "$during" -le $((before + 2))

# normal.py PORT RT: 50 requests from 127.0.0.200, one at a time
cat > "$TMP/normal.py" <<'PY'
import http.client, json, sys
port, rt = int(sys.argv[1]), sys.argv[2]
asks = [("GET", "/api/v1/health", None, None, (200,)),
        ("GET", "/api/v1/jobs?limit=5", None, None, (200,)),
        ("POST", "/api/v1/jobs/claim", rt, '{"runner_id":1}', (200, 204))]
good = 0
for i in range(50):
    method, path, token, body, codes = asks[i % 3]
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                   source_address=("127.0.0.200", 0))
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    try:
        c.request(method, path, body, headers)
        r = c.getresponse()
        data = r.read()
        if r.status in codes and (r.status == 204 or isinstance(json.loads(data), dict)):
            good += 1
        else:
            print("%s %s -> %d %s" % (method, path, r.status, data[:200]), file=sys.stderr)
    except (OSError, ValueError) as e:
        print("%s %s -> %s" % (method, path, e), file=sys.stderr)
    c.close()
print("answered %d of 50" % good)
PY
out=$(python3 "$TMP/normal.py" "$PORT" "$RT" 2> "$TMP/normal.err")
check_eq "50 requests from another address are answered meanwhile" "answered 50 of 50" \
	"$out$(head -c 300 "$TMP/normal.err")"
check_eq "the claims among them leased the queued jobs" 5 \
	"$(sql "SELECT count(*) FROM jobs WHERE state = 'running'")"
check_eq "the flood is still held" $((FLOOD_ADDRS * FLOOD_EACH)) "$(open_of slow)"

# one more address past max_conns_per_client
flood one 150 1 $((PER_CLIENT + 1))
check_eq "one address holds max_conns_per_client ($PER_CLIENT) connections, not one more" \
	"$PER_CLIENT" "$(open_of one)"
# and more addresses past max_connections: kpcid accepts no more than it
# (the others wait in the kernel's backlog, where they look open to the
# client, or are closed), and holds a socket for each it accepted
flood over 300 20 20
conns=$(( $(socks) - base_socks ))
check_eq "past max_connections kpcid accepts no more connections" "$MAX_CONNS" "$conns"
check "... still without a thread each ($(threads))" test "$(threads)" -le $((before + 2))
code=$(curl -s -o /dev/null -w '%{http_code}' -m 3 --interface 127.0.0.201 "$URL/api/v1/health")
check_eq "... and a new client is not served while it is full" 000 "$code"

touch "$TMP/stop-slow" "$TMP/stop-one" "$TMP/stop-over"
wait $FLOODS
check_eq "once they are gone kpcid answers as before" 200 \
	"$(curl -s -o /dev/null -w '%{http_code}' -m 10 "$URL/api/v1/health")"
check_eq "... with the threads it had ($before)" "$before" "$(threads)"
check_contains "/metrics shows the handlers' queues, empty now" \
	"kpcid_http_waiting{lane=\"control\"} 0" "$(curl -s "$URL/metrics")"
finish
