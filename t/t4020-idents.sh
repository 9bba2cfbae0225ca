#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint idents: the people as git shortlog -se sees them, and .mailmap
# suggestions that, once applied, git itself agrees with.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

R=$TRASH/repo
make_history "$R" 200 5 || { echo "1..0 # SKIP cannot generate a history"; exit 0; }
cd "$R" || exit 1

commit_as() {
	echo "$3" >>"drivers/idents.c"
	git add drivers/idents.c
	GIT_AUTHOR_NAME=$1 GIT_AUTHOR_EMAIL=$2 git commit -q -m "idents: $3

Signed-off-by: $1 <$2>"
}
# Bob also writes from a new address; John Doe once forgot his name
for i in 1 2; do commit_as "Bob Hacker" bob@new.example.org "bob $i"; done
for i in 1 2 3; do commit_as "John Doe" jdoe@work.example "john $i"; done
commit_as "jdoe" jdoe@home.example "bare"

expect_success "kmaint index" "$KMAINT" index -q

# the listing: commits per person, as git shortlog -se counts them
git shortlog -se --no-merges HEAD | sed 's/^ *//' | LC_ALL=C sort >"$TRASH/want"
"$KMAINT" idents | awk '{ c = substr($0, 1, 7) + 0; if (c > 0) print c "\t" substr($0, 18) }' |
	LC_ALL=C sort >"$TRASH/got"
same_file "$TRASH/got" "$TRASH/want" "idents: git shortlog -se"

expect_success "--suggest" "$KMAINT" idents --suggest --no-comments
cp "$TRASH/.out" "$TRASH/sug"
like "$TRASH/sug" "^jane developer <JANE@Example.com> Jane Developer <jane@example.com>$|^Jane Developer <jane@example.com> jane developer <JANE@Example.com>$" \
	"one address, several names"
like "$TRASH/sug" "^Bob Hacker <bob@old.example.org> <bob@new.example.org>$" \
	"one name, several addresses: to the most used"
like "$TRASH/sug" "^John Doe <jdoe@work.example> <jdoe@home.example>$" \
	"an author without a name, by the local part"
"$KMAINT" idents --suggest >"$TRASH/why"
like "$TRASH/why" "	# joined on the name alone \\(check it is one person; --strict-identities keeps them apart\\): 2 commits" "says why, with the counts"
"$KMAINT" idents --suggest --strict-identities >"$TRASH/why"
like "$TRASH/why" "	# one name, several addresses, not joined \\(check it is one person\\): 2 commits" \
	"--strict-identities: a guess, with the counts"
is "$(cmp -s "$TRASH/sug" "$(git ls-files .mailmap)" && echo same)" "" "nothing written"

# applied, git merges them, and nothing is left to suggest
cp "$TRASH/sug" .mailmap
is "$(git shortlog -se --no-merges HEAD | grep -ac 'Bob Hacker')" 1 "git sees one Bob"
is "$(git shortlog -se --no-merges HEAD | grep -aci 'jane developer')" 1 "and one Jane"
is "$(git shortlog -se --no-merges HEAD | grep -ac 'jdoe@home')" 0 "and no bare jdoe"
expect_success "--suggest after the .mailmap changed" "$KMAINT" idents --suggest
is "$(cat "$TRASH/.out")" "" "nothing left to suggest"
like "$TRASH/.err" "running 'kmaint index'" "the index followed the .mailmap"

expect_success "--json" "$KMAINT" idents --json
if perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); exit !(@$j > 5)' <"$TRASH/.out"; then
	ok 0 "--json parses"
else
	ok 1 "--json parses"
fi
expect_failure "an operand" "$KMAINT" idents foo

done_testing
