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
printf '\n$ kmaint check | tail -15\n'
"$KMAINT" check 2>"$err" | tail -15
cat "$err"
rm -f "$err"

heading "5. kmaint history --diff: MAINTAINERS from Linux 6.1 to 6.12"
cat <<EOF

Two real versions of MAINTAINERS (Debian's linux-source-6.1 and -6.12):
sections added, removed and renamed, people added and removed; the
totals, then the XFS entry:
EOF
K61=$KMAINT_DATA/linux-source-6.1
out=$(mktemp "${TMPDIR:-/tmp}/kmaint-demo.XXXXXX")
printf '\n$ kmaint history --diff 6.1/MAINTAINERS 6.12/MAINTAINERS\n'
"$KMAINT" history --diff "$K61/MAINTAINERS" "$K612/MAINTAINERS" >"$out" || true
DIFFOUT=$out
head -1 "$DIFFOUT"
echo "..."
awk '/^[a-z]+: XFS FILESYSTEM$/ { show = 1 } show && /^$/ { exit } show' "$DIFFOUT"
rm -f "$DIFFOUT"

heading "6. The 2013 XFS dispute, replayed: index, stats, review"
cat <<EOF

The Debian tree has no history, so this part builds a repository with the
shape of XFS in 2011-2013 (generated with git fast-import by
t/lib-xfs.sh: two developers far ahead of everyone, the proposed
co-maintainer far behind, every maintainer at sgi.com, one maintainer
applying most commits) and asks it what the mailing list had to dig out
of git by hand.
EOF
demo=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-demo-xfs.XXXXXX")
trap 'rm -rf "$demo"' EXIT
. "$top/t/lib-xfs.sh"
make_xfs_repo "$demo/xfs"
cd "$demo/xfs"
printf 'sgi.com\tSGI\n' >"$demo/emailmap"
show "$KMAINT" index
printf '\n$ kmaint stats --section XFS --until 2013-11-07 --top 5 --report changesets,reviews,committers\n'
"$KMAINT" stats --section XFS --until 2013-11-07 --top 5 --report changesets,reviews,committers
printf '\n$ kmaint review --as-of 2013-11-07 --email-map emailmap xfs-update-maintainers-2013.patch\n'
"$KMAINT" review --as-of 2013-11-07 --email-map "$demo/emailmap" "$PATCH" || true

echo
echo "More: kmaint help COMMAND (get map check index stats idents audit review history report)"
