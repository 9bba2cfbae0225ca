#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One `kmaint get` against get_maintainer.pl on the same input (--nogit
# --nogit-fallback, Linux 6.12), medians of several runs measured in this
# run, in two trees: the plain unpacked tree and its one-commit git copy
# (86k tracked files), where both tools ask whether an argument is a
# tracked file before reading it as a patch.  Inputs: the 6.1 -> 6.12
# diff of fs/xfs/xfs_log.c, a 3-file diff, the 2013 XFS patch (made by
# git format-patch from the generated XFS history, t/lib-xfs.sh), each
# outside the tree; in the git copy also a patch inside the work tree
# (untracked) and a tracked file given without -f.
#
# `git send-email --cc-cmd` and b4 run the script once per patch and per
# option, so this is the time a user waits, process start included.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
K61=$KMAINT_DATA/linux-source-6.1
KGIT=$KMAINT_DATA/linux-git-6.12
export LC_ALL=C
[ -f "$K612/MAINTAINERS" ] && [ -f "$K61/MAINTAINERS" ] ||
	{ echo "bench: kernel trees missing under $KMAINT_DATA (run scripts/deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench.XXXXXX")
inside=
trap 'rm -rf "$tmp"; [ -z "$inside" ] || rm -f "$inside"' EXIT

# fdiff FILE...: the 6.1 -> 6.12 diff of each file, a/ and b/ labels
fdiff() {
	for f; do
		echo "diff --git a/$f b/$f"
		diff -u --label "a/$f" --label "b/$f" "$K61/$f" "$K612/$f" || true
	done
}
fdiff fs/xfs/xfs_log.c >"$tmp/xfs_log.patch"
fdiff fs/xfs/xfs_inode.h fs/xfs/xfs_aops.c \
	drivers/net/ethernet/intel/e1000e/netdev.c >"$tmp/sync.patch"
patches="$tmp/xfs_log.patch $tmp/sync.patch"
. "$top/t/lib-xfs.sh"
fix=$tmp/xfs-update-maintainers-2013.patch
{ make_xfs_repo "$tmp/xfs" && make_xfs_patch "$tmp/xfs" "$fix"; } ||
	{ echo "bench: cannot make the 2013 XFS patch" >&2; exit 1; }
patches="$patches $fix"

printf '%-52s %10s %10s %8s\n' "kmaint get vs get_maintainer.pl (ms)" kmaint oracle ratio
# what starting any process costs here, for scale: on a loaded or
# virtualized machine it is most of a "kmaint get"
awk -v t="$(bench_ms 21 /bin/true)" -v v="$(bench_ms 21 "$KMAINT" get --version)" \
	'BEGIN { printf "  %-50s %10.2f\n  %-50s %10.2f\n", "(starting /bin/true)", t, "(kmaint get --version)", v }'

# row TREE LABEL ARG...: medians of 21 kmaint runs and 5 script runs
row() {
	dir=$1 label=$2
	shift 2
	k=$(cd "$dir" && bench_ms 21 "$KMAINT" get --nogit --nogit-fallback "$@")
	o=$(cd "$dir" && bench_ms 5 perl scripts/get_maintainer.pl --nogit --nogit-fallback "$@")
	awk -v n="$label" -v k="$k" -v o="$o" \
		'BEGIN { printf "  %-50s %10.2f %10.2f %7.0fx\n", n, k, o, o / k }'
}

# rows TREE: every patch, from outside the tree
rows() {
	for p in $patches; do
		row "$1" "${p##*/} ($(wc -l <"$p") lines)" "$p"
	done
}

echo "plain tree ($K612)"
rows "$K612"
if [ -d "$KGIT/.git" ] && [ -f "$KGIT/MAINTAINERS" ]; then
	echo "git work tree ($KGIT, $(git -C "$KGIT" ls-files | wc -l) tracked files)"
	rows "$KGIT"
	# a patch written into the work tree, as `git format-patch` does
	inside=$KGIT/kmaint-bench-$$.patch
	cp "$tmp/xfs_log.patch" "$inside"
	row "$KGIT" "xfs_log.patch inside the work tree (untracked)" "${inside##*/}"
	rm -f "$inside"
	inside=
	row "$KGIT" "fs/xfs/xfs_log.c (tracked, no -f)" fs/xfs/xfs_log.c
else
	echo "(no git copy at $KGIT: run scripts/deps.sh)"
fi
echo "(medians: kmaint of 21 runs, get_maintainer.pl of 5)"
