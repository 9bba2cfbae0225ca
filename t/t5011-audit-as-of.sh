#!/bin/sh
# --as-of reads that day's MAINTAINERS (the last version committed
# before it) in audit, report and pending; --maintainers-at and --mpath
# say otherwise; the header names the version; a date before the first
# version fails; a section renamed since is known by its name of that day.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"

R=$TRASH/xfs
make_xfs_repo "$R" || skip_all "cannot build the fixture"
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q

# the version of 2012-03-20: Alex Elder at elder@kernel.org, no Mark
# Tinguely (the 2013 patch, in the work tree, came after XFS_UNTIL)
v=$(git log -1 --format=%H --until="$XFS_UNTIL 23:59:59" -- MAINTAINERS)
vd=$(git log -1 --format=%cd --date=short "$v")
"$KMAINT" audit --as-of "$XFS_UNTIL" --section XFS >"$TRASH/a" 2>&1
like "$TRASH/a" "audited from MAINTAINERS as of commit $(echo "$v" | cut -c1-12) \\($vd\\)," \
	"the header names that day's version ($vd) and its commit"
like "$TRASH/a" "^  M: Alex Elder <elder@kernel.org>" "that day's maintainer is judged"
ok $(grep -q 'Tinguely' "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"the maintainer the later patch added is not"
"$KMAINT" audit --as-of "$XFS_UNTIL" --section XFS --json >"$TRASH/a.json" 2>&1
like "$TRASH/a.json" "\"maintainers_commit\":\"$v\",\"maintainers_date\":\"$vd\"" \
	"--json: the version's commit and date"
"$KMAINT" audit --as-of "$XFS_UNTIL" --section XFS --maintainers-at main >"$TRASH/b" 2>&1
like "$TRASH/b" "Mark Tinguely" "--maintainers-at says otherwise"
like "$TRASH/b" "audited from main:MAINTAINERS," "and the header says so"
"$KMAINT" audit --section XFS --json >"$TRASH/c.json" 2>&1
like "$TRASH/c.json" '"maintainers_commit":null,"maintainers_date":null' \
	"without --as-of, the work tree's file: no version named"

first=$(git log --reverse --format=%cd --date=short -- MAINTAINERS | head -1)
expect_failure "a date before the first version fails" \
	"$KMAINT" audit --as-of 2010-06-01
like "$TRASH/.err" "2010-06-01 is before the first MAINTAINERS version in the index \\($first\\)" \
	"and says so, with the first version's date"
expect_failure "report too" "$KMAINT" report --as-of 2010-06-01 -o "$TRASH/r.html"

"$KMAINT" report --as-of "$XFS_UNTIL" -o "$TRASH/r.html" 2>"$TRASH/err"
like "$TRASH/r.html" "MAINTAINERS as of commit $(echo "$v" | cut -c1-12) \\($vd\\)" \
	"report: that day's version, named"

# a section renamed after the audit date keeps that day's name
S=$TRASH/rename
git init -q -b main "$S" && cd "$S" || exit 1
at() {
	GIT_AUTHOR_DATE="$1 +0000" GIT_COMMITTER_DATE="$1 +0000" \
		git commit -qam "$2"
}
printf 'OLD BOARD\nM:\tBo Ard <bo@example.com>\nS:\tMaintained\nF:\tboard/\n' >MAINTAINERS
mkdir board && echo a >board/a && git add . && at "2020-01-01 00:00:00" initial
echo b >>board/a && at "2021-01-01 00:00:00" "board: a change"
sed -i 's/^OLD BOARD$/NEW BOARD/' MAINTAINERS && at "2023-01-01 00:00:00" "MAINTAINERS: rename"
"$KMAINT" index -q
"$KMAINT" audit --as-of 2022-01-01 --section "OLD BOARD" >"$TRASH/o" 2>&1
like "$TRASH/o" "^OLD BOARD\$" "a section renamed since: its name of that day"
like "$TRASH/o" "changes in 5 years" "and its figures"
expect_failure "today's name is not that day's" \
	"$KMAINT" audit --as-of 2022-01-01 --section "NEW BOARD"
like "$TRASH/.err" "no section of MAINTAINERS as of commit" "and says which file it looked in"
"$KMAINT" audit --section "NEW BOARD" >"$TRASH/n" 2>&1
like "$TRASH/n" "^NEW BOARD\$" "today's name today"
done_testing
