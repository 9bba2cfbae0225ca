#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The functions longer than N lines (default 150), from the line of
# their name to their closing brace, in kernel style (the opening and
# closing braces of a function alone at column 0):
#
#	scripts/long-functions.sh [N] [FILE...]
#
# Without files, every tracked .c file.  Exits 1 when there are any.
max=${1:-150}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- $(git ls-files '*.c')
awk -v max="$max" '
	FNR == 1 { name = ""; start = 0 }
	/^[A-Za-z_].*\(/ && !/;[ \t]*$/ { name = $0; start = FNR }
	/^\{/ && name != "" { inbody = 1 }
	/^\}/ && inbody {
		n = FNR - start + 1
		if (n > max) {
			sub(/\(.*/, "", name)
			k = split(name, w, /[ \t*]+/)
			printf "%s:%d: %s %d lines\n", FILENAME, start, w[k], n
			bad = 1
		}
		inbody = 0; name = ""
	}
	END { exit bad }' "$@"
