#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint index against `git log --no-merges --numstat`, in the same run.
#
#	bench/index.sh [-n COMMITS] [-l LINES] [REPO]
#
# On REPO (its HEAD), or on a history of COMMITS commits (default 20000,
# a few minutes in all; the issue's figure is 200000) with files of up to
# LINES lines (200), generated with git fast-import and kept in
# ${TMPDIR:-/tmp} for the next run.  Prints the full index time beside
# git's (target: at most 0.6x on 2 cores), a no-op update (target: under
# 0.3 s), peak memory for a quarter of the history and for all of it
# (target: under 300 MB, flat), and database bytes per commit.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
export LC_ALL=C GIT_PAGER=cat
n=20000
lines=200
while [ $# -gt 0 ]; do
	case $1 in
	-n) n=$2; shift 2 ;;
	-n*) n=${1#-n}; shift ;;
	-l) lines=$2; shift 2 ;;
	-l*) lines=${1#-l}; shift ;;
	*) break ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench-index.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then
	repo=$(cd "$1" && pwd)
	what="$repo"
else
	repo=${TMPDIR:-/tmp}/kmaint-bench-history-$n-$lines
	if [ ! -f "$repo/.generated" ]; then
		echo "generating $n commits in $repo ..." >&2
		rm -rf "$repo"
		. "$top/t/lib-history.sh"
		make_history "$repo" "$n" 42 "$lines"
		git -C "$repo" gc -q
		touch "$repo/.generated"
	fi
	what="generated history, $n commits, files up to $lines lines"
fi
cd "$repo"

# run_timed OUT CMD...: "wall user+sys maxrss_kb" of CMD into OUT
if /usr/bin/time -f '%e' true >/dev/null 2>&1; then
	run_timed() {
		out=$1
		shift
		/usr/bin/time -o "$out" -f '%e %U %S %M' "$@" >"$out.stdout" 2>"$tmp/err" ||
			{ cat "$tmp/err" >&2; exit 1; }
		awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out" >"$out.x" && mv "$out.x" "$out"
	}
else
	# no GNU time: wall and CPU from perl, peak memory unknown
	run_timed() {
		out=$1
		shift
		perl -MTime::HiRes=time -e '
			my $out = shift; my $t0 = time;
			open(STDOUT, ">", "$out.stdout");
			system(@ARGV) == 0 or die "bench: @ARGV failed\n";
			my @t = times;
			open(my $fh, ">", $out) or die;
			printf $fh "%.2f %.2f 0\n", time - $t0, $t[2] + $t[3];' "$out" "$@"
	}
fi

commits=$(git rev-list --count HEAD)
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")

run_timed "$tmp/git" git log --no-merges --numstat HEAD
quarter=$(git rev-list --reverse HEAD | sed -n "$((commits / 4 + 1))p")
run_timed "$tmp/q" "$KMAINT" index --db "$tmp/q.sqlite" "$quarter"
run_timed "$tmp/full" "$KMAINT" index --db "$tmp/index.sqlite"
run_timed "$tmp/noop" "$KMAINT" index --quiet --db "$tmp/index.sqlite"
bytes=$("$KMAINT" index --db "$tmp/index.sqlite" --stats | sed -n 's/^bytes //p')
qcommits=$(git rev-list --count "$quarter")

read -r gw gc gm <"$tmp/git"
read -r fw fc fm <"$tmp/full"
read -r nw nc nm <"$tmp/noop"
read -r qw qc qm <"$tmp/q"
# kmaint's own peak (time(1) would report the largest git child's too)
fm=$(sed -n 's/.*peak memory \([0-9]*\) MB.*/\1/p' "$tmp/full.stdout")
qm=$(sed -n 's/.*peak memory \([0-9]*\) MB.*/\1/p' "$tmp/q.stdout")
fgm=$(awk '{ print $3 }' "$tmp/full")
gm=$(awk '{ print $3 }' "$tmp/git")
awk -v what="$what" -v commits="$commits" -v cores="$cores" -v load="$load" \
    -v gw="$gw" -v gc="$gc" -v fw="$fw" -v fc="$fc" -v fm="$fm" \
    -v nw="$nw" -v qm="$qm" -v qc="$qcommits" -v bytes="$bytes" \
    -v gm="$gm" -v fgm="$fgm" 'BEGIN {
	printf "kmaint index vs git log --no-merges --numstat: %s\n", what
	printf "  (%d commits, %s cores, load average %s at the start)\n", commits, cores, load
	printf "  %-44s %9.2f s wall %9.2f s cpu\n", "git log --no-merges --numstat", gw, gc
	printf "  %-44s %9.2f s wall %9.2f s cpu\n", "kmaint index (full)", fw, fc
	printf "  %-44s %9.2fx wall (target <= 0.6)\n", "ratio kmaint / git", (gw > 0 ? fw / gw : 0)
	printf "  %-44s %9.3f s   (target < 0.3)\n", "kmaint index, no-op update", nw
	printf "  %-44s %6d MB for %d commits, %d MB for %d (target < 300, flat)\n",
		"peak memory of kmaint itself", qm, qc, fm, commits
	if (gm > 0)
		printf "  %-44s %6.0f MB (git log: %.0f MB)\n",
			"peak memory of its largest git process", fgm / 1024, gm / 1024
	printf "  %-44s %9.0f bytes (%.1f MB in all)\n", "database per commit", bytes / commits, bytes / 1048576
}'
