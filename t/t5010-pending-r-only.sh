#!/bin/sh
# kmaint pending for a section that lists only an R:, as fstests' XFS
# does: its patches are applied by the M: of the catch-all section, so
# an answer from that M: ends the wait, and an answer from the R: alone
# does not.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<'EOF2'
XFS
R:	Rev Only <rev@example.com>
L:	test@example.com
S:	Supported
F:	tests/xfs/

ALL
M:	Tree Keeper <keeper@example.com>
L:	test@example.com
S:	Maintained
F:	*
F:	*/
EOF2
mkdir -p tests/xfs common include
echo a >tests/xfs/001
echo rc >common/rc
echo defs >include/builddefs.in
GIT_AUTHOR_DATE="2024-01-01 00:00:00 +0000" GIT_COMMITTER_DATE="2024-01-01 00:00:00 +0000" \
	git add . && git commit -qm initial || exit 1

# patch FILE SUBJECT DATE MSGID
patch() {
	printf 'A test.\n\nSigned-off-by: Pat <pat@example.com>\n---\n--- a/tests/xfs/001\n+++ b/tests/xfs/001\n@@ -1 +1 @@\n-a\n+%s\n' "$4" |
		mail "$1" "Pat <pat@example.com>" "$2" "$3" "$4"
}
patch "$M/1" "[PATCH] xfs/001: keeper answered" "Mon, 4 Mar 2024 10:00:00 +0000" k@x
echo "Applied." | mail "$M/2" "Tree Keeper <keeper@example.com>" "Re: [PATCH] xfs/001: keeper answered" \
	"Tue, 5 Mar 2024 10:00:00 +0000" k1@x k@x
patch "$M/3" "[PATCH] xfs/001: reviewer answered" "Wed, 6 Mar 2024 10:00:00 +0000" r@x
printf '> x\n\nReviewed-by: Rev Only <rev@example.com>\n' | mail "$M/4" "Rev Only <rev@example.com>" \
	"Re: [PATCH] xfs/001: reviewer answered" "Thu, 7 Mar 2024 10:00:00 +0000" r1@x r@x
patch "$M/5" "[PATCH] xfs/001: nobody answered" "Fri, 8 Mar 2024 10:00:00 +0000" n@x
# another project's patch on the same list (the kernel's, on linux-xfs):
# no file of it is this history's, and ALL's "F: *" does not claim it
printf 'A fix.\n\nSigned-off-by: Ker Nel <k@example.com>\n---\n--- a/fs/xfs/xfs_inode.c\n+++ b/fs/xfs/xfs_inode.c\n@@ -1 +1 @@\n-a\n+b\n--- a/fs/xfs/xfs_inode.h\n+++ b/fs/xfs/xfs_inode.h\n@@ -1 +1 @@\n-a\n+b\n' |
	mail "$M/6" "Ker Nel <k@example.com>" "[PATCH] xfs: a kernel fix" "Fri, 8 Mar 2024 11:00:00 +0000" kernel@x
# reviewed on the list by someone of that other project
printf '> b\n\nReviewed-by: Other Rev <other@example.com>\n' | mail "$M/6r" \
	"Other Rev <other@example.com>" "Re: [PATCH] xfs: a kernel fix" \
	"Fri, 8 Mar 2024 11:10:00 +0000" kernel1@x kernel@x
# xfsdump's: common/main.c would be in a directory of ours, dump/ is not;
# the kernel's include/linux/fs.h is not in our include/
foreign() { # FILE SUBJECT MSGID PATH...
	f=$1 subj=$2 id=$3
	shift 3
	for p in "$@"; do
		printf -- '--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-a\n+b\n' "$p" "$p"
	done | { printf 'A fix.\n\nSigned-off-by: Ker Nel <k@example.com>\n---\n'; cat; } |
		mail "$f" "Ker Nel <k@example.com>" "$subj" "Fri, 8 Mar 2024 11:30:00 +0000" "$id"
}
foreign "$M/8" "[PATCH] xfsdump: tidy" dump@x common/main.c dump/content.c
foreign "$M/9" "[PATCH] vfs: widen i_ino" vfs@x include/linux/fs.h
# and one of this project's adding a test: a new file in a known directory
printf 'A test.\n\nSigned-off-by: Pat <pat@example.com>\n---\n--- /dev/null\n+++ b/tests/xfs/002\n@@ -0,0 +1 @@\n+new\n' |
	mail "$M/7" "Pat <pat@example.com>" "[PATCH] xfs/002: a new test" "Fri, 8 Mar 2024 12:00:00 +0000" new@x

pi_inbox
expect_success "index the history and the archive" "$KMAINT" index --inbox "$I"
"$KMAINT" pending --no-update --section XFS >"$TRASH/p" 2>&1
is "$?" 1 "exit 1: something is pending"
is "$(sed -n 's|^ *https://lore.kernel.org/r/||p' "$TRASH/p" | tr '\n' ' ')" "r@x n@x new@x " \
	"the patch the catch-all's M: answered is not pending; the R:'s, nobody's and the new test are"
"$KMAINT" pending --no-update >"$TRASH/all" 2>&1
ok $(grep -q 'kernel@x\|dump@x\|vfs@x' "$TRASH/all"; [ $? = 1 ]; echo $?) \
	"every section: other projects' patches wait on nobody here"
like "$TRASH/all" '^3 patches pending' "three of this project's four"
"$KMAINT" stats --list --no-update --json >"$TRASH/s.json" 2>&1
like "$TRASH/s.json" '"patches": ?4[,}]' "stats --list: 4 patches of this project, as grep counts them ($(grep -l '^+++ b/tests/' "$M"/* | wc -l))"
like "$TRASH/p" '^  waits on XFS; reviewed by R: Rev Only$' "the R:'s review is shown, the wait goes on"
# audit of a few sections asks each message whether it is the project's
"$KMAINT" audit --section ALL >"$TRASH/a" 2>&1
like "$TRASH/a" '^  top list reviewers not listed: Rev Only <rev@example.com> 1$' \
	"audit --section: the review of another project's patch is no review here"
# audit of one section reads only the patches touching its paths, and
# asks only of those whether they are another project's
"$KMAINT" audit --section ALL --json >"$TRASH/a.json" 2>&1
like "$TRASH/a.json" '"section": ?"ALL"[^]]*"list_threads": ?4,' \
	"audit --section: the catch-all's threads are this project's four, not the other projects' three"
"$KMAINT" audit --json >"$TRASH/all.json" 2>&1
like "$TRASH/all.json" '"section": ?"ALL"[^]]*"list_threads": ?4,' "as in the audit of every section"
# more than 16 sections (judge/audit.c, FEW_SECTIONS) read every patch
# of the archives in one pass, each asked there whether it is the
# project's
cp MAINTAINERS "$TRASH/m.keep"
for i in $(seq 1 16); do
	printf '\nSPARE %s\nM:\tSpare <spare%s@example.com>\nS:\tMaintained\nF:\tspare%s/\n' $i $i $i
done >>MAINTAINERS
"$KMAINT" audit --json >"$TRASH/whole.json" 2>&1
"$KMAINT" audit >"$TRASH/whole" 2>&1
cp "$TRASH/m.keep" MAINTAINERS
like "$TRASH/whole.json" '"section": ?"ALL"[^]]*"list_threads": ?4,' \
	"every section read at once: the catch-all's threads are still its four"
like "$TRASH/whole" '^  top list reviewers not listed: Rev Only <rev@example.com> 1$' \
	"and the review of another project's patch is no review here"
done_testing
