#!/bin/sh
# kmaint index --inbox: every kind of archive, made by public-inbox's own
# tools or written here, counted against git log over the epochs and
# grep over the mboxes; deletions, cursors, no-op and incremental
# updates, list names, --verify, and a schema-2 index migrated.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

R=$TRASH/proj
M=$TRASH/msgs
mkdir -p "$M"
git init -q -b main "$R" && cd "$R" && mkdir foo && echo a >foo/a.c &&
git add foo && git commit -qm "foo: start" || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
msgs_of() { q "SELECT count(*) FROM messages m JOIN sources s ON s.id = m.source WHERE s.path = '$1'"; }

# Twelve patches, three replies (one with a review), one patch whose
# body has mbox-looking lines.
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	mail "$M/p$i.eml" "Dev $i <dev$i@example.com>" "[PATCH v2 $i/12] foo: change $i" \
		"Mon, $i Jan 2024 10:00:00 +0000" "p$i@example.com" <<EOF
Change number $i.

Signed-off-by: Dev $i <dev$i@example.com>
---
diff --git a/foo/f$i.c b/foo/f$i.c
new file mode 100644
--- /dev/null
+++ b/foo/f$i.c
@@ -0,0 +1 @@
+int f$i;
EOF
done
for i in 1 2 3; do
	mail "$M/r$i.eml" "Rev <rev@example.com>" "Re: [PATCH v2 $i/12] foo: change $i" \
		"Tue, $i Jan 2024 12:00:00 +0000" "r$i@example.com" "p$i@example.com" <<EOF
> Change number $i.

Looks fine.

Reviewed-by: Rev Iewer <rev@example.com>
EOF
done
mail "$M/from.eml" "Dev 1 <dev1@example.com>" "[PATCH] foo: quoting" \
	"Wed, 3 Jan 2024 10:00:00 +0000" "from@example.com" <<EOF
From the start of a line,
>From a quoted one.

Signed-off-by: Dev 1 <dev1@example.com>
EOF

# A v2 inbox: three messages by public-inbox-mda, the rest in small
# epochs, then one removed with public-inbox-learn rm.
I=$TRASH/inbox
pi_init test "$I" test@example.com >/dev/null 2>&1 || { echo "1..1"; echo "not ok 1 - public-inbox-init"; exit 1; }
for i in 1 2 3; do pi_mda test@example.com "$M/p$i.eml"; done
ROTATE_BYTES=1500 pi_add test "$M"/p[4-9].eml "$M"/p1[0-2].eml "$M"/r*.eml "$M/from.eml" 2>/dev/null
pi_rm "$M/p5.eml" 2>/dev/null
epochs=$(ls -d "$I"/git/*.git | wc -l)
is "$([ "$epochs" -ge 3 ] && echo yes)" yes "the inbox has several epochs ($epochs)"
expect_success "kmaint index --inbox (v2 inbox)" "$KMAINT" index --inbox "$I"
like "$TRASH/.out" '^lists: 16 messages added, 1 deleted from 1 archives' "summary: 16 added, one of them deleted"
is "$(msgs_of "$I")" "$(pi_count_epochs "$I"/git/*.git)" "messages = git log over the epochs ('m' less 'd')"
is "$(msgs_of "$I")" 15 "15 messages (16 written, one removed)"
is "$(q "SELECT count(*) FROM messages WHERE msgid = 'p5@example.com'")" 0 "the removed message is gone"
is "$(q "SELECT count(*) FROM cursors")" "$epochs" "one cursor per epoch"
bad=0
for e in "$I"/git/*.git; do
	n=$(basename "$e" .git)
	[ "$(q "SELECT value FROM cursors WHERE part = $n")" = "$(git --git-dir="$e" rev-parse HEAD)" ] ||
		bad=$((bad + 1))
done
is "$bad" 0 "each cursor is its epoch's last commit"
is "$(q "SELECT l.name || ' ' || s.list_from FROM sources s JOIN lists l ON l.id = s.list")" \
	"test@example.com config" "the list: the inbox's address in public-inbox's config"
is "$(q "SELECT count(*) FROM messages WHERE flags & 65536")" 11 "11 patches (12 less the removed)"
is "$(q "SELECT count(*) FROM messages WHERE flags & 131072")" 3 "3 replies"
is "$(q "SELECT count(*) FROM messages WHERE parent IS NOT NULL")" 3 "replies threaded to their patches"
is "$(q "SELECT version || ' ' || part_nr || ' ' || part_total || ' ' || prefix FROM messages WHERE msgid = 'p7@example.com'")" \
	"2 7 12 PATCH" "subject parsed: version, n/m, prefix"
is "$(q "SELECT p.path FROM msg_files f JOIN paths p ON p.id = f.path JOIN messages m ON m.id = f.message WHERE m.msgid = 'p7@example.com'")" \
	"foo/f7.c" "the file the patch touches, in the paths table"
is "$(q "SELECT count(*) FROM messages WHERE patch_id IS NOT NULL")" 11 "a patch-id for every patch"
is "$(q "SELECT count(*) FROM msg_trailers t JOIN keys k ON k.id = t.key JOIN people p ON p.id = t.person WHERE k.key = 'Reviewed-by' AND p.email = 'rev@example.com'")" \
	3 "the reviews given, with their person"
is "$(q "SELECT count(DISTINCT sender) FROM messages m JOIN people p ON p.id = m.sender WHERE p.email LIKE 'dev%'")" \
	11 "senders in the people table"
is "$(q "SELECT count(*) FROM messages WHERE date != strftime('%s', '2024-01-07 10:00:00') AND msgid = 'p7@example.com'")" \
	0 "the Date header kept"

expect_success "no-op update" "$KMAINT" index
like "$TRASH/.out" '^lists: 0 messages added, 0 deleted' "nothing read"
mail "$M/n1.eml" "Dev 13 <dev13@example.com>" "[PATCH] foo: later" \
	"Sat, 13 Jan 2024 10:00:00 +0000" "n1@example.com" </dev/null
pi_mda test@example.com "$M/n1.eml"
pi_rm "$M/p6.eml" 2>/dev/null
expect_success "incremental update" "$KMAINT" index
like "$TRASH/.out" '^lists: 1 messages added, 1 deleted' "only what is new: one added, one removed"
is "$(msgs_of "$I")" "$(pi_count_epochs "$I"/git/*.git)" "still git log's count"

# One epoch as public mirrors publish it: a bare repository
git clone -q --mirror "$I/git/0.git" "$TRASH/epoch0.git" || exit 1
expect_success "a single epoch repository" "$KMAINT" index --inbox "$TRASH/epoch0.git"
is "$(msgs_of "$TRASH/epoch0.git")" "$(pi_count_epochs "$TRASH/epoch0.git")" "its messages = git log's"
is "$(q "SELECT l.name || ' ' || s.list_from FROM sources s JOIN lists l ON l.id = s.list WHERE s.path = '$TRASH/epoch0.git'")" \
	"test@example.com list-id" "its list from the List-Id public-inbox added (the address it names)"
is "$(q "SELECT count(*) FROM messages WHERE dup > 0")" 0 "the same messages in two archives are no duplicates"

# A v1 inbox
V1=$TRASH/v1
pi_init test1 "$V1" test1@example.com -V1 >/dev/null 2>&1
for i in 1 2 3; do
	sed 's/^To: test@/To: test1@/' "$M/p$i.eml" >"$M/v1-$i.eml"
	pi_mda test1@example.com "$M/v1-$i.eml"
done
pi_rm "$M/v1-2.eml" 2>/dev/null
expect_success "a v1 inbox" "$KMAINT" index --inbox "$V1"
is "$(msgs_of "$V1")" "$(git --git-dir="$V1" ls-tree -r HEAD | wc -l)" "its messages = the files of its tree"
is "$(msgs_of "$V1")" 2 "(3 delivered, one removed)"

# mboxrd and mboxo of the same messages: ">From " quoting differs
for f in "$M"/p*.eml "$M/from.eml"; do
	echo "From dev@example.com Mon Jan  1 10:00:00 2024"
	sed -e 's/^\(>*From \)/>\1/' "$f"
	echo
done >"$TRASH/rd.mbox"
for f in "$M"/p*.eml "$M/from.eml"; do
	echo "From dev@example.com Mon Jan  1 10:00:00 2024"
	sed -e 's/^From />From /' "$f"
	echo
done >"$TRASH/o.mbox"
expect_success "mboxrd and mboxo" "$KMAINT" index --inbox "$TRASH/rd.mbox" \
	--inbox "$TRASH/o.mbox" --list-name other@example.com
is "$(msgs_of "$TRASH/rd.mbox")" "$(grep -c '^From ' "$TRASH/rd.mbox")" "mboxrd: one message per From_ line"
is "$(msgs_of "$TRASH/o.mbox")" "$(grep -c '^From ' "$TRASH/o.mbox")" "mboxo: one message per From_ line"
is "$(q "SELECT DISTINCT l.name || ' ' || s.list_from FROM sources s JOIN lists l ON l.id = s.list WHERE s.kind = 'mbox'")" \
	"other@example.com option" "--list-name for the archives given with it"
off=$(q "SELECT m.offset FROM messages m JOIN sources s ON s.id = m.source WHERE s.path = '$TRASH/rd.mbox' AND msgid = 'p3@example.com'")
is "$(tail -c +$((off + 1)) "$TRASH/rd.mbox" | head -1 | cut -c1-5)" "From " "an mbox message's offset is its From_ line"
# appended to: read from where it stopped
cat "$TRASH/rd.mbox" >"$TRASH/rd2"
{ echo "From dev@example.com Mon Jan  1 10:00:00 2024"; cat "$M/n1.eml"; echo; } >>"$TRASH/rd2"
cat "$TRASH/rd2" >"$TRASH/rd.mbox"
expect_success "an mbox appended to" "$KMAINT" index
like "$TRASH/.out" '^lists: 1 messages added, 0 deleted' "only the new message is read"
# rewritten: read again from the start
grep -v "^Change number 4" "$TRASH/rd2" >"$TRASH/rd.mbox"
expect_success "an mbox rewritten" "$KMAINT" index
like "$TRASH/.out" "^lists: $(grep -c '^From ' "$TRASH/rd.mbox") messages added, $(grep -c '^From ' "$TRASH/rd.mbox") deleted" \
	"read again as a whole"
is "$(msgs_of "$TRASH/rd.mbox")" "$(grep -c '^From ' "$TRASH/rd.mbox")" "and counted once"

# A Maildir: new/ and cur/, flags in names
MD=$TRASH/Maildir
mkdir -p "$MD/new" "$MD/cur" "$MD/tmp"
n=0
for f in "$M"/p*.eml "$M"/r*.eml; do
	n=$((n + 1))
	# no List-Id here: the list comes from the To: address
	if [ $((n % 2)) = 0 ]; then grep -v '^List-Id:' "$f" >"$MD/new/17040000$n.M$n.host"; else
		grep -v '^List-Id:' "$f" >"$MD/cur/17040000$n.M$n.host:2,S"; fi
done
expect_success "a Maildir" "$KMAINT" index --inbox "$MD"
is "$(msgs_of "$MD")" "$(ls "$MD/new" "$MD/cur" | grep -c host)" "its messages = its files"
is "$(q "SELECT l.name || ' ' || s.list_from FROM sources s JOIN lists l ON l.id = s.list WHERE s.path = '$MD'")" \
	"test@example.com to" "its list from the address its messages went to"
mv "$MD/new/170400002.M2.host" "$MD/cur/170400002.M2.host:2,RS"
rm "$MD/cur/170400003.M3.host:2,S"
expect_success "a Maildir changed" "$KMAINT" index
like "$TRASH/.out" '^lists: 0 messages added, 1 deleted' "a message read moves, a deleted one goes"
is "$(msgs_of "$MD")" "$(ls "$MD/new" "$MD/cur" | grep -c host)" "its files, still"

expect_success "verify re-reads messages from their archives" "$KMAINT" index --verify 1000
like "$TRASH/.out" "^verified $(q 'SELECT count(*) FROM messages') messages: 0 differ" "and finds none different"
q "UPDATE messages SET subject = 'changed' WHERE msgid = 'p8@example.com'"
expect_failure "verify notices a wrong row" "$KMAINT" index --verify 1000
like "$TRASH/.out" "subject: index has 'changed'" "and names it"

"$KMAINT" index --stats >"$TRASH/stats"
like "$TRASH/stats" "^list-sources 6$" "--stats: the sources (six archives)"
like "$TRASH/stats" "^list test@example.com [0-9]+$" "--stats: messages per list"
is "$(q 'PRAGMA integrity_check')" ok "integrity_check"

# A version-2 index (before lists) is migrated, its history kept.
rm -rf .git/kmaint
"$KMAINT" index -q
q "DROP TABLE lists; DROP TABLE sources; DROP TABLE cursors; DROP TABLE messages;
   DROP TABLE msg_files; DROP TABLE msg_trailers; DROP TABLE msg_problems;
   DROP TABLE commit_patchids; DROP TABLE links; DROP TABLE relink;
   ALTER TABLE summary DROP COLUMN files; DROP TABLE pathmap;
   DROP TABLE pathmap_key; PRAGMA user_version = 2"
expect_success "a version-2 index and --inbox" "$KMAINT" index --inbox "$I"
like "$TRASH/.out" '^indexed 0 new commits' "migrated: the history is not read again"
is "$(q 'PRAGMA user_version')" 8 "now version 8"
is "$(msgs_of "$I")" "$(pi_count_epochs "$I"/git/*.git)" "and the inbox read"

# Threads told out of order: B answers A, which answers R, and comes
# first.  A first import (adopting and merging threads from what it
# holds) and an update (asking the index) must both join B to R's thread.
mail "$M/t-b.eml" "B <b@example.com>" "Re: Re: [PATCH] foo: root" \
	"Mon, 1 Jan 2024 12:00:00 +0000" "t-b@example.com" "t-a@example.com" </dev/null
mail "$M/t-r.eml" "R <r@example.com>" "[PATCH] foo: root" \
	"Mon, 1 Jan 2024 10:00:00 +0000" "t-r@example.com" </dev/null
mail "$M/t-a.eml" "A <a@example.com>" "Re: [PATCH] foo: root" \
	"Mon, 1 Jan 2024 11:00:00 +0000" "t-a@example.com" "t-r@example.com" </dev/null
to_mbox() {
	for f in "$@"; do
		echo "From dev@example.com Mon Jan  1 10:00:00 2024"
		cat "$f"
		echo
	done
}
threads_joined() {
	is "$(q "SELECT count(DISTINCT thread) || ' ' || count(parent) FROM messages
		 WHERE msgid LIKE 't-_@example.com'")" "1 2" "$1"
}
rm -rf .git/kmaint
to_mbox "$M/t-b.eml" "$M/t-r.eml" "$M/t-a.eml" >"$TRASH/t.mbox"
expect_success "a reply before its parent (first import)" "$KMAINT" index --inbox "$TRASH/t.mbox"
threads_joined "one thread, both replies with their parent"
rm -rf .git/kmaint
to_mbox "$M/t-b.eml" "$M/t-r.eml" >"$TRASH/t.mbox"
"$KMAINT" index -q --inbox "$TRASH/t.mbox"
to_mbox "$M/t-a.eml" >>"$TRASH/t.mbox"
expect_success "the parent in a later update" "$KMAINT" index
threads_joined "one thread there too"

expect_failure "not an archive" "$KMAINT" index --inbox "$R/foo/a.c"
like "$TRASH/.err" "foo/a.c: not an mbox" "says why, naming it"
expect_failure "a path that does not exist" "$KMAINT" index --inbox "$TRASH/nowhere"
done_testing
