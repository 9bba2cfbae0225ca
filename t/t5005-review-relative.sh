#!/bin/sh
# kmaint review's verdict is relative: on the review-heavy variant of the
# XFS fixture the proposed co-maintainer reviews a lot, but the two
# unlisted leaders wrote far more, and the verdict names them.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"

R=$TRASH/xfs
XFS_VARIANT=review-heavy make_xfs_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q
UNTIL="$XFS_UNTIL 23:59:59"
XFS_PATHS="fs/xfs Documentation/filesystems/xfs.txt"

# the patch as its author sent it, from the fixture's own history
make_xfs_patch "$R" "$TRASH/2013.patch"
ok $(grep -q '^+M:.*Mark Tinguely' "$TRASH/2013.patch"; echo $?) "the 2013 patch from the fixture"

# git's figures for the section up to the date
git log --no-merges --format=%aE --until="$UNTIL" -- $XFS_PATHS | sort | uniq -c |
	sort -k1,1nr -k2,2 >"$TRASH/authors"
git log --no-merges --format=%b --until="$UNTIL" -- $XFS_PATHS |
	sed -n 's/^Reviewed-by: .*<\(.*\)>$/\1/p' | sort | uniq -c | sort -k1,1nr -k2,2 >"$TRASH/reviewers"
changes=$(git log --no-merges --oneline --until="$UNTIL" -- $XFS_PATHS | wc -l)
nauthors=$(wc -l <"$TRASH/authors")
nreviewers=$(wc -l <"$TRASH/reviewers")
mark=$(awk '$2 == "tinguely@sgi.com" { print $1 }' "$TRASH/authors")
rank=$(awk -v m="$mark" '$1 > m { n++ } END { print n + 1 }' "$TRASH/authors")
mark_rev=$(awk '$2 == "tinguely@sgi.com" { print $1 }' "$TRASH/reviewers")
rev_rank=$(awk -v m="$mark_rev" '$1 > m { n++ } END { print n + 1 }' "$TRASH/reviewers")
n1=$(sed -n '1s/^ *\([0-9]*\) .*/\1/p' "$TRASH/authors")
n2=$(sed -n '2s/^ *\([0-9]*\) .*/\1/p' "$TRASH/authors")
is "$mark $rank $nauthors" "12 7 10" "fixture: Mark Tinguely 7th of 10 authors with 12 changesets"
is "$rev_rank $nreviewers" "3 7" "fixture: and 3rd of 7 by Reviewed-by tags ($mark_rev)"

"$KMAINT" review --as-of "$XFS_UNTIL" "$TRASH/2013.patch" >"$TRASH/r" 2>"$TRASH/err"
is "$?" 1 "review exits 1: unlisted leaders far ahead"
like "$TRASH/r" "^    verdict: weak history: changesets $mark of $changes \\(ranked 7th of $nauthors authors\\), reviews [0-9]+ \\(ranked 3rd of $nreviewers reviewers\\)" \
	"weak, with the review record shown beside the changesets"
like "$TRASH/r" "^    stronger candidates not listed: Dave Chinner <david@fromorbit.com> $n1 changesets \\(1st\\), Christoph Hellwig <hch@lst.de> $n2 changesets \\(2nd\\)\$" \
	"both unlisted leaders named, with their figures and ranks"
ok $(grep -q 'verdict: strong' "$TRASH/r"; [ $? = 1 ]; echo $?) "no strong verdict anywhere"

"$KMAINT" review --as-of "$XFS_UNTIL" --json "$TRASH/2013.patch" >"$TRASH/j"
is "$?" 1 "--json: the same exit status"
if command -v python3 >/dev/null; then
	expect_success "JSON: weak, stronger candidates with ranks" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = [p for s in d["sections"] for p in s["people"] if p["change"] == "added"][0]
assert m["verdict"] == "weak", m
assert [(x["email"], x["rank"]) for x in m["stronger"]] == \
	[("david@fromorbit.com", 1), ("hch@lst.de", 2)], m["stronger"]
assert m["rank_reviews"] == 3 and d["findings"]' "$TRASH/j"
fi

# the thresholds are options: leaders 20 times ahead are needed now, and
# the review-heavy record alone makes the addition strong
"$KMAINT" review --as-of "$XFS_UNTIL" --lead-factor 20 "$TRASH/2013.patch" >"$TRASH/r20" 2>&1
is "$?" 0 "--lead-factor 20: exit 0"
like "$TRASH/r20" "^    verdict: strong history: changesets $mark of $changes" "and the review share makes it strong"
"$KMAINT" review --as-of "$XFS_UNTIL" --lead-ranks 1 --json "$TRASH/2013.patch" >"$TRASH/j1"
if command -v python3 >/dev/null; then
	expect_success "--lead-ranks 1: only the first leader" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = [p for s in d["sections"] for p in s["people"] if p["change"] == "added"][0]
assert [x["rank"] for x in m["stronger"]] == [1], m' "$TRASH/j1"
fi

# a reviewer is weighed on reviews, unless among the section's leading
# authors: with --lead-factor 1, hch's reviews outrank both additions,
# but Dave Chinner wrote the most and is not outranked; Jeff Liu (3rd
# author) is
git show "$(git rev-list -1 --until="$UNTIL" HEAD -- MAINTAINERS):MAINTAINERS" >"$TRASH/m.old"
for who in "Dave Chinner <david@fromorbit.com>" "Jeff Liu <jeff.liu@oracle.com>"; do
	awk -v who="$who" '{ print } /^F:\tfs\/xfs\/$/ { print "R:\t" who }' "$TRASH/m.old" >"$TRASH/m.rev"
	diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.rev" \
		>"$TRASH/rev-${who%% *}.patch"
done
"$KMAINT" review --as-of "$XFS_UNTIL" --lead-factor 1 "$TRASH/rev-Dave.patch" >"$TRASH/rd" 2>&1
is "$?" 0 "R: for the leading author: exit 0 even behind a review leader"
like "$TRASH/rd" "^    verdict: strong history: changesets $n1 of $changes \\(ranked 1st" "strong on changesets"
ok $(grep -q 'stronger candidates' "$TRASH/rd"; [ $? = 1 ]; echo $?) "no stronger candidate named"
"$KMAINT" review --as-of "$XFS_UNTIL" --lead-factor 1 "$TRASH/rev-Jeff.patch" >"$TRASH/rj" 2>&1
is "$?" 1 "R: for the 3rd author: outranked on reviews, exit 1"
like "$TRASH/rj" "^    stronger candidates not listed: Christoph Hellwig <hch@lst.de> [0-9]+ reviews \\(1st\\), Dave Chinner <david@fromorbit.com> [0-9]+ reviews \\(2nd\\)\$" \
	"the review leaders named, first first"

# removing the most active listed person is a finding
git show "$(git rev-list -1 --until="$UNTIL" HEAD -- MAINTAINERS):MAINTAINERS" >"$TRASH/m.old"
grep -v '^M:.Ben Myers' "$TRASH/m.old" >"$TRASH/m.new"
diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.new" >"$TRASH/ben.patch"
"$KMAINT" review --as-of "$XFS_UNTIL" "$TRASH/ben.patch" >"$TRASH/b" 2>&1
is "$?" 1 "removing Ben Myers, who applied most commits: exit 1"
like "$TRASH/b" "^  removed M: Ben Myers <bpm@sgi.com>" "the removal"
like "$TRASH/b" "^    finding: the section's most active listed person is removed\$" "is a finding"
grep -v '^M:.Alex Elder' "$TRASH/m.old" >"$TRASH/m.new2"
diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.new2" >"$TRASH/alex.patch"
"$KMAINT" review --as-of "$XFS_UNTIL" "$TRASH/alex.patch" >"$TRASH/a" 2>&1
is "$?" 0 "removing the less active Alex Elder alone: exit 0"
ok $(grep -q 'most active' "$TRASH/a"; [ $? = 1 ]; echo $?) "and no finding"
done_testing
