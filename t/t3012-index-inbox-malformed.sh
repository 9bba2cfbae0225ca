#!/bin/sh
# Bad mail is a fact of archives: no Message-ID, no From, broken MIME, an
# unknown charset, 8-bit headers, absurd dates, NUL bytes, a 10 MB
# message, binary attachments, garbage, and a blob missing from an
# epoch.  Each is indexed, counted and named (source and offset, file or
# commit); none stops the index.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

R=$TRASH/proj
git init -q -b main "$R" && cd "$R" && echo a >a && git add a &&
git commit -qm start || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
C=$TRASH/corpus
mkdir -p "$C"

h() { printf 'From: A <a@example.com>\nTo: test@example.com\nMessage-ID: <%s@x>\nDate: Mon, 1 Jan 2024 10:00:00 +0000\nSubject: %s\n' "$1" "$2"; }
{ printf 'From: A <a@example.com>\nTo: test@example.com\nSubject: no id\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\nbody\n'; } >"$C/01-no-msgid"
{ printf 'To: test@example.com\nMessage-ID: <nofrom@x>\nSubject: no from\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\nbody\n'; } >"$C/02-no-from"
{ h broken "broken mime"; printf 'Content-Type: multipart/mixed; boundary="BB"\n\n--BB\nContent-Type: text/plain\n\nstart of a part that never ends\n'; } >"$C/03-broken-mime"
{ h charset "unknown charset"; printf 'Content-Type: text/plain; charset=x-klingon-8\n\nq\xe9\xfc\n'; } >"$C/04-charset"
{ h eightbit "x" | sed '$d'; printf 'Subject: caf\351 cr\350me br\373l\351e\n\nbody\n'; } >"$C/05-8bit"
{ printf 'From: A <a@example.com>\nTo: test@example.com\nMessage-ID: <future@x>\nDate: Fri, 1 Jan 2100 00:00:00 +0000\nSubject: far future\n\nbody\n'; } >"$C/06-future"
{ printf 'From: A <a@example.com>\nTo: test@example.com\nMessage-ID: <old@x>\nDate: Tue, 1 Jan 1985 00:00:00 +0000\nSubject: before 1990\n\nbody\n'; } >"$C/07-old"
{ printf 'From: A <a@example.com>\nTo: test@example.com\nMessage-ID: <baddate@x>\nDate: yesterday, around tea time\nSubject: unparsable date\n\nbody\n'; } >"$C/08-baddate"
{ h nul "nul bytes"; printf '\nbefore\000after\n'; } >"$C/09-nul"
{ h big "[PATCH] a 10 MB patch"; printf '\n---\ndiff --git a/big.c b/big.c\n--- a/big.c\n+++ b/big.c\n@@ -1 +1,100000 @@\n-x\n'
  awk 'BEGIN { for (i = 0; i < 100000; i++) printf "+%0100d\n", i }'; } >"$C/10-large"
{ h binary "binary attachment"; printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="ZZ"\n\n--ZZ\nContent-Type: text/plain\n\nsee attached\n--ZZ\nContent-Type: application/octet-stream; name="blob.bin"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename="blob.bin"\n\n'
  head -c 3000 /dev/urandom | base64; printf -- '--ZZ--\n'; } >"$C/11-binary"
# garbage: bytes with no header in them (the same every time)
awk 'BEGIN { srand(7); for (i = 0; i < 4000; i++) printf "%c", 1 + int(rand() * 255) }' |
	sed 's/^From />From /' >"$C/12-garbage"
{ h attach "[PATCH] attached"; printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="QQ"\n\n--QQ\nContent-Type: text/plain\n\nthe patch is attached\n--QQ\nContent-Type: text/x-patch; charset=utf-8; name="0001.patch"\nContent-Transfer-Encoding: quoted-printable\nContent-Disposition: attachment; filename="0001.patch"\n\ndiff --git a/q.c b/q.c\n--- a/q.c\n+++ b/q.c\n@@ -1 +1 @@\n-caf=C3=A9\n+th=C3=A9\n--QQ--\n'; } >"$C/13-qp-patch"
n=$(ls "$C" | wc -l)

# the same corpus as an mbox (with a delivery date on each From_ line)
# and as a Maildir
i=0
for f in "$C"/*; do
	i=$((i + 1))
	printf 'From mailer@example.com Tue Jan  2 0%d:00:00 2024\n' $((i % 10))
	sed 's/^From />From /' "$f"
	echo
done >"$TRASH/bad.mbox"
mkdir -p "$TRASH/md/cur" "$TRASH/md/new" "$TRASH/md/tmp"
i=0
for f in "$C"/*; do
	i=$((i + 1))
	cp "$f" "$TRASH/md/new/17042000$i.M$i.host"
done

expect_success "a bad mbox is indexed" "$KMAINT" index --inbox "$TRASH/bad.mbox" --list-name bad@example.com
cp "$TRASH/.out" "$TRASH/mbox.out"
is "$(q "SELECT count(*) FROM messages")" "$(grep -c '^From ' "$TRASH/bad.mbox")" "every message is in ($n)"
for k in no-message-id no-from bad-date broken-mime unknown-charset 8bit-header \
	 binary-attachment large nul-bytes absurd-date unreadable; do
	like "$TRASH/mbox.out" "^$TRASH/bad.mbox: byte [0-9]+: $k\$" "$k: named with the byte it starts at"
done
off=$(sed -n "s|^$TRASH/bad.mbox: byte \([0-9]*\): no-from\$|\1|p" "$TRASH/mbox.out" | head -1)
is "$(tail -c +$((off + 1)) "$TRASH/bad.mbox" | sed -n 2p)" "To: test@example.com" \
	"the byte named is the From_ line of the message without From"
is "$(q "SELECT count(*) FROM msg_problems WHERE kind = 'absurd-date'")" 2 "two absurd dates (2100, 1985)"
is "$(q "SELECT count(*) FROM messages WHERE flags & 262144")" 4 \
	"four dates replaced (2100, 1985, unparsable, the unreadable message's)"
is "$(q "SELECT date FROM messages WHERE msgid = 'future@x'")" "$(date -u -d '2024-01-02 06:00:00' +%s)" \
	"a date in 2100 becomes the From_ line's"
is "$(q "SELECT date FROM messages WHERE msgid = 'baddate@x'")" "$(date -u -d '2024-01-02 08:00:00' +%s)" \
	"so does an unparsable one"
made=$(q "SELECT msgid FROM messages WHERE flags & 524288")
like "$TRASH/mbox.out" "^lists: [0-9]+ messages with problems" "counted in the summary"
is "$(echo "$made" | grep -c '@mbox.invalid$')" 2 "Message-IDs made for the one without and the garbage"
is "$(q "SELECT subject FROM messages WHERE msgid = 'eightbit@x'")" "café crème brûlée" "8-bit header read as Latin-1"
is "$(q "SELECT count(*) FROM messages WHERE msgid = 'big@x' AND flags & 65536")" 1 "the 10 MB patch is a patch"
is "$(q "SELECT p.path FROM msg_files f JOIN paths p ON p.id = f.path JOIN messages m ON m.id = f.message WHERE m.msgid = 'attach@x'")" \
	"q.c" "a quoted-printable attached patch: its file"
is "$(q "SELECT count(*) FROM messages WHERE msgid = 'attach@x' AND patch_id IS NOT NULL")" 1 "and its patch-id"
q "DELETE FROM messages; DELETE FROM cursors; DELETE FROM msg_problems; DELETE FROM msg_files; DELETE FROM msg_trailers"
expect_success "read again" "$KMAINT" index
is "$(q "SELECT msgid FROM messages WHERE flags & 524288")" "$made" "the made-up Message-ID is the same again"

expect_success "a bad Maildir is indexed" "$KMAINT" index --inbox "$TRASH/md" --list-name bad@example.com
is "$(q "SELECT count(*) FROM messages m JOIN sources s ON s.id = m.source WHERE s.kind = 'maildir'")" "$n" \
	"every file is in"
like "$TRASH/.out" "^$TRASH/md: file 17042000[0-9]+.M[0-9]+.host: no-from\$" "named by file"
like "$TRASH/.out" "@maildir.invalid|no-message-id" "no Message-ID there either"

# a v2 epoch missing one blob, as the lore snapshot is
I=$TRASH/inbox
pi_init test "$I" test@example.com >/dev/null 2>&1
for f in 04-charset 05-8bit 09-nul 11-binary 13-qp-patch; do
	sed 's/^Message-ID: <\(.*\)@x>/Message-ID: <\1@pi>/' "$C/$f" >"$TRASH/pi-$f"
done
# 25 routine notes (binary attachments) before the one lost, in
# archive order: more than the summary names
for i in 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34; do
	sed "s/^Message-ID: <\(.*\)@x>/Message-ID: <\1-$i@pi>/" "$C/11-binary" >"$TRASH/pi-00-$i"
done
pi_add test "$TRASH"/pi-* 2>/dev/null
git clone -q --mirror "$I/git/0.git" "$TRASH/epoch.git"
# every object loose, so that one blob can go
(cd "$TRASH/epoch.git" && mkdir -p unpack && for p in objects/pack/*.pack; do
	[ -f "$p" ] || continue
	mv "$p" unpack/ && git unpack-objects -q <"unpack/${p##*/}"
 done && rm -rf unpack objects/pack/*.idx) || exit 1
gone=$(git --git-dir="$TRASH/epoch.git" log --raw --no-abbrev --format= | awk 'NR == 3 { print $4 }')
rm -f "$TRASH/epoch.git/objects/$(echo "$gone" | cut -c1-2)/$(echo "$gone" | cut -c3-)"
expect_success "an epoch missing a blob is indexed, with a warning" "$KMAINT" index --inbox "$TRASH/epoch.git"
like "$TRASH/.err" "warning: 1 message is missing from its archive" "warned"
sed -n 2p "$TRASH/.err" >"$TRASH/line2"
like "$TRASH/line2" "^$TRASH/epoch.git: commit [0-9a-f]{40} blob $gone: missing-blob\$" \
	"named first, by commit and blob, before 28 routine notes"
like "$TRASH/.out" "^lists: 29 messages with problems: missing-blob 1, unknown-charset 1, 8bit-header 1, binary-attachment 26\$" \
	"then the counts by kind, the lost first"
like "$TRASH/.out" "^\\.\\.\\. and 8 more \\(table msg_problems\\)" "the routine notes cut at 20"
is "$(q "SELECT count(*) FROM messages m JOIN sources s ON s.id = m.source WHERE s.path = '$TRASH/epoch.git'")" 29 \
	"the others are in"
expect_success "no-op after it" "$KMAINT" index
like "$TRASH/.out" "^lists: 0 messages added" "the missing blob is not asked again"
expect_success "verify the bad messages read the same again" "$KMAINT" index --verify 1000
like "$TRASH/.out" "^verified [0-9]+ messages: 0 differ" "they do"
is "$(q 'PRAGMA integrity_check')" ok "integrity_check"
done_testing
