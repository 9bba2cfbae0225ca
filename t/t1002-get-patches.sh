#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get PATCH against get_maintainer.pl: real 6.1 -> 6.12 patches
# (changed, new, deleted and renamed files, multi-file patches, a
# MAINTAINERS hunk, mail headers whose words hit K:), an mbox series,
# and patches read from standard input.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup
need_kget

o="--nogit --nogit-fallback"
make_patches "$TRASH/p"
ls "$TRASH"/p/*.patch >"$TRASH/patches"
conform "patches" patch "$o" "$TRASH/patches"
echo "$TRASH/p/series.mbox" >"$TRASH/mbox"
conform "an mbox of a 5-patch series" patch "$o" "$TRASH/mbox"
conform "patches on standard input (-)" stdin "$o" "$TRASH/patches"
conform "patches on standard input, no argument" stdin0 "$o" "$TRASH/patches"
conform "patches, --nokeywords" patch "$o --nokeywords" "$TRASH/patches"

done_testing
