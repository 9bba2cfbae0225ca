#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `kmaint map` over the whole Linux 6.12 tree against get_maintainer.pl's
# time per file (measured on 20 files spread over the tree, in this run),
# projected to the whole tree.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
export LC_ALL=C
[ -f "$K612/MAINTAINERS" ] || { echo "bench: no $K612 (run scripts/deps.sh)" >&2; exit 1; }
cd "$K612"


files=$("$KMAINT" map | wc -l)
[ "$files" -gt 80000 ] || { echo "bench: kmaint map listed only $files files" >&2; exit 1; }
map_ms=$(bench_ms 5 "$KMAINT" map)

# 20 files spread evenly over the sorted tree, the unpatched Debian script
find . -type f | sed 's|^\./||' | sort |
	awk '{ a[NR] = $0 } END { for (k = 0; k < 20; k++) print a[int(k * NR / 20) + 1] }' \
	>"${TMPDIR:-/tmp}/kmaint-bench-map.$$"
total=0
while read -r f; do
	ms=$(bench_ms 1 perl scripts/get_maintainer.pl --nogit --nogit-fallback -f "$f")
	total=$(awk -v a="$total" -v b="$ms" 'BEGIN { print a + b }')
done <"${TMPDIR:-/tmp}/kmaint-bench-map.$$"
rm -f "${TMPDIR:-/tmp}/kmaint-bench-map.$$"

awk -v files="$files" -v map="$map_ms" -v total="$total" 'BEGIN {
	per = total / 20
	proj = per * files
	printf "kmaint map vs get_maintainer.pl --nogit --nogit-fallback -f, Linux 6.12, %d files\n", files
	printf "  %-44s %14.3f s   (median of 5 runs)\n", "kmaint map, whole tree", map / 1000
	printf "  %-44s %14.3f ms\n", "kmaint map, per file", map / files
	printf "  %-44s %14.3f ms  (mean of 20 files)\n", "get_maintainer.pl, per file", per
	printf "  %-44s %14.0f s   (per file x %d)\n", "get_maintainer.pl, whole tree (projected)", proj / 1000, files
	printf "  %-44s %14.0fx\n", "ratio (get_maintainer.pl / kmaint, per file)", proj / map
}'
