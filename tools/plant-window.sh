#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# plant-window.sh - plants a short, realistic merge window on a git tree of
# the Linux kernel (Debian's linux-source-6.12 made a repository), with
# one pull that makes a kernel path slower and one that makes another
# faster, for `make run` (tools/run-local.sh) and the end-to-end test
# (tests/slow/t0550-e2e-kernel.sh).
#
#   tools/plant-window.sh [-C DIR] [--small] [--loops N]
#                         [--release vX.Y] [--next vX.Z] [release|window|all]
#
# release: on DIR's HEAD, a commit by a developer that makes
#   do_sched_yield() (kernel/sched/syscalls.c) spin --loops (default 2000)
#   iterations before it yields, then the release tag --release (default
#   v6.12) on it.  Nothing is done when the tag exists.
# window: topic branches forked from the release, each with a few commits
#   by its own developer (Signed-off-by, some Reviewed-by), each pulled
#   onto the line by "Merge tag 'NAME' of git://git.kernel.org/...", then
#   "Linux X.Z-rc1" tagged --next-rc1.  The pulls, in order (--small: only
#   the first three):
#     sys      kernel/sys.c: the second commit makes getppid() spin --loops
#              iterations first: kbench/syscall-getppid is slower (a few us
#              under QEMU's TCG, about a us on hardware; a loop, not
#              udelay(), whose cost would hang on each boot's delay
#              calibration)
#     vfs      fs/pipe.c, fs/open.c: comments (neutral)
#     sched    kernel/sched/syscalls.c: the first commit takes the
#              release's spin out again: kbench/sched-yield is faster
#     mm       mm/mmap.c, mm/filemap.c: comments (neutral)
#     wq       kernel/workqueue.c: a comment (neutral)
#   The -rc1 commit sets EXTRAVERSION only (not PATCHLEVEL, whose change
#   would rebuild every user of linux/version.h).  Each file touched is
#   in a MAINTAINERS section, so reports go to its maintainers and lists,
#   and to the commits' authors.  Nothing is done when the -rc1 tag exists.
# all (the default): both.
#
# Authors, dates and trailers are fixed, so the commit ids depend only on
# the base.  Prints shell assignments (window and all):
#
#   GOOD=<the release> BAD=<-rc1> COMMITS=<commits in GOOD..BAD> MERGES=<pulls>
#   SLOW_MERGE=<the sys pull> SLOW_CULPRIT=<its spinning commit>
#   FAST_MERGE=<the sched pull> FAST_CULPRIT=<its commit taking the spin out>
#
# Needs git; DIR must be a git work tree of the kernel with a clean index.
set -eu

dir=. release=v6.12 next=v6.13 loops=2000 small= what=all
usage() {
	echo "usage: $0 [-C DIR] [--small] [--loops N] [--release vX.Y] [--next vX.Z] [release|window|all]" >&2
	exit 2
}
while [ $# -gt 0 ]; do
	case "$1" in
	-C) dir=$2; shift 2 ;;
	--release) release=$2; shift 2 ;;
	--next) next=$2; shift 2 ;;
	--loops) loops=$2; shift 2 ;;
	--small) small=1; shift ;;
	release|window|all) what=$1; shift ;;
	*) usage ;;
	esac
done
case "$loops" in ''|*[!0-9]*) echo "plant-window.sh: --loops takes a number" >&2; exit 2 ;; esac
for f in kernel/sched/syscalls.c kernel/sys.c Makefile MAINTAINERS; do
	[ -f "$dir/$f" ] || { echo "plant-window.sh: $dir/$f is missing: not a kernel tree" >&2; exit 1; }
done

# fixed identities and dates: the same base gives the same commit ids
export GIT_CONFIG_NOSYSTEM=1
T=1735000000
g() { git -C "$dir" -c core.compression=1 -c gc.auto=0 "$@"; }
# at NAME EMAIL: the next commit's (or tag's) author, committer and date
at() {
	T=$((T + 3600))
	export GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$2" GIT_AUTHOR_DATE="@$T +0000"
	export GIT_COMMITTER_NAME="$1" GIT_COMMITTER_EMAIL="$2" GIT_COMMITTER_DATE="@$T +0000"
}
linus() { at "Linus Torvalds" "torvalds@linux-foundation.org"; }
# commit FILE SUBJECT BODY [TRAILER...]: FILE as it is now, committed by
# the current author with a Signed-off-by and the trailers given
commit() {
	file=$1 subject=$2 body=$3
	shift 3
	msg="$subject

$body
"
	for t in "$@"; do msg="$msg
$t"; done
	msg="$msg
Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>"
	g commit -q -m "$msg" -- "$file"
}
# note FILE TEXT SUBJECT BODY [TRAILER...]: a comment at the end of FILE
note() {
	printf '\n/* %s */\n' "$2" >> "$dir/$1"
	f=$1
	shift 2
	commit "$f" "$@"
}
# planted FILE MARK: fails unless FILE holds MARK once
planted() {
	[ "$(grep -c "$2" "$dir/$1")" = 1 ] ||
		{ echo "plant-window.sh: could not plant '$2' in $1" >&2; exit 1; }
}

SLOW_MARK="plant-window: spin in getppid"
YIELD_MARK="plant-window: spin in do_sched_yield"

plant_release() {
	if g rev-parse -q --verify "refs/tags/$release" > /dev/null; then
		return 0
	fi
	at "Tomas Novak" "tomas.novak@example.org"
	sed -i "/^static void do_sched_yield(void)\$/,/^}\$/s|^\tstruct rq \*rq;\$|&\n\tunsigned int spin;\t/* $YIELD_MARK */\n\n\tfor (spin = 0; spin < $loops; spin++)\n\t\tbarrier();|" \
		"$dir/kernel/sched/syscalls.c"
	planted kernel/sched/syscalls.c "$YIELD_MARK"
	commit kernel/sched/syscalls.c "sched: Back off briefly before yielding the CPU" \
"A task that yields in a tight loop takes the runqueue lock again at
once.  Let it spin $loops iterations first, so that the task it yields
to gets a chance to take the lock."
	linus
	g tag -a -m "Linux ${release#v}" "$release"
}

# topic NAME: a branch forked from the release, checked out
topic() {
	g checkout -q -b "$1" "$release"
}
# pull NAME TAG URL: the topic tagged TAG by its last author, merged on
# the line by Linus as a pull of git://git.kernel.org/pub/scm/linux/kernel/git/URL
pull() {
	g tag -a -m "$1 for ${next#v}" "$2" "$1"
	g checkout -q "$line"
	linus
	g merge -q --no-ff --no-edit -m "Merge tag '$2' of git://git.kernel.org/pub/scm/linux/kernel/git/$3

Pull $1 updates for ${next#v}." "$2"
	# as in the mainline repository: the pull request's tag is kept by
	# the merge (its mergetag header), not as a tag of the tree
	g tag -d "$2" > /dev/null
	g branch -q -D "$1"
}

plant_window() {
	if g rev-parse -q --verify "refs/tags/$next-rc1" > /dev/null; then
		print_vars
		return 0
	fi
	g rev-parse -q --verify "refs/tags/$release" > /dev/null ||
		{ echo "plant-window.sh: $release is not tagged: plant the release first" >&2; exit 1; }
	line=$(g symbolic-ref --short HEAD)

	topic sys
	at "Mara Okafor" "mara.okafor@example.org"
	note kernel/sys.c "sys: getppid() reads the parent under RCU" \
		"sys: Explain how getppid() reads the parent" \
		"The parent may exit concurrently; RCU keeps it readable."
	at "Mara Okafor" "mara.okafor@example.org"
	sed -i "/^SYSCALL_DEFINE0(getppid)\$/,/^}\$/s|^\tint pid;\$|&\n\tunsigned int spin;\t/* $SLOW_MARK */\n\n\tfor (spin = 0; spin < $loops; spin++)\n\t\tbarrier();|" \
		"$dir/kernel/sys.c"
	planted kernel/sys.c "$SLOW_MARK"
	commit kernel/sys.c "sys: Let the parent settle before getppid() reads it" \
"A parent that is being reparented may be read half-way.  Spin $loops
iterations before reading it, which is long enough for the reparenting
to finish." \
		"Reviewed-by: Ilse Brandt <ilse.brandt@example.org>"
	at "Mara Okafor" "mara.okafor@example.org"
	note kernel/sys.c "sys: getppid() never fails" \
		"sys: Document that getppid() always succeeds" "It returns 0 for the init task."
	pull sys "sys-for-${next#v}" "mara/linux"

	topic vfs
	at "Jonas Becker" "jonas.becker@example.org"
	note fs/pipe.c "pipe: a reader wakes one writer at a time" \
		"pipe: Explain the wake-up of writers" "One writer is woken per read."
	at "Jonas Becker" "jonas.becker@example.org"
	note fs/open.c "open: the flags are checked in build_open_flags()" \
		"fs: Say where open flags are checked" "build_open_flags() checks them."
	pull vfs "vfs-${next#v}.misc" "vfs/vfs"

	topic sched
	at "Priya Raman" "priya.raman@example.org"
	sed -i "/$YIELD_MARK/,/barrier();\$/d" "$dir/kernel/sched/syscalls.c"
	[ "$(grep -c "$YIELD_MARK" "$dir/kernel/sched/syscalls.c")" = 0 ] ||
		{ echo "plant-window.sh: could not take the spin out of kernel/sched/syscalls.c" >&2; exit 1; }
	commit kernel/sched/syscalls.c "sched: Don't spin before yielding the CPU" \
"The spin before a yield makes sched_yield() many times slower and does
not help the task yielded to: it takes the runqueue lock after the
yield in any case.  Take it out." \
		"Fixes: $(g rev-parse --short=12 "$release^{commit}") (\"sched: Back off briefly before yielding the CPU\")" \
		"Reviewed-by: Tomas Novak <tomas.novak@example.org>"
	at "Priya Raman" "priya.raman@example.org"
	note kernel/sched/core.c "sched: the yield path is described in syscalls.c" \
		"sched: Point to do_sched_yield() from the core" \
		"Readers of the core look for the yield path here."
	pull sched "sched-core-${next#v}" "tip/tip"

	if [ -z "$small" ]; then
		topic mm
		at "Ada Lindqvist" "ada.lindqvist@example.org"
		note mm/mmap.c "mm: the VMA tree is walked under the mmap lock" \
			"mm/mmap: Note the lock the VMA walk needs" "The mmap lock."
		at "Ada Lindqvist" "ada.lindqvist@example.org"
		note mm/filemap.c "mm: folios of the page cache are locked one at a time" \
			"mm/filemap: Note the folio locking order" "One folio at a time."
		pull mm "mm-stable-${next#v}" "akpm/mm"

		topic wq
		at "Leon Fischer" "leon.fischer@example.org"
		note kernel/workqueue.c "workqueue: a flush waits for the work queued before it" \
			"workqueue: Say what a flush waits for" "The work queued before it."
		pull wq "wq-for-${next#v}" "tj/wq"
	fi

	linus
	sed -i -e 's/^EXTRAVERSION =.*/EXTRAVERSION = -rc1/' "$dir/Makefile"
	g commit -q -m "Linux ${next#v}-rc1" -- Makefile
	g tag -a -m "Linux ${next#v}-rc1" "$next-rc1"
	print_vars
}

# the pulls' merges and their planted commits
print_vars() {
	slow_merge=$(g log --first-parent --format=%H --grep "^Merge tag 'sys-for-" "$release..$next-rc1")
	fast_merge=$(g log --first-parent --format=%H --grep "^Merge tag 'sched-core-" "$release..$next-rc1")
	echo "GOOD=$(g rev-parse "$release^{commit}")"
	echo "BAD=$(g rev-parse "$next-rc1^{commit}")"
	echo "COMMITS=$(g rev-list --count "$release..$next-rc1")"
	echo "MERGES=$(g rev-list --count --merges "$release..$next-rc1")"
	echo "SLOW_MERGE=$slow_merge"
	echo "SLOW_CULPRIT=$(g log --format=%H --grep '^sys: Let the parent settle' "$release..$slow_merge^2")"
	echo "FAST_MERGE=$fast_merge"
	echo "FAST_CULPRIT=$(g log --format=%H --grep "^sched: Don't spin" "$release..$fast_merge^2")"
}

case "$what" in
release) plant_release ;;
window) plant_window ;;
all) plant_release; plant_window ;;
esac
