#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench_flood.sh - runners beside a flood of anonymous readers from one
# address, on a database of FLOOD_SAMPLES samples (default 3,000,000).
#
# The database: 4 runners (tests/lib/runners.py, 100 metrics x 5
# iterations a result) fill it for a few seconds, then the sqlite3
# program repeats each job's samples under new iterations up to
# FLOOD_SAMPLES.  Then, each phase FLOOD_SECONDS (default 20), while 4
# runners claim and upload with jobs queued for them as fast as they take
# them:
#
#   idle     no readers
#   offset   32 connections of /api/v1/samples?limit=1000&offset=5000000
#   samples  32 connections of /api/v1/samples?limit=1000, each a deep page
#            by key (?before=ID, a random id) or the deepest offset allowed
#   compare  32 connections of /api/v1/compare?base=job:A&head=job:B, A and B
#            random jobs of 500 samples
#
# and health asked every half second.  For each phase: claims and
# uploads, their p50 and p99 in ms, the readers' answers (requests; 503s,
# other 4xx and 5xx; socket errors) and health's slowest answer in ms.  The goal: claim and upload p99
# under each flood within 2x of idle (the "ratio" columns).  kpcid runs
# with its defaults ([server] threads = 4) and analysis off (its passes
# would add their own noise to the ratios).  KPCI_BIN picks the kpcid.
set -u
: "${KPCI_BIN:=$(pwd)/bin}"
SAMPLES=${FLOOD_SAMPLES:-3000000}
SECONDS_EACH=${FLOOD_SECONDS:-20}
CONNS=${FLOOD_CONNS:-32}

BENCH=bench_flood
. bench/bench-lib.sh
bench_need wrk sqlite3 python3 curl
db() { sqlite3 "$TMP/data/kpci.db" "$1"; }
# runners SECONDS OUT: 4 runners and a submitter in the background; RUNNERS_PID.
runners() {
	python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --admin-token "$AT" \
		--runners 4 --metrics 100 --iterations 5 --seconds "$1" --submit-seconds "$1" \
		--submit-every 0.02 --out "$2" > /dev/null 2>&1 &
	RUNNERS_PID=$!
	PIDS="$PIDS $RUNNERS_PID"
}

cat > "$TMP/kpcid.ini" <<'INI'
[server]
max_conns_per_client = 256
[analysis]
enabled = false
INI

# --- the database
mkdir -p "$TMP/data"
AT=$(token "$TMP/data" admin)
RT=$(token "$TMP/data" runner)
start_kpcid "$TMP/data"
runners 8 "$TMP/seed"
wait "$RUNNERS_PID"
kill "$KPID"
wait "$KPID" 2>/dev/null
have=$(db "SELECT count(*) FROM samples")
copies=$(( (SAMPLES + have - 1) / have - 1 ))
t0=$(date +%s)
db "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < $copies)
    INSERT INTO samples (job_id, attempt, series_id, env_id, runner_id, commit_sha,
	iteration, value, created_at)
    SELECT s.job_id, s.attempt, s.series_id, s.env_id, s.runner_id, s.commit_sha,
	s.iteration + 1000 * k.n, s.value * (1 + 0.001 * (k.n % 7)), s.created_at
    FROM samples s, k;
    UPDATE sample_count SET rows = (SELECT count(*) FROM samples)"
total=$(db "SELECT count(*) FROM samples")
jobs=$(db "SELECT count(*) FROM jobs WHERE state = 'done'")
echo "database: $total samples of $jobs jobs (4 runners x 100 metrics, then copied" \
     "$copies times in $(( $(date +%s) - t0 )) s); kpcid: defaults, analysis off"
maxid=$(db "SELECT max(id) FROM samples")
jmin=$(db "SELECT min(job_id) FROM job_results")
jmax=$(db "SELECT max(job_id) FROM job_results")
start_kpcid "$TMP/data"

cat > "$TMP/offset.lua" <<'LUA'
request = function()
	return wrk.format(nil, "/api/v1/samples?limit=1000&offset=5000000")
end
LUA
cat > "$TMP/samples.lua" <<LUA
local n = 0
request = function()
	n = n + 1
	if n % 2 == 0 then
		return wrk.format(nil, "/api/v1/samples?limit=1000&offset=10000")
	end
	return wrk.format(nil, "/api/v1/samples?limit=1000&before=" .. math.random(1, $maxid))
end
LUA
cat > "$TMP/compare.lua" <<LUA
request = function()
	local a = math.random($jmin, $jmax)
	local b = math.random($jmin, $jmax)
	return wrk.format(nil, "/api/v1/compare?base=job:" .. a .. "&head=job:" .. b)
end
LUA
# each flood counts its answers by status (wrk's own count is non-2xx only)
for phase in offset samples compare; do
	cat >> "$TMP/$phase.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) busy, bad, failed = 0, 0, 0 end
function response(status, headers, body)
	if status == 503 then busy = busy + 1
	elseif status >= 500 then failed = failed + 1
	elseif status >= 400 then bad = bad + 1 end
end
function done(summary, latency, requests)
	local a, b, c = 0, 0, 0
	for _, t in ipairs(threads) do
		a, b, c = a + t:get("busy"), b + t:get("bad"), c + t:get("failed")
	end
	io.write(string.format("statuses %d %d %d\n", a, b, c))
end
LUA
done

# pct FILE WORD: "p50 p99" in ms of the seconds in field 5 of FILE's WORD lines
pct() {
	awk -v w="$2" '$1 == w { print $5 * 1000 }' "$1" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) printf "%.1f %.1f", v[int(NR * 0.5) + 1],
			v[int(NR * 0.99) + (NR > 1 ? 0 : 1)]; else print "- -" }'
}
# health_poll SECONDS: the slowest of health's answers, asked every 0.5 s, in ms
health_poll() {
	end=$(( $(date +%s) + $1 ))
	while [ "$(date +%s)" -lt "$end" ]; do
		curl -s -o /dev/null -m 60 -w '%{http_code} %{time_total}\n' "$URL/api/v1/health"
		sleep 0.5
	done | awk '$1 != 200 { bad++ } $2 > m { m = $2 } END {
		printf "%.0f%s", m * 1000, bad ? " (" bad " not 200)" : "" }'
}
# wrk_status FILE: "requests 503 4xx 5xx socket-errors"
wrk_status() {
	awk '/requests in/ { r = $1 } /^statuses / { a = $2; b = $3; c = $4 }
	     /Socket errors/ { gsub(/[^0-9 ]/, " "); s = $1 + $2 + $3 + $4 }
	     END { printf "%d %d %d %d %d", r, a, b, c, s }' "$1"
}

printf '\n%-8s %6s %9s %9s %5s %7s %8s %8s %5s %8s %6s %5s %5s %5s %7s\n' phase claims \
	"claim p50" "claim p99" ratio uploads "upl. p50" "upl. p99" ratio "reads" 503 4xx 5xx \
	"sock." "health"
for phase in idle offset samples compare; do
	runners "$SECONDS_EACH" "$TMP/$phase"
	if [ "$phase" != idle ]; then
		wrk -t2 -c"$CONNS" -d"${SECONDS_EACH}s" --timeout 60s -s "$TMP/$phase.lua" "$URL" \
			> "$TMP/$phase.wrk" 2>&1 &
		WRK=$!
		PIDS="$PIDS $WRK"
	fi
	hmax=$(health_poll "$SECONDS_EACH")
	[ "$phase" != idle ] && wait "$WRK"
	wait "$RUNNERS_PID"
	set -- $(pct "$TMP/$phase" claim) $(pct "$TMP/$phase" upload)
	c50=$1 c99=$2 u50=$3 u99=$4
	if [ "$phase" = idle ]; then
		ic99=$c99 iu99=$u99
		reads="- - - - -"
	else
		reads=$(wrk_status "$TMP/$phase.wrk")
	fi
	set -- $reads
	printf '%-8s %6s %9s %9s %5s %7s %8s %8s %5s %8s %6s %5s %5s %5s %7s\n' "$phase" \
		"$(grep -c '^claim ' "$TMP/$phase")" "$c50" "$c99" \
		"$(awk -v a="$c99" -v b="$ic99" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" \
		"$(grep -c '^upload ' "$TMP/$phase")" "$u50" "$u99" \
		"$(awk -v a="$u99" -v b="$iu99" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" \
		"$1" "$2" "$3" "$4" "$5" "$hmax"
	grep -c '^error ' "$TMP/$phase" | awk -v p="$phase" '$1 > 0 {
		print "  " p ": " $1 " runner requests answered other than 200/204/409" }'
done
