#!/bin/sh
# The no-op 'kmaint index' (the tips of the last complete run) skips the
# unreachable-commit pass; what changes the answer must still be seen.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
make_history "$R" 60 || { echo "1..1"; echo "not ok 1 - fast-import"; exit 1; }
cd "$R" || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
git checkout -q -f main || exit 1

expect_success "index builds" "$KMAINT" index
expect_success "the same tips again" "$KMAINT" index
like "$TRASH/.out" '^indexed 0 new commits, removed 0,' "nothing added or removed"

# the tip rewritten: as many tips, as many commits, a new MAINTAINERS blob
old=$(git rev-parse main)
printf 'NOOP TEST\nM:\tNo Op <noop@example.org>\nF:\tnoop/\n' >>MAINTAINERS
git add MAINTAINERS &&
git -c user.name=R -c user.email=r@example.org commit -q --amend -m rewritten ||
	exit 1
expect_success "a rewritten tip" "$KMAINT" index
like "$TRASH/.out" '^indexed 1 new commits, removed 1,' "the old tip out, the new in"
is "$(q "SELECT count(*) FROM commits WHERE hash = '$old'")" 0 "the old tip is gone"
is "$(q "SELECT count(*) FROM commits")" "$(git rev-list --count main)" \
   "commits = rev-list --count"
is "$(q "SELECT count(*) FROM maintainers m JOIN commits c ON c.id = m.commit_id
	 WHERE c.hash = '$(git rev-parse main)' AND m.blob IS NOT NULL")" 1 \
   "the new MAINTAINERS version is stored"

# a new .mailmap, the tips unchanged: people mapped again
email=$(q "SELECT email FROM people p JOIN commits c ON c.author = p.id
	   WHERE c.hash = '$(git rev-parse main~1)'")
printf 'Mapped Person <mapped@example.org> <%s>\n' "$email" >.mailmap
expect_success "a new .mailmap" "$KMAINT" index
is "$(q "SELECT p.memail FROM people p JOIN commits c ON c.author = p.id
	 WHERE c.hash = '$(git rev-parse main~1)'")" mapped@example.org \
   "the author is mapped by the new .mailmap"

done_testing
