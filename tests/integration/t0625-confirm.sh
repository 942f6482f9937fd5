# SPDX-License-Identifier: GPL-2.0-only
# t0625-confirm: no report before a change is confirmed, and none that is
# not true.  A real git tree shaped like a merge window (v7.3, five
# "Merge tag" pulls by their own authors, v7.4-rc1) is watched by the
# real kpcid, which mails its reports to a real SMTP server on loopback
# (tests/integration/mailhook.py); a lab runner speaks the runner
# protocol with curl and answers each bench job with 3 iterations whose
# level depends on the commit and on how many jobs of that commit came
# before, every job (boot) 3% apart:
#   - kbench/syscall-getppid is 50% slower from the wq pull (M2) on;
#   - kbench/open-close is 60% slower from the memblock pull (M4) on;
#   - kbench/pipe-pingpong reads 40% slower on the first five boots of
#     -rc1 only (a burst of host noise during those boots).
#   - beside two of them, instructions per operation (NAME.insn): those of
#     syscall-getppid stay (its report says the time moved alone), those
#     of open-close step with its time (its report says both moved).
# Measured as the merges come, each the newest: the step at M2 is
# measured again at once (the newest merge differs from the one before),
# confirmed by boots of M1 and M2 taken in turn, and mailed before any
# later merge is measured, saying how it was confirmed.  M5 is measured
# before M3 and M4: the open-close step is confirmed between M2 and M5
# and mailed on M5; once M3 and M4 are measured it is at M4: the change at
# M4 is a new one, confirmed and mailed, and the one on M5 is withdrawn as
# moved, its recipients told in one follow-up in the same thread.  With
# the newest-merge rule off, the noise burst looks like a step at -rc1;
# its confirmation does not reproduce it: withdrawn, shown, counted on
# the window report, never mailed.
. tests/integration/lib.sh

REPO=$TMP/linux GIT_CLOCK=1790000000
. tests/integration/git-lib.sh
. tests/integration/window-lib.sh
# pull NAME AUTHOR: a topic branch with one commit by AUTHOR (NAME@example.org)
# merged by "Merge tag 'NAME-for-7.4'".
pull() {
	g checkout -q -b "$1" master
	GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL="$1-dev@example.org" commit "$1: the change"
	g tag -a -m "$1 pull" "$1-for-7.4"
	g checkout -q master
	merge_tag "$1-for-7.4" \
		"Merge tag '$1-for-7.4' of git://git.kernel.org/pub/scm/linux/kernel/git/$1"
}
git init -q -b master "$REPO"
commit "init: the start"
commit "Linux 7.3"
g tag -a -m "Linux 7.3" v7.3
pull sched "Sched Dev"
pull wq "Wq Dev"
pull mm "Mm Dev"
pull memblock "Memblock Dev"
pull net "Net Dev"
commit "Linux 7.4-rc1"
g tag -a -m "Linux 7.4-rc1" v7.4-rc1
SHAS=$(git -C "$REPO" rev-list --first-parent --reverse v7.3~0^..master | tail -n 7)
set -- $SHAS
V73=$1 M1=$2 M2=$3 M3=$4 M4=$5 M5=$6 RC1=$7

M="$TMP/mail"
mkdir -p "$M"
/usr/bin/python3 tests/integration/mailhook.py "$M" > "$TMP/mailhook.log" 2>&1 &
PIDS="$PIDS $!"
check "the SMTP server starts" wait_for 20 test -f "$M/ports"
SMTP_PORT=$(sed -n 's/^smtp //p' "$M/ports")
# ini NEWEST: kpcid's configuration, the newest-merge rule on or off
ini() {
	cat > "$TMP/kpcid.ini" <<EOF
[analysis]
settle_seconds = 0
[confirm]
settle_seconds = 0
min_jobs = 3
max_jobs = 6
newest_merge = $1
[bisect]
enabled = false
[alert]
enabled = true
smtp_url = smtp://127.0.0.1:$SMTP_PORT
tls = none
from = kpci <kpci@example.org>
base_url = http://kpci.example.org
settle_seconds = 0
retry_min = 1
[tree linux]
url = $REPO
branches = master
poll_interval = 3600
candidates =
EOF
}
ini true
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin lab)
RT=$(token runner)
export KPCI_TOKEN="$AT"
check "the first poll of linux ends" wait_sql 20 \
	"SELECT count(*) FROM commits c JOIN trees t ON t.id = c.tree_id WHERE t.name = 'linux'" 13
api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"numa2","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null

# body JOB ATTEMPT K: the result of a job of commit K (see the top); the
# draws depend on the commit and on its results before, not on job ids.
mkdir -p "$TMP/nth"
body() {
	nth=$(cat "$TMP/nth/$3" 2>/dev/null || echo 0)
	echo $((nth + 1)) > "$TMP/nth/$3"
	awk -v job="$1" -v attempt="$2" -v k="$3" -v nth="$nth" 'function n() { s = 0; for (q = 0; q < 12; q++) s += rand(); return s - 6 }
	BEGIN {
		srand(k * 7919 + nth * 104729 + 23);
		split("syscall-getppid 320 ns|open-close 900 ns|pipe-pingpong 180 us|futex-wake-wait 250 ns", ms, "|");
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":%d,\"status\":\"ok\",", job, attempt;
		printf "\"env\":{\"kernel_release\":\"7.4.0\"},\"samples\":[";
		c = 0;
		for (m = 1; m <= 4; m++) {
			split(ms[m], f, " ");
			level = f[2];
			if (m == 1 && k >= 2) level *= 1.5;
			if (m == 2 && k >= 4) level *= 1.6;
			if (m == 3 && k == 6 && nth < 5) level *= 1.4;
			level *= exp(0.03 * n());
			for (i = 0; i < 3; i++) {
				if (c++) printf ",";
				printf "{\"suite\":\"kbench\",\"metric\":\"%s\",\"unit\":\"%s\",\"better\":\"lower\",", f[1], f[3];
				printf "\"iteration\":%d,\"value\":%.3f}", i, level * exp(0.01 * n());
			}
		}
		# instructions per operation beside two of them: getppid'"'"'s
		# count stays (its step reads as layout), open-close'"'"'s moves
		for (m = 1; m <= 2; m++) {
			split(ms[m], f, " ");
			level = m == 1 ? 1000 : (k >= 4 ? 3840 : 2400);
			level *= exp(0.002 * n());
			for (i = 0; i < 3; i++) {
				printf ",{\"suite\":\"kbench\",\"metric\":\"%s.insn\",\"unit\":\"insn/op\",", f[1];
				printf "\"better\":\"lower\",\"iteration\":%d,\"value\":%.1f}", i, level * exp(0.0005 * n());
			}
		}
		printf "]}";
	}'
}
# measure SHA [N]: N bench jobs (default 1) of the commit, queued by hand.
measure() {
	for _ in $(seq "${2:-1}"); do
		out=$(api POST /api/v1/jobs "$AT" "{\"suite\":\"kbench\",\"tree\":\"linux\",\"commit\":\"$1\",\"iterations\":3,\"priority\":10}")
		[ "${out%% *}" = 201 ] || not_ok "a bench job of $1 is queued ($out)"
	done
}
CHANGE="SELECT c.id FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m
	ON m.id = se.metric_id WHERE m.name ="

# --- the newest merge, soon ------------------------------------------------
for s in $V73 $M1 $M2; do
	measure "$s"
	serve 6
done
check "getppid's step at M2 is found, confirmed and reported before M3 is measured" \
	wait_sql 30 "SELECT count(*) FROM reports WHERE kind = 'merge' AND commit_sha = '$M2'" 1
G=$(sql "$CHANGE 'syscall-getppid' AND c.bad_sha = '$M2'")
check_eq "the change is M1..M2, confirmed" "$M1 confirmed" \
	"$(sql "SELECT good_sha || ' ' || confirm FROM changes WHERE id = '$G'")"
check_contains "  by the boots of M1 and M2 taken in turn" "interleaved" \
	"$(sql "SELECT confirm_reason FROM changes WHERE id = '$G'")"
check_eq "its confirmation was opened for the newest merge, before the change was found" 1 \
	"$(sql "SELECT count(*) FROM confirmations co JOIN changes c ON c.confirmation_id = co.id
		WHERE c.id = '$G' AND co.opened_by LIKE 'the newest measured merge%'
		AND co.created_at <= c.detected_at")"
check_eq "its jobs alternate between the two commits, fresh boots each" "0 1 0 1 0 1 0 1" \
	"$(sql "SELECT group_concat(side, ' ') FROM (SELECT cj.side FROM confirmation_jobs cj
		JOIN changes c ON c.confirmation_id = cj.confirmation_id WHERE c.id = '$G'
		ORDER BY cj.job_id)")"
check_eq "... at the confirmation's priority, above the routine jobs" 60 \
	"$(sql "SELECT DISTINCT j.priority FROM confirmation_jobs cj JOIN jobs j ON j.id = cj.job_id
		JOIN changes c ON c.confirmation_id = cj.confirmation_id WHERE c.id = '$G'")"
check_eq "no job of M3 or later existed when it was reported" 0 \
	"$(sql "SELECT count(*) FROM jobs WHERE commit_sha IN ('$M3', '$M4', '$M5', '$RC1')")"
check "the report reaches the pull's author" wait_sql 30 \
	"SELECT count(*) FROM report_deliveries d JOIN reports r ON r.id = d.report_id
	 WHERE r.commit_sha = '$M2' AND d.recipient = 'wq-dev@example.org' AND d.state = 'sent'" 1
F=$(grep -l "^X-Kpci-Commit: $M2" "$M"/mail-*.eml | head -n 1)
B=$(tr -d '\r' < "$F")
check_contains "its mail says how it was confirmed" "Confirmed before this report" "$B"
check_contains "  with the boots of each side" "4 and 4 boots of" "$B"
check "it says the instructions per operation did not move with the time" eval \
	'echo "$B" | grep -Eq "^  kbench.syscall-getppid: (99[0-9]|100[0-9]) -> (99[0-9]|100[0-9]) insn/op"'
check_contains "  and what that means" "unchanged: the time moved, the code run did not" "$B"

# --- a step placed at a later merge, then where it is: moved, one follow-up ---
measure "$M5"
serve 6
check "open-close's step is confirmed between M2 and M5 and reported on M5" wait_sql 30 \
	"SELECT count(*) FROM reports WHERE kind = 'merge' AND commit_sha = '$M5'" 1
O=$(sql "$CHANGE 'open-close' AND c.bad_sha = '$M5'")
R5=$(sql "SELECT id FROM reports WHERE kind = 'merge' AND commit_sha = '$M5'")
check "its mail goes out" wait_sql 30 "SELECT count(*) FROM report_deliveries
	 WHERE report_id = $R5 AND state <> 'sent'" 0
MSGID=$(sql "SELECT message_id FROM reports WHERE id = $R5")
SENT=$(sql "SELECT group_concat(recipient, ' ') FROM (SELECT recipient FROM report_deliveries
	WHERE report_id = $R5 ORDER BY recipient)")
for s in $M3 $M4; do measure "$s"; done
serve 6
check "measured in between, the step is at M4: a new change, confirmed, reported on M4" \
	wait_sql 30 "SELECT count(*) FROM reports r JOIN report_changes rc ON rc.report_id = r.id
	 JOIN changes c ON c.id = rc.change_id WHERE r.kind = 'merge' AND r.commit_sha = '$M4'
	 AND c.good_sha = '$M3' AND c.confirm = 'confirmed' AND c.id IN ($CHANGE 'open-close')" 1
check "its mail goes out" wait_sql 30 "SELECT count(*) FROM report_deliveries d JOIN reports r
	 ON r.id = d.report_id WHERE r.commit_sha = '$M4' AND d.state = 'sent'" 1
B=$(tr -d '\r' < "$(grep -l "^X-Kpci-Commit: $M4" "$M"/mail-*.eml | head -n 1)")
check_contains "  saying the instructions per operation moved with the time" \
	"changed with the time: the kernel runs other code" "$B"
check "the change on M5 is withdrawn" wait_sql 30 \
	"SELECT withdrawn_at IS NOT NULL FROM changes WHERE id = '$O'" 1
check_contains "  as moved to M3..M4" "moved: the step is at $(echo "$M3" | cut -c1-12)..$(echo "$M4" | cut -c1-12)" \
	"$(sql "SELECT withdrawn_reason FROM changes WHERE id = '$O'")"
check_eq "  its report and confirmation were not carried to M4" "$M2 $M5" \
	"$(sql "SELECT co.good_sha || ' ' || co.bad_sha FROM changes c JOIN confirmations co
		ON co.id = c.confirmation_id WHERE c.id = '$O'")"
check "the report on M5 is withdrawn" wait_sql 30 \
	"SELECT withdrawn_at IS NOT NULL FROM reports WHERE id = $R5" 1
check_eq "its recipients get one follow-up that replies to it" "$SENT" \
	"$(sql "SELECT group_concat(recipient, ' ') FROM (SELECT d.recipient FROM report_deliveries d
		JOIN reports r ON r.id = d.report_id WHERE r.kind = 'followup' AND r.reply_to = $R5
		ORDER BY d.recipient)")"
check "the follow-up is mailed" wait_sql 30 "SELECT count(*) FROM report_deliveries d
	 JOIN reports r ON r.id = d.report_id WHERE r.reply_to = $R5 AND d.state <> 'sent'" 0
FU=$(grep -l "^In-Reply-To: $MSGID" "$M"/mail-*.eml | head -n 1)
check "  in the same thread (In-Reply-To the report)" test -n "$FU"
B=$(tr -d '\r' < "${FU:-/dev/null}")
check_contains "  Re: the report's subject" "Subject: Re: [kpci]" "$B"
check_contains "  saying it is withdrawn, and why" "kpci withdraws the report above: moved" "$B"
check_eq "the report on M2 stands" 1 \
	"$(sql "SELECT count(*) FROM reports WHERE commit_sha = '$M2' AND withdrawn_at IS NULL")"

# --- noise that looks like a step: not reproduced, never mailed ---------------
ini false
kill -HUP "$KPCID_PID"
check "kpcid reloads with the newest-merge rule off" wait_for 10 \
	grep -q "SIGHUP: configuration reloaded" "$TMP/kpcid.log"
measure "$RC1" 5
serve 6
check "the noise burst is taken for a step at -rc1, then not reproduced" wait_sql 30 \
	"SELECT count(*) FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m
	 ON m.id = se.metric_id WHERE m.name = 'pipe-pingpong' AND c.confirm = 'not-reproduced'
	 AND c.withdrawn_at IS NOT NULL AND c.bad_sha = '$RC1'" 1
# (the jobs' own 3% can look like a step elsewhere too: such a change is
# withdrawn the same way; this is the one at -rc1)
P=$(sql "$CHANGE 'pipe-pingpong' AND c.confirm = 'not-reproduced' AND c.bad_sha = '$RC1'")
check_contains "  withdrawn as not reproduced" "not reproduced" \
	"$(sql "SELECT withdrawn_reason FROM changes WHERE id = '$P'")"
check_eq "no live change of pipe-pingpong" 0 \
	"$(sql "SELECT count(*) FROM ($CHANGE 'pipe-pingpong' AND c.withdrawn_at IS NULL)")"
sleep 2
check_eq "nothing about it was reported" 0 \
	"$(sql "SELECT count(*) FROM report_changes rc JOIN changes c ON c.id = rc.change_id
		WHERE c.id = '$P'")"
check_eq "the reports: M2, M5 (withdrawn), M4, and the follow-up of M5's" \
	"merge $M2 0
merge $M5 1
merge $M4 0
followup $M5 0" "$(sql "SELECT kind || ' ' || commit_sha || ' ' || (withdrawn_at IS NOT NULL)
	FROM reports ORDER BY kind = 'followup', id")"
W=$(curl -sf "$URL/api/v1/trees/linux/windows/v7.3/report")
check "the window report counts it as not reproduced" \
	test "$(echo "$W" | jq '.summary.not_reproduced')" -ge 1
check_eq "  and lists it with why" "not-reproduced" \
	"$(echo "$W" | jq -r --argjson id "$P" '.withdrawn[] | select(.id == $id) | .confirm')"
PAGE=$(curl -sf "$URL/changes/$P")
check_contains "its page says it was not reproduced" 'id="confirmation"' "$PAGE"
check_contains "  and why" "not-reproduced" "$PAGE"
check_contains "kpci change says so" "confirm:  not-reproduced" "$("$KPCI_BIN/kpci" change "$P")"
check_contains "kpci changes marks it" "(withdrawn: not reproduced)" \
	"$("$KPCI_BIN/kpci" changes --withdrawn 1)"
check_contains "the change page of the confirmed one says how" "confirmed" \
	"$(curl -sf "$URL/changes/$G" | grep 'id="confirmation"')"
finish
