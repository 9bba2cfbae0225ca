#!/bin/sh
# kmaint index on repositories that are not what it hopes for.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

# not a repository
mkdir "$TRASH/plain"
export GIT_CEILING_DIRECTORIES=$TRASH
expect_failure "outside a repository" "$KMAINT" -C "$TRASH/plain" index
like "$TRASH/.err" 'not a git repository' "says it is not a repository"

# an empty repository
git init -q "$TRASH/empty"
expect_failure "empty repository" "$KMAINT" -C "$TRASH/empty" index
like "$TRASH/.err" 'empty repository' "says it is empty"

# a missing blob: git log --numstat dies, kmaint completes and says what
R=$TRASH/repo
make_history "$R" 150 3 || exit 1
cd "$R" || exit 1
echo "a big file" >drivers/big.bin && git add drivers/big.bin &&
git commit -q -m "big: add it" && echo "changed" >>drivers/big.bin &&
git commit -q -am "big: change it" && echo more >>README &&
git commit -q -am "readme: after the big file" || exit 1
git clone -q --depth 20 "file://$R" "$TRASH/shallow" 2>/dev/null || exit 1
# not the version in the work tree: git would read that file instead
blob=$(git rev-parse HEAD~2:drivers/big.bin)
rm -f ".git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)"
git log --numstat >/dev/null 2>&1
is "$?" 128 "git log --numstat dies on the missing blob"
expect_success "index completes despite the missing blob" "$KMAINT" index
like "$TRASH/.err" 'unreadable blobs' "summary warns about unreadable blobs"
like "$TRASH/.err" "drivers/big.bin	$blob" "and names the path and blob"
DB=.git/kmaint/index.sqlite
is "$(sqlite3 $DB 'SELECT count(*) FROM commits')" "$(git rev-list --count HEAD)" "every commit indexed"
is "$(sqlite3 $DB "SELECT count(*) FROM file_log WHERE path = 'drivers/big.bin' AND added IS NULL AND flags & 4")" 2 \
   "both changes of the path: counts unknown, marked unreadable"
is "$(sqlite3 $DB "SELECT added FROM file_log f JOIN commits c USING (hash) WHERE c.subject = 'readme: after the big file'")" 1 \
   "the next commit is counted normally"
git log --no-merges -M --numstat --format= HEAD~3 >"$TRASH/numstat"
is "$(sqlite3 $DB "SELECT sum(added) || ' ' || sum(removed) FROM files f JOIN commits c ON c.id = f.commit_id
	WHERE c.subject NOT LIKE 'big:%' AND c.subject NOT LIKE 'readme: after%'")" \
   "$(awk '$1 != "-" && NF { a += $1; r += $2 } END { print a, r }' "$TRASH/numstat")" \
   "line sums of the readable history = git log --numstat"
expect_success "verify accepts the unreadable marks" "$KMAINT" index --verify 1000

# a shallow clone: indexed as far as it goes, with a note
expect_success "shallow clone" "$KMAINT" -C "$TRASH/shallow" index
like "$TRASH/.err" 'shallow clone' "notes that the clone is shallow"
is "$(sqlite3 "$TRASH/shallow/.git/kmaint/index.sqlite" 'SELECT count(*) FROM commits')" \
   "$(git -C "$TRASH/shallow" rev-list --count HEAD)" "as many commits as the clone has"

# a read-only repository with --db elsewhere
expect_success "--db outside the repository" "$KMAINT" index --db "$TRASH/x/y.sqlite"
is "$(sqlite3 "$TRASH/x/y.sqlite" 'SELECT count(*) FROM commits')" "$(git rev-list --count HEAD)" "--db used"
expect_failure "--stats without an index" "$KMAINT" index --db "$TRASH/none.sqlite" --stats
like "$TRASH/.err" 'no index at' "says there is no index"
echo "not a database" >"$TRASH/bad.sqlite"
expect_failure "a file that is not a database" "$KMAINT" index --db "$TRASH/bad.sqlite"
done_testing
