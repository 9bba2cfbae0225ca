#!/bin/sh
# kmaint pending in a project without MAINTAINERS, as xfsprogs (on
# linux-xfs) is: with nothing listed, the patches that nobody but their
# author has answered, said as such; with another tree's MAINTAINERS
# (--mpath), its sections, and a section named with --section waited on
# for every patch of the project.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
mkdir -p repair db
echo a >repair/phase1.c
echo b >db/check.c
GIT_AUTHOR_DATE="2024-01-01 00:00:00 +0000" GIT_COMMITTER_DATE="2024-01-01 00:00:00 +0000" \
	git add . && git commit -qm initial || exit 1

# patch FILE SUBJECT DATE MSGID [IN-REPLY-TO]
patch() {
	printf 'A fix.\n\nSigned-off-by: Pat <pat@example.com>\n---\n--- a/repair/phase1.c\n+++ b/repair/phase1.c\n@@ -1 +1 @@\n-a\n+%s\n' "$4" |
		mail "$1" "Pat <pat@example.com>" "$2" "$3" "$4" "${5:-}"
}
patch "$M/1" "[PATCH] xfs_repair: someone answered" "Mon, 4 Mar 2024 10:00:00 +0000" some@x
echo "Looks fine." | mail "$M/2" "Some One <some@example.com>" "Re: [PATCH] xfs_repair: someone answered" \
	"Tue, 5 Mar 2024 10:00:00 +0000" some1@x some@x
patch "$M/3" "[PATCH] xfs_repair: keeper answered" "Tue, 5 Mar 2024 11:00:00 +0000" keep@x
echo "Applied." | mail "$M/4" "Tree Keeper <keeper@example.com>" "Re: [PATCH] xfs_repair: keeper answered" \
	"Wed, 6 Mar 2024 10:00:00 +0000" keep1@x keep@x
patch "$M/5" "[PATCH] xfs_repair: only its author answered" "Wed, 6 Mar 2024 11:00:00 +0000" self@x
echo "Ping?" | mail "$M/6" "Pat <pat@example.com>" "Re: [PATCH] xfs_repair: only its author answered" \
	"Thu, 7 Mar 2024 10:00:00 +0000" self1@x self@x
patch "$M/7" "[PATCH] xfs_repair: nobody answered" "Fri, 8 Mar 2024 10:00:00 +0000" none@x
# the kernel's patch on the same list: no file of it is this history's
printf 'A fix.\n\nSigned-off-by: Ker Nel <k@example.com>\n---\n--- a/fs/xfs/xfs_inode.c\n+++ b/fs/xfs/xfs_inode.c\n@@ -1 +1 @@\n-a\n+b\n' |
	mail "$M/8" "Ker Nel <k@example.com>" "[PATCH] xfs: a kernel fix" "Fri, 8 Mar 2024 11:00:00 +0000" kernel@x

pi_inbox
expect_success "index the history and the archive" "$KMAINT" index -q --inbox "$I"
ok $([ ! -e MAINTAINERS ] && ! git cat-file -e HEAD:MAINTAINERS 2>/dev/null; echo $?) \
	"the project has no MAINTAINERS"

"$KMAINT" pending --no-update --days 30 >"$TRASH/p" 2>"$TRASH/err"
is "$?" 1 "no MAINTAINERS: exit 1, something is pending (not 128)"
like "$TRASH/p" "^kmaint pending: no MAINTAINERS, so nobody listed to wait on; .* that nobody but their author has answered\$" \
	"the header says what the answer is"
is "$(sed -n 's|^ *https://lore.kernel.org/r/||p' "$TRASH/p" | tr '\n' ' ')" "self@x none@x " \
	"the patches answered by someone else are not pending; the author's own ping does not count; the kernel's is not ours"
ok $(grep -q 'waits on' "$TRASH/p"; [ $? = 1 ]; echo $?) "no section to wait on is named"
"$KMAINT" pending --no-update --days 30 --json >"$TRASH/j" 2>"$TRASH/err"
is "$?" 1 "--json: exit 1"
like "$TRASH/j" '"rule": "unanswered"' "--json: the rule is unanswered"
like "$TRASH/j" '"maintainers": null' "--json: no MAINTAINERS"
like "$TRASH/j" '"pending": 2' "--json: two pending"
"$KMAINT" pending --no-update --section XFS >/dev/null 2>"$TRASH/.err"
is "$?" 129 "--section without a MAINTAINERS is a usage error"
like "$TRASH/.err" "name another tree's with --mpath FILE" "and says how"

# another tree's MAINTAINERS: its section, named, waits for every patch
# of the project on its M:; the one the keeper answered is not pending
cat >"$TRASH/MAINTAINERS" <<'EOF2'
XFS FILESYSTEM
M:	Tree Keeper <keeper@example.com>
L:	test@example.com
S:	Supported
F:	fs/xfs/
EOF2
"$KMAINT" pending --no-update --days 30 --mpath "$TRASH/MAINTAINERS" --section XFS >"$TRASH/m" 2>"$TRASH/err"
is "$?" 1 "--mpath --section: exit 1"
like "$TRASH/m" "^kmaint pending: for every file of this repository, section XFS FILESYSTEM of $TRASH/MAINTAINERS; " \
	"the header names the file and the section, for every file"
is "$(sed -n 's|^ *https://lore.kernel.org/r/||p' "$TRASH/m" | tr '\n' ' ')" "some@x self@x none@x " \
	"only the patch its M: answered is not pending"
like "$TRASH/m" '^  waits on XFS FILESYSTEM$' "and they wait on that section"
"$KMAINT" pending --no-update --days 30 --mpath "$TRASH/MAINTAINERS" --json --section XFS >"$TRASH/mj" 2>"$TRASH/err"
like "$TRASH/mj" "\"maintainers\": \"$TRASH/MAINTAINERS\"" "--json: the file named"
like "$TRASH/mj" '"rule": "no-listed-m"' "--json: the rule is a listed M:'s reply"
expect_failure "--mpath to a missing file fails" "$KMAINT" pending --no-update --mpath "$TRASH/nope"
like "$TRASH/.err" "'$TRASH/nope' is not a file" "and says so"
done_testing
