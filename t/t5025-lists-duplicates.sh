#!/bin/sh
# An archive that holds one message twice, delivered on two days (as
# public-inbox archives do): pending, stats --list, audit and the site
# count it once, as of the earlier date; its answers answer it once.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<'EOF'
FOO DRIVER
M:	Maint <maint@example.com>
R:	Dev <dev@example.com>
L:	test@example.com
S:	Maintained
F:	foo/
EOF
mkdir foo && echo a >foo/a.c && echo b >foo/b.c && git add . &&
GIT_AUTHOR_DATE="2024-01-01 00:00:00 +0000" GIT_COMMITTER_DATE="2024-01-01 00:00:00 +0000" \
	git commit -qm initial || exit 1

# patch FILE FROM SUBJECT DATE MSGID PATH
patch() {
	printf 'A fix.\n\nSigned-off-by: %s\n---\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-a\n+x\n' "$2" "$6" "$6" |
		mail "$1" "$2" "$3" "$4" "$5"
}
patch "$M/1" "Dev <dev@example.com>" "[PATCH] foo: twice" "Mon, 4 Mar 2024 10:00:00 +0000" twice@x foo/a.c
patch "$M/2" "Other <other@example.com>" "[PATCH] foo: once" "Tue, 5 Mar 2024 10:00:00 +0000" once@x foo/b.c
# the first patch delivered again, two days later
patch "$M/3" "Dev <dev@example.com>" "[PATCH] foo: twice" "Wed, 6 Mar 2024 10:00:00 +0000" twice@x foo/a.c
printf 'Looks good.\n\nReviewed-by: Rev <rev@example.com>\n' |
	mail "$M/4" "Rev <rev@example.com>" "Re: [PATCH] foo: twice" "Thu, 7 Mar 2024 10:00:00 +0000" rev1@x twice@x
printf 'Applied.\n\nReviewed-by: Maint <maint@example.com>\n' |
	mail "$M/5" "Maint <maint@example.com>" "Re: [PATCH] foo: once" "Thu, 7 Mar 2024 11:00:00 +0000" m1@x once@x
for f in "$M"/*; do
	echo "From mboxrd@z Thu Jan  1 00:00:00 1970"
	cat "$f"
	echo
done >"$TRASH/list.mbox"

expect_success "index the history and the archive" "$KMAINT" index --inbox "$TRASH/list.mbox" \
	--list-name test@example.com
like "$TRASH/.out" "duplicate-message-id 1" "the import records the duplicate"

"$KMAINT" pending --no-update --days 30 --as-of 2024-03-10 >"$TRASH/p"
like "$TRASH/p" "^1 patch pending" "pending: the patch counted once"
is "$(grep -c 'lore.kernel.org/r/twice@x' "$TRASH/p")" 1 "pending: listed once"
like "$TRASH/p" "^  Dev <dev@example.com>, 2024-03-04, 6 days" "pending: as of the earlier date"
"$KMAINT" pending --no-update --days 30 --as-of 2024-03-10 --json >"$TRASH/pj"
like "$TRASH/pj" '"pending": 1,' "pending --json: one"

"$KMAINT" stats --list --no-update >"$TRASH/s"
like "$TRASH/s" "^4 messages: 2 patches posted, 2 replies, 2 reviews by 2 reviewers" \
	"stats --list: four messages, two patches, one review of each"
like "$TRASH/s" "^patches: 2 answered, 0 never answered" "stats --list: each answered once"
like "$TRASH/s" "^  Dev  *1  dev@example.com" "stats --list: Dev posted one patch"

"$KMAINT" audit --section FOO --as-of 2024-03-10 >"$TRASH/a"
like "$TRASH/a" "top list reviewers not listed: Rev <rev@example.com> 1\$" "audit: one review by Rev"
is "$(grep -A3 '^  R: Dev' "$TRASH/a" | sed -n 's/^ *list: //p')" \
   "1 messages, 0 reviews; last message 2024-03-04, last review never" \
   "audit: Dev's list line counts the patch once, as of the earlier date"

expect_success "report --site" "$KMAINT" report --as-of 2024-03-10 --site "$TRASH/site"
is "$(grep -o '<td class="n">[0-9]*</td><td[^>]*>2024-03-0[0-9]</td>' "$TRASH/site/p/dev-example.com.html")" \
   '<td class="n">1</td><td class="d">2024-03-04</td>' "site: Dev's one list message, as of the earlier date"
done_testing
