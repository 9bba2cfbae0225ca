#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint check on Debian's 6.12 tree against get_maintainer.pl's own
# --self-test=sections (44 findings) and --self-test=patterns (8, as the
# script finds them in a git copy of the tree).  The patterns run takes
# about 3 minutes, so both answers are cached under
# $KMAINT_DATA/oracle-cache, keyed by the script and MAINTAINERS.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-check.sh"
need_kernel

CACHE=$KMAINT_DATA/oracle-cache
mkdir -p "$CACHE" || { plan 1; ok 1 "cannot create $CACHE"; exit 1; }
KEY=$(cat "$K612/scripts/get_maintainer.pl" "$K612/MAINTAINERS" | sha1sum | cut -c1-40)

# git_copy: a git work tree of 6.12 (deps.sh's, else one in $TRASH made
# of hard links; `git add` is replaced by update-index --info-only,
# which hashes but writes no objects).
git_copy() {
	if [ -d "$KMAINT_DATA/linux-git-6.12/.git" ] &&
	   [ -f "$KMAINT_DATA/.linux-git-6.12.done" ]; then
		GITCOPY=$KMAINT_DATA/linux-git-6.12
		return 0
	fi
	GITCOPY=$TRASH/linux-git-6.12
	[ -d "$GITCOPY/.git" ] && return 0
	cp -al "$K612" "$GITCOPY" 2>/dev/null || cp -a "$K612" "$GITCOPY" || return 1
	git -C "$GITCOPY" init -q &&
	git -C "$GITCOPY" ls-files -o -z |
		(cd "$GITCOPY" && git update-index --add --info-only -z --stdin)
}

# oracle MODE: cached `get_maintainer.pl --self-test=MODE` in a git copy,
# "./" dropped from the file names (kmaint names MAINTAINERS as given)
oracle() {
	c=$CACHE/self-test-$1-$KEY
	if [ ! -f "$c" ]; then
		git_copy || return 1
		(cd "$GITCOPY" && perl scripts/get_maintainer.pl --self-test="$1") \
			>"$c.$$" || { rm -f "$c.$$"; return 1; }
		mv -f "$c.$$" "$c"
	fi
	sed 's|^\./||' "$c"
}

oracle sections >"$TRASH/o-sections"; ok $? "oracle --self-test=sections ran"
oracle patterns >"$TRASH/o-patterns"; ok $? "oracle --self-test=patterns ran (cached in $CACHE)"
is "$(wc -l <"$TRASH/o-sections")" 44 "the oracle reports 44 section findings"
is "$(wc -l <"$TRASH/o-patterns")" 8 "the oracle reports 8 pattern findings"

cd "$K612" || exit 1
t0=$(date +%s.%N)
"$KMAINT" check >"$TRASH/k-default" 2>"$TRASH/k-default.err"
rc=$?
t1=$(date +%s.%N)
is $rc 1 "kmaint check exits 1 on 6.12 (it has findings)"
echo "# kmaint check on 6.12 (directory walk): $(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }") s"

"$KMAINT" check --only=sections >"$TRASH/k-sections"
same_file "$TRASH/k-sections" "$TRASH/o-sections" "--only=sections: the oracle's 44 findings, same text and order"
"$KMAINT" check --only=patterns >"$TRASH/k-patterns"
same_file "$TRASH/k-patterns" "$TRASH/o-patterns" "--only=patterns without git: the oracle's 8 findings"

# The default run holds all 52, in the order the script would print
# them with --self-test=sections,patterns: by line.
sort -t: -k2,2n -s "$TRASH/o-sections" "$TRASH/o-patterns" >"$TRASH/o-both"
grep -Fx -f "$TRASH/o-both" "$TRASH/k-default" >"$TRASH/k-both"
same_file "$TRASH/k-both" "$TRASH/o-both" "the default run reports every oracle finding, in line order"
is "$(grep -c -v -Fx -f "$TRASH/o-both" "$TRASH/k-default")" 10 \
	"the default run adds 10 syntax findings (W:, T:, B:)"
like "$TRASH/k-default" '^MAINTAINERS:1619: warning: malformed entry	T:	https://gitlab.com/apparmor/apparmor-kernel.git$' \
	"T: without a type is a malformed entry, in get_maintainer.pl --self-test=scm's words"
like "$TRASH/k-default.err" '^kmaint: [0-9]+ ordering findings not shown' \
	"ordering findings are counted, not listed, by default"
is "$("$KMAINT" check --only=order | wc -l)" \
	"$(sed -n 's/^kmaint: \([0-9]*\) ordering.*/\1/p' "$TRASH/k-default.err")" \
	"--only=order lists as many as the note counts"
is "$("$KMAINT" check --only=field-order,pattern-order | wc -l)" 42 \
	"42 field-order findings, as checkpatch.pl's rules give them"

# checkpatch.pl's MAINTAINERS_STYLE on the whole file (added as new),
# on 6.12 and on 6.1, whose MAINTAINERS has a field without its tab
for v in 6.12 6.1; do
	m=$KMAINT_DATA/linux-source-$v/MAINTAINERS
	c=$CACHE/checkpatch-style-$(cat "$K612/scripts/checkpatch.pl" "$m" | sha1sum | cut -c1-40)
	if [ ! -f "$c" ]; then
		checkpatch_style "$m" >"$c.$$" && mv -f "$c.$$" "$c"
	fi
	"$KMAINT" check --mpath "$m" --only=field-tab,unknown-type,field-order,pattern-order >"$TRASH/ks"
	style_findings "$TRASH/ks" >"$TRASH/ks.norm"
	same_file "$TRASH/ks.norm" "$c" "$v: checkpatch.pl's $(wc -l <"$c") MAINTAINERS_STYLE findings, the same"
done

# With git: the same answer from `git ls-files` as from the walk
if git_copy; then
	(cd "$GITCOPY" && "$KMAINT" check --only=sections,patterns) >"$TRASH/k-git"
	sort -t: -k2,2n -s "$TRASH/k-sections" "$TRASH/k-patterns" >"$TRASH/k-both2"
	same_file "$TRASH/k-git" "$TRASH/k-both2" "in the git copy (git ls-files) the same findings"
else
	ok 1 "could not make a git copy of 6.12"
fi

# JSON: the same findings, with classes
"$KMAINT" check --json >"$TRASH/k.json"
is $? 1 "--json exits 1 too"
perl -MJSON::PP -e '
	local $/; my $j = decode_json(<STDIN>);
	my %c; $c{$_->{class}}++ for @{$j->{findings}};
	print join(" ", map { "$_=$c{$_}" } sort keys %c), "\n";' \
	<"$TRASH/k.json" >"$TRASH/k.json.counts" 2>&1
is "$(cat "$TRASH/k.json.counts")" \
	"link=6 no-email=1 no-match=8 no-pattern=14 no-status=29 scm=4" \
	"--json is valid JSON with the findings by class"

done_testing
