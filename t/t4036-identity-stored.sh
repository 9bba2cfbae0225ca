#!/bin/sh
# The identity model of the default flags is kept in the index by kmaint
# index (store/identity-table.h) and read a person at a time by the
# questions about a section (stats, audit): the answers are those of the model built
# whole, an older index gets it at its next run, a new commit that joins
# two addresses updates it, and index --verify checks it.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"


identity_index
answers() {
	for s in ALPHA BETA GAMMA DELTA EPSILON; do
		$KMAINT stats --no-update --section $s
		$KMAINT stats --no-update --json --section $s
		$KMAINT audit --min-changes 5 --section $s
		$KMAINT audit --json --min-changes 5 --section $s
	done >"$1" 2>&1
	$KMAINT history --no-update --json >>"$1" 2>&1
	# the whole tree reads the model whole
	$KMAINT stats --no-update >>"$1" 2>&1
	$KMAINT stats --no-update --json >>"$1" 2>&1
}
expect_success "index the fixture" "$KMAINT" index -q
is "$(q "SELECT count(*) FROM meta WHERE key = 'identity'")" 1 \
	"the run keeps the identity model"
is "$(q "SELECT count(*) FROM ident_addr WHERE email = 'roger.pau@cloud.com' AND person = (SELECT person FROM ident_addr WHERE email = 'roger.pau@citrix.com')")" \
	1 "one person behind Roger's two addresses"
is "$(q 'SELECT count(DISTINCT person) FROM ident_addr')" \
	"$(q 'SELECT count(*) FROM ident_person')" "a name row a person"
answers "$TRASH/stored"
like "$TRASH/stored" "Roger Pau Monn" "(the answers name Roger)"

# Without a current copy (an index made before, or whose key no longer
# matches), the model is built whole: the same answers.
q "DELETE FROM meta WHERE key = 'identity'"
answers "$TRASH/whole"
same_file "$TRASH/stored" "$TRASH/whole" "read a person at a time, the answers of the model built whole"

# The sections' questions really read the tables.
expect_success "kmaint index keeps it again" "$KMAINT" index
q "UPDATE ident_person SET name = 'Not Roger' WHERE person = (SELECT person FROM ident_addr WHERE email = 'roger.pau@cloud.com')"
$KMAINT stats --no-update --section ALPHA >"$TRASH/tampered" 2>&1
like "$TRASH/tampered" "Not Roger" "stats --section reads the stored names"
$KMAINT stats --no-update >"$TRASH/tampered-whole" 2>&1
like "$TRASH/tampered-whole" "Not Roger" "and so does stats of the whole tree"
expect_failure "index --verify sees the wrong row" "$KMAINT" index --verify 5
like "$TRASH/.out" "^identity: ident_person [0-9]+: differs" "and names it"
q "DELETE FROM meta WHERE key = 'identity'"
expect_success "the next run writes the rows that differ" "$KMAINT" index
expect_success "and index --verify agrees" "$KMAINT" index --verify 5

# An index from before the tables: upgraded in place, with a note.
q "DROP TABLE ident_addr; DROP TABLE ident_pid; DROP TABLE ident_person; DROP TABLE ident_name; DELETE FROM meta WHERE key = 'identity'"
answers "$TRASH/old"
same_file "$TRASH/old" "$TRASH/stored" "without the tables, the same answers"
expect_success "kmaint index on the older index" "$KMAINT" index
like "$TRASH/.err" "keeping the identity model in the index \\(once\\)" "says it adds them"
answers "$TRASH/upgraded"
same_file "$TRASH/upgraded" "$TRASH/stored" "upgraded in place: the same answers"
expect_success "no note the second time" "$KMAINT" index
ok "$(grep -q 'keeping the identity' "$TRASH/.err"; [ $? = 1 ]; echo $?)" "(none)"

# A new commit names Alice's new address beside her old one: the two are
# joined in the stored model, as in one built whole.
git commit -q --allow-empty --author="Alice Dev <alice@new.example>" \
	-m "epsilon: from the new address

Signed-off-by: Alice Dev <alice@example.com>
Signed-off-by: Alice Dev <alice@new.example>"
expect_success "index the new commit" "$KMAINT" index -q
is "$(q "SELECT count(DISTINCT person) FROM ident_addr WHERE email IN ('alice@example.com', 'alice@new.example')")" \
	1 "the new address joins Alice"
expect_success "index --verify agrees after the update" "$KMAINT" index --verify 5
answers "$TRASH/joined"
q "DELETE FROM meta WHERE key = 'identity'"
answers "$TRASH/joined-whole"
same_file "$TRASH/joined" "$TRASH/joined-whole" "after the update, the answers of the model built whole"

# A full disk in the middle of its update (KMAINT_TEST_FULL, as t3006):
# the run fails, the tables keep their last state without claiming the
# new commit, the sections' answers are the whole model's, and the next
# run completes them.
git commit -q --allow-empty --author="Bob Dev <bob@new.example>" \
	-m "beta: from the new address

Signed-off-by: Bob Dev <bob@example.com>
Signed-off-by: Bob Dev <bob@new.example>"
KMAINT_TEST_FULL=identity:1 "$KMAINT" index -q >"$TRASH/.out" 2>"$TRASH/.err"
ok $([ $? != 0 ]; echo $?) "a full disk during the update fails the run"
like "$TRASH/.err" "database or disk is full" "(on SQLITE_FULL)"
is "$(q "SELECT count(*) FROM ident_addr WHERE email = 'bob@new.example'")" 0 \
	"the tables keep their last state"
answers "$TRASH/failed"
q "DELETE FROM meta WHERE key = 'identity'"
answers "$TRASH/failed-whole"
same_file "$TRASH/failed" "$TRASH/failed-whole" "and the answers are the whole model's"
expect_success "the next run" "$KMAINT" index -q
is "$(q "SELECT count(DISTINCT person) FROM ident_addr WHERE email IN ('bob@example.com', 'bob@new.example')")" \
	1 "completes the model"
expect_success "which index --verify agrees with" "$KMAINT" index --verify 5
done_testing
