# SPDX-License-Identifier: GPL-2.0-only
# window-lib.sh - shared by the tests that measure a merge window commit
# by commit through the runner protocol (t0620, t0625), sourced after
# lib.sh: $SHAS holds the measured commits in first-parent order, $RT a
# runner token whose runner 1 is registered, and the test defines
# `body JOB ATTEMPT K`, the result of a job of commit K.

# index SHA: the measured commit's index in $SHAS (0 the first), -1 if none.
index() {
	i=0
	for s in $SHAS; do
		[ "$s" = "$1" ] && { echo "$i"; return; }
		i=$((i + 1))
	done
	echo -1
}

# serve [IDLE]: claims bench jobs and uploads their results; stops when
# none was there IDLE times in a row, half a second apart (default 1: at
# once), so that jobs the analyzer or the confirmer queue meanwhile run
# too.
serve() {
	idle=0
	while [ "$idle" -lt "${1:-1}" ]; do
		out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
		if [ "${out%% *}" != 200 ]; then
			idle=$((idle + 1))
			[ "$idle" -lt "${1:-1}" ] && sleep 0.5
			continue
		fi
		idle=0
		id=$(echo "${out#* }" | jq -r .job.id)
		att=$(echo "${out#* }" | jq -r .job.attempt)
		k=$(index "$(echo "${out#* }" | jq -r .job.spec.commit)")
		out=$(api POST "/api/v1/jobs/$id/result" "$RT" "$(body "$id" "$att" "$k")")
		[ "${out%% *}" = 200 ] || not_ok "the result of job $id is stored ($out)"
	done
}
