#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kmaint on real data: Debian's Linux 6.12 and 6.1 trees, which
# scripts/deps.sh unpacks under $KMAINT_DATA (default /var/tmp/kmaint),
# and a generated replay of the XFS history of 2011-2013 (t/lib-xfs.sh).
# Run it with `make demo` after `sh scripts/deps.sh`; KMAINT names the
# binary (default: ./kmaint of this repository).
#
# It reads nothing outside the repository, $KMAINT_DATA and a temporary
# directory, and exits 0 when every step worked.  A missing input stops
# it with a message naming what is missing; a failed step, with a
# message naming the step (t/t0010-self-contained.sh runs it so).

set -eu

die() {
	printf 'demo: %s\n' "$*" >&2
	exit 1
}

# Under set -e a failing command substitution in an assignment ends the
# script without a word; every one here says why.
top=$(cd "$(dirname "$0")/.." && pwd) ||
	die "cannot find the repository's top from $0"
KMAINT=${KMAINT:-$top/kmaint}
case $KMAINT in
/*) ;;
*/*) KMAINT=$(pwd)/$KMAINT ;;	# the demo changes directory
esac
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
K61=$KMAINT_DATA/linux-source-6.1

[ -x "$KMAINT" ] || die "no kmaint binary at $KMAINT; run: make"
[ -f "$K612/MAINTAINERS" ] ||
	die "no Linux 6.12 tree in $K612; run: sh scripts/deps.sh"
[ -f "$K61/MAINTAINERS" ] ||
	die "no Linux 6.1 tree in $K61; run: sh scripts/deps.sh"
[ -f "$top/t/lib-xfs.sh" ] || die "$top/t/lib-xfs.sh is missing"
command -v git >/dev/null 2>&1 ||
	die "git is not installed; run: sh scripts/deps.sh"

# Every temporary file lives in $tmp, removed at exit; a failure names
# the step it stopped in.
step="making a temporary directory"
tmp=
trap 'rc=$?
	[ -z "$tmp" ] || rm -rf "$tmp"
	[ "$rc" = 0 ] || printf "demo: failed (exit %s) while %s\n" "$rc" "$step" >&2
	exit "$rc"' EXIT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-demo.XXXXXX") ||
	die "cannot make a temporary directory in ${TMPDIR:-/tmp}"

# The 2013 patch is made by git format-patch from the generated XFS
# history, which section 6 uses as well.
step="building the generated XFS repository (t/lib-xfs.sh)"
. "$top/t/lib-xfs.sh"
XFS=$tmp/xfs
make_xfs_repo "$XFS" || die "cannot build the XFS repository in $XFS"
step="making the 2013 XFS patch with git format-patch"
PATCH=$tmp/xfs-update-maintainers-2013.patch
make_xfs_patch "$XFS" "$PATCH" || die "cannot make $PATCH"

heading() {
	printf '\n'
	printf '%s\n' "$*" | sed 'p; s/./=/g'
}

# run CMD...: exit status 0 is an answer, and so is 1 (findings, or an
# answer that may be wrong); anything else stops the demo
run() {
	rc=0
	"$@" || rc=$?
	[ "$rc" -le 1 ] || die "'$*' failed (exit $rc)"
}

# show CMD...: print the command as the reader would type it, then run it
show() {
	printf '\n$ %s\n' "$*" | sed "s|$KMAINT|kmaint|; s|$PATCH|xfs-update-maintainers-2013.patch|"
	run "$@"
}

cd "$K612"
cat <<EOF
kmaint demo: who maintains this part of Linux, and who gets this patch?
Tree: $K612 (Debian's linux-source-6.12), $(grep -c '^F:' MAINTAINERS) F: patterns in MAINTAINERS.
EOF

step="section 1, kmaint get"
heading "1. kmaint get: who should receive a patch"
cat <<EOF

The patch: a 2013 change by the XFS maintainer to the XFS entry of
MAINTAINERS (git format-patch of it from the replayed history of section 6):
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

step="section 2, kmaint get --maintainers-sections"
heading "2. kmaint get --maintainers-sections: ask the sections being edited"
cat <<EOF

With --maintainers-sections, a MAINTAINERS hunk also brings in the people
and lists of the sections it edits (here: XFS FILESYSTEM):
EOF
show "$KMAINT" get --nogit --nogit-fallback --maintainers-sections "$PATCH"

step="section 3, kmaint map --summary"
heading "3. kmaint map --summary: the whole tree at once"
cat <<EOF

Every file of the tree with its sections, in one pass (kmaint map prints
them as TSV); the summary lists the files only THE REST covers, sections
that match nothing, and the largest sections (each list cut to 8 lines
here):
EOF
show "$KMAINT" map --summary >"$tmp/map"
awk '
	/^[ \t]/ { if (++n <= 8) print; else if (n == 9) print "\t..."; next }
	{ n = 0; print }' "$tmp/map"

step="section 4, kmaint check"
heading "4. kmaint check: what is wrong with MAINTAINERS"
cat <<EOF

get_maintainer.pl --self-test's findings, checkpatch.pl's and
parse-maintainers.pl's rules, without needing git (last lines shown):
EOF
printf '\n$ kmaint check | tail -15\n'
run "$KMAINT" check >"$tmp/check" 2>"$tmp/err"
tail -15 "$tmp/check"
cat "$tmp/err"

step="section 5, kmaint history --diff"
heading "5. kmaint history --diff: MAINTAINERS from Linux 6.1 to 6.12"
cat <<EOF

Two real versions of MAINTAINERS (Debian's linux-source-6.1 and -6.12):
sections added, removed and renamed, people added and removed; the
totals, then the XFS entry:
EOF
printf '\n$ kmaint history --diff 6.1/MAINTAINERS 6.12/MAINTAINERS\n'
run "$KMAINT" history --diff "$K61/MAINTAINERS" "$K612/MAINTAINERS" >"$tmp/diff"
head -1 "$tmp/diff"
echo "..."
awk '/^[a-z]+: XFS FILESYSTEM$/ { show = 1 } show && /^$/ { exit } show' "$tmp/diff"

step="section 6, the XFS replay"
heading "6. The 2013 XFS dispute, replayed: index, stats, review"
cat <<EOF

The Debian tree has no history, so this part builds a repository with the
shape of XFS in 2011-2013 (generated with git fast-import by
t/lib-xfs.sh: two developers far ahead of everyone, the proposed
co-maintainer far behind, every maintainer at sgi.com, one maintainer
applying most commits) and asks it what the mailing list had to dig out
of git by hand.
EOF
cd "$XFS"
printf 'sgi.com\tSGI\n' >"$tmp/emailmap"
show "$KMAINT" index
printf '\n$ kmaint stats --section XFS --until 2013-11-07 --top 5 --report changesets,reviews,committers\n'
run "$KMAINT" stats --section XFS --until 2013-11-07 --top 5 --report changesets,reviews,committers
# the patch and the map beside the repository, named as the reader sees them
printf '\n$ kmaint review --as-of 2013-11-07 --email-map ../emailmap ../xfs-update-maintainers-2013.patch\n'
run "$KMAINT" review --as-of 2013-11-07 --email-map ../emailmap ../xfs-update-maintainers-2013.patch

step="section 7, propose"
heading "7. kmaint propose: the patches the evidence called for"
cat <<EOF

What the history of 2011-2013 asked for instead, as patches ready for git
send-email (--dry-run lists them, each with the audit's evidence block):
the developers who reviewed most of XFS and were not listed, proposed as
reviewers.
EOF
printf '\n$ kmaint propose --as-of 2013-11-07 --section XFS --reviewers --dry-run | grep ^MAINTAINERS:\n'
run "$KMAINT" propose --as-of 2013-11-07 --section XFS --reviewers --dry-run >"$tmp/propose"
grep '^MAINTAINERS:' "$tmp/propose"

step="finishing"
echo
# every command kmaint knows, from its own list: this line cannot go stale
echo "More: kmaint help COMMAND ($("$KMAINT" help |
	awk '/^Commands:/ { on = 1; next } on && /^   [a-z]/ { printf "%s%s", sep, $1; sep = " " }'))"
