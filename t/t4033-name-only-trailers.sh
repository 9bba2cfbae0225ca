#!/bin/sh
# Trailers that name someone without an address ("Reviewed-by: Jane
# Doe", as Gerrit-based projects write them): credited to the one person
# of that name, or kept as a name-only identity, never dropped.
#
# The history (git fast-import): WIDGET is maintained by Jane Doe, who
# authored once, long ago, as jane@widgets.example, and since then has
# only reviewed, five times in the window, by name alone.  GADGET is
# maintained by Kim Lee, whose address is nowhere in the history; she
# reviewed five of its changes by name alone.  Two different Sam Roes
# wrote elsewhere: one person by default (one name), so "Tested-by: Sam
# Roe" is theirs; two with --strict-identities, and the tag neither's.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"

R=$TRASH/repo
Y=31557600
T0=1420070400	# 2015-01-01

gen_events() {
	awk -v Y=$Y -v T0=$T0 '
	function ev(t, a, path, subj, tr) {
		printf "%d|%s|%s|%s\n", t, a, path, subj (tr ? "\\n\\n" tr : "")
	}
	BEGIN {
		jane = "Jane Doe <jane@widgets.example>"
		bob = "Bob Dev <bob@example.com>"
		sam1 = "Sam Roe <sam@one.example>"
		sam2 = "Sam Roe <sam@two.example>"
		ev(T0 - 200000, bob, "MAINTAINERS", "MAINTAINERS: add", "")
		ev(T0, jane, "drivers/widget/w.c", "widget: first", \
		   "Signed-off-by: " jane)
		for (k = 0; k < 12; k++)
			ev(T0 + 6 * Y + k * 2000000, bob, "drivers/widget/w.c",
			   "widget: change " k, "Signed-off-by: " bob \
			   (k < 5 ? "\\nReviewed-by: Jane Doe" : ""))
		for (k = 0; k < 12; k++)
			ev(T0 + 6 * Y + k * 2000000 + 1000, bob,
			   "drivers/gadget/g.c", "gadget: change " k,
			   "Signed-off-by: " bob \
			   (k < 5 ? "\\nReviewed-by: KIM LEE" : ""))
		ev(T0 + 7 * Y, sam1, "lib/a.c", "lib: a", "Signed-off-by: " sam1)
		ev(T0 + 7 * Y + 10, sam2, "lib/b.c", "lib: b",
		   "Signed-off-by: " sam2 "\\nTested-by: Sam Roe")
	}' | sort -t'|' -k1,1n
}

maintainers() {
	printf 'List of maintainers\n\nGADGET DRIVER\n'
	printf 'M:\tKim Lee <kim@gadgets.example>\nS:\tMaintained\n'
	printf 'F:\tdrivers/gadget/\n\nWIDGET DRIVER\n'
	printf 'M:\tJane Doe <jane@widgets.example>\nS:\tMaintained\n'
	printf 'F:\tdrivers/widget/\n'
}

make_events_repo "$R" || skip_all "cannot build the fixture"
cd "$R" || exit 1
expect_success "index" "$KMAINT" index -q
NOW=$(git log -1 --format=%cI)

"$KMAINT" audit --as-of "$NOW" --min-changes 5 >"$TRASH/a" 2>&1
ok $(sed -n '/^WIDGET DRIVER$/,/^$/p' "$TRASH/a" | grep -q 'inactive'; [ $? = 1 ]; echo $?) \
	"WIDGET: Jane's five name-only reviews: not inactive"
like "$TRASH/a" "^      identity: also 5 tags by name alone, no address\$" \
	"WIDGET: the listing says her tags came by name alone"
like "$TRASH/a" "^      changesets 0, reviews 5 \\(1st\\), applied 0, tags 5;" \
	"WIDGET: and counts the five tags"
ok $(sed -n '/^GADGET DRIVER$/,/^$/p' "$TRASH/a" | grep -q 'inactive'; [ $? = 1 ]; echo $?) \
	"GADGET: Kim, never seen by address, found by her name-only reviews"
like "$TRASH/a" "^      identity: matched by name: 5 tags by name alone, no address\$" \
	"GADGET: the evidence says how"
like "$TRASH/a" "^    \\[5\\]: KIM LEE \\(no address\\)\$" \
	"GADGET: the evidence block names her a top reviewer, by name"

# --address-identities: an address is a person; Jane's tags are a name-only
# identity apart from her address, and she is inactive again
"$KMAINT" audit --as-of "$NOW" --min-changes 5 --address-identities \
	>"$TRASH/s" 2>&1
like "$TRASH/s" "^  INACTIVE MAINTAINER Jane Doe <jane@widgets.example>\$" \
	"--address-identities: the name alone is not her address"

# stats: the name-only tags are people, not nothing
"$KMAINT" stats --report reviews --json --top 0 >"$TRASH/st.json" 2>&1
like "$TRASH/st.json" "\"email\": \"jane@widgets.example\", \"count\": 5," \
	"stats: Jane's five reviews under her address"
"$KMAINT" stats --strict-identities --report tests --json --top 0 \
	>"$TRASH/t.json" 2>&1
like "$TRASH/t.json" "\"name\": \"Sam Roe\", \"email\": \"\", \"count\": 1," \
	"stats --strict-identities: a name of two people stays a name-only tester"
"$KMAINT" stats --report tests --json --top 0 >"$TRASH/t.json" 2>&1
like "$TRASH/t.json" "\"name\": \"Sam Roe\", \"email\": \"sam@one.example\", \"count\": 1," \
	"stats: by default the Sam Roes are one (rule 4), and the tag is theirs"

# an index of schema version 3 (before name-only people) is upgraded
sqlite3 .git/kmaint/index.sqlite "UPDATE trailers SET person = NULL
	WHERE person IN (SELECT id FROM people WHERE email = '');
	DELETE FROM people WHERE email = '';
	ALTER TABLE summary DROP COLUMN files; DROP TABLE pathmap;
	DROP TABLE pathmap_key; PRAGMA user_version = 3" &&
expect_success "index upgrades a version 3 index" "$KMAINT" index -q
is "$(sqlite3 .git/kmaint/index.sqlite "SELECT count(*) FROM trailers t
	JOIN people p ON p.id = t.person WHERE p.email = ''")" 11 \
	"the upgrade gives the 11 name-only trailers their people"
"$KMAINT" audit --as-of "$NOW" --min-changes 5 >"$TRASH/a2" 2>&1
same_file "$TRASH/a2" "$TRASH/a" "and audit says the same as after a fresh index"

done_testing
