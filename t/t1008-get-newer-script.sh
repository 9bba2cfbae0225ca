#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get answers as the tree's own scripts/get_maintainer.pl: the
# changes made to the script after 6.12 (--substatus and its "- fix",
# roles without the S: status, "**" in F:/X:) apply where the tree's
# script has them; --json and the proposed --cc; 6.12's roles on the
# 6.12 tree.  A generated tree, whose script is a stub holding the text
# each change put in the real one.
. "${0%/*}/lib.sh"

T=$TRASH/tree
mkdir -p "$T/lib" "$T/drivers/foo" "$T/src/a/b" "$T/src/a/skip" \
	"$T/tools/a/b" "$T/scripts"
{ cat <<'EOF'
List of maintainers
===================

BAR LIBRARY
M:	Bar Maintainer <bar@example.com>
S:	Odd Fixes
F:	lib/bar.c

BAZ
M:	Baz Maintainer <baz@example.com>
S:	Maintained
F:	lib/baz.c

FOO DRIVER
M:	Foo Maintainer <foo@example.com>
R:	Foo Reviewer <foor@example.com>
L:	foo@lists.example.com
S:	Supported
F:	drivers/foo/

GLOB C FILES
M:	Glob Person <glob@example.com>
S:	Maintained
F:	src/**/*.c
X:	src/**/skip/

GLOB TREE
M:	Tree Person <tree@example.com>
S:	Orphan
F:	tools/**

NO STATUS
M:	Nos Person <nos@example.com>
F:	lib/nos.c

PENGUIN PEN
M:	Pen Guin <pen@example.com>
S:	Buried alive in reporters
F:	lib/pen.c

EOF
the_rest; } >"$T/MAINTAINERS"
for f in lib/bar.c lib/baz.c lib/nos.c lib/pen.c drivers/foo/a.c src/x.c \
	 src/a/x.c src/a/x.h src/a/b/x.c src/a/skip/y.c tools/a/b/c.sh; do
	echo x >"$T/$f"
done

# The lines each change added to get_maintainer.pl (the "- fix" is the
# "-t STDOUT"); 6.12's script has its role table instead.
new_script() {
	cat >"$T/scripts/get_maintainer.pl" <<'EOF'
		'substatus!' => \$output_substatus,
    $output_substatus = $email && $output_roles && -t STDOUT;
	$value =~ s/\*\*/(?:.*)/g;
EOF
}
old_script() {
	printf '%s\n' "'roles!' => \\\$output_roles," '	$role = "odd fixer";' \
		>"$T/scripts/get_maintainer.pl"
}
get() { (cd "$T" && "$KMAINT" get "$@"); }
FILES="-f drivers/foo/a.c lib/bar.c lib/baz.c lib/nos.c lib/pen.c"

new_script
get --substatus $FILES >"$TRASH/out" 2>&1
cat >"$TRASH/exp" <<'EOF'
Foo Maintainer <foo@example.com> (maintainer:FOO DRIVER)
Foo Reviewer <foor@example.com> (reviewer:FOO DRIVER)
Bar Maintainer <bar@example.com> (maintainer:BAR LIBRARY)
Baz Maintainer <baz@example.com> (maintainer:BAZ)
Nos Person <nos@example.com> (maintainer:NO STATUS)
Pen Guin <pen@example.com> (chief penguin:PENGUIN PEN)
foo@lists.example.com (open list:FOO DRIVER)
linux-kernel@vger.kernel.org (open list)
FOO DRIVER status: Supported
BAR LIBRARY status: Odd Fixes
NO STATUS status: Unknown
PENGUIN PEN status: Buried alive in reporters
EOF
same_file "$TRASH/out" "$TRASH/exp" \
	"newer script: plain roles, --substatus lines after the addresses"
cp "$TRASH/exp" "$TRASH/exp.new"

get --substatus --separator ' | ' -f drivers/foo/a.c lib/baz.c >"$TRASH/out"
printf '%s\n' \
	'Foo Maintainer <foo@example.com> (maintainer:FOO DRIVER) | Foo Reviewer <foor@example.com> (reviewer:FOO DRIVER) | Baz Maintainer <baz@example.com> (maintainer:BAZ) | foo@lists.example.com (open list:FOO DRIVER) | linux-kernel@vger.kernel.org (open list)' \
	'FOO DRIVER status: Supported' >"$TRASH/exp"
same_file "$TRASH/out" "$TRASH/exp" "--substatus with --separator: its own line"

get $FILES >"$TRASH/out"
! grep -q ' status: ' "$TRASH/out"
ok $? "newer script: no status lines by default when stdout is a pipe"

# script(1) gives kmaint a terminal for its stdout
if script -qc true /dev/null >/dev/null 2>&1; then
	script -qc "cd '$T' && '$KMAINT' get -f drivers/foo/a.c" /dev/null |
		tr -d '\r' >"$TRASH/out"
	like "$TRASH/out" '^FOO DRIVER status: Supported$' \
		"newer script: status lines by default on a terminal"
	script -qc "cd '$T' && '$KMAINT' get --norolestats -f drivers/foo/a.c" \
		/dev/null | tr -d '\r' >"$TRASH/out"
	! grep -q ' status: ' "$TRASH/out"
	ok $? "newer script: none on a terminal with --norolestats"
else
	ok 0 "# SKIP script(1) cannot make a terminal here"
	ok 0 "# SKIP script(1) cannot make a terminal here"
fi

# before the "- fix", --substatus was on with roles whatever stdout was
grep -v STDOUT "$T/scripts/get_maintainer.pl" >"$TRASH/nofix"
cp "$TRASH/nofix" "$T/scripts/get_maintainer.pl"
get -f drivers/foo/a.c >"$TRASH/out"
like "$TRASH/out" '^FOO DRIVER status: Supported$' \
	"script without the fix: status lines by default, to a pipe too"
get --norolestats -f drivers/foo/a.c >"$TRASH/out"
! grep -q ' status: ' "$TRASH/out"
ok $? "script without the fix: none with --norolestats"
new_script

# "**": across directories, none too; '*' within one; X: the same
for f in src/x.c src/a/x.c src/a/b/x.c src/a/x.h src/a/skip/y.c \
	 tools/a/b/c.sh; do
	printf '%s: %s\n' "$f" "$(get --norolestats --nol -f "$f" | tr '\n' ' ')"
done >"$TRASH/out"
cat >"$TRASH/exp" <<'EOF'
src/x.c: Glob Person <glob@example.com> 
src/a/x.c: Glob Person <glob@example.com> 
src/a/b/x.c: Glob Person <glob@example.com> 
src/a/x.h: 
src/a/skip/y.c: 
tools/a/b/c.sh: Tree Person <tree@example.com> 
EOF
same_file "$TRASH/out" "$TRASH/exp" "newer script: ** in F: and X:"

get --json --substatus -f drivers/foo/a.c >"$TRASH/j.json"
out=$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	print join("|", (map { "@{$_->{roles}}" } @{$j->{people}}),
		   @{$j->{substatus}})' <"$TRASH/j.json")
is "$out" "maintainer:FOO DRIVER|reviewer:FOO DRIVER|FOO DRIVER status: Supported" \
	"--json: roles as the script prints them, substatus"

get --cc -f drivers/foo/a.c lib/bar.c >"$TRASH/out"
echo 'foo@example.com,foor@example.com,bar@example.com,foo@lists.example.com,linux-kernel@vger.kernel.org' \
	>"$TRASH/exp"
same_file "$TRASH/out" "$TRASH/exp" "--cc: one comma-separated line of addresses"

get --cc --substatus -f drivers/foo/a.c >"$TRASH/out"
echo 'foo@example.com,foor@example.com,foo@lists.example.com,linux-kernel@vger.kernel.org' \
	>"$TRASH/exp"
same_file "$TRASH/out" "$TRASH/exp" "--cc turns --substatus off"

# 6.12's answer is the same but for the roles
sed -e 's/(maintainer:FOO DRIVER)/(supporter:FOO DRIVER)/' \
    -e 's/(maintainer:BAR LIBRARY)/(odd fixer:BAR LIBRARY)/' \
    -e 's/(maintainer:NO STATUS)/(unknown:NO STATUS)/' \
	"$TRASH/exp.new" >"$TRASH/exp"
old_script
get --substatus $FILES >"$TRASH/out"
same_file "$TRASH/out" "$TRASH/exp" \
	"6.12-style script: the S: status as role; --substatus only when asked"

for f in src/x.c src/a/x.c src/a/b/x.c; do
	printf '%s: %s\n' "$f" "$(get --norolestats --nol -f "$f" | tr '\n' ' ')"
done >"$TRASH/out"
printf '%s\n' 'src/x.c: ' 'src/a/x.c: Glob Person <glob@example.com> ' \
	'src/a/b/x.c: ' >"$TRASH/exp"
same_file "$TRASH/out" "$TRASH/exp" \
	"6.12-style script: ** is .*.* and the '/' count rule holds"

get --script-features=plain-roles,globstar --norolestats --nol \
	-f src/a/b/x.c >"$TRASH/out"
like "$TRASH/out" '^Glob Person' "--script-features forces the newer behaviour"
get --script-features=nonesuch -f lib/bar.c 2>"$TRASH/err"
is "$?" 129 "--script-features with an unknown name is a usage error"
like "$TRASH/err" "unknown feature 'nonesuch'" "... naming it"

# On Debian's 6.12 tree: 6.12's roles, no status lines (t1099 compares
# every answer with the script itself)
K612=$KMAINT_DATA/linux-source-6.12
if [ -f "$K612/scripts/get_maintainer.pl" ]; then
	(cd "$K612" && script -qc "'$KMAINT' get -f drivers/net/ethernet/intel/e1000e/netdev.c" \
		/dev/null) | tr -d '\r' >"$TRASH/out"
	like "$TRASH/out" '\(supporter:INTEL ETHERNET DRIVERS\)$' \
		"6.12 tree: supporter role, on a terminal too"
	! grep -q ' status: ' "$TRASH/out"
	ok $? "6.12 tree: no status lines"
else
	ok 0 "# SKIP no 6.12 tree under $KMAINT_DATA"
	ok 0 "# SKIP no 6.12 tree under $KMAINT_DATA"
fi

done_testing
