#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One `kmaint get` on a real patch against get_maintainer.pl on the same
# patch (--nogit --nogit-fallback, Linux 6.12 tree), medians of several
# runs measured in this run: the 2013 XFS patch (made by git format-patch
# from the generated XFS history, t/lib-xfs.sh) and a 6.1 -> 6.12 diff.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
K61=$KMAINT_DATA/linux-source-6.1
export LC_ALL=C
[ -f "$K612/MAINTAINERS" ] && [ -f "$K61/MAINTAINERS" ] ||
	{ echo "bench: kernel trees missing under $KMAINT_DATA (run scripts/deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT


# A real change: the 6.1 -> 6.12 diff of three files (XFS and e1000e)
for f in fs/xfs/xfs_inode.h fs/xfs/xfs_aops.c drivers/net/ethernet/intel/e1000e/netdev.c; do
	echo "diff --git a/$f b/$f"
	diff -u --label "a/$f" --label "b/$f" "$K61/$f" "$K612/$f" || true
done >"$tmp/sync.patch"
. "$top/t/lib-xfs.sh"
fix=$tmp/xfs-update-maintainers-2013.patch
{ make_xfs_repo "$tmp/xfs" && make_xfs_patch "$tmp/xfs" "$fix"; } ||
	{ echo "bench: cannot make the 2013 XFS patch" >&2; exit 1; }
patches="$fix $tmp/sync.patch"

cd "$K612"
printf '%-44s %12s %12s %10s\n' "kmaint get vs get_maintainer.pl (ms)" kmaint oracle ratio
for p in $patches; do
	name=${p##*/}
	lines=$(wc -l <"$p")
	k=$(bench_ms 21 "$KMAINT" get --nogit --nogit-fallback "$p")
	o=$(bench_ms 5 perl scripts/get_maintainer.pl --nogit --nogit-fallback "$p")
	awk -v n="$name ($lines lines)" -v k="$k" -v o="$o" \
		'BEGIN { printf "%-44s %12.2f %12.2f %9.0fx\n", n, k, o, o / k }'
done
echo "(medians: kmaint of 21 runs, get_maintainer.pl of 5)"
