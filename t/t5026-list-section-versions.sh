#!/bin/sh
# stats --list and pending of a section read its patches' threads only
# (list_base_load_scope(), pending's load_window()), yet answer as from
# every message: a v2 posted in a thread of its own, touching none of
# the section's files, still supersedes the section's v1; the replies
# in the v1's thread are the section's, those of another section's
# thread are not.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<'EOF2'
FOO
M:	Foo Keeper <foo@example.com>
L:	test@example.com
S:	Maintained
F:	foo/

BAR
M:	Bar Keeper <bar@example.com>
L:	test@example.com
S:	Maintained
F:	bar/
EOF2
mkdir foo bar
echo a >foo/a.c
echo b >bar/b.c
GIT_AUTHOR_DATE="2024-01-01 00:00:00 +0000" GIT_COMMITTER_DATE="2024-01-01 00:00:00 +0000" \
	git add . && git commit -qm initial || exit 1

D="Dev Eloper <dev@example.com>"
# patch FILE SUBJECT PATH DATE MSGID
patch() {
	printf 'A thing.\n\nSigned-off-by: %s\n---\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-x\n+y\n' "$D" "$3" "$3" |
		mail "$M/$1" "$D" "$2" "$4" "$5"
}
patch v1 "[PATCH] thing" foo/a.c "Mon, 4 Mar 2024 10:00:00 +0000" v1@x
echo "Looks odd." | mail "$M/r1" "Some One <one@example.com>" "Re: [PATCH] thing" \
	"Tue, 5 Mar 2024 10:00:00 +0000" r1@x v1@x
# the v2 moved the change to bar/: a thread no file of FOO's is in
patch v2 "[PATCH v2] thing" bar/b.c "Wed, 6 Mar 2024 10:00:00 +0000" v2@x
echo "Fine." | mail "$M/r2" "Bar Keeper <bar@example.com>" "Re: [PATCH v2] thing" \
	"Thu, 7 Mar 2024 10:00:00 +0000" r2@x v2@x
patch o1 "[PATCH] other" foo/a.c "Fri, 8 Mar 2024 10:00:00 +0000" o1@x

pi_inbox
expect_success "index the history and the archive" "$KMAINT" index -q --inbox "$I"

tot() { sed -n "s/.*\"$2\": \([^,}]*\).*/\1/p" "$TRASH/$1.json" | head -1; }
for s in FOO BAR; do
	"$KMAINT" stats --list --no-update --section $s --json >"$TRASH/$s.json" 2>"$TRASH/err" ||
		echo "# stats --list --section $s failed: $(cat "$TRASH/err")"
done
is "$(tot FOO patches) $(tot FOO replies) $(tot FOO superseded) $(tot FOO pending)" "2 1 1 1" \
	"FOO: two patches, the v1's reply; the v1 superseded by a v2 of another thread"
is "$(tot BAR patches) $(tot BAR replies) $(tot BAR superseded) $(tot BAR pending)" "1 1 0 1" \
	"BAR: the v2 and its reply, pending"

# pending: the v1 is superseded, not pending; the other one is
ids() { sed -n 's/.*"message_id": "\([^"]*\)".*/\1/p' "$TRASH/$1.p"; }
for s in FOO BAR; do
	"$KMAINT" pending --no-update --section $s --json >"$TRASH/$s.p" 2>"$TRASH/err"
	[ $? -le 1 ] || echo "# pending --section $s failed: $(cat "$TRASH/err")"
done
is "$(ids FOO | tr '\n' ' ')" "o1@x " "pending --section FOO: the v1 superseded by a v2 of another thread"
is "$(ids BAR | tr '\n' ' ')" "" "pending --section BAR: its v2 answered by its M:"
done_testing
