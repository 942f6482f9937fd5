# SPDX-License-Identifier: GPL-2.0-only
# t0745-cache-event-loop: an answer in the answer cache is sent from the
# event-loop thread, before any hand-off to a worker.  On a seeded
# database with a 6,000-point series and [server] threads = 1 (one build
# slot, two workers on the read lane), 16 readers keep asking for that
# series from positions never asked before, each an answer to build, so
# that the read lane's workers and queue stay full; meanwhile cached
# answers (a report, the gzip overview, the big series' 304 and HEAD)
# come back at once, while an uncached read (/api/v1/status) waits its
# turn behind them.  Without the flood: the headers of an answer from the
# cache are those of the answer the handler built, byte for byte; the
# cache counters count one hit a request; and a write between two
# requests still changes the answer (kpcid's own at once, another
# process's within 250 ms).  A cached body over 64 KiB (the series
# itself) is still sent after a worker's turn (daemon/http/http_cache.c).
. tests/integration/lib.sh

mkdir -p "$TMP/data"
AT=$(token admin lead)
check "the seed generator fills the database" \
	python3 tests/browser/seed.py "$TMP/data/kpci.db" 600 --big-series 6000
cat > "$TMP/kpcid.ini" <<'INI'
[analysis]
enabled = false
[server]
threads = 1
INI
start_kpcid -c "$TMP/kpcid.ini"
BIG=$(sql "SELECT s.id FROM series s JOIN metrics m ON m.id = s.metric_id
	WHERE m.name = 'big-series'")
S=/api/v1/series/$BIG

# head_of [CURL-ARGS] URL: the answer's status line and headers, without
# the Date header and with the body in $TMP/body
head_of() {
	rm -f "$TMP/body"
	curl -s -o "$TMP/body" -D - "$@" | tr -d '\r' | grep -v '^Date:'
}
etag_of() { printf '%s\n' "$1" | sed -n 's/^ETag: //p'; }

# --- the headers of a cached answer are those of the built one
R=/api/v1/trees/linux/windows/v6.12/report
built=$(head_of "$URL$R")
cp "$TMP/body" "$TMP/built"
cached=$(head_of "$URL$R")
check_eq "a cached report answers the headers of the built one" "$built" "$cached"
check "and its body" cmp -s "$TMP/built" "$TMP/body"
gz_built=$(head_of -H 'Accept-Encoding: gzip' "$URL/")
gz_cached=$(head_of -H 'Accept-Encoding: gzip' "$URL/")
check_eq "the cached overview, gzip, answers the headers of the built one" "$gz_built" \
	"$gz_cached"
check "with a body small enough for the event loop" test "$(wc -c < "$TMP/body")" -le 65536
check_contains "which say gzip" "Content-Encoding: gzip" "$gz_cached"
check_contains "and vary by Accept-Encoding" "Vary: Accept-Encoding" "$gz_cached"
series=$(head_of "$URL$S")
check "the series is larger: its body goes through a worker" \
	test "$(wc -c < "$TMP/body")" -gt 65536
E=$(etag_of "$series")
check_contains "with an ETag" '"' "$E"
not_mod=$(head_of -H "If-None-Match: $E" "$URL$S")
check_contains "its revalidation is a 304" "HTTP/1.1 304" "$not_mod"
check_eq "with the same ETag" "$E" "$(etag_of "$not_mod")"
check "and no body" test ! -s "$TMP/body"
head_get=$(head_of -I "$URL$S")
check_eq "HEAD answers GET's headers" "$series" "$head_get"

# --- the counters: one hit a request, no miss
lookups() {
	curl -s "$URL/metrics" | sed -n "s/^kpcid_cache_lookups_total{result=\"$1\"} //p"
}
h0=$(lookups hit)
m0=$(lookups miss)
for _ in 1 2 3 4 5; do curl -s -o /dev/null "$URL/"; done
check_eq "five cached answers count five hits" "$((h0 + 5))" "$(lookups hit)"
check_eq "and no miss" "$m0" "$(lookups miss)"

# --- a write between two requests
ov=$(head_of "$URL/")
OV=$(etag_of "$ov")
cp "$TMP/body" "$TMP/overview"
check_contains "the overview is cached: 304 on revalidation" "HTTP/1.1 304" \
	"$(head_of -H "If-None-Match: $OV" "$URL/")"
api POST /api/v1/jobs "$AT" '{"suite":"kbench","runner_class":"evloop-class"}' > /dev/null
now=$(head_of -H "If-None-Match: $OV" "$URL/")
check_contains "a job queued since changes it at once: 200" "HTTP/1.1 200" "$now"
check "with another ETag" test "$(etag_of "$now")" != "$OV"
check "and another page" sh -c "! cmp -s '$TMP/overview' '$TMP/body'"
check "another process writes the file" sqlite3 -cmd ".timeout 5000" "$TMP/data/kpci.db" \
	"UPDATE metrics SET unit = 'evloops' WHERE name = 'big-series'"
sleep 0.3
check_eq "another process's write is seen after 250 ms" '"evloops"' \
	"$(curl -s "$URL$S" | jq .unit)"
E=$(etag_of "$(head_of "$URL$S")")
for u in / / "$R" "$R"; do curl -s -o /dev/null -H 'Accept-Encoding: gzip' "$URL$u"; done
curl -s -o /dev/null "$URL/"

# --- the flood: the read lane full of builds
# reader N: asks for the series from positions never asked before for 8 s,
# one status code a line in $TMP/flood.N
reader() {
	i=0
	end=$(($(date +%s) + 8))
	while [ "$(date +%s)" -lt "$end" ]; do
		i=$((i + 1))
		curl -s -o /dev/null -m 60 -w '%{http_code}\n' \
			"$URL$S?from=$((1 + (i * 16 + $1) % 590))"
	done > "$TMP/flood.$1"
}
READERS=
for n in $(seq 16); do
	reader "$n" &
	READERS="$READERS $!"
done
PIDS="$PIDS $READERS"
sleep 2
# time PATH [CURL-ARGS]: "STATUS SECONDS" of one request
took() {
	p=$1
	shift
	curl -s -o /dev/null -m 60 -w '%{http_code} %{time_total}' "$@" "$URL$p"
}
took /api/v1/status > "$TMP/status" &
STATUS=$!
sleep 0.2
full=$(took "$R")
gz=$(took / -H 'Accept-Encoding: gzip')
reval=$(took "$S" -H "If-None-Match: $E")
headonly=$(took "$S" -I)
wait "$STATUS"
status=$(cat "$TMP/status")
for r in $READERS; do wait "$r"; done
cat "$TMP"/flood.* | sort | uniq -c > "$TMP/flood"
echo "# flood: $(tr '\n' ' ' < "$TMP/flood"); status $status; report $full; overview $gz; 304 $reval; HEAD $headonly"
# (an idle kpcid answers the status in milliseconds; behind the flood it
# waits a second or more, less on a machine busy with other work)
check "the flood kept the read lane busy: /api/v1/status waited ($status)" \
	awk -v s="$status" 'BEGIN { split(s, a, " "); exit !(a[1] == 200 && a[2] >= 0.25) }'
# fast: answered with STATUS in under a quarter of the status's wait
fast() {
	awk -v r="$2" -v s="$status" -v want="$1" 'BEGIN {
		split(r, a, " "); split(s, b, " "); exit !(a[1] == want && a[2] < b[2] / 4)
	}'
}
check "meanwhile the cached report came at once ($full)" fast 200 "$full"
check "and the cached overview, gzip ($gz)" fast 200 "$gz"
check "and the series' revalidation, 304 ($reval)" fast 304 "$reval"
check "and its HEAD ($headonly)" fast 200 "$headonly"
check "the flood's readers got their answers or a 503" \
	sh -c "! grep -v ' 200$' '$TMP/flood' | grep -qv ' 503$'"
check "and asked more than the two workers could answer at once" \
	test "$(awk '{ n += $1 } END { print n }' "$TMP/flood")" -gt 16
finish
