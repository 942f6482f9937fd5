# SPDX-License-Identifier: GPL-2.0-only
# report-lib.sh - the git tree and the results the report tests share
# (t0810, t0820): a MAINTAINERS file, 8 memblock commits, a merge that
# brings a workqueue commit by a non-ASCII author with trailers and a
# commit whose subject holds a CR and "Bcc:", 7 commits after it; and
# results uploaded through the runner protocol that step 10% at the merge.

# report_tree: makes the tree in $TMP/linux; sets R, HOSTILE, MERGE.
report_tree() {
	R="$TMP/linux"
	mkdir -p "$R/kernel" "$R/mm"
	git -C "$R" init -q -b master
	cat > "$R/MAINTAINERS" <<-'MAINT'
	List of maintainers

	WORKQUEUE
	M:	Tejun Heo <tj@kernel.org>
	R:	Lai Jiangshan <jiangshanlai@gmail.com>
	L:	wq-devel@lists.example.org
	S:	Maintained
	F:	kernel/workqueue.c

	MEMBLOCK
	M:	Mike Rapoport <rppt@kernel.org>
	F:	mm/

	THE REST
	M:	Linus Torvalds <torvalds@linux-foundation.org>
	L:	linux-kernel@vger.kernel.org
	S:	Buried alive in reporters
	F:	*
	F:	*/
	MAINT
	echo 'int wq;' > "$R/kernel/workqueue.c"
	echo 'int mb;' > "$R/mm/memblock.c"
	as() { GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$2" GIT_COMMITTER_NAME="$1" \
		GIT_COMMITTER_EMAIL="$2" git -C "$R" commit -q "$3" "$4"; }
	git -C "$R" add -A
	as "Linus Torvalds" torvalds@linux-foundation.org -m "Linux 7.3"
	for i in 1 2 3 4 5 6 7; do
		echo "int mb$i;" >> "$R/mm/memblock.c"
		git -C "$R" add -A
		as "Mike Rapoport" rppt@kernel.org -m "memblock: step $i"
	done
	git -C "$R" checkout -q -b wq
	echo 'int wq2;' >> "$R/kernel/workqueue.c"
	git -C "$R" add -A
	printf 'workqueue: Make flush_workqueue() visit only active pwqs\n\nFaster.\n\nSigned-off-by: Jürgen Groß <jgross@example.org>\nReviewed-by: Ann Reviewer <ann@example.org>\nAcked-by: not an address\nTested-by: Evil <evil@example.org>, bcc: <x@example.org>\n' > "$TMP/msg1"
	as "Jürgen Groß" jgross@example.org -F "$TMP/msg1"
	echo 'int wq3;' >> "$R/kernel/workqueue.c"
	git -C "$R" add -A
	printf 'work\rqueue: flush\rBcc: victim@evil.example\n\nSigned-off-by: Zoë Ünïcode <zoe@example.org>\n' > "$TMP/msg2"
	as "Zoë Ünïcode" zoe@example.org -F "$TMP/msg2"
	HOSTILE=$(git -C "$R" rev-parse HEAD)
	git -C "$R" checkout -q master
	GIT_AUTHOR_NAME="Linus Torvalds" GIT_AUTHOR_EMAIL=torvalds@linux-foundation.org \
	GIT_COMMITTER_NAME="Linus Torvalds" GIT_COMMITTER_EMAIL=torvalds@linux-foundation.org \
		git -C "$R" merge -q --no-ff -m "Merge tag 'wq-for-7.4' of git://example.org/wq" wq
	MERGE=$(git -C "$R" rev-parse HEAD)
	for i in 1 2 3 4 5 6 7; do
		echo "int after$i;" >> "$R/mm/memblock.c"
		git -C "$R" add -A
		as "Mike Rapoport" rppt@kernel.org -m "memblock: after $i"
	done
}

# report_results: one job per first-parent commit, 5 iterations each.
report_results() {
	AT=$(token admin lead)
	RT=$(token runner)
	api POST /api/v1/runners/register "$RT" \
		'{"name":"lab-1","runner_class":"numa2","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
	body() {
		awk -v job="$1" -v after="$2" 'BEGIN { srand(job * 7919);
			lat = after ? 1100 : 1000;
			printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",", job;
			printf "\"env\":{\"kernel_release\":\"7.4.0\",\"cpu_model\":\"Test CPU\",\"boot_method\":\"host\"},\"samples\":[";
			for (i = 0; i < 5; i++) { if (i) printf ",";
				printf "{\"suite\":\"wq\",\"metric\":\"flush-ns\",\"unit\":\"ns\",\"better\":\"lower\",";
				printf "\"iteration\":%d,\"value\":%.3f}", i, lat * (1 + 0.004 * (rand() - 0.5)); }
			printf "]}"; }'
	}
	j=0
	for sha in $(git -C "$R" rev-list --first-parent --reverse master); do
		j=$((j + 1))
		after=0
		[ "$j" -gt 8 ] && after=1
		api POST /api/v1/jobs "$AT" '{"suite":"wq","iterations":5}' > /dev/null
		sqlite3 -cmd ".timeout 5000" "$TMP/data/kpci.db" \
			"UPDATE jobs SET commit_sha = '$sha' WHERE id = $j" > /dev/null
		api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
		out=$(api POST /api/v1/jobs/$j/result "$RT" "$(body "$j" "$after")")
		[ "${out%% *}" = 200 ] || echo "upload of job $j: $out"
	done
}
