# SPDX-License-Identifier: GPL-2.0-only
# t0300-watch: kpcid watches a real git repository built here with the git
# CLI: linear history, a merge window of "Merge tag" merges between v1.0
# and v1.1-rc1, tags added later, incremental polls, a forced update, a
# deleted branch, a branch that never existed, hostile subjects, build
# candidates by policy, and the API and CLI that show all of it.
. tests/integration/lib.sh

REPO=$TMP/up
. tests/integration/git-lib.sh
# topic N: branch subN off master with two commits, tagged subN-for-1.1,
# merged into master by "Merge tag 'subN-for-1.1' of git://example.org/subN".
topic() {
	g checkout -q -b "sub$1" master
	commit "sub$1: first change"
	commit "sub$1: second change"
	g tag -a -m "sub$1 pull" "sub$1-for-1.1"
	g checkout -q master
	merge_tag "sub$1-for-1.1" "Merge tag 'sub$1-for-1.1' of git://example.org/pub/scm/sub$1"
}
fp() { git -C "$TMP/up" rev-list --first-parent --reverse "$1" | tr '\n' ' '; }
line() {
	sql "SELECT c.sha FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id
	     JOIN branches b ON b.id = bc.branch_id JOIN trees t ON t.id = b.tree_id
	     WHERE t.name = 'up' AND b.name = '$1'
	     ORDER BY bc.position" | tr '\n' ' '
}

git init -q -b master "$TMP/up"
commit "Linux 0.9"
commit "init: a linear start"
commit "Linux 1.0"
g tag -a -m "Linux 1.0" v1.0
for n in 1 2 3; do topic $n; done
g branch next master
g checkout -q next
commit "next: integration commit 1"
commit "next: integration commit 2"
g branch gone master
g checkout -q master

cat > "$TMP/kpcid.ini" <<EOF
[tree up]
url = $TMP/up
branches = master next gone nosuch
poll_interval = 3600
candidates = window-merges tags head
head_every = 60
configs = defconfig
retry_min = 100
retry_max = 1000

[tree unreachable]
url = file://$TMP/no-such-repository
retry_min = 1
retry_max = 2
EOF

start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin watcher)
export KPCI_TOKEN="$AT"
check "the first poll of up ends" wait_sql 20 \
	"SELECT fetched_at IS NOT NULL FROM trees WHERE name = 'up'" 1

# --- linear history and the merge window, first poll ---------------------
check_eq "every commit of the followed branches is stored" \
	"$(git -C "$TMP/up" rev-list master next gone | sort -u | wc -l)" \
	"$(sql "SELECT count(*) FROM commits c JOIN trees t ON t.id = c.tree_id WHERE t.name = 'up'")"
check_eq "master's first-parent line is git's, oldest first" "$(fp master)" "$(line master)"
check_eq "next's first-parent line is git's" "$(fp next)" "$(line next)"
check "next's first poll reads master's commits again, and says only 2 are new to the tree" \
	grep -q "branch next at .*: $(git -C "$TMP/up" rev-list --count next) new commits (2 new to the tree)" \
	"$TMP/kpcid.log"
check_eq "branch lengths are recorded" \
	"$(git -C "$TMP/up" rev-list --first-parent master | wc -l)" \
	"$(sql "SELECT b.length FROM branches b JOIN trees t ON t.id = b.tree_id
	        WHERE t.name = 'up' AND b.name = 'master'")"
check_eq "v1.0 is a release" "release|1|0|0" \
	"$(sql "SELECT kind, major, minor, rc FROM tags WHERE name = 'v1.0'")"
check_eq "v1.0 peels to its commit" "$(git -C "$TMP/up" rev-parse 'v1.0^{commit}')" \
	"$(sql "SELECT commit_sha FROM tags WHERE name = 'v1.0'")"
check_eq "topic tags are not releases" other "$(sql "SELECT kind FROM tags WHERE name = 'sub1-for-1.1'")"
check_eq "each merge brought its two commits, parsed subject" \
	"sub1|git://example.org/pub/scm/sub1|2
sub2|git://example.org/pub/scm/sub2|2
sub3|git://example.org/pub/scm/sub3|2" \
	"$(sql "SELECT merge_subsystem, merge_source, brought FROM commits WHERE merged_tip IS NOT NULL
	        AND subject LIKE 'Merge tag%' ORDER BY commit_time")"
check_eq "the merged tip is the topic's head" "$(git -C "$TMP/up" rev-parse sub2)" \
	"$(sql "SELECT merged_tip FROM commits WHERE merge_subsystem = 'sub2'")"
check_eq "the branch that does not exist is marked missing" \
	"missing|branch 'nosuch' does not exist in $TMP/up" \
	"$(sql "SELECT state, last_error FROM branches WHERE name = 'nosuch'")"
# gone and master share their head: one build of it, not two
check_eq "a first poll queues only the heads of the branches, once each" \
	"$( (echo "branch head|$(git -C "$TMP/up" rev-parse master)";
	     echo "branch head|$(git -C "$TMP/up" rev-parse next)") | sort)" \
	"$(sql "SELECT json_extract(spec, '$.reason'), commit_sha FROM jobs WHERE kind = 'build'" | sort)"
check_eq "build specs name tree, commit and config" "up|defconfig|1" \
	"$(sql "SELECT json_extract(spec, '$.tree'), json_extract(spec, '$.config'),
	        json_extract(spec, '$.commit') = commit_sha FROM jobs WHERE kind = 'build' LIMIT 1")"
check "the fetch is logged" grep -q "tree up: fetch done: " "$TMP/kpcid.log"

out=$(api GET /api/v1/trees/up/windows)
check_contains "the v1.0 window is open with 3 merges" \
	'"release":"v1.0","closed_by":null,"state":"open"' "$out"
check_contains "windows count the merges" '"merges":3' "$out"
out=$("$KPCI_BIN/kpci" merges up v1.0)
check_contains "kpci merges shows the subsystem and source" "sub2" "$out"
check_contains "kpci merges shows the source tree" "git://example.org/pub/scm/sub3" "$out"
check_eq "kpci merges lists 3 merges" 3 "$(echo "$out" | grep -c "Merge\|git://")"

# --- an unreachable remote: error recorded, retried with backoff ---------
check "the unreachable tree is retried on its own" wait_sql 15 \
	"SELECT error_count >= 3 FROM trees WHERE name = 'unreachable'" 1
check_contains "its error names the problem" "no-such-repository" \
	"$(sql "SELECT last_error FROM trees WHERE name = 'unreachable'")"
check_eq "the retry waits at most retry_max" 1 \
	"$(sql "SELECT next_poll_at - polled_at BETWEEN 1 AND 2 FROM trees WHERE name = 'unreachable'")"
check_eq "the error is an event of its branch, once" 1 \
	"$(sql "SELECT count(*) FROM branch_events e JOIN branches b ON b.id = e.branch_id
	        JOIN trees t ON t.id = b.tree_id WHERE t.name = 'unreachable' AND e.kind = 'error'")"
out=$("$KPCI_BIN/kpci" trees)
check_contains "kpci trees shows the error" "error (" "$out"
check_contains "kpci trees shows the missing branch" "missing" "$out"
out=$("$KPCI_BIN/kpci" commits up --branch nosuch 2>&1)
check_eq "kpci commits of the missing branch fails" 1 $?
check_contains "in one sentence naming the branch and the remote" \
	"tree 'up' follows branch 'nosuch', which does not exist in $TMP/up: it has no commits yet" "$out"
check_contains "the API answers 404 with it" "404 {" \
	"$(api GET "/api/v1/trees/up/commits?branch=nosuch")"

# --- incremental poll: only what is new ----------------------------------
topic 4
commit "mm: a plain commit after the merge"
out=$("$KPCI_BIN/kpci" poll up)
check_eq "kpci poll exits 0" 0 $?
check_eq "the line follows git after the new commits" "$(fp master)" "$(line master)"
check "the poll walked only the 4 new commits" \
	grep -q "branch master at .*: 4 new commits (4 new to the tree), 2 on the first-parent line" "$TMP/kpcid.log"
check_eq "the merge in the open window is a candidate" \
	"merge in the v1.0 merge window|$(git -C "$TMP/up" rev-parse 'master^')" \
	"$(sql "SELECT json_extract(spec, '$.reason'), commit_sha FROM jobs
	        WHERE json_extract(spec, '$.reason') LIKE 'merge%'")"
check_eq "the head is not queued again within head_every" 2 \
	"$(sql "SELECT count(*) FROM jobs WHERE json_extract(spec, '$.reason') = 'branch head'")"

# --- tags added later: v1.1-rc1 closes the window ------------------------
g tag -a -m "Linux 1.1-rc1" v1.1-rc1 master
topic 5
g tag -a -m "a typo" v1.1-rc0 sub5
"$KPCI_BIN/kpci" poll up > /dev/null
check "a tag meant as a release that does not parse is named in one sentence" \
	grep -q "tree up: tag 'v1.1-rc0' is kept as another tag: a release is vX.Y and a release candidate vX.Y-rcN" \
	"$TMP/kpcid.log"
check_eq "it is kept as another tag, and v1.1-rc1 still closes the window" "other|1" \
	"$(sql "SELECT kind, (SELECT count(*) FROM tags WHERE kind = 'rc') FROM tags
	        WHERE name = 'v1.1-rc0'")"
check "topic tags are not named so" sh -c "! grep -q \"tag 'sub[0-9]-for-1.1' is kept\" '$TMP/kpcid.log'"
check_eq "v1.1-rc1 is a release candidate" "rc|1|1|1" \
	"$(sql "SELECT kind, major, minor, rc FROM tags WHERE name = 'v1.1-rc1'")"
check_eq "the new tag is a candidate" "$(git -C "$TMP/up" rev-parse 'v1.1-rc1^{commit}')" \
	"$(sql "SELECT commit_sha FROM jobs WHERE json_extract(spec, '$.reason') = 'tag v1.1-rc1'")"
check_eq "the merge after -rc1 is outside the window" 1 \
	"$(sql "SELECT count(*) FROM jobs WHERE json_extract(spec, '$.reason') LIKE 'merge%'")"
out=$(api GET /api/v1/trees/up/windows)
check_contains "the window is closed by v1.1-rc1" \
	'"release":"v1.0","closed_by":"v1.1-rc1","state":"closed"' "$out"
out=$(api GET /api/v1/trees/up/windows/v1.0/merges)
check_eq "the window holds the 4 merges before -rc1" 4 \
	"$(printf '%s' "$out" | grep -o '"merge_subsystem"' | wc -l)"
check_contains "a merge names what it brought" '"brought":2' "$out"
out=$(api GET "/api/v1/trees/up/commits?window=v1.0&limit=1000")
check_eq "the window's commits run from after v1.0 to v1.1-rc1" \
	"$(git -C "$TMP/up" rev-list --first-parent --count v1.0..v1.1-rc1)" \
	"$(printf '%s' "$out" | grep -o '"position"' | wc -l)"
out=$("$KPCI_BIN/kpci" windows up)
check_contains "kpci windows lists the releases" "releases: v1.0 v1.1-rc1" "$out"

# --- forced update of next --------------------------------------------------
old_next=$(git -C "$TMP/up" rev-parse next)
old_line=$(line next)
g checkout -q next
g reset -q --hard master~3
commit "next: rebuilt today"
g checkout -q master
"$KPCI_BIN/kpci" poll up > /dev/null
check_eq "the forced update is an event with both tips" \
	"forced-update|$old_next|$(git -C "$TMP/up" rev-parse next)" \
	"$(sql "SELECT e.kind, e.old_sha, e.new_sha FROM branch_events e JOIN branches b
	        ON b.id = e.branch_id WHERE b.name = 'next'")"
check_eq "the new line replaces the old one" "$(fp next)" "$(line next)"
check_eq "the old commits stay, reachable by sha" 1 \
	"$(sql "SELECT count(*) FROM commits WHERE sha = '$old_next'")"
check "the old line differs from the new" test "$old_line" != "$(line next)"
out=$("$KPCI_BIN/kpci" trees)
check_contains "kpci trees shows the forced update" "forced-update" "$out"

# --- a deleted branch -------------------------------------------------------
gone_len=$(sql "SELECT length FROM branches WHERE name = 'gone'")
g branch -D gone
"$KPCI_BIN/kpci" poll up > /dev/null
check_eq "the deleted branch is marked, its line kept" "deleted|$gone_len" \
	"$(sql "SELECT state, length FROM branches WHERE name = 'gone'")"
check_eq "the deletion is one event" 1 \
	"$(sql "SELECT count(*) FROM branch_events e JOIN branches b ON b.id = e.branch_id
	        WHERE b.name = 'gone' AND e.kind = 'deleted'")"
"$KPCI_BIN/kpci" poll up > /dev/null
check_eq "polling again records no second deletion" 1 \
	"$(sql "SELECT count(*) FROM branch_events e JOIN branches b ON b.id = e.branch_id
	        WHERE b.name = 'gone' AND e.kind = 'deleted'")"

# --- hostile subjects are stored verbatim ----------------------------------
hostile="<script>alert(1)</script> '; DROP TABLE commits; -- \"q\" \\ %s \$(id)"
commit "$hostile

Signed-off-by: Mallory <m@example.org>
Reported-by: \"<img src=x>\" <x@example.org>"
"$KPCI_BIN/kpci" poll up > /dev/null
check_eq "the subject is stored byte for byte" "$hostile" \
	"$(sql "SELECT subject FROM commits WHERE sha = '$(git -C "$TMP/up" rev-parse master)'")"
check_eq "trailers are stored as key, value pairs" \
	'[["Signed-off-by","Mallory <m@example.org>"],["Reported-by","\"<img src=x>\" <x@example.org>"]]' \
	"$(sql "SELECT trailers FROM commits WHERE sha = '$(git -C "$TMP/up" rev-parse master)'")"
out=$(api GET "/api/v1/trees/up/commits?limit=1")
check_contains "the API returns it JSON-escaped" '<script>alert(1)</script> '"'"'; DROP TABLE commits; -- \"q\" \\ %s $(id)' "$out"
out=$("$KPCI_BIN/kpci" commits up --limit 1)
check_contains "kpci commits prints it" "DROP TABLE commits" "$out"

# --- bad input: one sentence, nothing changes ------------------------------
before=$(sql "SELECT count(*) FROM commits")
out=$(api GET /api/v1/trees/nosuch/windows)
check_eq "an unknown tree is a 404 sentence" "404 {\"error\":\"tree 'nosuch' is not watched\"}" "$out"
out=$(api GET /api/v1/trees/up/windows/v1/merges)
check_eq "a release that does not parse is a 400 sentence" \
	"400 {\"error\":\"'v1' is not a release tag of the form vX.Y\"}" "$out"
out=$(api GET /api/v1/trees/up/windows/v1.1-rc1/merges)
check_contains "an -rc is not a window" "400 " "$out"
out=$(api GET /api/v1/trees/up/windows/v9.9/merges)
check_contains "an untagged release is a 404 sentence" \
	'404 {"error":"release v9.9 is not tagged on the first-parent line of this branch"}' "$out"
out=$(api GET "/api/v1/trees/up/commits?branch=nope")
check_eq "an unfollowed branch is a 404 sentence" \
	"404 {\"error\":\"tree 'up' does not follow branch 'nope'\"}" "$out"
out=$(api GET "/api/v1/trees/up/commits?branch=a%0Ab")
check_contains "a branch name with a newline is a 400" "400 " "$out"
out=$(api POST /api/v1/trees/up/poll)
check_contains "polling needs an admin token" "401 " "$out"
out=$(api POST /api/v1/trees/nosuch/poll "$AT")
check_contains "polling an unknown tree is a 404" "404 " "$out"
out=$("$KPCI_BIN/kpci" merges up 'v1;rm' 2>&1)
check_eq "kpci refuses a bad release name" 2 \
	"$("$KPCI_BIN/kpci" merges up 'v1;rm' > /dev/null 2>&1; echo $?)"
check_contains "with one sentence" "is not a release name" "$out"
out=$("$KPCI_BIN/kpci" merges up v7 2>&1)
check_contains "kpci passes kpcid's sentence on" "'v7' is not a release tag" "$out"
check_eq "nothing stored changed" "$before" "$(sql "SELECT count(*) FROM commits")"
check_eq "bench jobs are untouched by the watcher" 0 \
	"$(sql "SELECT count(*) FROM jobs WHERE kind <> 'build'")"

# --- a restart polls incrementally from the stored tips --------------------
stop_kpcid
commit "after the restart"
start_kpcid -c "$TMP/kpcid.ini"
check "the restarted watcher picks up the one new commit" wait_for 20 \
	grep -q "branch master at .*: 1 new commit (1 new to the tree), 1 on the first-parent line" "$TMP/kpcid.log"
check_eq "the line still follows git" "$(fp master)" "$(line master)"

# --- after each poll the upkeep settles its commits in the sha index -------
check "every commit is settled at level 1 of the sha index" \
	wait_sql 20 "SELECT count(*) FROM commits WHERE level = 0" 0
check_eq "no commit is stored twice in a tree (master and next share theirs)" 0 \
	"$(sql "SELECT count(*) FROM (SELECT 1 FROM commits GROUP BY tree_id, sha
	        HAVING count(*) > 1)")"
check_eq "every commit git has is stored once" \
	"$(git -C "$TMP/up" rev-list --all | sort -u | wc -l)" \
	"$(sql "SELECT count(*) FROM commits c JOIN trees t ON t.id = c.tree_id
	        WHERE t.name = 'up' AND c.sha IN ($(git -C "$TMP/up" rev-list --all |
	        sed "s/.*/'&'/" | paste -sd,))")"
finish
