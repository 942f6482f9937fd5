#!/bin/sh
# plant-window.sh - plants a small merge window with one known slowdown on
# top of a git tree of the Linux kernel, for demonstrations and tests of
# kpci's bisection (tests/slow/t0540-bisect-kernel.sh; a demo tree).
#
#   tools/plant-window.sh [-C DIR] [--release vX.Y] [--next vX.Z] [--loops N]
#
# On top of DIR's HEAD (tagged --release, default v6.12, when not tagged
# yet): three topic branches forked from it, each pulled by a merge
# "Merge tag 'NAME-for-X.Z' of git://...", then "Linux X.Z-rc1" tagged
# --next-rc1.  Every topic commit changes one .c file by a comment (the
# rebuild is one object and the link); the second commit of the "sys"
# topic plants a busy loop of --loops iterations (default 2000: about a
# microsecond on hardware, tens under QEMU's TCG) at the start of getppid()
# (kernel/sys.c), which kpci's kbench measures as kbench/syscall-getppid.
# A loop, not udelay(): its cost does not hang on the delay calibration
# of each boot, which varies several times over in an emulated guest.  Authors, dates and trailers are fixed, so the
# commit ids depend only on the base.  Prints shell assignments:
#
#   GOOD=<the release> CULPRIT=<the planted commit> BAD=<-rc1>
#   COMMITS=<commits in GOOD..BAD>
#
# Needs git; DIR must be a git work tree with a clean index.
set -eu

dir=. release=v6.12 next=v6.13 loops=2000
while [ $# -gt 0 ]; do
	case "$1" in
	-C) dir=$2; shift 2 ;;
	--release) release=$2; shift 2 ;;
	--next) next=$2; shift 2 ;;
	--loops) loops=$2; shift 2 ;;
	*) echo "usage: $0 [-C DIR] [--release vX.Y] [--next vX.Z] [--loops N]" >&2; exit 2 ;;
	esac
done
case "$loops" in ''|*[!0-9]*) echo "plant-window.sh: --loops must be a number" >&2; exit 2 ;; esac
[ -f "$dir/kernel/sys.c" ] || { echo "plant-window.sh: $dir/kernel/sys.c: not a kernel tree" >&2; exit 1; }
grep -q '^SYSCALL_DEFINE0(getppid)$' "$dir/kernel/sys.c" ||
	{ echo "plant-window.sh: $dir/kernel/sys.c has no SYSCALL_DEFINE0(getppid)" >&2; exit 1; }

# fixed identities and dates: the same base gives the same commit ids
export GIT_CONFIG_NOSYSTEM=1
T=1735000000
g() { git -C "$dir" -c core.compression=1 -c gc.auto=0 "$@"; }
# at NAME EMAIL: the next commit's author (and committer) and date
at() {
	T=$((T + 3600))
	export GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$2" GIT_AUTHOR_DATE="@$T +0000"
	export GIT_COMMITTER_NAME="$1" GIT_COMMITTER_EMAIL="$2" GIT_COMMITTER_DATE="@$T +0000"
}
# touch_c FILE TEXT SUBJECT: a comment at the end of FILE, committed
touch_c() {
	printf '/* %s */\n' "$2" >> "$dir/$1"
	g commit -q -m "$3" -m "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" -- "$1"
}

base=$(g rev-parse HEAD)
at "Linus Torvalds" "torvalds@linux-foundation.org"
g rev-parse -q --verify "refs/tags/$release" > /dev/null || g tag -a -m "Linux ${release#v}" "$release" "$base"
line=$(g symbolic-ref --short HEAD)

# topic NAME: a branch forked from the release
topic() {
	g checkout -q -b "$1" "$release"
}
# pull NAME: the topic merged on the line, as a pull of its tag
pull() {
	at "Maintainer of $1" "$1-maintainer@example.org"
	g tag -a -m "$1 for ${next#v}" "$1-for-${next#v}" "$1"
	g checkout -q "$line"
	at "Linus Torvalds" "torvalds@linux-foundation.org"
	g merge -q --no-ff --no-edit -m "Merge tag '$1-for-${next#v}' of git://git.kernel.org/pub/scm/linux/kernel/git/demo/$1" "$1-for-${next#v}"
}

# notes NAME FILE SUBJECT [FILE SUBJECT...]: a topic of comment commits
# by NAME's developer, pulled
notes() {
	name=$1 n=0
	shift
	topic "$name"
	while [ $# -ge 2 ]; do
		n=$((n + 1))
		at "$name developer" "$name-dev@example.org"
		touch_c "$1" "kpci demo: $name step $n" "$2"
		shift 2
	done
	pull "$name"
}

notes sched kernel/fork.c "sched: note on fork" kernel/exit.c "sched: note on exit"
topic sys
at "sys developer" "sys-dev@example.org"
touch_c kernel/sys.c "kpci demo: sys step 1" "sys: note on the uid calls"
at "sys developer" "sys-dev@example.org"
sed -i "/^SYSCALL_DEFINE0(getppid)\$/,/^\$/s|^\tint pid;\$|&\n\tunsigned int kpci_spin;\n\n\tfor (kpci_spin = 0; kpci_spin < $loops; kpci_spin++)\n\t\tbarrier();\t/* kpci demo: the planted slowdown */|" \
	"$dir/kernel/sys.c"
grep -q "kpci_spin < $loops;" "$dir/kernel/sys.c" ||
	{ echo "plant-window.sh: could not plant the loop in getppid()" >&2; exit 1; }
g commit -q -m "sys: make getppid() wait for the parent to settle" \
	-m "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" -- kernel/sys.c
culprit=$(g rev-parse HEAD)
at "sys developer" "sys-dev@example.org"
touch_c kernel/sys.c "kpci demo: sys step 3" "sys: note on getppid"
pull sys

notes mm mm/mmap.c "mm: note on mmap" mm/filemap.c "mm: note on the page cache"

at "Linus Torvalds" "torvalds@linux-foundation.org"
g commit -q --allow-empty -m "Linux ${next#v}-rc1"
g tag -a -m "Linux ${next#v}-rc1" "$next-rc1"
echo "GOOD=$(g rev-parse "$release^{commit}")"
echo "CULPRIT=$culprit"
echo "BAD=$(g rev-parse HEAD)"
echo "COMMITS=$(g rev-list --count "$release..HEAD")"
