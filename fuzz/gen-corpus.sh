#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Generate the fuzzers' starting corpora into fuzz/corpus-*/ (not
# committed): the seeds, plus, when the Debian trees are unpacked, slices
# of the 6.12 MAINTAINERS and small diffs between 6.1 and 6.12.
set -e
fuzz=$1
data=${2:-/var/tmp/kmaint}
k612=$data/linux-source-6.12
k61=$data/linux-source-6.1

mkdir -p "$fuzz/corpus-maintainers" "$fuzz/corpus-patch"
[ -e "$fuzz/corpus-maintainers/.generated" ] && exit 0

if [ -f "$k612/MAINTAINERS" ]; then
	# 60-line slices from every part of the file, each starting at a
	# section heading so the slice parses as the real file does
	awk -v out="$fuzz/corpus-maintainers/mnt-" '
		prev == "" && $0 != "" && $0 !~ /^[A-Z]:/ && n >= 60 {
			n = 0; k++
		}
		k % 8 == 0 { print >> (out (k + 0)) }
		{ n++; prev = $0 }
' "$k612/MAINTAINERS"
fi
if [ -f "$k612/MAINTAINERS" ] && [ -d "$k61" ]; then
	i=0
	for f in MAINTAINERS fs/xfs/xfs_super.c drivers/power/supply/Makefile \
		 Documentation/process/submitting-patches.rst \
		 include/linux/compiler.h scripts/get_maintainer.pl \
		 kernel/sched/core.c net/ipv4/tcp.c; do
		[ -f "$k61/$f" ] && [ -f "$k612/$f" ] || continue
		i=$((i + 1))
		(cd "$data" && diff -u "linux-source-6.1/$f" "linux-source-6.12/$f" |
			head -c 16384 >"$fuzz/corpus-patch/diff-$i") || :
	done
fi
touch "$fuzz/corpus-maintainers/.generated"
