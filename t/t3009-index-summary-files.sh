#!/bin/sh
# The summary's files rows: written in two steps, walked as the tables
# would be, checked by --verify, upgraded from schema version 5.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
make_history "$R" 300 7 || { echo "1..1"; echo "not ok 1 - fast-import"; exit 1; }
cd "$R" || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
NOW=main

# a commit whose tags are its signature lines' (a tag above the
# trailer block): its summary tags are not its trailers; it gives
# every directory a section, as many as make audit walk every commit
git checkout -q main
for d in $(git ls-files | awk -F/ 'NF > 2 { print $1 "/" $2 }' | sort -u); do
	printf '\nAREA %s\nM:\tOwner <owner@example.com>\nS:\tMaintained\nF:\t%s/\n' \
		"$d" "$d"
done >>MAINTAINERS
git add MAINTAINERS
# (dated after main's last commit: audit's window ends there)
GIT_AUTHOR_DATE="$(($(git log -1 --format=%ct) + 3600)) +0000" \
GIT_COMMITTER_DATE="$(($(git log -1 --format=%ct) + 3600)) +0000" \
git -c user.name='Sig Line' -c user.email=sig@example.com commit -q -F - <<EOF
sig: a tag in the body

Reviewed-by: Body Tag <body.tag@example.com>
says more here.

Signed-off-by: Sig Line <sig@example.com>
Acked-by: Last Tag <last.tag@example.com>
EOF

expect_success "index the first part" "$KMAINT" index -q main~40
expect_success "and the rest" "$KMAINT" index -q
is "$(q 'SELECT count(*) FROM summary WHERE length(files) > 0')" 2 \
   "two chunks, each with its files"
is "$(q 'SELECT count(*) > 0 FROM commits WHERE flags & 8')" 1 \
   "(a commit with signature lines)"
is "$(q 'SELECT count(*) > 0 FROM files WHERE old_path IS NOT NULL')" 1 \
   "(renames)"

audit() { "$KMAINT" audit --as-of "$NOW" --min-changes 1 --json >"$1"; }
audit "$TRASH/summary.json"
like "$TRASH/summary.json" '"changes": *[1-9]' "(audit counts changes)"
expect_success "verify: the summary is the tables'" "$KMAINT" index --verify 5
like "$TRASH/.out" "^verified the summary's files and trailers: [0-9]+ commits, 0 differ" \
     "... every commit checked"

# the same walk from the tables
q "SELECT writefile('$TRASH/files.bin', files) FROM summary WHERE lo = 0" >/dev/null
q "UPDATE summary SET files = NULL WHERE lo = 0"
audit "$TRASH/tables.json"
same_file "$TRASH/summary.json" "$TRASH/tables.json" \
	  "audit from the summary = audit from the tables"
expect_failure "verify: a chunk without files" "$KMAINT" index --verify 5
like "$TRASH/.out" "^summary: a chunk does not decode" "... is said"

q "UPDATE summary SET files = readfile('$TRASH/files.bin') WHERE lo = 0"

# a chunk that decodes but holds other paths is read, and found out:
# the last chunk's, in audit's window, each path id one more
q "SELECT writefile('$TRASH/last.bin', files) FROM summary WHERE lo > 0" >/dev/null
perl -0777 -pi -e 's/^(.)/chr(ord($1) ^ 4)/se' "$TRASH/last.bin"
q "UPDATE summary SET files = readfile('$TRASH/last.bin') WHERE lo > 0"
expect_failure "verify: a changed path" "$KMAINT" index --verify 5
like "$TRASH/.out" "^summary: commit [0-9]+: its files or trailers differ" \
     "... names the commit"
like "$TRASH/.out" "commits, 1 differ" "... only it"
audit "$TRASH/tampered.json"
is "$(cmp -s "$TRASH/summary.json" "$TRASH/tampered.json" || echo differs)" \
   differs "audit reads the summary when it is whole"

# an index of schema version 5 (no files blob) is upgraded in place
q "ALTER TABLE summary DROP COLUMN files; DROP TABLE pathmap;
   DROP TABLE pathmap_key; PRAGMA user_version = 5"
expect_success "kmaint index upgrades a version-5 index" "$KMAINT" index -q
like "$TRASH/.err" "from schema version 5 to 8 in place" "and says so"
is "$(q 'PRAGMA user_version')" 8 "now version 8"
is "$(q 'SELECT count(*) FROM summary WHERE length(files) > 0')" 1 \
   "the summary is written again, with its files"
audit "$TRASH/upgraded.json"
same_file "$TRASH/summary.json" "$TRASH/upgraded.json" \
	  "the upgraded index gives the same audit"
expect_success "verify after the upgrade" "$KMAINT" index --verify 5

done_testing
