#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint index --inbox on a real lore archive, against reading every
# message blob of it once (the floor) and, with --public-inbox,
# public-inbox-index, in the same run.
#
#	bench/inbox.sh [--public-inbox] [EPOCH XFSPROGS]
#
# EPOCH is one epoch of a list as the public mirrors publish it, XFSPROGS
# a clone of the project whose patches that list carries; by default
# $KMAINT_BENCH_EPOCH and $KMAINT_BENCH_XFSPROGS.  To get them:
#
#	git clone --mirror https://github.com/linux-mailinglist-archives/linux-xfs.vger.kernel.org.0 xfs.0
#	  (or git clone --mirror https://lore.kernel.org/linux-xfs/0 xfs.0)
#	git clone --bare https://git.kernel.org/pub/scm/fs/xfs/xfsprogs-dev.git xfsprogs
#
# Nothing is written to either: the index goes into a shared clone of
# XFSPROGS in ${TMPDIR:-/tmp}, with a small generated MAINTAINERS for the
# section query.  Prints kmaint's import time beside the floor (target:
# at most 2x) and public-inbox-index's (target: faster), kmaint's peak
# memory (target: under 200 MB), a no-op update (target: under 0.3 s), a
# list stats query for one section (target: under 200 ms), kmaint pending
# for one section as of the archive's end (target: under 200 ms), and the
# share of XFSPROGS's commits since 2019-05-15 linked to a posting, with
# the kinds of links (target: at least 95%).
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
export LC_ALL=C GIT_PAGER=cat
with_pi=0
if [ "${1:-}" = --public-inbox ]; then
	with_pi=1
	shift
fi
epoch=${1:-${KMAINT_BENCH_EPOCH:-}}
proj=${2:-${KMAINT_BENCH_XFSPROGS:-}}
if [ -z "$epoch" ] || [ -z "$proj" ]; then
	echo "bench/inbox.sh: skipped: give EPOCH and XFSPROGS (or set" \
	     "KMAINT_BENCH_EPOCH and KMAINT_BENCH_XFSPROGS); see its header"
	exit 0
fi
epoch=$(cd "$epoch" && pwd)
proj=$(cd "$proj" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench-inbox.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# wall seconds, peak kilobytes (of the process and its children) and
# processor seconds of CMD: on a shared machine the wall clock says more
# about the others than about CMD
timed() {
	out=$1
	shift
	/usr/bin/time -o "$out" -f '%e %M %U %S' "$@" >"$out.stdout" 2>"$out.stderr" ||
		{ cat "$out.stderr" >&2; exit 1; }
	awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' "$out" >"$out.x" && mv "$out.x" "$out"
}

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
msgs=$(git --git-dir="$epoch" rev-list --count HEAD)

# the floor: every 'm' blob read once
timed "$tmp/floor" sh -c "git --git-dir='$epoch' rev-list --objects --missing=print HEAD |
	awk '\$2 == \"m\" { print \$1 }' | git --git-dir='$epoch' cat-file --batch >/dev/null"

# the project, its history indexed first (not timed)
git clone -q --shared --no-checkout "$proj" "$tmp/proj"
cd "$tmp/proj"
cat >MAINTAINERS <<'EOF'
XFS LIBRARY
M:	Carlos Maiolino <cem@kernel.org>
R:	Darrick J. Wong <djwong@kernel.org>
L:	linux-xfs@vger.kernel.org
S:	Supported
F:	libxfs/
F:	include/

XFS REPAIR
M:	Carlos Maiolino <cem@kernel.org>
R:	Darrick J. Wong <djwong@kernel.org>
L:	linux-xfs@vger.kernel.org
S:	Supported
F:	repair/

XFSPROGS
M:	Carlos Maiolino <cem@kernel.org>
L:	linux-xfs@vger.kernel.org
S:	Supported
F:	*
F:	*/
EOF
"$KMAINT" index -q

timed "$tmp/import" "$KMAINT" index --inbox "$epoch"
read -r iw im ic <"$tmp/import"
own=$(sed -n 's/^lists: .*peak memory \([0-9]*\) MB$/\1/p' "$tmp/import.stdout")
added=$(sed -n 's/^lists: \([0-9]*\) messages added.*/\1/p' "$tmp/import.stdout")
problems=$(sed -n 's/^lists: [0-9]* messages with problems: //p' "$tmp/import.stdout")
missing=$(grep -c 'missing-blob' "$tmp/import.stdout" || :)
noop=$(bench_ms 3 "$KMAINT" index -q)
query=$(bench_ms 5 "$KMAINT" stats --list --section "XFS LIBRARY" --no-update --json)
pending=$(bench_ms 5 "$KMAINT" pending --section "XFS LIBRARY" --no-update)
npending=$("$KMAINT" pending --section "XFS LIBRARY" --no-update --json |
	sed -n 's/^  "pending": \([0-9]*\),$/\1/p')
asof=$("$KMAINT" pending --section "XFS LIBRARY" --no-update --json |
	sed -n 's/^  "as_of": "\([0-9-]*\)T.*/\1/p')
db=$(git rev-parse --git-common-dir)/kmaint/index.sqlite
since=$(date -u -d 2019-05-15 +%s)
q() { sqlite3 "$db" "$1"; }
share() {
	q "SELECT count(*), sum(EXISTS (SELECT 1 FROM links l WHERE l.commit_id = c.id)),
		sum(EXISTS (SELECT 1 FROM links l WHERE l.commit_id = c.id AND l.how = 'patch-id')),
		sum(NOT EXISTS (SELECT 1 FROM links l WHERE l.commit_id = c.id AND l.how = 'patch-id')
		    AND EXISTS (SELECT 1 FROM links l WHERE l.commit_id = c.id))
	   FROM commits c WHERE c.nparents < 2 AND c.commit_time >= $since $1" | tr '|' ' '
}
read -r all linked bypid bysubj <<EOF
$(share "")
EOF
read -r norel norel_linked x y <<EOF
$(share "AND c.subject NOT LIKE '%Release v%' AND c.subject NOT LIKE '%translation%'")
EOF

pw=-
if [ $with_pi = 1 ]; then
	export HOME="$tmp/home" PI_CONFIG="$tmp/home/pi-config"
	mkdir -p "$HOME"
	public-inbox-init -V2 -L basic bench "$tmp/pi" http://example.com/bench \
		linux-xfs@vger.kernel.org >/dev/null 2>&1
	# the epoch in place of the empty one public-inbox-init made
	rm -rf "$tmp/pi/git/0.git"
	git clone -q --mirror --shared "$epoch" "$tmp/pi/git/0.git"
	timed "$tmp/pi.t" public-inbox-index -L basic "$tmp/pi"
	read -r pw pm pc <"$tmp/pi.t"
fi
read -r fw fm fc <"$tmp/floor"

awk -v epoch="$epoch" -v proj="$proj" -v msgs="$msgs" -v cores="$cores" -v load="$load" \
    -v fw="$fw" -v iw="$iw" -v im="$im" -v own="$own" -v pw="$pw" -v noop="$noop" \
    -v fc="$fc" -v ic="$ic" -v pc="${pc:-0}" \
    -v query="$query" -v pending="$pending" -v npending="$npending" -v asof="$asof" \
    -v added="$added" -v missing="$missing" -v problems="$problems" \
    -v all="$all" -v linked="$linked" -v bypid="$bypid" -v bysubj="$bysubj" \
    -v norel="$norel" -v norel_linked="$norel_linked" 'BEGIN {
	printf "kmaint index --inbox: %s (%d commits)\n", epoch, msgs
	printf "  with the history of %s\n", proj
	printf "  (%s cores, load average %s at the start)\n", cores, load
	printf "  %-46s %9.2f s wall %8.2f s cpu\n", "floor: every m blob once (rev-list | cat-file)", fw, fc
	printf "  %-46s %9.2f s wall %8.2f s cpu, %d messages\n", "kmaint index --inbox (import, patch-ids, links)", iw, ic, added
	printf "  %-46s %9.2fx (target <= 2)\n", "ratio kmaint / floor", (fw > 0 ? iw / fw : 0)
	if (pw != "-") {
		printf "  %-46s %9.2f s wall %8.2f s cpu\n", "public-inbox-index -L basic", pw, pc
		printf "  %-46s %9.2fx (target < 1)\n", "ratio kmaint / public-inbox-index", iw / pw
	} else {
		printf "  %-46s %9s   (--public-inbox: 1.5 to 3 min here)\n", "public-inbox-index -L basic", "skipped"
	}
	printf "  %-46s %6d MB of its own, %d MB with its git processes (target < 200)\n",
		"peak memory of kmaint", own, im / 1024
	printf "  %-46s %9.3f s   (target < 0.3)\n", "no-op update (history and list)", noop / 1000
	printf "  %-46s %9.1f ms  (target < 200)\n", "stats --list --section \"XFS LIBRARY\"", query
	printf "  %-46s %9.1f ms  (target < 200), %d patches as of %s\n", "pending --section \"XFS LIBRARY\"", pending, npending, asof
	printf "  %-46s %d of %d, %.1f%% (target >= 95%%)\n", "commits since 2019-05-15 linked",
		linked, all, all ? 100 * linked / all : 0
	printf "  %-46s %d by patch-id, %d by author and subject only\n", "  how", bypid, bysubj
	printf "  %-46s %d of %d, %.1f%%\n", "  leaving out releases and translations",
		norel_linked, norel, norel ? 100 * norel_linked / norel : 0
	printf "  %-46s %s (missing blobs named: %d)\n", "problems", problems, missing
}'
