#!/bin/sh
# kmaint report --site with nothing new computes nothing: the stamp
# (report/site-stamp.h) of the last complete run matches, the summary
# line is the one a full run prints, and the index is not even read (a
# table dropped behind its back goes unnoticed).  Each input changed
# alone (an option, a commit or a message indexed, the .mailmap, an
# employer file, MAINTAINERS in the work tree, a page deleted or edited
# to the same size, another binary) makes a full run, whose pages are
# those of a site made from nothing; --force always makes one.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<EOF
BAR LIBRARY
M:	Bar Keeper <bar@example.com>
S:	Odd Fixes
F:	bar/

FOO DRIVER
M:	Foo Keeper <keeper@example.com>
L:	test@example.com
S:	Maintained
F:	foo/
EOF
mkdir foo bar && echo a >foo/a.c && echo b >bar/b.c
as "Foo Keeper" keeper@example.com; by "Foo Keeper" keeper@example.com
at "2024-01-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
as "Dev Eloper" dev@example.com
at "2024-02-10 00:00:00"
echo 1 >>foo/a.c && git commit -qam "foo: change 1"
post_head "$M/p1" "Dev Eloper <dev@example.com>" "[PATCH] foo: change 1" \
	"$(date -u -R -d '2024-02-01')" p1@x
as "Bar Keeper" bar@example.com
echo 1 >>bar/b.c && git commit -qam "bar: change 1"
pi_inbox
expect_success "index the history and the inbox" "$KMAINT" index -q --inbox "$I"
echo "dev@example.com Acme" >"$TRASH/emap"

S=$TRASH/site
site() {
	env KMAINT_DEBUG=1 "$KMAINT" report --site "$S" \
		--email-map "$TRASH/emap" "$@"
}

# fresh DESC [OPTIONS]: a run that computes nothing, and says so
fresh() {
	d=$1
	shift
	expect_success "$d: again" site "$@"
	like "$TRASH/.err" "nothing new, nothing computed" "$d: nothing computed"
}

# full DESC [OPTIONS]: a full run, its pages those of a site made anew
# (the stamp aside)
full() {
	d=$1
	shift
	expect_success "$d" site "$@"
	ok $(grep -q "nothing computed" "$TRASH/.err"; [ $? = 1 ]; echo $?) \
		"$d: a full run"
	rm -rf "$TRASH/ref"
	"$KMAINT" report --site "$TRASH/ref" --email-map "$TRASH/emap" "$@" \
		>/dev/null 2>&1
	is "$(diff -r -x .kmaint-stamp "$TRASH/ref" "$S" | head -5)" "" \
		"$d: the pages of a site made anew"
}

full "the first run"
ok $([ -s "$S/.kmaint-stamp" ]; echo $?) "the stamp is written"
expect_success "--force" site --force
ok $(grep -q "nothing computed" "$TRASH/.err"; [ $? = 1 ]; echo $?) \
	"--force computes (and reads the index: below)"
cp "$TRASH/.out" "$TRASH/force.out"
find "$S" -type f -exec touch -d 2020-01-01 {} +
full "every page touched"
touch "$TRASH/mark"
fresh "nothing new"
same_file "$TRASH/.out" "$TRASH/force.out" "the summary line is a full run's"
is "$(find "$S" -type f -newer "$TRASH/mark" | wc -l)" 0 "no file written"

IDX=.git/kmaint/index.sqlite
sqlite3 "$IDX" ".backup $TRASH/idx.bak" && sqlite3 "$IDX" "DROP TABLE people"
fresh "a table of the index dropped"
expect_failure "a forced run reads it" site --force
sqlite3 "$IDX" ".restore $TRASH/idx.bak"
full "the index restored (the forced run removed the stamp)"
fresh "and again"

full "an option" --title "Another title"
fresh "the same option" --title "Another title"
full "without it"

at "2024-03-10 00:00:00"
echo 2 >>bar/b.c && git commit -qam "bar: change 2"
full "a new HEAD, not indexed"
"$KMAINT" index -q
full "the commit indexed"
mail "$M/p2" "Dev Eloper <dev@example.com>" "Re: [PATCH] foo: change 1" \
	"$(date -u -R -d '2024-02-02')" p2@x p1@x </dev/null
pi_add test "$M/p2" >/dev/null 2>&1
"$KMAINT" index -q --inbox "$I"
full "a message indexed"

echo "Dev Newname <dev@example.com>" >.mailmap
full "the .mailmap"
echo "dev@example.com Other Corp" >"$TRASH/emap"
full "the employer file"
sed -i 's/^S:	Odd Fixes/S:	Maintained/' MAINTAINERS
full "MAINTAINERS in the work tree"
rm "$S/s/bar-library.html"
full "a page deleted"
ok $([ -s "$S/s/bar-library.html" ]; echo $?) "it is back"
sed -i 's/<html/<HTML/' "$S/s/foo-driver.html"
full "a page edited to the same size"
cp "$KMAINT" "$TRASH/kmaint-copy"
KMAINT=$TRASH/kmaint-copy
full "another binary"
fresh "that binary again"
done_testing
