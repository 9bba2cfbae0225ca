#!/bin/sh
# An update that fails (the disk full, SQLITE_FULL) in the history, the
# summary, the derived tables, an archive or the links leaves the index at its last complete
# state: queries answer from it, as before the update, and say once that
# the index is behind, how far it goes and why the update stopped; the
# next run redoes the update and gives what a clean build gives.
# KMAINT_TEST_FULL=POINT:N is the test hook of kmaint-index(1); a real
# full tmpfs where mount is permitted.
. "${0%/*}/lib.sh"

R=$TRASH/proj
git init -q -b main "$R" && cd "$R" || exit 1

# 120 commits by six developers, f1.c to f120.c, and their postings in
# an mbox, every third answered by the maintainer with a Reviewed-by
awk 'BEGIN {
	t = 1700000000
	for (i = 1; i <= 120; i++) {
		d = i % 6
		printf "commit refs/heads/main\nmark :%d\n", i
		printf "author Dev %d <dev%d@example.com> %d +0000\n", d, d, t + i * 3600
		printf "committer Maint <maint@example.com> %d +0000\n", t + i * 3600 + 600
		msg = sprintf("foo: change %d\n\nSigned-off-by: Dev %d <dev%d@example.com>\n", i, d, d)
		printf "data %d\n%s", length(msg), msg
		if (i > 1)
			printf "from :%d\n", i - 1
		if (i == 1) {
			m = "FOO\nM:\tMaint <maint@example.com>\nL:\ttest@example.com\nS:\tMaintained\nF:\t*\n"
			printf "M 100644 inline MAINTAINERS\ndata %d\n%s", length(m), m
		}
		c = sprintf("int f%d;\n", i)
		printf "M 100644 inline f%d.c\ndata %d\n%s\n", i, length(c), c
	}
}' | git fast-import --quiet || exit 1
git branch full && git reset -q --hard main~60 || exit 1
awk -v dir="$TRASH" 'BEGIN {
	t = 1700000000
	for (i = 1; i <= 120; i++) {
		f = dir "/mbox" (i <= 60 ? "1" : "2")
		d = i % 6
		printf "From dev%d@example.com Mon Jan  1 00:00:00 2024\n", d > f
		printf "From: Dev %d <dev%d@example.com>\nTo: test@example.com\n", d, d > f
		printf "Date: %s\n", strftime("%a, %d %b %Y %H:%M:%S +0000", t + i * 3600 - 1800, 1) > f
		printf "Message-ID: <p%d@example.com>\n", i > f
		printf "Subject: [PATCH] foo: change %d\n\n", i > f
		printf "Signed-off-by: Dev %d <dev%d@example.com>\n---\n", d, d > f
		printf "diff --git a/f%d.c b/f%d.c\nnew file mode 100644\n", i, i > f
		printf "--- /dev/null\n+++ b/f%d.c\n@@ -0,0 +1 @@\n+int f%d;\n\n", i, i > f
		if (i % 3)
			continue
		printf "From maint@example.com Mon Jan  1 00:00:00 2024\n" > f
		printf "From: Maint <maint@example.com>\nTo: test@example.com\n" > f
		printf "Date: %s\n", strftime("%a, %d %b %Y %H:%M:%S +0000", t + i * 3600 - 900, 1) > f
		printf "Message-ID: <r%d@example.com>\nIn-Reply-To: <p%d@example.com>\n", i, i > f
		printf "Subject: Re: [PATCH] foo: change %d\n\nReviewed-by: Maint <maint@example.com>\n\n", i > f
	}
}' || exit 1
cat "$TRASH/mbox1" "$TRASH/mbox2" >"$TRASH/mbox.full"
cp "$TRASH/mbox1" "$TRASH/list.mbox"
old=$(git rev-parse HEAD)
asof=2023-11-20

# the answers of an index (stdout), and what they said on stderr
answers() {
	"$KMAINT" stats --no-update --csv --top 0 "$@" >"$TRASH/a.stats" 2>"$TRASH/a.err1"
	"$KMAINT" stats --list --no-update "$@" >"$TRASH/a.list" 2>"$TRASH/a.err2"
	"$KMAINT" pending --no-update --days 3650 --as-of $asof "$@" >"$TRASH/a.pending" 2>"$TRASH/a.err3"
	"$KMAINT" audit --no-evidence "$@" >"$TRASH/a.audit" 2>"$TRASH/a.err4"
	cat "$TRASH/a.stats" "$TRASH/a.list" "$TRASH/a.pending" "$TRASH/a.audit"
}

expect_success "the first build" "$KMAINT" index -q --inbox "$TRASH/list.mbox" \
	--list-name test@example.com
K=.git/kmaint
cp -r $K "$TRASH/saved"
answers >"$TRASH/before"
like "$TRASH/before" "^patches: 20 answered, 40 never answered" "(60 patches before)"
# the same index, the history and the list grown, to be indexed
grown() {
	rm -rf $K && cp -r "$TRASH/saved" $K && git reset -q --hard full &&
	cp "$TRASH/mbox.full" "$TRASH/list.mbox"
}
grown
"$KMAINT" index -q --db "$TRASH/clean.sqlite" --inbox "$TRASH/list.mbox" \
	--list-name test@example.com
answers --db "$TRASH/clean.sqlite" >"$TRASH/clean"
like "$TRASH/clean" "^patches: 40 answered, 80 never answered" "(120 patches after)"

# the update fails at POINT; then the answers, then the next run
fails_at() {
	what=$1 point=$2
	grown
	KMAINT_TEST_FULL=$point "$KMAINT" index -q --batch 10 >"$TRASH/.out" 2>"$TRASH/.err"
	rc=$?
	ok $([ $rc = 128 ] || [ $rc = 1 ]; echo $?) "$what: the update fails"
	like "$TRASH/.err" "database or disk is full" "$what: on SQLITE_FULL"
	like "$TRASH/.err" "rolled back" "$what: and says the index keeps its state"
	answers >"$TRASH/failed"
	same_file "$TRASH/failed" "$TRASH/before" "$what: the answers are those before the update"
	cat "$TRASH"/a.err[1-4] >"$TRASH/notes"
	is "$(grep -c 'note: the index is behind' "$TRASH/a.err1")" 1 "$what: a query says once that it is behind"
	like "$TRASH/a.err1" "history up to $(echo $old | cut -c1-12) .2023-11-" "$what: up to which commit"
	like "$TRASH/a.err2" "lists up to 2023-11-.*<[pr]60@example.com>" "$what: up to which message"
	like "$TRASH/a.err3" "stopped: .*database or disk is full" "$what: why the update stopped"
	is "$(grep -vc 'note: the index is behind' "$TRASH/notes")" 0 "$what: and nothing else"
	expect_success "$what: the next update" "$KMAINT" index -q
	answers >"$TRASH/after"
	same_file "$TRASH/after" "$TRASH/clean" "$what: then the answers are a clean build's"
	is "$(cat "$TRASH"/a.err[1-4])" "" "$what: no note any more"
}
fails_at history history:2
fails_at summary summary:1
fails_at derived derived:1
fails_at archive archive:2
fails_at links links:1

# a real full file system: the index on a small tmpfs, filled up
MNT=$TRASH/mnt
mkdir "$MNT"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4m tmpfs "$MNT" 2>/dev/null; then
	trap 'umount "$MNT" 2>/dev/null; rm -rf "$TRASH" "$HOME"' EXIT
	rm -rf $K && git reset -q --hard $old && cp "$TRASH/mbox1" "$TRASH/list.mbox"
	"$KMAINT" index -q --db "$MNT/i.sqlite" --inbox "$TRASH/list.mbox" \
		--list-name test@example.com
	answers --db "$MNT/i.sqlite" >"$TRASH/tmpfs-before"
	same_file "$TRASH/tmpfs-before" "$TRASH/before" "tmpfs: the index as before"
	git reset -q --hard full && cp "$TRASH/mbox.full" "$TRASH/list.mbox"
	# room for the lock and a few pages, not for the update
	dd if=/dev/zero of="$MNT/room" bs=4096 count=6 2>/dev/null
	dd if=/dev/zero of="$MNT/fill" bs=4096 2>/dev/null
	rm -f "$MNT/room"
	"$KMAINT" index -q --batch 10 --db "$MNT/i.sqlite" >"$TRASH/.out" 2>"$TRASH/.err"
	rc=$?
	ok $([ $rc = 128 ] || [ $rc = 1 ]; echo $?) "tmpfs: the update fails on the full disk"
	like "$TRASH/.err" "database or disk is full" "tmpfs: says so"
	answers --db "$MNT/i.sqlite" >"$TRASH/failed"
	same_file "$TRASH/failed" "$TRASH/before" "tmpfs: the answers are those before the update"
	like "$TRASH/a.err1" "behind.*history up to $(echo $old | cut -c1-12)" "tmpfs: and say it is behind"
	like "$TRASH/a.err4" "stopped: .*database or disk is full" "tmpfs: audit --db too, and why"
	rm -f "$MNT/fill"
	expect_success "tmpfs: the next update" "$KMAINT" index -q --db "$MNT/i.sqlite"
	answers --db "$MNT/i.sqlite" >"$TRASH/after"
	same_file "$TRASH/after" "$TRASH/clean" "tmpfs: then the answers are a clean build's"
	umount "$MNT"
else
	ok 0 "# SKIP tmpfs: mount is not permitted here"
fi
done_testing
