#!/bin/sh
# kmaint report --site is incremental: a second run over the same index
# writes no page; a commit in a later quarter leaves the pages of the
# sections and people it does not touch byte for byte as they were (the
# quarter charts have a fixed origin); a section taken out of
# MAINTAINERS loses its page, and only the files of the manifest kmaint
# wrote are ever deleted, never a user's.  No browser: t7001 has that.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

R=$TRASH/proj
git init -q -b main "$R" && cd "$R" || exit 1
cat >MAINTAINERS <<EOF
ALPHA DRIVER
M:	Al Pha <al@example.com>
S:	Maintained
F:	alpha/

BETA LIBRARY
M:	Be Ta <be@example.com>
M:	Ga Ma <ga@example.com>
S:	Maintained
F:	beta/

GAMMA TOOL
M:	Ga Ma <ga@example.com>
S:	Odd Fixes
F:	gamma/
EOF
mkdir alpha beta gamma
echo a >alpha/a.c; echo b >beta/b.c; echo g >gamma/g.c
as "Init Ial" init@example.com; by "Init Ial" init@example.com
at "2024-01-02 00:00:00"
git add . && git commit -qm "initial" || exit 1
# 2024: each section gets changes from its own people, alpha/ in three
# quarters, the others in two (the last quarter, not over, is marked on
# alpha's pages only)
for m in 02 05 08; do
	at "2024-$m-03 00:00:00"
	as "Al Pha" al@example.com; by "Al Pha" al@example.com
	echo "$m" >>alpha/a.c; git commit -qam "alpha: change $m"
	[ $m = 08 ] && break
	as "Be Ta" be@example.com; by "Ga Ma" ga@example.com
	echo "$m" >>beta/b.c
	git commit -qam "beta: change $m" -m "Reviewed-by: Ga Ma <ga@example.com>"
	as "Ga Ma" ga@example.com; by "Ga Ma" ga@example.com
	echo "$m" >>gamma/g.c; git commit -qam "gamma: change $m"
done
expect_success "index" "$KMAINT" index -q

S=$TRASH/site
expect_success "report --site" "$KMAINT" report --site "$S"
pages=$(find "$S" -name '*.html' | wc -l)
like "$TRASH/.out" "^$pages pages in .*, $pages written \\(0 unchanged\\), 0 removed;" \
	"the first run writes every page ($pages) and removes none"
ok $([ -s "$S/.kmaint-manifest" ]; echo $?) "the manifest is written"
is "$(grep -vc '^#' "$S/.kmaint-manifest")" "$pages" "it names every page"

# a user's files in the site, one of them named as a section page would be
echo mine >"$S/notes.txt"
echo mine >"$S/s/old-section.html"

# nothing new: no page written, no mtime changed (the pages' new mtimes
# make a full run, which writes only a new stamp: t7005)
find "$S" -type f -exec touch -d 2020-01-01 {} +
touch -d 2020-01-02 "$TRASH/mark"
expect_success "report --site again" "$KMAINT" report --site "$S"
like "$TRASH/.out" ", 0 written \\($pages unchanged\\), 0 removed;" \
	"a second run says 0 written, 0 removed"
is "$(find "$S" -type f ! -name .kmaint-stamp -newer "$TRASH/mark" | wc -l)" 0 \
	"no file touched, the manifest neither (mtimes kept; but the stamp)"

# a commit in a later quarter, to alpha/ only
cp -r "$S" "$TRASH/site1"
find "$S" -type f -exec touch -d 2020-01-01 {} +
at "2025-02-10 00:00:00"
as "Al Pha" al@example.com; by "Al Pha" al@example.com
echo late >>alpha/a.c; git commit -qam "alpha: a later quarter"
expect_success "index the new commit" "$KMAINT" index -q
expect_success "report --site after it" "$KMAINT" report --site "$S"
like "$TRASH/.out" ", 0 removed;" "nothing removed"
for f in s/beta-library.html s/gamma-tool.html p/be-example.com.html \
	p/ga-example.com.html; do
	same_file "$S/$f" "$TRASH/site1/$f" "$f, untouched by the commit, is byte-identical"
done
ok $(cmp -s "$S/s/alpha-driver.html" "$TRASH/site1/s/alpha-driver.html"; [ $? = 1 ]; echo $?) \
	"the section it touched is rewritten"
like "$S/s/alpha-driver.html" '>2025Q1\*<' "its new quarter is marked as not over"
like "$S/s/alpha-driver.html" '>2024Q3<' "the quarter that ended is no longer marked"
is "$(cd "$S" && find s p -type f -newer "$TRASH/mark" | sort | tr '\n' ' ')" \
	"p/al-example.com.html s/alpha-driver.html " \
	"of the section and person pages, only those it touched are written"

# GAMMA TOOL leaves MAINTAINERS; Ga Ma stays listed in BETA LIBRARY
find "$S" -type f | sort >"$TRASH/before"
at "2025-02-11 00:00:00"
sed -i '/^GAMMA TOOL$/,$d' MAINTAINERS
sed -i '${/^$/d}' MAINTAINERS
git commit -qam "MAINTAINERS: GAMMA TOOL is gone"
expect_success "index the MAINTAINERS change" "$KMAINT" index -q
expect_success "report --site without GAMMA TOOL" "$KMAINT" report --site "$S"
like "$TRASH/.out" ", 1 removed;" "it says one page was removed"
ok $([ ! -e "$S/s/gamma-tool.html" ]; echo $?) "the gone section's page is deleted"
find "$S" -type f | sort >"$TRASH/after"
is "$(comm -23 "$TRASH/before" "$TRASH/after" | sed "s|^$S/||")" "s/gamma-tool.html" \
	"no other file is deleted"
ok $([ -f "$S/notes.txt" ] && [ -f "$S/s/old-section.html" ]; echo $?) \
	"the user's files are kept, even one named like a page"
ok $(grep -q gamma-tool "$S/.kmaint-manifest"; [ $? = 1 ]; echo $?) \
	"the manifest no longer names it"

# a manifest edited by hand names nothing outside what kmaint writes
echo keep >"$TRASH/outside.html"
echo keep >"$S/Keep.HTML"
printf '%s\n' ../outside.html Keep.HTML notes.txt s/../../outside.html \
	/etc/passwd .kmaint-manifest >>"$S/.kmaint-manifest"
expect_success "report --site with a tampered manifest" "$KMAINT" report --site "$S"
like "$TRASH/.out" ", 0 removed;" "nothing removed"
ok $([ -f "$TRASH/outside.html" ] && [ -f "$S/Keep.HTML" ] && [ -f "$S/notes.txt" ]; echo $?) \
	"no file outside its names is deleted"

done_testing
