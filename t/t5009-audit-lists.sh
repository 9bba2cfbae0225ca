#!/bin/sh
# audit and review judge maintainership by the list too: a maintainer
# silent in git who reviews on the list, one silent in both, a section no
# indexed list covers, commits that bypassed the list, and a MAINTAINERS
# patch adding someone who only reviews on the list.  The archive is
# made with public-inbox's own tools; counts are checked with grep.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1

cat >MAINTAINERS <<'EOF'
BAR LIBRARY
M:	Bar Gone <bargone@example.com>
S:	Maintained
F:	bar/

BAZ CORE
M:	Baz Keeper <baz@example.com>
L:	baz@example.com
S:	Maintained
F:	baz/

FOO DRIVER
M:	Git Person <git@example.com>
M:	List Person <listy@example.com>
M:	Gone Person <gone@example.com>
L:	test@example.com
S:	Maintained
F:	foo/
EOF
mkdir foo bar baz other
echo a >foo/a.c
echo b >bar/b.c
echo z >baz/z.c
echo o >other/o.c
as "Init Ial" init@example.com
by "Init Ial" init@example.com
at "2015-01-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
# 2015: the two who are gone now, at work
i=1
while [ $i -le 3 ]; do
	at "2015-0$i-02 00:00:00"
	as "Gone Person" gone@example.com; by "Gone Person" gone@example.com
	echo "gone $i" >>foo/a.c; git commit -qam "foo: old change $i"
	as "Bar Gone" bargone@example.com; by "Bar Gone" bargone@example.com
	echo "gone $i" >>bar/b.c; git commit -qam "bar: old change $i"
	i=$((i + 1))
done
# 2024: twelve changes to foo/ (Git Person applies them), six posted and
# reviewed on the list by List Person and Rev Only, whose reviews never
# land as tags; ten changes to bar/, never posted
A="Dev Eloper <dev@example.com>"
i=1
while [ $i -le 12 ]; do
	d=$(printf '2024-%02d-03' "$i")
	at "$d 00:00:00"
	as "Dev Eloper" dev@example.com; by "Git Person" git@example.com
	echo "change $i" >>foo/a.c
	git commit -qam "foo: change $i" -m "Signed-off-by: $A"
	if [ $i -le 6 ]; then
		post_head "$M/p$i" "$A" "[PATCH] foo: change $i" "$(date -u -R -d "$d - 2 days")" "p$i@x"
		printf '> quoted\n\nReviewed-by: List Person <listy@example.com>\n' |
			mail "$M/l$i" "List Person <listy@example.com>" "Re: [PATCH] foo: change $i" \
			"$(date -u -R -d "$d - 1 day")" "l$i@x" "p$i@x"
		printf '> quoted\n\nReviewed-by: Rev Only <revonly@example.com>\n' |
			mail "$M/r$i" "Rev Only <revonly@example.com>" "Re: [PATCH] foo: change $i" \
			"$(date -u -R -d "$d - 1 day + 1 hour")" "r$i@x" "p$i@x"
	fi
	as "Dev Eloper" dev@example.com; by "Dev Eloper" dev@example.com
	echo "change $i" >>bar/b.c; git commit -qam "bar: change $i"
	i=$((i + 1))
done

# BAZ: a v2 series under an stgit-style "[PATCHSET v2 0/2]" cover: its
# 1/2 (baz/) carries a Reviewed-by given on v1, its 2/2 touches a file
# no section covers and gets Rev Only's review; Dev Eloper answers on
# his own series
d="2024-07-10 00:00:00"
P="[PATCH v2"
baz_patch() { # file path subject id
	{
		printf 'A thing.\n\nReviewed-by: Rev Only <revonly@example.com>\nSigned-off-by: %s\n---\n' "$A"
		printf -- '--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-x\n+y\n' "$2" "$2"
	} | mail "$M/$1" "$A" "$P $3" "$(date -u -R -d "$d")" "$4" bazc@x
}
echo "Two things." | mail "$M/bazc" "$A" "[PATCHSET v2 0/2] baz: two things" "$(date -u -R -d "$d")" bazc@x
baz_patch baz1 baz/z.c "1/2] baz: one" baz1@x
baz_patch baz2 other/o.c "2/2] other: two" baz2@x
printf '> two\n\nReviewed-by: Rev Only <revonly@example.com>\n' |
	mail "$M/bazr" "Rev Only <revonly@example.com>" "Re: $P 2/2] other: two" "$(date -u -R -d "$d + 1 hour")" bazr@x baz2@x
echo "Thanks." | mail "$M/bazd" "$A" "Re: $P 2/2] other: two" "$(date -u -R -d "$d + 2 hours")" bazd@x bazr@x
echo "A question." | mail "$M/bazq" "Que Stioner <q@example.com>" "Re: [PATCHSET v2 0/2] baz: two things" \
	"$(date -u -R -d "$d + 3 hours")" bazq@x bazc@x
echo "An answer." | mail "$M/baza" "$A" "Re: [PATCHSET v2 0/2] baz: two things" "$(date -u -R -d "$d + 4 hours")" baza@x bazq@x

pi_init test "$I" test@example.com >/dev/null 2>&1 &&
pi_add test "$M"/* 2>/dev/null || { echo "1..1"; echo "not ok 1 - public-inbox"; exit 1; }
expect_success "index the history and the inbox" "$KMAINT" index --inbox "$I"
nmsg=$(ls "$M" | wc -l)
like "$TRASH/.out" "^lists: $nmsg messages added" "every message ($nmsg) indexed"
listy=$(grep -l '^From: List Person' "$M"/* | wc -l)
listy_rev=$(grep -h '^Reviewed-by: List Person' "$M"/* | wc -l)
is "$listy $listy_rev" "6 6" "grep: List Person sent 6 messages, 6 reviews"

AUDIT="$KMAINT audit --min-changes 5 --bypass-share 40 --as-of 2024-12-31"
$AUDIT >"$TRASH/a" 2>&1
is "$?" 1 "audit: findings"
sed -n '/^FOO DRIVER$/,/^$/p' "$TRASH/a" >"$TRASH/foo"
sed -n '/^Subsystem FOO DRIVER$/,/^$/p' "$TRASH/a" >"$TRASH/ev"

# silent in git, reviewing on the list
ok $(grep -q "inactive: maintainer List Person" "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"List Person, silent in git, is not inactive"
like "$TRASH/foo" "^      list: $listy messages, $listy_rev reviews; last message 2024-" \
	"his list record, as grep counts it"
like "$TRASH/foo" "^      list only: reviews on the list, no tags in git\$" "reported as list only"
like "$TRASH/ev" "^    List <l6@x> 2024-06-02 $listy\$" "evidence: his last message, its date, the count"

# silent in both
like "$TRASH/a" "finding: inactive: maintainer Gone Person <gone@example.com>: no authorship, commit or tag in 5 years, in 12 changes, 12 of them its own, and no message about its files on the indexed lists" \
	"Gone Person: inactive, silent on the list too"
awk '/^  Gone Person <gone@example.com>:$/ { on = 1; next } on && /^  [^ ]/ { exit } on' "$TRASH/ev" >"$TRASH/gone"
like "$TRASH/gone" "^    \\(No list activity\\)\$" "evidence: (No list activity)"
like "$TRASH/ev" "^  INACTIVE MAINTAINER Gone Person <gone@example.com>\$" "and marked inactive"

# what is no review: a tag carried by a patch (given on v1), an answer
# to a patch no section covers (2/2), the author answering on his own
# series; a question on the cover letter is one
sed -n '/^BAZ CORE$/,/^$/p' "$TRASH/a" >"$TRASH/baz"
like "$TRASH/baz" "^  top list reviewers not listed: Que Stioner <q@example.com> 1\$" \
	"BAZ: one review, on the cover letter; no carried tag, no answer to 2/2, not the author's"

# a section no indexed list covers
like "$TRASH/a" "finding: inactive: maintainer Bar Gone <bargone@example.com>: .*\\(the list was not consulted: no indexed list covers the section\\)" \
	"BAR: the finding says the list was not consulted"
ok $(sed -n '/^Subsystem BAR LIBRARY$/,/^$/p' "$TRASH/a" | grep -q "List\\|No list"; [ $? = 1 ]; echo $?) \
	"and its evidence has no list lines"

# commits that bypassed the list
posted=$(git log --format=%s --since=2024-01-01 -- foo | grep -c "change [1-6]\$")
all=$(git log --oneline --since=2024-01-01 -- foo | wc -l)
like "$TRASH/foo" "^  posted to an indexed list: $posted of $all changes\$" "posted: $posted of $all, as git log and the archive say"
like "$TRASH/a" "finding: bypassed-list: $((all - posted)) of the $all changes in 5 years \\(50%\\) were never posted to an indexed list" \
	"the bypass finding"
$AUDIT --bypass-share 60 --section FOO >"$TRASH/a60" 2>&1
ok $(grep -q "bypassed-list" "$TRASH/a60"; [ $? = 1 ]; echo $?) "--bypass-share 60: no finding at 50%"

$AUDIT --json --section FOO >"$TRASH/j" 2>&1
if command -v python3 >/dev/null; then
	expect_success "JSON: list records and coverage" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["sections"][0]
assert s["list_covered"] and s["changes_posted"] == int(sys.argv[2]), s
l = {x["email"]: x for x in s["listed"]}
assert l["listy@example.com"]["list_reviews"] == 6 and l["listy@example.com"]["changesets"] == 0
assert l["git@example.com"]["applied"] == 12' "$TRASH/j" "$posted"
fi

# review: adding someone who only reviews on the list
git show HEAD:MAINTAINERS >"$TRASH/m.old"
sed 's/^L:\ttest@example.com$/R:\tRev Only <revonly@example.com>\n&/' "$TRASH/m.old" >"$TRASH/m.new"
diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.new" >"$TRASH/rev.patch"
"$KMAINT" review --as-of 2024-12-31 "$TRASH/rev.patch" >"$TRASH/r" 2>&1
is "$?" 0 "review: a list-only reviewer's addition is strong (exit 0)"
like "$TRASH/r" "^  added R: Rev Only <revonly@example.com>" "the addition"
like "$TRASH/r" "^    verdict: strong history: changesets 0 of $all" "strong, on list reviews alone"
like "$TRASH/r" "^    list: 6 messages, 6 reviews \\(ranked [12](st|nd) of the section's list reviewers\\); last message 2024-06-02" \
	"with the list record"
like "$TRASH/r" "^  top list reviewers not listed: none\$" "no other list reviewer left unlisted"
# the report: reviews on the lists over time, response times, unanswered
expect_success "report" "$KMAINT" report --as-of 2024-12-31 -o "$TRASH/r.html"
sed -n '/<h2>Mailing lists<\/h2>/,/<\/table>/p' "$TRASH/r.html" >"$TRASH/ml"
like "$TRASH/ml" "<tr><td>FOO DRIVER</td><td class=\"num\">6</td><td class=\"num\">0</td><td class=\"num\">24.0</td><td class=\"num\">24.0</td></tr>" \
	"FOO: 6 patches, none unanswered, first reply (List Person, an M:) a day after each"
ok $(grep -c "<svg" "$TRASH/r.html" | awk '{ exit !($1 >= 7) }'; echo $?) "the list charts are inline SVG"
like "$TRASH/r.html" "Reviews on the lists per year" "the reviews over time chart"

# A few sections read only their own threads (judge/audit.c, FEW_SECTIONS);
# more than 16 read every message.  With 16 spare sections the whole
# audit takes the second way: each section's list figures must be the
# same either way.  The spare sections are in the work tree's file, which
# --as-of does not read (it reads that day's version): no --as-of here.
WHOLE="$KMAINT audit --min-changes 5 --bypass-share 40"
cp MAINTAINERS "$TRASH/m.keep"
for i in $(seq 1 16); do
	printf '\nSPARE %s\nM:\tSpare <spare%s@example.com>\nS:\tMaintained\nF:\tspare%s/\n' $i $i $i
done >>MAINTAINERS
$WHOLE --json --no-evidence >"$TRASH/all.json" 2>&1
for s in FOO BAR BAZ; do
	$WHOLE --json --no-evidence --section $s >"$TRASH/one-$s.json" 2>&1
done
cp "$TRASH/m.keep" MAINTAINERS
if command -v python3 >/dev/null; then
	expect_success "list figures of a section alone equal the whole audit's" python3 -c '
import json, sys
t = sys.argv[1]
def lists(s):
    keep = lambda d: {k: v for k, v in d.items() if k.startswith(("list_", "changes_posted"))}
    return (keep(s), sorted((p["email"], sorted(keep(p).items())) for p in s["listed"]))
whole = {s["section"]: s for s in json.load(open(t + "/all.json"))["sections"]}
assert len(whole) == 19, len(whole)
for n in ("FOO", "BAR", "BAZ"):
    one = json.load(open(t + "/one-" + n + ".json"))["sections"][0]
    assert one["list_threads"] or n != "FOO", one
    assert lists(one) == lists(whole[one["section"]]), (n, lists(one), lists(whole[one["section"]]))' "$TRASH"
fi
done_testing
