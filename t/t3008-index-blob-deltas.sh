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
# rebuilt: how many versions are not rebuilt byte for byte
rebuilt() {
	bad=0
	for c in $(git rev-list main); do
		b=$(git rev-parse "$c:MAINTAINERS")
		"$KMAINT" index --show-blob "$b" >"$TRASH/blob" &&
		git cat-file blob "$b" | cmp -s - "$TRASH/blob" ||
			bad=$((bad + 1))
	done
	echo "$bad"
}
is "$(rebuilt)" 0 "every version rebuilt byte for byte"
expect_success "verify" "$KMAINT" index --verify 100

# An index written before schema 5 kept the versions changed in two
# places whole; the upgrade to schema 8 writes every version again as
# this kmaint does.  A kill -9 or a full disk during it leaves version 7,
# which the next run upgrades.
"$KMAINT" history --all --json >"$TRASH/history-new.json"
for h in $(q "SELECT hash FROM blobs WHERE prefix = -1"); do
	"$KMAINT" index --show-blob "$h" >"$TRASH/whole-$h" &&
	q "UPDATE blobs SET base = NULL, prefix = 0, suffix = 0, depth = 0,
	   data = readfile('$TRASH/whole-$h') WHERE hash = '$h'" || exit 1
done
q "PRAGMA user_version = 7"
is "$(q "SELECT count(*) FROM blobs WHERE base IS NULL")" 2 \
   "(a version-7 index with two versions whole)"
KMAINT_TEST_KILL=repack "$KMAINT" index -q >/dev/null 2>&1
is "$?" 137 "(killed during the upgrade)"
is "$(q 'PRAGMA user_version')" 7 "a killed upgrade leaves version 7"
expect_failure "a full disk during the upgrade" \
	env KMAINT_TEST_FULL=repack:1 "$KMAINT" index -q
is "$(q 'PRAGMA user_version')" 7 "leaves version 7 too"
is "$(q "SELECT count(*) FROM blobs WHERE base IS NULL")" 2 \
   "and the versions as they were"
expect_success "the next run upgrades it" "$KMAINT" index -q
like "$TRASH/.err" "from schema version 7 to 8 in place" "and says so"
like "$TRASH/.err" "5 stored versions of the tracked files written again: [0-9]+ bytes, [0-9]+ before" \
   "with the bytes before and after"
is "$(q 'PRAGMA user_version')" 8 "now version 8"
is "$(q "SELECT count(*) FROM blobs WHERE base IS NULL")" 1 "only the first whole"
is "$(q "SELECT sum(length(data)) < 3 * 1024 FROM blobs WHERE base IS NOT NULL")" 1 \
   "the deltas small again"
is "$(rebuilt)" 0 "every version rebuilt byte for byte after it"
"$KMAINT" history --all --json >"$TRASH/history-upgraded.json"
is "$(cmp "$TRASH/history-new.json" "$TRASH/history-upgraded.json" && echo same)" \
   same "history gives the answers of a new index"
expect_success "verify the upgraded index" "$KMAINT" index --verify 100

# An update run's first version is a delta on its parent's, rebuilt from
# the index, not kept whole.
edit 20 'M:\tUpdate Person <update@example.org>'
g commit -q -a -m "an update" || exit 1
expect_success "index the update" "$KMAINT" index -q
b=$(git rev-parse HEAD:MAINTAINERS)
is "$(q "SELECT base IS NOT NULL AND length(data) < 1024 FROM blobs WHERE hash = '$b'")" 1 \
   "an update run's first version is a small delta"

# a damaged delta is an error, not a wrong text
q "UPDATE blobs SET data = x'ff' WHERE prefix = -1"
b=$(git rev-parse main:MAINTAINERS)
expect_failure "a damaged delta" "$KMAINT" index --show-blob "$b"
like "$TRASH/.err" "bad delta" "is named"

# A chain that reaches 200 deltas goes on from a version at most 16 deep:
# 230 versions of a 300-section file, one whole.
R=$TRASH/long
DB=$R/.git/kmaint/index.sqlite
git init -q -b main "$R" && cd "$R" || exit 1
awk 'BEGIN {
	for (v = 1; v <= 230; v++) {
		text = ""
		for (i = 0; i < 300; i++)
			text = text sprintf("SECTION %d\nM:\tPerson %d <p%d@example.org>\nS:\tMaintained\nF:\tdrivers/s%d/\n\n", i, i, (i == v ? v + 10000 : i), i)
		printf "commit refs/heads/main\ncommitter T <t@example.org> %d +0000\ndata 2\nv\n", 1000000000 + v * 60
		printf "M 100644 inline MAINTAINERS\ndata %d\n%s\n", length(text), text
	}
}' | git fast-import --quiet || exit 1
expect_success "index 230 versions" "$KMAINT" index -q
is "$(q "SELECT count(*) FROM blobs")" 230 "(230 versions)"
is "$(q "SELECT count(*) FROM blobs WHERE base IS NULL")" 1 "one kept whole"
is "$(q "SELECT max(depth) <= 200 FROM blobs")" 1 "no chain longer than 200"
bad=0
for c in main~0 main~1 main~25 main~28 main~29 main~30 main~31 main~229; do
	b=$(git rev-parse "$c:MAINTAINERS")
	"$KMAINT" index --show-blob "$b" >"$TRASH/blob" &&
	git cat-file blob "$b" | cmp -s - "$TRASH/blob" || bad=$((bad + 1))
done
is "$bad" 0 "versions on both sides of the 200th rebuilt byte for byte"

# An octopus makes a new version only if it differs from every parent's.
# The index asks git about a merge's parents in groups (one round trip
# each, not one a parent): an octopus of 70 parents whose last parent
# has its version makes none, one with a version no parent has makes one.
R=$TRASH/octopus
DB=$R/.git/kmaint/index.sqlite
# version COMMIT: 1 when the index holds a MAINTAINERS version made there
version() {
	q "SELECT count(*) FROM maintainers m JOIN commits c ON c.id = m.commit_id
	   WHERE c.hash = '$1'"
}
git init -q -b main "$R" && cd "$R" || exit 1
printf 'SECTION A\nM:\tOne <one@example.org>\nF:\ta/\n' >MAINTAINERS
g add MAINTAINERS && g commit -q -m base || exit 1
base=$(git rev-parse HEAD)
parents=
for i in $(seq 1 70); do
	g checkout -q "$base" || exit 1
	echo "$i" >"f$i"
	# the last parent alone has the octopus's version
	[ "$i" = 70 ] && printf 'SECTION A\nM:\tTwo <two@example.org>\nF:\ta/\n' >MAINTAINERS
	g add . && g commit -q -m "branch $i" || exit 1
	parents="$parents -p $(git rev-parse HEAD)"
done
last=$(git rev-parse HEAD)
m1=$(echo m1 | g commit-tree "$last^{tree}" $parents) || exit 1
# a version of its own ("evil"), whatever the parents have
printf 'SECTION A\nM:\tThree <three@example.org>\nF:\ta/\n' >MAINTAINERS
g add MAINTAINERS && g commit -q -m three || exit 1
m2=$(echo m2 | g commit-tree "HEAD^{tree}" $parents) || exit 1
top=$(echo top | g commit-tree "$last^{tree}" -p "$m1" -p "$m2") || exit 1
git update-ref refs/heads/main "$top" || exit 1

expect_success "an octopus indexed" "$KMAINT" index main
is "$(version "$m1")" 0 "an octopus with its 70th parent's version makes none"
is "$(version "$m2")" 1 "one with a version of its own makes one"
is "$(q "SELECT count(*) FROM maintainers")" 3 \
   "the base's, the 70th branch's and the octopus's own"
b=$(git rev-parse "$m2:MAINTAINERS")
"$KMAINT" index --show-blob "$b" >"$TRASH/blob"
git cat-file blob "$b" | cmp -s - "$TRASH/blob"
is "$?" 0 "its text, byte for byte"
done_testing
