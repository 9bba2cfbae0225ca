#!/bin/sh
# kmaint audit's "fading" finding on a generated history: a board with
# four changes a year whose maintainer stopped, judged by the board's own
# pace (far under the 50 changes "inactive" needs); a reviewer whose
# Reviewed-by keeps them active; a section that stopped with its
# maintainer; "inactive" kept apart.
. "${0%/*}/lib.sh"

R=$TRASH/boards
git init -q -b main "$R" && cd "$R" || exit 1
at() {	# at DATE NAME EMAIL SUBJECT [BODY]
	GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL="$3" GIT_AUTHOR_DATE="$1 12:00:00 +0000" \
	GIT_COMMITTER_NAME="$2" GIT_COMMITTER_EMAIL="$3" \
	GIT_COMMITTER_DATE="$1 12:00:00 +0000" \
		git commit -qam "$4${5:+

$5}"
}
cat >MAINTAINERS <<'EOT'
BOARD FOO
M:	Bo Ard <bo@example.com>
R:	Rita Review <rita@example.com>
S:	Maintained
F:	board/foo/

BOARD BAR
M:	Rep Orter <rep@example.com>
S:	Maintained
F:	board/bar/

BOARD DEAD
M:	Dee Dead <dee@example.com>
S:	Maintained
F:	board/dead/
EOT
mkdir -p board/foo board/bar board/dead
echo 0 >board/foo/f && echo 0 >board/bar/f && echo 0 >board/dead/f && git add . &&
	at 2019-01-01 "Bo Ard" bo@example.com "board: initial" || exit 1
# four changes a year on FOO, 2019-2024; Bo Ard's own until mid-2021,
# then only others'; Rita reviews every one of them.  BAR changes with
# FOO; its maintainer is only ever named in Reported-by, in 2024
n=0
for y in 2019 2020 2021 2022 2023 2024; do
	for m in 02 05 08 11; do
		n=$((n + 1))
		echo "$n" >>board/foo/f && echo "$n" >>board/bar/f
		rep=
		[ "$y" = 2024 ] && rep="
Reported-by: Rep Orter <rep@example.com>"
		if [ "$y$m" -le 202105 ]; then
			who="Bo Ard" mail=bo@example.com
		else
			who="Other Dev" mail=other@example.com
		fi
		at "$y-$m-10" "$who" "$mail" "board/foo: change $n" \
			"Reviewed-by: Rita Review <rita@example.com>$rep" || exit 1
	done
done
# DEAD: changes by others until 2020, then nothing, like its maintainer
for d in 2019-03-01 2019-06-01 2019-09-01 2019-12-01 2020-03-01 2020-06-01; do
	echo "$d" >>board/dead/f
	at "$d" "Other Dev" other@example.com "board/dead: $d" || exit 1
done
# Bo Ard left the board, not the project: a fix of the tools in 2024
mkdir -p tools && echo 1 >tools/t && git add tools &&
	at 2024-06-10 "Bo Ard" bo@example.com "tools: a fix" || exit 1
expect_success "index the boards" "$KMAINT" index -q

last_bo=$(git log -1 --format=%cd --date=short --author=bo@example.com -- board/foo)
# (git log --since stops at the first older commit: the DEAD ones are last)
elsewhere=$(git log -1 --format=%cs --author=bo@example.com)
since=$(git log --format=%cs -- board/foo | awk -v d="$last_bo" '$1 > d' | wc -l)
"$KMAINT" audit --as-of 2024-12-31 >"$TRASH/a" 2>&1
is "$?" 1 "exit 1 with findings"
like "$TRASH/a" "^  finding: fading: maintainer Bo Ard <bo@example.com>: no authorship, commit, tag or list message in the section since $last_bo \\([0-9]* months\\), while $since of its changes went in \\(one every [0-9.]* days, the median\\): by Other Dev $since; still active elsewhere: last $elsewhere\$" \
	"a quiet board's silent maintainer is fading: since $last_bo, $since changes by others (git log), active elsewhere until $elsewhere"
ok $(grep -q 'finding: inactive' "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"not inactive: $(git log --oneline -- board/foo | wc -l) changes, under --min-changes"
ok $(grep -q 'fading: reviewer Rita' "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"Reviewed-by trailers keep the reviewer active"
ok $(grep -q 'fading: maintainer Rep Orter' "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"a Reported-by of 2024 is activity: not fading"
ok $(grep -q 'fading: .*Dee Dead' "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"a section that stopped with its maintainer: no fading finding"
like "$TRASH/a" "^  FADING MAINTAINER Bo Ard <bo@example.com>\$" "evidence: marked"
like "$TRASH/a" "^    Last activity: $last_bo\$" "evidence: the last activity"
like "$TRASH/a" "^    Changes since: $since \\(one every [0-9.]* days, the median\\), by Other Dev $since\$" \
	"evidence: the changes since and who made them"
like "$TRASH/a" "^    Still active elsewhere: last $elsewhere\$" \
	"evidence: the last activity anywhere, lest fading read as gone"

"$KMAINT" audit --as-of 2024-12-31 --json --section "BOARD FOO" >"$TRASH/a.json" 2>&1
like "$TRASH/a.json" "\"person\":\"bo@example.com\",\"text\":\"\"\},\"inactive\":false,\"fading\":true,\"changes_since\":$since,\"active_elsewhere\":\"$elsewhere\"," \
	"--json: inactive and fading fields, the changes since, active elsewhere"
like "$TRASH/a.json" '"kind":"fading","person":"Bo Ard <bo@example.com>","email":"bo@example.com",' \
	"--json: the finding names the person"
like "$TRASH/a.json" '"person":"rita@example.com","text":""\},"inactive":false,"fading":false' \
	"--json: the active reviewer is neither"

# the board's pace: a year after Bo Ard's last change is not long for a
# change a quarter (8 gaps of three months are two years)
"$KMAINT" audit --as-of 2022-08-31 --section "BOARD FOO" >"$TRASH/b" 2>&1
ok $(grep -q 'fading' "$TRASH/b"; [ $? = 1 ]; echo $?) \
	"15 months of silence in a board changed every quarter: not yet"
"$KMAINT" audit --as-of 2022-08-31 --section "BOARD FOO" --fading-gaps 4 >"$TRASH/b4" 2>&1
like "$TRASH/b4" "finding: fading: maintainer Bo Ard" "--fading-gaps 4: a year of gaps, found"
"$KMAINT" audit --as-of 2024-12-31 --section "BOARD FOO" --fading-changes 0 >"$TRASH/off" 2>&1
ok $(grep -q 'fading' "$TRASH/off"; [ $? = 1 ]; echo $?) "--fading-changes 0 turns it off"
"$KMAINT" audit --as-of 2024-12-31 --section "BOARD FOO" --fading-changes 30 >"$TRASH/few" 2>&1
ok $(grep -q 'fading' "$TRASH/few"; [ $? = 1 ]; echo $?) \
	"fewer changes since than --fading-changes: none"

# inactive stays apart: with a 3-year window and --min-changes 5 Bo Ard
# is inactive, and not also fading
"$KMAINT" audit --as-of 2024-12-31 --section "BOARD FOO" --window 3 --min-changes 5 \
	--json >"$TRASH/i.json" 2>&1
like "$TRASH/i.json" '"person":"bo@example.com","text":""\},"inactive":true,"fading":false' \
	"inactive (near certain) and fading (sooner) are separate findings"

# a rename out of a section is work in it, as "git log -- old/" shows it:
# Mo Ver's only commit moves the file away (the index keeps the old path)
# one_section DIR NAME PERSON FDIR: a new repository (the current
# directory) whose MAINTAINERS has one section, PERSON its maintainer
one_section() {
	git init -q -b main "$1" && cd "$1" &&
		printf '%s\nM:\t%s\nS:\tMaintained\nF:\t%s/\n' "$2" "$3" "$4" \
			>MAINTAINERS && mkdir "$4"
}
one_section "$TRASH/move" MOVE "Mo Ver <mo@example.com>" old || exit 1
seq 1 50 >old/f && git add . && at 2020-01-01 "Other Dev" other@example.com initial
for y in 2021 2022 2023 2024; do
	for m in 01 04 07; do
		echo "$y$m" >>old/f && at "$y-$m-10" "Other Dev" other@example.com "old: $y-$m" || exit 1
	done
done
mkdir new && git mv old/f new/f && at 2024-10-01 "Mo Ver" mo@example.com "move old/ to new/"
"$KMAINT" index -q
"$KMAINT" audit --as-of 2024-12-31 --section MOVE >"$TRASH/m" 2>&1
ok $(grep -q 'fading' "$TRASH/m"; [ $? = 1 ]; echo $?) \
	"moving the section's files away is activity there ($(git log --oneline --author=mo@ -- old | wc -l) commit in git log -- old/)"

# change FILE DATE [N]: a change of FILE on DATE, by $me ($me_mail) up
# to $until, by Other Dev after
change() {
	echo "$2 $3" >>"$1" || return 1
	if [ "$(echo "$2" | tr -d -)" -le "$(echo "$until" | tr -d -)" ]; then
		at "$2" "$me" "$me_mail" "$1: $2 $3"
	else
		at "$2" "Other Dev" other@example.com "$1: $2 $3"
	fi
}

# a busy section changed every week: by Bea Busy until 2024-05-24, by
# Other Dev after.  Seven months later, with dozens of changes since,
# she is fading (the floor is 6 months); five months is not yet
one_section "$TRASH/busy" BUSY "Bea Busy <bea@example.com>" busy || exit 1
me="Bea Busy" me_mail=bea@example.com until=2024-05-24
echo 0 >busy/f && git add . && at 2023-01-02 "$me" "$me_mail" initial || exit 1
for y in 2023 2024; do
	for m in 01 02 03 04 05 06 07 08 09 10 11 12; do
		for d in 03 10 17 24; do change busy/f "$y-$m-$d" || exit 1; done
	done
done
"$KMAINT" index -q
"$KMAINT" audit --as-of 2024-12-31 >"$TRASH/busy.out" 2>&1
like "$TRASH/busy.out" "finding: fading: maintainer Bea Busy <bea@example.com>: .* since $(git log -1 --format=%cs --author=bea@ -- busy) \\(7 months\\), while $(git log --oneline --since=2024-05-25 -- busy | wc -l) of its changes went in" \
	"a busy section's maintainer silent 7 months is fading (the 6 months' floor)"
"$KMAINT" audit --as-of 2024-11-01 >"$TRASH/busy5" 2>&1
ok $(grep -q 'fading' "$TRASH/busy5"; [ $? = 1 ]; echo $?) \
	"five months of silence, even in a busy section: not yet"

# a section changed by series: on four days a year, five changes each.
# Its pace is a quarter between the days it changed (not the zero
# seconds between a series' commits): Sam Series' 18 months of silence
# are not yet eight of its gaps
one_section "$TRASH/series" SERIES "Sam Series <sam@example.com>" series || exit 1
me="Sam Series" me_mail=sam@example.com until=2023-05-10
echo 0 >series/f && git add . && at 2020-01-02 "$me" "$me_mail" initial || exit 1
for y in 2020 2021 2022 2023 2024; do
	for m in 02 05 08 11; do
		for n in 1 2 3 4 5; do change series/f "$y-$m-10" $n || exit 1; done
	done
done
"$KMAINT" index -q
"$KMAINT" audit --as-of 2024-12-31 --json >"$TRASH/series.json" 2>&1
like "$TRASH/series.json" '"median_gap_days":9[0-9]\.[0-9],' \
	"the pace: the median gap between the days the section changed"
ok $(grep -q '"kind":"fading"' "$TRASH/series.json"; [ $? = 1 ]; echo $?) \
	"18 months in a section changed by quarterly series: not yet fading"
"$KMAINT" audit --as-of 2024-12-31 --fading-gaps 4 >"$TRASH/series4" 2>&1
like "$TRASH/series4" "finding: fading: maintainer Sam Series" \
	"--fading-gaps 4: a year of its gaps, found"

# a section of 300 changes whose commit times are not in commit order
# (a merged history's): its days 2 days apart 199 times, then 5 days
# apart 100 times, the median gap 2 days once they are sorted by time
# (by a radix sort: many changes).  Its 260
# authors (many people: sorted by radix too), the first 40 of them with
# two changes, have addresses in another order than they came
one_section "$TRASH/order" ORDER "Dev 060 <dev-060@example.com>" order || exit 1
awk 'BEGIN {
	t = 1577880000	# 2020-01-01 12:00:00 UTC
	for (k = 0; k < 300; k++) {
		day[k] = t
		t += (k < 199 ? 2 : 5) * 86400
	}
	printf "blob\nmark :1\ndata <<EOB\nORDER\nM:\tDev 060 <dev-060@example.com>\nS:\tMaintained\nF:\torder/\nEOB\n"
	for (i = 0; i < 300; i++) {
		k = (i * 7) % 300	# 7 and 300 coprime: each day once
		who = sprintf("Dev %03d <dev-%03d@example.com>", (i % 260) * 37 % 260,
			      (i % 260) * 37 % 260)
		printf "commit refs/heads/main\n"
		printf "author %s %d +0000\n", who, day[k]
		printf "committer %s %d +0000\n", who, day[k]
		printf "data <<EOM\norder: %d\nEOM\n", i
		if (i == 0)
			printf "M 100644 :1 MAINTAINERS\n"
		printf "M 100644 inline order/f\ndata <<EOB\n%d\nEOB\n\n", i
	}
}' | git fast-import --quiet && git reset -q --hard main || exit 1
"$KMAINT" index -q
"$KMAINT" audit --as-of 2022-12-31 --json >"$TRASH/order.json" 2>&1
like "$TRASH/order.json" '"median_gap_days":2\.0,' \
	"the pace of changes committed out of time order: sorted by time"
# the maintainer's place: after the 40 with two changes, then by address
rank=$(awk 'BEGIN { r = 41; for (a = 40; a < 260; a++) r += a * 37 % 260 < 60
	print r }')
like "$TRASH/order.json" "\"changesets\":1,.*\"rank_changesets\":$rank," \
	"260 people ranked by changes, then by address"
awk 'BEGIN { for (a = 0; a < 40; a++) printf "dev-%03d@example.com\n", a * 37 % 260 }' |
	sort | head -3 >"$TRASH/order.top"
grep -o '"email":"dev-[0-9]*@example.com"' "$TRASH/order.json" | sed 1d |
	head -3 | sed 's/"email":"//; s/"$//' >"$TRASH/order.top.out"
same_file "$TRASH/order.top" "$TRASH/order.top.out" \
	"the top unlisted: most changes first, ties by address"
done_testing
