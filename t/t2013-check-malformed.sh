#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check on malformed MAINTAINERS files: the parser's diagnostics
# come out as findings with file:line, nothing crashes, exit status says
# findings (1) or errors (128+).
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check.sh"

T=$TRASH/tree
mk_tree "$T"
cd "$T" || exit 1

# run NAME [OPTIONS]: kmaint check --mpath NAME, output in NAME.out/.err,
# exit status in $rc
run() {
	n=$1
	shift
	"$KMAINT" check --mpath "$n" "$@" >"$n.out" 2>"$n.err"
	rc=$?
}

# NUL byte: an error of the parser, reported as a finding
printf 'A DRIVER\nM:\tA <a@example.com>\nS:\tMaint\000ained\nF:\tdrivers/foo/\n' >nul
run nul --only=parse
is $rc 1 "NUL byte: exit 1 (a finding, not a crash)"
like nul.out '^nul:3: error: NUL byte in line' "NUL byte: error with file:line"

# Invalid UTF-8
printf 'A DRIVER\nM:\tA \377\376 <a@example.com>\nS:\tMaintained\nF:\tdrivers/foo/\n' >utf8
run utf8 --only=parse
is $rc 1 "invalid UTF-8: exit 1"
like utf8.out '^utf8:2: warning: invalid UTF-8 at column 6' "invalid UTF-8: warning with file:line and column"
run utf8 --only=parse --json
perl -CO -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print $j->{findings}[0]{text}, "\n"' \
	<utf8.out >utf8.text 2>&1
is "$(cat utf8.text)" "$(printf 'M:\tA \357\277\275\357\277\275 <a@example.com>')" \
	"--json stays valid UTF-8: invalid bytes become U+FFFD"

# Lower-case and unknown field letters, fields before any heading
printf 'm:\tA <a@example.com>\nA DRIVER\nM:\tA <a@example.com>\nS:\tMaintained\nF:\tdrivers/foo/\nZ:\tzzz\n' >letters
run letters --only=parse,unknown-type
like letters.out "^letters:1: warning: 'm:' is not a field" "lower-case field letter"
like letters.out "^letters:6: warning: Unknown MAINTAINERS entry type: 'Z'" "unknown field letter, in checkpatch.pl's words"
is "$(grep -c ':6:' letters.out)" 1 "said once, not also by the parser"
printf 'M:\tA <a@example.com>\nS:\tMaintained\n' >headless
run headless --only=parse
like headless.out '^headless:1: warning: fields before any section name' "fields before any heading"

# Empty file, file without a final newline, truncated line
: >empty
run empty
is "$rc:$(cat empty.out)" "0:" "empty file: exit 0, no finding"
like empty.err "empty MAINTAINERS file" "but a warning on stderr"
printf 'A DRIVER\nM:\tA <a@example.com>\nS:\tMaintained\nF:\tdrivers/foo/' >nonl
run nonl
is "$rc:$(cat nonl.out)" "0:" "no final newline: fine"
printf 'A DRIVER\nM:\tA <a@example.com>\nS:\tMaint' >trunc
run trunc --only=sections,patterns
is "$rc:$(cat trunc.out)" "1:trunc:1: warning: section without file pattern	A DRIVER" "truncated file: the findings it has"

# A 1 MB line
perl -e 'print "A DRIVER\nM:\tA <a\@example.com>\nS:\tMaintained\nF:\t", "x" x 1048576, "\n"' >long
run long --only=patterns
is $rc 1 "1 MB pattern: exit 1"
is "$(awk -F'	' '{ print $1, $2, length($3) }' long.out)" "long:4: warning: no file matches F: 1048576" \
	"1 MB pattern: no file matches, the whole line printed"

# A pattern that is no regex once converted (get_maintainer.pl dies on it)
printf 'A DRIVER\nM:\tA <a@example.com>\nS:\tMaintained\nF:\tdrivers/[foo/\nF:\tdrivers/(foo\nF:\tdrivers/foo{2\n' >badre
run badre --only=patterns
is $rc 1 "invalid regex: exit 1"
like badre.out "^badre:4: warning: pattern is no valid regex as get_maintainer.pl uses it \\(missing terminating \\] " \
	"an unclosed [ is a bad-pattern finding"
like badre.out "^badre:5: warning: pattern is no valid regex" "an unclosed ( too"
like badre.out "^badre:6: warning: no file matches" "a { that is no quantifier is literal, as in Perl"

# N: and K: are Perl regexes (with /x); get_maintainer.pl dies on bad ones
printf 'A DRIVER\nM:\tA <a@example.com>\nS:\tMaintained\nN:\t(unclosed\nK:\tfoo[\nK:\t\\bfoo\\+ # comment\n' >badnk
run badnk
is $rc 1 "bad N:/K: regexes: exit 1"
like badnk.out "^badnk:4: warning: N: is no valid regex as get_maintainer.pl uses it \\(missing closing parenthesis" "a bad N: is a bad-regex finding"
like badnk.out "^badnk:5: warning: K: is no valid regex" "a bad K: too"
is "$(grep -c ':6:' badnk.out)" 0 "a K: with /x syntax (a comment) is fine"

# Files that are not there or cannot be read
run missing
is $rc 128 "missing file: exit 128"
like missing.err "MAINTAINER file not found 'missing'" "missing file: the script's message"
mkdir emptydir
run emptydir
is $rc 128 "empty MAINTAINERS directory: exit 128"
like emptydir.err "no MAINTAINERS files found in 'emptydir'" "empty MAINTAINERS directory: message"
if [ "$(id -u)" != 0 ]; then
	printf 'A\n' >unreadable
	chmod 000 unreadable
	run unreadable
	is $rc 128 "unreadable file: exit 128"
	like unreadable.err "cannot read MAINTAINERS file 'unreadable'" "unreadable file: message"
else
	echo "# running as root: unreadable-file case skipped"
fi

# Options
"$KMAINT" check --no-such-option >/dev/null 2>&1
is $? 129 "unknown option: exit 129"
"$KMAINT" check some-operand >/dev/null 2>&1
is $? 129 "operands: exit 129"
"$KMAINT" check -h >help.out 2>&1
is $? 0 "-h: exit 0"
like help.out "^usage: kmaint check" "-h: usage"

# Away from a tree top, patterns are not checked (and "." not walked)
mkdir "$TRASH/elsewhere"
(cd "$TRASH/elsewhere" && "$KMAINT" check --mpath "$FIXTURES/sections-patterns.MAINTAINERS" \
	--only=sections,patterns) >"$TRASH/away.out" 2>"$TRASH/away.err"
is "$?:$(wc -l <"$TRASH/away.out")" "1:7" "not at a tree top: the section findings only"
like "$TRASH/away.err" "not at the top of a tree .*F:, X: and P: paths not checked" "and a warning says so"

# A tree that cannot be listed is an error, not "no file matches"
mkdir -p /tmp/kmaint-check-$$.d && cd /tmp/kmaint-check-$$.d && cp "$T/nonl" MAINTAINERS
mkdir .git && echo 'not a repository' >.git/HEAD
"$KMAINT" check >"$TRASH/badgit.out" 2>"$TRASH/badgit.err"
rc=$?
cd "$T" && rm -rf /tmp/kmaint-check-$$.d
is $rc 128 "a broken .git: exit 128"
like "$TRASH/badgit.err" "git -C . ls-files' failed" "a broken .git: says git failed"

done_testing
