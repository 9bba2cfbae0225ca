#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The conformance harness itself (t10*.sh): the oracle's tie edit, its
# determinism, the samples' size and coverage, and that a difference in
# output or exit status is caught.  Needs no kmaint get.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
oracle_setup
ok 0 "oracle set-up: tie edit applied exactly twice, in the two sort loops"

# Sections of equal depth: get_maintainer.pl's answer for this file
# depends on Perl's hash seed; the patched oracle's must not.
f=Documentation/PCI/pci-error-recovery.rst
for s in 1 2 3 4 5 6 7 8; do
	(cd "$K612" && PERL_HASH_SEED=$s perl scripts/get_maintainer.pl \
		--nogit --nogit-fallback -f $f) | cksum
done | sort -u >"$TRASH/orig"
for s in 1 2 3 4 5 6 7 8; do
	(cd "$K612" && PERL_HASH_SEED=$s perl "$ORACLE_PL" \
		--nogit --nogit-fallback -f $f) | cksum
done | sort -u >"$TRASH/patched"
is "$(wc -l <"$TRASH/orig" | tr -d ' ')" 2 "upstream get_maintainer.pl: two answers for $f over 8 hash seeds"
is "$(wc -l <"$TRASH/patched" | tr -d ' ')" 1 "patched oracle: one answer for $f over 8 hash seeds"
(cd "$K612" && perl "$ORACLE_PL" --nogit --nogit-fallback --sections -f $f) |
	grep -v '^[A-Z]:' | grep . | head -2 >"$TRASH/order"
is "$(tr '\n' '|' <"$TRASH/order")" \
	"PCI ENHANCED ERROR HANDLING (EEH) FOR POWERPC|PCI ERROR RECOVERY|" \
	"patched oracle: equal depths in MAINTAINERS order"

# The samples the conformance tests use
sample_all >"$TRASH/all"
n=$(wc -l <"$TRASH/all")
[ "$n" -ge 2000 ]
ok $? "file sample: $n distinct files and directories (at least 2000)"
for what in xfs npat xpat rest dirs odd special kf; do
	sample_$what >"$TRASH/s.$what"
done
is "$(wc -l <"$TRASH/s.xfs" | tr -d ' ')" "$(cd "$K612" && find fs/xfs -type f | wc -l)" \
	"file sample: all of fs/xfs/"
for what in npat:100 xpat:60 rest:50 dirs:100 odd:100 kf:30; do
	n=$(wc -l <"$TRASH/s.${what%:*}")
	[ "$n" -ge "${what#*:}" ]
	ok $? "file sample: $n ${what%:*} cases (at least ${what#*:})"
done
sample_subset >"$TRASH/subset"
is "$(wc -l <"$TRASH/subset" | tr -d ' ')" 200 "option sample: 200 files"

# THE REST: the oracle agrees that the first of those get only the list
# of THE REST.
head -1 "$TRASH/s.rest" >"$TRASH/rest1"
(cd "$K612" && perl "$ORACLE_PL" --nogit --nogit-fallback -f "$(cat "$TRASH/rest1")") >"$TRASH/rest.out"
is "$(cat "$TRASH/rest.out")" "linux-kernel@vger.kernel.org (open list)" \
	"file sample: $(cat "$TRASH/rest1") is THE REST's only"

make_patches "$TRASH/p"
n=$(ls "$TRASH"/p/*.patch | wc -l)
is "$n" 62 "patches: 62, on every machine"
like "$TRASH/p/0062.patch" '^Subject: \[PATCH\] xfs: update maintainers file$' \
	"patches: the 2013 XFS patch is the 62nd"
is "$(grep -l '^new file mode' "$TRASH"/p/*.patch | wc -l | tr -d ' '):$(grep -l '^deleted file mode' "$TRASH"/p/*.patch | wc -l | tr -d ' '):$(grep -l '^rename from' "$TRASH"/p/*.patch | wc -l | tr -d ' ')" \
	"12:10:1" "patches: 12 with a new file, 10 with a deleted one, 1 rename"
multi=0
for p in "$TRASH"/p/*.patch; do
	[ "$(grep -c '^diff --git' "$p")" -ge 2 ] && multi=$((multi + 1))
done
[ "$multi" -ge 12 ]
ok $? "patches: $multi with several files"
is "$(grep -c '^Subject: \[PATCH [1-5]/5\]' "$TRASH/p/series.mbox")" 5 "mbox: a 5-patch series"
ls "$TRASH"/p/*.patch | every 6 | while read -r p; do
	(cd "$K612" && perl "$ORACLE_PL" --nogit --nogit-fallback "$p")
done 2>/dev/null | grep -c ':Keyword:' >"$TRASH/kw"
[ "$(cat "$TRASH/kw")" -ge 5 ]
ok $? "patches: K: keywords hit $(cat "$TRASH/kw") times in every 6th patch"

# The harness reports a different output or exit status as a failure,
# and agrees with itself.
head -5 "$TRASH/s.xfs" >"$TRASH/five"
( test_count=0; KMAINT_GET_OVERRIDE=oracle; export KMAINT_GET_OVERRIDE
  conform same file "--nogit --nogit-fallback" "$TRASH/five" ) >"$TRASH/c1"
like "$TRASH/c1" '^ok 1 - same: 5 cases, 0 mismatches$' "harness: the oracle against itself passes"
( test_count=0; KMAINT_GET_OVERRIDE="perl \"\$ORACLE_PL\" --norolestats"
  export KMAINT_GET_OVERRIDE
  conform changed file "--nogit --nogit-fallback" "$TRASH/five" ) >"$TRASH/c2"
like "$TRASH/c2" '^not ok 1 - changed: 5 cases, 5 mismatches$' "harness: a different output fails"
like "$TRASH/c2" '^#   \+"Darrick J. Wong" <djwong@kernel.org>$' "harness: the diff is shown"
( test_count=0; KMAINT_GET_OVERRIDE="sh -c 'perl \"\$ORACLE_PL\" \"\$@\"; exit 3' sh"
  export KMAINT_GET_OVERRIDE
  conform status file "--nogit --nogit-fallback" "$TRASH/five" ) >"$TRASH/c3"
like "$TRASH/c3" '^not ok 1 - status: 5 cases, 5 mismatches$' "harness: a different exit status fails"
like "$TRASH/c3" 'exit 3, oracle exit 0$' "harness: the exit statuses are shown"

done_testing
