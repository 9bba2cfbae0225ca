#!/bin/sh
# The hub: commands, -C, help, exit codes; get and map on a small tree.
. "${0%/*}/lib.sh"

mk_tree() {
	mkdir -p "$1/fs/xfs/libxfs" "$1/drivers/net" "$1/Documentation/ABI" "$1/sub"
	{ cat <<'EOT'
List of maintainers
	M:	Example <ex@example.org>

XFS FILESYSTEM
M:	Chandan Babu R <chandan.babu@oracle.com>
R:	Darrick J. Wong <djwong@kernel.org>
L:	linux-xfs@vger.kernel.org
S:	Supported
F:	fs/xfs/
X:	fs/xfs/excluded.c

NETWORKING DRIVERS
M:	Net Dev <net@example.org>
L:	netdev@vger.kernel.org (moderated for non-subscribers)
S:	Odd Fixes
F:	drivers/net
N:	wireless

SYSFS POWER
M:	Power Person <power@example.org>
S:	Maintained
F:	Documentation/ABI/sysfs-class-power

KEYWORDS
M:	Key Word <kw@example.org>
S:	Maintained
K:	\bmagic_fn\b

EOT
	the_rest; } >"$1/MAINTAINERS"
	for f in fs/xfs/xfs_inode.c fs/xfs/excluded.c fs/xfs/libxfs/xfs_da.c \
		 drivers/net/foo.c drivers/wireless.c \
		 Documentation/ABI/sysfs-class-power-wilco sub/file.c README; do
		echo "/* $f */" >"$1/$f"
	done
}

T=$TRASH/tree
mk_tree "$T"

expect_success "--version" "$KMAINT" --version
like "$TRASH/.out" '^kmaint version ' "--version prints the version"
expect_failure "unknown command fails" "$KMAINT" frobnicate
like "$TRASH/.err" "'frobnicate' is not a kmaint command" "and says so"
"$KMAINT" >/dev/null 2>&1
is "$?" 129 "no command: usage error 129"
expect_failure "-C to a missing directory fails" "$KMAINT" -C "$TRASH/nope" map

# get from the top, from a subdirectory and with -C give one answer
(cd "$T" && "$KMAINT" get -f fs/xfs/xfs_inode.c) >"$TRASH/top.out"
cat >"$TRASH/expect" <<'EOT'
Chandan Babu R <chandan.babu@oracle.com> (supporter:XFS FILESYSTEM)
"Darrick J. Wong" <djwong@kernel.org> (reviewer:XFS FILESYSTEM)
linux-xfs@vger.kernel.org (open list:XFS FILESYSTEM)
linux-kernel@vger.kernel.org (open list)
EOT
same_file "$TRASH/top.out" "$TRASH/expect" "get -f at the top"
(cd "$T/fs/xfs" && "$KMAINT" get -f xfs_inode.c) >"$TRASH/sub.out"
same_file "$TRASH/sub.out" "$TRASH/expect" "get -f from a subdirectory"
"$KMAINT" -C "$T" get -f fs/xfs/xfs_inode.c >"$TRASH/c.out"
same_file "$TRASH/c.out" "$TRASH/expect" "get -f with -C"
"$KMAINT" get -f "$T/fs/xfs/xfs_inode.c" >"$TRASH/abs.out" 2>/dev/null
(cd "$T" && "$KMAINT" get -f "$T/fs/xfs/xfs_inode.c") >"$TRASH/abs.out"
same_file "$TRASH/abs.out" "$TRASH/expect" "get -f with an absolute path"

# X: drops the whole section; the slash-count rule; the unanchored end
out=$(cd "$T" && "$KMAINT" get --norolestats -f fs/xfs/excluded.c | tr '\n' ' ')
is "$out" "linux-kernel@vger.kernel.org " "X: excludes the section"
out=$(cd "$T" && "$KMAINT" get --norolestats --nol -f fs/xfs/libxfs/xfs_da.c | tr '\n' ' ')
is "$out" 'Chandan Babu R <chandan.babu@oracle.com> "Darrick J. Wong" <djwong@kernel.org> ' \
	"a trailing-slash pattern matches deeper files"
out=$(cd "$T" && "$KMAINT" get --norolestats --nol -f Documentation/ABI/sysfs-class-power-wilco)
is "$out" "Power Person <power@example.org>" "F: does not anchor its end"
out=$(cd "$T" && "$KMAINT" get --norolestats --nol -f drivers/net/foo.c)
is "$out" "Net Dev <net@example.org>" "F: naming a directory matches as one"
out=$(cd "$T" && "$KMAINT" get --nom --nor -f drivers/net/foo.c | head -1)
is "$out" "netdev@vger.kernel.org (moderated list:NETWORKING DRIVERS)" "moderated list role"
out=$(cd "$T" && "$KMAINT" get --norolestats --nol -f drivers/wireless.c)
is "$out" "Net Dev <net@example.org>" "N: matches anywhere in the path"
out=$(cd "$T" && "$KMAINT" get --git-chief-penguins --norolestats --nol -f README)
is "$out" "Linus Torvalds <torvalds@linux-foundation.org>" "--git-chief-penguins keeps Linus"
out=$(cd "$T" && "$KMAINT" get --norolestats --nol -f README)
is "$out" "" "Linus is dropped by default"
out=$(cd "$T" && "$KMAINT" get --separator ' | ' --norolestats -f fs/xfs/xfs_inode.c)
is "$out" 'Chandan Babu R <chandan.babu@oracle.com> | "Darrick J. Wong" <djwong@kernel.org> | linux-xfs@vger.kernel.org | linux-kernel@vger.kernel.org' \
	"--separator puts everything on one line"

# K: in a patch's message and its +/- lines, not its context
cat >"$T/p1.patch" <<'EOT'
Subject: [PATCH] sub: call magic_fn

Signed-off-by: A <a@example.org>
---
diff --git a/sub/file.c b/sub/file.c
--- a/sub/file.c
+++ b/sub/file.c
@@ -1,1 +1,1 @@
-/* sub/file.c */
+/* sub/file.c */ int x;
EOT
out=$(cd "$T" && "$KMAINT" get "$T/p1.patch" | head -1)
is "$out" 'Key Word <kw@example.org> (maintainer:KEYWORDS:Keyword:\bmagic_fn\b)' "K: in the message"
sed -i 's/call magic_fn/call it/; s/int x;/magic_fn();/' "$T/p1.patch"
out=$(cd "$T" && "$KMAINT" get --norolestats "$T/p1.patch" | head -1)
is "$out" 'Key Word <kw@example.org>' "K: on a + line"
sed -i 's/^+\(.*\)magic_fn();/+\1/; s/^-\(\/\*.*\)/ \1 magic_fn/' "$T/p1.patch"
out=$(cd "$T" && "$KMAINT" get --norolestats "$T/p1.patch" | grep -c kw@)
is "$out" 0 "K: not on a context line"
out=$(cd "$T" && "$KMAINT" get --norolestats --nokeywords "$T/p1.patch" | grep -c kw@)
is "$out" 0 "--nokeywords"
out=$(cd "$T" && "$KMAINT" get --norolestats < "$T/p1.patch" | tail -1)
is "$out" "linux-kernel@vger.kernel.org" "patch from standard input"
out=$(cd "$T" && "$KMAINT" get --norolestats - < "$T/p1.patch" | tail -1)
is "$out" "linux-kernel@vger.kernel.org" "patch from '-'"

# .get_maintainer.conf words come first
echo "--norolestats --nol  # comment" >"$T/.get_maintainer.conf"
out=$(cd "$T" && "$KMAINT" get -f fs/xfs/xfs_inode.c | tr '\n' ' ')
is "$out" 'Chandan Babu R <chandan.babu@oracle.com> "Darrick J. Wong" <djwong@kernel.org> ' ".get_maintainer.conf"
rm "$T/.get_maintainer.conf"

# --maintainers-sections on a MAINTAINERS hunk
cat >"$T/m.patch" <<'EOT'
--- a/MAINTAINERS
+++ b/MAINTAINERS
@@ -3,6 +3,6 @@
 XFS FILESYSTEM
 M:	Chandan Babu R <chandan.babu@oracle.com>
-R:	Darrick J. Wong <djwong@kernel.org>
+R:	New Person <new@example.org>
 L:	linux-xfs@vger.kernel.org
 S:	Supported
EOT
out=$(cd "$T" && "$KMAINT" get --norolestats "$T/m.patch" | tr '\n' ' ')
is "$out" "linux-kernel@vger.kernel.org " "a MAINTAINERS patch goes to THE REST only"
out=$(cd "$T" && "$KMAINT" get --norolestats --maintainers-sections "$T/m.patch" | tr '\n' ' ')
is "$out" 'Chandan Babu R <chandan.babu@oracle.com> "Darrick J. Wong" <djwong@kernel.org> linux-xfs@vger.kernel.org linux-kernel@vger.kernel.org ' \
	"--maintainers-sections adds the edited section"

# --json is valid JSON with the same people
(cd "$T" && "$KMAINT" get --json -f fs/xfs/xfs_inode.c) >"$TRASH/j.json"
out=$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	print join(",", map { "$_->{address}=@{$_->{roles}}" } @{$j->{people}}, @{$j->{lists}})' <"$TRASH/j.json")
is "$out" "chandan.babu@oracle.com=supporter:XFS FILESYSTEM,djwong@kernel.org=reviewer:XFS FILESYSTEM,linux-xfs@vger.kernel.org=open list:XFS FILESYSTEM,linux-kernel@vger.kernel.org=open list" \
	"--json people and lists"

# --git outside a git work tree: get_maintainer.pl's warning, no git roles
(cd "$T" && "$KMAINT" get --git -f README) >/dev/null 2>"$TRASH/git.err"
is "$?" 0 "--git without a repository answers anyway"
like "$TRASH/git.err" "No supported VCS found" "and says why"
expect_failure "a missing file" sh -c "cd '$T' && '$KMAINT' get -f no/such/file"
like "$TRASH/.err" "file 'no/such/file' not found" "names the file"

# map
(cd "$T" && "$KMAINT" map) >"$TRASH/map.tsv"
like "$TRASH/map.tsv" "^fs/xfs/xfs_inode.c	XFS FILESYSTEM	THE REST$" "map: deepest first"
like "$TRASH/map.tsv" "^fs/xfs/excluded.c	THE REST$" "map: X: applies"
is "$(wc -l <"$TRASH/map.tsv")" "$(cd "$T" && find . -type f | wc -l)" "map lists every file"
(cd "$T" && "$KMAINT" map --summary) >"$TRASH/sum.txt"
like "$TRASH/sum.txt" "^Sections that match no file: 1$" "summary: KEYWORDS matches no file"
like "$TRASH/sum.txt" "MAINTAINERS:[0-9]+: KEYWORDS" "summary names it with file:line"
(cd "$T" && "$KMAINT" map --json) | perl -MJSON::PP -e 'local $/; decode_json(<STDIN>)' 2>/dev/null
is "$?" 0 "map --json is JSON"

done_testing
