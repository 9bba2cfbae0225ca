#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `kmaint check` against get_maintainer.pl --self-test=patterns (and
# =sections) on Linux 6.12, measured in this run.  The patterns self-test
# needs `git ls-files`, so it runs in the git copy scripts/deps.sh makes;
# it takes about three minutes.  KMAINT_BENCH_CACHED=1 reuses the last
# measured time instead, and says so.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
KGIT=$KMAINT_DATA/linux-git-6.12
export LC_ALL=C
[ -f "$K612/MAINTAINERS" ] && [ -d "$KGIT/.git" ] ||
	{ echo "bench: $K612 or its git copy $KGIT missing (run scripts/deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT


cd "$K612"
k=$(bench_ms 5 "$KMAINT" check)
"$KMAINT" check >"$tmp/k.out" 2>&1 || true
kpat=$(grep -c 'warning: no file matches' "$tmp/k.out" || true)

cd "$KGIT"
sec=$(bench_ms 3 perl scripts/get_maintainer.pl --self-test=sections)
cache=$KMAINT_DATA/bench-selftest-patterns.ms
if [ "${KMAINT_BENCH_CACHED:-0}" = 1 ] && [ -f "$cache" ]; then
	read -r pat opat when <"$cache"
	label="cached, measured $when"
else
	echo "(get_maintainer.pl --self-test=patterns takes about three minutes)"
	perl -MTime::HiRes=time -e '
		my $t0 = time; system(@ARGV); printf STDERR "%.3f\n", (time - $t0) * 1000;' \
		perl scripts/get_maintainer.pl --self-test=patterns \
		>"$tmp/o.out" 2>"$tmp/o.ms"
	pat=$(tail -1 "$tmp/o.ms")
	opat=$(grep -c 'warning: no file matches' "$tmp/o.out" || true)
	echo "$pat $opat $(date -u +%Y-%m-%dT%H:%MZ)" >"$cache"
	label="measured in this run"
fi

printf '%-52s %12s\n' "kmaint check vs get_maintainer.pl --self-test" "time"
awk -v k="$k" -v sec="$sec" -v pat="$pat" -v label="$label" 'BEGIN {
	printf "%-52s %10.3f s  (median of 5)\n", "kmaint check (sections, patterns, style, order)", k / 1000
	printf "%-52s %10.3f s  (median of 3)\n", "get_maintainer.pl --self-test=sections", sec / 1000
	printf "%-52s %10.3f s  (%s)\n", "get_maintainer.pl --self-test=patterns", pat / 1000, label
	printf "%-52s %10.0fx\n", "ratio (self-test=patterns / kmaint check)", pat / k
}'
echo "\"no file matches\" findings: kmaint $kpat, get_maintainer.pl $opat"
