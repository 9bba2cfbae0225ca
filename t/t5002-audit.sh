#!/bin/sh
# kmaint audit on the XFS fixture: figures against git log's, findings,
# evidence blocks, exit status.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"

R=$TRASH/xfs
make_xfs_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q
printf 'sgi.com\tSGI\n' >"$TRASH/emailmap"
UNTIL="$XFS_UNTIL 23:59:59"
XFS_PATHS="fs/xfs Documentation/filesystems/xfs.txt"

# git's answers: changes, and per-author counts (with the .mailmap)
changes=$(git log --no-merges --oneline --until="$UNTIL" -- $XFS_PATHS | wc -l)
git log --no-merges --format=%aE --until="$UNTIL" -- $XFS_PATHS | sort | uniq -c |
	sort -k1,1nr -k2,2 >"$TRASH/authors"
ben_applied=$(git log --no-merges --format=%cE --until="$UNTIL" -- $XFS_PATHS | grep -c '^bpm@sgi.com$')
mark_authored=$(awk '$2 == "tinguely@sgi.com" { print $1 }' "$TRASH/authors")
mark_rank=$(awk -v m="$mark_authored" '$1 > m { n++ } END { print n + 1 }' "$TRASH/authors")
first=$(sed -n '1s/^ *[0-9]* //p' "$TRASH/authors")
last_ben=$(git log -1 --no-merges --format=%cd --date=short --committer=bpm@sgi.com --until="$UNTIL" -- $XFS_PATHS)

# the work tree's file (that of the 2013 patch, with Mark Tinguely) judged
# as of the day the patch was sent: --mpath, since --as-of alone reads
# that day's file (t5011)
"$KMAINT" audit --as-of "$XFS_UNTIL" --mpath MAINTAINERS --section XFS --email-map "$TRASH/emailmap" >"$TRASH/a" 2>"$TRASH/err"
is "$?" 1 "audit exits 1 when there are findings"
like "$TRASH/a" "^  status Supported; $changes changes in 5 years" "changes as git log counts them ($changes)"
like "$TRASH/a" "^  M: Mark Tinguely <tinguely@sgi.com> \\[SGI\\]\$" "employer from the email map"
like "$TRASH/a" "changesets $mark_authored \\(${mark_rank}th\\)" "Mark Tinguely's changesets and rank as git log says"
like "$TRASH/a" "applied $ben_applied, .*applied $last_ben" "Ben Myers' applied commits and last one, as git log says"
like "$TRASH/a" "^  M: xfs@oss.sgi.com \\(a list\\)\$" "the list M: is a list"
like "$TRASH/a" "^  top contributors not listed: [^<]* <$first> " "the top author first among the unlisted"
like "$TRASH/a" '^  finding: employer-concentration: 2 of 2 listed maintainers at SGI' "employer concentration found"
like "$TRASH/a" "^Subsystem XFS FILESYSTEM\$" "an evidence block"
like "$TRASH/a" "^  Changes [0-9]* / $changes \\([0-9]*%\\)\$" "evidence: changes with a maintainer over all"
like "$TRASH/a" "^  Ben Myers <bpm@sgi.com>:\$" "evidence: one line per maintainer"
like "$TRASH/a" "^    Committer [0-9a-f]{12}: $last_ben [0-9:]{8} $ben_applied\$" "evidence: committer line"
like "$TRASH/a" "^  Top reviewers:\$" "evidence: top reviewers"

# findings made to happen with thresholds: a short window, a dead section
cat >>MAINTAINERS <<'EOT'

DEAD DRIVER
M:	Nobody Here <nobody@example.com>
S:	Maintained
F:	fs/ext4/
EOT
"$KMAINT" audit --as-of "$XFS_UNTIL" --mpath MAINTAINERS --window 1 --min-changes 10 --email-map "$TRASH/emailmap" >"$TRASH/b" 2>&1
is "$?" 1 "exit 1 with findings"
like "$TRASH/b" '^  finding: inactive: maintainer Linus Torvalds <torvalds@linux-foundation.org>: no authorship' "an inactive maintainer"
like "$TRASH/b" '^  INACTIVE MAINTAINER Linus Torvalds <torvalds@linux-foundation.org>$' "marked in the evidence block"
like "$TRASH/b" '^  finding: maintained-in-name-only: Maintained but none of its 1 listed people' "maintained in name only"
like "$TRASH/b" '^  finding: single-maintainer: 1 active maintainer for' "a single active maintainer"
like "$TRASH/b" '^  finding: bus-factor: bus factor 1' "bus factor"
# git log --since stops walking at the first old commit; filter by time
until_ts=$(date -u -d "$UNTIL" +%s)
ted=$(git log --no-merges --format=%ct -- fs/ext4 |
	awk -v lo=$((until_ts - 31557600)) -v hi="$until_ts" '$1 >= lo && $1 <= hi' | wc -l)
like "$TRASH/b" "bus factor 1: 1 author wrote half of the $ted changes" "the window's ext4 changes as git counts them ($ted)"

"$KMAINT" audit --as-of "$XFS_UNTIL" --mpath MAINTAINERS --window 1 --min-changes 10 --json >"$TRASH/j"
is "$?" 1 "--json: exit 1 with findings too"
if command -v python3 >/dev/null; then
	expect_success "JSON parses, findings add up" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["findings"] == sum(len(s["findings"]) for s in d["sections"])
x = [s for s in d["sections"] if s["section"] == "XFS FILESYSTEM"][0]
assert x["changes"] > 0 and all("evidence" in f for f in x["findings"])' "$TRASH/j"
fi

"$KMAINT" audit --as-of "$XFS_UNTIL" --mpath MAINTAINERS --window 10 --min-maintainers 0 --employer-share 0 \
	--bus-factor 0 --section XFS >"$TRASH/c" 2>&1
is "$?" 0 "exit 0 without findings"
expect_failure "an unknown section fails" "$KMAINT" audit --section 'NO SUCH THING'
like "$TRASH/.err" "no section" "and says so"
expect_failure "a bad --as-of fails" "$KMAINT" audit --as-of yesterday-ish

# a sweep through the tree is not a section's own change: QUIET, whose
# one file a ten-file sweep touched, is no name-only finding; once a
# change of its own comes, it is
S=$TRASH/sweep
git init -q -b main "$S" && cd "$S" || exit 1
printf 'QUIET\nR:\tQuiet One <quiet@example.com>\nS:\tSupported\nF:\tquiet/\n\nBUSY\nM:\tBusy Bee <busy@example.com>\nS:\tMaintained\nF:\tbusy/\n' >MAINTAINERS
mkdir quiet busy
for f in quiet/q busy/1 busy/2 busy/3 busy/4 busy/5 busy/6 busy/7 busy/8 busy/9; do echo a >$f; done
sweep_commit() {
	GIT_AUTHOR_NAME="Busy Bee" GIT_AUTHOR_EMAIL=busy@example.com GIT_AUTHOR_DATE="$1 +0000" \
	GIT_COMMITTER_NAME="Busy Bee" GIT_COMMITTER_EMAIL=busy@example.com GIT_COMMITTER_DATE="$1 +0000" \
		git commit -qam "$2"
}
git add . && sweep_commit "2024-01-01 00:00:00" initial || exit 1
for f in quiet/q busy/1 busy/2 busy/3 busy/4 busy/5 busy/6 busy/7 busy/8 busy/9; do echo b >>$f; done
sweep_commit "2024-02-01 00:00:00" "treewide: a sweep" || exit 1
expect_success "index the sweep" "$KMAINT" index -q
"$KMAINT" audit --as-of 2024-12-31 --section QUIET --json >"$TRASH/q.json" 2>&1
"$KMAINT" audit --as-of 2024-12-31 --section QUIET >"$TRASH/q" 2>&1
like "$TRASH/q" "^  status Supported; 2 changes in 5 years" "QUIET: two changes, as git log says ($(git log --oneline -- quiet | wc -l))"
ok $(grep -q 'maintained-in-name-only' "$TRASH/q"; [ $? = 1 ]; echo $?) "none its own: no name-only finding"
like "$TRASH/q.json" '"changes":2,"changes_ever":2,"changes_own":0,' "JSON: none of the two its own (each holds 1 of 10 or 11 files)"
# nor do sweeps make the changes the inactive finding needs: two
# changes, none its own, are fewer than --min-changes 2
"$KMAINT" audit --as-of 2024-12-31 --section QUIET --min-changes 2 >"$TRASH/qi" 2>&1
ok $(grep -q 'inactive: .*Quiet One' "$TRASH/qi"; [ $? = 1 ]; echo $?) \
	"sweeps only: not enough changes of its own to call its R: inactive"
echo c >>quiet/q
sweep_commit "2024-03-01 00:00:00" "quiet: its own change" || exit 1
"$KMAINT" index -q
"$KMAINT" audit --as-of 2024-12-31 --section QUIET >"$TRASH/q2" 2>&1
like "$TRASH/q2" "finding: maintained-in-name-only: Supported but none of its 1 listed people was active in 3 changes \\(1 of them its own\\)" \
	"a change of its own: the finding"
"$KMAINT" audit --as-of 2024-12-31 --section QUIET --min-changes 1 >"$TRASH/qi2" 2>&1
like "$TRASH/qi2" "finding: inactive: reviewer Quiet One <quiet@example.com>: no authorship, commit or tag in 5 years, in 3 changes, 1 of them its own " \
	"one change of its own reaches --min-changes 1: the inactive finding, with the count"
# a few sections are audited one by one, each over the paths under its
# F: prefixes (map_paths()): the figures must be those of the whole
# audit, with nested F: values (a path once, not once a value) and N:
cat >>MAINTAINERS <<'EOT'

NESTED
M:	Busy Bee <busy@example.com>
S:	Maintained
F:	busy/
F:	busy/1
F:	busy/[12]
F:	quiet/q

BY NAME
M:	Busy Bee <busy@example.com>
S:	Maintained
N:	[0-9]$
EOT
# more sections than map_paths() asks one by one: the whole audit
# matches every path against the whole file
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	printf '\nSPARE %s\nM:\tBusy Bee <busy@example.com>\nS:\tMaintained\nF:\tspare%s/\n' $i $i
done >>MAINTAINERS
# busy/1 with two files of no section: not NESTED's own change, unless
# busy/1 were counted once for each of the three values that cover it
mkdir other && echo a >other/a && echo a >other/b && echo c >>busy/1 &&
	git add other && sweep_commit "2024-04-01 00:00:00" "mixed" || exit 1
"$KMAINT" index -q
"$KMAINT" audit --as-of 2024-12-31 --mpath MAINTAINERS --json >"$TRASH/all.json" 2>&1
for sec in QUIET BUSY 'BY NAME' NESTED; do
	"$KMAINT" audit --as-of 2024-12-31 --mpath MAINTAINERS --section "$sec" --json >"$TRASH/one.json" 2>&1
	expect_success "$sec alone: the figures of the whole audit" python3 -c '
import json, sys
one = json.load(open(sys.argv[1]))["sections"]
all = [s for s in json.load(open(sys.argv[2]))["sections"] if s["section"] == sys.argv[3]]
assert len(one) == 1 and one == all, (one, all)
assert one[0]["changes"] > 0
' "$TRASH/one.json" "$TRASH/all.json" "$sec"
done
like "$TRASH/one.json" '"changes":4,"changes_ever":4,"changes_own":3,' \
	"NESTED: 4 changes, 3 its own (not the mixed one)"
done_testing
