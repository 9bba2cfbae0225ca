#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get -f against get_maintainer.pl on the cases that exercise the
# matching rules: N: regexes, X: exclusions, THE REST, directories (with
# and without the slash), odd file names, top-level and deep files, and
# K: keywords in file contents with --kf.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup
need_kget

o="--nogit --nogit-fallback"
sample_npat >"$TRASH/npat"
conform "-f, files matched by N: regexes" file "$o" "$TRASH/npat"
sample_xpat >"$TRASH/xpat"
conform "-f, files hit by X: exclusions" file "$o" "$TRASH/xpat"
sample_rest >"$TRASH/rest"
conform "-f, files outside every F:/N: but THE REST's" file "$o" "$TRASH/rest"
sample_dirs >"$TRASH/dirs"
conform "-f, directories" file "$o" "$TRASH/dirs"
sample_odd >"$TRASH/odd"
conform "-f, odd file names" file "$o" "$TRASH/odd"
sample_special >"$TRASH/special"
conform "-f, top-level, dot and deep files" file "$o" "$TRASH/special"
sample_kf >"$TRASH/kf"
conform "-f --kf, files whose content matches a K: regex" file "$o --kf" "$TRASH/kf"

done_testing
