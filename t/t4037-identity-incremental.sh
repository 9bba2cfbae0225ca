#!/bin/sh
# kmaint index keeps the identity model up to date by making again only
# the persons an update touches (people/identity-store.c): a history
# indexed in two steps has the model of the same history indexed in
# one, and the rows a whole build writes, even when the second step
# joins two people of the first and so gives a name alone its person,
# and when it indexes a side branch whose older commits cite other
# evidence for a join than the ids order would (rule 2 goes by time).
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
	for cmd in "idents" "idents --json" "idents --suggest" "stats" \
		   "stats --json" \
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

# Rule 2's evidence for a join is the first commit in time (then by
# hash) that names both addresses, not the first indexed: commit ids
# follow the order commits were indexed in.  A side branch merged after
# the main line was indexed brings an older commit naming Kim's two
# addresses, and one of the same second naming Lou's, with a smaller
# hash than the main line's; the second step indexes them after it.
pair() {	# pair NAME TIME SUBJECT: one commit naming NAME's two addresses
	GIT_AUTHOR_DATE="$2 +0000" GIT_COMMITTER_DATE="$2 +0000" \
	git commit -q --allow-empty --author="$1 Lee <$1@one.example>" \
		-m "$3

Signed-off-by: $1 Lee <$1@two.example>"
}
git checkout -q -b side
pair kim 1600000000 "eta: kim early"
git checkout -q -
pair kim 1700000000 "zeta: kim late"
kim_late=$(git rev-parse HEAD)
pair lou 1650000000 "theta: lou main"
lou_main=$(git rev-parse HEAD)
"$KMAINT" index -q --db "$TRASH/two.sqlite"
git checkout -q side
i=0
while pair lou 1650000000 "iota: lou side $i" &&
      [ "$(git rev-parse HEAD)" \> "$lou_main" ] && [ $i -lt 64 ]; do
	git reset -q --hard HEAD~1
	i=$((i + 1))
done
lou_side=$(git rev-parse HEAD)
git checkout -q -
git merge -q --no-edit side
kim_early=$(git rev-parse side~1)
"$KMAINT" index -q --db "$TRASH/two.sqlite"
expect_success "index the merged history in one step" \
	"$KMAINT" index -q --db "$TRASH/three.sqlite"
why() {
	sqlite3 "$1" "SELECT c.hash FROM ident_addr a JOIN commits c ON
		c.id = a.why_commit WHERE a.email LIKE '$2@%'"
}
is "$(q "SELECT (SELECT id FROM commits WHERE hash = '$kim_early') >
	(SELECT id FROM commits WHERE hash = '$kim_late')")" \
	1 "(two steps: the older Kim commit has the higher id)"
for db in two three; do
	is "$(why "$TRASH/$db.sqlite" kim)" "$kim_early" \
		"$db: Kim's join cites the older commit"
	is "$(why "$TRASH/$db.sqlite" lou)" "$lou_side" \
		"$db: Lou's, of one second, the smaller hash"
done
answers "$TRASH/two.sqlite" >"$TRASH/a-two"
answers "$TRASH/three.sqlite" >"$TRASH/a-three"
same_file "$TRASH/a-two" "$TRASH/a-three" \
	"the merged side branch: two steps, one step, the same answers"
like "$TRASH/a-two" "kim@two.example>; .*both in commit ${kim_early%${kim_early#????????????}}" \
	"(the answers cite the older commit)"
# Without the stored joins and model the joins come from the summary.
cp "$TRASH/two.sqlite" "$TRASH/sum.sqlite"
sqlite3 "$TRASH/sum.sqlite" "DELETE FROM meta WHERE key IN ('derived', 'identity')"
answers "$TRASH/sum.sqlite" >"$TRASH/a-sum"
same_file "$TRASH/a-sum" "$TRASH/a-three" "the summary's joins: the same answers"
# A model kept by a kmaint that joined in id order (key version 1) is
# made again: the evidence changes on upgrade too.
cp "$TRASH/two.sqlite" "$TRASH/old.sqlite"
sqlite3 "$TRASH/old.sqlite" "UPDATE meta SET value = '1' || substr(value, 2)
	WHERE key = 'identity';
	UPDATE ident_addr SET why_commit = (SELECT id FROM commits WHERE
	hash = '$kim_late') WHERE email LIKE 'kim@%' AND why_commit > 0"
is "$(why "$TRASH/old.sqlite" kim)" "$kim_late" "(the old model cites the later)"
KMAINT_DEBUG=1 "$KMAINT" index -q --db "$TRASH/old.sqlite" 2>"$TRASH/dbg"
like "$TRASH/dbg" "^identity: made whole" "a version 1 model is made again"
is "$(why "$TRASH/old.sqlite" kim)" "$kim_early" "(and cites the older)"
done_testing
