#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check --fix on fixtures: the sorted result, what it refuses,
# and that it never leaves a half-written or lost file behind.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check.sh"

cd "$TRASH" || exit 1

# norm FILE: non-blank lines, field lines normalised as the sort does
norm() {
	perl -lne 's/^([A-Z]):\s*(.*?)\s*$/$1:\t$2/; print unless /^\s*$/' "$1" |
		LC_ALL=C sort
}

# The order fixture
cp "$FIXTURES/order.MAINTAINERS" o1
"$KMAINT" check --mpath o1 --fix --only=order >out 2>err
is $? 0 "--fix --only=order on the order fixture: nothing left, exit 0"
is "$(cat err)" "kmaint: sorted o1" "--fix names the file it rewrote"
same_file o1 "$FIXTURES/order.fixed" "the fixture sorted as reviewed in t/check/order.fixed"
norm "$FIXTURES/order.MAINTAINERS" >n.before
norm o1 >n.after
same_file n.after n.before "no line lost"
"$KMAINT" check --mpath o1 --only=all >all 2>&1
is "$(grep -c -e Misordered -e 'blank line' all)" 0 "no ordering finding after --fix"

# --fix and the other findings: it sorts, then reports what is left
mk_tree ft
cp "$FIXTURES/order.MAINTAINERS" ft/o2
(cd ft && "$KMAINT" check --mpath o2 --fix) >out 2>err
is "$?:$(cat out)" "0:" "--fix, default classes: BETA's F: joins it, nothing left"
# (a one-letter line is no heading to --self-test: /^\S[^:]/)
printf 'BB\nM:\tB <b@example.com>\nF:\tx\n\nAA\nM:\tA <a@example.com>\nS:\tMaintained\nF:\ty\n' >o5
"$KMAINT" check --mpath o5 --fix --only=sections >out 2>err
is $? 1 "--fix --only=sections: exit 1 for the finding left"
is "$(cat out)" "o5:6: warning: section without status 	BB" \
	"the findings are those of the sorted file"

# A file already sorted is not touched (same inode, same time)
cp "$FIXTURES/order.fixed" o3
touch -d '2001-01-01 00:00:00' o3
ino=$(stat -c %i o3)
"$KMAINT" check --mpath o3 --fix --only=order >out 2>err
is "$?:$(cat err):$(stat -c %i:%Y o3)" "0::$ino:978307200" "a sorted file is left alone"

# The mode survives; the write goes through a temporary file and rename
cp "$FIXTURES/order.MAINTAINERS" o4
chmod 604 o4
"$KMAINT" check --mpath o4 --fix --only=order >/dev/null 2>&1
is "$(stat -c %a o4)" 604 "the file mode is kept"
is "$(ls | grep -c kmaint-fix)" 0 "no temporary file left"

# A symlink stays a symlink; its target is sorted
cp "$FIXTURES/order.MAINTAINERS" target
ln -s target link
"$KMAINT" check --mpath link --fix --only=order >/dev/null 2>&1
if [ -L link ]; then ok 0 "a symlink stays a symlink"; else ok 1 "a symlink stays a symlink"; fi
same_file target "$FIXTURES/order.fixed" "and what it points to is sorted"

# Refusals, where parse-maintainers.pl dies: the file is left as it was
printf 'A\nM:\tA <a@example.com>\n\nB\nM:\tB <b@example.com>\n\nA\nS:\tMaintained\n' >dup
cp dup dup.orig
"$KMAINT" check --mpath dup --fix >out 2>err
is $? 128 "a section name used twice: --fix refuses (128)"
like err "^kmaint: error: dup:7: section name 'A' already used at line 1" "naming both lines"
same_file dup dup.orig "and leaves the file alone"

printf 'A\nM:\tA <a@example.com>\n\n# a comment\nB\nM:\tB <b@example.com>\n' >odd
cp odd odd.orig
"$KMAINT" check --mpath odd --fix >out 2>err
is $? 128 "a text line that is no heading: --fix refuses (128)"
like err "^kmaint: error: odd:4: text line inside the sections that is no section name" "naming the line"
same_file odd odd.orig "and leaves the file alone"

printf 'B\nM:\tB <b@example.com>\n\nA\nM:\tA\000 <a@example.com>\n' >nul
cp nul nul.orig
"$KMAINT" check --mpath nul --fix >out 2>err
is $? 128 "a NUL byte: --fix refuses (128)"
cmp -s nul nul.orig
ok $? "and leaves the file alone"

# A directory that cannot take the temporary file (not as root)
if [ "$(id -u)" != 0 ]; then
	mkdir ro
	cp "$FIXTURES/order.MAINTAINERS" ro/M
	chmod 555 ro
	"$KMAINT" check --mpath ro/M --fix >out 2>err
	is $? 128 "read-only directory: --fix fails with 128"
	same_file ro/M "$FIXTURES/order.MAINTAINERS" "and the file is intact"
	chmod 755 ro
else
	echo "# running as root: read-only directory case skipped"
fi

# The MAINTAINERS/ directory form: each file sorted on its own
mkdir -p dir/MAINTAINERS
cp "$FIXTURES/order.MAINTAINERS" dir/MAINTAINERS/a
printf 'Y\nS:\tMaintained\nM:\tY <y@example.com>\n\nX\nM:\tX <x@example.com>\n' >dir/MAINTAINERS/b
(cd dir && "$KMAINT" check --fix --only=order) >out 2>err
is "$?:$(cat err | tr '\n' ' ')" "0:kmaint: sorted MAINTAINERS/a kmaint: sorted MAINTAINERS/b " \
	"--fix sorts every file of a MAINTAINERS/ directory"
same_file dir/MAINTAINERS/a "$FIXTURES/order.fixed" "the first as the fixture"
printf 'X\nM:\tX <x@example.com>\n\nY\nM:\tY <y@example.com>\nS:\tMaintained\n' >b.expected
same_file dir/MAINTAINERS/b b.expected "the second on its own"

# Byte for byte with parse-maintainers.pl --order where it does not die
# (order.MAINTAINERS has a blank line inside a section, which the script
# would turn into a nameless section: t/check/order.fixed keeps it where
# get_maintainer.pl reads it; without that line both agree)
if have_oracle; then
	for f in order style syntax sections-patterns; do
		awk -v f=$f 'f == "order" && NR == 21 && /^$/ { next } { print }' \
			"$FIXTURES/$f.MAINTAINERS" >pm.in
		if perl "$K612/scripts/parse-maintainers.pl" --input=pm.in \
			--output=pm.out --order 2>pm.err; then
			cp pm.in km
			"$KMAINT" check --mpath km --fix --only=order >/dev/null 2>&1
			same_file km pm.out "$f: --fix is parse-maintainers.pl --order"
		else
			"$KMAINT" check --mpath pm.in --fix --only=order >/dev/null 2>&1
			is $? 128 "$f: parse-maintainers.pl dies ($(head -c 40 pm.err)...), --fix refuses"
		fi
	done
	perl "$K612/scripts/parse-maintainers.pl" --input=dup --output=pm.out --order 2>pm.err
	like pm.err "Header 'A' already exists" "parse-maintainers.pl dies on the duplicate too"
	perl "$K612/scripts/parse-maintainers.pl" --input=odd --output=pm.out --order 2>pm.err
	like pm.err "Odd non-pattern line" "and on the odd line"
fi

done_testing
