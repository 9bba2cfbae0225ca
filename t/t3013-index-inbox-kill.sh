#!/bin/sh
# kill -9 in the middle of reading an archive (a v2 inbox, an mbox): the
# next run resumes from the cursors committed with the messages; nothing
# is lost or read twice, the database is intact, and what it holds is
# what a clean run stores.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

R=$TRASH/proj
M=$TRASH/msgs
mkdir -p "$M"
git init -q -b main "$R" && cd "$R" && echo a >a && git add a &&
git commit -qm start || exit 1
DB=.git/kmaint/index.sqlite

# 600 messages, patches and replies, in a v2 inbox by public-inbox's
# writer, and 2400 in an mbox
awk -v dir="$M" 'BEGIN {
	for (i = 1; i <= 600; i++) {
		f = sprintf("%s/%05d", dir, i)
		printf "From: Dev %d <dev%d@example.com>\nTo: test@example.com\n", i % 37, i % 37 > f
		printf "Date: Mon, 1 Jan 2024 %02d:%02d:00 +0000\n", (i / 60) % 24, i % 60 > f
		printf "Message-ID: <k%d@example.com>\n", i > f
		if (i % 3) {
			printf "Subject: [PATCH] foo: change %d\n\nSigned-off-by: Dev <dev@example.com>\n---\n", i > f
			printf "diff --git a/f%d.c b/f%d.c\n--- a/f%d.c\n+++ b/f%d.c\n@@ -1 +1 @@\n-a\n+b%d\n", i, i, i, i, i > f
		} else {
			printf "Subject: Re: [PATCH] foo: change %d\nIn-Reply-To: <k%d@example.com>\n\n", i - 1, i - 1 > f
			printf "Reviewed-by: Rev <rev@example.com>\n" > f
		}
		close(f)
	}
}'
I=$TRASH/inbox
pi_init test "$I" test@example.com >/dev/null 2>&1 && pi_add test "$M"/* 2>/dev/null ||
	{ echo "1..1"; echo "not ok 1 - public-inbox"; exit 1; }
for r in 1 2 3 4; do
	# the same messages under other ids
	awk -v r=$r 'FNR == 1 { if (NR > 1) print ""; print "From dev@example.com Mon Jan  1 10:00:00 2024" }
		{ sub(/^Message-ID: <k/, "Message-ID: <r" r "-k"); print }
		END { print "" }' "$M"/*
done >"$TRASH/big.mbox"

# dump DB: what a message is, ids aside, for comparing two databases
dump() {
	sqlite3 "$1" "SELECT m.msgid, m.dup, coalesce(m.blob, m.offset), m.date, m.flags,
		coalesce(m.patch_id, '-'), coalesce(p.email, '-'), m.subject,
		(SELECT count(*) FROM msg_files f WHERE f.message = m.id),
		(SELECT count(*) FROM msg_trailers t WHERE t.message = m.id),
		coalesce((SELECT x.msgid FROM messages x WHERE x.id = m.parent), '-')
		FROM messages m LEFT JOIN people p ON p.id = m.sender ORDER BY 1, 2, 3"
}

kill_run() {
	what=$1
	shift
	killed=0
	for attempt in 1 2 3 4 5; do
		rm -rf .git/kmaint
		"$KMAINT" index -q --jobs 1 --batch 20 "$@" &
		pid=$!
		i=0
		while [ $i -lt 1000 ]; do
			n=$(sqlite3 "$DB" 'SELECT count(*) FROM messages' 2>/dev/null || echo 0)
			[ "${n:-0}" -gt 0 ] && break
			sleep 0.01
			i=$((i + 1))
		done
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		n=$(sqlite3 "$DB" 'SELECT count(*) FROM messages' 2>/dev/null || echo 0)
		if [ "${n:-0}" -gt 0 ] && [ "$n" -lt "$total" ]; then
			killed=1
			break
		fi
	done
	is "$killed" 1 "$what: killed part-way ($n of $total messages in)"
	is "$(sqlite3 "$DB" 'PRAGMA integrity_check')" ok "$what: integrity_check after kill -9"
	is "$(sqlite3 "$DB" "SELECT count(*) FROM messages WHERE flags & 65536 AND patch_id IS NULL")" 0 \
		"$what: every patch stored has its patch-id (committed with it)"
	expect_success "$what: the next run resumes" "$KMAINT" index
	like "$TRASH/.out" "^lists: $((total - n)) messages added, 0 deleted" "$what: only the rest is read"
	is "$(sqlite3 "$DB" 'SELECT count(*) FROM messages')" "$total" "$what: every message once"
	is "$(sqlite3 "$DB" 'PRAGMA integrity_check')" ok "$what: integrity_check after the resumed run"
	"$KMAINT" index -q --db "$TRASH/clean.sqlite" "$@"
	dump "$DB" >"$TRASH/resumed"
	dump "$TRASH/clean.sqlite" >"$TRASH/clean"
	same_file "$TRASH/resumed" "$TRASH/clean" "$what: the same as a clean run, message by message"
	rm -f "$TRASH/clean.sqlite"*
	expect_success "$what: no-op afterwards" "$KMAINT" index
	like "$TRASH/.out" '^lists: 0 messages added, 0 deleted' "$what: nothing left to do"
}

total=$(pi_count_epochs "$I"/git/*.git)
kill_run "v2 inbox" --inbox "$I"
total=$(grep -c '^From ' "$TRASH/big.mbox")
kill_run "mbox" --inbox "$TRASH/big.mbox" --list-name test@example.com
done_testing
