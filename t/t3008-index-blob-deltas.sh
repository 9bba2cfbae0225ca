#!/bin/sh
# MAINTAINERS versions that differ from their base in several places (a
# commit touching two sections far apart, a merge of two branches that
# each changed one) are stored as a delta of several hunks, not whole,
# and rebuilt byte for byte.
. "${0%/*}/lib.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
g() { git -c user.name=T -c user.email=t@example.org "$@"; }
# edit LINE TEXT: replace line LINE of MAINTAINERS
edit() { sed -i "$1s/.*/$2/" MAINTAINERS; }

git init -q -b main "$R" && cd "$R" || exit 1
# 2,000 sections, 100 KB: the ends of two far edits share little
awk 'BEGIN { for (i = 0; i < 2000; i++)
	printf "SECTION %d\nM:\tPerson %d <p%d@example.org>\nS:\tMaintained\nF:\tdrivers/s%d/\n\n", i, i, i, i }' \
	>MAINTAINERS
g add MAINTAINERS && g commit -q -m base || exit 1
edit 7 'M:\tFirst Changed <first@example.org>'
edit 9990 'M:\tLast Changed <last@example.org>'
g commit -q -a -m "two sections, far apart" || exit 1
g checkout -q -b side
edit 12 'M:\tSide Person <side@example.org>'
g commit -q -a -m "side: first sections" || exit 1
g checkout -q main
edit 9980 'M:\tMain Person <main@example.org>'
g commit -q -a -m "main: last sections" || exit 1
g merge -q --no-edit side >/dev/null || exit 1

expect_success "index builds" "$KMAINT" index
is "$(q "SELECT count(*) FROM blobs")" 5 "five versions"
is "$(q "SELECT count(*) FROM blobs WHERE base IS NULL")" 1 "only the first whole"
is "$(q "SELECT count(*) > 0 FROM blobs WHERE prefix = -1")" 1 \
   "the versions changed in two places stored as delta operations"
is "$(q "SELECT sum(length(data)) < 3 * 1024 FROM blobs WHERE base IS NOT NULL")" 1 \
   "the deltas are small"
bad=0
for c in $(git rev-list main); do
	b=$(git rev-parse "$c:MAINTAINERS")
	"$KMAINT" index --show-blob "$b" >"$TRASH/blob" &&
	git cat-file blob "$b" | cmp -s - "$TRASH/blob" || bad=$((bad + 1))
done
is "$bad" 0 "every version rebuilt byte for byte"
expect_success "verify" "$KMAINT" index --verify 100

# a damaged delta is an error, not a wrong text
q "UPDATE blobs SET data = x'ff' WHERE prefix = -1"
b=$(git rev-parse main:MAINTAINERS)
expect_failure "a damaged delta" "$KMAINT" index --show-blob "$b"
like "$TRASH/.err" "bad delta" "is named"
done_testing
