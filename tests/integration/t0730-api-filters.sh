# SPDX-License-Identifier: GPL-2.0-only
# t0730-api-filters: the filters of the list endpoints and of the metric
# chart's JSON, on a database seeded by tests/browser/seed.py (600
# commits) and analysed by a real kpcid.  Every expected count comes from
# the database itself.  Jobs: state, kind, class, tree, commit (prefix),
# since/until (UNIX seconds or a date); changes: tree, branch,
# since/until; samples: job, series, metric,
# class, commit, since/until; series: ?classes= overlay, ?from=/?to= (a
# position or a full commit id), releases and change ranges; the job
# detail JSON and page; ETags on filtered lists; a bad value is a 400
# naming the parameter.
. tests/integration/lib.sh

mkdir -p "$TMP/data"
token admin lead > /dev/null
check "the seed generator fills the database" \
	python3 tests/browser/seed.py "$TMP/data/kpci.db" 600
printf '[analysis]\nsettle_seconds = 0\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
check "the analyzer visits every dirty series" \
	wait_sql 60 "SELECT count(*) FROM series WHERE dirty = 1" 0

n() { curl -s "$URL$1" | jq "$2"; }
code() { curl -s -o "$TMP/err" -w '%{http_code}' "$URL$1"; }

# --- jobs
check_eq "jobs?kind=bench&limit=1000 lists every bench job" \
	"$(sql "SELECT count(*) FROM jobs WHERE kind = 'bench'")" \
	"$(n '/api/v1/jobs?kind=bench&limit=1000' '.jobs | length')"
check_eq "jobs?class=smp8 lists only smp8 jobs, all of them" \
	"$(sql "SELECT count(*) FROM jobs WHERE runner_class = 'smp8'")|true" \
	"$(n '/api/v1/jobs?class=smp8&limit=1000' '"\(.jobs | length)|\(all(.jobs[]; .runner_class == "smp8"))"' | tr -d '"')"
check_eq "jobs?tree=linux: every job of the tree, with its name" \
	"$(sql "SELECT count(*) FROM jobs WHERE tree_id = (SELECT id FROM trees WHERE name = 'linux')")|true" \
	"$(n '/api/v1/jobs?tree=linux&limit=1000' '"\(.jobs | length)|\(all(.jobs[]; .tree == "linux"))"' | tr -d '"')"
check_eq "jobs?tree=other: none" 0 "$(n '/api/v1/jobs?tree=other' '.jobs | length')"
SHA=$(sql "SELECT commit_sha FROM jobs WHERE kind = 'bench' AND state = 'done' ORDER BY id LIMIT 1")
PFX=$(printf '%s' "$SHA" | cut -c1-10)
check_eq "jobs?commit=PREFIX lists the jobs of that commit" \
	"$(sql "SELECT count(*) FROM jobs WHERE commit_sha = '$SHA'")" \
	"$(n "/api/v1/jobs?commit=$PFX" '.jobs | length')"
check_eq "jobs?commit=FULL gives the same" \
	"$(n "/api/v1/jobs?commit=$PFX" '[.jobs[].id]' | tr -d ' \n')" \
	"$(n "/api/v1/jobs?commit=$SHA" '[.jobs[].id]' | tr -d ' \n')"
MID=$(sql "SELECT created_at FROM jobs ORDER BY created_at LIMIT 1 OFFSET 20")
check_eq "jobs?until=T lists the jobs created before T" \
	"$(sql "SELECT count(*) FROM jobs WHERE created_at < $MID")" \
	"$(n "/api/v1/jobs?until=$MID&limit=1000" '.jobs | length')"
check_eq "jobs?since=T&state=done: created at or after T and done" \
	"$(sql "SELECT count(*) FROM jobs WHERE created_at >= $MID AND state = 'done'")" \
	"$(n "/api/v1/jobs?since=$MID&state=done&limit=1000" '.jobs | length')"
DAY=$(date -u -d "@$MID" +%Y-%m-%d)
DAYT=$(date -u -d "$DAY" +%s)
check_eq "jobs?since=YYYY-MM-DD is UTC midnight" \
	"$(sql "SELECT count(*) FROM jobs WHERE created_at >= $DAYT")" \
	"$(n "/api/v1/jobs?since=$DAY&limit=1000" '.jobs | length')"
for bad in 'kind=nope' 'class=a%20b' 'tree=%3Cx%3E' 'commit=xyz' 'commit=abc' \
	   'since=yesterday' 'until=2026-13-45' 'state=gone'; do
	p=${bad%%=*}
	check_eq "jobs?$bad: 400" 400 "$(code "/api/v1/jobs?$bad")"
	check_contains "jobs?$bad: the error names the parameter" "$p" "$(cat "$TMP/err")"
done

# --- samples
check_eq "samples?series=1 lists only that series, all its samples" \
	"$(sql "SELECT count(*) FROM samples WHERE series_id = 1")|true" \
	"$(n '/api/v1/samples?series=1&limit=1000' '"\(.samples | length)|\(all(.samples[]; .series_id == 1))"' | tr -d '"')"
check_eq "samples?class=smp8&metric=wq/metric-03: one series' samples" \
	"$(sql "SELECT count(*) FROM samples s JOIN series se ON se.id = s.series_id
		JOIN metrics m ON m.id = se.metric_id WHERE se.runner_class = 'smp8'
		AND m.name = 'metric-03'")" \
	"$(n '/api/v1/samples?class=smp8&metric=wq/metric-03&limit=1000' '.samples | length')"
check_eq "samples?commit=PREFIX&class=numa2" \
	"$(sql "SELECT count(*) FROM samples s JOIN series se ON se.id = s.series_id
		WHERE s.commit_sha = '$SHA' AND se.runner_class = 'numa2'")" \
	"$(n "/api/v1/samples?commit=$PFX&class=numa2&limit=1000" '.samples | length')"
check_eq "samples?until=0-ish: a time before every sample lists none" 0 \
	"$(n '/api/v1/samples?until=1000000' '.samples | length')"
check_eq "samples?series=0: 400" 400 "$(code '/api/v1/samples?series=0')"
check_eq "samples?class=bad!: 400" 400 "$(code '/api/v1/samples?class=bad!')"

# --- the metric chart's JSON
S=$(sql "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id
	 WHERE m.name = 'metric-00' AND se.runner_class = 'numa2'")
J=$(curl -s "$URL/api/v1/series/$S?classes=smp8")
check_eq "series?classes=smp8 overlays the smp8 series of the same metric" \
	"smp8|$(sql "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id
		     WHERE m.name = 'metric-00' AND se.runner_class = 'smp8'")" \
	"$(printf '%s' "$J" | jq -r '"\(.overlay[0].runner_class)|\(.overlay[0].series_id)"')"
check_eq "series: the overlay has its points, selected lists both classes" \
	"$(sql "SELECT count(DISTINCT s.job_id) FROM samples s JOIN series se ON se.id = s.series_id
		JOIN metrics m ON m.id = se.metric_id WHERE m.name = 'metric-00'
		AND se.runner_class = 'smp8'")|numa2,smp8" \
	"$(printf '%s' "$J" | jq -r '"\(.overlay[0].points | length)|\(.selected | join(","))"')"
check_eq "series: releases on the branch with their positions" \
	"$(sql "SELECT count(*) FROM tags WHERE kind IN ('release', 'rc')")" \
	"$(printf '%s' "$J" | jq '[.releases[] | select(.position != null)] | length')"
check "series: each change has the positions of its commit range" \
	test "$(printf '%s' "$J" | jq '[.changes[] | select(.bad_position > .good_position)] | length')" -ge 1
check_eq "series without ?classes= has no overlay" 0 \
	"$(n "/api/v1/series/$S" '.overlay | length')"
check_eq "series?classes=nosuch: no overlay" 0 "$(n "/api/v1/series/$S?classes=nosuch" '.overlay | length')"
check_eq "series?from=200&to=400: only points in [200, 400]" \
	"$(sql "SELECT count(DISTINCT s.job_id) FROM samples s JOIN branch_commits bc ON 1
		JOIN commits c ON c.id = bc.commit_id AND c.sha = s.commit_sha
		WHERE s.series_id = $S AND bc.position BETWEEN 200 AND 400")|true" \
	"$(n "/api/v1/series/$S?from=200&to=400" '"\(.points | length)|\(all(.points[]; .position >= 200 and .position <= 400))"' | tr -d '"')"
FROM=$(sql "SELECT c.sha FROM commits c JOIN branch_commits bc ON bc.commit_id = c.id WHERE bc.position = 300")
check_eq "series?from=FULL_SHA starts at that commit's position" true \
	"$(n "/api/v1/series/$S?from=$FROM" 'all(.points[]; .position >= 300) and (.points | length) > 0')"
check_eq "series?commits=1: points carry their commit subjects" true \
	"$(n "/api/v1/series/$S?commits=1" 'all(.points[]; .subject != null)')"
check_eq "series?to=abc: 400" 400 "$(code "/api/v1/series/$S?to=abc")"
check_contains "series?to=abc: the error names the parameter" "query parameter to" "$(cat "$TMP/err")"
check_eq "series?classes=<script>: 400" 400 "$(code "/api/v1/series/$S?classes=%3Cscript%3E")"

# --- changes
check_eq "changes?tree=linux&branch=master lists every change of that line" \
	"$(sql "SELECT count(*) FROM changes c JOIN series s ON s.id = c.series_id
		JOIN branches b ON b.id = s.branch_id JOIN trees t ON t.id = b.tree_id
		WHERE t.name = 'linux' AND b.name = 'master'")" \
	"$(n '/api/v1/changes?tree=linux&branch=master&limit=1000' '.changes | length')"
check "the analyzer found the planted changes" \
	test "$(n '/api/v1/changes?tree=linux&branch=master&limit=1000' '.changes | length')" -ge 5
check_eq "changes?tree=other: none" 0 "$(n '/api/v1/changes?tree=other' '.changes | length')"
CT=$(sql "SELECT detected_at FROM changes ORDER BY detected_at LIMIT 1")
check_eq "changes?since=T: detected at or after T" \
	"$(sql "SELECT count(*) FROM changes WHERE detected_at >= $CT")" \
	"$(n "/api/v1/changes?since=$CT&limit=1000" '.changes | length')"
check_eq "changes?until=T: none detected before the first" 0 \
	"$(n "/api/v1/changes?until=$CT" '.changes | length')"
check_eq "changes?since=never: 400" 400 "$(code '/api/v1/changes?since=never')"
check_contains "changes?since=never: the error names the parameter" "since" "$(cat "$TMP/err")"

# --- the job detail
JOB=$(sql "SELECT id FROM jobs WHERE kind = 'bench' AND state = 'done' AND runner_class = 'numa2' LIMIT 1")
J=$(curl -s "$URL/api/v1/jobs/$JOB")
check_eq "jobs/ID: tree, one attempt with its runner, samples per series" \
	"linux|1|$(sql "SELECT name FROM runners WHERE id = (SELECT runner_id FROM job_results WHERE job_id = $JOB)")|$(sql "SELECT count(DISTINCT series_id) FROM samples WHERE job_id = $JOB")" \
	"$(printf '%s' "$J" | jq -r '"\(.tree)|\(.attempts | length)|\(.attempts[0].runner)|\(.series | length)"')"
check_eq "/jobs/ID: the page answers" 200 "$(code "/jobs/$JOB")"
check_contains "/jobs/ID links each series to its chart" "href=\"/series/$S\"" "$(curl -s "$URL/jobs/$JOB")"
check_eq "/jobs/999999: 404" 404 "$(code /jobs/999999)"
check_eq "/api/v1/jobs/999999: 404" 404 "$(code /api/v1/jobs/999999)"
FJ=$(sql "SELECT id FROM jobs WHERE state = 'failed' AND reason LIKE '%<script>%' LIMIT 1")
check_contains "/jobs/ID: a hostile reason is escaped" '&lt;script&gt;window.__pwned' \
	"$(curl -s "$URL/jobs/$FJ")"

# --- caching of filtered lists
H=$(curl -s -D - -o /dev/null "$URL/api/v1/jobs?class=numa2" | tr -d '\r')
ETAG=$(printf '%s\n' "$H" | sed -n 's/^ETag: //p')
check_contains "a filtered list must be revalidated" "Cache-Control: no-cache" "$H"
check_eq "a filtered list answers 304 to its ETag" 304 \
	"$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $ETAG" "$URL/api/v1/jobs?class=numa2")"
check "another filter has another ETag" test "$ETAG" != \
	"$(curl -s -D - -o /dev/null "$URL/api/v1/jobs?class=smp8" | tr -d '\r' | sed -n 's/^ETag: //p')"
finish
