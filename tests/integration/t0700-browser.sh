# SPDX-License-Identifier: GPL-2.0-only
# t0700-browser: the dashboard in a real browser.  A database seeded by
# tests/browser/seed.py (1 tree, 3 releases, 5,000 commits, 50 metrics on
# 2 runner classes, planted steps, hostile strings everywhere) is
# analysed by a real kpcid; curl checks the HTTP caching (ETag, 304,
# Cache-Control) and access; then headless Debian chromium, driven by
# playwright-core (tests/browser/pages.mjs), loads every page, checks
# what each page answers (the change page's header and summary, the
# grouped changes, the metrics index, the charts' axes, ticks, bands and
# labels, the window report's marks and measure form, compare's order,
# sides and links, the pager, the 404 page) at 1366 and 400 pixels wide,
# triage, and that no hostile string runs.  Also gzip on first answers.
# Screenshots: build/test-artifacts/ (NAME.png, NAME-400.png).
. tests/integration/lib.sh

ROOT=$(pwd)
ART="$ROOT/build/test-artifacts"
mkdir -p "$ART" "$TMP/data"
AT=$(token admin lead)
start=$(date +%s)
check "the seed generator fills the database" \
	python3 tests/browser/seed.py "$TMP/data/kpci.db" 5000
check_eq "5,000 commits, 50 metrics, 2 runner classes" "5000|50|2" \
	"$(sql "SELECT (SELECT count(*) FROM commits), (SELECT count(*) FROM metrics),
		(SELECT count(DISTINCT runner_class) FROM runners)")"
# more_jobs_max = 1: the seeded merges are not measured again, so the
# queue holds what the seed put there.
printf '[analysis]\nsettle_seconds = 0\nmore_jobs_max = 1\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
check "the analyzer visits every dirty series" \
	wait_sql 60 "SELECT count(*) FROM series WHERE dirty = 1" 0
check_eq "it finds the 8 planted steps, at the 3 planted commits" "8|3" \
	"$(sql "SELECT count(*), count(DISTINCT bad_sha) FROM changes")"
echo "# seeding and analysis took $(( $(date +%s) - start )) s"

# HTTP caching.
hdr() { curl -s -D - -o /dev/null "$@" | tr -d '\r'; }
H=$(hdr "$URL/jobs")
check_contains "a page has an ETag" "ETag: \"" "$H"
check_contains "a list page must be revalidated" "Cache-Control: no-cache" "$H"
ETAG=$(printf '%s\n' "$H" | sed -n 's/^ETag: //p')
check_eq "If-None-Match with the same ETag: 304" 304 \
	"$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $ETAG" "$URL/jobs")"
check_eq "a different ETag: 200" 200 \
	"$(curl -s -o /dev/null -w '%{http_code}' -H 'If-None-Match: "0"' "$URL/jobs")"
H=$(hdr "$URL/api/v1/runners")
check_contains "the JSON API has ETags too" "ETag: \"" "$H"
H=$(hdr "$URL/static/uplot.min.js")
check_contains "static files are cached for a year" \
	"Cache-Control: public, max-age=31536000, immutable" "$H"
check_contains "uPlot is served as JavaScript" "Content-Type: text/javascript" "$H"
check_eq "an unknown static file: 404" 404 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/static/..passwd")"
H=$(hdr -X POST "$URL/api/v1/changes/1/triage")
check_contains "a refused POST is not cacheable" "Cache-Control: no-store" "$H"
check_eq "/api/v1/series/1 lists its 250 points" 250 \
	"$(curl -s "$URL/api/v1/series/1" | jq '.points | length')"
# gzip on the first answer: a page kept in the answer cache and one that
# is not (the changes list shows ages), for a client that accepts it.
H=$(hdr -H 'Accept-Encoding: gzip' "$URL/series/2")
check_contains "a cached page is gzipped on its first answer" "Content-Encoding: gzip" "$H"
check_contains "  with its own ETag" '-gz"' "$H"
H=$(hdr -H 'Accept-Encoding: gzip' "$URL/changes")
check_contains "a page the cache does not keep is gzipped too" "Content-Encoding: gzip" "$H"
check_contains "  and says it varies with Accept-Encoding" "Vary: Accept-Encoding" "$H"
check "  and decompresses to the page" \
	sh -c "curl -s -H 'Accept-Encoding: gzip' '$URL/changes' | gzip -dc | grep -q '<h1>Changes</h1>'"
H=$(hdr "$URL/changes")
case "$H" in *Content-Encoding*) not_ok "a client that does not accept gzip gets the page as is" ;;
*) ok "a client that does not accept gzip gets the page as is" ;; esac
# An unknown path: the HTML error page for a browser, JSON for the API.
check_contains "an unknown path asked for as a page is the HTML 404 page" "<h1>Error</h1>" \
	"$(curl -s -H 'Accept: text/html' "$URL/nosuch")"
check_eq "  with status 404" 404 \
	"$(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: text/html' "$URL/nosuch")"
check_contains "an unknown API path stays JSON" '{"error":"no such resource: /api/v1/nosuch"}' \
	"$(curl -s -H 'Accept: text/html' "$URL/api/v1/nosuch")"
check_eq "a page number that is not a number: 400" 400 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/changes?page=x")"
check_eq "no such change page: 404" 404 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/changes/999999")"

# Prometheus.
M=$(curl -s "$URL/metrics")
check_contains "/metrics: jobs by state" 'kpcid_jobs{state="failed"} 2' "$M"
check_contains "/metrics: queue depth" 'kpcid_queue_depth 1' "$M"
check_contains "/metrics: runners" 'kpcid_runners 4' "$M"
check "/metrics: the requests so far are counted in the latency histogram" \
	test "$(printf '%s\n' "$M" | sed -n 's/^kpcid_http_request_duration_seconds_count //p')" -ge 10
check "/metrics: analysis passes are timed" \
	test "$(printf '%s\n' "$M" | sed -n 's/^kpcid_analysis_passes_total //p')" -gt 0

# The browser.
if [ ! -d "$ROOT/node_modules/playwright-core" ]; then
	not_ok "playwright-core is installed (run make deps: npm ci)"
elif [ ! -x /usr/bin/chromium ]; then
	not_ok "Debian's chromium is installed (run make deps)"
else
	HOME="$TMP" timeout 180 node tests/browser/pages.mjs "$URL" "$AT" "$ART" \
		> "$TMP/browser.out" 2>&1
	rc=$?
	cat "$TMP/browser.out"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$TMP/browser.out" | tail -n 1)
	bp=$(echo "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
	bf=$(echo "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	passed=$((passed + ${bp:-0}))
	failed=$((failed + ${bf:-0}))
	if [ "$rc" -ne 0 ] && [ "${bf:-0}" -eq 0 ]; then
		not_ok "the browser tests exit cleanly (exit $rc)"
	fi
	check "screenshots of the main pages are kept" \
		test -s "$ART/overview.png" -a -s "$ART/series.png" -a -s "$ART/change.png"
fi

# public_read = false: pages need a token too.
stop_kpcid
printf '[server]\npublic_read = false\n[analysis]\nsettle_seconds = 0\nmore_jobs_max = 1\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
check_eq "public_read = false: a page without a token is refused" 401 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/runners")"
check_eq "public_read = false: a static file without a token is refused" 401 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/static/kpci.js")"
check_eq "public_read = false: a page with a token is shown" 200 \
	"$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $AT" "$URL/runners")"
finish
