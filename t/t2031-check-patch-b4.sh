#!/bin/sh
# The contract of "kmaint check --patch" as b4's per-patch check
# command (b4 0.14 and later; Debian 12's b4 0.12 has none, so the
# contract is tested here directly).  b4 runs the command in the top of
# the tree once per patch, with the patch on standard input:
#
#  - b4 prep --check (prep-perpatch-check-cmd) hands it the commits of
#    the prep branch as mails without To: or Cc: (b4 adds those when it
#    sends), so the command there is "kmaint check --patch
#    --no-recipients";
#  - b4 am --check (am-perpatch-check-cmd) hands it the mails as posted,
#    with their recipients, before they are applied.
#
# b4 reads the result as LoreMessage.run_local_check() does (b4's
# src/b4/__init__.py): each line of standard output is a finding, "fail"
# if it contains "ERROR:", else "warning", a leading "-:" dropped; each
# line of standard error is a "fail"; no output at all is "passed all
# checks" with exit 0 and a "fail" otherwise.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check-patch.sh"

R=$TRASH/linux
make_patch_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
BAR='Bar Maintainer <bar@example.com>'
BARCC='Bar Reviewer <bar-review@example.org>, linux-bar@vger.kernel.org'

# a series of three on a prep branch: two changes to fs/bar/ and one
# adding a file only THE REST covers
git checkout -q -b series base
echo 'int one;' >>fs/bar/dir.c && git commit -qam "bar: one"
echo 'int two;' >>fs/bar/super.c && git commit -qam "bar: two"
echo x >lib/new.c && git add lib/new.c && git commit -qm "lib: new file"
git format-patch -q -o "$TRASH/prep" base..series
# as posted: with recipients, the second one without its maintainer
mkdir "$TRASH/am"
for p in "$TRASH"/prep/*.patch; do
	to="To: $BAR\\n"
	case $p in */0002-*) to= ;; esac
	sed "s/^Subject:/${to}Cc: $BARCC\\nSubject:/" "$p" >"$TRASH/am/${p##*/}"
done

# b4_check OUT CMD...: CMD with the patch on standard input, and b4's
# reading of it: one "flag<TAB>text" line per finding
b4_check() {
	_out=$1
	shift
	"$@" >"$_out.raw" 2>"$_out.err"
	_rc=$?
	{
		awk '/./ { flag = index($0, "ERROR:") ? "fail" : "warning"
			   sub(/^-:/, ""); print flag "\t" $0 }' "$_out.raw"
		awk '/./ { sub(/^-:/, ""); print "fail\t" $0 }' "$_out.err"
	} >"$_out"
	if [ ! -s "$_out" ]; then
		if [ $_rc = 0 ]; then printf 'success\tpassed all checks\n'
		else printf 'fail\tExited with error code %s\n' $_rc; fi >"$_out"
	fi
	return $_rc
}

terse='^-:[0-9]+: (ERROR|WARNING): [^\t]'

# --- b4 prep --check: on the prep branch, no recipients yet
n=0
for p in "$TRASH"/prep/*.patch; do
	n=$((n + 1))
	b4_check "$TRASH/p$n" "$KMAINT" check --patch --no-recipients <"$p"
	is "$(grep -Evc "$terse" "$TRASH/p$n.raw")" 0 "prep, patch $n: every line in checkpatch's terse form"
done
is "$(cat "$TRASH/p1")" "success	passed all checks" "prep, patch 1: b4 sees it pass"
is "$(cat "$TRASH/p2")" "success	passed all checks" "prep, patch 2: b4 sees it pass"
line=$(grep -n '^diff --git a/lib/new.c' "$TRASH"/prep/0003-* | cut -d: -f1)
is "$(cat "$TRASH/p3")" "fail	$line: ERROR: new file lib/new.c: no section but THE REST covers it" \
	"prep, patch 3: one failure, at the new file's diff"
b4_check "$TRASH/p2r" "$KMAINT" check --patch <"$(ls "$TRASH"/prep/0002-*)"
like "$TRASH/p2r" '^warning	1: WARNING: no To: or Cc: in the mail' \
	"prep without --no-recipients: a warning on every patch"

# --- b4 am --check: the posted mails, before they are applied
git checkout -q base
n=0
for p in "$TRASH"/am/*.patch; do
	n=$((n + 1))
	b4_check "$TRASH/a$n" "$KMAINT" check --patch <"$p"
	echo $? >"$TRASH/rc$n"
	is "$(grep -Evc "$terse" "$TRASH/a$n.raw")" 0 "am, patch $n: every line in checkpatch's terse form"
done
is "$(cat "$TRASH/a1")" "success	passed all checks" "am, patch 1: b4 sees it pass"
is "$(cat "$TRASH/rc1")" 0 "am, patch 1: exit 0"
line=$(grep -n '^diff --git' "$TRASH"/am/0002-* | cut -d: -f1)
is "$(cat "$TRASH/a2")" "warning	$line: WARNING: maintainer of BAR FILESYSTEM not in To: or Cc: $BAR" \
	"am, patch 2: b4 reads one warning, at the diff"
is "$(cat "$TRASH/rc2")" 1 "am, patch 2: exit 1"
is "$(cut -f1 "$TRASH/a3")" "fail" "am, patch 3: b4 reads one failure"
is "$(cat "$TRASH/rc3")" 2 "am, patch 3: exit 2"
is "$(cat "$TRASH"/p[123].err "$TRASH"/a[123].err)" "" "nothing on standard error, which b4 reads as failures"
done_testing
