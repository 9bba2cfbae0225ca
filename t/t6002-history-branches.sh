#!/bin/sh
# kmaint history of MAINTAINERS changed on two branches at once: their
# versions are stored interleaved, each a delta of its own branch's
# version, so the text a version is rebuilt from is often not the one
# read just before it.
. "${0%/*}/lib.sh"

R=$TRASH/branches
git init -q "$R" && cd "$R" || exit 1
git config commit.gpgsign false
# twenty sections, so that a version shares most of its text with the
# one it is stored against
section() {
	printf 'SECTION %s\nM:\tMaint %s <m%s@example.com>\n' "$1" "$1" "$1"
	printf 'S:\tMaintained\nF:\tdrivers/%s/\n\n' "$1"
}
for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
	section "$i"
done >MAINTAINERS
commit() {
	GIT_AUTHOR_DATE=$1 GIT_COMMITTER_DATE=$1 git commit -q -a -m "$2"
}
# add "R: NAME <ADDR>" to the section of that number
add_reviewer() {
	awk -v s="SECTION $1" -v r="R:	$2" \
		'{ print } $0 == s { print r }' MAINTAINERS >M.new &&
	mv M.new MAINTAINERS
}
git add MAINTAINERS && commit 2020-01-01T00:00:00 "MAINTAINERS: the start"
main=$(git symbolic-ref --short HEAD)
git branch side
# BRANCH DAY SECTION REVIEWER SUBJECT: the two branches take turns
turn() {
	git checkout -q "$1" && add_reviewer "$3" "$4" &&
	commit "2020-01-0$2T00:00:00" "$5"
}
turn "$main" 2 02 'Alice Main <alice@example.com>' "main 1"
turn side 3 19 'Bob Side <bob@example.com>' "side 1"
turn "$main" 4 03 'Carol Main <carol@example.com>' "main 2"
turn side 5 18 'Dave Side <dave@example.com>' "side 2"
turn "$main" 6 04 'Erin Main <erin@example.com>' "main 3"
GIT_AUTHOR_DATE=2020-01-07T00:00:00 GIT_COMMITTER_DATE=2020-01-07T00:00:00 \
	git merge -q --no-edit side >/dev/null 2>&1
is "$(git log --no-merges --format=%h -- MAINTAINERS | wc -l)" 6 \
	"git: six changes of MAINTAINERS, and the merge"
expect_success "index the branches" "$KMAINT" index -q
expect_success "history" "$KMAINT" history
cp "$TRASH/.out" "$TRASH/h"
# each reviewer added by the commit that added it (the merge adds the
# side branch's again, compared with the main line), nobody removed
for who in main_1:Alice main_2:Carol main_3:Erin side_1:Bob side_2:Dave; do
	subject=$(echo "${who%:*}" | tr _ ' ') name=${who#*:}
	c=$(git log --format=%h --abbrev=12 -1 --grep="^$subject\$")
	like "$TRASH/h" "^  2020-01-0[1-6] $c \\+ R:	$name [A-Za-z]* <" \
		"$name added by '$subject'"
done
is "$(grep -c '^  20[0-9-]* [0-9a-f]* - ' "$TRASH/h")" 0 "nobody removed"
is "$(grep -c '^  20[0-9-]* [0-9a-f]* + ' "$TRASH/h")" 7 "seven additions"
like "$TRASH/h" '^7 versions of MAINTAINERS, 5 sections shown$' \
	"seven versions, five sections changed"
done_testing
