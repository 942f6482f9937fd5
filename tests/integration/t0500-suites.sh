# SPDX-License-Identifier: GPL-2.0-only
# t0500-suites: suite files (configs/suites/ format) run by a real
# kpci-runner on the host: the established benchmarks (stress-ng, perf
# bench, hackbench, fio) spawned and parsed, kbench with every benchmark,
# the boot suite from the host's kernel log, the adaptive repeat rule,
# and bad suites (unknown parser, negative iterations, a missing program,
# a timeout) failing their job with one sentence while the runner goes on.
. tests/integration/lib.sh

S="$TMP/suites"
mkdir -p "$S"
suite() { name=$1; shift; printf '%s\n' "[suite]" "$@" > "$S/$name.ini"; }
suite stress "parser = stress-ng" "requires = stress-ng" \
	"command = stress-ng --cpu 1 --timeout 1 --metrics-brief --yaml {output}" "timeout = 30"
suite pipe "parser = perf-bench" "requires = perf" "command = perf bench sched pipe -l 2000"
suite hack "parser = hackbench" "requires = hackbench" "command = hackbench -g 1 -l 20"
suite fio "parser = fio" "requires = fio" \
	"command = fio --name=rr --filename=$TMP/fio.dat --size=4M --rw=randread --bs=4k --runtime=1 --time_based --output-format=json"
suite kb "parser = kbench" "benchmarks = all"
suite hostboot "parser = boot" "[marker slub-to-memory]" "from = SLUB:" "to = Memory:"
printf 'echo "Time: 1.0"\n' > "$TMP/steady.sh"
printf 'echo "Time: $(od -An -N2 -tu2 /dev/urandom)"\n' > "$TMP/noisy.sh"
suite steady "parser = hackbench" "command = sh $TMP/steady.sh" "max_iterations = 6" "rsd_threshold = 1"
suite noisy "parser = hackbench" "command = sh $TMP/noisy.sh" "max_iterations = 6" "rsd_threshold = 1"
suite badparser "parser = nope"
printf '%s\n' "[suite]" "parser = hackbench" "command = hackbench" "iterations = -2" > "$S/negative.ini"
suite missing "parser = hackbench" "requires = no-such-benchmark" "command = no-such-benchmark"
suite slow "parser = hackbench" "command = sleep 30" "timeout = 2"

cat > "$TMP/runner.ini" <<EOF2
[runner]
poll_min = 1
poll_max = 1
[suites]
dir = $S
EOF2

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
n=0
for s in stress pipe hack fio kb hostboot steady noisy badparser negative missing slow kbench; do
	api POST /api/v1/jobs "$AT" "{\"suite\":\"$s\",\"iterations\":2,\"warmup\":0}" > /dev/null
	n=$((n + 1))
done
start_runner s1 "$RT" -c "$TMP/runner.ini"
check "all $n jobs finish" wait_sql 120 "SELECT count(*) FROM jobs WHERE state IN ('done', 'failed')" $n

state() { sql "SELECT state FROM jobs WHERE json_extract(spec, '\$.suite') = '$1'"; }
reason() { sql "SELECT reason FROM jobs WHERE json_extract(spec, '\$.suite') = '$1'"; }
metrics() { sql "SELECT group_concat(name, ' ') FROM (SELECT DISTINCT m.name FROM metrics m WHERE m.suite = '$1' ORDER BY m.name)"; }
count() { sql "SELECT count(*) FROM samples s JOIN jobs j ON j.id = s.job_id WHERE json_extract(j.spec, '\$.suite') = '$1'"; }

for s in stress pipe hack fio kb hostboot steady noisy kbench; do
	check_eq "suite $s is done" done "$(state $s)"
done
check_eq "stress-ng: 2 stressor metrics per iteration" 4 "$(count stress)"
check_contains "stress-ng metrics come from its YAML" "cpu-bogo-ops-per-s" "$(metrics stress)"
check_eq "perf bench sched pipe" "sched-pipe" "$(metrics pipe)"
check_eq "hackbench" "time" "$(metrics hack)"
check_eq "fio: iops, bandwidth, latency of the reads" "rr-read-bw rr-read-clat-mean rr-read-iops" "$(metrics fio)"
check_contains "kbench with benchmarks = all measures futexes" "futex-wake-wait" "$(metrics kb)"
check_contains "... and NUMA-local memory bandwidth" "numa-bw-local" "$(metrics kb)"
check_eq "... every benchmark twice" "$(( $(sql "SELECT count(DISTINCT name) FROM metrics WHERE suite = 'kb'") * 2 ))" "$(count kb)"
check_eq "kbench stores each sample's spread of its repetitions" 0 \
	"$(sql "SELECT count(*) FROM samples s JOIN jobs j ON j.id = s.job_id WHERE json_extract(j.spec, '\$.suite') = 'kb' AND (s.spread IS NULL OR s.spread < 0)")"
KBJ=$(sql "SELECT min(s.job_id) FROM samples s JOIN jobs j ON j.id = s.job_id WHERE json_extract(j.spec, '\$.suite') = 'kb'")
check_eq "... and the API returns it" 0 \
	"$(curl -s "$URL/api/v1/samples?job=$KBJ&limit=500" | jq '[.samples[] | select((.spread | type) != "number")] | length')"
check_eq "a benchmark without repetitions has none" 0 \
	"$(sql "SELECT count(*) FROM samples s JOIN jobs j ON j.id = s.job_id WHERE json_extract(j.spec, '\$.suite') = 'hack' AND s.spread IS NOT NULL")"
check_eq "kbench without a suite file: the quick pair" "pipe-pingpong syscall-getppid" "$(metrics kbench)"
check_eq "host boot: run-init and the marker, once" "run-init slub-to-memory|2" \
	"$(metrics hostboot)|$(count hostboot)"
check_eq "a steady benchmark stops at the iterations asked" 2 "$(count steady)"
check_eq "a noisy one repeats up to max_iterations" 6 "$(count noisy)"
check_eq "the environment carries the build id" 0 \
	"$(sql "SELECT count(*) FROM environments WHERE json_extract(env, '\$.build_id') IS NULL")"

check_eq "unknown parser: failed" failed "$(state badparser)"
check_contains "... naming file and line" "badparser.ini:2: suite.parser: 'nope' is not one of" "$(reason badparser)"
check_contains "negative iterations: file, line, key" "negative.ini:4: suite.iterations: -2 is out of range" "$(reason negative)"
check_contains "a missing program is named" "needs no-such-benchmark, which is not installed" "$(reason missing)"
check_contains "a timeout is named" "sleep timed out after 2 s" "$(reason slow)"
check_eq "failed jobs stored no samples" 0 "$(( $(count badparser) + $(count negative) + $(count missing) + $(count slow) ))"
finish
