# t0440-watch-build-bench: the whole pipeline on one machine.  kpcid
# watches a tree, queues its head as a build candidate, a build runner
# builds it, the build queues a bench job, a bench runner runs it, and
# its samples land in a series the analyzer can read.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

make_repo "$TMP/repo"
make_kconfig "$TMP/kconfig"
kpcid_ini "$TMP/kpcid.ini" "$TMP/repo" "candidates = head
configs = fake.config
poll_interval = 10"
runner_ini "$TMP/runner.ini" "$TMP/kconfig"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)

wait_sql 20 "SELECT count(*) FROM jobs WHERE kind = 'build'" 1
check_eq "the watcher queued the head as a build" "build|$C2|fake.config" \
	"$(sql "SELECT kind, commit_sha, json_extract(spec, '\$.config') FROM jobs WHERE id = 1")"
check_eq "the candidate names the tree's url" "$TMP/repo" \
	"$(sql "SELECT json_extract(spec, '\$.url') FROM jobs WHERE id = 1")"

run_runner builder "$TMP/runner.ini"
check_eq "the build runner exits 0" 0 $?
check_eq "the build is ok" ok "$(sql "SELECT state FROM builds WHERE job_id = 1")"
check_eq "the build queued a kbench job on the host" "bench|kbench|host|$C2" \
	"$(sql "SELECT kind, json_extract(spec, '\$.suite'), json_extract(spec, '\$.boot'), commit_sha FROM jobs WHERE id = 2")"

"$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name bencher --work-dir "$TMP/bencher" \
	--once > "$TMP/bencher.log" 2>&1
check_eq "the bench runner exits 0" 0 $?
check_eq "the bench job is done" done "$(sql "SELECT state FROM jobs WHERE id = 2")"
check "its samples carry the candidate commit" test \
	"$(sql "SELECT count(*) FROM samples WHERE job_id = 2 AND commit_sha = '$C2'")" -gt 0
check "and the kernel size samples too" test \
	"$(sql "SELECT count(*) FROM samples s JOIN series se ON se.id = s.series_id JOIN metrics m ON m.id = se.metric_id WHERE m.suite = 'kbuild' AND s.commit_sha = '$C2'")" -gt 0
out=$("$KPCI_BIN/kpci" commits fake)
check_contains "kpci commits lists the tree's head" "sched: one-line change" "$out"
finish
