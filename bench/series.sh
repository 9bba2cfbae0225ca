#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A 30-patch series through b4's recipient commands, on Linux 6.12: b4
# runs get_maintainer.pl once per patch for To (--nogit --nogit-fallback
# --nogit-chief-penguins --norolestats --nol) and once for Cc (the same
# with --nom), the patch on stdin: 60 processes, each reading
# MAINTAINERS.  Measured in this run, three rounds, medians:
#   - 6.12's get_maintainer.pl, 60 processes;
#   - kmaint get as b4's send-auto-to-cmd/-cc-cmd, 60 processes;
#   - kmaint get --per-patch, the whole series for To, then for Cc: 2.
# Wall and CPU seconds of the round (bench_tree), the largest resident
# size of one process (GNU time's), and whether the 60 answers are the
# same as the script's.
# The patches are real: the 6.1 -> 6.12 diffs of 30 changed .c files
# spread over the tree (one file per patch, as most are).
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

# 30 changed .c files, spread over the tree: of every 97th .c file, the
# first 30 that 6.1 has too, changed
(cd "$K612" && find . -name '*.c' -type f | sed 's|^\./||' | sort) |
	awk 'NR % 97 == 1' | while read -r f; do
		[ -f "$K61/$f" ] && ! cmp -s "$K61/$f" "$K612/$f" && echo "$f"
	done | head -30 >"$tmp/files"
[ "$(wc -l <"$tmp/files")" = 30 ] ||
	{ echo "bench: fewer than 30 changed files" >&2; exit 1; }
n=0
while read -r f; do
	n=$((n + 1))
	p=$(printf '%s/%04d.patch' "$tmp" "$n")
	{
		printf 'Subject: [PATCH %02d/30] %s: update\n\n' "$n" "$f"
		echo "diff --git a/$f b/$f"
		diff -u --label "a/$f" --label "b/$f" "$K61/$f" "$K612/$f" || true
	} >"$p"
done <"$tmp/files"

B4="--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nol"
SERIES=$tmp
export B4 KMAINT SERIES
# GNU time's maximum resident size of each process, when it is there
TIME_OK=
/usr/bin/time -f %M true >/dev/null 2>&1 && TIME_OK=1
export TIME_OK
cat >"$tmp/run.sh" <<'EOF'
# run FILE CMD...: CMD, its maximum resident size added to FILE
run() {
	rss=$1
	shift
	if [ -n "$TIME_OK" ]; then
		/usr/bin/time -a -f %M -o "$rss" "$@"
	else
		"$@"
	fi
}
EOF
# every patch on stdin, as b4 runs its commands (To for all, then Cc
# for all: the order --per-patch answers in)
cat >"$tmp/per-call.sh" <<'EOF'
. "$SERIES/run.sh"
rss=$1
shift
for o in "" --nom; do
	for p in "$SERIES"/0*.patch; do
		echo "==> $p <=="
		run "$rss" "$@" $B4 $o <"$p"
	done
done
EOF
cat >"$tmp/per-patch.sh" <<'EOF'
. "$SERIES/run.sh"
run "$1" "$KMAINT" get --per-patch $B4 "$SERIES"/0*.patch
echo
run "$1" "$KMAINT" get --per-patch $B4 --nom "$SERIES"/0*.patch
EOF

# median ROUNDS NAME CMD...: "wall cpu peak_kb" medians over the rounds
median() {
	rounds=$1 name=$2
	shift 2
	for r in $(seq "$rounds"); do
		(cd "$K612" && bench_tree "$tmp/$name.$r" "$@")
		cat "$tmp/$name.$r"
	done | awk '{ w[NR] = $1; c[NR] = $2; m[NR] = $3 }
		function med(a, n,   i, j, t) {
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
				if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			return a[int((n + 1) / 2)] }
		END { printf "%.3f %.2f %d\n", med(w, NR), med(c, NR), med(m, NR) }'
}

script=$(median 3 script sh "$tmp/per-call.sh" "$tmp/rss.script" \
	perl scripts/get_maintainer.pl)
calls=$(median 3 calls sh "$tmp/per-call.sh" "$tmp/rss.calls" "$KMAINT" get)
series=$(median 3 series sh "$tmp/per-patch.sh" "$tmp/rss.series")

# the largest process: GNU time's, or else bench_tree's peak of the
# process tree, polled every 50 ms, which a 10 ms process escapes
rss() {
	if [ -s "$tmp/rss.$1" ]; then
		sort -n "$tmp/rss.$1" | tail -1
	else
		echo "$2" | cut -d' ' -f3
	fi
}

# the answers, without the "==>" lines, must be the same
strip() { grep -v '^==> ' "$1" | grep -v '^$'; }
strip "$tmp/script.1.stdout" >"$tmp/a.script"
strip "$tmp/calls.1.stdout" >"$tmp/a.calls"
strip "$tmp/series.1.stdout" >"$tmp/a.series"
same_calls=no same_series=no
cmp -s "$tmp/a.script" "$tmp/a.calls" && same_calls=yes
cmp -s "$tmp/a.script" "$tmp/a.series" && same_series=yes

printf '30-patch series, b4 To + Cc (60 answers, %s lines)\n' \
	"$(wc -l <"$tmp/a.script")"
printf '  %-44s %8s %8s %7s %8s %s\n' "" "wall s" "cpu s" "ratio" "max KB" \
	"same answers"
row() {
	echo "$2" | awk -v n="$1" -v b="$script" -v s="$3" -v m="$4" '{
		split(b, x, " ");
		printf "  %-44s %8.2f %8.2f %6.1fx %8d %s\n", n, $1, $2,
			x[1] / $1, m, s }'
}
row "get_maintainer.pl 6.12, 60 processes" "$script" "-" \
	"$(rss script "$script")"
row "kmaint get, 60 processes (as b4's commands)" "$calls" "$same_calls" \
	"$(rss calls "$calls")"
row "kmaint get --per-patch, 2 processes" "$series" "$same_series" \
	"$(rss series "$series")"
echo "(medians of 3 rounds; ratio: get_maintainer.pl's wall time over the"
echo " row's; max KB: the largest resident size of one process)"
