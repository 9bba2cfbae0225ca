#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every benchmark in bench/ (make bench).  Each one measures kmaint
# and the tool it replaces in the same run and prints both with the ratio.
here=$(cd "$(dirname "$0")" && pwd)
failed=
for b in "$here"/*.sh; do
	# scale.sh takes hours, outputs.sh and scale-outputs.sh are no
	# timing, backtest.sh needs real histories, site-rerun.sh an
	# indexed one: run on their own
	case ${b##*/} in
	run.sh | scale.sh | outputs.sh | scale-outputs.sh | backtest.sh | \
	site-rerun.sh) continue ;;
	esac
	echo "== ${b##*/}"
	sh "$b" || failed="$failed ${b##*/}"
	echo
done
if [ -n "$failed" ]; then
	echo "bench: failed:$failed" >&2
	exit 1
fi
