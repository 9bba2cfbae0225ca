#!/bin/sh
# kmaint pending and report --site on patches whose From: is odd: a
# quoted name before a bare address ("\"Doe, Jane\" jane@x.org") is a
# sender all the same; a From: with no address in it ("\"Doe, John\"
# <john at x.org>") is said to be unreadable, in text, --json and the
# site alike, never an empty "from".
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<'EOF2'
FOO DRIVER
M:	Mal Maint <mal@example.com>
L:	test@example.com
S:	Maintained
F:	foo/
EOF2
mkdir foo && echo a >foo/a.c
GIT_AUTHOR_DATE="2024-01-01 00:00:00 +0000" GIT_COMMITTER_DATE="2024-01-01 00:00:00 +0000" \
	git add . && git commit -qm initial || exit 1

# patch FILE FROM SUBJECT DATE MSGID
patch() {
	printf 'A fix.\n\n---\n--- a/foo/a.c\n+++ b/foo/a.c\n@@ -1 +1 @@\n-a\n+%s\n' "$5" |
		mail "$1" "$2" "$3" "$4" "$5"
}
patch "$M/1" '"Doe, Jane" jane@example.com' "[PATCH] foo: from a bare address" \
	"Mon, 4 Mar 2024 10:00:00 +0000" bare@x
patch "$M/2" '"Doe, John" <john at example.com>' "[PATCH] foo: from nobody readable" \
	"Tue, 5 Mar 2024 10:00:00 +0000" nobody@x

pi_inbox
expect_success "index the history and the archive" "$KMAINT" index -q --inbox "$I"

"$KMAINT" pending --no-update --as-of 2024-03-10 --maintainers-at HEAD >"$TRASH/p" 2>"$TRASH/err"
is "$?" 1 "both are pending"
like "$TRASH/p" '^  Doe, Jane <jane@example\.com>, 2024-03-04, ' \
	"a quoted name before a bare address: that sender"
like "$TRASH/p" '^  an unreadable sender, 2024-03-05, ' \
	"no address in From: an unreadable sender"
ok $(grep -q '<>' "$TRASH/p"; [ $? = 1 ]; echo $?) "no empty <>"

"$KMAINT" pending --no-update --as-of 2024-03-10 --maintainers-at HEAD --json >"$TRASH/j" 2>"$TRASH/err"
like "$TRASH/j" '"subject": "\[PATCH\] foo: from a bare address", "author": "Doe, Jane", "email": "jane@example\.com"' \
	"--json: the bare address's sender"
like "$TRASH/j" '"subject": "\[PATCH\] foo: from nobody readable", "author": null, "email": null' \
	"--json: null for the unreadable one"

"$KMAINT" report --as-of 2024-03-10 --maintainers-at HEAD --site "$TRASH/site" >/dev/null 2>"$TRASH/err"
like "$TRASH/site/s/foo-driver.html" 'from a bare address</a> \(2024-03-04, [0-9]+ days\) from Doe, Jane</li>' \
	"site: the bare address's sender"
like "$TRASH/site/s/foo-driver.html" 'from nobody readable</a> \(2024-03-05, [0-9]+ days\) from an unreadable sender</li>' \
	"site: an unreadable sender"
done_testing
