#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench_load.sh - kpcid under the load of a busy lab, on the database of
# tests/browser/seed.py (5,000 commits, 50 metrics, planted changes) plus
# a 10,000-point series:
#
# 1. uploads alone: 4 runners (tests/lib/runners.py: the runner protocol,
#    60-sample results) with jobs queued for them, LOAD_BASE_SECONDS;
#    then beside 4 readers of the 10,000-point series with a parameter
#    the route does not read (?_=random), and with one it does
#    (?from=random);
# 2. the same uploads under wrk: 64 connections over the pages and the
#    API (a third of the requests with a cache-busting ?_=random) plus 4
#    connections of cache-busting readers that do change the answer
#    (/api/v1/series/BIG?from=random: each a real build of the series),
#    LOAD_SECONDS: requests, errors, p50/p99, uploads per second beside
#    phase 1, and kpcid's resident memory each second (flat in the second
#    half, once the answer cache is full?);
# 3. LOAD_RUNNERS (500) runners polling for LOAD_CLAIM_SECONDS while jobs
#    are queued: claims per second, claim p99, and whether any job was
#    handed out twice;
# 4. on a fresh kpcid: bench_ingest (samples per second through the
#    result endpoint beside the sqlite3 program inserting the same rows),
#    LOAD_INGEST_RUNNERS x LOAD_INGEST_UPLOADS uploads of
#    LOAD_INGEST_METRICS x 2 samples (default 10 x 50 x 1,000 x 2: 1M
#    samples in 10k series), then every series analysed and a page of
#    each kind read: kpcid's peak resident memory.
#
# Ends with lines "name value" that tests/slow/t0910-load.sh checks:
# errors, double_handouts, ingest_ok, rss_growth_kib.  Run from the top
# of the tree by bench/run.sh (make bench), or with smaller LOAD_* by the
# slow test.
set -u
: "${KPCI_BIN:=$(pwd)/bin}" "${KPCI_BENCH:=$(pwd)/build/opt/bench}"
BASE_S=${LOAD_BASE_SECONDS:-10}
LOAD_S=${LOAD_SECONDS:-60}
CLAIM_S=${LOAD_CLAIM_SECONDS:-30}
MANY=${LOAD_RUNNERS:-500}
IN_RUNNERS=${LOAD_INGEST_RUNNERS:-10}
IN_UPLOADS=${LOAD_INGEST_UPLOADS:-50}
IN_METRICS=${LOAD_INGEST_METRICS:-1000}
COMMITS=${LOAD_COMMITS:-5000}
POINTS=${LOAD_POINTS:-10000}

BENCH=bench_load
. bench/bench-lib.sh
bench_need wrk sqlite3 python3 jq
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$KPID/status"; }
hwm_kib() { awk '/^VmHWM:/ { print $2 }' "/proc/$KPID/status"; }
count() { grep -c "^$1 " "$2" 2>/dev/null || echo 0; }

cat > "$TMP/kpcid.ini" <<'INI'
[server]
max_conns_per_client = 2048
[analysis]
settle_seconds = 0
batch = 20000
INI

# --- the seeded database
mkdir -p "$TMP/data"
AT=$(token "$TMP/data" admin)
RT=$(token "$TMP/data" runner)
python3 tests/browser/seed.py "$TMP/data/kpci.db" "$COMMITS" --big-series "$POINTS" > /dev/null
start_kpcid "$TMP/data"
for _ in $(seq 600); do
	[ "$(sqlite3 -readonly "$TMP/data/kpci.db" "SELECT count(*) FROM series WHERE dirty = 1")" = 0 ] && break
	sleep 0.1
done
BIG=$(sqlite3 -readonly "$TMP/data/kpci.db" "SELECT s.id FROM series s JOIN metrics m
	ON m.id = s.metric_id WHERE m.name = 'big-series'")
echo "database: $COMMITS commits, a series of $POINTS points (id $BIG); kpcid: epoll threads, 8 read and 4 control workers, 4 builds at once"

# runners SECONDS OUT [ARGS]: tests/lib/runners.py in the background; RUNNERS_PID.
runners() {
	s=$1 out=$2
	shift 2
	python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --admin-token "$AT" \
		--seconds "$s" --submit-seconds "$s" --out "$out" "$@" > /dev/null 2>&1 &
	RUNNERS_PID=$!
	PIDS="$PIDS $RUNNERS_PID"
}

# --- 1. uploads alone
runners "$BASE_S" "$TMP/base" --runners 4 --submit-every 0.01 --prefix up
wait "$RUNNERS_PID"
base_acks=$(count ack "$TMP/base")

# --- 1b. the same beside 4 cache-busting readers of the 10,000-point
# series: a parameter the route does not read (?_=random, answered from
# the cache), then one it does (?from=random: every request a real build)
cat > "$TMP/unknown.lua" <<LUA
request = function()
	return wrk.format(nil, "/api/v1/series/$BIG?_=" .. math.random(1, 1e9))
end
LUA
cat > "$TMP/bust.lua" <<LUA
request = function()
	return wrk.format(nil, "/api/v1/series/$BIG?from=" .. math.random(1, $COMMITS))
end
LUA
for kind in unknown bust; do
	runners "$BASE_S" "$TMP/four-$kind" --runners 4 --submit-every 0.01 --prefix up
	wrk -t2 -c4 -d"${BASE_S}s" --timeout 60s --latency -s "$TMP/$kind.lua" "$URL" \
		> "$TMP/four-$kind.wrk" 2>&1
	wait "$RUNNERS_PID"
done

# --- 2. the same under wrk
cat > "$TMP/mixed.lua" <<LUA
local paths = { "/", "/runners", "/jobs", "/changes", "/series/$BIG", "/api/v1/series/$BIG",
	"/api/v1/jobs", "/api/v1/runners", "/api/v1/changes", "/api/v1/health",
	"/api/v1/status", "/api/v1/samples", "/api/v1/trees/linux/windows/v6.12/report",
	"/trees/linux", "/metrics" }
local n = 0
request = function()
	n = n + 1
	local p = paths[(n % #paths) + 1]
	if n % 3 == 0 then
		p = p .. (string.find(p, "?", 1, true) and "&" or "?") .. "_=" .. math.random(1, 1e9)
	end
	return wrk.format(nil, p)
end
LUA
runners "$LOAD_S" "$TMP/mixed" --runners 4 --submit-every 0.01 --prefix up
(
	while kill -0 "$KPID" 2>/dev/null; do
		echo "$(date +%s) $(rss_kib)"
		sleep 1
	done
) > "$TMP/rss" &
SAMPLER=$!
PIDS="$PIDS $SAMPLER"
wrk -t2 -c4 -d"${LOAD_S}s" --timeout 60s --latency -s "$TMP/bust.lua" "$URL" > "$TMP/bust.out" 2>&1 &
BUST=$!
wrk -t2 -c64 -d"${LOAD_S}s" --timeout 60s --latency -s "$TMP/mixed.lua" "$URL" > "$TMP/wrk.out" 2>&1
wait "$BUST" "$RUNNERS_PID"
kill "$SAMPLER"
load_acks=$(count ack "$TMP/mixed")
# wrk_field FILE: "requests req/s p50_ms p99_ms errors"
wrk_field() {
	awk '
		function ms(v,  u) { u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
			return u == "us" ? v / 1000 : u == "s" ? v * 1000 : u == "m" ? v * 60000 : v }
		/requests in/ { req = $1 }
		/^Requests\/sec:/ { rps = $2 }
		/^ +50%/ { p50 = ms($2) }
		/^ +99%/ { p99 = ms($2) }
		/Socket errors/ { gsub(/[^0-9 ]/, " "); err += $1 + $2 + $3 + $4 }
		/Non-2xx or 3xx/ { err += $NF }
		END { printf "%d %.0f %.2f %.2f %d\n", req, rps, p50, p99, err }
	' "$1"
}
set -- $(wrk_field "$TMP/wrk.out")
m_req=$1 m_rps=$2 m_p50=$3 m_p99=$4 m_err=$5
set -- $(wrk_field "$TMP/bust.out")
b_req=$1 b_rps=$2 b_p50=$3 b_p99=$4 b_err=$5
set -- $(wrk_field "$TMP/four-unknown.wrk")
u_req=$1 u_rps=$2 u_p50=$3 u_p99=$4 u_err=$5
set -- $(wrk_field "$TMP/four-bust.wrk")
f_req=$1 f_rps=$2 f_p50=$3 f_p99=$4 f_err=$5
n=$(wc -l < "$TMP/rss")
warm=$(awk -v q=$((n / 2 + 1)) 'NR == q { print $2 }' "$TMP/rss")
end=$(tail -n 1 "$TMP/rss" | awk '{ print $2 }')
peak=$(awk '$2 > m { m = $2 } END { print m }' "$TMP/rss")
echo
echo "4 runners uploading (60 samples a result) beside 4 readers of the series, ${BASE_S} s each:"
printf '%-44s %9s %8s %8s %8s %7s %10s\n' "readers" "requests" "req/s" "p50 ms" "p99 ms" "errors" "uploads/s"
printf '%-44s %9s %8s %8s %8s %7s %10s\n' "none" - - - - - \
	"$(awk -v a="$base_acks" -v s="$BASE_S" 'BEGIN { printf "%.1f", a / s }')"
printf '%-44s %9s %8s %8s %8s %7s %10s\n' "?_=random (not read by the route)" "$u_req" "$u_rps" \
	"$u_p50" "$u_p99" "$u_err" "$(awk -v a="$(count ack "$TMP/four-unknown")" -v s="$BASE_S" 'BEGIN { printf "%.1f", a / s }')"
printf '%-44s %9s %8s %8s %8s %7s %10s\n' "?from=random (each a build)" "$f_req" "$f_rps" \
	"$f_p50" "$f_p99" "$f_err" "$(awk -v a="$(count ack "$TMP/four-bust")" -v s="$BASE_S" 'BEGIN { printf "%.1f", a / s }')"
echo
echo "mixed load, ${LOAD_S} s: wrk 2 threads over 15 pages and API routes (1 in 3 with ?_=random)"
printf '%-44s %9s %8s %8s %8s %7s\n' "" "requests" "req/s" "p50 ms" "p99 ms" "errors"
printf '%-44s %9s %8s %8s %8s %7s\n' "pages and API, 64 connections" "$m_req" "$m_rps" "$m_p50" "$m_p99" "$m_err"
printf '%-44s %9s %8s %8s %8s %7s\n' "series ?from=random (a real miss), 4 conn." "$b_req" "$b_rps" "$b_p50" "$b_p99" "$b_err"
awk -v a="$base_acks" -v b="$load_acks" -v s1="$BASE_S" -v s2="$LOAD_S" 'BEGIN {
	printf "result uploads (4 runners, 60 samples each): %.1f/s alone, %.1f/s under the load (%.0f%%)\n",
	       a / s1, b / s2, a ? 100 * (b / s2) / (a / s1) : 0 }'
echo "kpcid resident memory: $((warm / 1024)) MiB half-way (the answer cache full, at most 64 MiB), $((end / 1024)) MiB at the end, peak $((peak / 1024)) MiB"

# --- 3. many runners polling
runners "$CLAIM_S" "$TMP/many" --runners "$MANY" --runner-class many --prefix many \
	--poll-min 0.5 --poll-max 1 --submit-every 0.005 --metrics 2 --iterations 1
wait "$RUNNERS_PID"
claims=$(count claim "$TMP/many")
double=$(awk '$1 == "claim" { n[$2]++ } END { d = 0; for (j in n) if (n[j] > 1) d++; print d }' "$TMP/many")
p99c=$(awk '$1 == "claim" { print $5 * 1000 }' "$TMP/many" | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "%.1f %.1f", v[int(NR * 0.5) + 1], v[int(NR * 0.99) + 1]; else print "0 0" }')
echo
echo "$MANY runners polling (0.5-1 s apart when idle) for ${CLAIM_S} s while jobs are queued:"
echo "  $claims jobs claimed ($(awk -v c="$claims" -v s="$CLAIM_S" 'BEGIN { printf "%.0f", c / s }')/s), claim p50 ${p99c% *} ms, p99 ${p99c#* } ms, $double jobs handed out twice"
kill "$KPID"
wait "$KPID" 2>/dev/null

# --- 4. ingestion and peak memory on a fresh kpcid
mkdir -p "$TMP/fresh"
AT=$(token "$TMP/fresh" admin)
RT=$(token "$TMP/fresh" runner)
start_kpcid "$TMP/fresh"
echo
"$KPCI_BENCH/bench_ingest" "$URL" "$RT" "$AT" "$TMP/fresh/kpci.db" "$IN_RUNNERS" "$IN_UPLOADS" \
	"$IN_METRICS" 2 "$KPID" > "$TMP/ingest.out" 2>&1
cat "$TMP/ingest.out"
t0=$(date +%s)
for _ in $(seq 1800); do
	[ "$(sqlite3 -readonly "$TMP/fresh/kpci.db" "SELECT count(*) FROM series WHERE dirty = 1")" = 0 ] && break
	sleep 0.5
done
series=$(sqlite3 -readonly "$TMP/fresh/kpci.db" "SELECT count(*) FROM series")
analysed=$(sqlite3 -readonly "$TMP/fresh/kpci.db" "SELECT count(*) FROM series WHERE analyzed_at IS NOT NULL")
samples=$(sqlite3 -readonly "$TMP/fresh/kpci.db" "SELECT count(*) FROM samples")
for p in / /jobs /runners /changes /series/1 /api/v1/series/1 /api/v1/samples /api/v1/status; do
	curl -s -o /dev/null "$URL$p"
done
echo "$analysed of $series series analysed (the last $(( $(date +%s) - t0 )) s after the ceilings); kpcid's peak resident memory with $samples samples in $series series: $(( $(hwm_kib) / 1024 )) MiB"

echo
echo "errors $((m_err + b_err + u_err + f_err))"
echo "double_handouts $double"
echo "ingest_ok $(sed -n 's/^ingest_ok //p' "$TMP/ingest.out")"
echo "rss_growth_kib $((end - warm))"
