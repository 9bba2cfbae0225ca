#!/bin/sh
# Posted patches linked to the commits that landed them: v1 then v2 of a
# series (v2 lands), a patch applied under another subject (patch-id), one
# applied with another diff (author and subject, the author in an in-body
# From:), a commit never posted, a patch never answered; then stats --list
# on them, and links kept right as commits and messages come and go.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }
t() { date -u -d "$1" +%s; }
lines() { i=1; while [ $i -le 40 ]; do echo "$1 line $i"; i=$((i + 1)); done; }

cat >MAINTAINERS <<'EOF'
FOO DRIVER
M:	Maint Ainer <maint@example.com>
R:	Rev Iewer <rev@example.com>
L:	test@example.com
S:	Maintained
F:	foo/

BAR LIBRARY
M:	Bar Man <bar@example.com>
S:	Maintained
F:	bar/
EOF
mkdir foo bar
lines a >foo/a.c
lines b >foo/b.c
lines c >bar/c.c
as "Init Ial" init@example.com
at "2023-12-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
# a change before any posting: it gets no patch-id
at "2023-12-15 00:00:00"
echo notes >notes.txt && git add notes.txt && git commit -qm "notes" || exit 1
old=$(git rev-parse HEAD)
base=$(git rev-parse HEAD)

# sed_commit FILE LINE TEXT SUBJECT: change one line and commit
sed_commit() {
	sed -i "$2s/.*/$3/" "$1" && git commit -qam "$4"
}

# The versions as posted, on side branches off the base
git checkout -q -b v1 "$base"
as Alice alice@example.com
sed_commit foo/a.c 3 "x, first try" "foo: add x"
sed_commit foo/b.c 5 "y" "foo: add y"
x1=$(git rev-parse HEAD~1) y1=$(git rev-parse HEAD)
git checkout -q -b side "$base"
as Carol carol@example.com
sed_commit bar/c.c 10 "tweaked as posted" "bar: tweak"
tweak_posted=$(git rev-parse HEAD)
as Eve eve@example.com
sed_commit foo/b.c 30 "ignored" "foo: ignored"
eve=$(git rev-parse HEAD)

# What landed, on main
git checkout -q main
as Alice alice@example.com
at "2024-02-01 00:00:00"; sed_commit foo/a.c 3 "x, second try" "foo: add x"
x2=$(git rev-parse HEAD)
at "2024-02-02 00:00:00"; sed_commit foo/b.c 5 "y" "foo: add y"
y2=$(git rev-parse HEAD)
as Bob bob@example.com
at "2024-02-03 00:00:00"; sed_commit foo/a.c 25 "z fixed" "foo: fix the z thing"
z=$(git rev-parse HEAD)
as Carol carol@example.com
at "2024-02-04 00:00:00"; sed_commit bar/c.c 10 "tweaked otherwise" "bar: tweak"
tweak=$(git rev-parse HEAD)
as Dave dave@example.com
at "2024-02-05 00:00:00"; sed_commit foo/a.c 38 "direct" "foo: never posted"
never=$(git rev-parse HEAD)
# the z patch as posted: the same diff, on the tree it was written on
git checkout -q -b zpost "$y2"
as Bob bob@example.com
sed_commit foo/a.c 25 "z fixed" "foo: fix z"
zpost=$(git rev-parse HEAD)
git checkout -q main

# patch FILE FROM SUBJECT DATE MSGID IN-REPLY-TO COMMIT [IN-BODY-FROM]
patch() {
	{
		[ -n "${8:-}" ] && printf 'From: %s\n\n' "$8"
		printf 'A change.\n\nSigned-off-by: %s\n---\n' "${8:-$2}"
		git show --format= "$7"
		printf -- '-- \n2.39.0\n'
	} | mail "$1" "$2" "$3" "$4" "$5" "$6"
}
reply() {
	printf '> quoted\n\n%s\n' "$7" | mail "$1" "$2" "$3" "$4" "$5" "$6"
}
A="Alice <alice@example.com>"
echo "Two changes." | mail "$M/01" "$A" "[PATCH 0/2] foo: x and y" "Tue, 2 Jan 2024 10:00:00 +0000" v1-0@x
patch "$M/02" "$A" "[PATCH 1/2] foo: add x" "Tue, 2 Jan 2024 10:01:00 +0000" v1-1@x v1-0@x "$x1"
patch "$M/03" "$A" "[PATCH 2/2] foo: add y" "Tue, 2 Jan 2024 10:02:00 +0000" v1-2@x v1-0@x "$y1"
reply "$M/04" "Other <other@example.com>" "Re: [PATCH 0/2] foo: x and y" \
	"Tue, 2 Jan 2024 11:00:00 +0000" o1@x v1-0@x "Why?"
reply "$M/05" "Rev Iewer <rev@example.com>" "Re: [PATCH 1/2] foo: add x" \
	"Tue, 2 Jan 2024 13:01:00 +0000" r1@x v1-1@x "Try again."
echo "Two changes, again." | mail "$M/06" "$A" "[PATCH v2 0/2] foo: x and y" "Fri, 5 Jan 2024 10:00:00 +0000" v2-0@x
patch "$M/07" "$A" "[PATCH v2 1/2] foo: add x" "Fri, 5 Jan 2024 10:01:00 +0000" v2-1@x v2-0@x "$x2"
patch "$M/08" "$A" "[PATCH v2 2/2] foo: add y" "Fri, 5 Jan 2024 10:02:00 +0000" v2-2@x v2-0@x "$y1"
reply "$M/09" "Maint Ainer <maint@example.com>" "Re: [PATCH v2 1/2] foo: add x" \
	"Fri, 5 Jan 2024 12:01:00 +0000" m1@x v2-1@x "Reviewed-by: Maint Ainer <maint@example.com>"
patch "$M/10" "Bob <bob@example.com>" "[PATCH] foo: fix z" "Sat, 6 Jan 2024 09:00:00 +0000" z@x "" "$zpost"
reply "$M/11" "Rev Iewer <rev@example.com>" "Re: [PATCH] foo: fix z" \
	"Sat, 6 Jan 2024 10:00:00 +0000" r2@x z@x "Acked-by: Rev Iewer <rev@example.com>"
patch "$M/12" "Carol at home <carol@home.example.org>" "[PATCH] bar: tweak" \
	"Sun, 7 Jan 2024 09:00:00 +0000" tw@x "" "$tweak_posted" "Carol <carol@example.com>"
reply "$M/13" "Bar Man <bar@example.com>" "Re: [PATCH] bar: tweak" \
	"Mon, 8 Jan 2024 09:00:00 +0000" b1@x tw@x "Fine."
patch "$M/14" "Eve <eve@example.com>" "[PATCH] foo: ignored" "Mon, 8 Jan 2024 10:00:00 +0000" eve@x "" "$eve"

pi_init test "$I" test@example.com >/dev/null 2>&1 &&
pi_add test "$M"/* 2>/dev/null || { echo "1..1"; echo "not ok 1 - public-inbox"; exit 1; }

expect_success "index the history and the inbox" "$KMAINT" index --inbox "$I"
like "$TRASH/.out" '^lists: 14 messages added' "14 messages"
how() { q "SELECT c.hash || ' ' || l.how || ' ' || l.landed FROM links l JOIN messages m ON m.id = l.message JOIN commits c ON c.id = l.commit_id WHERE m.msgid = '$1'"; }
is "$(how v2-1@x)" "$x2 patch-id 1" "v2 of x: linked by patch-id, the version that landed"
is "$(how v1-1@x)" "$x2 author+subject 0" "v1 of x (another diff): by author and subject"
is "$(how v2-2@x)" "$y2 patch-id 1" "v2 of y: by patch-id, landed"
is "$(how v1-2@x)" "$y2 patch-id 0" "v1 of y (the same diff): by patch-id too"
is "$(how z@x)" "$z patch-id 1" "applied under another subject: by patch-id"
is "$(how tw@x)" "$tweak author+subject 1" "applied with another diff: by the in-body author and subject"
is "$(how eve@x)" "" "never applied: no link"
is "$(q "SELECT count(*) FROM links l JOIN commits c ON c.id = l.commit_id WHERE c.hash IN ('$never', '$base')")" 0 \
	"the commits never posted have none"
is "$(q "SELECT count(*) FROM links WHERE how NOT IN ('patch-id', 'author+subject')")" 0 \
	"every link says how it was made"
is "$(q "SELECT m.version FROM links l JOIN messages m ON m.id = l.message JOIN commits c ON c.id = l.commit_id WHERE c.hash = '$x2' AND l.landed")" \
	2 "the version of x that landed: 2"
is "$(q "SELECT c.commit_time - min(m.date) FROM links l JOIN messages m ON m.id = l.message JOIN commits c ON c.id = l.commit_id WHERE c.hash = '$x2'")" \
	$(($(t "2024-02-01 00:00:00") - $(t "2024-01-02 10:01:00"))) "from first posting (v1) to commit"
is "$(q "SELECT count(*) FROM commit_patchids WHERE patch_id IS NOT NULL")" 5 \
	"patch-ids of the five commits after the oldest message (not the initial one)"
is "$(q "SELECT count(*) FROM commit_patchids p JOIN commits c ON c.id = p.commit_id WHERE c.hash = '$old'")" \
	0 "none for a commit before it, however early git was given it"
git show "$z" | git patch-id --stable | cut -d' ' -f1 >"$TRASH/pid"
is "$(q "SELECT p.patch_id FROM commit_patchids p JOIN commits c ON c.id = p.commit_id WHERE c.hash = '$z'")" \
	"$(cat "$TRASH/pid")" "a commit's patch-id is git patch-id --stable's"
is "$(q "SELECT patch_id FROM messages WHERE msgid = 'z@x'")" "$(cat "$TRASH/pid")" \
	"and the posting's the same"

# stats --list for the FOO section
expect_success "stats --list --section FOO --json" "$KMAINT" stats --list --section FOO --json --no-update
cp "$TRASH/.out" "$TRASH/foo.json"
tot() { sed -n "s/.*\"$1\": \([^,}]*\).*/\1/p" "$TRASH/foo.json" | head -1; }
is "$(tot patches)" 6 "patches posted touching foo/: x and y twice, z, the ignored one"
is "$(tot replies)" 4 "replies in their threads (not the one to bar)"
is "$(tot reviews) $(tot reviewers)" "2 2" "reviews given and distinct reviewers"
is "$(tot answered) $(tot unanswered)" "4 2" "answered (also through the cover letter) and never answered"
is "$(tot median_hours_to_first_reply)" 0.99 "median time to the first reply (58, 59, 60, 120 min)"
is "$(tot median_hours_to_first_reply_by_listed)" 2.00 "and to the first from the section's M:/R: (3 h, 2 h, 1 h)"
is "$(tot p90_hours_to_first_reply)" 2.00 "its 90th percentile, the nearest rank (120 min)"
is "$(tot p90_hours_to_first_reply_by_listed)" 3.00 "and from the M:/R: (3 h)"
is "$(tot landed) $(tot superseded) $(tot pending)" "5 0 1" "landed, superseded, pending"
is "$(tot commits) $(tot commits_posted)" "5 3" "commits touching foo/ and those posted (not the initial one, not Dave's)"
like "$TRASH/foo.json" "\"commit\": \"$never\"" "the commit never posted is named"
like "$TRASH/foo.json" '"Alice", "email": "alice@example.com", "count": 4' "patches by Alice"
like "$TRASH/foo.json" '"Rev Iewer", "email": "rev@example.com", "count": 2' "replies by the reviewer"
expect_success "stats --list on the whole repository" "$KMAINT" stats --list --json --no-update
cp "$TRASH/.out" "$TRASH/foo.json"
is "$(tot commits) $(tot commits_posted)" "7 4" "all commits, and those posted"
is "$(tot linked_by_patch_id) $(tot linked_by_author_subject)" "3 1" "by patch-id, by author and subject"
like "$TRASH/foo.json" '"versions_landed": \{"1": 2, "2": 2\}' "versions that landed: x and y as v2, z and the tweak as v1"
med=$(awk -v a=$(($(t "2024-02-04 00:00:00") - $(t "2024-01-07 09:00:00"))) \
	  -v b=$(($(t "2024-02-01 00:00:00") - $(t "2024-01-02 10:01:00"))) \
	  'BEGIN { printf "%.2f", (a + b) / 2 / 86400 }')
is "$(tot median_days_posting_to_commit)" "$med" "median days from first posting to commit"
expect_success "stats --list in text" "$KMAINT" stats --list --section FOO --no-update
like "$TRASH/.out" "^commits: 5, 3 posted \(60.0%; linked by patch-id 3, by author and subject 0\)" "the text report"
like "$TRASH/.out" "never posted" "names the commits never posted"
expect_failure "an unknown list" "$KMAINT" stats --list=nosuch@example.com --no-update
like "$TRASH/.err" "no list 'nosuch@example.com'" "says so"

# Later: Eve's patch lands after all (a new commit, linked), and v2 of x
# is removed from the archive (x keeps its v1, by author and subject).
git cherry-pick "$eve" >"$TRASH/cp.log" 2>&1 || { cat "$TRASH/cp.log"; exit 1; }
pi_rm "$M/07" 2>/dev/null
expect_success "index again" "$KMAINT" index
is "$(how eve@x)" "$(git rev-parse HEAD) patch-id 1" "a new commit is linked"
is "$(how v1-1@x)" "$x2 author+subject 1" "x lost its v2: v1 is what is left, and landed"
is "$(q "SELECT count(*) FROM links")" 6 "six links now (one more, one gone)"
expect_success "no-op" "$KMAINT" index
like "$TRASH/.out" "^lists: 0 messages added, 0 deleted from 1 archives, 13 in the index, 0 commit patch-ids, 0 links" \
	"nothing linked again"
is "$(q "SELECT count(*) FROM links")" 6 "links kept"
done_testing
