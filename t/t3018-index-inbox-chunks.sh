#!/bin/sh
# An archive's line of history read by chunks (a rev-list and a log of
# at most KMAINT_TEST_CHUNK commits each; 20,000 otherwise) stores the
# same messages as one log, first and after an update whose cursor is
# in the middle of a chunk; an epoch with a merge is read whole.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project
echo a >a.c && git add a.c && git commit -qm "a: start" || exit 1
for i in 1 2 3 4 5 6 7; do
	mail "$M/p$i.eml" "Dev <dev@example.com>" "[PATCH] a: change $i" \
		"Mon, $i Jan 2024 10:00:00 +0000" "p$i@example.com" </dev/null
done
pi_inbox
rows() {
	sqlite3 "$1" "SELECT msgid, part, blob, date FROM messages ORDER BY id;
		      SELECT part, value FROM cursors ORDER BY part"
}

expect_success "read whole" "$KMAINT" index --db "$TRASH/whole.db" --inbox "$I"
KMAINT_TEST_CHUNK=2
export KMAINT_TEST_CHUNK
expect_success "read by chunks of two" "$KMAINT" index --db "$TRASH/chunks.db" --inbox "$I"
is "$(rows "$TRASH/chunks.db")" "$(rows "$TRASH/whole.db")" "the same rows"
is "$(sqlite3 "$TRASH/chunks.db" "SELECT count(*) FROM messages")" 7 "every message"

# three more: the update starts after the cursor, mid-chunk
for i in 8 9 10; do
	mail "$M/n$i.eml" "Dev <dev@example.com>" "[PATCH] a: later $i" \
		"Tue, $i Jan 2024 10:00:00 +0000" "n$i@example.com" </dev/null
	pi_mda test@example.com "$M/n$i.eml"
done
expect_success "an update by chunks" "$KMAINT" index --db "$TRASH/chunks.db"
like "$TRASH/.out" '^lists: 3 messages added' "three added"
unset KMAINT_TEST_CHUNK
expect_success "the same update whole" "$KMAINT" index --db "$TRASH/whole.db"
is "$(rows "$TRASH/chunks.db")" "$(rows "$TRASH/whole.db")" "the same rows again"

# an epoch as a mirror publishes it, with a merge: read as one log
E=$TRASH/merged.git
git clone -q "$I/git/0.git" "$TRASH/w" && cd "$TRASH/w" || exit 1
git checkout -q -b side HEAD~3 &&
cp "$M/p1.eml" m && git add m && git commit -qm side &&
git checkout -q - && git merge -q --no-edit -s ours side || exit 1
git clone -q --bare "$TRASH/w" "$E" && cd "$R" || exit 1
KMAINT_TEST_CHUNK=2 expect_success "an epoch with a merge, by chunks" \
	"$KMAINT" index --db "$TRASH/m1.db" --inbox "$E"
expect_success "and whole" "$KMAINT" index --db "$TRASH/m2.db" --inbox "$E"
is "$(rows "$TRASH/m1.db")" "$(rows "$TRASH/m2.db")" "the same rows"
is "$(sqlite3 "$TRASH/m1.db" "SELECT count(*) FROM messages")" \
	"$(pi_count_epochs "$E")" "git log's count"

done_testing
