#!/bin/sh
# The path map (store/pathmap.c): the sections of every indexed path,
# kept by "kmaint index" and read by whole-tree questions only for the
# very matcher that made it; extended for new paths, made again when
# MAINTAINERS or the work tree's directories change, checked by
# --verify, written by the upgrade to schema 7, safe from kill -9.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
make_history "$R" 200 7 || { echo "1..1"; echo "not ok 1 - fast-import"; exit 1; }
cd "$R" || exit 1
git checkout -q -f main || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }

# more sections than audit looks at one by one (FEW_SECTIONS), and the
# matcher's cases: a value naming a directory without its '/', an X:,
# an N:, a glob, a leading '*' (depth -1)
{
	for d in $(git ls-files | awk -F/ 'NF > 2 { print $1 "/" $2 }' |
		   sort -u); do
		printf 'AREA %s\nM:\tOwner <owner@example.com>\nS:\tMaintained\nF:\t%s/\n\n' \
			"$d" "$d"
	done
	printf 'USB AS A NAME\nM:\tUsb <usb@example.com>\nS:\tMaintained\nF:\tdrivers/usb\n\n'
	printf 'DRIVERS BUT NEW\nR:\tDr <dr@example.com>\nS:\tOdd Fixes\nF:\tdrivers/\nX:\tdrivers/new/\n\n'
	printf 'EXT4 BY NAME\nM:\tExt <ext@example.com>\nS:\tSupported\nN:\text4\n\n'
	printf 'SOME NEW FILES\nM:\tGlob <glob@example.com>\nS:\tMaintained\nF:\tdrivers/new/file1*.c\n\n'
	printf 'ANY KERNEL DIR\nM:\tStar <star@example.com>\nS:\tMaintained\nF:\t*/kernel/\n\n'
	the_rest
} >MAINTAINERS
git add MAINTAINERS &&
GIT_AUTHOR_DATE="$(($(git log -1 --format=%ct) + 3600)) +0000" \
GIT_COMMITTER_DATE="$(($(git log -1 --format=%ct) + 3600)) +0000" \
git commit -q -m "MAINTAINERS: areas" || exit 1

# audit --json with this index, and with a copy that has no map
audit() { "$KMAINT" audit --min-changes 1 --json "$@"; }
plain() {
	rm -f "$TRASH/plain.sqlite" &&
	sqlite3 "$DB" ".backup '$TRASH/plain.sqlite'" &&
	sqlite3 "$TRASH/plain.sqlite" "DELETE FROM pathmap; DELETE FROM pathmap_key" &&
	audit --db "$TRASH/plain.sqlite" >"$TRASH/plain.json"
}
# audit from the index = audit with the matcher alone
same_audit() {
	audit >"$TRASH/map.json"
	plain
	same_file "$TRASH/map.json" "$TRASH/plain.json" "$1"
}
covered() { q "SELECT (SELECT max(hi) FROM pathmap) = (SELECT max(id) FROM paths)"; }

expect_success "index the first part" "$KMAINT" index -q main~40
n1=$(q "SELECT max(id) FROM paths")
is "$(covered)" 1 "the map holds every path"
expect_success "and the rest" "$KMAINT" index -q
is "$(q "SELECT max(id) > $n1 FROM paths")" 1 "(the rest has new paths)"
is "$(covered)" 1 "the new paths are in the map"
is "$(q "SELECT count(*) || ' ' || min(lo) FROM pathmap")" "1 0" \
   "added to its one chunk"
same_audit "audit from the map = audit from the matcher"
like "$TRASH/map.json" '"changes": *[1-9]' "(audit counts changes)"
expect_success "verify" "$KMAINT" index --verify 5
like "$TRASH/.out" "^verified the path map: $(q 'SELECT count(*) FROM paths') paths, 0 differ" \
     "... checks every path"

# the map is what audit reads: one that gives no path a section
q "SELECT writefile('$TRASH/map.bin', data) FROM pathmap" >/dev/null
ids=$(q "SELECT count(*) = max(id) AND min(id) = 1 FROM paths")
printf 'KPM1' >"$TRASH/none.bin"
perl -e 'print "\x02\x00"; print "\x01\x00" x ($ARGV[0] - 1)' \
     "$(q 'SELECT count(*) FROM paths')" >>"$TRASH/none.bin"
q "UPDATE pathmap SET data = readfile('$TRASH/none.bin')"
is "$ids" 1 "(path ids 1..n)"
audit >"$TRASH/none.json"
is "$(cmp -s "$TRASH/none.json" "$TRASH/plain.json" || echo differs)" \
   differs "audit reads the map when it is the matcher's"
expect_failure "verify: a map that differs" "$KMAINT" index --verify 5
like "$TRASH/.out" "^path map: README: stored no section; the matcher gives THE REST:-1" \
     "... names the path and both answers"
like "$TRASH/.out" "^verified the path map: ([0-9]+) paths, \\1 differ" \
     "... and counts every path"
is "$(grep -c '^path map: .*: stored' "$TRASH/.out")" 20 "... printing the first 20"
q "UPDATE pathmap SET data = X'4B504D3102'"
audit >"$TRASH/damaged.json"
same_file "$TRASH/damaged.json" "$TRASH/plain.json" \
	  "a chunk that does not decode is not read"
expect_failure "verify: a damaged chunk" "$KMAINT" index --verify 5
like "$TRASH/.out" "^path map: a chunk does not decode" "... is said"
q "UPDATE pathmap SET data = readfile('$TRASH/map.bin')"
expect_success "verify: the map put back" "$KMAINT" index --verify 5

# MAINTAINERS changed in the work tree: not answered from the old map
printf 'LATE AREA\nM:\tLate <late@example.com>\nS:\tMaintained\nF:\tdrivers/\n\n' |
	cat - MAINTAINERS >"$TRASH/M" && cp "$TRASH/M" MAINTAINERS
key=$(q "SELECT hex(key) FROM pathmap_key")
same_audit "a changed MAINTAINERS: not from the old map"
like "$TRASH/map.json" '"LATE AREA"' "(the new section is audited)"
expect_success "verify: no map for this MAINTAINERS" "$KMAINT" index --verify 5
like "$TRASH/.out" "^verified the path map: there is none for this MAINTAINERS" \
     "... says so"
expect_success "kmaint index makes it again" "$KMAINT" index -q
is "$(q "SELECT hex(key) != '$key' FROM pathmap_key")" 1 "a new key"
is "$(covered)" 1 "every path in it"
same_audit "audit from the new map = audit from the matcher"
expect_success "verify the new map" "$KMAINT" index --verify 5
like "$TRASH/.out" "^verified the path map: [0-9]+ paths, 0 differ" "... 0 differ"

# a directory that becomes a file: "F: drivers/usb" covers only itself
cp "$TRASH/map.json" "$TRASH/with-dir.json"
rm -rf drivers/usb && echo file >drivers/usb
same_audit "a directory turned file: not from the map"
is "$(cmp -s "$TRASH/map.json" "$TRASH/with-dir.json" || echo differs)" \
   differs "(which gives another audit)"
expect_success "index with the file" "$KMAINT" index -q
same_audit "the map made with the file"
rm -f drivers/usb && git checkout -q -- drivers/usb
same_audit "and the directory back: not from that map"
expect_success "index with the directory" "$KMAINT" index -q
expect_success "verify" "$KMAINT" index --verify 5
like "$TRASH/.out" "^verified the path map: [0-9]+ paths, 0 differ" "... 0 differ"

# a map that does not reach the last path: the rest matched
sqlite3 "$DB" ".backup '$TRASH/full.sqlite'"
mkdir -p drivers/usb/late && echo late >drivers/usb/late/late.c &&
git add drivers/usb/late/late.c &&
git commit -q -m "usb: a late file" || exit 1
expect_success "index the late file" "$KMAINT" index -q
is "$(q "SELECT count(*) FROM paths WHERE path = 'drivers/usb/late/late.c'")" 1 \
   "(a new path)"
sqlite3 "$DB" "ATTACH '$TRASH/full.sqlite' AS old;
	DELETE FROM pathmap; INSERT INTO pathmap SELECT * FROM old.pathmap"
is "$(covered)" 0 "(the map lacks the new path)"
same_audit "paths after the map are matched"
expect_success "verify a short map" "$KMAINT" index --verify 5
expect_success "the next index run" "$KMAINT" index -q
is "$(covered)" 1 "extends it"

# an index of schema version 6 is upgraded, the map written
q "DROP TABLE pathmap; DROP TABLE pathmap_key; PRAGMA user_version = 6"
expect_success "kmaint index upgrades a version-6 index" "$KMAINT" index -q
like "$TRASH/.err" "from schema version 6 to 8 in place" "and says so"
is "$(q 'PRAGMA user_version')" 8 "now version 8"
is "$(covered)" 1 "the map is written"
same_audit "the upgraded index gives the same audit"

# kill -9 while the map is written: the last complete map stays
key=$(q "SELECT hex(key) FROM pathmap_key")
printf '\nKILLED AREA\nM:\tK <k@example.com>\nS:\tMaintained\nF:\tfs/\n' >>MAINTAINERS
KMAINT_TEST_KILL=pathmap "$KMAINT" index -q >/dev/null 2>&1
is "$?" 137 "(killed)"
is "$(q "SELECT hex(key) = '$key' FROM pathmap_key")" 1 "the old map is kept"
same_audit "and not read for the new MAINTAINERS"
expect_success "the next run" "$KMAINT" index -q
is "$(q "SELECT hex(key) != '$key' FROM pathmap_key")" 1 "writes the new one"

# a full disk when the map is written: the run fails, the last map stays
key=$(q "SELECT hex(key) FROM pathmap_key")
printf '\nFULL AREA\nM:\tF <f@example.com>\nS:\tMaintained\nF:\tmm/\n' >>MAINTAINERS
expect_failure "a full disk at the map" env KMAINT_TEST_FULL=pathmap:1 \
	"$KMAINT" index -q
is "$(q "SELECT hex(key) = '$key' FROM pathmap_key")" 1 "the old map is kept"
same_audit "and not read for the new MAINTAINERS"

# a pattern that does not compile: no map, and no word of it from index
printf '\nBAD AREA\nM:\tB <b@example.com>\nS:\tMaintained\nF:\tdrivers/new/(file\n' >>MAINTAINERS
expect_success "index with a bad pattern" "$KMAINT" index -q
is "$(cat "$TRASH/.err")" "" "says nothing of it"
is "$(q 'SELECT count(*) FROM pathmap_key')" 0 "keeps no map"

done_testing
