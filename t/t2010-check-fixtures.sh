#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check on hand-written fixtures, one per family of findings, and
# against get_maintainer.pl --self-test and checkpatch.pl on the same
# fixtures when the 6.12 tree (their scripts) is there.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check.sh"

T=$TRASH/tree
mk_git_tree "$T" || { plan 1; ok 1 "cannot make the fixture tree"; exit 1; }
W=$TRASH/walk
mk_tree "$W"
for f in sections-patterns style syntax order; do
	cp "$FIXTURES/$f.MAINTAINERS" "$T/"
	cp "$FIXTURES/$f.MAINTAINERS" "$W/"
done
cd "$T" || exit 1

# Every class on every fixture, as reviewed into t/check/*.expected
for f in sections-patterns style syntax order; do
	"$KMAINT" check --mpath $f.MAINTAINERS --only=all >"$TRASH/$f.out" 2>"$TRASH/$f.err"
	is $? 1 "$f: exit 1 (findings)"
	same_file "$TRASH/$f.out" "$FIXTURES/$f.expected" "$f: the expected findings"
	is "$(cat "$TRASH/$f.err")" "" "$f: nothing on stderr with --only"
	(cd "$W" && "$KMAINT" check --mpath $f.MAINTAINERS --only=all) >"$TRASH/$f.walk"
	same_file "$TRASH/$f.walk" "$FIXTURES/$f.expected" "$f: the same without git (directory walk)"
done

# Each class of the fixtures is there at least once
"$KMAINT" check --list | cut -d' ' -f1 >"$TRASH/classes"
is "$(wc -l <"$TRASH/classes")" 20 "--list names 20 classes"
missing=
for c in $(cat "$TRASH/classes"); do
	# bad-pattern and parse have fixtures of their own (t2013), and
	# unknown-address needs a history (t4030)
	case $c in bad-pattern|parse|unknown-address) continue ;; esac
	n=0
	for f in sections-patterns style syntax order; do
		n=$((n + $("$KMAINT" check --mpath $f.MAINTAINERS --only=$c | wc -l)))
	done
	[ $n -gt 0 ] || missing="$missing $c"
done
is "$missing" "" "every class has a finding in the fixtures"

# --only: classes, groups, several options; unknown names
"$KMAINT" check --mpath sections-patterns.MAINTAINERS --only=no-status >"$TRASH/o1"
is "$(grep -c 'section without status ' "$TRASH/o1"):$(wc -l <"$TRASH/o1")" 2:2 "--only=no-status"
"$KMAINT" check --mpath sections-patterns.MAINTAINERS --only no-status --only=no-email >"$TRASH/o2"
is "$(wc -l <"$TRASH/o2")" 3 "--only twice adds up"
"$KMAINT" check --mpath sections-patterns.MAINTAINERS --only=sections >"$TRASH/o3"
is "$(wc -l <"$TRASH/o3")" 7 "--only=sections: the 7 section findings"
"$KMAINT" check --mpath sections-patterns.MAINTAINERS --only=nonsense >/dev/null 2>"$TRASH/o4"
is $? 129 "an unknown class is a usage error (129)"
like "$TRASH/o4" "unknown check class 'nonsense'" "and says which"
"$KMAINT" check --mpath sections-patterns.MAINTAINERS --only=chat >/dev/null
is $? 0 "no findings of the chosen class: exit 0"

# The default: everything but the ordering classes, which are counted
"$KMAINT" check --mpath order.MAINTAINERS >"$TRASH/d1" 2>"$TRASH/d1.err"
is $? 1 "default run on the order fixture: exit 1"
is "$(cat "$TRASH/d1")" "order.MAINTAINERS:18: warning: section without file pattern	BETA DRIVER" \
	"default run shows no ordering finding"
like "$TRASH/d1.err" "^kmaint: 10 ordering findings not shown: 'kmaint check --only=order' lists them" \
	"but says how many there are"
printf 'A SECTION\nM:\tA <a@example.com>\nS:\tMaintained\nF:\tdrivers/foo/\n' >clean.MAINTAINERS
"$KMAINT" check --mpath clean.MAINTAINERS >"$TRASH/c1" 2>&1
is "$?:$(cat "$TRASH/c1")" "0:" "a clean file: exit 0, no output"

# JSON
"$KMAINT" check --mpath style.MAINTAINERS --only=all --json >"$TRASH/j1"
is $? 1 "--json: exit 1"
perl -MJSON::PP -e '
	local $/; my $j = decode_json(<STDIN>);
	my $f = $j->{findings}[0];
	my $n = $j->{counts}->{"field-tab"};
	print scalar(@{$j->{findings}}), " $f->{file}:$f->{line} $f->{class} $f->{severity} [$f->{text}] $n\n";' \
	<"$TRASH/j1" >"$TRASH/j1.out" 2>&1
is "$(cat "$TRASH/j1.out")" \
	"$(wc -l <"$FIXTURES/style.expected") style.MAINTAINERS:9 field-tab warning [M:  Spaced Person <spaced@example.com>] 3" \
	"--json: valid, one object per finding, with class and the line's text"

if ! have_oracle; then
	echo "# 6.12 scripts missing: oracle comparisons skipped"
	done_testing
	exit
fi

# get_maintainer.pl --self-test on the fixture (it needs its own name,
# MAINTAINERS, at the top of a tree that passes its tree test, in git)
cp sections-patterns.MAINTAINERS MAINTAINERS
perl "$K612/scripts/get_maintainer.pl" --self-test=sections,patterns 2>"$TRASH/gm.err" |
	sed 's|^\./||' >"$TRASH/gm.out"
is "$(wc -l <"$TRASH/gm.out")" 20 "get_maintainer.pl --self-test on the fixture: 20 findings"
"$KMAINT" check --only=sections,patterns >"$TRASH/km.out"
same_file "$TRASH/km.out" "$TRASH/gm.out" "kmaint check --only=sections,patterns says the same"
(cd "$W" && cp sections-patterns.MAINTAINERS MAINTAINERS && "$KMAINT" check --only=sections,patterns) >"$TRASH/km2.out"
same_file "$TRASH/km2.out" "$TRASH/gm.out" "and so it does without git"

# Many headings that are prefixes of each other: the duplicate rule
# (kmaint does in O(n log n) what the script does by a quadratic grep)
perl -e '
	srand(7);
	for (1 .. 2000) {
		my $h = "X" . join("", map { (qw(A B), " ")[int(rand(3))] } 1 .. 1 + int(rand(6)));
		print "$h\nM:\tx <x\@example.com>\n", (rand() < 0.1 ? "" : "S:\tMaintained\n"), "F:\tdrivers/\n\n";
	}' >MAINTAINERS
perl "$K612/scripts/get_maintainer.pl" --self-test=sections | sed 's|^\./||' >"$TRASH/gm-dup.out"
"$KMAINT" check --only=sections >"$TRASH/km-dup.out"
same_file "$TRASH/km-dup.out" "$TRASH/gm-dup.out" \
	"2,000 headings, $(grep -c duplicate "$TRASH/gm-dup.out") duplicates: as get_maintainer.pl says"

# get_maintainer.pl --self-test=scm's offline part: "malformed entry"
cp syntax.MAINTAINERS MAINTAINERS
perl -e '
	# the script would run git ls-remote for the well-formed ones; keep
	# only its test for the form of a T: line, verbatim
	my $i = 0;
	open(my $m, "<", "MAINTAINERS") or die;
	while (my $line = <$m>) {
		$i++;
		chomp $line;
		next unless $line =~ /^([A-Z]):\s*(.*)/;
		my ($type, $value) = ($1, $2);
		next unless $type eq "T";
		print "MAINTAINERS:$i: warning: malformed entry\t$line\n"
			if $value !~ /^(?:git|quilt|hg)\s+\S/;
	}' >"$TRASH/scm.oracle"
grep -q 'value !~ /^(?:git|quilt|hg)\\s+\\S/' "$K612/scripts/get_maintainer.pl"
ok $? "get_maintainer.pl still has the T: form test copied above"
"$KMAINT" check --only=scm | grep 'malformed entry' >"$TRASH/scm.out"
same_file "$TRASH/scm.out" "$TRASH/scm.oracle" "T: lines get_maintainer.pl calls malformed"

# checkpatch.pl's MAINTAINERS_STYLE on the fixtures added as new files.
# kmaint also flags a known letter after an unknown one (checkpatch
# skips the pair; parse-maintainers.pl --order moves it): one line.
for f in style order sections-patterns; do
	checkpatch_style $f.MAINTAINERS >"$TRASH/cp.$f"
	"$KMAINT" check --mpath $f.MAINTAINERS \
		--only=field-tab,unknown-type,field-order,pattern-order >"$TRASH/ks.$f"
	style_findings "$TRASH/ks.$f" >"$TRASH/ks.$f.norm"
	[ $f = style ] && grep -v "^27: Misordered MAINTAINERS entry - list 'F:' before 'V:'$" \
		"$TRASH/ks.$f.norm" >"$TRASH/ks.$f.tmp" && mv "$TRASH/ks.$f.tmp" "$TRASH/ks.$f.norm"
	same_file "$TRASH/ks.$f.norm" "$TRASH/cp.$f" "$f: checkpatch.pl's MAINTAINERS_STYLE findings ($(wc -l <"$TRASH/cp.$f"))"
done

done_testing
