#!/bin/sh
# A whole tree's audit (more than 16 sections) makes a (section, person)
# record only for the listed and for those active in the window, and
# credits each with its whole history: the window's messages and commits
# make the records, the older ones are read after them and credit only
# those (judge/audit.c, read_wanted()).  The figures of the past must not
# depend on that order: the older list messages of someone active in git,
# the older commits of a listed person, and of two commits of one second
# the one indexed last, as when every commit is read in id order; the
# older commits of a listed person with none since.  The
# section audited alone (no such order) gives the same record.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
{
	printf 'FOO DRIVER\nM:\tGit Person <git@example.com>\n'
	printf 'M:\tOld Timer <old@example.com>\nR:\tGone Person <gone@example.com>\n'
	printf 'L:\ttest@example.com\n'
	printf 'S:\tMaintained\nF:\tfoo/\n'
	for i in $(seq 1 16); do
		printf '\nSPARE %s\nM:\tSpare <spare%s@example.com>\nS:\tMaintained\nF:\tspare%s/\n' \
			"$i" "$i" "$i"
	done
} >MAINTAINERS
mkdir foo
echo a >foo/a.c
as "Init Ial" init@example.com
by "Init Ial" init@example.com
at "2015-01-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
# 2015: Old Timer's two changes, the first posted; Dev Eloper answers it
as "Old Timer" old@example.com
by "Old Timer" old@example.com
at "2015-02-01 00:00:00"
echo 1 >>foo/a.c && git commit -qam "foo: old change 1" || exit 1
post_head "$M/p1" "Old Timer <old@example.com>" "[PATCH] foo: old change 1" \
	"Sun, 01 Feb 2015 00:00:00 +0000" p1@x
printf '> quoted\n\nA question.\n' |
	mail "$M/d1" "Dev Eloper <dev@example.com>" "Re: [PATCH] foo: old change 1" \
	"Mon, 02 Feb 2015 00:00:00 +0000" d1@x p1@x
# with Gone Person's ack: a trailer that is not its sender's
printf '> quoted\n\nAnother.\n\nAcked-by: Gone Person <gone@example.com>\n' |
	mail "$M/d2" "Dev Eloper <dev@example.com>" "Re: [PATCH] foo: old change 1" \
	"Tue, 03 Feb 2015 00:00:00 +0000" d2@x d1@x
at "2015-03-01 00:00:00"
echo 2 >>foo/a.c && git commit -qam "foo: old change 2" || exit 1
as "Gone Person" gone@example.com
by "Gone Person" gone@example.com
at "2015-04-01 00:00:00"
echo gone >>foo/a.c && git commit -qam "foo: gone's change" || exit 1
# 2024: Dev Eloper's three changes, Git Person applies them
as "Dev Eloper" dev@example.com
by "Git Person" git@example.com
for i in 1 2 3; do
	at "2024-0$i-01 00:00:00"
	echo "new $i" >>foo/a.c && git commit -qam "foo: change $i" || exit 1
done
# then a change dated the second of Old Timer's last one: indexed after
# the window's first commit, it is read before the older ones
as "Old Timer" old@example.com
by "Old Timer" old@example.com
at "2015-03-01 00:00:00"
echo 3 >>foo/a.c && git commit -qam "foo: old change 3" || exit 1
last=$(git rev-parse --short=12 HEAD)
# SPARE 1: two authors of one change each, the later known by the
# earlier address: a tie, in the address's order, not the person's
mkdir spare1
by "Spare" spare1@example.com
as "Zed Later" zz@example.com
at "2024-04-01 00:00:00"
echo z >spare1/s.c && git add spare1 && git commit -qm "spare1: z" || exit 1
as "Abe Later" aa@example.com
at "2024-05-01 00:00:00"
echo a >>spare1/s.c && git commit -qam "spare1: a" || exit 1

pi_inbox
expect_success "index the history and the inbox" "$KMAINT" index --inbox "$I"

AUDIT="$KMAINT audit --min-changes 1 --as-of 2024-12-31 --mpath MAINTAINERS"
$AUDIT >"$TRASH/a" 2>&1
is "$?" 1 "audit of every section: findings"
sed -n '/^Subsystem FOO DRIVER$/,/^$/p' "$TRASH/a" >"$TRASH/ev"
like "$TRASH/ev" "^    Author $last: 2015-03-01 00:00:00 0\$" \
	"Old Timer's last change: of two at one second, the one indexed last"
$AUDIT --json >"$TRASH/all.json" 2>&1
$AUDIT --json --section "FOO DRIVER" >"$TRASH/one.json" 2>&1
if command -v python3 >/dev/null; then
	expect_success "the past of the listed and of the active" python3 -c '
import json, sys
s = [x for x in json.load(open(sys.argv[1]))["sections"]
     if x["section"] == "FOO DRIVER"][0]
old = [x for x in s["listed"] if x["email"] == "old@example.com"][0]
assert old["inactive"] and old["changesets_ever"] == 3, old
assert old["list_messages"] == 0 and old["list_messages_ever"] == 1, old
assert old["first_activity"] == "2015-02-01", old
assert old["last_activity"] == "2015-03-01", old
gone = [x for x in s["listed"] if x["email"] == "gone@example.com"][0]
assert gone["changesets_ever"] == 1, gone
assert gone["last_authored"] == "2015-04-01", gone
assert gone["list_reviews_ever"] == 1, gone
dev = [x for x in s["top_unlisted"] if x["email"] == "dev@example.com"][0]
assert dev["changesets"] == 3 and dev["changesets_ever"] == 3, dev
assert dev["list_messages"] == 0 and dev["list_messages_ever"] == 2, dev
assert dev["first_activity"] == "2015-02-02", dev' "$TRASH/all.json"
	expect_success "a whole tree's ties: by address" python3 -c '
import json, sys
s = [x for x in json.load(open(sys.argv[1]))["sections"]
     if x["section"] == "SPARE 1"][0]
e = [x["email"] for x in s["top_unlisted"]]
assert e == ["aa@example.com", "zz@example.com"], e' "$TRASH/all.json"
	expect_success "the section alone: the same" python3 -c '
import json, sys
whole = [x for x in json.load(open(sys.argv[1]))["sections"]
         if x["section"] == "FOO DRIVER"][0]
one = json.load(open(sys.argv[2]))["sections"][0]
assert whole == one, (whole, one)' "$TRASH/all.json" "$TRASH/one.json"
fi

# without the summary (an index from before it, an interrupted run) the
# commits are read from the tables, in the same two walks: the window's,
# the records closed, then the older ones' (read_wanted()); the same
cp .git/kmaint/index.sqlite "$TRASH/nosum.sqlite" &&
sqlite3 "$TRASH/nosum.sqlite" "DELETE FROM summary" || exit 1
$AUDIT --json --db "$TRASH/nosum.sqlite" >"$TRASH/nosum.json" 2>&1
same_file "$TRASH/nosum.json" "$TRASH/all.json" \
	"without the summary: the same records, the older ones credited"

# the records keep commit ids in 32 bits: an id past them is refused,
# not counted wrong
cp .git/kmaint/index.sqlite "$TRASH/big.sqlite" &&
sqlite3 "$TRASH/big.sqlite" "PRAGMA foreign_keys = OFF;
	UPDATE files SET commit_id = 2147483648 WHERE commit_id = (SELECT max(id) FROM commits);
	UPDATE trailers SET commit_id = 2147483648 WHERE commit_id = (SELECT max(id) FROM commits);
	UPDATE commits SET id = 2147483648 WHERE id = (SELECT max(id) FROM commits);" ||
	exit 1
$AUDIT --db "$TRASH/big.sqlite" >"$TRASH/big" 2>&1
is "$?" 128 "a commit id past INT32_MAX: a fatal error"
like "$TRASH/big" "commit id 2147483648: past what an audit counts" "which says so"
done_testing
