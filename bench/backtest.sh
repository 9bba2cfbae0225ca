#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Backtest of kmaint audit's inactive and fading findings on real
# histories (issue 30): the audit as of 1 January of each year, with
# that day's MAINTAINERS (--as-of), against the M:/R: removals the
# project made afterwards.
#
#	bench/backtest.sh [-y "2019 ... 2025"] [-d WORKDIR] GITDIR...
#
# Each GITDIR (a bare repository or a clone) is cloned with --shared
# into WORKDIR (default ${TMPDIR:-/tmp}/kmaint-backtest, nothing is
# written to GITDIR) and indexed there with kmaint index (once; later
# runs update it).  bench/backtest.py then prints, per history:
#   - the ground truth: M:/R: lines removed (kmaint history) from
#     1 July of the first year on, after the person had been silent a
#     year in git in the section's files; not address changes (the
#     same person, by the identity model, added back in the same commit
#     or still listed), not sections removed whole (a driver dropped is
#     not a maintainer dropped), not sections without F: values (git
#     trees: no silence to see);
#   - recall: removals named by an audit at least 6 months before, with
#     how many months before (the earliest audit that named them);
#   - precision: findings followed by that removal within 3 years, and
#     findings whose person stayed silent in the section's files for the
#     next 12 months;
#   - contradictions: findings where git shows the person's authorship,
#     commit or trailer in the section's files inside the silence the
#     finding claims (the target is 0);
#   - each removal missed, with why, at the last audit 6 months before
#     it: too close (silent less than the floor then), the gap rule,
#     few changes since, quiet since, no changes, not listed.
# A removal and a finding are the same person by the identity model
# (kmaint idents --suggest: its joins, not its guesses; names folded as
# it folds them), not by address, and the same section by name (kmaint
# history's, renames included, and renames that moved the files: all of
# a section's people leave and the same people start another in one
# commit) or, across a rename it did not see, by the F: values the two
# versions share.
# The git checks read git log --no-merges --name-only once, and take the
# commits touching the section's F: values (read as git's ":(glob)"
# pathspecs; X: excluded, N: not checked), matching the person by
# address or by name as author, committer or in a trailer line.
# The audits see the directories of the trees of those days (made empty
# in the clone, which has no checkout): an F: value without '/' that
# names a directory covers what is under it, as in a checkout.
# The thresholds are audit's defaults unless AUDIT_OPTS says otherwise
# (AUDIT_OPTS="--fading-months 9" bench/backtest.sh ...); each set of
# options writes its own WORKDIR/NAME/backtest-OPTIONS/.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
work=${TMPDIR:-/tmp}/kmaint-backtest
years="2019 2020 2021 2022 2023 2024 2025"
while getopts y:d: o; do
	case $o in
	y) years=$OPTARG ;;
	d) work=$OPTARG ;;
	*) exit 129 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# = 0 ]; then
	echo "usage: bench/backtest.sh [-y YEARS] [-d WORKDIR] GITDIR..." >&2
	exit 129
fi
export LC_ALL=C TZ=UTC
mkdir -p "$work"
for src; do
	name=${src%/}
	name=${name%/.git}
	case ${name##*/} in repo | *.git) name=${name%/*} ;; esac
	name=${name##*/}
	w=$work/$name
	if [ ! -d "$w" ]; then
		git clone -q --shared --no-checkout "$src" "$w"
	fi
	# A value without '/' names a directory if the work tree has one
	# (as get_maintainer.pl asks): the clone has no checkout, so make
	# the directories of the tree of each audit's day (their union,
	# empty; no file of the project is written)
	for y in $years; do
		c=$(git -C "$w" rev-list -1 --before="$y-01-01" HEAD)
		git -C "$w" ls-tree -r -d -z --name-only "$c"
	done | (cd "$w" && xargs -0 mkdir -p)
	t0=$(date +%s)
	(cd "$w" && "$KMAINT" index -q)
	echo "== $name ($(git -C "$w" rev-list --count HEAD) commits; index $(($(date +%s) - t0)) s)"
	out=$w/backtest-$(printf %s "${AUDIT_OPTS:-default}" | tr -c 'A-Za-z0-9' _)
	mkdir -p "$out"
	(cd "$w" && "$KMAINT" history --json >"$out/history.json")
	for y in $years; do
		# exit 1: findings
		(cd "$w" && "$KMAINT" audit --as-of "$y-01-01" --no-evidence \
			--json ${AUDIT_OPTS:-} >"$out/audit-$y.json") ||
			[ $? = 1 ]
	done
	python3 "$top/bench/backtest.py" -k "$KMAINT" "$w" "$out" $years
done
