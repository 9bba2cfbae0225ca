#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The project reads nothing outside the repository, $KMAINT_DATA and
# temporary directories, and names no path of any machine.
#
# (a) The tracked files of the work tree are copied alone to
#     $TRASH/a/b/kmaint (so ../anything resolves to nothing) and the demo
#     runs there through the Makefile (make -o all demo: the binary under
#     test, no rebuild), with an empty HOME and TMPDIR in $TRASH; so does
#     t5003, the review test.  Both must succeed, and write nothing into
#     the tree.  Needs the Debian kernel trees (scripts/deps.sh).
# (b) No tracked file names an absolute path of a machine (anything
#     under the top-level directories work, root, home, Users, mnt,
#     media, opt, srv, scratch, nfs, or under var but for var/tmp; /usr,
#     /etc, /tmp, /dev and the like are fine) or a directory beside or
#     above the repository (the "shared" directory beside the clone, the
#     parent of $SRCDIR or $top); the check is first shown to catch each
#     kind in planted files, and to pass allowed paths.  Nothing is
#     excluded but binary files (grep -I) and .git, which the copy does
#     not have; this file spells its examples so that it passes too.
. "${0%/*}/lib.sh"

git -C "$SRCDIR" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
	skip_all "$SRCDIR is not a git work tree (nothing says which files are tracked)"

# forbidden PATH...: the lines of text files below PATH that name a
# machine's absolute path or go outside the repository.  The patterns
# are spelled so that this file does not match them.
_word='(^|[[:space:]"'\''`=(,;:<>|[{])'
_abs="$_word/((work|root|home|Users|mnt|media|opt|srv|scratch|nfs)([/[:space:]\"'\`]|\$)|var/([^t]|t[^m]|tm[^p]))"
_up='\.\./shared|\$\{?(SRCDIR|top)\}?"?/\.\.([/[:space:]"'\'']|$)'
forbidden() {
	grep -rnIE -e "$_abs" -e "$_up" -- "$@"
}

# --- (b) first: the check catches what it must, and only that.  The
# examples are written with "@" in their names, removed in the planted
# files, so that this file passes the check (and a plain grep) itself.
mkdir "$TRASH/plant"
printf '%s\n' \
	'PATCH=/@work@/@shared@/fixtures/x.patch' \
	'cd /@root@/src' \
	'	"/@home@/me/kmaint/t"' \
	'x=/@Users@/me' \
	'cp x /@mnt@/data/y' \
	'log=/@var/lib@/kmaint' \
	'/@opt@/tools/bin/perl x' \
	'fix=$@top@/../@shared@/fixtures/x' \
	'fix="$@SRCDIR@"/../other' \
	'fix=${@SRCDIR@}/..' \
	'cd ../@shared@' | sed 's/@//g' >"$TRASH/plant/bad.sh"
printf '%s\n' '#!/usr/bin/perl' 'grep x /etc/os-release' '/var/tmp/kmaint' \
	'mktemp -d /tmp/x.XXXXXX' '>/dev/null' '"$TRASH/@home@/x"' 'fs/xfs/@home@/x' \
	'https://example.org/@home@/x' 'top=${0%/*}/..' '$KMAINT_DATA/linux-source-6.12' \
	's/@work@/play/' | sed 's/@//g' >"$TRASH/plant/good.sh"
forbidden "$TRASH/plant/bad.sh" >"$TRASH/bad.hits"
is "$(wc -l <"$TRASH/bad.hits" | tr -d ' ')" "$(wc -l <"$TRASH/plant/bad.sh" | tr -d ' ')" \
	"the path check catches every planted machine path and escape"
forbidden "$TRASH/plant/good.sh" >"$TRASH/good.hits"
is "$(cat "$TRASH/good.hits")" "" "and no path that is allowed"

# --- the copy: tracked files of the work tree, nothing beside them
COPY=$TRASH/a/b/kmaint
mkdir -p "$COPY" "$TRASH/home" "$TRASH/tmp"
(cd "$SRCDIR" && git ls-files -z | tar --null -T - --ignore-failed-read -cf -) |
	tar -C "$COPY" -xf -
ok $? "copy the tracked files of the work tree to a/b/kmaint"
is "$(ls -A "$TRASH/a/b")" kmaint "nothing beside the copy"
is "$(cd "$COPY" && find . -type f | wc -l | tr -d ' ')" \
	"$(cd "$SRCDIR" && git ls-files | while read -r f; do [ -f "$f" ] && echo; done | wc -l | tr -d ' ')" \
	"every tracked file copied"

# --- (b) on the copy: the tracked tree names no machine path
forbidden "$COPY" | sed "s|^$COPY/||" >"$TRASH/hits"
is "$(cat "$TRASH/hits")" "" "no tracked file names a machine's path or a directory beside the repository"

# --- (a) the demo and the review test, run from the copy
K612=$KMAINT_DATA/linux-source-6.12
K61=$KMAINT_DATA/linux-source-6.1
if [ ! -f "$K612/MAINTAINERS" ] || [ ! -f "$K61/MAINTAINERS" ]; then
	if [ "${CI:-}" = true ]; then
		ok 1 "kernel trees missing under $KMAINT_DATA (run scripts/deps.sh)"
	else
		echo "ok $((test_count + 1)) # SKIP the demo needs the kernel trees under $KMAINT_DATA"
		test_count=$((test_count + 1))
	fi
	done_testing
	exit
fi
[ -x "$KMAINT" ]
ok $? "the binary under test: $KMAINT"
(cd "$COPY" && find . -type f | LC_ALL=C sort) >"$TRASH/files.before"

# run_isolated CMD...: in the copy, with an empty HOME and TMPDIR (and
# no make state of a `make test` above us)
run_isolated() {
	(cd "$COPY" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		HOME="$TRASH/home" TMPDIR="$TRASH/tmp" XDG_CONFIG_HOME= \
		KMAINT="$KMAINT" KMAINT_DATA="$KMAINT_DATA" "$@")
}

t0=$(date +%s)
run_isolated make -s -o all demo >"$TRASH/demo.out" 2>"$TRASH/demo.err"
rc=$?
t1=$(date +%s)
is "$rc" 0 "make demo in the copy exits 0 ($((t1 - t0)) s)"
[ "$rc" = 0 ] || sed 's/^/# stderr: /' "$TRASH/demo.err" | tail -5
is "$(cat "$TRASH/demo.err")" "" "and writes nothing to stderr"
like "$TRASH/demo.out" '^    Subject: xfs: update maintainers file$' "the demo shows the 2013 patch it made"
like "$TRASH/demo.out" '^"Darrick J\. Wong" <djwong@kernel\.org> \(supporter:XFS FILESYSTEM\)$' \
	"get --maintainers-sections asks the XFS section"
like "$TRASH/demo.out" '^    verdict: weak history: ' "the review of the patch, as of 2013-11-07"
like "$TRASH/demo.out" '^More: kmaint help COMMAND' "the demo runs to its end"
is "$(sed -n 's/^More: kmaint help COMMAND (\(.*\))$/\1/p' "$TRASH/demo.out")" \
   "$("$KMAINT" help | awk '/^Commands:/ { on = 1; next } on && /^   [a-z]/ { print $1 }' | tr '\n' ' ' | sed 's/ $//')" \
   "and names every command kmaint help knows"

run_isolated sh t/t5003-review.sh >"$TRASH/t5003.out" 2>"$TRASH/t5003.err"
rc=$?
is "$rc:$(grep -c '^not ok' "$TRASH/t5003.out"):$(grep -ci 'skip' "$TRASH/t5003.out")" "0:0:0" \
	"t5003 in the copy: passes, nothing skipped"
[ "$rc" = 0 ] || grep '^not ok' "$TRASH/t5003.out" | head -5 | sed 's/^/# /'

(cd "$COPY" && find . -type f | LC_ALL=C sort) >"$TRASH/files.after"
same_file "$TRASH/files.after" "$TRASH/files.before" "the runs wrote nothing into the tree"
is "$(ls -A "$TRASH/tmp")" "" "and left nothing in TMPDIR"
done_testing
