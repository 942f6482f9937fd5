# SPDX-License-Identifier: GPL-2.0-only
# t0510-kexec: the kexec boot method with a stand-in `kexec` on PATH that
# records its arguments.  A kexec job is staged and the runner stops (the
# machine would reboot); the next start finds the staged job, checks that
# the running kernel is the candidate (release from the bzImage header),
# runs the suite, uploads, and kexecs back to the base kernel.  A
# candidate that is not running gives a failed job and the runner goes on.
. tests/integration/lib.sh

# fake_bzimage FILE RELEASE: the x86 boot header fields kpci reads.
fake_bzimage() {
	python3 - "$1" "$2" <<'PY'
import struct, sys
img = bytearray(0x600)
img[0x202:0x206] = b"HdrS"
img[0x20e:0x210] = struct.pack("<H", 0x300)
ver = sys.argv[2].encode() + b" (kpci@test) #1 SMP\0"
img[0x500:0x500 + len(ver)] = ver
open(sys.argv[1], "wb").write(bytes(img))
PY
}

mkdir -p "$TMP/path"
cat > "$TMP/path/kexec" <<EOS
#!/bin/sh
echo "kexec \$*" >> "$TMP/kexec.calls"
EOS
chmod +x "$TMP/path/kexec"
fake_bzimage "$TMP/candidate" "$(uname -r)"
fake_bzimage "$TMP/other" "9.9.9-not-running"

cat > "$TMP/runner.ini" <<EOF2
[runner]
boot_methods = host kexec
poll_min = 1
poll_max = 1
[kexec]
kernel = $TMP/candidate
base_kernel = $TMP/base-vmlinuz
execute = kexec
EOF2

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"kexec","iterations":2,"warmup":0}' > /dev/null

runner() {
	PATH="$TMP/path:$PATH" "$KPCI_BIN/kpci-runner" -c "$TMP/runner.ini" \
		--server "$URL" --token "$RT" --name kx --work-dir "$TMP/w" "$@" >> "$TMP/runner.log" 2>&1 &
	RUNNER_PID=$!
	PIDS="$PIDS $RUNNER_PID"
}

runner
wait_for 30 test -f "$TMP/w/kexec/staged.json"
check "the job is staged on disk" test -f "$TMP/w/kexec/staged.json"
wait "$RUNNER_PID"
check_eq "the runner stops after kexec -e returned (the machine goes down)" 0 $?
calls=$(cat "$TMP/kexec.calls" 2>/dev/null)
check_contains "kexec -l loads the candidate" "kexec -l --command-line=" "$calls"
check_contains "the command line marks the job" "kpci.job=1.1 -- $TMP/candidate" "$calls"
check_contains "kexec -e follows" "kexec -e" "$calls"
check_eq "the job waits, leased, without a result" "running|0" \
	"$(sql "SELECT state, (SELECT count(*) FROM samples) FROM jobs WHERE id = 1")"
check_contains "the staged state names the candidate's release" "\"candidate_release\": \"$(uname -r)\"" \
	"$(cat "$TMP/w/kexec/staged.json")"

: > "$TMP/kexec.calls"
runner
check "after the restart the job is done" wait_sql 60 "SELECT state FROM jobs WHERE id = 1" done
check_eq "2 iterations x 2 kbench metrics" 4 "$(sql "SELECT count(*) FROM samples WHERE job_id = 1")"
check_eq "the environment says kexec" "kexec" \
	"$(sql "SELECT DISTINCT e.boot_method FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = 1")"
check "kexec is called again after the upload" wait_for 10 grep -q "base-vmlinuz" "$TMP/kexec.calls"
calls=$(cat "$TMP/kexec.calls")
check_contains "then it loads the base kernel" "-- $TMP/base-vmlinuz" "$calls"
case "$calls" in
*"kpci.job="*) not_ok "the base command line has no job mark: $calls" ;;
*) ok "the base command line has no job mark" ;;
esac
check "nothing stays staged" test ! -e "$TMP/w/kexec/staged.json" -a ! -e "$TMP/w/kexec/running.json"
kill "$RUNNER_PID" 2>/dev/null
wait "$RUNNER_PID" 2>/dev/null

# a candidate that is not the running kernel: a failed job, a sentence
sed -i "s|^kernel = .*|kernel = $TMP/other|" "$TMP/runner.ini"
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"kexec","iterations":1,"warmup":0}' > /dev/null
: > "$TMP/kexec.calls"
runner
wait "$RUNNER_PID"
runner
check "the mismatched job fails" wait_sql 60 "SELECT state FROM jobs WHERE id = 2" failed
check_contains "the reason names both kernels" \
	"the running kernel $(uname -r) is not the candidate 9.9.9-not-running" \
	"$(sql "SELECT reason FROM jobs WHERE id = 2")"
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"host","iterations":1,"warmup":0}' > /dev/null
check "the runner goes on to its next job" wait_sql 60 "SELECT state FROM jobs WHERE id = 3" done
check_eq "no kexec back from the base kernel" "" "$(grep -- "-- $TMP/base-vmlinuz" "$TMP/kexec.calls")"

# a bad candidate file: refused before anything is staged
sed -i "s|^kernel = .*|kernel = $TMP/runner.ini|" "$TMP/runner.ini"
kill "$RUNNER_PID" 2>/dev/null
wait "$RUNNER_PID" 2>/dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"kexec","iterations":1,"warmup":0}' > /dev/null
runner
check "a non-bzImage candidate fails the job" wait_sql 60 "SELECT state FROM jobs WHERE id = 4" failed
check_contains "with a sentence naming the file" "$TMP/runner.ini is not a bzImage" \
	"$(sql "SELECT reason FROM jobs WHERE id = 4")"
check "and nothing is staged" test ! -e "$TMP/w/kexec/staged.json"
finish
