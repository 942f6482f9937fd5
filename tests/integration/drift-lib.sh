# SPDX-License-Identifier: GPL-2.0-only
# drift-lib.sh - what the drift tests (t0180, t0185) share: uploads of a
# runner's environment with fields changed.  Needs lib.sh's api and sql,
# $AT (admin token), $RT (runner 1's token) and $ENV (an environment as
# runner 1 uploaded it, JSON).

# upload JOB ENV_JSON: submits, claims and uploads job JOB with that env.
upload() {
	api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	api POST "/api/v1/jobs/$1/result" "$RT" "{\"runner_id\":1,\"job_id\":$1,\"attempt\":1,
	 \"status\":\"ok\",\"env\":$2,\"samples\":[{\"suite\":\"kbench\",\"metric\":\"syscall-getppid\",
	 \"unit\":\"ns/op\",\"better\":\"lower\",\"iteration\":0,\"value\":100}]}"
}

# with JSONPATH VALUE: ENV with one field replaced (sqlite's json_set).
with() {
	sqlite3 :memory: "SELECT json_set(json('$(printf '%s' "$ENV" | sed "s/'/''/g")'), '$1', '$2')"
}
