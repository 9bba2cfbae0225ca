#!/bin/sh
# A commit touching 100,000 files, and one deleting them all.
. "${0%/*}/lib.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
git init -q -b main "$R" && cd "$R" || exit 1
{
	printf 'blob\nmark :1\ndata 6\nhello\n'
	printf 'blob\nmark :2\ndata 12\nhello\nworld\n'
	printf 'commit refs/heads/main\nmark :10\n'
	printf 'committer C O Mitter <c@example.com> 1500000000 +0000\n'
	printf 'data 10\nbig: add\n\n'
	awk 'BEGIN { for (i = 0; i < 100000; i++)
		printf "M 100644 :1 drivers/d%d/f%d.c\n", i % 300, i }'
	printf 'commit refs/heads/main\nmark :11\n'
	printf 'committer C O Mitter <c@example.com> 1500000100 +0000\n'
	printf 'data 13\nbig: change\n\nfrom :10\n'
	awk 'BEGIN { for (i = 0; i < 100000; i += 2)
		printf "M 100644 :2 drivers/d%d/f%d.c\n", i % 300, i }'
	printf 'commit refs/heads/main\nmark :12\n'
	printf 'committer C O Mitter <c@example.com> 1500000200 +0000\n'
	printf 'data 11\nbig: drop\n\nfrom :11\ndeleteall\n'
	printf 'M 100644 :1 README\n'
} | git fast-import --quiet || exit 1
git reset -q --hard main

expect_success "index a 100,000-file commit" "$KMAINT" index
DB=.git/kmaint/index.sqlite
"$KMAINT" index --stats >"$TRASH/stats"
git log --no-merges --numstat --format= HEAD >"$TRASH/numstat"
is "$(sed -n 's/^files //p' "$TRASH/stats")" "$(grep -c . "$TRASH/numstat")" "paths = git log --numstat rows"
is "$(sed -n 's/^added //p' "$TRASH/stats") $(sed -n 's/^removed //p' "$TRASH/stats")" \
   "$(awk 'NF { a += $1; r += $2 } END { print a, r }' "$TRASH/numstat")" "line sums = git log --numstat"
is "$(sqlite3 $DB "SELECT count(*) FROM files f JOIN commits c ON c.id = f.commit_id WHERE c.subject = 'big: add'")" \
   100000 "100,000 paths in one commit"
is "$(sqlite3 $DB 'SELECT count(*) FROM paths')" 100001 "each path interned once"
expect_success "verify" "$KMAINT" index --verify 3
done_testing
