# SPDX-License-Identifier: GPL-2.0
# Helpers for the "kmaint check" tests.  Source after t/lib.sh.
#
# The fixtures live in t/check/: files.txt lists the files of a small
# tree that passes get_maintainer.pl's top_of_kernel_tree() test, each
# X.MAINTAINERS is a fixture and X.expected what kmaint check --only=all
# prints for it (cross-checked against get_maintainer.pl and checkpatch.pl
# where those have the rule, by the tests, whenever the 6.12 tree is there).

FIXTURES=$SRCDIR/t/check
K612=$KMAINT_DATA/linux-source-6.12

# mk_tree DIR: the fixture tree, each file holding its own name
mk_tree() {
	mkdir -p "$1"
	while read -r f; do
		case $f in */*) mkdir -p "$1/${f%/*}" ;; esac
		echo "$f" >"$1/$f"
	done <"$FIXTURES/files.txt"
}

# mk_git_tree DIR: the same, as a git work tree with everything added
mk_git_tree() {
	mk_tree "$1" &&
	git -C "$1" init -q &&
	git -C "$1" add -A
}

# have_oracle: the 6.12 tree's scripts are there to compare with
have_oracle() {
	[ -f "$K612/scripts/get_maintainer.pl" ] &&
	[ -f "$K612/scripts/checkpatch.pl" ] &&
	[ -f "$K612/scripts/parse-maintainers.pl" ]
}

# checkpatch_style FILE: checkpatch.pl's MAINTAINERS_STYLE findings for
# FILE added as a new MAINTAINERS, as "LINE: message" (line in FILE)
checkpatch_style() {
	{
		printf 'From: A U Thor <author@example.com>\nSubject: [PATCH] add\n\n'
		printf 'Signed-off-by: A U Thor <author@example.com>\n---\n'
		printf 'diff --git a/MAINTAINERS b/MAINTAINERS\nnew file mode 100644\n'
		printf 'index 0000000..1111111\n'
		diff -u --label /dev/null --label b/MAINTAINERS /dev/null "$1"
	} >"$TRASH/cp.patch"
	# the hunk's first line is line 12 of the patch
	perl "$K612/scripts/checkpatch.pl" --no-tree --no-signoff --terse \
		--types MAINTAINERS_STYLE "$TRASH/cp.patch" |
		sed -n 's/^[^:]*:\([0-9]*\): WARNING: \(.*\)$/\1 \2/p' |
		while read -r n msg; do echo "$((n - 11)): $msg"; done
}

# style_findings FILE.expected: the same shape from kmaint's output
style_findings() {
	sed -n 's/^[^:]*:\([0-9]*\): warning: \([^	]*\)	.*/\1: \2/p' "$1"
}
