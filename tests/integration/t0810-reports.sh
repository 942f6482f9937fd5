# SPDX-License-Identifier: GPL-2.0-only
# t0810-reports: reports by mail and webhook from a real kpcid to a real
# SMTP server (python3-aiosmtpd) and a webhook receiver on loopback
# (tests/integration/mailhook.py).  A git tree with a MAINTAINERS file is
# watched; a merge brings a workqueue commit by a non-ASCII author with
# trailers and a commit whose subject holds a CR and "Bcc:"; results
# uploaded through the runner protocol step 10% at the merge.  The
# report on the merge reaches its recipients (the brought commits'
# authors and signers, MAINTAINERS' maintainers, reviewers and lists,
# the tree's recipients; never the chief penguin) once each, parsed
# field by field; both webhooks get their documents.  Then the SMTP
# server goes down, a bisection row names the hostile commit as the
# culprit, and its report is delivered once, later, when the server is
# back.
. tests/integration/lib.sh

. tests/integration/report-lib.sh
M="$TMP/mail"
mkdir -p "$M"
report_tree

/usr/bin/python3 tests/integration/mailhook.py "$M" > "$TMP/mailhook.log" 2>&1 &
HOOK_PID=$!
PIDS="$PIDS $HOOK_PID"
check "the SMTP server and webhook receiver start" wait_for 20 test -f "$M/ports"
SMTP_PORT=$(sed -n 's/^smtp //p' "$M/ports")
HTTP_PORT=$(sed -n 's/^http //p' "$M/ports")
printf 'generic http://127.0.0.1:%s/generic\nslack http://127.0.0.1:%s/slack\n' \
	"$HTTP_PORT" "$HTTP_PORT" > "$TMP/hooks"
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
base_url = http://kpci.example.org
settle_seconds = 0
webhooks_file = $TMP/hooks
retry_min = 1
retry_max = 2
max_attempts = 100
[tree linux]
url = $R
branches = master
candidates =
recipients = perf-team@example.org
INI
start_kpcid -c "$TMP/kpcid.ini"
check "the watcher stores the 16 first-parent commits" \
	wait_sql 30 "SELECT count(*) FROM branch_commits" 16
report_results
check "the analyzer finds the step at the merge" \
	wait_sql 30 "SELECT count(*) FROM changes WHERE bad_sha = '$MERGE'" 1
check "one report, on the merge" \
	wait_sql 30 "SELECT kind || ' ' || commit_sha FROM reports" "merge $MERGE"
EXPECT="ann@example.org
jgross@example.org
jiangshanlai@gmail.com
linux-kernel@vger.kernel.org
perf-team@example.org
tj@kernel.org
wq-devel@lists.example.org
zoe@example.org"
check_eq "its recipients: authors, signers, maintainers, reviewer, lists, tree; no penguin" \
	"$EXPECT" "$(sql "SELECT recipient FROM report_deliveries WHERE channel = 'mail' ORDER BY 1")"
check "every delivery is sent" wait_sql 30 \
	"SELECT count(*) FROM report_deliveries WHERE state <> 'sent'" 0
check_eq "a Tested-by that smuggles a second address is refused" 0 \
	"$(sql "SELECT count(*) FROM report_deliveries WHERE recipient LIKE '%evil%' OR recipient LIKE 'x@%'")"
check "one SMTP transaction per recipient" wait_for 10 test -f "$M/mail-8.eml"
check_eq "each address got it once" "$EXPECT" "$(cat "$M"/mail-*.env | sed -n 's/^to //p' | sort)"
check_eq "no ninth mail" no "$([ -f "$M/mail-9.eml" ] && echo yes || echo no)"

/usr/bin/python3 - "$M/mail-1.eml" "$MERGE" > "$TMP/parsed" <<'PY'
import email, email.header, email.policy, sys
raw = open(sys.argv[1], 'rb').read()
m = email.message_from_bytes(raw, policy=email.policy.default)
print('subject=%s' % m['Subject'])
print('from=%s' % m['From'])
print('to=%s' % ', '.join(sorted(a.addr_spec for a in m['To'].addresses)))
print('cc=%s' % ', '.join(sorted(a.addr_spec for a in m['Cc'].addresses)))
print('names=%s' % ', '.join(sorted(a.display_name for a in m['To'].addresses)))
print('msgid=%s' % m['Message-ID'])
print('ctype=%s' % m.get_content_type())
heads = raw.split(b'\r\n\r\n', 1)[0]
print('rawascii=%s' % all(b < 128 for b in heads))
print('bcc=%s' % any(l.lower().startswith(b'bcc') for l in heads.split(b'\r\n')))
print('lone_cr=%s' % (b'\r' in heads.replace(b'\r\n', b'')))
body = m.get_content()
open(sys.argv[1] + '.body', 'w').write(body)
PY
P=$(cat "$TMP/parsed")
check_contains "Subject: LKP form with tree, subsystem, sha and metric" \
	"subject=[kpci] [linux:master] [wq] $(echo "$MERGE" | cut -c1-10): wq.flush-ns " "$P"
check_contains "  a regression of about 10%" "% regression" "$P"
check_contains "From" "from=kpci <kpci@example.org>" "$P"
check_contains "To: the authors and maintainers" \
	"to=jgross@example.org, tj@kernel.org, zoe@example.org" "$P"
check_contains "Cc: reviewers, signers, lists, tree" \
	"cc=ann@example.org, jiangshanlai@gmail.com, linux-kernel@vger.kernel.org, perf-team@example.org, wq-devel@lists.example.org" "$P"
check_contains "non-ASCII names come back whole (RFC 2047)" "Jürgen Groß" "$P"
check_contains "  and Zoë Ünïcode" "Zoë Ünïcode" "$P"
check_contains "the raw header is ASCII only" "rawascii=True" "$P"
check_contains "no Bcc header from the commit's subject" "bcc=False" "$P"
check_contains "no lone CR in the header" "lone_cr=False" "$P"
check_contains "plain text" "ctype=text/plain" "$P"
B=$(tr -d '\r' < "$M/mail-1.eml.body")
check_contains "body: the merge commit" "commit: $MERGE (\"Merge tag 'wq-for-7.4' of git://example.org/wq\")" "$B"
check_contains "body: what it brought, the hostile subject on one line" \
	"work queue: flush Bcc: victim@evil.example" "$B"
check_contains "body: the LKP table header" "         %stddev     %change         %stddev" "$B"
check_contains "body: the table row of the metric" "wq.flush-ns" "$B"
check_eq "body: the row has base ± %stddev, %change, head ± %stddev" 1 \
	"$(printf '%s\n' "$B" | grep -cE '^ +[0-9]+ ± +[0-9]+%  +\+[0-9.]+%  +[0-9]+ ± +[0-9]+%  wq\.flush-ns$')"
check_contains "body: Reported-by tag" "| Reported-by: kpci <kpci@example.org>" "$B"
check_contains "body: Closes tag with the change's link" "| Closes: http://kpci.example.org/changes/" "$B"
check_contains "body: runner class and hardware" "runner class: numa2" "$B"
check_contains "body: the CPU model" "Test CPU" "$B"
check_contains "body: how to reproduce" "kpci submit --suite wq" "$B"
check_contains "body: no bisection yet" "bisection: none has finished" "$B"

check "both webhooks got the report" wait_for 10 test -f "$M/hook-2.json"
for f in "$M"/hook-*.json; do jq -e . "$f" > /dev/null || { echo "bad JSON in $f:"; head -c 600 "$f"; }; done
G=$(cat "$M"/hook-*.json | jq -s -c 'map(select(.subject)) | .[0]')
check_eq "generic document: kind, commit, report link, one change" \
	"merge $MERGE http://kpci.example.org/reports/1 1 flush-ns" \
	"$(printf '%s' "$G" | jq -r '"\(.kind) \(.commit) \(.report_url) \(.changes | length) \(.changes[0].metric)"')"
S=$(cat "$M"/hook-*.json | jq -s -c 'map(select(.text and (.subject | not))) | .[0]')
check_contains "Slack document: the subject in bold" '*[kpci] [linux:master] [wq]' \
	"$(printf '%s' "$S" | jq -r .text)"
check_eq "each webhook got it at its own path" "/generic /slack" \
	"$(for f in "$M"/hook-*.path; do cat "$f"; echo; done | sort | tr '\n' ' ' | sed 's/ $//')"

# SMTP down, then a finished bisection names the hostile commit.
kill "$HOOK_PID"
wait "$HOOK_PID" 2>/dev/null
CH=$(sql "SELECT id FROM changes WHERE bad_sha = '$MERGE'")
GOOD=$(sql "SELECT good_sha FROM changes WHERE id = $CH")
sqlite3 -cmd ".timeout 5000" "$TMP/data/kpci.db" "INSERT INTO bisections (change_id, state,
	good_sha, bad_sha, culprit_sha, log, started_at, finished_at) VALUES ($CH, 'done', '$GOOD',
	'$MERGE', '$HOSTILE', '[{\"sha\":\"$HOSTILE\",\"verdict\":\"bad\"}]', 1, 2);
	UPDATE changes SET state = 'culprit-found' WHERE id = $CH"
check "a second report, on the culprit" \
	wait_sql 30 "SELECT count(*) FROM reports WHERE kind = 'culprit' AND commit_sha = '$HOSTILE'" 1
check "its mail fails while the server is down, and waits" wait_sql 30 \
	"SELECT count(*) > 0 FROM report_deliveries d JOIN reports r ON r.id = d.report_id
	 WHERE r.kind = 'culprit' AND d.channel = 'mail' AND d.state = 'pending' AND d.attempts > 0
	 AND d.last_error LIKE '%SMTP%'" 1
/usr/bin/python3 tests/integration/mailhook.py "$M" --smtp-port "$SMTP_PORT" \
	--http-port "$HTTP_PORT" > "$TMP/mailhook2.log" 2>&1 &
PIDS="$PIDS $!"
NC=$(sql "SELECT count(*) FROM report_deliveries d JOIN reports r ON r.id = d.report_id
	WHERE r.kind = 'culprit' AND d.channel = 'mail'")
check "delivered later, once the server is back" wait_sql 40 \
	"SELECT count(*) FROM report_deliveries d JOIN reports r ON r.id = d.report_id
	 WHERE r.kind = 'culprit' AND d.state = 'sent'" "$((NC + 2))"
sleep 2
check_eq "each culprit recipient got exactly one mail" "$NC" \
	"$(grep -l "X-Kpci-Report: 2" "$M"/mail-*.eml | wc -l)"
check_eq "the merge report was not sent again" 8 \
	"$(grep -l "X-Kpci-Report: 1" "$M"/mail-*.eml | wc -l)"
C=$(grep -l "X-Kpci-Report: 2" "$M"/mail-*.eml | head -n 1)
check_contains "the culprit's subject: the subsystem with the CR made safe" \
	"[work_queue] $(echo "$HOSTILE" | cut -c1-10): wq.flush-ns" "$(/usr/bin/python3 -c '
import email, email.policy, sys
print(email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.default)["Subject"])' "$C")"
check_contains "the culprit report holds the bisection log" "probe     $(echo "$HOSTILE" | cut -c1-12) bad" "$(cat "$C")"
check_eq "no header line of any mail starts with Bcc" 0 \
	"$(for f in "$M"/mail-*.eml; do sed '/^\r*$/q' "$f"; done | grep -ci '^bcc')"
finish
