#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check --fix on the real 6.12 and 6.1 MAINTAINERS: byte for byte
# what `scripts/parse-maintainers.pl --order` writes, no line lost.
. "${0%/*}/lib.sh"
need_kernel

for v in 6.12 6.1; do
	K=$KMAINT_DATA/linux-source-$v
	d=$TRASH/$v
	mkdir -p "$d"
	cp "$K/MAINTAINERS" "$d/MAINTAINERS"
	chmod 640 "$d/MAINTAINERS"
	perl "$K/scripts/parse-maintainers.pl" --input="$K/MAINTAINERS" \
		--output="$d/expected" --order
	ok $? "$v: parse-maintainers.pl --order ran"

	(cd "$d" && "$KMAINT" check --fix --only=order) >"$d/out" 2>"$d/err"
	is $? 0 "$v: --fix --only=order exits 0: nothing left to sort"
	like "$d/err" "^kmaint: sorted MAINTAINERS$" "$v: --fix says what it rewrote"
	same_file "$d/MAINTAINERS" "$d/expected" "$v: identical to parse-maintainers.pl --order"
	# Field lines are normalised ("F:<tab>value", trimmed): compare
	# the lines normalised that way, and count the raw differences.
	norm='s/^([A-Z]):\s*(.*?)\s*$/$1:\t$2/; print unless /^\s*$/'
	perl -lne "$norm" "$K/MAINTAINERS" | LC_ALL=C sort >"$d/before"
	perl -lne "$norm" "$d/MAINTAINERS" | LC_ALL=C sort >"$d/after"
	same_file "$d/after" "$d/before" "$v: the multiset of non-blank lines is preserved"
	grep -v '^$' "$K/MAINTAINERS" | LC_ALL=C sort >"$d/raw-before"
	grep -v '^$' "$d/MAINTAINERS" | LC_ALL=C sort >"$d/raw-after"
	is "$(diff "$d/raw-before" "$d/raw-after" | grep -c '^<')" \
		"$(test $v = 6.1 && echo 1 || echo 0)" \
		"$v: only the field lines without a tab were rewritten (6.1 has one)"
	is "$(stat -c %a "$d/MAINTAINERS")" 640 "$v: the file mode is kept"
	is "$(ls "$d" | grep -c kmaint-fix)" 0 "$v: no temporary file left behind"
	cmp -s "$d/MAINTAINERS" "$K/MAINTAINERS"
	is $? 1 "$v: the file did change (it was not sorted)"

	(cd "$d" && "$KMAINT" check --fix --only=order) >"$d/out2" 2>"$d/err2"
	is $? 0 "$v: a second --fix is a no-op"
	is "$(cat "$d/err2")" "" "$v: and says nothing"
done

done_testing
