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
done_testing
