#!/bin/sh
# kmaint index on a generated history, checked against git's own answers.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
make_history "$R" 400 7 || { echo "1..1"; echo "not ok 1 - fast-import"; exit 1; }
cd "$R" || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
stat_of() { sed -n "s/^$1 //p" "$TRASH/stats"; }

expect_success "index builds" "$KMAINT" index
like "$TRASH/.out" '^indexed [0-9]+ new commits' "summary printed"
is "$(ls "$DB")" "$DB" "database in the git directory by default"
"$KMAINT" index --stats >"$TRASH/stats"

is "$(stat_of commits)" "$(git rev-list --count main)" "commits = rev-list --count"
is "$(stat_of merges)" "$(git rev-list --merges --count main)" "merges = rev-list --merges"
is "$(stat_of roots)" "$(git rev-list --max-parents=0 --count main)" "two root commits"
is "$(stat_of roots)" 2 "two roots in the generated history"

git log --no-merges -M --numstat --format= main >"$TRASH/numstat"
is "$(stat_of added) $(stat_of removed)" \
   "$(awk '$1 != "-" && NF { a += $1; r += $2 } END { print a + 0, r + 0 }' "$TRASH/numstat")" \
   "line sums = git log --numstat"
is "$(stat_of files)" "$(grep -c . "$TRASH/numstat")" "changed paths = git log --numstat rows"
is "$(stat_of binary)" "$(grep -c '^-	-	' "$TRASH/numstat")" "binary changes = numstat '-' rows"
is "$(stat_of submodule)" \
   "$(git log --no-merges --raw --format= main | grep -c '^:[0-7]* 160000\|^:160000')" \
   "submodule changes marked"
is "$(stat_of renames)" "$(git log --no-merges -M --raw --format= main | grep -c '	*R[0-9]*	')" \
   "renames recorded with their source"

# per person: git shortlog -sne (mailmapped, merges included)
git shortlog -sne main | sed 's/^ *//' | sort >"$TRASH/shortlog"
q "SELECT count(*) || char(9) || p.mname || ' <' || p.memail || '>'
   FROM commits c JOIN people p ON p.id = c.author
   GROUP BY p.mname, p.memail" | sort >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/shortlog" "per-person commit counts = git shortlog -sne"

# trailers, key by key
git log --format='%(trailers:only,unfold)' main >"$TRASH/trailers"
for k in Signed-off-by Reviewed-by Acked-by Tested-by Reported-by Cc Link Fixes; do
	is "$(sed -n "s/^trailer $k //p" "$TRASH/stats")" \
	   "$(grep -ci "^$k:" "$TRASH/trailers")" "$k trailer count"
done
is "$(q "SELECT count(*) FROM trailer_log WHERE key = 'Link' AND email IS NOT NULL")" 0 \
   "a Link URL is not a person"
is "$(q "SELECT count(*) FROM trailer_log WHERE key = 'Reported-by' AND value LIKE 'syzbot+%' AND email = value")" \
   "$(grep -c '^Reported-by: syzbot+' "$TRASH/trailers")" "bare syzbot addresses parsed as people"

# trailer values as git gives them; a person's "name <email>" is stored
# once, in people, and the value as '' (schema 8)
git log --format='%(trailers:only,unfold,valueonly)' main | sed '/^$/d' |
	sort >"$TRASH/values"
q "SELECT value FROM trailer_log" | sort >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/values" "trailer values = git's, byte for byte"
elided=$(q "SELECT count(*) FROM trailers WHERE value = ''")
is "$(q "SELECT $elided > count(*) / 2 FROM trailers")" 1 \
   "most values are their person's, stored as ''"
# a version-7 index stored them whole: the upgrade empties them
q "UPDATE trailers SET value = (SELECT name || ' <' || email || '>' FROM people
   WHERE id = trailers.person) WHERE value = ''; PRAGMA user_version = 7"
pages() { q "SELECT count(*) FROM dbstat WHERE name = 'trailers'"; }
before=$(pages)
expect_success "kmaint index upgrades a version-7 index" "$KMAINT" index -q
is "$(q "SELECT count(*) FROM trailers WHERE value = ''")" "$elided" \
   "the same values stored as ''"
is "$(($(pages) < before))" 1 "in fewer pages ($before before)"
is "$(q "SELECT count(*) FROM sqlite_master WHERE name = 'trailers_person'")" 1 \
   "its index made again"
q "SELECT value FROM trailer_log" | sort >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/values" "and read back as git gives them"

# odd paths are stored exactly
is "$(q "SELECT count(*) FROM paths WHERE path IN ('drivers/odd/tab' || char(9) || 'here.c',
	'drivers/odd/new' || char(10) || 'line.c', 'drivers/odd/quote\"d.c',
	'drivers/odd/back\\slash.c')")" 4 \
   "paths with tabs, newlines, quotes and backslashes stored unquoted"
is "$(q "SELECT count(*) FROM paths WHERE path LIKE 'drivers/odd/%'")" \
   "$(git log -M --no-merges --format= --name-status -z main -- drivers/odd | tr '\0' '\n' |
      grep '^drivers/odd/' | sort -u | wc -l)" \
   "every odd path ever changed, as git names it with -z"
is "$(q "SELECT author_time FROM commits ORDER BY author_time LIMIT 1")" 0 "a 1970 date"
is "$(q "SELECT max(author_time) FROM commits")" 4102444800 "a date in 2100"
is "$(q "SELECT count(*) FROM commits c JOIN people p ON p.id = c.author WHERE p.name = 'François Accent'")" 1 \
   "an ISO-8859-1 author is stored as UTF-8"
is "$(q "SELECT hex(p.name) FROM commits c JOIN people p ON p.id = c.author WHERE p.email = 'bad@example.com'")" \
   "$(printf 'Bad \377\376 Bytes' | od -An -tx1 | tr -d ' \n' | tr a-f A-F)" \
   "bytes that are not UTF-8 stored as they are"
is "$(q "SELECT count(*) FROM commits c JOIN people p ON p.id = c.author WHERE p.name = ''")" 1 \
   "an empty author name"
is "$(q "SELECT author_tz FROM commits WHERE subject LIKE '%number 7'")" \
   "-420" "time zones in minutes (-0700)"
is "$(q "SELECT author_tz FROM commits WHERE subject LIKE '%number 10'")" \
   "-720" "time zones in minutes (-1200)"

# MAINTAINERS versions: every version stored, text rebuilt exactly
is "$(stat_of tracked-versions)" "$(git log --format=%H main -- MAINTAINERS | wc -l)" \
   "one MAINTAINERS version per changing commit"
bad=0
for c in $(git log --format=%H main -- MAINTAINERS); do
	b=$(git rev-parse "$c:MAINTAINERS")
	[ "$(q "SELECT blob FROM maintainers m JOIN commits c ON c.id = m.commit_id WHERE c.hash = '$c'")" = "$b" ] ||
		{ bad=$((bad + 1)); echo "# blob id of $c"; }
	"$KMAINT" index --show-blob "$b" >"$TRASH/blob" &&
	git cat-file blob "$b" | cmp -s - "$TRASH/blob" ||
		{ bad=$((bad + 1)); echo "# text of $b"; }
done
is "$bad" 0 "every MAINTAINERS version: blob id stored, text rebuilt byte for byte"
like "$TRASH/stats" '^tracked-blobs [1-9]' "versions stored"
is "$(q "SELECT count(*) > 0 FROM blobs WHERE base IS NOT NULL")" 1 "some versions stored as deltas"

is "$(q 'PRAGMA user_version')" 8 "schema version 8"
is "$(q 'SELECT max(hi) = (SELECT max(id) FROM commits) FROM summary')" 1 \
	"the summary reaches the last commit"
is "$(q 'SELECT count(*) FROM summary WHERE lo = 0')" 1 "... from the first"

# A version-1 index (no caches, no signature lines) is migrated by the
# next run, which writes the summary; the stats read from it are those
# from the tables, and a rebuild gives those of a new index.
"$KMAINT" stats --no-update --json >"$TRASH/stats-cached.json"
q "DROP TABLE summary; DROP TABLE follow; DROP TABLE siglines;
   DROP TABLE lists; DROP TABLE sources; DROP TABLE cursors; DROP TABLE messages;
   DROP TABLE msg_files; DROP TABLE msg_trailers; DROP TABLE msg_problems;
   DROP TABLE commit_patchids; DROP TABLE links; DROP TABLE relink;
   DROP TABLE pathmap; DROP TABLE pathmap_key;
   UPDATE commits SET flags = flags & ~8; DELETE FROM meta WHERE key = 'siglines';
   PRAGMA user_version = 1"
expect_failure "a version-1 index is not read without migrating" \
	"$KMAINT" stats --no-update
like "$TRASH/.err" "schema version 1 needs migrating; run 'kmaint index'" \
	"... and says what to run"
expect_success "kmaint index upgrades it in place" "$KMAINT" index -q
like "$TRASH/.err" "upgrading the index '.*index.sqlite' from schema version 1 to 8 in place" \
	"and says so"
like "$TRASH/.err" "upgrading the index made by an older kmaint: reading its [0-9]+ commits again" \
	"its commits are read again, for what the old one did not keep"
is "$(q 'PRAGMA user_version')" 8 "now version 8"
is "$(q 'SELECT max(hi) = (SELECT max(id) FROM commits) FROM summary')" 1 \
	"the summary is written"
is "$(q "SELECT value FROM meta WHERE key = 'siglines'")" all "every commit has its signature lines"
"$KMAINT" stats --no-update --json >"$TRASH/stats-migrated.json" 2>"$TRASH/.err"
is "$(wc -c <"$TRASH/.err")" 0 "no note that a rebuild is needed"
is "$(cmp "$TRASH/stats-cached.json" "$TRASH/stats-migrated.json" && echo same)" same \
	"the upgraded index gives the answers of a new one"
q "DELETE FROM summary"
"$KMAINT" stats --no-update --json >"$TRASH/stats-tables.json"
like "$TRASH/stats-tables.json" '"reviews": [1-9]' "(which count reviews)"
is "$(cmp "$TRASH/stats-migrated.json" "$TRASH/stats-tables.json" && echo same)" same \
	"stats without the summary (read from the tables) are the same"
expect_success "kmaint index --rebuild" "$KMAINT" index -q --rebuild
"$KMAINT" stats --no-update --json >"$TRASH/stats-rebuilt.json" 2>"$TRASH/.err"
is "$(cmp "$TRASH/stats-cached.json" "$TRASH/stats-rebuilt.json" && echo same)" same \
	"after a rebuild, the stats of a new index"
is "$(wc -c <"$TRASH/.err")" 0 "and no note"
is "$(q 'PRAGMA journal_mode')" wal "WAL mode"
is "$(q 'PRAGMA integrity_check')" ok "integrity_check"

expect_success "verify 200 random commits" "$KMAINT" index --verify 200
like "$TRASH/.out" '^verified 200 commits: 0 differ' "verify found no difference"

# no-op and incremental updates
expect_success "no-op update" "$KMAINT" index
like "$TRASH/.out" '^indexed 0 new commits, removed 0' "no-op reads nothing"
echo change >>README && git commit -qam "readme: more

Signed-off-by: A U Thor <author@example.com>" &&
echo change2 >>README && git commit -qam "readme: even more" || exit 1
expect_success "incremental update" "$KMAINT" index
like "$TRASH/.out" '^indexed 2 new commits, removed 0' "only the new commits are read"
is "$(q 'SELECT count(*) FROM commits')" "$(git rev-list --count main)" "count after update"

# rewritten history: the dropped commits go, nothing is rebuilt
git reset -q --hard HEAD~2 && echo other >>README && git commit -qam "readme: rewritten" || exit 1
expect_success "update after a rewrite" "$KMAINT" index
like "$TRASH/.out" '^indexed 1 new commits, removed 2' "unreachable commits removed"
is "$(q 'SELECT count(*) FROM commits')" "$(git rev-list --count main)" "count after rewrite"
is "$(q "SELECT count(*) FROM files f LEFT JOIN commits c ON c.id = f.commit_id WHERE c.id IS NULL")" 0 \
   "no orphan file rows"

# Fixes: resolved to indexed commits
fix=$(git rev-parse --short=12 HEAD)
echo fix >>README && git commit -qam "readme: fix

Fixes: $fix (\"readme: rewritten\")
Signed-off-by: A U Thor <author@example.com>" || exit 1
"$KMAINT" index -q
is "$(q "SELECT target FROM trailer_log WHERE key = 'Fixes' AND value LIKE '$fix%'")" \
   "$(git rev-parse HEAD~1)" "Fixes: target resolved to the full commit id"

# a branch literally named HEAD, and --db elsewhere
expect_success "index refs/heads/HEAD and main into --db" \
	"$KMAINT" index --db "$TRASH/other.sqlite" refs/heads/HEAD main
is "$(sqlite3 "$TRASH/other.sqlite" 'SELECT count(*) FROM commits')" \
   "$(git rev-list --count refs/heads/HEAD main)" "a branch named HEAD is indexed as a branch"
is "$(sqlite3 "$TRASH/other.sqlite" "SELECT count(*) FROM commits WHERE subject = 'branch named HEAD'")" 1 \
   "its own commit is there"

# a linked work tree shares the index of the repository
git worktree add -q "$TRASH/wt" 2>/dev/null || exit 1
expect_success "index from a linked work tree" "$KMAINT" -C "$TRASH/wt" index
like "$TRASH/.out" '^indexed 0 new commits, removed 0' "same index, nothing new"
is "$(ls "$TRASH/wt/.git" 2>/dev/null; ls "$R/.git/worktrees/wt/kmaint" 2>/dev/null)" "$TRASH/wt/.git" \
   "no second index in the work tree's git directory"

# --verify notices a wrong row
q "UPDATE files SET added = added + 1 WHERE added IS NOT NULL"
expect_failure "verify reports differences" "$KMAINT" index --verify 10000
like "$TRASH/.out" 'index has [0-9]+/[0-9]+, git has' "verify names the difference"

# rename detection is one setting per index
expect_failure "--no-renames on an index built with renames" "$KMAINT" index --no-renames
like "$TRASH/.err" 'use --rebuild' "says how to change it"
expect_success "an index without rename detection" \
	"$KMAINT" index --no-renames --db "$TRASH/norenames.sqlite"
is "$(sqlite3 "$TRASH/norenames.sqlite" 'SELECT count(*) FROM files WHERE old_path IS NOT NULL')" 0 "no renames"
is "$(sqlite3 "$TRASH/norenames.sqlite" 'SELECT sum(added) FROM files')" \
   "$(git log --no-merges --no-renames --numstat --format= main | awk '$1 != "-" && NF { a += $1 } END { print a }')" \
   "line sums = git log --no-renames --numstat"
expect_success "verify it (without renames)" "$KMAINT" index --db "$TRASH/norenames.sqlite" --verify 100

# Line counts are git log --numstat's even where the index has a
# .gitattributes that the work tree lacks: git log reads no index, and
# kmaint's diff-tree none either (it would take the index's attributes)
A=$TRASH/attrs
git init -q "$A" && cd "$A" || exit 1
printf '*.dat -diff\n' >.gitattributes
printf 'one\ntwo\n' >a.dat
git add . && git commit -q -m 'text marked binary'
printf 'one\n2\nthree\n' >a.dat
git commit -q -a -m 'more of it'
rm .gitattributes
expect_success "index with the attributes in the index alone" \
	"$KMAINT" index --db "$TRASH/attrs.sqlite"
is "$(sqlite3 "$TRASH/attrs.sqlite" "SELECT group_concat(coalesce(added, '-') || ' ' ||
	coalesce(removed, '-'), ',') FROM (SELECT f.added, f.removed FROM files f
	JOIN paths p ON p.id = f.path WHERE p.path = 'a.dat' ORDER BY f.commit_id)")" \
   "$(git log --reverse --numstat --format= -- a.dat | cut -f1,2 | tr '\t\n' ' ,' | sed 's/,$//')" \
   "a.dat's line counts = git log --numstat's"
cd "$R" || exit 1

expect_failure "unknown option" "$KMAINT" index --bogus
expect_failure "not a commit" "$KMAINT" index no-such-branch
like "$TRASH/.err" "'no-such-branch' is not a commit" "clear message for a bad revision"
done_testing
