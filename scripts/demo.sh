#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kmaint on real data: Debian's Linux 6.12 tree, which scripts/deps.sh
# unpacks under $KMAINT_DATA (default /var/tmp/kmaint).  Run it with
# `make demo` after `sh scripts/deps.sh`.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
PATCH=$(cd "$top/../shared/fixtures" 2>/dev/null && pwd)/xfs-update-maintainers-2013.patch

if [ ! -f "$K612/MAINTAINERS" ]; then
	echo "demo: no Linux 6.12 tree in $K612; run: sh scripts/deps.sh" >&2
	exit 1
fi
if [ ! -f "$PATCH" ]; then
	echo "demo: the fixture $PATCH is missing" >&2
	exit 1
fi
cd "$K612"

heading() {
	printf '\n'
	printf '%s\n' "$*" | sed 'p; s/./=/g'
}

# show CMD...: print the command as the reader would type it, then run it
show() {
	printf '\n$ %s\n' "$*" | sed "s|$KMAINT|kmaint|; s|$PATCH|xfs-update-maintainers-2013.patch|"
	"$@"
}

cat <<EOF
kmaint demo: who maintains this part of Linux, and who gets this patch?
Tree: $K612 (Debian's linux-source-6.12), $(grep -c '^F:' MAINTAINERS) F: patterns in MAINTAINERS.
EOF

heading "1. kmaint get: who should receive a patch"
cat <<EOF

The patch: a 2013 change by the XFS maintainer to the XFS entry of MAINTAINERS:
EOF
sed -n 's/^Subject:[^a-z]*/    Subject: /p' "$PATCH"
grep '^[-+][A-Z]:' "$PATCH" | sed 's/^/    /'
cat <<EOF

kmaint get answers exactly as scripts/get_maintainer.pl does (same
options, same output; --nogit: this tree has no history).  The patch only
touches MAINTAINERS, which belongs to no subsystem, so the XFS people
whose entry it edits are not asked:
EOF
show "$KMAINT" get --nogit --nogit-fallback "$PATCH"

heading "2. kmaint get --maintainers-sections: ask the sections being edited"
cat <<EOF

With --maintainers-sections, a MAINTAINERS hunk also brings in the people
and lists of the sections it edits (here: XFS FILESYSTEM):
EOF
show "$KMAINT" get --nogit --nogit-fallback --maintainers-sections "$PATCH"

heading "3. kmaint map --summary: the whole tree at once"
cat <<EOF

Every file of the tree with its sections, in one pass (kmaint map prints
them as TSV); the summary lists the files only THE REST covers, sections
that match nothing, and the largest sections (each list cut to 8 lines
here):
EOF
show "$KMAINT" map --summary | awk '
	/^[ \t]/ { if (++n <= 8) print; else if (n == 9) print "\t..."; next }
	{ n = 0; print }'

heading "4. kmaint check: what is wrong with MAINTAINERS"
cat <<EOF

get_maintainer.pl --self-test's findings, checkpatch.pl's and
parse-maintainers.pl's rules, without needing git (last lines shown):
EOF
err=$(mktemp "${TMPDIR:-/tmp}/kmaint-demo.XXXXXX")
show "$KMAINT" check 2>"$err" | tail -15
cat "$err"
rm -f "$err"
echo
echo "More: kmaint help get | map | check"
