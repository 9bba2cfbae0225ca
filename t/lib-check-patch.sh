# SPDX-License-Identifier: GPL-2.0
# A small kernel-shaped repository for "kmaint check --patch"
# (t2030-t2031): sections of 4 and 55 files and THE REST, a history with
# a buggy commit whose author and committer differ, one with no author
# address, a leading developer of fs/bar/ and someone with one commit.
#
#	make_patch_repo DIR
#	mail_patch OUT TO CC [FORMAT-PATCH ARGS...]
#
# mail_patch writes git format-patch's mail for the commits named, with
# the To: and Cc: given (comma-separated; "" for none), to OUT.

make_patch_repo() {
	git init -q -b main "$1" && cd "$1" || return
	{ cat <<'EOF'
List of maintainers
===================

BAR FILESYSTEM
M:	Bar Maintainer <bar@example.com>
R:	Bar Reviewer <bar-review@example.org>
L:	linux-bar@vger.kernel.org
S:	Supported
F:	fs/bar/

BIG DRIVERS
M:	Big Maintainer <big@example.com>
L:	big@lists.example.org
S:	Maintained
F:	drivers/big/

EOF
	the_rest; } >MAINTAINERS
	mkdir -p fs/bar drivers/big lib
	for f in inode super dir; do echo "int $f;" >fs/bar/$f.c; done
	echo 'obj-y += bar.o' >fs/bar/Makefile
	i=0
	while [ $i -lt 55 ]; do echo "int big$i;" >drivers/big/big$i.c; i=$((i + 1)); done
	echo 'int rest;' >lib/rest.c
	echo 'top' >Makefile
	git add -A && git commit -q -m "Initial tree" || return
	i=0
	while [ $i -lt 8 ]; do
		echo "int lead$i;" >>fs/bar/super.c
		git add -A && GIT_AUTHOR_NAME='Bar Dev' GIT_AUTHOR_EMAIL=bardev@example.com \
			git commit -q -m "bar: lead $i" || return
		i=$((i + 1))
	done
	echo 'int weak;' >>fs/bar/dir.c
	git add -A && GIT_AUTHOR_NAME='Weak Person' GIT_AUTHOR_EMAIL=weak@example.com \
		git commit -q -m "bar: one small change" || return
	echo 'int bug;' >>fs/bar/inode.c
	git add -A && GIT_AUTHOR_NAME='Bug Author' GIT_AUTHOR_EMAIL=bug@example.com \
		GIT_COMMITTER_NAME='Bug Committer' GIT_COMMITTER_EMAIL=bugc@example.com \
		git commit -q -m "bar: the buggy change" || return
	git tag buggy
	echo 'int anon;' >>lib/rest.c
	git add -A && git commit -q --author='Nobody <>' -m "lib: no address" || return
	git tag anon
	git tag base
}

mail_patch() {
	_out=$1 _to=$2 _cc=$3
	shift 3
	git format-patch -q --stdout ${_to:+--to="$_to"} ${_cc:+--cc="$_cc"} "$@" >"$_out"
}
