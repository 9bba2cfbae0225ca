#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2086 # $GET and $cmd are split into words on purpose
# Malformed input for kmaint get, map and check: MAINTAINERS files that
# are truncated, hold NUL bytes, a 1 MB line, invalid UTF-8, nothing, are
# a directory or a dangling symlink, have fields before any section name
# or patterns that are no regexes; patches without files, with NUL bytes,
# binary junk, a truncated hunk, several patches in an mbox, CRLF lines.
#
# Whatever the input: no crash (no signal, no sanitizer report; the suite
# also runs this against the ASan+UBSan build), a message naming
# file:line where the input is at fault, and a non-zero exit where the
# answer could be wrong.  Exit 128 is kmaint's "fatal error" (as git's
# die()); anything above is a signal.  The corpus is generated here.
. "${0%/*}/lib.sh"

T=$TRASH/tree
mkdir -p "$T/drivers/foo" "$T/fs/xfs" "$T/in"
echo a >"$T/drivers/foo/a.c"
echo b >"$T/drivers/b.c"
echo x >"$T/fs/xfs/x.c"
echo r >"$T/README"

good() {
	cat <<-\EOF
	FOO DRIVER
	M:	Foo Maintainer <foo@example.com>
	L:	foo-list@example.com
	S:	Maintained
	F:	drivers/foo/

	XFS FILESYSTEM
	M:	Xfs Person <xfs@example.com>
	L:	linux-xfs@example.com
	S:	Supported
	F:	fs/xfs/

	THE REST
	M:	Linus Torvalds <torvalds@linux-foundation.org>
	L:	linux-kernel@vger.kernel.org
	S:	Buried alive in reporters
	F:	*
	F:	*/
	EOF
}

# get_maintainer.pl's answers on this tree (checked with the oracle)
FOO_ANSWER='Foo Maintainer <foo@example.com> (maintainer:FOO DRIVER)
foo-list@example.com (open list:FOO DRIVER)
linux-kernel@vger.kernel.org (open list)'
BOTH_ANSWER='Foo Maintainer <foo@example.com> (maintainer:FOO DRIVER)
Xfs Person <xfs@example.com> (supporter:XFS FILESYSTEM)
foo-list@example.com (open list:FOO DRIVER)
linux-kernel@vger.kernel.org (open list)
linux-xfs@example.com (open list:XFS FILESYSTEM)'

GET="get --nogit --nogit-fallback"

# crashed NAME: did the last run die by a signal or report a sanitizer error?
crashed() {
	[ "$rc" -gt 128 ] || grep -Eq 'Sanitizer|runtime error:' "$TRASH/$1.err"
}

# k NAME ARGS...: run kmaint ARGS in the tree, output in $TRASH/NAME.out
# and NAME.err, status in $rc; that is one test: no crash
k() {
	n=$1
	shift
	(cd "$T" && "$KMAINT" "$@") >"$TRASH/$n.out" 2>"$TRASH/$n.err"
	rc=$?
	if crashed "$n"; then
		ok 1 "$n: no crash"
		echo "# exit $rc: kmaint $*"
		sed 's/^/# /' "$TRASH/$n.err" | cut -c1-200 | head -20
	else
		ok 0 "$n: no crash"
	fi
}

# status NAME WANT: the last run's exit status is WANT ("nonzero": 1-128)
status() {
	case $2 in
	nonzero) [ "$rc" -ge 1 ] && [ "$rc" -le 128 ]; ok $? "$1: exit non-zero ($rc)" ;;
	*) is "$rc" "$2" "$1: exit $2" ;;
	esac
}

# says NAME STREAM REGEX DESC: out or err of the last run matches
says() {
	like "$TRASH/$1.$2" "$3" "$1: $4"
}

put() {
	rm -rf "$T/MAINTAINERS"
	cat >"$T/MAINTAINERS"
}

# --- MAINTAINERS ---------------------------------------------------------

# A file cut at every ninth byte: whatever is left is read without a crash
good >"$TRASH/good"
size=$(wc -c <"$TRASH/good")
crashes=0
off=1
while [ $off -lt "$size" ]; do
	head -c $off "$TRASH/good" | put
	for cmd in "$GET -f drivers/foo/a.c" "map" "check"; do
		# shellcheck disable=SC2086
		(cd "$T" && "$KMAINT" $cmd) >/dev/null 2>"$TRASH/cut.err"
		rc=$?
		if crashed cut; then
			crashes=$((crashes + 1))
			echo "# crash at byte $off: kmaint $cmd (exit $rc)"
			head -5 "$TRASH/cut.err" | sed 's/^/# /'
		fi
	done
	off=$((off + 9))
done
is $crashes 0 "MAINTAINERS cut at every ninth byte: get, map and check never crash"

# Truncated lines inside the file: empty fields, a cut address, a lone letter
printf 'FOO DRIVER\nM:\nM:\tFoo <foo@exa\nR:\tNoAddress\nS\nF:\nF:\tdrivers/foo/\nL:\tfoo-list@exa' | put
k trunc-get $GET -f drivers/foo/a.c
status trunc-get 0
is "$(cat "$TRASH/trunc-get.out")" "foo-list@exa (open list:S)" \
	"trunc-get: the oracle's answer (\"S\" names a new section)"
k trunc-check check --only=parse
status trunc-check 1
says trunc-check out "^MAINTAINERS:2: warning: empty field 'M:'" "empty M: at file:line"
says trunc-check out "^MAINTAINERS:4: warning: R: has no email address" "R: without address at file:line"
says trunc-check out "^MAINTAINERS:6: warning: empty field 'F:'" "empty F: at file:line"

# A NUL byte: the line cannot be read as the script reads it
good | sed 's/S:	Maintained/S:	Maint@ained/' | tr @ '\000' | put
k nul-get $GET -f drivers/foo/a.c
status nul-get 1
says nul-get err "^MAINTAINERS:4: error: NUL byte" "names MAINTAINERS:4"
k nul-map map
status nul-map 1
says nul-map err "^MAINTAINERS:4: error: NUL byte" "names MAINTAINERS:4"
k nul-check check
status nul-check 1
says nul-check out "^MAINTAINERS:4: error: NUL byte" "a finding at MAINTAINERS:4"

# A 1 MB section name, 1 MB name in M:, 1 MB F: value
perl -e 'print "A" x 1048576, "\nM:\t", "B" x 1048576, " <big\@example.com>\nS:\tMaintained\nF:\tdrivers/foo/\nF:\t", "y" x 1048576, "\n"' | put
k long-get $GET -f drivers/foo/a.c
status long-get 0
is "$(cut -c1-40 "$TRASH/long-get.out")" "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" "long-get: the 1 MB name is printed"
says long-get out "\(maintainer:A{47}\.\.\.\)$" "the role names the section cut to 47 + ..."
k long-map map -- drivers/foo/a.c
status long-map 0
k long-check check --only=patterns
status long-check 1
says long-check out "^MAINTAINERS:5: warning: no file matches" "the 1 MB F: matches no file, at MAINTAINERS:5"
# PCRE2 refuses a 1 MB regex (Perl takes it): an error, not a wrong answer
perl -e 'print "A\nM:\tA <a\@example.com>\nS:\tMaintained\nN:\t", "z" x 1048576, "\n"' | put
k longre-get $GET -f drivers/foo/a.c
status longre-get 1
says longre-get err "^MAINTAINERS:4: error: bad pattern" "a 1 MB N: that does not compile, at MAINTAINERS:4"

# Invalid UTF-8: read byte for byte, reported by check
good | perl -pe 's/Foo Maintainer/Foo \377\376 Maintainer/' | put
k utf8-get $GET -f drivers/foo/a.c
status utf8-get 0
says utf8-get out "maintainer:FOO DRIVER" "the answer is given"
k utf8-map map
status utf8-map 0
k utf8-check check --only=parse
status utf8-check 1
says utf8-check out "^MAINTAINERS:2: warning: invalid UTF-8 at column 8" "at file:line and column"

# An empty file: no sections, and a warning saying so
: | put
for c in get map check; do
	case $c in get) set -- $GET -f drivers/foo/a.c ;; *) set -- $c ;; esac
	k empty-$c "$@"
	status empty-$c 0
	says empty-$c err "MAINTAINERS: empty MAINTAINERS file" "warns about the empty file"
done

# The MAINTAINERS/ directory form: every file in it, in name order
rm -f "$T/MAINTAINERS"
mkdir "$T/MAINTAINERS"
good | sed -n '1,5p' >"$T/MAINTAINERS/a"
good | sed -n '7,$p' >"$T/MAINTAINERS/b"
printf 'NO STATUS\nM:\tN <n@example.com>\nF:\tdrivers/\n' >"$T/MAINTAINERS/c"
k dir-get $GET -f drivers/foo/a.c fs/xfs/x.c
status dir-get 0
is "$(grep -v '^N <n@' "$TRASH/dir-get.out")" "$BOTH_ANSWER" "dir-get: the answer of the files together"
k dir-check check --only=sections
status dir-check 1
says dir-check out "^MAINTAINERS/c:1: warning: section without status" "findings name the file in the directory"
# an empty directory, and one holding a directory
rm -f "$T/MAINTAINERS/"*
k emptydir-get $GET -f drivers/foo/a.c
status emptydir-get nonzero
says emptydir-get err "no MAINTAINERS files found in 'MAINTAINERS'" "says the directory is empty"
k emptydir-map map
status emptydir-map nonzero
mkdir "$T/MAINTAINERS/sub"
good >"$T/MAINTAINERS/a"
for c in get map check; do
	case $c in get) set -- $GET -f drivers/foo/a.c ;; *) set -- $c ;; esac
	k subdir-$c "$@"
	status subdir-$c nonzero
	says subdir-$c err "cannot read MAINTAINERS file 'MAINTAINERS/sub': Is a directory" "names the unreadable entry"
done

# Unreadable: a dangling symlink (tests may run as root, so no chmod)
rm -rf "$T/MAINTAINERS"
ln -s nowhere "$T/MAINTAINERS"
k dangling-get $GET -f drivers/foo/a.c
status dangling-get nonzero
says dangling-get err "MAINTAINERS" "says MAINTAINERS is missing"
k dangling-map map
status dangling-map nonzero
says dangling-map err "cannot read MAINTAINERS file 'MAINTAINERS'" "says it cannot be read"
k dangling-check check
status dangling-check nonzero
says dangling-check err "MAINTAINER file not found 'MAINTAINERS'" "the script's message"
# --mpath naming a directory where a file is expected works as the directory form
rm -f "$T/MAINTAINERS"
good | put
mkdir "$T/in/mdir"
good >"$T/in/mdir/only"
k mpath-dir $GET --mpath in/mdir -f drivers/foo/a.c
status mpath-dir 0
is "$(cat "$TRASH/mpath-dir.out")" "$FOO_ANSWER" "mpath-dir: the directory's file is read"

# Fields before any section name: the script skips the first of them
{ printf 'M:\tEarly <early@example.com>\nS:\tMaintained\nF:\tdrivers/\n\n'; good; } | put
k headless-get $GET -f drivers/foo/a.c
status headless-get 0
is "$(cat "$TRASH/headless-get.out")" "$FOO_ANSWER" "headless-get: the oracle's answer (its first line is no person)"
k headless-check check --only=parse
status headless-check 1
says headless-check out "^MAINTAINERS:1: warning: fields before any section name" "at MAINTAINERS:1"

# Patterns that are no regexes: N:, K:, F:
printf 'FOO\nM:\tF <f@example.com>\nN:\t[unclosed\nF:\tdrivers/foo/\n' | put
k badn-get $GET -f drivers/foo/a.c
status badn-get 1
says badn-get err "^MAINTAINERS:3: error: bad pattern '\[unclosed'" "names MAINTAINERS:3"
k badn-map map
status badn-map 1
says badn-map err "^MAINTAINERS:3: error: bad pattern" "names MAINTAINERS:3"
k badn-check check
status badn-check 1
says badn-check out "^MAINTAINERS:3: warning: N: is no valid regex" "the bad N: is a finding at MAINTAINERS:3"

printf 'FOO\nM:\tF <f@example.com>\nK:\t(unclosed\nF:\tdrivers/foo/\n' | put
printf 'Subject: [PATCH] x\n---\n--- a/drivers/foo/a.c\n+++ b/drivers/foo/a.c\n@@ -1 +1 @@\n-a\n+b\n' >"$T/in/simple.patch"
k badk-get $GET in/simple.patch
status badk-get 1
says badk-get err "^MAINTAINERS:3: error: bad pattern '\(unclosed'" "names MAINTAINERS:3"
k badk-map map
status badk-map 0
is "$(cat "$TRASH/badk-map.err")" "" "badk-map: map uses no K:, so a bad one is no error there"
k badk-check check
status badk-check 1
says badk-check out "^MAINTAINERS:3: warning: K: is no valid regex" "the bad K: is a finding at MAINTAINERS:3"

printf 'FOO\nM:\tF <f@example.com>\nS:\tMaintained\nF:\tdrivers/(foo\nF:\tdrivers/foo/\n' | put
k badf-get $GET -f drivers/b.c
status badf-get 1
says badf-get err "^MAINTAINERS:4: error: bad pattern '\^drivers/\(foo'" "names MAINTAINERS:4"
k badf-map map
status badf-map 1
says badf-map err "^MAINTAINERS:4: error: bad pattern" "names MAINTAINERS:4"
k badf-check check --only=patterns
status badf-check 1
says badf-check out "^MAINTAINERS:4: warning: pattern is no valid regex" "a finding at MAINTAINERS:4"

# A pattern that backtracks without end ("wcd****...*-x", get_maintainer.pl
# never finishes on it): PCRE2 gives up at its match limit, and that is
# an error at file:line, not a silent "no match"
stars=$(printf '%030d' 0 | tr 0 '*')
printf 'A\nM:\tA <a@example.com>\nS:\tMaintained\nF:\tdrivers/wcd%s-clsh.*\n' "$stars" | put
echo w >"$T/drivers/wcd-mbhc-v2.c"
k backtrack-get $GET -f drivers/wcd-mbhc-v2.c
status backtrack-get 1
says backtrack-get err "^MAINTAINERS:4: error: pattern .* gave up on 'drivers/wcd-mbhc-v2.c'" "names MAINTAINERS:4 and the path"
k backtrack-map map -- drivers/wcd-mbhc-v2.c
status backtrack-map 1
says backtrack-map err "^MAINTAINERS:4: error: pattern .* gave up" "names MAINTAINERS:4"
rm -f "$T/drivers/wcd-mbhc-v2.c"

# --- patches -------------------------------------------------------------

good | put
p=$T/in
printf 'Subject: no files here\n\nJust text.\n' >"$p/nofiles"
k patch-nofiles $GET in/nofiles
status patch-nofiles 0
says patch-nofiles err "file 'in/nofiles' doesn't appear to be a patch" "says so, as the script does"
is "$(cat "$TRASH/patch-nofiles.out")" "" "patch-nofiles: no answer"

printf -- '--- a/drivers/foo/a.c\n+++ b/drivers/foo/a.c\n@@ -1,1 +1,1 @@\n-a\n+b@c\n' | tr @ '\000' >"$p/nul"
k patch-nul $GET in/nul
status patch-nul 1
says patch-nul err "in/nul:5: NUL byte in patch" "names in/nul:5"

perl -e 'srand(7); print map { chr(int(rand(256))) } 1..4096' >"$p/junk"
k patch-junk $GET in/junk
status patch-junk nonzero
says patch-junk err "in/junk:[0-9]+: NUL byte in patch" "names in/junk and a line"
k patch-junk-stdin $GET - <"$p/junk"
status patch-junk-stdin nonzero

printf 'diff --git a/drivers/foo/a.c b/drivers/foo/a.c\n--- a/drivers/foo/a.c\n+++ b/drivers/foo/a.c\n@@ -1,10 +1,10 @@\n-a\n+b' >"$p/trunc"
k patch-trunc $GET in/trunc
status patch-trunc 0
is "$(cat "$TRASH/patch-trunc.out")" "$FOO_ANSWER" "patch-trunc: the files it names are answered"

cat >"$p/series.mbox" <<-\EOF
	From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001
	Subject: [PATCH 1/2] foo: one
	---
	--- a/drivers/foo/a.c
	+++ b/drivers/foo/a.c
	@@ -1 +1 @@
	-a
	+b
	From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001
	Subject: [PATCH 2/2] xfs: two
	---
	--- a/fs/xfs/x.c
	+++ b/fs/xfs/x.c
	@@ -1 +1 @@
	-x
	+y
EOF
k patch-mbox $GET in/series.mbox
status patch-mbox 0
is "$(cat "$TRASH/patch-mbox.out")" "$BOTH_ANSWER" "patch-mbox: one answer for the series"
k patch-mbox-per $GET --per-patch in/series.mbox
status patch-mbox-per 0
is "$(grep -c '^Foo Maintainer' "$TRASH/patch-mbox-per.out"):$(grep -c '^Xfs Person' "$TRASH/patch-mbox-per.out")" \
	"1:1" "patch-mbox-per: each patch answered on its own"

sed 's/$/\r/' "$p/trunc" >"$p/crlf"
printf '\r\n' >>"$p/crlf"
k patch-crlf $GET in/crlf
status patch-crlf 0
is "$(cat "$TRASH/patch-crlf.out")" "$FOO_ANSWER" "patch-crlf: CRLF lines give the LF answer"

# The fuzzers' seeds, as MAINTAINERS and as patches
for s in "$SRCDIR"/fuzz/seeds/maintainers/*; do
	[ -f "$s" ] || continue
	put <"$s"
	k "seed-$(basename "$s")-map" map
	k "seed-$(basename "$s")-check" check
done
good | put
for s in "$SRCDIR"/fuzz/seeds/patch/*; do
	[ -f "$s" ] || continue
	k "seed-$(basename "$s")-get" $GET --keywords "$s"
done

done_testing
