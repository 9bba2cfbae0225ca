#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# report --site written again over its own directory (issue 28: "the
# site is incremental"): with nothing new, and after new commits.
#
#	bench/site-rerun.sh [-n NEW] REPO INDEX KMAINT...
#
# Neither REPO nor INDEX is written: REPO is cloned with --shared and
# INDEX copied into a temporary directory (-d DIR; removed at the end
# unless -k).  For each KMAINT: the site of the copy (cold), the same
# again with nothing new, then again after NEW commits (default 1,000)
# and the index brought up to date with the first KMAINT.  The commits
# go on top of the clone's HEAD through git fast-import: each takes an
# older commit's author, committer, message and first file (other than
# MAINTAINERS), whose text it replaces with a line, half an hour after
# the one before.  Each run prints its time, its CPU (bench/lib.sh's
# bench_tree) and the pages it rewrote.  With two KMAINTs or more, the
# sites each one left are compared with diff -r against the first's.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

new=1000 dir= keep=
while getopts n:d:k o; do
	case $o in
	n) new=$OPTARG ;;
	d) dir=$OPTARG ;;
	k) keep=1 ;;
	*) exit 129 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || {
	echo "usage: bench/site-rerun.sh [-n NEW] [-d DIR] [-k] REPO INDEX KMAINT..." >&2
	exit 129
}
repo=$1 index=$2
shift 2
[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/site-rerun.XXXXXX")
mkdir -p "$dir"
fig() { printf '  %-40s %12s %-4s %s\n' "$1" "$2" "$3" "$4"; }
secs() { awk '{ print $1 }' "$1"; }
cpu() { awk '{ print $2 }' "$1"; }
# the summary line's "W written (U unchanged), R removed"
pages() { sed -n 's/.*pages in .*, \([0-9]* written ([0-9]* unchanged), [0-9]* removed\).*/\1/p' "$1.stdout"; }

echo "== report --site again, $new new commits ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M'))"
rm -rf "$dir/repo"
git clone -q --shared "$repo" "$dir/repo"
cd "$dir/repo"
tip=$(git rev-parse HEAD)
t0=$(($(git log -1 --format=%ct HEAD) + 1800))
cp "$index" "$dir/old.sqlite"

# NEW commits shaped like older ones, onto a copy of the index
git log --no-merges -n $((new * 2)) --skip 5000 --name-only \
	--format='%x00%an%x01%ae%x01%cn%x01%ce%x01%B%x02' HEAD |
perl -e '
	my ($n, $ref, $tip, $t0) = @ARGV;
	local $/;
	my ($all, $k) = (scalar <STDIN>, 0);
	for my $r (split /\0/, $all) {
		my ($head, $files) = split /\x02/, $r, 2;
		next unless defined $files;
		my ($an, $ae, $cn, $ce, $msg) = split /\x01/, $head, 5;
		my ($p) = grep { $_ ne "" && $_ ne "MAINTAINERS" } split /\n/, $files;
		next unless defined $p;
		my $t = $t0 + 1800 * $k;
		my $d = "/* kmaint bench $k */\n";
		print "commit $ref\nauthor $an <$ae> $t +0000\n",
		      "committer $cn <$ce> $t +0000\n",
		      "data ", length($msg), "\n$msg\n";
		print "from $tip\n" unless $k;
		print "M 100644 inline $p\ndata ", length($d), "\n$d\n";
		last if ++$k == $n;
	}' "$new" "$(git symbolic-ref HEAD)" "$tip" "$t0" >"$dir/commits.fi"
# the site first, at the copy's state: the clone's HEAD moves after
first=$1
k=0
for km in "$@"; do
	k=$((k + 1))
	rm -rf "$dir/site$k"
	bench_tree "$dir/q" "$km" report --db "$dir/old.sqlite" --site "$dir/site$k" ||
		{ cat "$dir/q.stderr" >&2; exit 1; }
	fig "$k: report --site, cold" "$(secs "$dir/q")" s "cpu $(cpu "$dir/q") s; $km"
	bench_tree "$dir/q" "$km" report --db "$dir/old.sqlite" --site "$dir/site$k" ||
		{ cat "$dir/q.stderr" >&2; exit 1; }
	fig "$k: again, nothing new" "$(secs "$dir/q")" s "cpu $(cpu "$dir/q") s; $(pages "$dir/q")"
done
git fast-import --quiet <"$dir/commits.fi"
git reset -q --hard
fig "new commits" "$(git rev-list --count "$tip"..HEAD)" "" "on $tip"
cp "$dir/old.sqlite" "$dir/new.sqlite"
bench_tree "$dir/q" "$first" index --db "$dir/new.sqlite" ||
	{ cat "$dir/q.stderr" >&2; exit 1; }
fig "kmaint index, brought up to date" "$(secs "$dir/q")" s "cpu $(cpu "$dir/q") s"
k=0
for km in "$@"; do
	k=$((k + 1))
	bench_tree "$dir/q" "$km" report --db "$dir/new.sqlite" --site "$dir/site$k" ||
		{ cat "$dir/q.stderr" >&2; exit 1; }
	fig "$k: again, after the new commits" "$(secs "$dir/q")" s "cpu $(cpu "$dir/q") s; $(pages "$dir/q")"
	if [ $k -gt 1 ]; then
		if diff -r -x .kmaint-stamp "$dir/site1" "$dir/site$k" >/dev/null; then
			fig "$k: its site" "same" "" "as 1's, byte for byte"
		else
			fig "$k: its site" "DIFFERS" "" "diff -r $dir/site1 $dir/site$k"
		fi
	fi
done
cd /
[ -n "$keep" ] || rm -rf "$dir"
