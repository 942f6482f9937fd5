# SPDX-License-Identifier: GPL-2.0-only
# t0940-reader-flood: readers never stall the lab.  Samples page by key
# (?before=ID, answered with next_before) through the same rows as
# ?offset= does, and an offset deeper than 10,000 is a 400 naming it; jobs
# page by key too.  Then 40 anonymous connections from one address read
# deep pages of samples and compare jobs while runners claim and upload
# with jobs queued for them: every claim and upload is answered (none
# with an error), every job ends done, health answers 200 each time it is
# asked, and each reader gets its answer or a 503 with Retry-After, never
# anything else.
. tests/integration/lib.sh

cat > "$TMP/kpcid.ini" <<'INI'
[server]
threads = 2
max_conns_per_client = 128
[analysis]
enabled = false
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)

# --- a few hundred jobs of 100 samples
python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --admin-token "$AT" \
	--runners 2 --metrics 50 --iterations 2 --seconds 4 --submit-seconds 3 \
	--submit-every 0.02 --out "$TMP/seed" > "$TMP/seed.log" 2>&1
n=$(sql "SELECT count(*) FROM samples")
check "the runners stored samples ($n)" test "$n" -ge 1000

# --- paging by key
ids() { jq -r "[.$1[].id] | join(\" \")" "$TMP/body"; }
api GET "/api/v1/samples?limit=100" > /dev/null
first=$(ids samples)
last=$(jq '.samples[-1].id' "$TMP/body")
check_eq "an answer without before= is as it was (samples, limit, offset)" \
	"$(jq -c 'keys' "$TMP/body")" '["limit","offset","samples"]'
api GET "/api/v1/samples?limit=100&offset=100" > /dev/null
by_offset=$(ids samples)
api GET "/api/v1/samples?limit=100&before=$last" > /dev/null
check_eq "before= the last id gives the page offset= gives" "$(ids samples)" "$by_offset"
check_eq "the answer names the next page's before=" "$(jq '.next_before' "$TMP/body")" \
	"$(jq '.samples[-1].id' "$TMP/body")"
check_eq "and repeats its before=" "$(jq '.before' "$TMP/body")" "$last"
check "the pages do not overlap" test "${first##* }" -gt "${by_offset%% *}"
oldest=$(sql "SELECT min(id) FROM samples")
api GET "/api/v1/samples?limit=100&before=$((oldest + 1))" > /dev/null
check_eq "the last page says there is no next one" "$(jq -c '[(.samples | length), .next_before]' \
	"$TMP/body")" "[1,null]"
out=$(api GET "/api/v1/samples?limit=1000&offset=5000000")
check_contains "a deep offset is a 400 naming it" \
	'400 {"error":"query parameter offset: 5000000 is more than 10000' "$out"
check_contains "before= that is not a number is a 400" '400 {"error":"query parameter before' \
	"$(api GET "/api/v1/samples?before=x")"
api GET "/api/v1/jobs?limit=5" > /dev/null
jobs_first=$(ids jobs)
api GET "/api/v1/jobs?limit=5&offset=5" > /dev/null
jobs_offset=$(ids jobs)
api GET "/api/v1/jobs?limit=5&before=${jobs_first##* }" > /dev/null
check_eq "jobs page by key as well" "$(ids jobs)" "$jobs_offset"

# --- the flood
jmin=$(sql "SELECT min(job_id) FROM job_results")
jmax=$(sql "SELECT max(job_id) FROM job_results")
smax=$(sql "SELECT max(id) FROM samples")
cat > "$TMP/flood.py" <<'PY'
import http.client, random, sys, threading, time
port, conns, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
jmin, jmax, smax = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
seen, lock = {}, threading.Lock()
def reader(n):
    end = time.time() + seconds
    while time.time() < end:
        if n % 2:
            a = random.randint(jmin, jmax - 1)
            path = "/api/v1/compare?base=job:%d&head=job:%d" % (a, random.randint(a + 1, jmax))
        elif n % 4:
            path = "/api/v1/samples?limit=1000&offset=10000"
        else:
            path = "/api/v1/samples?limit=1000&before=%d" % random.randint(1, smax)
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            c.request("GET", path)
            r = c.getresponse()
            r.read()
            key = "%s %d%s" % (path.split("?")[0], r.status,
                               " retry-after" if r.getheader("Retry-After") else "")
            c.close()
        except Exception as e:
            key = "%s failed %s" % (path.split("?")[0], type(e).__name__)
        with lock:
            seen[key] = seen.get(key, 0) + 1
ts = [threading.Thread(target=reader, args=(n,)) for n in range(conns)]
for t in ts: t.start()
for t in ts: t.join()
for k, v in sorted(seen.items()):
    print(v, k)
PY
python3 "$TMP/flood.py" "$PORT" 40 12 "$jmin" "$jmax" "$smax" > "$TMP/flood" 2>&1 &
FLOOD=$!
PIDS="$PIDS $FLOOD"
python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --admin-token "$AT" \
	--runners 2 --metrics 50 --iterations 2 --seconds 14 --submit-seconds 10 \
	--submit-every 0.1 --out "$TMP/busy" > "$TMP/busy.log" 2>&1 &
RUNNERS=$!
PIDS="$PIDS $RUNNERS"
: > "$TMP/health"
for _ in $(seq 20); do
	curl -s -o /dev/null -m 60 -w '%{http_code}\n' "$URL/api/v1/health" >> "$TMP/health"
	sleep 0.5
done
wait "$FLOOD"
wait "$RUNNERS"
cat "$TMP/flood"

check_eq "health answered 200 each of the 20 times" "$(grep -c '^200$' "$TMP/health")" 20
claims=$(grep -c '^claim ' "$TMP/busy")
check "the runners claimed jobs under the flood ($claims)" test "$claims" -ge 5
check_eq "every claim's result was acknowledged" "$(grep -c '^ack ' "$TMP/busy")" "$claims"
check_eq "no claim or upload was answered with an error" "$(grep -c '^error ' "$TMP/busy")" 0
check_eq "no lease was lost" "$(grep -c '^lost \|^refused ' "$TMP/busy")" 0
python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --runners 2 --metrics 50 \
	--iterations 2 --seconds 60 --out "$TMP/drain" > "$TMP/drain.log" 2>&1 &
DRAIN=$!
PIDS="$PIDS $DRAIN"
check "every queued job ends done" wait_sql 60 \
	"SELECT count(*) FROM jobs WHERE state <> 'done'" 0
kill "$DRAIN" 2>/dev/null
wait "$DRAIN" 2>/dev/null
check "the flood read samples" grep -q ' /api/v1/samples 200$' "$TMP/flood"
check "the flood compared jobs" grep -q ' /api/v1/compare 200$' "$TMP/flood"
check_eq "every reader got its answer or a 503 with Retry-After" \
	"$(grep -v ' 200$' "$TMP/flood" | grep -cv ' 503 retry-after$')" 0
finish
