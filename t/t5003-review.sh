#!/bin/sh
# kmaint review on the 2013 XFS maintainers patch, against the fixture
# with the history of 2011-2013 (the acceptance test of issue 5).  The
# patch is the fixture's own commit of it, written by git format-patch.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"

R=$TRASH/xfs
PATCH=$TRASH/xfs-update-maintainers-2013.patch
make_xfs_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "the patch, from the fixture's commit" make_xfs_patch "$R" "$PATCH"
like "$PATCH" '^Date: Thu, 7 Nov 2013 16:02:08 -0600$' "sent on the day of the dispute"
like "$PATCH" '^\+M:	Mark Tinguely <tinguely@sgi.com>$' "it adds Mark Tinguely"
expect_success "index the fixture" "$KMAINT" index -q
printf 'sgi.com\tSGI\n' >"$TRASH/emailmap"
UNTIL="$XFS_UNTIL 23:59:59"
XFS_PATHS="fs/xfs Documentation/filesystems/xfs.txt"

# git's ranking of authors up to the patch's date (ties by address)
git log --no-merges --format=%aE --until="$UNTIL" -- $XFS_PATHS | sort | uniq -c |
	sort -k1,1nr -k2,2 >"$TRASH/authors"
nauthors=$(wc -l <"$TRASH/authors")
mark=$(awk '$2 == "tinguely@sgi.com" { print $1 }' "$TRASH/authors")
rank=$(awk -v m="$mark" '$1 > m { n++ } END { print n + 1 }' "$TRASH/authors")
top1=$(sed -n '1s/^ *[0-9]* //p' "$TRASH/authors")
top2=$(sed -n '2s/^ *[0-9]* //p' "$TRASH/authors")
n1=$(sed -n '1s/^ *\([0-9]*\) .*/\1/p' "$TRASH/authors")
n2=$(sed -n '2s/^ *\([0-9]*\) .*/\1/p' "$TRASH/authors")
changes=$(git log --no-merges --oneline --until="$UNTIL" -- $XFS_PATHS | wc -l)
ok $([ "$n1" -gt $((4 * mark)) ] && [ "$n2" -gt $((4 * mark)) ]; echo $?) \
	"fixture: the two leading authors ($n1, $n2) far ahead of Mark Tinguely ($mark)"

"$KMAINT" review --as-of "$XFS_UNTIL" --email-map "$TRASH/emailmap" "$PATCH" >"$TRASH/r" 2>"$TRASH/err"
is "$?" 1 "review exits 1: an addition with weak history"
like "$TRASH/r" '^XFS FILESYSTEM: changed$' "the XFS section changes"
like "$TRASH/r" '^  added M: Mark Tinguely <tinguely@sgi.com> \[SGI\]$' "Mark Tinguely added"
like "$TRASH/r" "^    verdict: weak history: changesets $mark of $changes \\(ranked ${rank}th of $nauthors authors\\)" \
	"weak history, with his rank as git log gives it (${rank}th of $nauthors)"
like "$TRASH/r" '^  removed M: Alex Elder <elder@kernel.org>' "Alex Elder removed"
like "$TRASH/r" "^  top contributors not listed: [^<]* <$top1> $n1 changesets \\(1st\\), [^<]* <$top2> $n2 changesets \\(2nd\\)" \
	"the two leading authors named as unlisted top contributors"
like "$TRASH/r" '^  employers before: 1 of 2 listed maintainers at SGI$' "before: one of two at SGI"
like "$TRASH/r" '^  employers after: every listed maintainer \(2 of 2\) at SGI$' "after: every listed maintainer at SGI"
like "$TRASH/r" '^  note: every listed maintainer after the change is at one employer \(SGI\)$' "and says so"
base=$(sed -n 's/^index \([0-9a-f]*\)\.\..*/\1/p' "$PATCH")
like "$TRASH/r" "^review of .* against MAINTAINERS blob $base \\(the patch's base\\), history 2008-11-07 \\.\\. 2013-11-07" \
	"judged against the blob the patch was made against, with the history up to $XFS_UNTIL"

"$KMAINT" review --as-of "$XFS_UNTIL" --email-map "$TRASH/emailmap" --json "$PATCH" >"$TRASH/j"
is "$?" 1 "--json: the same exit status"
if command -v python3 >/dev/null; then
	expect_success "JSON: verdict, rank, unlisted leaders, employers" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["sections"][0]
assert s["section"] == "XFS FILESYSTEM" and s["kind"] == "changed"
m = [p for p in s["people"] if p["change"] == "added"][0]
assert m["email"] == "tinguely@sgi.com" and m["verdict"] == "weak", m
assert m["rank_changesets"] == int(sys.argv[2]), m
assert [p["email"] for p in s["top_unlisted"][:2]] == [sys.argv[3], sys.argv[4]]
assert s["employer_after"]["all_at_one"] and s["employer_after"]["top"] == "SGI"
assert not s["employer_before"]["all_at_one"]' "$TRASH/j" "$rank" "$top1" "$top2"
fi

# without --as-of the patch is already in: git apply says where it
# fails, and kmaint says why and stops (exit 128, as die())
"$KMAINT" review --email-map "$TRASH/emailmap" "$PATCH" >"$TRASH/now" 2>"$TRASH/err"
is "$?" 128 "without --as-of the patch does not apply: exit 128"
like "$TRASH/err" "patch failed: MAINTAINERS:[0-9]+" "git apply's message names the hunk"
like "$TRASH/err" "already applied there: judge it with --as-of" "and it says the patch is already in"
like "$TRASH/err" "does not apply to MAINTAINERS \\(work tree\\)" "and what it was applied to"

# two hunks, one mid-section: a reviewer and a new section, as diff(1)
# writes them against MAINTAINERS as of the date; then the line numbers
# moved by two, as in a patch made against another tree
git show "$(git rev-list -1 --until="$UNTIL" HEAD -- MAINTAINERS):MAINTAINERS" >"$TRASH/m.old"
awk '{ print }
	/^F:\tfs\/xfs\/$/ { print "R:\tDave Chinner <david@fromorbit.com>" }
	/^F:\tfs\/ext4\/$/ { ext4 = 1 }
	ext4 && /^$/ { print; print "NEW THING\nM:\tNobody New <new@example.com>\nS:\tMaintained\nF:\tfs/new/"; ext4 = 0 }' \
	"$TRASH/m.old" >"$TRASH/m.new"
diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.new" |
	awk '/^@@/ { sub(/-[0-9]+/, "-" (substr($2, 2) + 2)) } { print }' >"$TRASH/two.patch"
ok $(grep -c '^@@' "$TRASH/two.patch" | grep -qx 2; echo $?) "the patch has two hunks"
"$KMAINT" review --as-of "$XFS_UNTIL" "$TRASH/two.patch" >"$TRASH/two" 2>&1
is "$?" 1 "a patch adding someone without history exits 1"
like "$TRASH/two" '^NEW THING: new section$' "the new section"
like "$TRASH/two" '^    verdict: no history: ' "its maintainer has no history"
like "$TRASH/two" "^  added R: Dave Chinner <david@fromorbit.com> .*\$" "the reviewer added mid-section"
like "$TRASH/two" "^    verdict: strong history: changesets $n1 of $changes \(ranked 1st of $nauthors authors\)" \
	"the leading author's addition is strong"

printf 'Subject: no MAINTAINERS\n\n--- a/README\n+++ b/README\n@@ -1,1 +1,1 @@\n-a\n+b\n' >"$TRASH/other.patch"
expect_failure "a patch not touching MAINTAINERS fails" "$KMAINT" review "$TRASH/other.patch"
like "$TRASH/.err" "does not change MAINTAINERS" "and says so"
expect_failure "a missing patch fails" "$KMAINT" review "$TRASH/nope.patch"
expect_failure "no patch is a usage error" "$KMAINT" review
done_testing
