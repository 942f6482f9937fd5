# SPDX-License-Identifier: GPL-2.0-only
# bisect-lib.sh - shared by the bisection tests (t063*.sh), sourced after
# lib.sh and git-lib.sh: kpcid watching the repository $REPO, a build
# runner and bench runners that speak the real runner protocol with curl
# (claim, artifact upload, build record, result), and a measured kernel
# whose kbench/getppid is 50% slower from the planted commit $CULPRIT on.
#
# The build runner "builds" a commit by uploading a small bzImage and
# posting the build record; a commit listed in $UNBUILDABLE fails to
# build.  A bench job of a commit gets 3 iterations of getppid: 100 ns,
# or 150 ns when $CULPRIT is an ancestor of the commit (itself included)
# and the build does not revert it, each job drawn 2% apart, each
# iteration 1%.  $LOSE names commits whose next bench job is claimed and
# never answered (the runner "dies" with it), once per name; with
# LOSE_NEXT=1 the next bench job is.

# bisect_ini FILE [EXTRA]: kpcid's configuration for tree linux, EXTRA in
# its [bisect] section and $TREE_EXTRA in its [tree linux] section.  The
# changes are not confirmed before their bisection unless CONFIRM=1 (the
# bisection tests follow the bisector; t0625 tests the confirmation).
bisect_ini() {
	cat > "$1" <<EOF
[jobs]
lease_seconds = ${LEASE:-60}
max_attempts = ${ATTEMPTS:-3}
[analysis]
settle_seconds = 0
[confirm]
enabled = $([ "${CONFIRM:-0}" = 1 ] && echo true || echo false)
[bisect]
settle_seconds = 0
${2:-}
[tree linux]
url = $REPO
branches = master
poll_interval = 3600
candidates =
configs = qemu-x86_64.config
${TREE_EXTRA:-}
EOF
}

# bisect_start: kpcid (config $TMP/kpcid.ini), the tokens $AT and $RT, the
# builder (runner 1) and $BENCH bench runners of class numa2 (2..).
bisect_start() {
	start_kpcid -c "$TMP/kpcid.ini"
	AT=$(token admin lab)
	RT=$(token runner)
	export KPCI_TOKEN="$AT"
	api POST /api/v1/runners/register "$RT" \
		'{"name":"builder","runner_class":"build","capabilities":["build"],"boot_methods":[]}' > /dev/null
	BENCH_IDS=""
	for i in $(seq "${BENCH:-1}"); do
		api POST /api/v1/runners/register "$RT" "{\"name\":\"lab-$i\",\"runner_class\":\"numa2\",\"capabilities\":[\"bench\"],\"boot_methods\":[\"qemu\"]}" > /dev/null
		BENCH_IDS="$BENCH_IDS $((i + 1))"
	done
}

# bad COMMIT: true when the planted slowdown is in COMMIT.
bad() {
	git -C "$REPO" merge-base --is-ancestor "$CULPRIT" "$1"
}

# build_one: the builder claims a build job and builds it; 1 when none.
build_one() {
	out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
	[ "${out%% *}" = 200 ] || return 1
	id=$(echo "${out#* }" | jq -r .job.id)
	att=$(echo "${out#* }" | jq -r .job.attempt)
	sha=$(echo "${out#* }" | jq -r .job.spec.commit)
	case " ${UNBUILDABLE:-} " in
	*" $sha "*)
		api POST "/api/v1/jobs/$id/build" "$RT" "{\"runner_id\":1,\"attempt\":$att,\"state\":\"failed\",\"error\":\"kernel/sys.c:42: error: expected ';'\"}" > /dev/null
		api POST "/api/v1/jobs/$id/result" "$RT" "{\"runner_id\":1,\"job_id\":$id,\"attempt\":$att,\"status\":\"failed\",\"reason\":\"make failed\",\"env\":{},\"samples\":[]}" > /dev/null
		return 0 ;;
	esac
	printf 'bzImage of %s %s\n' "$sha" "$(echo "${out#* }" | jq -r '.job.spec.revert // ""')" > "$TMP/bz"
	sum=$(sha256sum "$TMP/bz" | cut -d' ' -f1)
	curl -s -o /dev/null -X PUT -H "Authorization: Bearer $RT" --data-binary @"$TMP/bz" \
		"$URL/api/v1/jobs/$id/artifacts?runner_id=1&attempt=$att&name=bzImage&sha256=$sum"
	api POST "/api/v1/jobs/$id/build" "$RT" "{\"runner_id\":1,\"attempt\":$att,\"state\":\"ok\",\"kernel_release\":\"7.4.0\"}" > /dev/null
	api POST "/api/v1/jobs/$id/result" "$RT" "{\"runner_id\":1,\"job_id\":$id,\"attempt\":$att,\"status\":\"ok\",\"env\":{},\"samples\":[]}" > /dev/null
	return 0
}

# result JOB ATTEMPT RUNNER SLOW ITERATIONS: a bench result body.
result() {
	awk -v job="$1" -v att="$2" -v runner="$3" -v slow="$4" -v it="$5" '
	function n() { s = 0; for (q = 0; q < 12; q++) s += rand(); return s - 6 }
	BEGIN {
		srand(job * 7919 + att);
		level = (slow ? 150 : 100) * exp(0.02 * n());
		printf "{\"runner_id\":%d,\"job_id\":%d,\"attempt\":%d,\"status\":\"ok\",", runner, job, att;
		printf "\"env\":{\"kernel_release\":\"7.4.0\"},\"samples\":[";
		for (i = 0; i < it; i++) {
			if (i) printf ",";
			printf "{\"suite\":\"kbench\",\"metric\":\"getppid\",\"unit\":\"ns\",\"better\":\"lower\",";
			printf "\"iteration\":%d,\"value\":%.3f}", i, level * exp(0.01 * n());
		}
		printf "]}";
	}'
}

# bench_one RUNNER: that runner claims a bench job and runs it; 1 when none.
bench_one() {
	out=$(api POST /api/v1/jobs/claim "$RT" "{\"runner_id\":$1}")
	[ "${out%% *}" = 200 ] || return 1
	id=$(echo "${out#* }" | jq -r .job.id)
	att=$(echo "${out#* }" | jq -r .job.attempt)
	sha=$(echo "${out#* }" | jq -r .job.spec.commit)
	it=$(echo "${out#* }" | jq -r '.job.spec.iterations // 3')
	case " ${LOSE:-} " in
	*" $sha "*)
		LOSE=$(echo " $LOSE " | sed "s/ $sha / /")
		echo "runner $1 dies with job $id ($sha)"
		return 0 ;;
	esac
	if [ "${LOSE_NEXT:-0}" = 1 ]; then
		LOSE_NEXT=0
		echo "runner $1 dies with job $id ($sha)"
		return 0
	fi
	slow=0
	if bad "$sha"; then slow=1; fi
	case "$(echo "${out#* }" | jq -r .job.spec.config)" in
	*@revert-*) slow=0 ;;
	esac
	out=$(api POST "/api/v1/jobs/$id/result" "$RT" "$(result "$id" "$att" "$1" "$slow" "$it")")
	[ "${out%% *}" = 200 ] || echo "result of job $id: $out"
	return 0
}

# serve: one pass of the builder and of every bench runner; 1 when idle.
serve() {
	busy=1
	while build_one; do busy=0; done
	for r in $BENCH_IDS; do
		bench_one "$r" && busy=0
	done
	return $busy
}

# serve_until SECONDS QUERY EXPECTED: serves until QUERY prints EXPECTED.
serve_until() {
	limit=$(( $(date +%s) + $1 ))
	while [ "$(date +%s)" -lt "$limit" ]; do
		[ "$(sql "$2")" = "$3" ] && return 0
		serve || sleep 0.2
	done
	echo "timed out after $1 s waiting for '$2' to be '$3' (it is '$(sql "$2")')"
	return 1
}

# measure SHA: a bench job of SHA (qemu, 3 iterations) through the API.
measure() {
	out=$(api POST /api/v1/jobs "$AT" "{\"suite\":\"kbench\",\"tree\":\"linux\",\"commit\":\"$1\",\"boot\":\"qemu\",\"iterations\":3,\"runner_class\":\"numa2\"}")
	case "${out%% *}" in
	201|202) ;;
	*) echo "measure $1: $out" ;;
	esac
}
