#!/bin/sh
# What the identity model and stats need from every commit (per-person
# counts, first commits, the joins of rule 2 made by one commit) is kept
# in the index by kmaint index (store/derived.h): the answers are those
# the commits give, an index made before the tables gets them at its
# next run, and index --verify checks them against the commits.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"


identity_index
expect_success "index the fixture" "$KMAINT" index -q
answers() {
	$KMAINT audit --min-changes 5 >"$1.audit" 2>&1
	$KMAINT idents --no-update --json >"$1.idents" 2>&1
	$KMAINT stats --no-update --json --report changesets,first-time \
		>"$1.stats" 2>&1
	$KMAINT stats --no-update --json --section ALPHA >"$1.section" 2>&1
}

is "$(q "SELECT CAST(value AS INTEGER) = (SELECT max(id) FROM commits) FROM meta WHERE key = 'derived'")" 1 \
	"the tables cover every commit"
is "$(q 'SELECT sum(authored) FROM person_activity')" \
	"$(git rev-list --no-merges --count HEAD)" "one authored count a non-merge commit"
resend=$(git log --format=%H --grep='^alpha: resend' -1)
is "$(q "SELECT count(*) > 0 FROM commit_joins j JOIN commits c ON c.id = j.commit_id WHERE c.hash = '$resend'")" \
	1 "the commit signed off from two addresses of one name joins them"
answers "$TRASH/kept"
like "$TRASH/kept.audit" "matched by name: roger.pau@citrix.com" "(the audit finds Roger)"

# An index from before the tables: the queries compute the same from
# the summary, and the next kmaint index makes them, with a note.
q "DROP TABLE person_activity; DROP TABLE commit_joins; DELETE FROM meta WHERE key = 'derived'"
answers "$TRASH/old"
for f in audit idents stats section; do
	same_file "$TRASH/old.$f" "$TRASH/kept.$f" "without the tables, the same $f"
done
expect_success "kmaint index on the older index" "$KMAINT" index
like "$TRASH/.err" "keeping per-person counts and name joins in the index \\(once: [0-9]+ commits\\)" \
	"says it adds the tables"
answers "$TRASH/new"
for f in audit idents stats section; do
	same_file "$TRASH/new.$f" "$TRASH/kept.$f" "upgraded in place: the same $f"
done
expect_success "no note the second time" "$KMAINT" index
ok "$(grep -q 'keeping per-person' "$TRASH/.err"; [ $? = 1 ]; echo $?)" "(none)"

# --verify compares them with the commits.
expect_success "index --verify agrees" "$KMAINT" index --verify 5
q "UPDATE person_activity SET authored = authored + 1 WHERE person = (SELECT min(person) FROM person_activity)"
expect_failure "index --verify sees a wrong count" "$KMAINT" index --verify 5
like "$TRASH/.out" "^derived: person [0-9]+: index has" "and names it"
q "UPDATE person_activity SET authored = authored - 1 WHERE person = (SELECT min(person) FROM person_activity)"
q "DELETE FROM commit_joins"
expect_failure "index --verify sees a missing join" "$KMAINT" index --verify 5
like "$TRASH/.out" "^derived: commit_joins: [0-9]+ rows missing" "and says so"

# A new .mailmap changes the names the joins compare: made again.
printf 'Roger Pau Monne <roger.pau@cloud.com> <roger.pau@citrix.com>\n' >.mailmap
git add .mailmap && git commit -qm "mailmap"
expect_success "index after a new .mailmap" "$KMAINT" index -q
is "$(q "SELECT CAST(value AS INTEGER) = (SELECT max(id) FROM commits) FROM meta WHERE key = 'derived'")" 1 \
	"the tables cover every commit again"
expect_success "and agree with the commits" "$KMAINT" index --verify 5
done_testing
