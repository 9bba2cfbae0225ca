#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `kmaint get` on TianoCore edk2's Maintainers.txt against edk2's own
# BaseTools/Scripts/GetMaintainer.py (Python 3 with GitPython, Debian's
# python3-git), in a work tree of edk2 the user names:
#
#	sh bench/edk2-get.sh EDK2 [FILES [PATCHES]]
#
# (or $KMAINT_BENCH_EDK2).  To get one:
#
#	git clone --no-checkout https://github.com/tianocore/edk2 EDK2
#	git -C EDK2 checkout
#
# A sample of FILES (200) tracked files present in the work tree, drawn
# with a fixed seed, and the top-level files (the <default> stewards'),
# each with `GetMaintainer.py -l FILE` and `kmaint get FILE`; then the last PATCHES (30) commits without merges, each with
# `GetMaintainer.py COMMIT` and `kmaint get` on `git format-patch -1
# COMMIT`, and the last RENAMES (5) commits that rename files.
# The two print differently (GetMaintainer.py one sorted
# "Name <addr>" a line, kmaint get_maintainer.pl's lines with roles), so
# what is compared is the set of lower-case addresses.  Prints every
# disagreement, the agreement and both times.  Nothing of edk2 is kept.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
export LC_ALL=C GIT_PAGER=cat
edk2=${1:-${KMAINT_BENCH_EDK2:-}}
nfiles=${2:-200}
npatches=${3:-30}
if [ -z "$edk2" ]; then
	echo "bench/edk2-get.sh: skipped: give an edk2 work tree (or set" \
	     "KMAINT_BENCH_EDK2); see its header"
	exit 0
fi
edk2=$(cd "$edk2" && pwd)
gm=$edk2/BaseTools/Scripts/GetMaintainer.py
[ -f "$gm" ] || { echo "bench: no $gm" >&2; exit 1; }
# Debian's python3 has python3-git; another python3 first in PATH may not
PY=/usr/bin/python3
$PY -c 'import git' 2>/dev/null ||
	{ echo "bench: no GitPython (run scripts/deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench-edk2.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now_ms() { perl -MTime::HiRes=time -e 'printf "%.0f\n", time * 1000'; }

# "  Name <addr> [handle]" or "  addr": the addresses, one a line
gm_addrs() {
	sed -n 's/^  //p' | sed 's/.*<\([^>]*\)>.*/\1/; s/[[:space:]]*$//' |
		tr 'A-Z' 'a-z' | sort -u
}

# kmaint get --json: the people's and lists' addresses
km_addrs() {
	sed -n 's/.*"address": "\([^"]*\)".*/\1/p' | tr 'A-Z' 'a-z' | sort -u
}

cd "$edk2"
# a fixed sample of the files present (a sparse checkout may lack some)
git ls-files | awk 'BEGIN { srand(20) } { print rand() "\t" $0 }' |
	sort | cut -f2 | while IFS= read -r f; do
		[ -f "$f" ] && printf '%s\n' "$f"
	done | head -n "$nfiles" >"$tmp/files"
git log --no-merges -n "$npatches" --format=%H >"$tmp/commits"
# and the last RENAMES (5) commits that rename a file, where the two
# differ: GetMaintainer.py takes git's "{old => new}/name" (GitPython's
# commit.stats) for a path, which no section matches, and calls the
# stewards; kmaint looks up both names, as get_maintainer.pl does
git log --no-merges -M --diff-filter=R -n "${RENAMES:-5}" --format=%H >>"$tmp/commits"

# and the top-level files, which edk2's "F: *" gives to the stewards
git ls-files | grep -v / | while IFS= read -r f; do
	[ -f "$f" ] && printf '%s\n' "$f"
done >>"$tmp/files"

agree=0 total=0 gm_ms=0 km_ms=0 defaults=0
compare() {	# what, gm-output, kmaint-output
	total=$((total + 1))
	# the stewards' case: no section gave the path an M:
	! grep -q 'looking for default' "$2" || defaults=$((defaults + 1))
	gm_addrs <"$2" >"$tmp/a"
	km_addrs <"$3" >"$tmp/b"
	if cmp -s "$tmp/a" "$tmp/b"; then
		agree=$((agree + 1))
	else
		echo "differ: $1"
		diff "$tmp/a" "$tmp/b" | sed -n 's/^</  GetMaintainer.py only:/p; s/^>/  kmaint only:/p'
		! grep -q '=>.*looking for default' "$2" ||
			echo "  (GetMaintainer.py took a rename's '{a => b}' for a path)"
	fi
}

while IFS= read -r f; do
	t0=$(now_ms)
	$PY "$gm" -l "$f" >"$tmp/gm" 2>&1 || true
	t1=$(now_ms)
	"$KMAINT" get --json -f "$f" >"$tmp/km" 2>"$tmp/km.err" || true
	t2=$(now_ms)
	gm_ms=$((gm_ms + t1 - t0))
	km_ms=$((km_ms + t2 - t1))
	compare "file $f" "$tmp/gm" "$tmp/km"
done <"$tmp/files"
files_agree=$agree files_total=$total

while IFS= read -r c; do
	git format-patch -1 --stdout "$c" >"$tmp/patch"
	t0=$(now_ms)
	$PY "$gm" "$c" >"$tmp/gm" 2>&1 || true
	t1=$(now_ms)
	"$KMAINT" get --json "$tmp/patch" >"$tmp/km" 2>"$tmp/km.err" || true
	t2=$(now_ms)
	gm_ms=$((gm_ms + t1 - t0))
	km_ms=$((km_ms + t2 - t1))
	compare "commit $(git log -1 --format='%h %s' "$c")" "$tmp/gm" "$tmp/km"
done <"$tmp/commits"

echo "files:   $files_agree / $files_total agree"
echo "patches: $((agree - files_agree)) / $((total - files_total)) agree"
echo "all:     $agree / $total agree ($defaults went to the <default> stewards)"
echo "GetMaintainer.py: ${gm_ms} ms, kmaint get: ${km_ms} ms (${total} calls each)"
