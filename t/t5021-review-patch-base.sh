#!/bin/sh
# kmaint review --as-of on a patch sent before the version of MAINTAINERS
# it was made against landed (fstests' reviewers patch of 2023, sent on
# the 5th against a file committed on the 9th): the base is the blob the
# patch's index line names when the repository has it, else MAINTAINERS
# as of the date; the history ends at the date either way, and the
# output says which base was used.
. "${0%/*}/lib.sh"

R=$TRASH/repo
git init -q "$R" && cd "$R" || exit 1
# commit DATE [COMMITTER-DATE] MESSAGE: everything staged
commit() {
	GIT_AUTHOR_DATE="$1 12:00:00 +0000" GIT_COMMITTER_DATE="$2 12:00:00 +0000" \
		git commit -qm "$3"
}
mkdir -p fs/foo
for d in 2022-01-10 2022-05-10 2022-09-10 2023-01-10 2023-03-10 2023-04-07; do
	echo "$d" >>fs/foo/foo.c
	git add fs/foo/foo.c
	GIT_AUTHOR_NAME='Alice Dev' GIT_AUTHOR_EMAIL=alice@example.com \
		commit "$d" "$d" "foo: change of $d" || exit 1
done
# MAINTAINERS is first written on 2023-04-01 and lands on 2023-04-09
printf 'FOO\nM:\tMo Maint <mo@example.com>\nS:\tMaintained\nF:\tfs/foo/\n' >MAINTAINERS
git add MAINTAINERS && commit 2023-04-01 2023-04-09 "add MAINTAINERS" || exit 1
# the patch: sent on the 5th, made against that version
printf 'FOO\nM:\tMo Maint <mo@example.com>\nR:\tAlice Dev <alice@example.com>\nS:\tMaintained\nF:\tfs/foo/\n' >MAINTAINERS
git add MAINTAINERS && commit 2023-04-05 2023-04-12 "MAINTAINERS: add Alice" || exit 1
git format-patch -q -1 -o "$TRASH" HEAD && mv "$TRASH"/0001-*.patch "$TRASH/p" || exit 1
base=$(git rev-parse --short HEAD^:MAINTAINERS)
like "$TRASH/p" "^index $base" "the patch names its base blob ($base)"
expect_success "index" "$KMAINT" index -q

"$KMAINT" review --as-of 2023-04-05 "$TRASH/p" >"$TRASH/r" 2>"$TRASH/err"
is "$?" 0 "--as-of before its base landed: the patch is judged (exit 0)"
like "$TRASH/r" "^review of .* against MAINTAINERS blob $base[0-9a-f]* \\(the patch's base\\), history 2018-04-05 \\.\\. 2023-04-05\$" \
	"against the patch's own base, with the history up to the date"
like "$TRASH/r" "^  added R: Alice Dev <alice@example.com>" "the addition"
like "$TRASH/r" "changesets 5 of 5 \\(ranked 1st of 1 authors\\)" \
	"her changes up to the date count, not the one of the 7th"
"$KMAINT" review --as-of 2023-04-05 --json "$TRASH/p" >"$TRASH/j" 2>"$TRASH/err"
is "$?" 0 "--json: exit 0"
like "$TRASH/j" '"base_source":"patch"' "--json: base_source is the patch"
like "$TRASH/j" "\"base\":\"MAINTAINERS blob $base" "--json: base names the blob"

# a base the repository lacks: MAINTAINERS as of the date, as before,
# and the output says the patch's base was not found
sed "s/^index $base[0-9a-f]*\\.\\./index 0123456789../" "$TRASH/p" >"$TRASH/p2"
like "$TRASH/p2" '^index 0123456789\.\.' "a copy naming a blob the repository lacks"
"$KMAINT" review --as-of 2023-04-10 "$TRASH/p2" >"$TRASH/r2" 2>"$TRASH/err"
is "$?" 0 "missing base, --as-of after MAINTAINERS landed: exit 0"
like "$TRASH/r2" "against MAINTAINERS as of commit [0-9a-f]* \\(the patch's base 0123456789 is not in the repository\\)" \
	"MAINTAINERS as of the date, and why"
"$KMAINT" review --as-of 2023-04-10 --json "$TRASH/p2" >"$TRASH/j2" 2>"$TRASH/err"
like "$TRASH/j2" '"base_source":"as-of"' "--json: base_source as-of"
"$KMAINT" review --as-of 2023-04-05 "$TRASH/p2" >"$TRASH/r3" 2>"$TRASH/err"
is "$?" 128 "missing base and no MAINTAINERS as of the date: exit 128"
like "$TRASH/err" "the patch's base blob 0123456789 is not in the repository, and the index has no MAINTAINERS version as of 2023-04-05" \
	"and says both"
done_testing
