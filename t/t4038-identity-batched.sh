#!/bin/sh
# audit of a few sections reads the people its commits and messages name
# from the stored identity model at once, 128 ids to a statement
# (identity_prefetch()): a section of 300 authors and 300 reviewers,
# some under two addresses, answers as the model built whole does (every
# person shown: --top 1000), and the names come from the stored rows.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

# "time|Name <addr>|path|message": dev N writes, rev N reviews; every
# seventh dev also writes from a second address under the same name;
# the last one to come, Late Top, writes the most
gen_events() {
	echo "1599000000|Boss <boss@example.com>|MAINTAINERS|MAINTAINERS"
	awk 'BEGIN {
		for (k = 0; k < 300; k++) {
			a = k % 7 ? "dev" k "@example.com" : "dev" k "@alt.example"
			printf "%d|Dev Number%d <%s>|drivers/many/f%d.c|many: change %d\\n\\nReviewed-by: Rev Number%d <rev%d@example.com>\n",
				1600000000 + k * 86400, k, a, k % 20, k, k, k
			if (k % 7 == 0)
				printf "%d|Dev Number%d <dev%d@example.com>|drivers/many/g.c|many: again %d\n",
					1600000000 + k * 86400 + 600, k, k, k
		}
		for (k = 0; k < 5; k++)
			printf "%d|Late Top <late@example.com>|drivers/many/h.c|many: late %d\n", 1630000000 + k * 600, k
	}'
}
maintainers() {
	printf 'List of maintainers\n\n'
	printf 'MANY DRIVER\nM:\tBoss <boss@example.com>\nS:\tMaintained\n'
	printf 'F:\tdrivers/many/\n\n'
	printf 'THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n'
	printf 'S:\tBuried alive in reporters\nF:\t*\nF:\t*/\n'
}
R=$TRASH/many
make_events_repo "$R" || skip_all "cannot build the fixture"
cd "$R" || exit 1
DB=.git/kmaint/index.sqlite

answers() {
	for f in "" --json; do
		$KMAINT audit $f --top 1000 --min-changes 5 --section MANY
		$KMAINT audit $f --top 1000 --min-changes 5 --section MANY --section 'THE REST'
	done >"$1" 2>&1
}
expect_success "index the fixture" "$KMAINT" index -q
is "$(q 'SELECT count(*) FROM ident_pid')" 645 "645 people ids"
is "$(q "SELECT count(DISTINCT person) FROM ident_addr WHERE email LIKE 'dev7@%'")" \
	1 "dev 7's two addresses one person"
answers "$TRASH/stored"
like "$TRASH/stored" "Late Top <late@example.com> 5" "(the answers name the last one)"
q "DELETE FROM meta WHERE key = 'identity'"
answers "$TRASH/whole"
same_file "$TRASH/stored" "$TRASH/whole" \
	"read in batches, the answers of the model built whole"

# a batch's names are the stored rows'
expect_success "kmaint index keeps the model again" "$KMAINT" index -q
q "UPDATE ident_person SET name = 'Renamed Late' WHERE person = (SELECT person FROM ident_addr WHERE email = 'late@example.com')"
$KMAINT audit --json --min-changes 5 --section MANY >"$TRASH/renamed" 2>&1
like "$TRASH/renamed" '"Renamed Late"' "a batch's names are read from the table"
done_testing
