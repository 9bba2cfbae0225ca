#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get -f with output options, against get_maintainer.pl, on 200
# files (part 2; t1003 has the rest).
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup
need_kget

sample_subset >"$TRASH/subset"
for v in --nor --non --letters=FM --pattern-depth=1 "--nomoderated --s" \
	 "--web --bug" "--email --noremove-duplicates"; do
	conform "-f $v, 200 files" file "--nogit --nogit-fallback $v" "$TRASH/subset"
done

done_testing
