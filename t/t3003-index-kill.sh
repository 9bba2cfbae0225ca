#!/bin/sh
# kill -9 in the middle of a build: the next run resumes, nothing is
# lost or counted twice, and the database is intact.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
make_history "$R" 4000 11 || exit 1
cd "$R" || exit 1
DB=.git/kmaint/index.sqlite
total=$(git rev-list --count HEAD)

killed=0
for attempt in 1 2 3; do
	rm -rf .git/kmaint
	"$KMAINT" index -q --jobs 1 --batch 50 &
	pid=$!
	# wait until some batches are in, then kill it mid-run
	i=0
	while [ $i -lt 400 ]; do
		n=$(sqlite3 "$DB" 'SELECT count(*) FROM commits' 2>/dev/null || echo 0)
		[ "${n:-0}" -gt 0 ] && break
		sleep 0.01
		i=$((i + 1))
	done
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	n=$(sqlite3 "$DB" 'SELECT count(*) FROM commits' 2>/dev/null || echo 0)
	if [ "${n:-0}" -gt 0 ] && [ "$n" -lt "$total" ]; then
		killed=1
		break
	fi
done
is "$killed" 1 "the build was killed part-way ($n of $total commits in)"
is "$(sqlite3 "$DB" 'PRAGMA integrity_check')" ok "integrity_check after kill -9"
# every commit in is whole: its paths and counts are git's
expect_success "no half-stored commit (verify all that is in)" "$KMAINT" index --verify 100000
like "$TRASH/.out" "^verified $n commits: 0 differ" "all $n verified"
# the derived tables (store/derived.h) are written with the summary, at
# the end: a killed run never leaves them claiming commits it lacks
is "$(sqlite3 "$DB" "SELECT count(*) FROM meta WHERE key = 'derived' AND CAST(value AS INTEGER) <> (SELECT max(id) FROM commits)")" \
   0 "the derived tables claim no more than is in"
expect_success "the next run resumes" "$KMAINT" index
like "$TRASH/.out" "^indexed $((total - n)) new commits" "only the missing commits are read"
is "$(sqlite3 "$DB" 'SELECT count(*) FROM commits')" "$total" "every commit once"
git log --no-merges -M --numstat --format= HEAD >"$TRASH/numstat"
"$KMAINT" index --stats >"$TRASH/stats"
is "$(sed -n 's/^added //p' "$TRASH/stats") $(sed -n 's/^removed //p' "$TRASH/stats")" \
   "$(awk '$1 != "-" && NF { a += $1; r += $2 } END { print a + 0, r + 0 }' "$TRASH/numstat")" \
   "line sums = git log --numstat (nothing counted twice)"
is "$(sqlite3 "$DB" 'PRAGMA integrity_check')" ok "integrity_check after the resumed run"
is "$(sqlite3 "$DB" "SELECT CAST(value AS INTEGER) = (SELECT max(id) FROM commits) FROM meta WHERE key = 'derived'")" \
   1 "the resumed run completes the derived tables"
is "$(sqlite3 "$DB" 'SELECT sum(authored) FROM person_activity')" \
   "$(git rev-list --no-merges --count HEAD)" "each non-merge commit counted once"
is "$(sqlite3 "$DB" "SELECT count(*) FROM meta WHERE key = 'identity'")" \
   1 "the resumed run keeps the identity model"
expect_success "the derived tables agree with the commits" "$KMAINT" index --verify 1
is "$(grep -c '^identity: ' "$TRASH/.out")" 0 "and the identity model with one built whole"
expect_success "no-op afterwards" "$KMAINT" index
like "$TRASH/.out" '^indexed 0 new commits, removed 0' "nothing left to do"

# kill -9 in the middle of the identity model's update (its rows
# written, the transaction not ended; KMAINT_TEST_KILL): the index keeps
# the model of before, which claims nothing new, and the next run
# makes it again in part.  The new commits join two people of before.
a=$(sqlite3 "$DB" "SELECT email FROM ident_addr WHERE flags & 1 AND email LIKE '%@%' ORDER BY id LIMIT 1")
b=$(sqlite3 "$DB" "SELECT email FROM ident_addr WHERE flags & 1 AND email LIKE '%@%' AND person <> (SELECT person FROM ident_addr WHERE email = '$a') ORDER BY id LIMIT 1")
key=$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'identity'")
git commit -q --allow-empty --author="Zed <$a>" -m "x: both

Signed-off-by: Zed <$b>"
git commit -q --allow-empty --author="New Person <new@person.example>" -m "x: new"
KMAINT_TEST_KILL=identity "$KMAINT" index -q >/dev/null 2>&1
is "$?" 137 "killed during the identity model's update"
is "$(sqlite3 "$DB" 'PRAGMA integrity_check')" ok "integrity_check after the kill"
is "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'identity'")" "$key" \
	"the model of before, claiming nothing new"
is "$(sqlite3 "$DB" "SELECT count(*) FROM ident_addr WHERE email = 'new@person.example'")" \
	0 "(none of the new rows)"
KMAINT_DEBUG=1 "$KMAINT" index -q >"$TRASH/.out" 2>"$TRASH/.err"
is "$?" 0 "the next run"
like "$TRASH/.err" "^identity: made again in part" "makes the model again in part"
is "$(sqlite3 "$DB" "SELECT count(DISTINCT person) FROM ident_addr WHERE email IN ('$a', '$b')")" \
	1 "with the join of two people of before"
expect_success "which index --verify agrees with" "$KMAINT" index --verify 1
is "$(grep -c '^identity: ' "$TRASH/.out")" 0 "(no row differs)"
done_testing
