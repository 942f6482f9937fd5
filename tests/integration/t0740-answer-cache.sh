# SPDX-License-Identifier: GPL-2.0-only
# t0740-answer-cache: cached answers (daemon/http/cache.h) are reused only while
# the tables they were made from are unchanged.  A series is read twice
# (same body and ETag, 304 on revalidation), then a new result, a new
# runner class and a write by another connection (sqlite3) each change
# what the same URL answers, as JSON and as a page; the overview, cached
# until any table is written, changes with a new result; a client that
# accepts gzip gets the cached page compressed.
. tests/integration/lib.sh

# no analyzer: its passes would write between two requests meant to match
printf '[analysis]\nenabled = false\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)

run_job() {
	KPCI_TOKEN=$AT "$KPCI_BIN/kpci" submit --suite kbench --iterations 2 --warmup 0 > /dev/null
	"$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name "box-$1" --class "$1" \
		--work-dir "$TMP/w-$1" --once > "$TMP/runner-$1.log" 2>&1
}
# etag URL [IF-NONE-MATCH]: "STATUS ETAG" of a GET
etag() {
	curl -s -o "$TMP/body" -D "$TMP/head" -w '%{http_code}' ${2:+-H "If-None-Match: $2"} "$URL$1"
	printf ' %s' "$(sed -n 's/^[Ee][Tt][Aa][Gg]: *\([^\r]*\).*/\1/p' "$TMP/head")"
}
points() {
	curl -s "$URL/api/v1/series/$1" | jq '.points | length'
}

run_job host-a
S=$(sql "SELECT s.id FROM series s JOIN metrics m ON m.id = s.metric_id
	 WHERE m.name = 'syscall-getppid'")
check_eq "one job gives one point" 1 "$(points "$S")"
first=$(etag "/api/v1/series/$S")
body1=$(cat "$TMP/body")
again=$(etag "/api/v1/series/$S")
check_eq "the same URL answers the same ETag" "$first" "$again"
check_eq "and the same body" "$body1" "$(cat "$TMP/body")"
E1=${first#200 }
check_eq "revalidation with that ETag is 304" "304 $E1" "$(etag "/api/v1/series/$S" "$E1")"
page1=$(curl -s "$URL/series/$S")
ov=$(etag "/")
OV1=${ov#200 }
check_eq "the overview is cached too: 304 on revalidation" "304 $OV1" "$(etag / "$OV1")"
check_eq "it lists one done job" 1 "$(grep -o 'class="st-done"' "$TMP/body" | wc -l)"

run_job host-a
now=$(etag / "$OV1")
check_eq "a new result changes the overview: 200" 200 "${now%% *}"
check_eq "which lists both done jobs" 2 "$(grep -o 'class="st-done"' "$TMP/body" | wc -l)"
check_eq "a new result is seen at once: two points" 2 "$(points "$S")"
now=$(etag "/api/v1/series/$S" "$E1")
check_eq "the old ETag no longer matches: 200" 200 "${now%% *}"
check "the ETag changed" test "${now#200 }" != "$E1"
page2=$(curl -s "$URL/series/$S")
check "the page changed with it" test "$page1" != "$page2"

run_job host-b
check_eq "a second runner class is listed for the series" 2 \
	"$(curl -s "$URL/api/v1/series/$S" | jq '.classes | length')"

# another process's commit is looked for at most every 250 ms
# (DB_EXTERNAL_CHECK_MS): a request after that sees it.
sqlite3 "$TMP/data/kpci.db" "UPDATE metrics SET unit = 'cycles' WHERE name = 'syscall-getppid'"
sleep 0.5
check_eq "a write by another connection is seen" '"cycles"' \
	"$(curl -s "$URL/api/v1/series/$S" | jq .unit)"
check_contains "by the page too" "cycles" "$(curl -s "$URL/series/$S")"
# gzip: a client that accepts it gets the same page compressed, with an
# ETag of its own; q=0 refuses it.
curl -s -o "$TMP/plain" "$URL/series/$S"
curl -s -o "$TMP/gz" -D "$TMP/gzhead" -H 'Accept-Encoding: gzip, br' "$URL/series/$S"
check_contains "Accept-Encoding: gzip gets a gzip body" "Content-Encoding: gzip" \
	"$(tr -d '\r' < "$TMP/gzhead")"
check_contains "which says it varies by Accept-Encoding" "Vary: Accept-Encoding" \
	"$(tr -d '\r' < "$TMP/gzhead")"
check "which unpacks to the plain page" sh -c "zcat '$TMP/gz' | cmp -s - '$TMP/plain'"
check_contains "and has an ETag of its own" '-gz"' "$(tr -d '\r' < "$TMP/gzhead")"
curl -s -o /dev/null -D "$TMP/q0head" -H 'Accept-Encoding: gzip;q=0' "$URL/series/$S"
check "gzip;q=0 gets the plain page" sh -c "! grep -qi '^Content-Encoding' '$TMP/q0head'"

check_eq "an unknown series is still a 404" 404 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/v1/series/9999")"
check_eq "and stays one when asked again" 404 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/v1/series/9999")"
finish
