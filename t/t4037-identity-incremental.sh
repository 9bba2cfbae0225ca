#!/bin/sh
# kmaint index keeps the identity model up to date by making again only
# the persons an update touches (people/identity-store.c): a history
# indexed in two steps has the model of the same history indexed in
# one, and the rows a whole build writes, even when the second step
# joins two people of the first and so gives a name alone its person.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"

identity_index
GIT_AUTHOR_DATE="1700000000 +0000" GIT_COMMITTER_DATE="1700000000 +0000"
export GIT_AUTHOR_DATE GIT_COMMITTER_DATE

# Step one: "Zed" (one word: no join on the name) at two addresses, two
# people; a trailer names "Zed" alone, which is then nobody's one.
git commit -q --allow-empty --author="Zed <zed@one.example>" -m "alpha: one"
git commit -q --allow-empty --author="Zed <zed@two.example>" -m "beta: two

Reviewed-by: Zed"
one=$(git rev-parse HEAD)
expect_success "index the first step" "$KMAINT" index -q --db "$TRASH/two.sqlite"
DB=$TRASH/two.sqlite
is "$(q "SELECT count(DISTINCT person) FROM ident_addr WHERE email LIKE 'zed@%'")" \
	2 "two Zeds"

# Step two: one commit names both addresses under the one name, and a
# new address of Alice's comes with a new name of hers.
git commit -q --allow-empty --author="Zed <zed@one.example>" -m "gamma: both

Signed-off-by: Zed <zed@two.example>"
git commit -q --allow-empty --author="Alice B. Dev <alice@third.example>" \
	-m "epsilon: alice again

Signed-off-by: Alice Dev <alice@third.example>"
KMAINT_DEBUG=1 "$KMAINT" index -q --db "$TRASH/two.sqlite" 2>"$TRASH/dbg"
like "$TRASH/dbg" "^identity: made again in part" "the second step makes only a part again"
is "$(q "SELECT count(DISTINCT person) FROM ident_addr WHERE email LIKE 'zed@%'")" \
	1 "the second step joins the two Zeds"
is "$(q "SELECT count(DISTINCT a.person) FROM ident_addr a JOIN ident_pid p ON p.addr = a.id JOIN people u ON u.id = p.pid WHERE a.email LIKE 'zed@%' OR (u.email = '' AND u.name = 'Zed')")" \
	1 "and gives the name alone its person"
expect_success "index --verify: the model is one built whole" \
	"$KMAINT" index --verify 5 --db "$TRASH/two.sqlite"
ok "$(grep -q '^identity: ' "$TRASH/.out"; [ $? = 1 ]; echo $?)" "(no row differs)"

# The same history in one step.
expect_success "index it in one step" "$KMAINT" index -q --db "$TRASH/one.sqlite"
answers() {
	for cmd in "idents" "idents --json" "stats" "stats --json" \
		   "stats --section ALPHA" "audit --min-changes 1"; do
		$KMAINT $cmd --no-update --db "$1" 2>&1
	done
}
answers "$TRASH/two.sqlite" >"$TRASH/a-two"
answers "$TRASH/one.sqlite" >"$TRASH/a-one"
like "$TRASH/a-two" "zed@two.example" "(the answers name the Zeds)"
same_file "$TRASH/a-two" "$TRASH/a-one" "two steps, one step: the same answers"

# The rows themselves, against a whole build of the same index.
rows() {
	sqlite3 "$1" "SELECT * FROM ident_addr ORDER BY id;
		SELECT * FROM ident_pid ORDER BY pid;
		SELECT * FROM ident_person ORDER BY person;
		SELECT * FROM ident_name ORDER BY fold"
}
rows "$TRASH/two.sqlite" >"$TRASH/r-part"
cp "$TRASH/two.sqlite" "$TRASH/whole.sqlite"
sqlite3 "$TRASH/whole.sqlite" "DELETE FROM meta WHERE key = 'identity'"
KMAINT_DEBUG=1 "$KMAINT" index -q --db "$TRASH/whole.sqlite" 2>"$TRASH/dbg"
like "$TRASH/dbg" "^identity: made whole" "(made whole)"
rows "$TRASH/whole.sqlite" >"$TRASH/r-whole"
same_file "$TRASH/r-part" "$TRASH/r-whole" "the rows made in part are the whole build's"
done_testing
