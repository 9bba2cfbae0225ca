#!/bin/sh
# A posting is linked to the commit that landed it by its author and
# subject when the diff changed: the author by address, after .mailmap,
# or by name (Eric Sandeen commits from redhat.com and posts from
# sandeen.net); someone else's posting of the same subject is not.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
q() { sqlite3 "$(git rev-parse --git-common-dir)/kmaint/index.sqlite" "$1"; }
commit_as() { # NAME EMAIL DATE SUBJECT
	GIT_AUTHOR_NAME=$1 GIT_AUTHOR_EMAIL=$2 GIT_AUTHOR_DATE="$3 +0000" \
	GIT_COMMITTER_NAME=$1 GIT_COMMITTER_EMAIL=$2 GIT_COMMITTER_DATE="$3 +0000" \
		git commit -qam "$4"
}
mkdir mkfs && printf 'a\nb\nc\n' >mkfs/xfs_mkfs.c && git add . &&
	commit_as "Eric Sandeen" sandeen@redhat.com "2024-01-01 00:00:00" initial || exit 1
sed -i 's/^b$/b, as applied/' mkfs/xfs_mkfs.c &&
	commit_as "Eric Sandeen" sandeen@redhat.com "2024-02-01 00:00:00" "mkfs: tidy up discard notifications" || exit 1
landed=$(git rev-parse HEAD)

# post FILE FROM SUBJECT DATE MSGID: a diff other than the one applied
post() {
	printf 'A change.\n\nSigned-off-by: %s\n---\n--- a/mkfs/xfs_mkfs.c\n+++ b/mkfs/xfs_mkfs.c\n@@ -1,3 +1,3 @@\n a\n-b\n+b, as posted\n c\n' "$2" |
		mail "$1" "$2" "$3" "$4" "$5"
}
post "$M/1" "Eric Sandeen <sandeen@sandeen.net>" "[PATCH] mkfs: tidy up discard notifications" \
	"Mon, 15 Jan 2024 10:00:00 +0000" eric@x
post "$M/2" "Somebody Else <else@example.com>" "[PATCH] mkfs: tidy up discard notifications" \
	"Tue, 16 Jan 2024 10:00:00 +0000" else@x

pi_inbox
expect_success "index the history and the archive" "$KMAINT" index --inbox "$I"
how() { q "SELECT c.hash || ' ' || l.how FROM links l JOIN messages m ON m.id = l.message JOIN commits c ON c.id = l.commit_id WHERE m.msgid = '$1'"; }
is "$(how eric@x)" "$landed author+subject" "the same name from another address: linked by author and subject"
is "$(how else@x)" "" "another person's posting of the same subject: no link"
done_testing
