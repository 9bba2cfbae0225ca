#!/bin/sh
# The contract of "kmaint check --patch" as b4's prep-perpatch-check-cmd
# and am-perpatch-check-cmd (b4 0.14 and later; Debian 12's b4 0.12 has
# neither, so the contract is tested here directly): b4 runs the
# command once per patch in the top of the tree with the patch on
# standard input, and reads its standard output line by line as
# checkpatch.pl -q --terse --no-summary --mailback writes it:
#
#	-:LINE: ERROR: message	(a failure)
#	-:LINE: WARNING: message	(a warning; any other line too)
#
# no output at all meaning the patch passed, whatever the exit status.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check-patch.sh"

R=$TRASH/linux
make_patch_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
BAR='Bar Maintainer <bar@example.com>'
BARCC='Bar Reviewer <bar-review@example.org>, linux-bar@vger.kernel.org'

# a series of three as b4 prep keeps it: a clean patch, one with a
# maintainer missing, one adding a file only THE REST covers
git checkout -q -b series base
echo 'int one;' >>fs/bar/dir.c && git commit -qam "bar: one"
echo 'int two;' >>fs/bar/super.c && git commit -qam "bar: two"
echo x >lib/new.c && git add lib/new.c && git commit -qm "lib: new file"
git format-patch -q -o "$TRASH/s" base..series
# b4 adds the recipients it collected; here each patch gets its own
sed -i "s/^Subject:/To: $BAR\\nCc: $BARCC\\nSubject:/" "$TRASH"/s/0001-* "$TRASH"/s/0003-*
sed -i "s/^Subject:/Cc: $BARCC\\nSubject:/" "$TRASH"/s/0002-*

# b4_check PATCH OUT: the command as b4 runs it, and b4's reading of its
# output (one "flag<TAB>line" per line, the "-:" prefix dropped)
b4_check() {
	"$KMAINT" check --patch <"$1" >"$2.raw" 2>"$2.err"
	_rc=$?
	awk '/./ { flag = index($0, "ERROR:") ? "fail" : "warning"
		   sub(/^-:/, ""); print flag "\t" $0 }' "$2.raw" >"$2"
	return $_rc
}

terse='^-:[0-9]+: (ERROR|WARNING): [^\t]'
n=0
for p in "$TRASH"/s/*.patch; do
	n=$((n + 1))
	b4_check "$p" "$TRASH/r$n"
	echo $? >"$TRASH/rc$n"
	bad=$(grep -Evc "$terse" "$TRASH/r$n.raw")
	is "$bad" 0 "patch $n: every line in checkpatch's terse form"
done
is "$(cat "$TRASH/rc1")" 0 "patch 1: exit 0"
is "$(cat "$TRASH/r1.raw")" "" "patch 1: no output, so b4 shows it passed"
is "$(cat "$TRASH/rc2")" 1 "patch 2: exit 1"
line=$(grep -n '^diff --git' "$TRASH"/s/0002-* | cut -d: -f1)
is "$(cat "$TRASH/r2")" "warning	$line: WARNING: maintainer of BAR FILESYSTEM not in To: or Cc: $BAR" \
	"patch 2: b4 reads one warning, at the diff"
is "$(cat "$TRASH/rc3")" 2 "patch 3: exit 2"
is "$(cut -f1 "$TRASH/r3")" "fail" "patch 3: b4 reads one failure"
like "$TRASH/r3" '^fail	[0-9]+: ERROR: new file lib/new.c: no section but THE REST covers it' \
	"patch 3: the new file"
is "$(cat "$TRASH/r1.err" "$TRASH/r2.err" "$TRASH/r3.err")" "" "nothing on standard error"

# b4 am: the same patches before they are applied (the tree at base)
git checkout -q base
b4_check "$TRASH"/s/0002-*.patch "$TRASH/am2"
is "$(cat "$TRASH/am2")" "$(cat "$TRASH/r2")" "b4 am --check: the same reading"
done_testing
