#!/bin/sh
# Many "kmaint index" at once, --rebuild among them and some killed with
# kill -9, with readers meanwhile: one writer at a time (the lock), stale
# locks taken over, every reader answers from a whole index, and the
# index afterwards is the one a clean build makes.  Then the lock on its
# own (--lock-timeout, stale, another host), --verify on rows stored
# twice, and a damaged index.
. "${0%/*}/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/proj
git init -q -b main "$R" && cd "$R" || exit 1
DB=.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }

# 300 commits, each a one-line change, posted as patches in an mbox
awk 'BEGIN {
	t = 1700000000
	for (i = 1; i <= 300; i++) {
		printf "commit refs/heads/main\n"
		printf "author Dev %d <dev%d@example.com> %d +0000\n", i % 23, i % 23, t + i * 3600
		printf "committer C O Mitter <committer@example.com> %d +0000\n", t + i * 3600
		msg = sprintf("foo: change %d\n\nSigned-off-by: Dev %d <dev%d@example.com>\n", i, i % 23, i % 23)
		printf "data %d\n%s", length(msg), msg
		printf "M 100644 inline f%d.c\ndata <<EOF\nline %d\nEOF\n\n", i % 40, i
	}
}' | git fast-import --quiet && git reset -q --hard main || exit 1
MBOX=$TRASH/list.mbox
git format-patch -q --stdout --thread --root main >"$MBOX" || exit 1
INBOX="--inbox $MBOX --list-name test@example.com"

# dump DB: the rows that matter, ids aside
dump() {
	sqlite3 "$1" "SELECT c.hash, c.parents, l.author_name, l.author_email, l.subject
			FROM commits c JOIN commit_log l ON l.id = c.id ORDER BY 1;
		SELECT * FROM file_log ORDER BY 1, 2;
		SELECT hash, seq, key, value, email FROM trailer_log ORDER BY 1, 2;
		SELECT msgid, dup, offset, date, flags, coalesce(patch_id, '-'), subject,
			(SELECT count(*) FROM msg_files f WHERE f.message = m.id)
			FROM messages m ORDER BY 1, 2;
		SELECT m.msgid, c.hash, l.how, l.landed FROM links l
			JOIN messages m ON m.id = l.message
			JOIN commits c ON c.id = l.commit_id ORDER BY 1;
		SELECT c.hash, coalesce(p.patch_id, '-') FROM commit_patchids p
			JOIN commits c ON c.id = p.commit_id ORDER BY 1;
		SELECT count(*) FROM msg_problems;"
}

"$KMAINT" index -q --db "$TRASH/clean.sqlite" $INBOX || exit 1
dump "$TRASH/clean.sqlite" >"$TRASH/clean.dump"
like "$TRASH/clean.dump" "\\|[0-9a-f]{40}\\|patch-id\\|1$" "(the clean build links postings)"

expect_success "a first index" "$KMAINT" index -q $INBOX
"$KMAINT" stats --no-update >"$TRASH/stats.ref" 2>&1
like "$TRASH/stats.ref" "Dev" "(stats name the developers)"

# Twelve writers a tenth of a second apart, every fourth a --rebuild,
# every third killed with kill -9 a little after it starts; a reader
# beside each.  Readers update the index themselves when they find it
# behind or being made, so they wait for the writers.
n=0
killed=
readers=
while [ $n -lt 12 ]; do
	n=$((n + 1))
	extra=
	[ $((n % 4)) = 0 ] && extra=--rebuild
	"$KMAINT" index -q --batch 20 $extra $INBOX >"$TRASH/w$n.out" 2>"$TRASH/w$n.err" &
	w=$!
	"$KMAINT" stats >"$TRASH/r$n.out" 2>"$TRASH/r$n.err" &
	readers="$readers $!:$n"
	if [ $((n % 3)) = 1 ]; then
		sleep 0.$((n % 5 + 1))
		{ kill -9 $w; wait $w; } 2>/dev/null
		killed="$killed $n"
	else
		eval "w$n=$w"
	fi
	sleep 0.1
done
bad=
for n in 2 3 5 6 8 9 11 12; do
	wait $(eval echo \$w$n) || bad="$bad w$n"
done
for r in $readers; do
	wait ${r%:*} || bad="$bad r${r#*:}"
	cmp -s "$TRASH/r${r#*:}.out" "$TRASH/stats.ref" || bad="$bad r${r#*:}-output"
done
is "${bad:-none}" none "every writer not killed and every reader exits 0; readers give the whole index's answer"
[ -n "$bad" ] && for f in "$TRASH"/w*.err "$TRASH"/r*.err; do sed "s|^|# ${f##*/}: |" "$f"; done | grep -v "running 'kmaint index'" | head -20
cat "$TRASH"/w*.err "$TRASH"/r*.err >"$TRASH/all.err"
if grep -Eq "malformed|UNIQUE|cannot store|locked" "$TRASH/all.err"; then ok 1 "no SQLite error"; else ok 0 "no SQLite error"; fi
expect_success "a last run finishes what a killed one left" "$KMAINT" index -q
is "$(ls .git/kmaint/ | grep -c 'index.sqlite.lock$')" 0 "no lock is left behind"
dump "$DB" >"$TRASH/after.dump"
same_file "$TRASH/after.dump" "$TRASH/clean.dump" "the index equals a clean build's, row by row"
is "$(q 'PRAGMA integrity_check')" ok "integrity_check"
expect_success "--verify finds nothing wrong" "$KMAINT" index --verify 20
like "$TRASH/.out" "^verified every row: each once" "... every row once"

# The lock alone
echo "$$ $(hostname)" >"$DB.lock"
expect_failure "a lock held by a live process: busy" "$KMAINT" index --lock-timeout 0
is "$rc" 128 "exit 128"
like "$TRASH/.err" "another 'kmaint index' \\(pid $$ on $(hostname)\\) is updating the index; gave up after 0 s \\(--lock-timeout\\)" \
	"the message names the holder and the option"
echo "$$ elsewhere.example.com" >"$DB.lock"
expect_failure "a lock from another host is never stale" "$KMAINT" index -q --lock-timeout 0
like "$TRASH/.err" "pid $$ on elsewhere.example.com" "... and is named"
sh -c 'exit 0' &
dead=$!
wait $dead
echo "$dead $(hostname)" >"$DB.lock"
expect_success "a lock left by a dead process is taken over" "$KMAINT" index -q --lock-timeout 0
like "$TRASH/.err" "removed '.*index.sqlite.lock', left by 'kmaint index' \\(pid $dead on $(hostname)\\), which is no longer running" \
	"... with a note"
is "$(ls .git/kmaint/ | grep -c 'index.sqlite.lock')" 0 "and removed at the end"
expect_failure "--lock-timeout -1 is a usage error" "$KMAINT" index --lock-timeout -1
is "$rc" 129 "exit 129"

# --verify: every row, not a sample
cp "$DB" "$TRASH/keep.sqlite"
q "INSERT INTO messages SELECT NULL, source, part, blob, offset, length, msgid, mid,
	dup, parent_msgid, parent_mid, parent, thread, date, tz, sender, author,
	subject, subject_key, subject_hash, prefix, version, part_nr, part_total,
	flags, patch_id FROM messages WHERE id = 7"
expect_failure "--verify: a message stored twice" "$KMAINT" index --verify 1
is "$rc" 1 "exit 1"
like "$TRASH/.out" "^messages stored twice \\(same mbox offset or Maildir file\\): 1$" "named"
like "$TRASH/.out" "^messages with a Message-ID repeated in their archive \\(same dup\\): 1$" "and its Message-ID"
q "INSERT INTO links SELECT max(m.id), l.commit_id, l.how, 0 FROM messages m,
	links l WHERE l.message = 7"
expect_failure "--verify: a link stored twice" "$KMAINT" index --verify 1
like "$TRASH/.out" "^commits linked twice to one posting \\(same Message-ID\\): 1$" "named"
q "DELETE FROM commits WHERE id = 3"
expect_failure "--verify: rows of a commit that is gone" "$KMAINT" index --verify 1
like "$TRASH/.out" "^changed paths of no commit: 1$" "named"
cp "$TRASH/keep.sqlite" "$DB"
rm -f "$DB-wal" "$DB-shm"

# A damaged index: every command says so, and what remakes it
size=$(wc -c <"$DB")
head -c $((size / 2)) "$TRASH/keep.sqlite" >"$DB"
for cmd in "index -q" "index --stats" "index --verify 1" "stats" "stats --list"; do
	expect_failure "truncated: kmaint $cmd" "$KMAINT" $cmd
	is "$rc" 128 "... exit 128"
	like "$TRASH/.err" "the index '.*index.sqlite' is damaged \\(truncated: [0-9]+ of [0-9]+ bytes\\); 'kmaint index --rebuild' remakes it" \
		"... says the index is damaged and what remakes it"
done
if grep -q malformed "$TRASH/.err"; then ok 1 "not SQLite's words"; else ok 0 "not SQLite's words"; fi
cp "$TRASH/keep.sqlite" "$DB"
printf 'overwritten by something else entirely' | dd of="$DB" conv=notrunc 2>/dev/null
expect_failure "overwritten: kmaint stats" "$KMAINT" stats
like "$TRASH/.err" "is damaged \\(not an SQLite database\\); 'kmaint index --rebuild' remakes it" "says so"
# a page in the middle overwritten: SQLite finds it when it reads it
cp "$TRASH/keep.sqlite" "$DB"
pages=$(q 'PRAGMA page_count')
dd if=/dev/zero of="$DB" bs=4096 seek=$((pages / 2)) count=$((pages / 4)) conv=notrunc 2>/dev/null
expect_failure "pages zeroed: kmaint index --verify" "$KMAINT" index --verify 5
like "$TRASH/.err" "is damaged \\(database disk image is malformed\\); 'kmaint index --rebuild' remakes it" "says so"
expect_success "--rebuild remakes it" "$KMAINT" index -q --rebuild $INBOX
dump "$DB" >"$TRASH/after.dump"
same_file "$TRASH/after.dump" "$TRASH/clean.dump" "the same as a clean build"

# An index made by an older kmaint, before the signature lines outside
# the trailers were kept: kmaint index upgrades it in place, its
# messages kept, and it then holds what a clean build does.
q "DELETE FROM meta WHERE key = 'siglines'; DELETE FROM siglines;
   UPDATE commits SET flags = flags & ~8"
expect_success "an older index: kmaint index upgrades it" "$KMAINT" index
like "$TRASH/.err" "upgrading the index made by an older kmaint: reading its 300 commits again \\(the mail archives are kept\\)" \
	"says so"
like "$TRASH/.out" "^lists: 0 messages added, 0 deleted" "the messages are kept, not read again"
dump "$DB" >"$TRASH/after.dump"
same_file "$TRASH/after.dump" "$TRASH/clean.dump" "then the same as a clean build, links included"
is "$(q "SELECT value FROM meta WHERE key = 'siglines'")" all "with every commit's signature lines"
done_testing
