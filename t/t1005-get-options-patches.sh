#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get PATCH with output options, against get_maintainer.pl, on the
# 6.1 -> 6.12 patches of t1002.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup
need_kget

make_patches "$TRASH/p"
ls "$TRASH"/p/*.patch >"$TRASH/patches"
for v in --roles --norolestats --sections "--scm --status --subsystem" \
	 "--separator ' | '" --nol --nom --nor --non --letters=FM \
	 --pattern-depth=1 "--nomoderated --s" "--web --bug" \
	 "--email --noremove-duplicates"; do
	conform "patches, $v" patch "--nogit --nogit-fallback $v" "$TRASH/patches"
done

done_testing
