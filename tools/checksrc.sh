#!/bin/sh
# checksrc.sh - kpci's source checker (after curl's checksrc), run by
# `make check`.  Every C file of the tree is read as text, with its
# comments and string literals blanked where code is looked for:
#
#   banned     sprintf, vsprintf, strcpy, strncpy, strcat, strncat, gets,
#              atoi, atol, atoll, atof, system, popen (docs/CONTRIBUTING.md
#              says what to use instead)
#   header     the file starts with a comment saying what it is for (after
#              an SPDX line, in the kernel module)
#   long       a line is longer than 100 characters (a tab is one)
#   include-c  a file includes a .c file (link the programs' archives)
#
# Each finding is one line "FILE:LINE: sentence" on stderr; the exit
# status is 1 when there is one, else 0.
#
#   sh tools/checksrc.sh [FILE...]      default: every .c and .h file
set -u
cd "$(dirname "$0")/.." || exit 1

if [ $# -eq 0 ]; then
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
	in_comment = 0
	seen_code = 0
}

{
	line = $0
	if (length(line) > 100)
		report("the line is " length(line) " characters long, over 100; wrap it")
	if (!seen_code && line !~ /^[ \t]*$/ && line !~ /^\/\/ SPDX-License-Identifier:/) {
		seen_code = 1
		if (line !~ /^\/\*/ && line !~ /^#!/)
			report("the file does not start with a comment saying what it is for")
	}
	if (line ~ /^[ \t]*#[ \t]*include[ \t]*[<"][^>"]*\.c[>"]/)
		report("a .c file is included; declare what is needed in a header and link " \
		       "the archive that holds it")
	code = code_of(line)
	rest = code
	while (match(rest, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
		word = substr(rest, RSTART, RLENGTH)
		sub(/[ \t]*\($/, "", word)
		before = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
		if (word in is_banned && before != "." && before != ">")
			report(word "() is banned in kpci (docs/CONTRIBUTING.md says what to use)")
		rest = substr(rest, RSTART + RLENGTH)
	}
}

END {
	exit bad ? 1 : 0
}
' "$@"
status=$?
[ "$status" -eq 0 ] || echo "checksrc: the findings above break kpci's rules (docs/CONTRIBUTING.md)" >&2
exit "$status"
