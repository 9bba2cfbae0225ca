#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get -f FILE, byte for byte against get_maintainer.pl (ties made
# deterministic): every 64th file of the 6.12 tree and all of fs/xfs/.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup
need_kget

sample_base >"$TRASH/base"
conform "-f, every 64th file of the tree" file "--nogit --nogit-fallback" "$TRASH/base"
sample_xfs >"$TRASH/xfs"
conform "-f, all of fs/xfs/" file "--nogit --nogit-fallback" "$TRASH/xfs"

done_testing
