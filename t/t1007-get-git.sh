#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get --git, the default git fallback and Fixes: signers, answered
# from the index, against get_maintainer.pl (equal counts in byte order,
# see lib-kernel.sh) run in the same generated repository: files with
# and without an exact F: match, renamed files, patches.
#
# The oracle's answers are cached under $ORACLE_CACHE/gitroles, keyed by
# the patched script, the repository's HEAD, the arguments and the
# input: the generated history is the same on every run.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
. "${0%/*}/lib-history.sh"
need_kernel
oracle_setup

R=$TRASH/repo
make_history "$R" 300 3 || { echo "1..0 # SKIP cannot generate a history"; exit 0; }
cd "$R" || exit 1
expect_success "kmaint index" "$KMAINT" index -q
head=$(git rev-parse HEAD)
# a section with an exact match for drivers/usb/core/*, in the work tree
printf '\nUSB CORE\nM:\tGreg Kroah-Hartman <gregkh@linuxfoundation.org>\nS:\tMaintained\nF:\tdrivers/usb/core/\n' >>MAINTAINERS
CACHE=$ORACLE_CACHE/gitroles
mkdir -p "$CACHE"

# oracle ARGS...: the patched script's stdout and exit status, cached
oracle() {
	key=$(printf '%s\n' "$ORACLE_SALT" "$head" "$@" |
		cat - MAINTAINERS "$last_input" .get_maintainer.ignore 2>/dev/null |
		sha1sum | cut -c1-40)
	if [ ! -f "$CACHE/$key.rc" ]; then
		perl "$ORACLE_PL" --no-tree "$@" >"$CACHE/$key.out.$$" 2>/dev/null
		echo $? >"$CACHE/$key.rc.$$"
		mv -f "$CACHE/$key.out.$$" "$CACHE/$key.out"
		mv -f "$CACHE/$key.rc.$$" "$CACHE/$key.rc"
	fi
	cat "$CACHE/$key.out"
	echo "exit $(cat "$CACHE/$key.rc")"
}
ours() {
	"$KMAINT" get --no-tree "$@" 2>>"$TRASH/ours.err"
	echo "exit $?"
}

# compare DESC ARGS...: one TAP line per variant over the file list
compare_files() {
	desc=$1
	shift
	bad=0
	n=0
	last_input=/dev/null
	while read -r f; do
		n=$((n + 1))
		oracle "$@" -f "$f" >"$TRASH/o"
		ours "$@" -f "$f" >"$TRASH/k"
		if ! cmp -s "$TRASH/o" "$TRASH/k"; then
			bad=$((bad + 1))
			[ $bad -le 2 ] && { echo "# $f: $*"; diff "$TRASH/o" "$TRASH/k" | head -10 | sed 's/^/#   /'; }
		fi
	done <"$TRASH/files"
	ok $bad "$desc: $n files, $bad differ"
}

# Every other tracked file, without the cases the script cannot take
# (white space or quotes in the name: it pastes the name into a shell
# command), gitlinks (not files), the one commit without any tag (the
# script divides by zero; see kmaint-get(1)) and the identical binary
# blobs (--follow's copy detection pairs them arbitrarily).
git ls-files | grep -v '[ "\\]' | grep -v -e '^external/' -e '^firmware/' \
	-e '^drivers/anon/' | awk 'NR % 3 == 1' >"$TRASH/files"
grep -q '^drivers/usb/core/' "$TRASH/files" || git ls-files drivers/usb/core | head -2 >>"$TRASH/files"
is "$(grep -c renamed "$TRASH/files" | awk '$1 > 3 { print "many" }')" many "the sample has renamed files"

compare_files "default (fallback, --git-since 1-year-ago)"
compare_files "fallback since 2000" --git-since=2000-01-01
compare_files "--git since 2000" --git --git-since=2000-01-01
compare_files "--git, no cut, no rolestats" --git --git-since=2000-01-01 \
	--git-min-percent=0 --git-max-maintainers=9 --git-min-signatures=1 --norolestats
compare_files "--git-blame" --git-blame --git-since=2000-01-01
compare_files "--git-blame, no signatures, --git" --git-blame --nogit-blame-signatures \
	--git --git-since=2000-01-01
compare_files "--git, every tag type, Linus kept" --git --git-since=2007-12-01 \
	--git-all-signature-types --git-chief-penguins --git-min-percent=10

# .get_maintainer.ignore drops git-derived people (never M:/R:); its
# lines are whole "Name <address>" strings, as in the kernel's own (the
# oracle's cache key includes the file).
ours --git --git-since=2000-01-01 -f "$(head -1 "$TRASH/files")" >"$TRASH/before"
gone=$(sed -n 's/ (commit_signer.*//p' "$TRASH/before" | head -1)
printf '# ignored by get_maintainer.pl and kmaint\n%s\n' "$gone" >.get_maintainer.ignore
compare_files "--git with .get_maintainer.ignore" --git --git-since=2000-01-01
ours --git --git-since=2000-01-01 -f "$(head -1 "$TRASH/files")" >"$TRASH/after"
is "$(grep -c -F "$gone" "$TRASH/after")" 0 "the ignored signer ($gone) is gone"
is "$(grep -c -F "$gone" "$TRASH/before")" 1 "and was there before"
rm -f .get_maintainer.ignore

# an exact F: match: no fallback, but --git still asks
sfile=drivers/usb/core/hub.c
ours --git-since=2000-01-01 -f "$sfile" >"$TRASH/exact"
like "$TRASH/exact" "maintainer:USB CORE" "$sfile has an exact match"
if grep -q commit_signer "$TRASH/exact"; then ok 1 "no fallback for it"; else ok 0 "no fallback for it"; fi
oracle --git --git-since=2000-01-01 -f "$sfile" >"$TRASH/o"
ours --git --git-since=2000-01-01 -f "$sfile" >"$TRASH/k"
same_file "$TRASH/k" "$TRASH/o" "--git on the exactly matched file"

# several files at once: one answer, the union
ren=$(grep renamed "$TRASH/files" | head -1)
oracle --git --git-since=2000-01-01 -f README -f "$ren" -f "$sfile" >"$TRASH/o"
ours --git --git-since=2000-01-01 -f README -f "$ren" -f "$sfile" >"$TRASH/k"
same_file "$TRASH/k" "$TRASH/o" "three files"

# patches, one with Fixes: lines naming real commits (and a bogus one)
git format-patch -q -o "$TRASH/p" HEAD~4..HEAD~1
f1=$(git rev-parse --short=12 HEAD~30)
f2=$(git rev-parse --short=12 HEAD~77)
awk -v a="$f1" -v b="$f2" '/^Signed-off-by/ && !done {
	print "Fixes: " a " (\"x\")"; print "Fixes: " b " (\"y\")"
	print "Fixes: " a " (\"x again\")"; print "Fixes: deadbeef0123 (\"none\")"
	done = 1 } { print }' "$TRASH"/p/0001-*.patch >"$TRASH/p/fixes.patch"
for opt in "" "--git" "--nofixes" "--git --git-min-percent=0" "--git-blame"; do
	bad=0
	n=0
	for p in "$TRASH"/p/*.patch; do
		n=$((n + 1))
		last_input=$p
		# shellcheck disable=SC2086
		oracle --git-since=2000-01-01 $opt "$p" >"$TRASH/o"
		# shellcheck disable=SC2086
		ours --git-since=2000-01-01 $opt "$p" >"$TRASH/k"
		if ! cmp -s "$TRASH/o" "$TRASH/k"; then
			bad=$((bad + 1))
			diff "$TRASH/o" "$TRASH/k" | head -10 | sed 's/^/#   /'
		fi
	done
	ok $bad "patches ${opt:-(default)}: $n patches, $bad differ"
done
last_input=/dev/null
ours --git-since=2000-01-01 "$TRASH/p/fixes.patch" >"$TRASH/k"
like "$TRASH/k" "blamed_fixes" "the Fixes: signers are there"

# git's --follow decisions are cached in the index by the runs above:
# the same answers without the cache, and the cache is what is read (a
# doctored row changes the answer).
db=$(git rev-parse --git-common-dir)/kmaint/index.sqlite
n=$(sqlite3 "$db" "SELECT count(*) FROM follow WHERE kind = 0")
is "$(test "$n" -gt 0 && echo filled)" filled "git's follow decisions are cached ($n)"
cont=$(sqlite3 "$db" "SELECT DISTINCT path FROM follow WHERE kind = 0 AND
	source IS NOT NULL ORDER BY path" | while read -r p; do
		[ -f "$p" ] && { echo "$p"; break; }
	done)
is "$(test -n "$cont" && echo yes)" yes "one continues under an older name ($cont)"
ours --git --git-since=2000-01-01 -f "$cont" >"$TRASH/warm"
sqlite3 "$db" "DELETE FROM follow"
ours --git --git-since=2000-01-01 -f "$cont" >"$TRASH/cold"
same_file "$TRASH/cold" "$TRASH/warm" "the same answer without the cache"
is "$(sqlite3 "$db" "SELECT count(*) > 0 FROM follow WHERE kind = 0")" 1 \
	"which the run filled again"
sqlite3 "$db" "UPDATE follow SET source = NULL WHERE kind = 0"
ours --git --git-since=2000-01-01 -f "$cont" >"$TRASH/doctored"
if cmp -s "$TRASH/doctored" "$TRASH/warm"; then
	ok 1 "a doctored cache row changes the answer (it is read)"
else
	ok 0 "a doctored cache row changes the answer (it is read)"
fi
sqlite3 "$db" "DELETE FROM follow"

# no index: the fallback says what to run; --git fails saying so
git clone -q "$R" "$TRASH/clone"
(cd "$TRASH/clone" && "$KMAINT" get --no-tree --git-since=2000-01-01 -f README) \
	>"$TRASH/noidx" 2>"$TRASH/noidx.err"
is "$?" 0 "no index: the fallback answers without history"
like "$TRASH/noidx.err" "run 'kmaint index'" "and says what to run"
(cd "$TRASH/clone" && "$KMAINT" get --no-tree --git -f README) >/dev/null 2>"$TRASH/noidx.err"
is "$?" 1 "no index: --git fails"
like "$TRASH/noidx.err" "run 'kmaint index' first" "and says what to run"

# a stale index is updated before answering
echo more >>README
git commit -q -am "readme: more

Signed-off-by: Some One <someone@example.com>"
head=$(git rev-parse HEAD)
oracle --git --git-since=2000-01-01 -f README >"$TRASH/o"
ours --git --git-since=2000-01-01 -f README >"$TRASH/k"
same_file "$TRASH/k" "$TRASH/o" "after a new commit: same answer"
like "$TRASH/ours.err" "running 'kmaint index'" "the index was updated first"

done_testing
