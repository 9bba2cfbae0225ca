#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# get --git and review on a large history, byte for byte, between two
# kmaint binaries (issue 28): the outputs bench/outputs.sh cannot reach
# on its small histories.
#
#	bench/scale-outputs.sh OLD_KMAINT NEW_KMAINT REPO [DIR]
#
# REPO is a work tree whose index is made (kmaint index; get --git has
# no --db), e.g. a "git clone --shared" of bench/scale.sh's history
# with a copy of its index in .git/kmaint.  Neither its work tree nor
# its MAINTAINERS is changed: the patches are made into DIR (default a
# temporary directory): one for each of ten directories (the newest
# commit under it, git format-patch), and five MAINTAINERS patches that
# replace the first M: line of a section.  Both binaries run get --git
# with six sets of options on each patch, and review (text, --json,
# --as-of) on each MAINTAINERS patch; the outputs, standard errors and
# exit statuses are compared with diff -r.  With GM=get_maintainer.pl
# (6.12's, or t/lib-kernel.sh's tie-patched copy), NEW_KMAINT get --git
# is compared with it too, with two of those option sets.  Exit 0 when
# every byte is the same.  get --git keeps its answers about renames in
# the index (the follow cache), so the second binary finds what the
# first one asked git: both read the same index either way.
set -u
[ $# -ge 3 ] || {
	echo "usage: bench/scale-outputs.sh OLD_KMAINT NEW_KMAINT REPO [DIR]" >&2
	exit 129
}
OLD=$1 NEW=$2 R=$3
D=${4:-$(mktemp -d "${TMPDIR:-/tmp}/kmaint-scale-outputs.XXXXXX")}
export LC_ALL=C GIT_PAGER=cat
mkdir -p "$D/patches" || exit 128
cd "$R" || exit 128

i=0
for d in fs/xfs drivers/net/ethernet mm kernel/sched net/ipv4 arch/x86/kvm \
	 drivers/gpu/drm sound/soc Documentation/admin-guide include/linux; do
	h=$(git log --no-merges -1 --format=%H -- "$d")
	[ -n "$h" ] || continue
	i=$((i + 1))
	git format-patch -1 --stdout "$h" >"$D/patches/g$i.patch" || exit 128
done
# MAINTAINERS patches made from HEAD's blob, the work tree left alone
git show HEAD:MAINTAINERS >"$D/MAINTAINERS.a" || exit 128
i=0
for s in 'XFS FILESYSTEM' 'MEMORY MANAGEMENT' 'SCHEDULER' \
	 'NETWORKING [IPv4/IPv6]' 'KERNEL VIRTUAL MACHINE FOR X86 (KVM/x86)'; do
	S=$s perl -pe 'if ($_ eq "$ENV{S}\n") { $x = 1 }
		if ($x && /^M:/) {
			$_ = "M:\tNew Maintainer <new.maint\@example.com>\n"; $x = 0
		}' "$D/MAINTAINERS.a" >"$D/MAINTAINERS.b"
	cmp -s "$D/MAINTAINERS.a" "$D/MAINTAINERS.b" && continue
	i=$((i + 1))
	{
		echo "diff --git a/MAINTAINERS b/MAINTAINERS"
		diff -u --label a/MAINTAINERS --label b/MAINTAINERS \
			"$D/MAINTAINERS.a" "$D/MAINTAINERS.b"
	} >"$D/patches/m$i.patch"
done

OPTS='
--git-since 2021-01-01
--git-since 1990-01-01
--git-since 2023-06-01 --git-all-signature-types --git-chief-penguins
--git-since 1990-01-01 --norolestats --git-min-percent 0 --git-max-maintainers 50
--git-since 1990-01-01 --git-fallback --nogit'

# run KMAINT OUT: every output of KMAINT into OUT
run() {
	mkdir -p "$2"
	for p in "$D"/patches/g*.patch; do
		b=$(basename "$p" .patch) n=0
		echo "$OPTS" | while IFS= read -r o; do
			n=$((n + 1))
			# shellcheck disable=SC2086
			"$1" get --git $o "$p" >"$2/$b.$n" 2>&1
			echo "exit $?" >>"$2/$b.$n"
		done
	done
	for p in "$D"/patches/m*.patch; do
		b=$(basename "$p" .patch)
		"$1" review "$p" >"$2/$b.txt" 2>&1; echo "exit $?" >>"$2/$b.txt"
		"$1" review --json "$p" >"$2/$b.json" 2>&1; echo "exit $?" >>"$2/$b.json"
		"$1" review --as-of 2024-06-01 "$p" >"$2/$b.as-of" 2>&1
		echo "exit $?" >>"$2/$b.as-of"
	done
}
rc=0
run "$OLD" "$D/old"
run "$NEW" "$D/new"
diff -r "$D/old" "$D/new" >"$D/diff" || rc=1
echo "scale-outputs.sh: $(ls "$D/new" | wc -l) files, $(grep -c '^diff' "$D/diff") differ ($D)"
if [ -n "${GM:-}" ]; then
	same=0 all=0
	for p in "$D"/patches/g*.patch; do
		for o in "" "--git-since 2021-01-01"; do
			all=$((all + 1))
			# shellcheck disable=SC2086
			a=$(perl "$GM" --git $o "$p" 2>&1; echo "exit $?")
			# shellcheck disable=SC2086
			b=$("$NEW" get --git $o "$p" 2>&1; echo "exit $?")
			[ "$a" = "$b" ] && same=$((same + 1))
		done
	done
	echo "scale-outputs.sh: get --git as $GM: $same of $all the same"
	[ "$same" = "$all" ] || rc=1
fi
exit $rc
