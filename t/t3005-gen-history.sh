#!/bin/sh
# bench/gen-history, small: a kernel-shaped history of 5,000 commits and
# a v2 archive of 5,000 messages, and kmaint's index of them against
# git's own answers; --shape small's commits of one file.
. "${0%/*}/lib.sh"

need_kernel
[ -x /usr/bin/python3 ] || skip_all "python3 not installed"

GEN=$SRCDIR/bench/gen-history
G=$TRASH/g

# Deterministic: two small runs with one seed are the same, byte for byte.
expect_success "a small history" "$GEN" --commits 300 \
	--messages 200 --sample 40 --bare "$TRASH/a"
"$GEN" --commits 300 --messages 200 --sample 40 --bare "$TRASH/b" 2>/dev/null
heads() {
	git --git-dir="$1/linux.git" rev-parse master
	for e in "$1"/inbox/git/*.git; do git --git-dir="$e" rev-parse master; done
}
is "$(heads "$TRASH/b")" "$(heads "$TRASH/a")" "the same seed gives the same history and archive"
"$GEN" --commits 300 --messages 200 --sample 40 --seed 2 --bare "$TRASH/c" 2>/dev/null
ok "$([ "$(heads "$TRASH/c")" != "$(heads "$TRASH/a")" ]; echo $?)" "another seed another"
# --shape small: tiny commits only, one file each but for the files
# whose time has come (added, deleted, renamed); the default is mixed
one_file() {
	git --git-dir="$1/linux.git" log --no-merges --format=tformat:@ --name-only master |
		awk '/^@/ { if (n) { t++; o += n == 1 }; n = 0; next }
		     NF { n++ } END { if (n) { t++; o += n == 1 }; print int(100 * o / t) }'
}
expect_success "--shape small" "$GEN" --shape small --commits 300 \
	--messages 200 --sample 40 --bare "$TRASH/s"
small=$(one_file "$TRASH/s") kernel=$(one_file "$TRASH/a")
ok "$([ "$small" -ge 95 ] && [ "$kernel" -lt 90 ]; echo $?)" \
	"--shape small: $small% of the commits change one file (the default: $kernel%)"
rm -rf "$TRASH/a" "$TRASH/b" "$TRASH/c" "$TRASH/s"
expect_failure "an existing output directory" "$GEN" --commits 300 "$TRASH"

expect_success "5,000 commits and 5,000 messages" "$GEN" \
	--commits 5000 --messages 5000 --epoch-messages 2000 --sample 20 "$G"
cd "$G/linux" || exit 1

is "$(git rev-list --count HEAD)" 5001 "the commits asked for (and 6.12's MAINTAINERS)"
merges=$(git rev-list --merges --count HEAD)
ok "$([ "$merges" -ge 250 ] && [ "$merges" -le 800 ]; echo $?)" \
	"about one merge in twelve ($merges)"
same_file MAINTAINERS "$K612/MAINTAINERS" "MAINTAINERS ends as 6.12's"
renames=$(git log --no-merges -M --diff-filter=R --format=%H | wc -l)
ok "$([ "$renames" -ge 10 ]; echo $?)" "files are renamed ($renames commits)"
mchanges=$(git rev-list --count HEAD -- MAINTAINERS)
ok "$([ "$mchanges" -ge 40 ]; echo $?)" "MAINTAINERS changes over time ($mchanges commits)"
expect_success "kmaint index" "$KMAINT" index -q
expect_success "kmaint index --inbox" "$KMAINT" index -q --inbox "$G/inbox"
"$KMAINT" stats --json --top 10 >"$TRASH/stats.json" 2>"$TRASH/err"
"$KMAINT" stats --list --json >"$TRASH/list.json" 2>>"$TRASH/err"

# json KEY FILE: a number of the "totals" object
json() {
	perl -MJSON::PP -0777 -e 'print decode_json(<STDIN>)->{totals}{$ARGV[0]} // "none"' \
		"$1" <"$2"
}
git log --no-merges -M --numstat --format=tformat:@ >"$TRASH/numstat"
is "$(json changesets "$TRASH/stats.json")" "$(git rev-list --no-merges --count HEAD)" \
	"changesets: git rev-list --no-merges --count"
is "$(json added "$TRASH/stats.json") $(json removed "$TRASH/stats.json")" \
	"$(awk '$1 != "@" { a += $1; r += $2 } END { print a + 0, r + 0 }' "$TRASH/numstat")" \
	"lines added and removed: git log --numstat"
is "$(json changed "$TRASH/stats.json")" \
	"$(awk '$1 == "@" { c += a > r ? a : r; a = r = 0; next }
		{ a += $1; r += $2 } END { print c + (a > r ? a : r) }' "$TRASH/numstat")" \
	"lines changed: max(added, removed) per commit, git log --numstat"

# People change addresses: a developer of kmaint's is one or more of
# git's name+address pairs, and never two names (names are unique here).
dev=$(json developers "$TRASH/stats.json")
byname=$(git shortlog -sn --no-merges HEAD | wc -l)
bypair=$(git shortlog -sne --no-merges HEAD | wc -l)
ok "$([ "$dev" -ge "$byname" ] && [ "$dev" -le "$bypair" ]; echo $?)" \
	"developers ($dev) between git shortlog -sn ($byname) and -sne ($bypair)"
git shortlog -sn --no-merges HEAD >"$TRASH/sn"
git shortlog -sne --no-merges HEAD >"$TRASH/sne"
bad=$(perl -MJSON::PP -0777 -e '
	my $j = decode_json(<STDIN>);
	local $/ = "\n";
	my (%sn, %sne);
	open(my $a, "<", $ARGV[0]) or die;
	while (<$a>) { $sn{$2} = $1 if /^\s*(\d+)\t(.*)$/ }
	open(my $b, "<", $ARGV[1]) or die;
	while (<$b>) { $sne{"$2 <$3>"} = $1 if /^\s*(\d+)\t(.*) <(.*)>$/ }
	my $bad = 0;
	for my $r (@{$j->{reports}{changesets}}) {
		my $hi = $sn{$r->{name}} // 0;
		my $lo = $sne{"$r->{name} <$r->{email}>"} // 1e9;
		$bad++, print STDERR "# $r->{name} <$r->{email}>: $r->{count} not in [$lo, $hi]\n"
			unless $r->{count} >= $lo && $r->{count} <= $hi;
	}
	print scalar(@{$j->{reports}{changesets}}) == 10 ? $bad : "no report";' \
	"$TRASH/sn" "$TRASH/sne" <"$TRASH/stats.json")
is "$bad" 0 "the top 10 developers' changesets: between git shortlog -sne and -sn"

n=0
for e in "$G"/inbox/git/*.git; do
	n=$((n + $(git --git-dir="$e" rev-list --count master)))
done
is "$n" 5000 "the archive: 5,000 messages (git rev-list --count of its epochs)"
is "$(ls -d "$G"/inbox/git/*.git | wc -l)" 3 "in three epochs"
is "$(json messages "$TRASH/list.json")" "$n" "kmaint stats --list: every message"
linked=$(git log --no-merges --format=%H --grep='^Link: https://lore.kernel.org/r/' | wc -l)
ok "$([ "$linked" -ge 1000 ]; echo $?)" "posted commits ($linked)"
is "$(json commits_posted "$TRASH/list.json")" "$linked" \
	"every posted commit linked to its patch"
lp=$(json linked_by_patch_id "$TRASH/list.json")
ok "$([ "$lp" -ge $((linked * 95 / 100)) ]; echo $?)" \
	"by patch-id: the same diffs ($lp of $linked)"
un=$(json unanswered "$TRASH/list.json")
ok "$([ "$un" -gt 0 ]; echo $?)" "patches nobody answered ($un)"
is "$(cat "$TRASH/err")" "" "no errors"

done_testing
