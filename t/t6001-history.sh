#!/bin/sh
# kmaint history from the index: the XFS fixture's MAINTAINERS versions,
# checked against git's own log of the file.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"

R=$TRASH/xfs
make_xfs_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q

expect_success "history --section" "$KMAINT" history --section 'XFS FILESYSTEM'
cp "$TRASH/.out" "$TRASH/h"
# the commits that changed MAINTAINERS, as git sees them
ben=$(git log --format=%h --abbrev=12 -1 --grep='add Ben Myers' -- MAINTAINERS)
alex=$(git log --format=%h --abbrev=12 -1 --grep='update Alex Elder' -- MAINTAINERS)
patch=$(git log --format=%h --abbrev=12 -1 -- MAINTAINERS)
is "$(git log --format=%h -- MAINTAINERS | wc -l)" 4 "git: four versions of MAINTAINERS"
like "$TRASH/h" "^  2011-08-10 $ben \\+ M:	Ben Myers <bpm@sgi.com>\$" "Ben Myers added, with git's commit"
like "$TRASH/h" "^  2012-03-20 $alex - M:	xfs-masters@oss.sgi.com\$" "the old list removed"
if grep -q "^  2012-03-20 $alex [-+] M:	Alex Elder" "$TRASH/h"; then ok 1 "a new address (.mailmap) is no turnover"
else ok 0 "a new address (.mailmap) is no turnover"; fi
like "$TRASH/h" "^  2013-11-12 $patch - M:	Alex Elder <elder@kernel.org>\$" "the patch removes Alex Elder"
like "$TRASH/h" "^  2013-11-12 $patch \\+ M:	Mark Tinguely <tinguely@sgi.com>\$" "and adds Mark Tinguely"
is "$(grep -c '^  20[0-9-]* [0-9a-f]* [-+] ' "$TRASH/h")" 5 "five M: changes in all"
like "$TRASH/h" '^    M: Ben Myers <bpm@sgi.com>: 2011-08-10 \.\. now' "Ben Myers' tenure is current"
like "$TRASH/h" '^    M: Alex Elder <aelder@sgi.com>: <=2011-01-03 \.\. 2013-11-12 ' \
	"Alex Elder's tenure, from the first version (<=) to the patch, across his new address"
like "$TRASH/h" '^  turnover: 3 added, 2 removed' "turnover"
like "$TRASH/h" '^4 versions of MAINTAINERS, 1 sections shown$' "four versions"

expect_success "history of every section" "$KMAINT" history
like "$TRASH/.out" '^4 versions of MAINTAINERS, 1 sections shown$' "only the section that changed"
expect_success "--all" "$KMAINT" history --all
like "$TRASH/.out" '^4 versions of MAINTAINERS, 4 sections shown$' "--all: every section, with its tenures"

expect_success "--until the dispute" "$KMAINT" history --until 2013-11-07 --section 'XFS FILESYSTEM'
cp "$TRASH/.out" "$TRASH/u"
if grep -q Tinguely "$TRASH/u"; then ok 1 "--until leaves out later versions"; else ok 0 "--until leaves out later versions"; fi
like "$TRASH/u" '^3 versions of MAINTAINERS' "three versions by then"

expect_success "--json" "$KMAINT" history --json
cp "$TRASH/.out" "$TRASH/j"
like "$TRASH/j" "\"commit\":\"$(git rev-parse "$patch")\",\"added\":\"M\",\"person\":\"Mark Tinguely <tinguely@sgi.com>\"" "JSON names the full commit"
if command -v python3 >/dev/null; then
	expect_success "JSON parses" python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["versions"] == 4' "$TRASH/j"
fi
expect_failure "a bad --until fails" "$KMAINT" history --until 'not a date'
like "$TRASH/.err" "neither a date" "and says why"

# a rename carries tenure over: rename the section keeping its F: lines
sed 's/^XFS FILESYSTEM$/XFS FILESYSTEM (RENAMED)/' MAINTAINERS >M.new && mv M.new MAINTAINERS
git commit -q -a -m "MAINTAINERS: rename XFS" --date=2015-01-01T00:00:00 &&
"$KMAINT" index -q
expect_success "history after a rename" "$KMAINT" history --section 'XFS FILESYSTEM (RENAMED)'
like "$TRASH/.out" 'renamed from XFS FILESYSTEM$' "the rename is followed"
like "$TRASH/.out" '^    M: Ben Myers <bpm@sgi.com>: 2011-08-10 \.\. now' "and the tenure continues under the new name"
done_testing
