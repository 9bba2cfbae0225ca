#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Without -f, an argument git knows is a file and any other a patch, as
# get_maintainer.pl decides with `git ls-files`.  kmaint keeps git's
# answers in $GIT_DIR/kmaint/tracked and does not ask about paths
# outside the work tree: the same answers as the script's, before and
# after the index changes, through symbolic links, from a linked work
# tree, with a cache it cannot write and one it cannot read.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup

R=$TRASH/repo
mkdir -p "$R/drivers/foo" "$R/fs/bar" "$TRASH/bin"
cd "$R" || exit 1
{ cat <<'EOF'
FOO DRIVER
M:	Foo Maintainer <foo@example.com>
L:	foo@lists.example.com
S:	Maintained
F:	drivers/foo/

BAR FILESYSTEM
M:	Bar Maintainer <bar@example.com>
S:	Supported
F:	fs/bar/

EOF
the_rest; } >MAINTAINERS
echo 'int foo;' >drivers/foo/foo.c
echo 'int bar;' >fs/bar/bar.c
git init -q && git add . && git commit -q -m init || exit 1
cat >p.patch <<'EOF'
diff --git a/drivers/foo/foo.c b/drivers/foo/foo.c
--- a/drivers/foo/foo.c
+++ b/drivers/foo/foo.c
@@ -1 +1 @@
-int foo;
+int foo = 1;
EOF
cp p.patch "$TRASH/outside.patch"
cp p.patch ../up.patch

# git as the script and kmaint see it, counting ls-files runs
real_git=$(command -v git)
cat >"$TRASH/bin/git" <<EOF
#!/bin/sh
[ "\$1" = ls-files ] && echo "\$*" >>"$TRASH/git.log"
exec "$real_git" "\$@"
EOF
chmod +x "$TRASH/bin/git"
PATH=$TRASH/bin:$PATH
export PATH

# files git read a while ago, so that its answers may be kept
age() { touch -d '1 minute ago' "$(git rev-parse --git-path index)" \
	"$(git rev-parse --git-common-dir)/config"; }
age

# same DESC ARG...: kmaint's answer (stdout and exit) is the script's
same() {
	desc=$1
	shift
	perl "$ORACLE_PL" --no-tree --nogit --nogit-fallback "$@" >"$TRASH/o" 2>/dev/null
	echo "exit $?" >>"$TRASH/o"
	"$KMAINT" get --no-tree --nogit --nogit-fallback "$@" >"$TRASH/k" 2>"$TRASH/k.err"
	echo "exit $?" >>"$TRASH/k"
	same_file "$TRASH/k" "$TRASH/o" "$desc"
}
# runs CMD...: how many times kmaint ran git ls-files
runs() {
	: >"$TRASH/git.log"
	"$@" >/dev/null 2>&1
	wc -l <"$TRASH/git.log" | tr -d ' '
}
kget() { "$KMAINT" get --no-tree --nogit --nogit-fallback "$@"; }
cache=.git/kmaint/tracked

same "an untracked patch in the work tree is a patch" p.patch
like "$cache" '^0	p\.patch$' "git's answer is kept"
is "$(runs kget p.patch)" 0 "and used: git is not asked again"
same "a tracked file without -f is a file" drivers/foo/foo.c
same "a tracked directory" fs/bar
same "a patch outside the work tree" "$TRASH/outside.patch"
is "$(runs kget "$TRASH/outside.patch")" 0 "git is not asked about it"
same "a patch above the work tree, by a relative path" ../up.patch
is "$(runs kget ../up.patch)" 0 "nor about that one"
same "an absolute path with .. in it" "$TRASH/bin/../outside.patch"
is "$(runs kget "$TRASH/bin/../outside.patch")" 0 "read as git reads it, without git"

# the cache is what is read: a doctored answer changes the result
kget p.patch >"$TRASH/before"
sed -i 's/^0	p\.patch$/1	p.patch/' "$cache"
kget p.patch >"$TRASH/doctored"
if cmp -s "$TRASH/doctored" "$TRASH/before"; then ok 1 "a doctored answer is read"
else ok 0 "a doctored answer is read"; fi
sed -i 's/^1	p\.patch$/0	p.patch/' "$cache"

# a new index: the kept answers go
git add p.patch
# as young as an index can be, however slow this machine is
touch -d '1 hour' "$(git rev-parse --git-path index)"
same "once added, the patch file is a file" p.patch
is "$(runs kget p.patch)" 1 "a young index vouches for nothing: git is asked again"
age
same "and still is, from an older index" p.patch
like "$cache" '^1	p\.patch$' "that answer is kept"
is "$(runs kget p.patch)" 0 "and used"
git rm -q --cached p.patch
age
same "removed from the index, it is a patch again" p.patch
like "$cache" '^0	p\.patch$' "the new answer is kept"

# through symbolic links: git resolves a path leading into the work tree
ln -s "$R" "$TRASH/link"
ln -s "$R/drivers" "$TRASH/dlink"
same "the work tree through a link to it" "$TRASH/link/drivers/foo/foo.c"
is "$(runs kget "$TRASH/link/drivers/foo/foo.c")" 1 "git is asked about it"
same "a link to a directory inside it" "$TRASH/dlink/foo/foo.c"
same "a patch through the link" "$TRASH/link/p.patch"
mkdir "$TRASH/pdir" && cp p.patch "$TRASH/pdir/q.patch"
ln -s "$TRASH/pdir" "$TRASH/olink"
same "a link that leads elsewhere" "$TRASH/olink/q.patch"
is "$(runs kget "$TRASH/olink/q.patch")" 0 "git is not asked about that one"

# a linked work tree keeps its own answers in its own git directory
git worktree add -q "$TRASH/wt" 2>/dev/null
cp p.patch "$TRASH/wt/p.patch"
cd "$TRASH/wt" || exit 1
touch -d '1 minute ago' "$(git rev-parse --git-path index)"
same "a linked work tree: an untracked patch" p.patch
same "a linked work tree: a tracked file" drivers/foo/foo.c
like "$R/.git/worktrees/wt/kmaint/tracked" '^0	p\.patch$' \
	"kept in the linked work tree's git directory"
is "$(runs kget p.patch)" 0 "and used there"
cd "$R" || exit 1

# what changes git's reading is never answered from the cache
cp .git/index "$TRASH/index2"
GIT_INDEX_FILE=$TRASH/index2 git add p.patch
export GIT_INDEX_FILE=$TRASH/index2
same "GIT_INDEX_FILE: git's answer for that index" p.patch
unset GIT_INDEX_FILE

# a cache that cannot be read or written is none
printf 'garbage\n1\tp.patch\n' >"$cache"
same "a cache that is not one is ignored" p.patch
rm -rf .git/kmaint
echo 'not a directory' >.git/kmaint
same "a cache that cannot be written is no error" p.patch
is "$(cat "$TRASH/k.err")" "" "and nothing is said about it"
rm -f .git/kmaint

done_testing
