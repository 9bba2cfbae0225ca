#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every command's -h: exit 0, its usage, and options in git's style: a
# one-letter option with one dash ("-q, --quiet"), never "--q".  The
# commands are those `kmaint help` lists.  get keeps get_maintainer.pl's
# option names (its interface): "-[no]m" for its one-letter flags.
. "${0%/*}/lib.sh"

# bad_names FILE: the lines of a -h output that print a one-letter
# option with two dashes ("--q", "--[no]m")
bad_names() { grep -E -- '(^|[^-])--(\[no\])?[A-Za-z]([^A-Za-z0-9-]|$)' "$1"; }

# The check catches what it must, and only that.
printf '    %s\n' '--q                          quiet' '--[no]m     maintainers' \
	'-j, --j N   jobs' >"$TRASH/bad"
printf '    %s\n' '-q, --quiet                  quiet' '-[no]m      maintainers' \
	'--[no]kf    keywords' '--mpath PATH' 'usage: kmaint map [-- PATH...]' >"$TRASH/good"
is "$(bad_names "$TRASH/bad" | wc -l | tr -d ' ')" 3 "the check catches --q, --[no]m and --j"
is "$(bad_names "$TRASH/good")" "" "and passes -q, --quiet, -[no]m, --[no]kf, --mpath and a lone --"

"$KMAINT" help >"$TRASH/help"
is "$?" 0 "kmaint help exits 0"
sed -n 's/^   \([a-z][a-z]*\)  .*/\1/p' "$TRASH/help" >"$TRASH/commands"
n=$(wc -l <"$TRASH/commands" | tr -d ' ')
[ "$n" -ge 10 ]
ok $? "kmaint help lists $n commands (at least 10)"

while read -r cmd; do
	"$KMAINT" "$cmd" -h >"$TRASH/$cmd.h" 2>"$TRASH/$cmd.err"
	rc=$?
	is "$rc:$(head -1 "$TRASH/$cmd.h" | cut -d' ' -f1-3)" "0:usage: kmaint $cmd" \
		"$cmd -h: exit 0 and its usage"
	is "$(bad_names "$TRASH/$cmd.h")" "" "$cmd -h: no one-letter option with two dashes"
	[ "$(grep -c '^    -' "$TRASH/$cmd.h")" -ge 1 ]
	ok $? "$cmd -h: lists its options"
done <"$TRASH/commands"

# the short options as git prints them, and get's own spellings
like "$TRASH/index.h" '^    -q, --quiet  ' "index -h: -q, --quiet"
like "$TRASH/index.h" '^    -j, --jobs N  ' "index -h: -j, --jobs N"
like "$TRASH/report.h" '^    -o, --output FILE  ' "report -h: -o, --output FILE"
like "$TRASH/get.h" '^    -f, --file  ' "get -h: -f, --file"
like "$TRASH/get.h" '^    -h, --help  ' "get -h: -h, --help"
like "$TRASH/get.h" '^    -k, --\[no\]keywords  ' "get -h: -k, --[no]keywords"
like "$TRASH/get.h" '^    -\[no\]m  ' "get -h: -[no]m, as get_maintainer.pl's m!"
like "$TRASH/get.h" '^    --\[no\]git-fallback  ' "get -h: --[no]git-fallback"
# and the spellings shown are the ones parsed
mkdir "$TRASH/r" && cd "$TRASH/r" || exit 1
printf 'THE REST\nM:\tA U Thor <a@example.com>\nL:\tl@example.com\nS:\tMaintained\nF:\t*\nF:\t*/\n' >MAINTAINERS
"$KMAINT" get --notree --nogit --norolestats -f MAINTAINERS >"$TRASH/all" 2>&1
is "$(tr '\n' ' ' <"$TRASH/all")" "A U Thor <a@example.com> l@example.com " "get: maintainer and list"
"$KMAINT" get --notree --nogit --norolestats -nom -l -f MAINTAINERS >"$TRASH/nom" 2>&1
is "$(cat "$TRASH/nom")" "l@example.com" "get -nom -l: the list only"
git init -q . && git add MAINTAINERS && git commit -q -m init &&
expect_success "index -q -j 1" "$KMAINT" index -q -j 1
is "$(cat "$TRASH/.out")" "" "index -q: quiet"
done_testing
