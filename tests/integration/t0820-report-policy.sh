# SPDX-License-Identifier: GPL-2.0-only
# t0820-report-policy: the staging and dry-run policies, and what an
# admin does with a report, on the tree and results of report-lib.sh.
# With an allow-list (@kernel.org) and a redirect, kpcid writes the
# report to its dry-run directory once for each real recipient allowed
# and once for the redirect address (with the recipients it stands for
# at the top); webhooks become files there too.  The report is listed by
# the API, kpci reports / report, its page and its change's page; a held
# report sends nothing, a release and a re-send to one address send it
# again; bad input gets a 4xx with one sentence.
. tests/integration/lib.sh
. tests/integration/report-lib.sh
report_tree
OUT="$TMP/outbox"
printf 'generic http://127.0.0.1:9/never\n' > "$TMP/hooks"
# Reports here follow the changes uploaded as they are: they are not
# confirmed by measuring them again first (t0625 tests that).
cat > "$TMP/kpcid.ini" <<INI
[analysis]
settle_seconds = 0
[confirm]
enabled = no
[alert]
enabled = true
from = kpci staging <kpci@example.org>
base_url = http://kpci.example.org
settle_seconds = 0
dry_run_dir = $OUT
webhooks_file = $TMP/hooks
allow = @kernel.org
redirect = staging@example.org
closes = false
reported_by = Perf Bot <perf@example.org>
[tree linux]
url = $R
branches = master
candidates =
INI
start_kpcid -c "$TMP/kpcid.ini"
check "the watcher stores the 16 first-parent commits" \
	wait_sql 30 "SELECT count(*) FROM branch_commits" 16
report_results
check "one report" wait_sql 40 "SELECT count(*) FROM reports" 1
check "every delivery is a dry run" wait_sql 20 \
	"SELECT count(*) FROM report_deliveries WHERE state <> 'dry-run'" 0
check_eq "allowed addresses keep theirs, the others go to the redirect" \
	"jgross@example.org staging@example.org
tj@kernel.org tj@kernel.org
wq-devel@lists.example.org staging@example.org" \
	"$(sql "SELECT recipient, sent_to FROM report_deliveries WHERE recipient IN
		('tj@kernel.org', 'jgross@example.org', 'wq-devel@lists.example.org') ORDER BY 1" |
		tr '|' ' ')"
check_eq "the outbox: one mail to tj, one to the redirect, one webhook document" "2 1" \
	"$(ls "$OUT" | grep -c '\.eml$') $(ls "$OUT" | grep -c '\.json$')"
T=$(grep -l '^To: <staging@example.org>' "$OUT"/*.eml)
check "the redirected mail is addressed to the redirect alone" test -n "$T"
check_contains "  and says whom it stands for, in the order of their addresses" \
	"[kpci staging: this report is for ann@example.org jgross@example.org" "$(cat "$T")"
check_contains "  (all of them)" " zoe@example.org]" "$(grep '^\[kpci staging' "$T")"
check_eq "  no header names a real recipient" 0 \
	"$(sed '/^\r*$/q' "$T" | grep -c 'jgross@\|wq-devel@')"
check_contains "the configured Reported-by, no Closes" "| Reported-by: Perf Bot <perf@example.org>" \
	"$(cat "$T")"
check_eq "  (closes = false)" 0 "$(grep -c 'Closes:' "$T")"
check_eq "the webhook document is the generic one" "merge 1" \
	"$(jq -r '"\(.kind) \(.report_id)"' "$OUT"/*.json)"

AT=$(token admin lead)
RD=$(token read reader)
check_eq "GET /api/v1/reports lists it with its counts" "1 merge 8 8" \
	"$(curl -s "$URL/api/v1/reports" | jq -r '.reports[0] | "\(.id) \(.kind) \(.deliveries) \(.delivered)"')"
CH=$(sql "SELECT change_id FROM reports")
check_eq "  and by change" 1 "$(curl -s "$URL/api/v1/reports?change=$CH" | jq '.reports | length')"
check_eq "a bad change filter: 400" 400 "$(api GET '/api/v1/reports?change=x' | cut -d' ' -f1)"
check_eq "an unknown report: 404" 404 "$(api GET /api/v1/reports/99 | cut -d' ' -f1)"
check_contains "kpci reports" "merge    8/8" "$("$KPCI_BIN/kpci" reports)"
check_contains "kpci report 1: recipients and text" "tj@kernel.org" "$("$KPCI_BIN/kpci" report 1)"
P=$(curl -s "$URL/reports/1")
check_contains "the page shows the recipients" 'class="st-dry-run">dry-run</td>' "$P"
check_contains "  and the text" "work queue: flush Bcc: victim@evil.example" "$P"
check_contains "the change's page lists the report" 'href="/reports/1"' "$(curl -s "$URL/changes/$CH")"
check_contains "/reports lists it" 'href="/reports/1"' "$(curl -s "$URL/reports")"

check_eq "hold needs an admin token" 403 \
	"$(api POST /api/v1/reports/1/hold "$RD" '{"hold":true}' | cut -d' ' -f1)"
check_eq "hold needs a boolean" 400 \
	"$(api POST /api/v1/reports/1/hold "$AT" '{"hold":"yes"}' | cut -d' ' -f1)"
KPCI_TOKEN=$AT "$KPCI_BIN/kpci" report-hold 1 > /dev/null
check_eq "kpci report-hold holds it" "1 lead" "$(sql "SELECT held, held_by FROM reports" | tr '|' ' ')"
KPCI_TOKEN=$AT "$KPCI_BIN/kpci" report-resend 1 --to tj@kernel.org > /dev/null
sleep 3
check_eq "a held report sends nothing, even when re-sent" "pending 1" \
	"$(sql "SELECT state, (SELECT count(*) FROM report_deliveries WHERE state = 'pending')
		FROM report_deliveries WHERE recipient = 'tj@kernel.org'" | tr '|' ' ')"
KPCI_TOKEN=$AT "$KPCI_BIN/kpci" report-hold 1 --release > /dev/null
check "released, it goes out again to that address only" wait_sql 10 \
	"SELECT count(*) FROM report_deliveries WHERE state = 'pending'" 0
check_eq "  a third mail file" 3 "$(ls "$OUT" | grep -c '\.eml$')"
check_eq "re-send to an address the report does not have: 404" 404 \
	"$(api POST /api/v1/reports/1/resend "$AT" '{"recipient":"nobody@example.org"}' | cut -d' ' -f1)"
check_eq "re-send to something that is no address: 400" 400 \
	"$(api POST /api/v1/reports/1/resend "$AT" '{"recipient":"a\r\nb"}' | cut -d' ' -f1)"

# A configuration that names a redirect-less allow-list is refused.
printf '[alert]\nallow = @kernel.org\n' > "$TMP/bad.ini"
out=$("$KPCI_BIN/kpcid" --check-config -c "$TMP/bad.ini" 2>&1)
check_contains "allow without redirect: one sentence" \
	"alert.allow is set but alert.redirect is not" "$out"
printf '[alert]\nfrom = nobody\n' > "$TMP/bad.ini"
check_contains "a bad From" "alert.from: 'nobody' is not Name <address>" \
	"$("$KPCI_BIN/kpcid" --check-config -c "$TMP/bad.ini" 2>&1)"
finish
