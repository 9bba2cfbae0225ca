#!/bin/sh
# The no-op 'kmaint index' with archives: each archive's cursor against
# its tip, read from the epoch's ref files, no git process and no pass
# of the lists' update when nothing moved; whatever moved is still read
# (a new message, a new epoch, a rewritten epoch, a new commit, packed
# refs, an mbox touched).
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project
echo a >a.c && git add a.c && git commit -qm "a: start" || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
for i in 1 2 3; do
	mail "$M/p$i.eml" "Dev <dev@example.com>" "[PATCH] a: change $i" \
		"Mon, $i Jan 2024 10:00:00 +0000" "p$i@example.com" </dev/null
done
pi_inbox

# every git kmaint starts, logged
mkdir -p "$TRASH/bin"
real_git=$(command -v git)
cat >"$TRASH/bin/git" <<EOF
#!/bin/sh
printf '%s\n' "\$*" >>"$TRASH/git.log"
exec "$real_git" "\$@"
EOF
chmod +x "$TRASH/bin/git"
# run kmaint index with its gits logged; the archive's in $TRASH/arch
run() {
	: >"$TRASH/git.log"
	KMAINT_DEBUG=1 PATH="$TRASH/bin:$PATH" "$KMAINT" index "$@" \
		>"$TRASH/.out" 2>"$TRASH/.err"
	rc=$?
	grep -c -- "--git-dir=$I" "$TRASH/git.log" >"$TRASH/arch"
	return $rc
}
# did the last run read the lists (their passes' timing, KMAINT_DEBUG)?
passes() { grep -c '^lists: read' "$TRASH/.err"; }

expect_success "index --inbox" "$KMAINT" index --inbox "$I"
is "$(q "SELECT count(*) FROM messages")" 3 "three messages"

expect_success "a no-op" run
is "$(cat "$TRASH/arch")" 0 "no git process in the archive"
is "$(passes)" 0 "the lists' update skipped"
like "$TRASH/.out" '^lists: 0 messages added, 0 deleted from 1 archives, 3 in the index, 0 commit patch-ids, 0 links' \
	"the same summary"
is "$(wc -l <"$TRASH/git.log")" 4 "four git processes in all"

git --git-dir="$I/git/0.git" pack-refs --all || exit 1
is "$(ls "$I/git/0.git/refs/heads" | wc -l)" 0 "the epoch's refs packed"
expect_success "a no-op, packed refs" run
is "$(cat "$TRASH/arch") $(passes)" "0 0" "the tip read from packed-refs"

mail "$M/n1.eml" "Dev <dev@example.com>" "[PATCH] a: later" \
	"Sat, 13 Jan 2024 10:00:00 +0000" "n1@example.com" </dev/null
pi_mda test@example.com "$M/n1.eml"
expect_success "a new message after a no-op" run
like "$TRASH/.out" '^lists: 1 messages added, 0 deleted' "is read"
is "$(q "SELECT count(*) FROM messages WHERE msgid = 'n1@example.com'")" 1 \
	"and stored"
is "$(q "SELECT value FROM cursors WHERE part = 0")" \
	"$(git --git-dir="$I/git/0.git" rev-parse HEAD)" "the cursor moved to the tip"
expect_success "then a no-op" run
is "$(cat "$TRASH/arch") $(passes)" "0 0" "skipped again"

# a rewritten epoch: the tip is no longer the cursor's descendant
public-inbox-purge "$I" <"$M/p2.eml" >/dev/null 2>&1
expect_success "a purged message" run
is "$(passes)" 1 "the lists read"
is "$(q "SELECT count(*) FROM messages WHERE msgid = 'p2@example.com'")" 0 \
	"the purged message is gone"
is "$(q "SELECT count(*) FROM messages WHERE msgid IN ('p1@example.com', 'p3@example.com', 'n1@example.com')")" 3 \
	"the others kept"

# a new epoch: a part without a cursor
mail "$M/n2.eml" "Dev <dev@example.com>" "[PATCH] a: much later" \
	"Sun, 14 Jan 2024 10:00:00 +0000" "n2@example.com" </dev/null
ROTATE_BYTES=1 pi_add test "$M/n2.eml" 2>/dev/null
is "$([ -d "$I/git/1.git" ] && echo yes)" yes "a second epoch"
expect_success "a new epoch" run
like "$TRASH/.out" '^lists: 1 messages added' "its message read"
is "$(q "SELECT count(*) FROM cursors")" 2 "and its cursor stored"

# a new commit: its patch-id and links, the archives unchanged
echo b >>a.c && git commit -qam "a: more" || exit 1
expect_success "a new commit" run
is "$(passes)" 1 "the lists' passes run"
is "$(q "SELECT count(*) FROM commit_patchids p JOIN commits c ON c.id = p.commit_id WHERE c.hash = '$(git rev-parse HEAD)'")" \
	1 "the new commit's patch-id"
expect_success "then a no-op" run
is "$(passes)" 0 "skipped again"

# an mbox: touched (its time changed), it is looked at
mail "$TRASH/one.eml" "Dev <dev@example.com>" "[PATCH] a: boxed" \
	"Mon, 15 Jan 2024 10:00:00 +0000" "b1@example.com" </dev/null
{ echo "From dev@example.com Mon Jan 15 10:00:00 2024"; cat "$TRASH/one.eml"; } >"$TRASH/a.mbox"
expect_success "an mbox" "$KMAINT" index --inbox "$TRASH/a.mbox"
expect_success "a no-op with an mbox" run
is "$(passes)" 0 "skipped"
touch -d '2030-01-01' "$TRASH/a.mbox"
expect_success "the mbox touched" run
is "$(passes)" 1 "the lists read"
like "$TRASH/.out" '^lists: 0 messages added, 0 deleted from 2 archives' "nothing new in it"

done_testing
