#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check on the MAINTAINERS/ directory form and with
# --find-maintainer-files, --mpath; get_maintainer.pl as the oracle for
# the directory form.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check.sh"

T=$TRASH/tree
mk_git_tree "$T" || { plan 1; ok 1 "cannot make the fixture tree"; exit 1; }
cd "$T" || exit 1

# The sections-patterns fixture split in two files of a directory, cut
# between two sections (no finding depends on which file comes first).
rm MAINTAINERS && mkdir MAINTAINERS
sed -n '1,44p' "$FIXTURES/sections-patterns.MAINTAINERS" >MAINTAINERS/10-first
sed -n '45,$p' "$FIXTURES/sections-patterns.MAINTAINERS" | sed 's/^GOOD DRIVER$/GOOD DRIVER TOO/' >MAINTAINERS/20-second
echo 'ignored: dot files are no MAINTAINERS files' >MAINTAINERS/.hidden

"$KMAINT" check --only=sections,patterns >"$TRASH/dir.out" 2>"$TRASH/dir.err"
is $? 1 "MAINTAINERS/ directory: exit 1"
like "$TRASH/dir.out" '^MAINTAINERS/10-first:16: warning: section without status 	NO STATUS DRIVER$' \
	"findings name the file of the directory and its own line"
like "$TRASH/dir.out" '^MAINTAINERS/20-second:43: warning: no file matches	F:	drivers/nothing/$' \
	"line numbers count from each file's start"
is "$(wc -l <"$TRASH/dir.out")" 19 "19 findings (the fixture's 20 but one duplicate heading renamed)"
is "$(grep -c hidden "$TRASH/dir.out")" 0 "dot files are skipped"

if have_oracle; then
	perl "$K612/scripts/get_maintainer.pl" --self-test=sections,patterns 2>"$TRASH/gm.err" |
		sed 's|^\./||' | LC_ALL=C sort >"$TRASH/gm.out"
	LC_ALL=C sort "$TRASH/dir.out" >"$TRASH/dir.sorted"
	same_file "$TRASH/dir.sorted" "$TRASH/gm.out" \
		"the same findings as get_maintainer.pl --self-test with MAINTAINERS/ (it reads in readdir order)"
fi

# --mpath to one file of the directory
"$KMAINT" check --mpath MAINTAINERS/20-second --only=sections >"$TRASH/one.out"
is "$(cut -d: -f1 "$TRASH/one.out" | sort -u)" "MAINTAINERS/20-second" "--mpath FILE reads that file only"
"$KMAINT" check --mpath nowhere >/dev/null 2>"$TRASH/none.err"
is $? 128 "--mpath to nothing: exit 128"
like "$TRASH/none.err" "MAINTAINER file not found 'nowhere'" "with get_maintainer.pl's message"

# --find-maintainer-files: every file named MAINTAINERS below the path
rm -r MAINTAINERS
cp "$FIXTURES/sections-patterns.MAINTAINERS" MAINTAINERS
mkdir -p drivers/foo/sub .git/x
printf 'FOO SUB DRIVER\nM:\tA <a@example.com>\nF:\tdrivers/foo/nothing.c\n' >drivers/foo/sub/MAINTAINERS
printf 'NOT READ\nM:\tA <a@example.com>\n' >.git/x/MAINTAINERS
"$KMAINT" check --mpath . --find-maintainer-files --only=sections,patterns >"$TRASH/find.out"
is $? 1 "--find-maintainer-files: exit 1"
is "$(cut -d: -f1 "$TRASH/find.out" | uniq | tr '\n' ' ')" "MAINTAINERS drivers/foo/sub/MAINTAINERS " \
	"reads ./MAINTAINERS and drivers/foo/sub/MAINTAINERS, in that order, not .git's"
tail -2 "$TRASH/find.out" >"$TRASH/find.tail"
printf '%s\n' "drivers/foo/sub/MAINTAINERS:1: warning: section without status 	FOO SUB DRIVER" \
	"drivers/foo/sub/MAINTAINERS:3: warning: no file matches	F:	drivers/foo/nothing.c" >"$TRASH/find.expected"
same_file "$TRASH/find.tail" "$TRASH/find.expected" "the second file's findings"
"$KMAINT" check --find-maintainer-files --only=sections >"$TRASH/find2.out"
is "$(cut -d: -f1 "$TRASH/find2.out" | sort -u)" "MAINTAINERS" \
	"--find-maintainer-files with MAINTAINERS a file reads just that (as get_maintainer.pl)"

# JSON names every file read
"$KMAINT" check --mpath . --find-maintainer-files --only=no-status --json >"$TRASH/find.json"
perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print join(" ", @{$j->{files}}), "\n"' \
	<"$TRASH/find.json" >"$TRASH/find.files" 2>&1
is "$(cat "$TRASH/find.files")" "MAINTAINERS drivers/foo/sub/MAINTAINERS" "--json lists the files read"

# -C from elsewhere (the hub changes directory first)
cd "$TRASH" || exit 1
"$KMAINT" -C tree check --only=sections >"$TRASH/c.out"
is "$(wc -l <"$TRASH/c.out")" 7 "kmaint -C DIR check works from elsewhere"

done_testing
