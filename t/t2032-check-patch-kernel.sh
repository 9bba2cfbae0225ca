#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check --patch on Debian's 6.12 tree with 20 real patches made
# from 6.1 -> 6.12 differences (t/lib-kernel.sh's make_patches: the 16
# first single-file changes and the 4 multi-file ones that add no file):
# each mailed to exactly the recipients "kmaint get" names gets no
# warning; the same mail with one maintainer dropped gets exactly one
# warning, naming that maintainer.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
need_kernel
need_kget

make_patches "$TRASH/p"
cd "$K612" || exit 1
patches=$(ls "$TRASH"/p/00[01][0-9].patch | sed -n '2,17p'; \
	  ls "$TRASH"/p/0048.patch "$TRASH"/p/0049.patch \
	     "$TRASH"/p/0051.patch "$TRASH"/p/0052.patch)
is "$(echo "$patches" | wc -l | tr -d ' ')" 20 "20 real patches"
is "$(cat $patches | grep -c '^new file mode')" 0 "none adds a file"

# addressed PATCH DROP OUT: PATCH with a To: of everyone get names but DROP
addressed() {
	"$KMAINT" get --nogit --nogit-fallback --norolestats "$1" |
		grep -vFx "$2" | paste -sd, - | sed 's/,/, /g' >"$TRASH/to"
	awk -v to="$(cat "$TRASH/to")" \
		'!done && /^Subject:/ { print "To: " to; done = 1 } { print }' \
		"$1" >"$3"
}

clean=0 one=0 n=0
for p in $patches; do
	n=$((n + 1))
	addressed "$p" "" "$TRASH/m"
	"$KMAINT" check --patch "$TRASH/m" >"$TRASH/out" 2>&1
	rc=$?
	if [ $rc = 0 ] && [ ! -s "$TRASH/out" ]; then
		clean=$((clean + 1))
	else
		echo "# $p: exit $rc"; sed 's/^/#   /' "$TRASH/out" | head -5
	fi
	drop=$("$KMAINT" get --nogit --nogit-fallback --norolestats --nol --nor "$p" | head -1)
	addressed "$p" "$drop" "$TRASH/m"
	"$KMAINT" check --patch "$TRASH/m" >"$TRASH/out" 2>&1
	rc=$?
	if [ $rc = 1 ] && [ "$(grep -c . "$TRASH/out")" = 1 ] &&
	   grep -q "^$TRASH/m:[0-9]*: WARNING: maintainer of .* not in To: or Cc: $drop\$" "$TRASH/out"; then
		one=$((one + 1))
	else
		echo "# $p without $drop: exit $rc"; sed 's/^/#   /' "$TRASH/out" | head -5
	fi
done
is "$clean" 20 "mailed to exactly get's recipients: no warning, 20 of 20"
is "$one" 20 "one maintainer dropped: exactly that one warning, 20 of 20"
done_testing
