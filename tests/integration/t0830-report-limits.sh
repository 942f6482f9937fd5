# SPDX-License-Identifier: GPL-2.0-only
# t0830-report-limits: the rate limit per address and the daily digest,
# against the SMTP server of mailhook.py on loopback, on the tree and
# results of report-lib.sh.  With rate_limit = 1 the merge's report goes
# out and the culprit's report (a bisection row) waits a day for each
# address; with digest = true (its hour now) each address gets one
# digest mail that holds the report.
. tests/integration/lib.sh
. tests/integration/report-lib.sh
report_tree
M="$TMP/mail"
mkdir -p "$M"
/usr/bin/python3 tests/integration/mailhook.py "$M" > "$TMP/mailhook.log" 2>&1 &
PIDS="$PIDS $!"
check "the SMTP server starts" wait_for 20 test -f "$M/ports"
SMTP_PORT=$(sed -n 's/^smtp //p' "$M/ports")
config() {
	# Reports here follow the changes uploaded as they are: they are not
	# confirmed by measuring them again first (t0625 tests that).
	cat > "$TMP/kpcid.ini" <<INI
[analysis]
settle_seconds = 0
[confirm]
enabled = no
[alert]
enabled = true
smtp_url = smtp://127.0.0.1:$SMTP_PORT
tls = none
from = kpci <kpci@example.org>
settle_seconds = 0
$1
[tree linux]
url = $R
branches = master
candidates =
INI
}
config "rate_limit = 1"
start_kpcid -c "$TMP/kpcid.ini"
check "the watcher stores the 16 first-parent commits" \
	wait_sql 30 "SELECT count(*) FROM branch_commits" 16
report_results
check "the merge's report goes out" wait_sql 40 \
	"SELECT count(*) > 0 AND sum(state = 'sent') = count(*) FROM report_deliveries" 1
N=$(sql "SELECT count(*) FROM report_deliveries")
CH=$(sql "SELECT change_id FROM reports")
sqlite3 -cmd ".timeout 5000" "$TMP/data/kpci.db" "INSERT INTO bisections (change_id, state,
	good_sha, bad_sha, culprit_sha, log, started_at, finished_at) VALUES ($CH, 'done', 'x',
	'$MERGE', '$HOSTILE', '[]', 1, 2)"
check "the culprit's report is made" wait_sql 30 "SELECT count(*) FROM reports" 2
check "each of its mails waits for the rate limit" wait_sql 20 \
	"SELECT count(*) FROM report_deliveries WHERE report_id = 2 AND state = 'pending'
	 AND last_error LIKE 'rate limit%' AND next_at > strftime('%s', 'now') + 86000" \
	"$(sql "SELECT count(*) FROM report_deliveries WHERE report_id = 2")"
check_eq "so only the first report's mails were sent" "$N" "$(ls "$M" | grep -c '\.eml$')"
stop_kpcid

rm -rf "$TMP/data" "$M"/mail-*
config "digest = true
digest_hour = $(date -u +%H | sed 's/^0//')"
start_kpcid -c "$TMP/kpcid.ini"
check "the watcher stores the commits again" \
	wait_sql 30 "SELECT count(*) FROM branch_commits" 16
report_results
check "a report" wait_sql 40 "SELECT count(*) FROM reports" 1
N=$(sql "SELECT count(*) FROM report_deliveries")
check "its mails go out in the digest" wait_sql 20 \
	"SELECT count(*) FROM report_deliveries WHERE state = 'sent' AND in_digest = 1" "$N"
check_eq "one digest mail per address" "$N" "$(ls "$M" | grep -c '\.eml$')"
D=$(cat "$(ls "$M"/mail-*.eml | head -n 1)")
check_contains "the digest's subject" "Subject: [kpci] digest: 1 report" "$D"
check_contains "  it holds the report" "wq.flush-ns" "$D"
finish
