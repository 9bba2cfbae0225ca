#!/bin/sh
# kmaint check --patch on a generated repository (t/lib-check-patch.sh):
# recipients against get's answer, the people of Fixes: commits (git,
# then the index alone), new files by the size of their section,
# MAINTAINERS edits (check findings, review's verdict), a series with a
# cover letter, and bad input.  Exit 0 clean, 1 warnings, 2 errors.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check-patch.sh"

R=$TRASH/linux
make_patch_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
P=$TRASH/p
mkdir "$P"
BAR='Bar Maintainer <bar@example.com>'
BARCC='Bar Reviewer <bar-review@example.org>,linux-bar@vger.kernel.org'
BUG='Bug Author <bug@example.com>,Bug Committer <bugc@example.com>'

# check FILE [OPTIONS...]: kmaint check --patch, output to $TRASH/out
check() {
	_f=$1
	shift
	"$KMAINT" check --patch "$@" "$_f" >"$TRASH/out" 2>"$TRASH/err"
}

# --- recipients and Fixes: (git, no index yet)
git checkout -q -b fix base
echo 'int fixed;' >>fs/bar/inode.c
git commit -qam "bar: fix the bug" -m "Fixes: $(git rev-parse --short=7 buggy) (\"bar: the buggy change\")"
mail_patch "$P/full" "$BAR" "$BARCC,$BUG" -1
check "$P/full"
is "$?" 0 "everyone copied: exit 0"
is "$(cat "$TRASH/out")" "" "and no output (checkpatch's --mailback)"

mail_patch "$P/nomaint" "" "$BARCC,$BUG" -1
check "$P/nomaint"
is "$?" 1 "a maintainer missing: exit 1"
line=$(grep -n '^diff --git' "$P/nomaint" | cut -d: -f1)
is "$(cat "$TRASH/out")" \
	"$P/nomaint:$line: WARNING: maintainer of BAR FILESYSTEM not in To: or Cc: $BAR" \
	"exactly one warning naming the maintainer and section, at the diff"

mail_patch "$P/norev" "$BAR" "linux-bar@vger.kernel.org,$BUG" -1
check "$P/norev"
is "$?" 1 "a reviewer missing: exit 1"
like "$TRASH/out" '^.*: WARNING: reviewer of BAR FILESYSTEM not in To: or Cc: Bar Reviewer <bar-review@example.org>$' \
	"the reviewer is named"

mail_patch "$P/nolist" "$BAR" "Bar Reviewer <bar-review@example.org>,$BUG" -1
check "$P/nolist"
like "$TRASH/out" 'WARNING: list of BAR FILESYSTEM not in To: or Cc: linux-bar@vger.kernel.org$' \
	"the list is named"

mail_patch "$P/noblamed" "$BAR" "$BARCC,Bug Committer <bugc@example.com>" -1
check "$P/noblamed"
is "$?" 2 "the author of the Fixes: commit missing: exit 2 (NIPA fails)"
buggy=$(git rev-parse --short=12 buggy)
is "$(cat "$TRASH/out")" \
	"$P/noblamed:8: ERROR: author of the commit Fixes: names ($buggy \"bar: the buggy change\") not in To: or Cc: Bug Author <bug@example.com>" \
	"one error, at the Fixes: line, from git"

mail_patch "$P/nocommitter" "$BAR" "$BARCC,Bug Author <bug@example.com>" -1
check "$P/nocommitter"
is "$?" 1 "the committer missing: exit 1"
like "$TRASH/out" ':8: WARNING: committer of the commit Fixes: names .* Bug Committer <bugc@example.com>$' \
	"the committer is named"

# --- the same through the index alone: a copy of the tree without .git
expect_success "kmaint index" "$KMAINT" index -q
DB=$R/.git/kmaint/index.sqlite
mkdir "$TRASH/nogit" && git archive HEAD | tar -x -C "$TRASH/nogit"
(cd "$TRASH/nogit" && "$KMAINT" check --patch --db "$DB" "$P/noblamed") >"$TRASH/out" 2>&1
is "$?" 2 "no git, the index: the author still missing"
like "$TRASH/out" "ERROR: author of the commit Fixes: names \\($buggy " \
	"the abbreviated hash resolved by the index"
(cd "$TRASH/nogit" && "$KMAINT" check --patch "$P/noblamed") >"$TRASH/out" 2>"$TRASH/err"
is "$?" 0 "no git and no index: Fixes: not checked"
like "$TRASH/err" 'no history index or git repository here' "and it says so"

git checkout -q -b unknown base
echo 'int unknown;' >>fs/bar/inode.c
git commit -qam "bar: fix something" -m "Fixes: deadbeef1234 (\"nothing\")"
mail_patch "$P/unknown" "$BAR" "$BARCC" -1
check "$P/unknown"
is "$?" 1 "Fixes: naming an unknown commit: exit 1"
is "$(cat "$TRASH/out")" "$P/unknown:8: WARNING: Fixes: deadbeef1234 names no known commit" \
	"one warning"

git checkout -q -b anon-fix base
echo 'int anonfix;' >>lib/rest.c
git commit -qam "lib: fix" -m "Fixes: $(git rev-parse --short=10 anon) (\"lib: no address\")"
mail_patch "$P/anon" "someone@example.com" "C O Mitter <committer@example.com>" -1
check "$P/anon" --json
is "$?" 0 "Fixes: a commit with no address: nothing to copy, exit 0"
like "$TRASH/out" '"kind":"fixes-no-address"' "--json says it has no address"

# --- new files
newfile() {	# BRANCH FILE
	git checkout -q -b "$1" base && mkdir -p "${2%/*}" && echo x >"$2" &&
	git add "$2" && git commit -qm "add $2"
}
newfile rest lib/new.c
mail_patch "$P/rest" "" "" -1
sed -i 's/^Subject:/To: someone@example.com\nSubject:/' "$P/rest"
check "$P/rest"
is "$?" 2 "a new file only THE REST covers: exit 2"
like "$TRASH/out" "^$P/rest:[0-9]+: ERROR: new file lib/new.c: no section but THE REST covers it" \
	"and it says so"

newfile fsnew fs/new.c
mail_patch "$P/fsnew" "someone@example.com" "" -1
check "$P/fsnew"
like "$TRASH/out" 'ERROR: new file fs/new.c: no section but THE REST covers it; nearest: BAR FILESYSTEM \(4 of its files\)$' \
	"the nearest section: the one covering files beside it"

newfile big drivers/big/new.c
mail_patch "$P/big" "Big Maintainer <big@example.com>" "big@lists.example.org" -1
check "$P/big"
is "$?" 1 "a new file in a section of 55 files: exit 1"
like "$TRASH/out" 'WARNING: new file drivers/big/new.c lands in BIG DRIVERS, a section of 55 files \(50 or more is a warning\)' \
	"NIPA's 50"
check "$P/big" --error-files 55
is "$?" 2 "--error-files 55: an error"
check "$P/big" --warn-files 56
is "$?" 0 "--warn-files 56: clean"

newfile kconfig fs/bar/Kconfig
mail_patch "$P/kconfig" "$BAR" "$BARCC" -1
check "$P/kconfig"
is "$?" 1 "a new Kconfig in a section of 4 files: exit 1 (3 for Kconfig)"
like "$TRASH/out" 'new file fs/bar/Kconfig lands in BAR FILESYSTEM, a section of 4 files \(3 or more' \
	"the Kconfig limit"
check "$P/kconfig" --kconfig-files 5
is "$?" 0 "--kconfig-files 5: clean"
newfile small fs/bar/new.c
mail_patch "$P/small" "$BAR" "$BARCC" -1
check "$P/small"
is "$?" 0 "a new file in a small section: clean"

# --- MAINTAINERS edits
edit_maintainers() {	# BRANCH AWK-PROGRAM
	git checkout -q -b "$1" base && awk "$2" MAINTAINERS >M.new &&
	mv M.new MAINTAINERS && git commit -qam "MAINTAINERS: $1"
}
edit_maintainers weak '{ print } /^M:\tBar Maintainer/ { print "M:\tWeak Person <weak@example.com>" }'
mail_patch "$P/weak" "someone@example.com" "" -1
check "$P/weak"
is "$?" 1 "adding an M: with weak history, on its branch (b4 prep): exit 1"
line=$(grep -n '^+M:	Weak Person' "$P/weak" | cut -d: -f1)
like "$TRASH/out" "^$P/weak:$line: WARNING: M: Weak Person <weak@example.com> added to BAR FILESYSTEM: (weak|no) history there \\(kmaint review\\)\$" \
	"review's verdict, at the line adding it"
edit_maintainers strong '{ print } /^R:\tBar Reviewer/ { print "R:\tBar Dev <bardev@example.com>" }'
mail_patch "$P/strong" "someone@example.com" "" -1
check "$P/strong" --json
is "$?" 0 "adding the section's leading developer: exit 0"
like "$TRASH/out" 'R: Bar Dev <bardev@example.com> added to BAR FILESYSTEM: strong history' \
	"--json has the strong verdict"
git checkout -q base
check "$P/weak"
is "$?" 1 "the same before it is applied (b4 am): exit 1"
like "$TRASH/out" "^$P/weak:$line: WARNING: M: Weak Person" "the same verdict"
check "$P/weak" --no-history
is "$?" 0 "--no-history: no verdict"

edit_maintainers nomatch '{ print } /^F:\tfs\/bar\/$/ { print "F:\tfs/nothere/" }'
mail_patch "$P/nomatch" "someone@example.com" "" -1
check "$P/nomatch"
is "$?" 1 "an F: matching nothing: exit 1"
like "$TRASH/out" 'WARNING: MAINTAINERS change adds "no file matches": F:	fs/nothere/$' \
	"the check finding the patch adds"
# a MAINTAINERS with a finding, and a patch taking it away
git checkout -q -b fixed nomatch && awk '!/^F:\tfs\/nothere\/$/' MAINTAINERS >M.new &&
	mv M.new MAINTAINERS && git commit -qam "MAINTAINERS: no fs/nothere/"
mail_patch "$P/fixed" "someone@example.com" "" -1
git checkout -q nomatch
check "$P/fixed" --json
is "$?" 0 "a patch removing a check finding: exit 0"
like "$TRASH/out" '"kind":"maintainers-check-fixed","message":"MAINTAINERS change removes \\"no file matches\\": F:\\tfs/nothere/"' \
	"--json: the finding it removes"
git checkout -q base
sed 's/^ M:	Bar Maintainer <bar@example.com>$/ M:	Somebody Else <else@example.com>/' \
	"$P/weak" >"$P/noapply"
check "$P/noapply"
is "$?" 2 "a MAINTAINERS hunk that does not apply: exit 2"
like "$TRASH/out" 'ERROR: the MAINTAINERS hunks do not apply to MAINTAINERS' "and it says so"
git checkout -q base
is "$(git status --porcelain)" "" "the work tree is untouched"

# --- a series: a new file, then its section; and a cover letter
git checkout -q -b qux base
mkdir -p drivers/qux && echo x >drivers/qux/qux.c && git add drivers/qux &&
	git commit -qm "qux: new driver"
printf '\nQUX DRIVER\nM:\tQux Maintainer <qux@example.com>\nS:\tMaintained\nF:\tdrivers/qux/\n' >>MAINTAINERS
git commit -qam "MAINTAINERS: add QUX DRIVER"
mail_patch "$P/qux1" "someone@example.com" "" -1 HEAD~1
git format-patch -q --stdout --cover-letter --to=someone@example.com base..qux >"$P/qux.mbox"
git checkout -q base
check "$P/qux1"
is "$?" 2 "the new driver alone: THE REST"
check "$P/qux.mbox" --no-history
is "$?" 0 "the series as a whole, with its section: clean"
check "$P/qux.mbox"
is "$?" 1 "with the history: exit 1"
is "$(grep -c . "$TRASH/out")" 1 "one line: review's verdict on the new section's M:"
like "$TRASH/out" 'WARNING: M: Qux Maintainer <qux@example.com> added to QUX DRIVER: no history there' \
	"no history"

git checkout -q -b two base
echo 'int two;' >>fs/bar/dir.c && git commit -qam "bar: two"
echo 'int two;' >>drivers/big/big1.c && git commit -qam "big: two"
git format-patch -q -o "$P/series" --cover-letter --to="$BAR" base..two
for f in "$P"/series/000[12]-*; do
	sed -i "s/^To: .*/To: $BAR, Big Maintainer <big@example.com>\\nCc: $BARCC, big@lists.example.org/" "$f"
done
check "$P/series/0000-cover-letter.patch" "$P"/series/000[12]-*
is "$?" 1 "a cover letter missing a section's people: exit 1"
is "$(grep -c . "$TRASH/out")" 4 "four lines: the union's people missing from the cover"
like "$TRASH/out" "^$P/series/0000-cover-letter.patch:1: WARNING: maintainer of BIG DRIVERS not in To: or Cc: Big Maintainer <big@example.com>\$" \
	"at the cover letter"

# --- the same on standard input, and bad input
"$KMAINT" check --patch <"$P/nomaint" >"$TRASH/out"
is "$?" 1 "standard input: exit 1"
line=$(grep -n "^diff --git" "$P/nomaint" | cut -d: -f1)
like "$TRASH/out" "^-:$line: WARNING: maintainer of BAR FILESYSTEM" "named -, as checkpatch names it"
printf 'hello\nworld\n' >"$P/notapatch"
check "$P/notapatch"
is "$?" 2 "not a patch: exit 2"
is "$(cat "$TRASH/out")" "$P/notapatch:1: ERROR: not a patch: no diff in it" "one clear line"
: >"$P/empty"
check "$P/empty"
is "$?" 2 "an empty file: exit 2"
git checkout -q fix
git format-patch -q --stdout -1 >"$P/norcpt"
check "$P/norcpt"
is "$?" 1 "a mail with no To: or Cc: exit 1"
like "$TRASH/out" "^$P/norcpt:1: WARNING: no To: or Cc: in the mail: recipients not checked\$" \
	"one clear line"
check "$P/norcpt" --no-recipients
is "$?" 0 "--no-recipients: not asked"
printf 'To: x@example.com\n\n--- a/fs/bar/inode.c\n+++ b/fs/bar/inode.c\n@@ -1 +1 @@\n-a\n+b\000c\n' >"$P/nul"
check "$P/nul"
is "$?" 2 "NUL bytes: exit 2"
like "$TRASH/out" 'ERROR: NUL bytes in the patch' "and it says so"
check "$P/missing"
is "$?" 128 "a missing file: exit 128"
check "$P/full" --warn-files 0
is "$?" 129 "--warn-files 0: usage error"
"$KMAINT" check --patch --only sections "$P/full" >/dev/null 2>&1
is "$?" 129 "--patch with --only: usage error"

check "$P/noblamed" --json
if command -v python3 >/dev/null; then
	expect_success "--json: the finding, file, line, kind and counts" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = [x for x in d["findings"] if x["severity"] != "info"]
assert len(f) == 1 and f[0]["kind"] == "missing-fixes-author", f
assert f[0]["line"] == 8 and f[0]["severity"] == "error", f
assert d["errors"] == 1 and d["warnings"] == 0, d' "$TRASH/out"
fi
done_testing
