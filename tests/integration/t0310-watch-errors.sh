# SPDX-License-Identifier: GPL-2.0-only
# t0310-watch-errors: a remote that turns corrupt (a new commit whose
# objects are gone) fails the poll; the error is recorded and shown, the
# stored history stays as it was, retries back off, another tree keeps
# being watched, and a repaired remote clears the error.  A followed
# branch the remote does not have is a 404 sentence when named, and the
# tree shows its first branch that exists.  Bad trees in the
# configuration are refused with one sentence and change nothing stored.
. tests/integration/lib.sh

export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@example.org"
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL="committer@example.org"
export GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"
commit() { git -C "$1" commit -q --allow-empty -m "$2"; }

for r in good bad; do
	git init -q -b master "$TMP/$r"
	for i in 1 2 3; do commit "$TMP/$r" "$r $i"; done
	git -C "$TMP/$r" tag v2.0
done
cat > "$TMP/kpcid.ini" <<EOF
[tree good]
url = file://$TMP/good
branches = later master
poll_interval = 3600

[tree bad]
url = $TMP/bad
poll_interval = 3600
retry_min = 100
retry_max = 250
EOF
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin t)
export KPCI_TOKEN="$AT"
check "both trees are polled" wait_sql 20 \
	"SELECT count(*) FROM trees WHERE fetched_at IS NOT NULL" 2
tip=$(git -C "$TMP/bad" rev-parse master)
stored() {
	sql "SELECT b.tip_sha, b.length, (SELECT count(*) FROM commits c WHERE c.tree_id = t.id),
	     (SELECT count(*) FROM branch_commits bc WHERE bc.branch_id = b.id)
	     FROM trees t JOIN branches b ON b.tree_id = t.id WHERE t.name = 'bad'"
}
check_eq "bad is stored before it breaks" "$tip|3|3|3" "$(stored)"

# The remote gets a commit whose objects are then deleted.
commit "$TMP/bad" "this commit will be lost"
new=$(git -C "$TMP/bad" rev-parse master)
rm -f "$TMP/bad/.git/objects/$(echo "$new" | cut -c1-2)/$(echo "$new" | cut -c3-)"
out=$("$KPCI_BIN/kpci" poll bad)
check_eq "kpci poll of a broken remote still answers" 0 $?
check_contains "the poll shows the error" "error (1 in a row)" "$out"
check_eq "the stored history is intact" "$tip|3|3|3" "$(stored)"
check_eq "the error is counted" 1 "$(sql "SELECT error_count FROM trees WHERE name = 'bad'")"
check_eq "the first retry waits retry_min" 100 \
	"$(sql "SELECT next_poll_at - polled_at FROM trees WHERE name = 'bad'")"
check_contains "the error names what failed" "fetch failed" \
	"$(sql "SELECT last_error FROM trees WHERE name = 'bad'")"
"$KPCI_BIN/kpci" poll bad > /dev/null
check_eq "the second retry waits twice as long" "2|200" \
	"$(sql "SELECT error_count, next_poll_at - polled_at FROM trees WHERE name = 'bad'")"
"$KPCI_BIN/kpci" poll bad > /dev/null
check_eq "retries wait at most retry_max" "3|250" \
	"$(sql "SELECT error_count, next_poll_at - polled_at FROM trees WHERE name = 'bad'")"
check_eq "the same error is one event, not one per retry" 1 \
	"$(sql "SELECT count(*) FROM branch_events WHERE kind = 'error'")"
out=$(api GET /api/v1/trees/bad)
check_contains "the API shows the error" '"error_count":3' "$out"
check_eq "bad is still intact" "$tip|3|3|3" "$(stored)"

# The other tree keeps being watched.
commit "$TMP/good" "good 4"
"$KPCI_BIN/kpci" poll good > /dev/null
check_eq "good moves on" "$(git -C "$TMP/good" rev-parse master)|4" \
	"$(sql "SELECT b.tip_sha, b.length FROM branches b JOIN trees t ON t.id = b.tree_id
	        WHERE t.name = 'good' AND b.name = 'master'")"
# good's first followed branch, later, is not on the remote (yet): the
# tree's commits and page show master, and later named is a 404
out=$("$KPCI_BIN/kpci" commits good)
check_contains "kpci commits shows the first followed branch the remote has" "good 4" "$out"
check_eq "so does the tree's page" 200 \
	"$(curl -s -o "$TMP/page" -w '%{http_code}' "$URL/trees/good")"
check "with master's commits" grep -q "good 4" "$TMP/page"
out=$("$KPCI_BIN/kpci" commits good --branch later 2>&1)
check_eq "the missing branch named is an error" 1 $?
check_contains "in one sentence" "tree 'good' follows branch 'later', which does not exist" "$out"

# A local source that moved away is named.
mv "$TMP/good" "$TMP/good.moved"
"$KPCI_BIN/kpci" poll good > /dev/null
check_contains "a local source that is gone is named" "the remote: $TMP/good does not exist" \
	"$(sql "SELECT last_error FROM trees WHERE name = 'good'")"
mv "$TMP/good.moved" "$TMP/good"

# Repaired: the lost commit is dropped upstream.
git -C "$TMP/bad" reset -q --hard "$tip"
"$KPCI_BIN/kpci" poll bad > /dev/null
check_eq "a good poll clears the error" "|0" \
	"$(sql "SELECT last_error, error_count FROM trees WHERE name = 'bad'")"
check_eq "and the history is as before" "$tip|3|3|3" "$(stored)"
stop_kpcid

# --- bad trees in the configuration --------------------------------------
before=$(sql "SELECT count(*) FROM commits")
bad_config() {
	printf '%s\n' "$@" > "$TMP/bad.ini"
	"$KPCI_BIN/kpcid" -c "$TMP/bad.ini" --data-dir "$TMP/data" --listen 127.0.0.1:0 \
		> "$TMP/bad.log" 2>&1 &
	pid=$!
	PIDS="$PIDS $pid"
	wait_for 10 sh -c "! kill -0 $pid 2>/dev/null"
	wait "$pid"
	echo "exit $?: $(cat "$TMP/bad.log")"
}
out=$(bad_config "[tree x]" "url = ht!tp:/nowhere")
check_contains "a malformed URL is refused" "exit 1" "$out"
check_contains "with the line and what is wrong" \
	"bad.ini:2: tree.url: 'ht!tp:/nowhere' is not a valid git URL" "$out"
out=$(bad_config "[tree x]" "url = $TMP/good" "candidates = heads")
check_contains "an unknown candidate kind is refused" \
	"[tree x] candidates: 'heads' is not one of commits, window-merges, tags, head" "$out"
out=$(bad_config "[tree x]" "url = $TMP/good" "branches = master a..b")
check_contains "an invalid branch name is refused" \
	"[tree x] branches: 'a..b' is not a valid branch name" "$out"
check_eq "nothing stored changed" "$before" "$(sql "SELECT count(*) FROM commits")"
check_eq "no tree was added" 2 "$(sql "SELECT count(*) FROM trees")"
finish
