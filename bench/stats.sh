#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint stats on the index against a full re-read of the history
# (`git log --no-merges --numstat`, what gitdm needs for every
# question), in the same run.
#
#	bench/stats.sh [-n COMMITS] [-s SECTION] [REPO]
#
# On REPO (its HEAD; the index is built or updated first, not timed), or
# on a generated history of COMMITS commits (default 20000; the issue's
# figure is 100000), kept in ${TMPDIR:-/tmp} for the next run.  Prints
# git's time beside kmaint stats for the whole repository and for one
# MAINTAINERS section (SECTION; default XFS FILESYSTEM if there is one,
# else the last section), target under 100 ms per query on 100,000
# commits.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
export LC_ALL=C GIT_PAGER=cat
n=20000
section=
while [ $# -gt 0 ]; do
	case $1 in
	-n) n=$2; shift 2 ;;
	-s) section=$2; shift 2 ;;
	*) break ;;
	esac
done

if [ $# -gt 0 ]; then
	repo=$(cd "$1" && pwd)
	what=$repo
else
	repo=${TMPDIR:-/tmp}/kmaint-bench-stats-$n
	if [ ! -f "$repo/.generated" ]; then
		echo "generating $n commits in $repo ..." >&2
		rm -rf "$repo"
		. "$top/t/lib-history.sh"
		make_history "$repo" "$n" 42 200
		git -C "$repo" gc -q
		touch "$repo/.generated"
	fi
	what="generated history, $n commits"
fi
cd "$repo"
echo "indexing (not timed) ..." >&2
"$KMAINT" index -q

if [ -z "$section" ]; then
	if grep -qx 'XFS FILESYSTEM' MAINTAINERS 2>/dev/null; then
		section='XFS FILESYSTEM'
	else
		section=$(git show HEAD:MAINTAINERS | awk '/^[A-Z][^:]/ && !/^[A-Z]:/ { s = $0 } END { print s }')
	fi
fi


commits=$(git rev-list --count --no-merges HEAD)
echo "$what: $commits non-merge commits, $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores, load $(cut -d' ' -f1 /proc/loadavg)"
g=$(bench_ms 1 git log --no-merges --numstat HEAD)
w=$(bench_ms 5 "$KMAINT" stats --no-update)
c=$(bench_ms 5 "$KMAINT" stats --no-update --report changesets)
s=$(bench_ms 5 "$KMAINT" stats --no-update --section "$section")
y=$(bench_ms 5 "$KMAINT" stats --no-update --since 1-year-ago)
printf '%-52s %10s %9s\n' "query" "ms" "vs git"
printf '%-52s %10.1f %9s\n' "git log --no-merges --numstat (a full re-read)" "$g" "1x"
for row in "kmaint stats, whole repository, all reports:$w" \
	   "kmaint stats, whole repository, changesets:$c" \
	   "kmaint stats --section '$section':$s" \
	   "kmaint stats --since 1-year-ago:$y"; do
	awk -v n="${row%:*}" -v t="${row##*:}" -v g="$g" \
		'BEGIN { printf "%-52s %10.1f %8.0fx\n", n, t, g / t }'
done
echo "(kmaint: medians of 5 runs; git: one run)"
