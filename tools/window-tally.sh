#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# window-tally.sh - what a run of kpci on a planted window told, judged
# against what was planted: every report that went out (merge, culprit,
# follow-up), true when it names a planted change's merge or culprit in
# the planted direction, false otherwise; each planted change missed or
# found, and minutes from its merge to its first mail (from the merge's
# build job being queued, which is when kpcid saw it, and from its first
# bench job's end), with the boots in between; changes withdrawn and why.
#
#   tools/window-tally.sh DB TREE_DIR
#
# DB is kpcid's SQLite file (var/kpci/kpci.db after `make run`), TREE_DIR a git
# tree on which tools/plant-window.sh planted the window (var/linux, or
# var/linux.side for KPCI_WINDOW=drip).  Read-only; needs sqlite3 and git.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 DB TREE_DIR" >&2; exit 2; }
DB=$1 TREE=$2
[ -r "$DB" ] || { echo "window-tally.sh: cannot read $DB" >&2; exit 1; }
eval "$(sh "$(dirname "$0")/plant-window.sh" -C "$TREE" window)"
sql() { sqlite3 -readonly "$DB" "$1"; }
short() { echo "$1" | cut -c1-12; }

# planted: merge culprit direction metric
planted="$SLOW_MERGE $SLOW_CULPRIT regression syscall-getppid
$FAST_MERGE $FAST_CULPRIT improvement sched-yield"
is_true() {     # SHA DIRECTION: 0 when it is a planted merge or culprit
	echo "$planted" | awk -v s="$1" -v d="$2" \
		'($1 == s || $2 == s) && $3 == d { f = 1 } END { exit !f }'
}

echo "reports that went out:"
true_n=0 false_n=0 followups=0
for r in $(sql "SELECT DISTINCT r.id FROM reports r JOIN report_deliveries d
		ON d.report_id = r.id WHERE d.state = 'sent' ORDER BY r.id"); do
	row=$(sql "SELECT kind, commit_sha, direction, (SELECT count(*) FROM report_deliveries
		WHERE report_id = $r AND state = 'sent'), subject FROM reports WHERE id = $r")
	kind=$(echo "$row" | cut -d'|' -f1) sha=$(echo "$row" | cut -d'|' -f2)
	dir=$(echo "$row" | cut -d'|' -f3) n=$(echo "$row" | cut -d'|' -f4)
	subj=$(echo "$row" | cut -d'|' -f5-)
	if [ "$kind" = followup ]; then
		verdict=follow-up
		followups=$((followups + 1))
	elif is_true "$sha" "$dir"; then
		verdict=true
		true_n=$((true_n + 1))
	else
		verdict=FALSE
		false_n=$((false_n + 1))
	fi
	printf '  %-9s %-8s %s to %s: %s\n' "$verdict" "$kind" "$(short "$sha")" "$n" "$subj"
done

echo "planted changes:"
echo "$planted" | while read -r merge culprit dir metric; do
	sent=$(sql "SELECT min(d.sent_at) FROM report_deliveries d JOIN reports r ON
		r.id = d.report_id WHERE r.kind = 'merge' AND r.commit_sha = '$merge'
		AND d.state = 'sent'")
	if [ -z "$sent" ]; then
		echo "  MISSED $metric $dir at $(short "$merge")"
		continue
	fi
	seen=$(sql "SELECT min(created_at) FROM jobs WHERE kind = 'build' AND commit_sha = '$merge'")
	measured=$(sql "SELECT min(finished_at) FROM jobs WHERE kind = 'bench'
		AND commit_sha = '$merge' AND state = 'done'")
	boots=$(sql "SELECT count(*) FROM jobs WHERE kind = 'bench' AND state = 'done'
		AND finished_at > $measured AND finished_at <= $sent")
	culprit_mail=$(sql "SELECT count(*) FROM reports r JOIN report_deliveries d ON
		d.report_id = r.id WHERE r.kind = 'culprit' AND r.commit_sha = '$culprit'
		AND d.state = 'sent'")
	printf '  found %s %s at %s: mailed %.1f min after kpcid saw the merge, %.1f min\n' \
		"$metric" "$dir" "$(short "$merge")" "$(echo "($sent - $seen) / 60" | bc -l)" \
		"$(echo "($sent - $measured) / 60" | bc -l)"
	printf '    after its first boot ended, %s boots between; culprit %s %s\n' "$boots" \
		"$(short "$culprit")" "$([ "$culprit_mail" -gt 0 ] && echo mailed || echo 'not mailed')"
done

echo "changes withdrawn or never told:"
sql "SELECT '  ' || c.id || ' ' || m.name || ' ' || c.direction || ' at ' ||
	substr(IFNULL(c.bad_sha, '?'), 1, 12) || ': ' || IFNULL(c.confirm, 'unconfirmed') ||
	IFNULL(' (' || c.withdrawn_reason || ')', '')
	FROM changes c JOIN series s ON s.id = c.series_id JOIN metrics m ON m.id = s.metric_id
	WHERE c.kind = 'perf' AND (c.withdrawn_at IS NOT NULL OR c.confirm IS NOT 'confirmed')
	ORDER BY c.id"
echo "confirmations: $(sql "SELECT count(*) || ' (' || IFNULL(sum(state = 'no-code'), 0) ||
	' no compiled code changed), ' || (SELECT count(*) FROM confirmation_jobs) || ' boots'
	FROM confirmations")"
echo "total: $true_n true, $false_n false, $followups follow-ups"
