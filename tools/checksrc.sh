#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# checksrc.sh - kpci's source checker (after curl's checksrc), run by
# `make check`.  Every C file of the tree is read as text, with its
# comments and string literals blanked where code is looked for:
#
#   banned     sprintf, vsprintf, strcpy, strncpy, strcat, strncat, gets,
#              atoi, atol, atoll, atof, system, popen (docs/CONTRIBUTING.md
#              says what to use instead)
#   header     the file starts with a comment saying what it is for (after
#              its SPDX line)
#   long       a line is longer than 100 characters (a tab is one)
#   size       a .c file has more than 800 lines, a header more than 400
#   include-c  a file includes a .c file (link the programs' archives)
#   render     a file of web/ calls a db_ function (pages are handed
#              their data by their handlers in daemon/api/)
#   cause      a failure's *cause is set other than by fail_cause (or
#              cleared to NULL) outside lib/fail.c
#   spdx       a file of kpci's own (source, script, configuration, unit,
#              man page: spdx_files below) has no "SPDX-License-Identifier:
#              GPL-2.0-only" line in its first three lines
#   layer      a file includes a header that its folder may not reach:
#              lib/ reaches only lib/; db/ reaches lib/; web/ lib/ and
#              db/ (for row types); runners/ and cli/ lib/; the daemon
#              reaches lib/ and db/, and its folders reach down this order
#              only: daemon/*.[ch] (kpcid.h, config, artifacts), http/,
#              watch/, analyze/, bisect/, alert/, export/, api/ (which also
#              reaches web/), then daemon/main.c; a header named
#              *_internal.h is reached only from its own folder; tests/,
#              bench/ and tools/ reach everything
#
# Each finding is one line "FILE:LINE: sentence" on stderr; the exit
# status is 1 when there is one, else 0.
#
#   sh tools/checksrc.sh [FILE...]      default: every .c and .h file, and
#                                       the spdx rule on spdx_files
#   sh tools/checksrc.sh --spdx-files   prints spdx_files
set -u
cd "$(dirname "$0")/.." || exit 1

# spdx_files: the files of kpci's own that name their licence.  Not in
# it: data (tests/data/, the fuzz seeds), vendored code (LICENSES/README.md),
# docs, and formats without comments (JSON, debian/control and the like).
spdx_files() {
	find . \( -path ./.git -o -path ./build -o -path ./bin -o -path ./var \
		-o -name node_modules -o -path ./tests/data -o -path ./tests/fuzz/seeds \
		-o -path ./web/static/vendor -o -path ./debian/tmp -o -path ./debian/.debhelper \
		-o -path ./debian/kpci -o -path ./debian/kpcid -o -path ./debian/kpci-runner \) \
		-prune -o -type f \( -name '*.[ch]' -o -name '*.sh' -o -name '*.py' \
		-o -name '*.js' -o -name '*.mjs' -o -name '*.sql' -o -name '*.ini' \
		-o -name '*.service' -o -name '*.yaml' -o -name '*.[18]' -o -name Makefile \
		-o -name Kbuild -o -path './configs/kconfig/*' -o -path ./runners/guest/init \
		-o -path ./.ci/run -o -path ./debian/rules -o -name '*.postinst' \
		-o -name '*.postrm' \) -print | sed 's|^\./||' | LC_ALL=C sort
}
if [ "${1:-}" = --spdx-files ]; then
	spdx_files
	exit 0
fi
spdx=0
if [ $# -eq 0 ]; then
	for f in $(spdx_files); do
		head -n 3 "$f" | grep -q 'SPDX-License-Identifier: GPL-2\.0-only' && continue
		echo "$f:1: spdx: no \"SPDX-License-Identifier: GPL-2.0-only\" line in the first three" \
			"lines (COPYING; a file of other origin belongs in LICENSES/README.md)" >&2
		spdx=1
	done
	set -- $(find bench cli daemon db lib runners tests tools web \
		\( -path web/static -o -path '*/node_modules' \) -prune -o \
		\( -name '*.c' -o -name '*.h' \) -print | LC_ALL=C sort)
fi

awk '
BEGIN {
	banned = "sprintf vsprintf strcpy strncpy strcat strncat gets atoi atol atoll atof " \
		 "system popen"
	n = split(banned, names, " ")
	for (i = 1; i <= n; i++)
		is_banned[names[i]] = 1
	bad = 0
	n = split("core http watch analyze bisect alert export api main", names, " ")
	for (i = 1; i <= n; i++)
		rank["daemon/" names[i]] = i
}

# The layer of a path: its top folder, or for the daemon "daemon/X" with
# X its subfolder, "core" for daemon/*.[ch] and "main" for main.c.
function layer(path,    a, n) {
	n = split(path, a, "/")
	if (a[1] != "daemon")
		return a[1]
	if (n == 2)
		return a[2] == "main.c" ? "daemon/main" : "daemon/core"
	return "daemon/" a[2]
}

# Why the file in layer from may not include header h, or "".
function layer_refusal(from, h,    to, dir) {
	to = layer(h)
	if (from == "tests" || from == "bench" || from == "tools")
		return ""
	dir = h
	sub(/\/[^\/]*$/, "", dir)
	if (h ~ /_internal\.h$/ && index(FILENAME, dir "/") != 1)
		return h " is internal to " dir "/"
	if (to == from || to == "lib")
		return ""
	if (to == "db" && from != "lib" && from != "runners" && from != "cli")
		return ""
	if (to == "web" && (from == "daemon/api" || from == "daemon/main"))
		return ""
	if (from ~ /^daemon\// && to ~ /^daemon\// && rank[to] < rank[from])
		return ""
	return shown(from) " may not reach " shown(to) " (tools/checksrc.sh says the order)"
}

function shown(l) {
	return l == "daemon/core" ? "daemon/*.h" : l == "daemon/main" ? "daemon/main.c" : l "/"
}

# Reports file f when its n lines are over the limit of its kind.
function check_size(f, n,    max) {
	max = f ~ /\.h$/ ? 400 : 800
	if (n > max) {
		printf "%s:%d: the file has %d lines, over %d; split it by meaning\n", f, n, n,
		       max > "/dev/stderr"
		bad++
	}
}

function report(what) {
	printf "%s:%d: %s\n", FILENAME, FNR, what > "/dev/stderr"
	bad++
}

# s with its comments and string and character literals blanked; in_comment
# carries a /* comment over lines.
function code_of(s,    out, i, c, d, q) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		d = substr(s, i, 2)
		if (in_comment) {
			if (d == "*/") {
				in_comment = 0
				i++
			}
			out = out " "
		} else if (d == "/*") {
			in_comment = 1
			i++
			out = out "  "
		} else if (d == "//") {
			break
		} else if (c == "\"" || c == "\047") {
			q = c
			out = out " "
			for (i++; i <= length(s); i++) {
				c = substr(s, i, 1)
				if (c == "\\") {
					i++
				} else if (c == q) {
					break
				}
				out = out " "
			}
		} else {
			out = out c
		}
	}
	return out
}

FNR == 1 {
	if (prev != "")
		check_size(prev, lines)
	prev = FILENAME
	in_comment = 0
	seen_code = 0
}

{
	lines = FNR
	line = $0
	if (length(line) > 100)
		report("the line is " length(line) " characters long, over 100; wrap it")
	if (!seen_code && line !~ /^[ \t]*$/ && line !~ /SPDX-License-Identifier:/) {
		seen_code = 1
		if (line !~ /^\/\*/ && line !~ /^#!/)
			report("the file does not start with a comment saying what it is for")
	}
	if (line ~ /^[ \t]*#[ \t]*include[ \t]*[<"][^>"]*\.c[>"]/)
		report("a .c file is included; declare what is needed in a header and link " \
		       "the archive that holds it")
	if (match(line, /^#include "[^"]*"/)) {
		why = layer_refusal(layer(FILENAME), substr(line, RSTART + 10, RLENGTH - 11))
		if (why != "")
			report("layer: " why)
	}
	code = code_of(line)
	if (FILENAME != "lib/fail.c" && code ~ /\*[ \t]*cause[ \t]*=[^=]/ &&
	    code !~ /\*[ \t]*cause[ \t]*=[ \t]*NULL/)
		report("*cause is set by hand; fail_cause(cause, \"...\") makes the sentence")
	rest = code
	while (match(rest, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
		word = substr(rest, RSTART, RLENGTH)
		call = word ~ /[A-Za-z0-9_]\($/      # no blank before "(": a call
		sub(/[ \t]*\($/, "", word)
		before = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
		if (word in is_banned && before != "." && before != ">")
			report(word "() is banned in kpci (docs/CONTRIBUTING.md says what to use)")
		if (call && word ~ /^db_/ && FILENAME ~ /^web\// && before !~ /[A-Za-z0-9_]/)
			report("render: " word "() reads the database; web/ is handed its data by " \
			       "its handler in daemon/api/")
		rest = substr(rest, RSTART + RLENGTH)
	}
}

END {
	if (prev != "")
		check_size(prev, lines)
	exit bad ? 1 : 0
}
' "$@"
status=$?
[ "$spdx" -eq 0 ] || status=1
[ "$status" -eq 0 ] || echo "checksrc: the findings above break kpci's rules (docs/CONTRIBUTING.md)" >&2
exit "$status"
