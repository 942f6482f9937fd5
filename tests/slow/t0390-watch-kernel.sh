# SPDX-License-Identifier: GPL-2.0-only
# t0390-watch-kernel: kpcid watches the real Linux 6.12 tree from Debian's
# linux-source-6.12 (the run's shared repository of kernel-lib.sh, its one
# commit tagged v6.12), then a merge window opens with a real-looking
# "Merge tag 'wq-for-6.13'" pull touching kernel/workqueue.c and closes
# with v6.13-rc1.
. tests/integration/lib.sh
. tests/slow/kernel-lib.sh

export GIT_AUTHOR_NAME="Linus Torvalds" GIT_AUTHOR_EMAIL="torvalds@linux-foundation.org"
export GIT_COMMITTER_NAME="Linus Torvalds" GIT_COMMITTER_EMAIL="torvalds@linux-foundation.org"
export GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"
R="$TMP/linux"
start=$(date +%s)
kernel_tree "$R" kernel include/linux
check "the kernel source is checked out" test -f "$R/kernel/workqueue.c"
g() { git -C "$R" "$@"; }
g tag -a -m "Linux 6.12" v6.12
files=$(g ls-tree -r --name-only HEAD | wc -l)
echo "# repository of $files files made in $(( $(date +%s) - start )) s"
check "the tree has the kernel's files" test "$files" -gt 50000

cat > "$TMP/kpcid.ini" <<EOF2
[tree linux]
url = $R
branches = master
poll_interval = 3600
EOF2
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin a)
export KPCI_TOKEN="$AT"
check "the first poll of the kernel tree ends" wait_sql 400 \
	"SELECT fetched_at IS NOT NULL FROM trees WHERE name = 'linux'" 1
echo "# first poll done after $(( $(date +%s) - start )) s"
check_eq "v6.12 is a release on master" "release|$(g rev-parse master)" \
	"$(sql "SELECT kind, commit_sha FROM tags WHERE name = 'v6.12'")"
check_eq "the release commit is position 0" "0|linux-source-6.12" \
	"$(sql "SELECT bc.position, c.subject FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id")"

g checkout -q -b wq-for-6.13 master
sed -i 's/^\(#define WQ_NAME_LEN\).*/\1 32/' "$R/include/linux/workqueue.h" 2>/dev/null
printf '\n/* flush: a change from the wq tree */\n' >> "$R/kernel/workqueue.c"
g commit -q -a -m "workqueue: Make flush_workqueue() faster

Signed-off-by: Tejun Heo <tj@kernel.org>"
g tag -a -m "wq for 6.13" wq-for-6.13-tag
g checkout -q master
g merge -q --no-ff -m "Merge tag 'wq-for-6.13' of git://git.kernel.org/pub/scm/linux/kernel/git/tj/wq" wq-for-6.13-tag
out=$("$KPCI_BIN/kpci" poll linux)
check_eq "the incremental poll answers" 0 $?
out=$("$KPCI_BIN/kpci" merges linux v6.12)
check_contains "the wq pull is in the v6.12 merge window" \
	"git://git.kernel.org/pub/scm/linux/kernel/git/tj/wq" "$out"
check_eq "it brought one commit, subsystem wq" "wq|1|Signed-off-by" \
	"$(sql "SELECT merge_subsystem, brought, (SELECT json_extract(c2.trailers, '$[0][0]')
	        FROM commits c2 WHERE c2.sha = c.merged_tip) FROM commits c WHERE merged_tip IS NOT NULL")"
check_eq "the window merge is a build candidate" 1 \
	"$(sql "SELECT count(*) FROM jobs WHERE json_extract(spec, '$.reason') = 'merge in the v6.12 merge window'")"
g commit -q --allow-empty -m "Linux 6.13-rc1"
g tag -a -m "Linux 6.13-rc1" v6.13-rc1
"$KPCI_BIN/kpci" poll linux > /dev/null
out=$("$KPCI_BIN/kpci" windows linux)
check_contains "v6.13-rc1 closes the window" "v6.12        closed  v6.13-rc1" "$out"
echo "# done after $(( $(date +%s) - start )) s"
finish
