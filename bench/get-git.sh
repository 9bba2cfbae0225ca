#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get --git on a 10-file patch against get_maintainer.pl --git on
# the same patch in the same repository, in the same run (target: at
# least 50 times faster).
#
#	bench/get-git.sh [-n COMMITS] [REPO]
#
# REPO must have a MAINTAINERS file; by default the generated history of
# bench/stats.sh (COMMITS, default 20000).  The patch touches the 10
# files with the most commits; both tools look at the whole history
# (--git-since=2000-01-01, the generated dates being from 2008).  The
# index is built or updated first, not timed.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
GM=$KMAINT_DATA/linux-source-6.12/scripts/get_maintainer.pl
# the tie-patched copy t/lib-kernel.sh makes, if there is one: same speed,
# comparable output
[ -f "$KMAINT_DATA/oracle-cache/get_maintainer-6.12-ties.pl" ] &&
	GM=$KMAINT_DATA/oracle-cache/get_maintainer-6.12-ties.pl
export LC_ALL=C GIT_PAGER=cat
n=20000
while [ $# -gt 0 ]; do
	case $1 in
	-n) n=$2; shift 2 ;;
	*) break ;;
	esac
done
[ -f "$GM" ] || { echo "bench: $GM missing (run scripts/deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench-getgit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then
	repo=$(cd "$1" && pwd)
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
fi
cd "$repo"
echo "indexing (not timed) ..." >&2
"$KMAINT" index -q

# the 10 tracked files with the most commits, plain names only
git log --no-merges --format= --name-only -n 20000 HEAD | grep -v '^$' |
	LC_ALL=C sort | uniq -c | sort -rn | awk '{ print $2 }' |
	grep -v '[^A-Za-z0-9_./-]' | while read -r f; do
		[ -f "$f" ] && echo "$f"
	done | head -10 >"$tmp/files"
while read -r f; do
	printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1,1 +1,1 @@\n-%s\n+%s changed\n' \
		"$f" "$f" "$f" "$f" "$(head -1 "$f")" "$(head -1 "$f")"
done <"$tmp/files" >"$tmp/ten.patch"


opts="--no-tree --git --git-since=2000-01-01"
commits=$(git rev-list --count --no-merges HEAD)
echo "$repo: $commits non-merge commits; patch: $(wc -l <"$tmp/files") files"
# The first run asks git what --follow decides where each name was
# created (a copy search over the whole parent tree, as the script's git
# log does) and keeps the answers in the index: time it with the cache
# emptied, then the runs after it.
db=$(git rev-parse --path-format=absolute --git-common-dir)/kmaint/index.sqlite
sqlite3 "$db" "DELETE FROM follow"
# shellcheck disable=SC2086
c=$(bench_ms 1 "$KMAINT" get $opts "$tmp/ten.patch")
# shellcheck disable=SC2086
perl "$GM" $opts "$tmp/ten.patch" >"$tmp/oracle.out" 2>/dev/null
# shellcheck disable=SC2086
"$KMAINT" get $opts "$tmp/ten.patch" >"$tmp/kmaint.out" 2>/dev/null
# shellcheck disable=SC2086
o=$(bench_ms 1 perl "$GM" $opts "$tmp/ten.patch")
# shellcheck disable=SC2086
k=$(bench_ms 5 "$KMAINT" get $opts "$tmp/ten.patch")
printf '%-44s %10s %10s %8s\n' "get --git, 10-file patch (ms)" kmaint script ratio
awk -v k="$k" -v c="$c" -v o="$o" 'BEGIN {
	printf "%-44s %10.1f %10.1f %7.0fx\n", "first run (git asked where names begin)", c, o, o / c
	printf "%-44s %10.1f %10.1f %7.0fx\n", "later runs (answers kept in the index)", k, o, o / k }'
if cmp -s "$tmp/oracle.out" "$tmp/kmaint.out"; then
	echo "(same output; kmaint later runs: median of 5, otherwise one run)"
else
	echo "(outputs differ; with the unpatched script, ties are in hash order)"
	diff "$tmp/oracle.out" "$tmp/kmaint.out" | head -6
fi
