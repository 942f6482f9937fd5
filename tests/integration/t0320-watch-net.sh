# SPDX-License-Identifier: GPL-2.0-only
# t0320-watch-net: trees over the network on loopback.  A git:// tree
# served by `git daemon` is watched; a server that accepts the connection
# and never answers fails its tree's poll after fetch_timeout (the error
# is recorded, shown and backed off) while the other tree keeps being
# watched; a tree named with '/' and ':' is reached through the API
# (%2F), the page and the CLI; the packs its fetches leave in the mirror
# are rolled into one once they are more than 32.
. tests/integration/lib.sh

export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@example.org"
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL="committer@example.org"
export GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"

mkdir -p "$TMP/srv"
git init -q --bare -b master "$TMP/srv/sched.git"
git init -q -b master "$TMP/work"
for i in 1 2 3; do git -C "$TMP/work" commit -q --allow-empty -m "sched change $i"; done
git -C "$TMP/work" push -q "$TMP/srv/sched.git" master
GPORT=$(free_port)
# git-daemon itself, not `git daemon`: the git wrapper would leave it
# running when cleanup kills the wrapper
"$(git --exec-path)/git-daemon" --reuseaddr --listen=127.0.0.1 --port="$GPORT" \
	--base-path="$TMP/srv" --export-all "$TMP/srv" > "$TMP/daemon.log" 2>&1 &
PIDS="$PIDS $!"
check "git daemon serves the repository" wait_for 10 \
	git ls-remote "git://127.0.0.1:$GPORT/sched.git"

# A listener that accepts connections and never says a word.
python3 - "$TMP/hang.port" > /dev/null 2>&1 <<'PY' &
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(16)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(s.getsockname()[1]))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
held = []
while True:
    c, _ = s.accept()
    held.append(c)
PY
PIDS="$PIDS $!"
wait_for 10 test -s "$TMP/hang.port"
HPORT=$(cat "$TMP/hang.port")

cat > "$TMP/kpcid.ini" <<EOF2
[tree hang]
url = git://127.0.0.1:$HPORT/linux.git
poll_interval = 3600
fetch_timeout = 2
retry_min = 100
retry_max = 400

[tree tip/sched:core]
url = git://127.0.0.1:$GPORT/sched.git
poll_interval = 3600
EOF2
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin t)
export KPCI_TOKEN="$AT"

check "the git:// tree is fetched although the other one hangs" wait_sql 20 \
	"SELECT count(*) FROM trees t JOIN branches b ON b.tree_id = t.id
	 WHERE t.name = 'tip/sched:core' AND b.length = 3" 1
check "the hung fetch failed" wait_sql 20 \
	"SELECT count(*) FROM trees WHERE name = 'hang' AND error_count = 1" 1
check_contains "its error says the server did not answer in time" \
	"127.0.0.1:$HPORT did not answer within 2 s (fetch_timeout)" \
	"$(sql "SELECT last_error FROM trees WHERE name = 'hang'")"
check_eq "it is retried after retry_min" 100 \
	"$(sql "SELECT next_poll_at - polled_at FROM trees WHERE name = 'hang'")"
check_eq "nothing was stored for it" 0 \
	"$(sql "SELECT count(*) FROM commits c JOIN trees t ON t.id = c.tree_id WHERE t.name = 'hang'")"
start=$(date +%s)
out=$("$KPCI_BIN/kpci" poll hang)
check_eq "kpci poll of the hung tree answers" 0 $?
check_contains "and shows the error" "did not answer within 2 s" "$out"
took=$(( $(date +%s) - start ))
check "within a few seconds ($took s)" test "$took" -le 6
check_eq "the second failure doubles the wait" "2|200" \
	"$(sql "SELECT error_count, next_poll_at - polled_at FROM trees WHERE name = 'hang'")"
out=$(api GET /api/v1/trees/hang)
check_contains "the API shows the timeout" "did not answer within 2 s" "$out"

# The git:// tree moves on meanwhile.
git -C "$TMP/work" commit -q --allow-empty -m "sched change 4"
git -C "$TMP/work" push -q "$TMP/srv/sched.git" master
out=$("$KPCI_BIN/kpci" poll tip/sched:core)
check_eq "kpci poll takes a tree name with / and :" 0 $?
check_eq "the git:// tree has the new commit" \
	"$(git -C "$TMP/work" rev-parse master)|4" \
	"$(sql "SELECT b.tip_sha, b.length FROM branches b JOIN trees t ON t.id = b.tree_id
	        WHERE t.name = 'tip/sched:core'")"

# Names with '/' and ':' in paths: '/' as %2F, ':' as such or %3A.
# get PATH: the status code of GET PATH (the body is in $TMP/body).
get() {
	out=$(api GET "$1")
	echo "${out%% *}"
}
check_eq "GET /api/v1/trees/tip%2Fsched:core" 200 "$(get '/api/v1/trees/tip%2Fsched:core')"
check_contains "is that tree" '"name":"tip/sched:core"' "$(cat "$TMP/body")"
check_eq "GET /api/v1/trees/tip%2fsched%3Acore/commits" 200 \
	"$(get '/api/v1/trees/tip%2fsched%3Acore/commits')"
check_contains "lists its commits" "sched change 4" "$(cat "$TMP/body")"
check_eq "GET /trees/tip%2Fsched%3Acore (the page)" 200 "$(get '/trees/tip%2Fsched%3Acore')"
check_contains "the page names the tree" "tip/sched:core" "$(cat "$TMP/body")"
check_eq "an unencoded / is a different path" 404 "$(get '/api/v1/trees/tip/sched:core')"
check_eq "a bad escape is no tree name" 404 "$(get '/api/v1/trees/tip%2')"
check_eq "an escape of a character names never hold" 404 "$(get '/api/v1/trees/a%20b')"
check_eq "an unknown tree with a / is 404" 404 "$(get '/api/v1/trees/no%2Fsuch')"
check_contains "with one sentence" "tree 'no/such' is not watched" "$(cat "$TMP/body")"
out=$("$KPCI_BIN/kpci" commits tip/sched:core)
check_contains "kpci commits takes the name" "sched change 3" "$out"
out=$("$KPCI_BIN/kpci" commits 'a b' 2>&1)
check_eq "kpci refuses a name with a space" 2 $?
check_contains "in one sentence" "'a b' is not a tree name" "$out"

# Each fetch over git:// leaves a pack in the mirror: 2 so far, 33 after
# 31 more, when the watcher repacks it.
MIRROR=$(ls -d "$TMP"/data/mirrors/*sched*)
packs() { ls "$MIRROR/objects/pack" | grep -c '\.pack$'; }
check_eq "the mirror holds a pack per fetch" 2 "$(packs)"
for i in $(seq 5 35); do
	git -C "$TMP/work" commit -q --allow-empty -m "sched change $i"
	git -C "$TMP/work" push -q "$TMP/srv/sched.git" master
	"$KPCI_BIN/kpci" poll tip/sched:core > /dev/null
done
check "the watcher repacked the mirror" wait_for 20 \
	grep -q "tree tip/sched:core: repacked the mirror: 33 packs -> 1" "$TMP/kpcid.log"
check_eq "into one pack" 1 "$(packs)"
check_eq "which holds every commit" 35 "$(git --git-dir="$MIRROR" rev-list --count master)"
check_eq "all of them are on the branch" 35 \
	"$(sql "SELECT b.length FROM branches b JOIN trees t ON t.id = b.tree_id
	        WHERE t.name = 'tip/sched:core'")"
git -C "$TMP/work" commit -q --allow-empty -m "sched change 36"
git -C "$TMP/work" push -q "$TMP/srv/sched.git" master
"$KPCI_BIN/kpci" poll tip/sched:core > /dev/null
check_eq "the next poll fetches into the repacked mirror" \
	"$(git -C "$TMP/work" rev-parse master)|36" \
	"$(sql "SELECT b.tip_sha, b.length FROM branches b JOIN trees t ON t.id = b.tree_id
	        WHERE t.name = 'tip/sched:core'")"
finish
