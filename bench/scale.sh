#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every command on kernel-shaped histories of growing size (issue 21).
#
#	bench/scale.sh [-n "N..."] [-r MSGS_PER_1000_COMMITS] [-s SHAPE] [-k] [-g]
#		       [-q] [-d DIR]
#
# For each N (default 100000 350000 1400000) bench/gen-history writes a
# history of N commits over 6.12's files and MAINTAINERS, and an archive
# of N*R/1000 messages (R default 714: a million at 1.4M commits) in
# epochs of 250,000, under DIR (default ${TMPDIR:-/tmp}); then it
# measures, printing each figure beside its anchor from the same run:
#   - git log --no-merges --numstat and git log --no-merges --raw (the
#     anchors), and kmaint index cold (of the tip less about 1,000
#     commits), its CPU (git's included), peak memory of the process
#     tree (kmaint and its git children, summed; anonymous memory, and
#     RSS with the mapped packs), bytes per commit;
#   - a no-op update, and the update by the last ~1,000 commits;
#   - kmaint index --inbox against git cat-file --batch of the messages
#     (the floor), with its peak memory;
#   - audit (every section), audit --section, stats (whole tree and a
#     section), get --git on one patch, pending --section, review of a
#     MAINTAINERS patch, report (one page: time and size), report --site
#     (time, front page, the site, its release pages; the time again
#     with --releases 0), map: the median
#     of 3 runs, and the peak memory of one;
#   - audit --section, stats --section, stats --list --section and
#     pending --section again on the section nearest FLAT (default 300)
#     changesets ever, of a constant size at every N;
#   - the disk the run used.
# Each history is removed after its run unless -k.  -g reuses a history
# a previous run kept (-k) or bench/gen-history wrote to DIR/kmaint-
# scale-N, after removing the index it holds.  -s small: histories of
# gen-history --shape small (commits of one file: git's diff cheap,
# kmaint's own cost shown), in DIR/kmaint-scale-N-small.  report is timed once
# where N >= 350,000 (minutes each), not the median of 3; report --site
# always once (a second run rewrites only the pages that changed).  -q
# (implies -g and -k) keeps the index a previous -k run left too, brings
# it up to date with this kmaint (an upgrade in place where its tables
# changed) and measures the questions only: a new kmaint's answers on
# histories whose generation and cold index cost an hour at 1.4M.  The
# machine's load is printed: figures from a shared machine are noisy.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
KMAINT=${KMAINT:-$here/../kmaint}
export LC_ALL=C GIT_PAGER=cat
ns="100000 350000 1400000"
rate=714
keep=
reuse=
qonly=
shape=kernel
dir=${TMPDIR:-/tmp}
while [ $# -gt 0 ]; do
	case $1 in
	-n) ns=$2; shift 2 ;;
	-r) rate=$2; shift 2 ;;
	-s) shape=$2; shift 2 ;;
	-k) keep=1; shift ;;
	-g) reuse=1; shift ;;
	-q) qonly=1; reuse=1; keep=1; shift ;;
	-d) dir=$2; shift 2 ;;
	*) echo "usage: bench/scale.sh [-n \"N...\"] [-r R] [-s SHAPE] [-k] [-g] [-q] [-d DIR]" >&2; exit 129 ;;
	esac
done
SECTION='XFS FILESYSTEM'
FLAT=${FLAT:-300}
export SECTION FLAT

# fig NAME VALUE UNIT ANCHOR-TEXT: one line of the results
fig() { printf '  %-40s %12s %-4s %s\n' "$1" "$2" "$3" "$4"; }
# secs FILE: the wall seconds of a bench_tree result; cpu, mb likewise
secs() { awk '{ print $1 }' "$1"; }
cpu() { awk '{ print $2 }' "$1"; }
mb() { awk '{ printf "%.0f", $3 / 1024 }' "$1"; }
# anon FILE: the peak of the tree's anonymous memory (less mapped packs)
anon() { awk '{ printf "%.0f", $4 / 1024 }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }'; }

for n in $ns; do
	m=$((n * rate / 1000))
	out=$dir/kmaint-scale-$n
	[ "$shape" = kernel ] || out=$out-$shape
	echo "== $n commits ($shape shape), $m messages ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M'))"
	if [ -n "$reuse" ] && [ -d "$out/linux/.git" ] && [ -d "$out/inbox" ]; then
		[ -n "$qonly" ] || rm -rf "$out/linux/.git/kmaint"
		fig "gen-history" "-" s "reused $out"
	else
		rm -rf "$out"
		bench_tree "$out.gen" "$here/gen-history" --commits "$n" \
			--messages "$m" --shape "$shape" "$out"
		fig "gen-history (incl. fast-import, checkout)" "$(secs "$out.gen")" s \
			"peak $(mb "$out.gen") MB"
	fi
	cd "$out/linux"
	commits=$(git rev-list --count HEAD)
	if [ -n "$qonly" ]; then
		[ -f .git/kmaint/index.sqlite ] || {
			echo "bench/scale.sh: -q: no index in $out (run with -k first)" >&2
			exit 1
		}
		bench_tree "$out.up" "$KMAINT" index
		fig "kmaint index, brought up to date" "$(secs "$out.up")" s \
			"kmaint of $(git -C "$here" describe --always --dirty 2>/dev/null || echo "$KMAINT")"
	else
		bench_tree "$out.numstat" git log --no-merges --numstat HEAD
		bench_tree "$out.raw" git log --no-merges --raw HEAD
		fig "git log --no-merges --numstat (anchor)" "$(secs "$out.numstat")" s \
			"cpu $(cpu "$out.numstat") s"
		fig "git log --no-merges --raw" "$(secs "$out.raw")" s "cpu $(cpu "$out.raw") s"
		# cold: the tip less ~1,000 commits, so that the update is measured
		base=$(git rev-list --first-parent HEAD | sed -n 10p)
		while [ "$(git rev-list --count "$base"..HEAD)" -lt 1000 ]; do
			base=$(git rev-list --first-parent "$base" | sed -n 10p)
		done
		new=$(git rev-list --count "$base"..HEAD)
		bench_tree "$out.cold" "$KMAINT" index "$base"
		fig "kmaint index, cold ($((commits - new)) commits)" "$(secs "$out.cold")" s \
			"$(ratio "$(secs "$out.cold")" "$(secs "$out.numstat")") numstat, $(ratio "$(secs "$out.cold")" "$(secs "$out.raw")") raw"
		fig "  its cpu, git's included" "$(cpu "$out.cold")" s \
			"$(ratio "$(cpu "$out.cold")" "$(cpu "$out.numstat")") numstat's cpu"
		fig "  peak memory, git children included" "$(anon "$out.cold")" MB \
			"anonymous; RSS with mapped packs $(mb "$out.cold") MB; kmaint alone: $(sed -n 's/.*peak memory \([0-9]*\) MB.*/\1/p' "$out.cold.stderr" "$out.cold.stdout" | head -1) MB"
		bench_tree "$out.incr" "$KMAINT" index
		fig "kmaint index, $new new commits" "$(secs "$out.incr")" s "target < 5 s"
		bench_tree "$out.noop" "$KMAINT" index
		fig "kmaint index, no-op" "$(secs "$out.noop")" s "target < 0.3 s"
		bytes=$("$KMAINT" index --stats | sed -n 's/^bytes //p')
		fig "index size per commit" "$((bytes / commits))" B \
			"$((bytes / 1048576)) MB in all; target <= 1024 B"

		# the archive
		for e in "$out"/inbox/git/*.git; do
			git --git-dir="$e" log --raw --no-abbrev --format= master |
				awk '{ print $4 }'
		done >"$out.blobs"
		# the floor: what any reader of the epochs does, git log --raw
		# for the blobs and one git cat-file --batch per epoch
		bench_tree "$out.floor" sh -c 'for e; do
			git --git-dir="$e" log --raw --no-abbrev --format= master |
			awk "{ print \$4 }" | git --git-dir="$e" cat-file --batch
		done >/dev/null' sh "$out"/inbox/git/*.git
		bench_tree "$out.inbox" "$KMAINT" index --inbox "$out/inbox"
		msgs=$(wc -l <"$out.blobs")
		fig "kmaint index --inbox ($msgs messages)" "$(secs "$out.inbox")" s \
			"$(ratio "$(secs "$out.inbox")" "$(secs "$out.floor")") the cat-file floor ($(secs "$out.floor") s); target <= 2x"
		# The import also asks git for the patch-id of every commit a
		# posting could have become; that is git's work, as format-patch
		# would do it, and the second anchor: the two run side by side.
		sqlite3 .git/kmaint/index.sqlite "SELECT c.hash FROM commit_patchids p
			JOIN commits c ON c.id = p.commit_id" >"$out.pidc"
		bench_tree "$out.pid" sh -c 'git diff-tree --stdin -p -M --no-color \
			--no-ext-diff --no-textconv <"$1" | git patch-id --stable >/dev/null' \
			sh "$out.pidc"
		fig "  git patch-id of $(wc -l <"$out.pidc") commits (anchor)" "$(secs "$out.pid")" s \
			"cpu $(cpu "$out.pid") s; the import is $(ratio "$(secs "$out.inbox")" \
			"$(awk -v a="$(secs "$out.floor")" -v b="$(secs "$out.pid")" 'BEGIN { print a + b }')") floor + patch-ids"
		fig "  peak memory, git children included" "$(anon "$out.inbox")" MB \
			"anonymous; RSS with mapped packs $(mb "$out.inbox") MB; target <= 200 MB"
		bytes2=$("$KMAINT" index --stats | sed -n 's/^bytes //p')
		fig "  index growth per message" "$(((bytes2 - bytes) / (msgs + 1)))" B \
			"$((bytes2 / 1048576)) MB in all"

	fi

	# the questions
	xfs=$(git log --no-merges -1 --format=%H -- fs/xfs)
	git format-patch -1 --stdout "$xfs" >"$out.patch"
	# a MAINTAINERS patch that applies: a reviewer added to the section
	perl -pi -e 'if ($_ eq "$ENV{SECTION}\n") { $x = 1 }
		if ($x && /^M:/) { print "R:\tNew Reviewer <new.reviewer\@example.com>\n"; $x = 0 }' MAINTAINERS
	git diff MAINTAINERS >"$out.mpatch"
	git checkout -q MAINTAINERS
	q() {
		name=$1
		shift
		bench_tree "$out.q" "$@" || { cat "$out.q.stderr" >&2; exit 1; }
		if [ "$name" = "report --site" ] ||
		   { [ "$name" = report ] && [ "$n" -ge 350000 ]; }; then
			ms=$(awk '{ print $1 * 1000 }' "$out.q")
		else
			ms=$(bench_ms 3 "$@")
		fi
		fig "$name" "$(awk -v t="$ms" 'BEGIN { printf "%.3f", t / 1000 }')" s \
			"peak $(mb "$out.q") MB ($(anon "$out.q") anonymous), cpu $(cpu "$out.q") s (one run)"
	}
	# the section's own size, which its questions should cost: the
	# generator's years fill up as N grows, so a section grows with it
	# (XFS: about 13x from 100k to 1.4M)
	"$KMAINT" stats --section "$SECTION" --json >"$out.sj" || exit 1
	"$KMAINT" audit --section "$SECTION" --json >"$out.aj" ||
		[ $? -le 1 ] || exit 1		# 1: findings
	fig "the section's changesets" \
		"$(sed -n 's/.*"totals": {"changesets": \([0-9]*\).*/\1/p' "$out.sj")" "" \
		"$SECTION, all history; $(sed -n 's/.*"changes":\([0-9]*\),.*/\1/p' "$out.aj") in audit's window"
	q "audit, every section" "$KMAINT" audit
	q "audit --section" "$KMAINT" audit --section "$SECTION"
	q "stats, whole tree" "$KMAINT" stats
	q "stats --section" "$KMAINT" stats --section "$SECTION"
	q "stats --list --section" "$KMAINT" stats --list --section "$SECTION"
	q "get --git, one patch" "$KMAINT" get --git "$out.patch"
	q "pending --section" "$KMAINT" pending --section "$SECTION"
	q "review, a MAINTAINERS patch" "$KMAINT" review "$out.mpatch"
	# A section of constant size, the one nearest $FLAT changesets ever
	# (ties: the first by name): what a question costs when the
	# section does not grow with the history, the issue's "flat".
	"$KMAINT" audit --json >"$out.all" || [ $? -le 1 ] || exit 1
	flat=$(perl -MJSON::PP -0777 -ne '
		my ($best, $d);
		for (@{decode_json($_)->{sections}}) {
			my $e = abs($_->{changes_ever} - $ENV{FLAT});
			($best, $d) = ($_, $e) if !defined $d || $e < $d;
		}
		print "$best->{changes_ever}\t$best->{changes}\t$best->{section}";' "$out.all")
	fsec=$(printf '%s' "$flat" | cut -f3)
	fig "a section of constant size" "$(printf '%s' "$flat" | cut -f1)" "" \
		"$fsec, all history; $(printf '%s' "$flat" | cut -f2) in audit's window"
	q "  audit --section" "$KMAINT" audit --section "$fsec"
	q "  stats --section" "$KMAINT" stats --section "$fsec"
	q "  stats --list --section" "$KMAINT" stats --list --section "$fsec"
	q "  pending --section" "$KMAINT" pending --section "$fsec"
	q "report" "$KMAINT" report -o "$out.html"
	fig "  report's page" "$(($(wc -c <"$out.html") / 1024))" KB "one page of every section"
	rm -rf "$out.site"
	q "report --site" "$KMAINT" report --site "$out.site"
	fig "  its front page" "$(($(wc -c <"$out.site/index.html") / 1024))" KB "target < 1024 KB"
	fig "  the site" "$(du -sm "$out.site" | cut -f1)" MB "$(find "$out.site" -name '*.html' | wc -l) pages"
	# the release pages (the last 3 tags' ranges): their cost is the
	# difference from a site without them
	nrel=$(find "$out.site/r" -name '*.html' 2>/dev/null | wc -l)
	fig "  its release pages" "$nrel" "" "$(du -sk "$out.site/r" 2>/dev/null | cut -f1) KB in r/"
	rm -rf "$out.site"
	bench_tree "$out.q" "$KMAINT" report --site "$out.site" --releases 0 ||
		{ cat "$out.q.stderr" >&2; exit 1; }
	fig "  the site with no release page" "$(secs "$out.q")" s \
		"--releases 0; cpu $(cpu "$out.q") s, peak $(mb "$out.q") MB (one run)"
	rm -rf "$out.site"
	q "map" "$KMAINT" map
	cd "$dir"
	fig "disk used (history, work tree, archive, index)" "$(du -sm "$out" | cut -f1)" MB \
		"git $(du -sm "$out/linux/.git" | cut -f1) MB, archive $(du -sm "$out/inbox" | cut -f1) MB"
	[ -n "$keep" ] || rm -rf "$out"
	rm -f "$out".[a-z]*
done
