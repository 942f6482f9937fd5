# SPDX-License-Identifier: GPL-2.0-only
# t0710-window-report: the merge-window report on the database of
# tests/browser/seed.py (5,000 commits; its module comment gives the
# layout).  A real kpcid analyses the planted steps; the report groups
# them by the merge that brought them: the v6.11 window has 5 changes
# under the merge at position 1875; the v6.12 window (open) has 2
# changes whose range spans the unmeasured merge 3995 and the merge
# 4015 (one "ambiguous: 2 merges" group) and 1 under the hostile merge
# 4215.  Then paging, bad input, the page, the overview and tree links.
. tests/integration/lib.sh

mkdir -p "$TMP/data"
AT=$(token admin lead)
check "the seed generator fills the database" \
	python3 tests/browser/seed.py "$TMP/data/kpci.db" 5000
printf '[analysis]\nsettle_seconds = 0\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
check "the analyzer visits every dirty series" \
	wait_sql 60 "SELECT count(*) FROM series WHERE dirty = 1" 0

R=/api/v1/trees/linux/windows
J=$(curl -s "$URL$R/v6.11/report")
check_eq "v6.11: closed by v6.12-rc1, positions 1666..2221" "v6.12-rc1 closed 1666 2221" \
	"$(echo "$J" | jq -r '"\(.closed_by) \(.state) \(.from_position) \(.to_position)"')"
check_eq "v6.11: 3 regressions, 2 improvements, 28 of 28 merges measured" "3 2 5 28 28" \
	"$(echo "$J" | jq -r '.summary | "\(.regressions) \(.improvements) \(.changes) \(.merges_measured) \(.merges)"')"
check_eq "v6.11: one group, under the merge at 1875, with the 5 planted changes" \
	"merge 1875 1 5 1855..1875" \
	"$(echo "$J" | jq -r '.groups | "\(length) \(.[0].kind) \(.[0].merges[0].position) \(.[0].candidates) \(.[0].changes | length) \([.[0].changes[] | "\(.good_position)..\(.bad_position)"] | unique | join(","))"' | cut -d' ' -f2-)"
check_eq "v6.11: the group's merge is the seeded pull" "sub6 git://example.org/sub6" \
	"$(echo "$J" | jq -r '.groups[0].merges[0] | "\(.merge_subsystem) \(.merge_source)"')"
check_eq "v6.11: regressions first, with links to the change and the series" \
	"regression,regression,regression,improvement,improvement /changes/ /series/" \
	"$(echo "$J" | jq -r '.groups[0].changes | "\([.[].direction] | join(",")) \(.[0].links.change | sub("[0-9]+$"; "")) \(.[0].links.series | sub("[0-9]+$"; ""))"')"
check "v6.11: %change is about +10" \
	test "$(echo "$J" | jq '[.groups[0].changes[] | select(.percent > 9 and .percent < 11 and .confidence != null)] | length')" = 5

J=$(curl -s "$URL$R/v6.12/report")
check_eq "v6.12: open, up to the head" "null open 3332 4999" \
	"$(echo "$J" | jq -r '"\(.closed_by) \(.state) \(.from_position) \(.to_position)"')"
check_eq "v6.12: 2 regressions, 1 improvement, 83 of 84 merges measured (3995 was not)" \
	"2 1 3 83 84 2 1" \
	"$(echo "$J" | jq -r '.summary | "\(.regressions) \(.improvements) \(.changes) \(.merges_measured) \(.merges) \(.groups) \(.ambiguous_groups)"')"
check_eq "v6.12: the step after the unmeasured merge is ambiguous between 3995 and 4015" \
	"ambiguous 2 3995,4015 metric-05,metric-06" \
	"$(echo "$J" | jq -r '.groups[0] | "\(.kind) \(.candidates) \([.merges[].position] | join(",")) \([.changes[].metric] | sort | join(","))"')"
check_eq "v6.12: the -8% step of metric-07 is under the merge at 4215" \
	"merge 4215 metric-07 regression" \
	"$(echo "$J" | jq -r '.groups[1] | "\(.kind) \(.position) \(.changes[0].metric) \(.changes[0].direction)"')"
check_contains "v6.12: the hostile merge subject comes back unchanged in JSON" \
	'of git://example.org/"><script>window.__pwned=1</script>' \
	"$(echo "$J" | jq -r '.groups[1].merges[0].subject')"

J=$(curl -s "$URL$R/v6.12/report?limit=1&offset=2")
check_eq "paging: the third change alone, the summary still whole, no more" \
	"1 metric-07 3 false" \
	"$(echo "$J" | jq -r '"\(.groups | length) \(.groups[0].changes[0].metric) \(.summary.changes) \(.more)"')"
check_eq "paging: more after the first change" "true 1" \
	"$(curl -s "$URL$R/v6.12/report?limit=1" | jq -r '"\(.more) \(.groups[0].changes | length)"')"
check_eq "v6.10: a window without changes has an empty report" "0 28 []" \
	"$(curl -s "$URL$R/v6.10/report" | jq -c '"\(.summary.changes) \(.summary.merges_measured) \(.groups)"' | tr -d '"')"

code() { curl -s -o "$TMP/err" -w '%{http_code}' "$URL$1"; }
check_eq "a release that is not tagged: 404" 404 "$(code "$R/v6.99/report")"
check_contains "  with a sentence" "release v6.99 is not tagged" "$(cat "$TMP/err")"
check_eq "a name that is not a release: 400" 400 "$(code "$R/v6.12-rc1/report")"
check_eq "an unknown tree: 404" 404 "$(code /api/v1/trees/nope/windows/v6.12/report)"
check_eq "a hostile branch name: 400" 400 \
	"$(code "$R/v6.12/report?branch=%3Cscript%3E")"
check_eq "a bad limit: 400" 400 "$(code "$R/v6.12/report?limit=x")"
check_eq "v6.12: the unmeasured merge of the ambiguous group is marked so" "0:0 2:0" \
	"$(curl -s "$URL$R/v6.12/report" | jq -r '[.groups[0].merges[] | "\(.jobs):\(.pending)"] | join(" ")')"
check_eq "the page: a bad page number is 400" 400 "$(code "/trees/linux/windows/v6.12?page=0")"
check_eq "the page: an untagged release is 404" 404 "$(code "/trees/linux/windows/v6.99")"

P=$(curl -s "$URL/trees/linux/windows/v6.12")
check_contains "the page: title" "linux: v6.12 → head (open)" "$P"
check_contains "the page: summary" "2 regressions</span>, <span class=\"improvement\">1 improvement</span>" "$P"
check_eq "the page: two groups, the first ambiguous" "2 ambiguous" \
	"$(printf '%s' "$P" | grep -c '<section class="group"') $(printf '%s' "$P" | sed -n 's/.*<section class="group" data-kind="\([a-z]*\)".*/\1/p' | head -n 1)"
check_contains "the page: the hostile subject is escaped" \
	'&lt;script&gt;window.__pwned=1&lt;/script&gt;' "$P"
check "the page: no raw script from the data" \
	test "$(printf '%s' "$P" | grep -c '<script>window')" = 0
check_eq "the page: three change links and three series links" "3 3" \
	"$(printf '%s' "$P" | grep -o 'class="change-link" href="/changes/[0-9]*"' | wc -l) $(printf '%s' "$P" | grep -o 'class="series-link" href="/series/[0-9]*"' | wc -l)"

O=$(curl -s "$URL/")
check_contains "overview: the current window in one line, linked to its report" \
	'<a class="window-link" href="/trees/linux/windows/v6.12">v6.12 &rarr; head (open)</a>: <span class="regression">2 regressions</span>, <span class="improvement">1 improvement</span>, 83 merges measured (of 84)' "$O"
T=$(curl -s "$URL/trees/linux")
check_contains "tree page: each window links to its report" \
	'href="/trees/linux/windows/v6.11">v6.11</a>' "$T"
finish
