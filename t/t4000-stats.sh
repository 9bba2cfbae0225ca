#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint stats against git's own figures on a generated history: git
# shortlog for changesets and committers, and changed lines, lines
# removed, signoffs and reviews computed here from git log output with
# gitdm's definitions.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-history.sh"

R=$TRASH/repo
make_history "$R" 400 7 || { echo "1..0 # SKIP cannot generate a history"; exit 0; }
# one person with two spellings: the .mailmap makes them one for git too
printf 'Jane Developer <jane@example.com> <JANE@Example.com>\n' >"$R/.mailmap"
cd "$R" || exit 1
git add .mailmap && git commit -q -m "mailmap

Signed-off-by: Greg Kroah-Hartman <gregkh@linuxfoundation.org>" ||
	exit 1

expect_success "kmaint index" "$KMAINT" index -q

# "count<TAB>name" lines, sorted, from git shortlog and from our CSV
shortlog() {
	git shortlog -s --no-merges "$@" | sed 's/^ *//' | LC_ALL=C sort
}
ours() {
	# report,rank,name,email,count,percent -> count<TAB>name
	"$KMAINT" stats --csv --top 0 "$@" |
		awk -F, 'NR > 1 { printf "%s\t%s\n", $5, $3 }' | LC_ALL=C sort
}

shortlog HEAD >"$TRASH/sl"
ours --report changesets >"$TRASH/ks"
same_file "$TRASH/ks" "$TRASH/sl" "changesets: git shortlog -s"
is "$(wc -l <"$TRASH/ks")" "$(wc -l <"$TRASH/sl")" "every developer listed"

git shortlog -sc --no-merges HEAD | sed 's/^ *//' | LC_ALL=C sort >"$TRASH/slc"
ours --report committers >"$TRASH/kc"
same_file "$TRASH/kc" "$TRASH/slc" "committers: git shortlog -sc"

# gitdm's changed lines (max(added, removed) per patch) and lines
# removed net of added (for those who removed more), per author, from
# git log --numstat
git log --no-merges --numstat --format='C%x09%aN' HEAD | awk -F'\t' '
	function flush() { if (have) { ch[who] += (a > r ? a : r); rm[who] += r; ad[who] += a } }
	/^C\t/ { flush(); who = $2; a = r = 0; have = 1; next }
	NF >= 3 { if ($1 != "-") a += $1; if ($2 != "-") r += $2 }
	END {
		flush()
		for (w in ch) if (ch[w] > 0) printf "L\t%d\t%s\n", ch[w], w
		for (w in rm) if (rm[w] > ad[w]) printf "R\t%d\t%s\n", rm[w] - ad[w], w
	}' >"$TRASH/lines"
grep '^L' "$TRASH/lines" | cut -f2- | LC_ALL=C sort >"$TRASH/want-lines"
grep '^R' "$TRASH/lines" | cut -f2- | LC_ALL=C sort >"$TRASH/want-removed"
ours --report lines >"$TRASH/got-lines"
ours --report removed >"$TRASH/got-removed"
same_file "$TRASH/got-lines" "$TRASH/want-lines" "changed lines: max(added, removed) per patch"
same_file "$TRASH/got-removed" "$TRASH/want-removed" "lines removed, net of lines added (gitdm's)"

# Signed-off-by by others than the author, Reviewed-by given: per
# address (lowercased, which also merges JANE@ and jane@), once per
# commit.  Tags are message lines wherever they are, as gitdm reads
# them (the history has some outside the trailer block, indented, in
# lower case, without a space, ending in CR).
tags() {
	git log --no-merges --format="C%x09%aE%n%B" HEAD |
	awk -F'\t' -v own="$2" -v key="$1" '
		/^C\t/ { author = tolower($2); delete seen; next }
		{
			l = $0
			sub(/^[ \t\r\f\v]+/, "", l)
			if (tolower(substr(l, 1, length(key) + 1)) != tolower(key) ":" ||
			    l !~ /@/)
				next
			e = l; sub(/.*</, "", e); sub(/>.*/, "", e); e = tolower(e)
			if (e in seen || (own && e == author)) next
			seen[e] = 1; n[e]++
		}
		END { for (e in n) printf "%d\t%s\n", n[e], e }' | LC_ALL=C sort
}
ours_by_email() {
	"$KMAINT" stats --csv --top 0 "$@" |
		awk -F, 'NR > 1 { printf "%s\t%s\n", $5, $4 }' | LC_ALL=C sort
}
tags Signed-off-by 1 >"$TRASH/want-sob"
ours_by_email --report signoffs >"$TRASH/got-sob"
same_file "$TRASH/got-sob" "$TRASH/want-sob" "signoffs by others than the author"
tags Reviewed-by "" >"$TRASH/want-rb"
ours_by_email --report reviews >"$TRASH/got-rb"
same_file "$TRASH/got-rb" "$TRASH/want-rb" "Reviewed-by given"

# scopes
shortlog HEAD -- drivers/usb/ >"$TRASH/sl-usb"
ours --report changesets --path drivers/usb/ >"$TRASH/k-usb"
same_file "$TRASH/k-usb" "$TRASH/sl-usb" "--path drivers/usb/ is git shortlog -- drivers/usb/"
ours --report changesets --regex '^drivers/usb/' >"$TRASH/k-usb-re"
same_file "$TRASH/k-usb-re" "$TRASH/sl-usb" "--regex ^drivers/usb/ is the same"
shortlog HEAD -- 'drivers/usb/*' 'mm/*.c' >"$TRASH/sl-two"
ours --report changesets --path drivers/usb/ --path 'mm/*.c' >"$TRASH/k-two"
same_file "$TRASH/k-two" "$TRASH/sl-two" "two patterns: the union"

# the section LINUX is "F: *": top-level files only (the slash rule)
top=$(git log --no-merges --format= --name-only HEAD | grep -v / | LC_ALL=C sort -u)
# shellcheck disable=SC2086
shortlog HEAD -- $top >"$TRASH/sl-linux"
ours --report changesets --section LINUX >"$TRASH/k-linux"
same_file "$TRASH/k-linux" "$TRASH/sl-linux" "--section LINUX: the top-level files"
ours --report changesets --section linu >"$TRASH/k-linux2"
same_file "$TRASH/k-linux2" "$TRASH/sl-linux" "a unique case-insensitive prefix names it"
"$KMAINT" stats --section LINUX --report changesets >"$TRASH/head"
like "$TRASH/head" "section LINUX.*patterns from MAINTAINERS \(work tree\)" "the heading says where the patterns come from"
sub=$(sed -n 's/^\(SUBSYS [0-9]*\)$/\1/p' MAINTAINERS | tail -1)
file=$(awk -v s="$sub" '$0 == s { f = 1 } f && /^F:/ { print $2; exit }' MAINTAINERS)
shortlog HEAD -- "$file" >"$TRASH/sl-sub"
ours --report changesets --section "$sub" >"$TRASH/k-sub"
same_file "$TRASH/k-sub" "$TRASH/sl-sub" "--section '$sub' is its F: file"
expect_failure "an unknown section" "$KMAINT" stats --section "NO SUCH"
like "$TRASH/.err" "no section .* named 'NO SUCH'" "says which"
printf '\nSUBSYS EXTRA\nM:\tX <x@example.com>\nS:\tMaintained\nF:\tlib/\n' >>MAINTAINERS
expect_failure "an ambiguous prefix" "$KMAINT" stats --section subsys
like "$TRASH/.err" "'subsys' names 2 sections" "says so"
like "$TRASH/.err" "SUBSYS EXTRA" "and lists the candidates"
git checkout -q MAINTAINERS
# A section's paths: by the literal start of its F: values when it has
# no N: (a glob, an X: inside it), else by looking at every path.
printf '\nUSB HUBS\nM:\tX <x@example.com>\nS:\tMaintained\nF:\tdrivers/usb/*/hub.c\nF:\tdrivers/net/\nX:\tdrivers/net/ethernet/intel/e1000/e1000_hw.c\n' >>MAINTAINERS
printf '\nNAMED\nM:\tX <x@example.com>\nS:\tMaintained\nN:\t(hub|fault)\.c$\n' >>MAINTAINERS
# (X:, as F:, is a prefix: it drops the renamed e1000_hw.c.renamedN too)
shortlog HEAD -- 'drivers/usb/*/hub.c' drivers/net/ \
	':!drivers/net/ethernet/intel/e1000/e1000_hw.c*' >"$TRASH/sl-hubs"
ours --report changesets --section "USB HUBS" >"$TRASH/k-hubs"
same_file "$TRASH/k-hubs" "$TRASH/sl-hubs" "a section of a glob, a directory and an X:"
shortlog HEAD -- '*hub.c' '*fault.c' >"$TRASH/sl-named"
ours --report changesets --section NAMED >"$TRASH/k-named"
same_file "$TRASH/k-named" "$TRASH/sl-named" "a section of an N: regex"
git checkout -q MAINTAINERS
# MAINTAINERS of an older revision: that SUBSYS did not exist yet
old=$(git log --format=%H -n1 --skip=200 HEAD)
expect_failure "a section absent at --maintainers-at" "$KMAINT" stats --maintainers-at "$old" --section "$sub"
expect_success "a section present at --maintainers-at" "$KMAINT" stats --maintainers-at "$old" --section LINUX
like "$TRASH/.out" "patterns from $old:MAINTAINERS" "says which MAINTAINERS"

# ranges
shortlog --since-as-filter=2008-01-15 HEAD >"$TRASH/sl-since"
ours --report changesets --since 2008-01-15 >"$TRASH/k-since"
same_file "$TRASH/k-since" "$TRASH/sl-since" "--since DATE"
shortlog HEAD~60..HEAD >"$TRASH/sl-rev"
ours --report changesets --rev HEAD~60..HEAD >"$TRASH/k-rev"
same_file "$TRASH/k-rev" "$TRASH/sl-rev" "--rev A..B"
ours --report changesets --since HEAD~60 >"$TRASH/k-since-rev"
same_file "$TRASH/k-since-rev" "$TRASH/sl-rev" "--since REV is REV..HEAD"
shortlog HEAD~60 >"$TRASH/sl-until"
ours --report changesets --until HEAD~60 >"$TRASH/k-until"
same_file "$TRASH/k-until" "$TRASH/sl-until" "--until REV is what REV reaches"
expect_failure "a date that is not one" "$KMAINT" stats --since "not a date"
like "$TRASH/.err" "neither a revision nor a date" "says so"

# employers: the built-in map, then gitdm's files with a dated entry
"$KMAINT" stats --report employers --csv >"$TRASH/emp"
n=$(git log --no-merges --format=%aE HEAD | grep -c '@linutronix.de$')
like "$TRASH/emp" "^employers,[0-9]+,Linutronix,,$n," "built-in map: linutronix.de"
mkdir "$TRASH/gitdm"
t=$(git log --no-merges --format=%at HEAD | sort -n | awk '{ a[NR] = $1 } END { print a[int(NR / 2)] }')
mid=$(date -u -d "@$t" +%Y-%m-%d)
cat >"$TRASH/gitdm/domain-map" <<EOF
example.com	Example Inc < $mid
example.com	Example Later
kernel.org	Kernel Org
EOF
printf 'EmailMap domain-map\n' >"$TRASH/gitdm/config"
"$KMAINT" stats --gitdm-config "$TRASH/gitdm/config" --report employers --csv --top 0 >"$TRASH/emp2"
midday=$(date -u -d "$mid" +%s)
before=$(git log --no-merges --format='%at %aE' HEAD | awk -v d="$midday" 'tolower($2) ~ /@example\.com$/ && $1 < d' | wc -l)
after=$(git log --no-merges --format='%at %aE' HEAD | awk -v d="$midday" 'tolower($2) ~ /@example\.com$/ && $1 >= d' | wc -l)
like "$TRASH/emp2" "^employers,[0-9]+,Example Inc,,$before," "EmailMap: before the end date"
like "$TRASH/emp2" "^employers,[0-9]+,Example Later,,$after," "EmailMap: after it"
"$KMAINT" stats --gitdm-config "$TRASH/gitdm/config" --unknown --report unknown --csv --top 0 >"$TRASH/unk"
like "$TRASH/unk" "^unknown,1,[^,]*,," "--unknown lists addresses"
if grep -q 'example.com' "$TRASH/unk"; then ok 1 "mapped addresses are not unknown"; else ok 0 "mapped addresses are not unknown"; fi
printf 'EmailMap nosuchfile\n' >"$TRASH/gitdm/bad"
expect_failure "a missing EmailMap" "$KMAINT" stats --gitdm-config "$TRASH/gitdm/bad"
like "$TRASH/.err" "nosuchfile" "names it"

# output forms
expect_success "--json" "$KMAINT" stats --json --top 3
if perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
		exit !(@{$j->{reports}{changesets}} == 3 && $j->{totals}{changesets} > 0)' <"$TRASH/.out"; then
	ok 0 "--json parses, --top applies"
else
	ok 1 "--json parses, --top applies"
fi
"$KMAINT" stats --report changesets --top 2 >"$TRASH/text"
like "$TRASH/text" "^Developers with the most changesets \(top 2 of [0-9]+\)$" "text heading"
like "$TRASH/text" "^  [A-Za-z].* +[0-9]+ +[0-9]+\.[0-9]%$" "rows: name, count, percent"
expect_failure "--csv with --json" "$KMAINT" stats --csv --json
expect_failure "an unknown report" "$KMAINT" stats --report nonsense
like "$TRASH/.err" "unknown report 'nonsense'" "says which"

# a stale index is brought up to date, or with --no-update answers as
# it is, saying so
echo change >>README
git commit -q -am "readme: one more

Signed-off-by: Bob Hacker <bob@old.example.org>"
expect_success "--no-update answers from a stale index" "$KMAINT" stats --no-update
like "$TRASH/.err" "note: the index is behind; .*Why: the history index is behind HEAD" \
	"says it is behind, and why"
ok $(grep -q "running 'kmaint index'" "$TRASH/.err"; [ $? = 1 ]; echo $?) "and does not update it"
"$KMAINT" stats --report changesets --csv --top 0 >"$TRASH/after" 2>"$TRASH/after.err"
like "$TRASH/after.err" "running 'kmaint index'" "updates it first, and says so"
shortlog HEAD >"$TRASH/sl2"
ours --report changesets >"$TRASH/ks2"
same_file "$TRASH/ks2" "$TRASH/sl2" "and counts the new commit"

# a sign-off's employer is that of the address on its line (gitdm's
# rule), not of the address its person is shown under: Sig Ner writes
# twice from home and signs off once from the office
for i in 1 2; do
	echo "home $i" >>README
	GIT_AUTHOR_NAME="Sig Ner" GIT_AUTHOR_EMAIL=sig@home.test git commit -q -am "readme: home $i"
done
echo signed >>README
git commit -q -am "readme: signed at work" -m "Signed-off-by: Sig Ner <sig@corp.test>"
printf 'corp.test\tCorp Inc\n' >"$TRASH/gitdm/corp-map"
printf 'EmailMap corp-map\n' >"$TRASH/gitdm/corp"
"$KMAINT" stats --gitdm-config "$TRASH/gitdm/corp" --report signoffs,employer-signoffs \
	--csv --top 0 >"$TRASH/sob" 2>"$TRASH/sob.err"
like "$TRASH/sob" '^signoffs,[0-9]+,Sig Ner,sig@home\.test,1,' "Sig Ner is shown at home"
like "$TRASH/sob" '^employer-signoffs,[0-9]+,Corp Inc,,1,' \
	"and the sign-off counts for the office's employer"

# --top N sorts only the N best of each report: the same rows, in the
# same order, as the first N of the whole report
"$KMAINT" stats --csv --top 0 | awk -F, 'NR > 1 && $2 <= 4' >"$TRASH/top-all"
"$KMAINT" stats --csv --top 4 | sed 1d >"$TRASH/top-4"
like "$TRASH/top-4" '^reviews,4,' "(reports with more than four rows)"
same_file "$TRASH/top-4" "$TRASH/top-all" "--top 4: the first four rows of every report"

done_testing
