#!/bin/sh
# A reply counts for the sections of the patch it answers; only a reply
# to the cover letter counts for every section of the series.  A series
# of two, its 1/2 in foo/ (FOO) and its 2/2 in bar/ (BAR): a review of
# 1/2 is no review of BAR, a review of the cover letter is one of both.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<'EOF2'
FOO
M:	Foo Keeper <foo@example.com>
R:	Rev Foo <revfoo@example.com>
L:	test@example.com
S:	Maintained
F:	foo/

BAR
M:	Bar Keeper <bar@example.com>
R:	Rev Foo <revfoo@example.com>
R:	Rev All <revall@example.com>
L:	test@example.com
S:	Maintained
F:	bar/
EOF2
mkdir foo bar
echo a >foo/a.c
echo b >bar/b.c
GIT_AUTHOR_DATE="2024-01-01 00:00:00 +0000" GIT_COMMITTER_DATE="2024-01-01 00:00:00 +0000" \
	git add . && git commit -qm initial || exit 1

D="Dev Eloper <dev@example.com>"
echo "Two things." | mail "$M/c" "$D" "[PATCH 0/2] two things" "Mon, 4 Mar 2024 10:00:00 +0000" c@x
# part FILE N PATH
part() {
	printf 'A thing.\n\nSigned-off-by: %s\n---\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-x\n+y\n' "$D" "$3" "$3" |
		mail "$M/$1" "$D" "[PATCH $2/2] thing $2" "Mon, 4 Mar 2024 10:0$2:00 +0000" "p$2@x" c@x
}
part p1 1 foo/a.c
part p2 2 bar/b.c
# Rev Foo reviews 1/2 only; Rev All acks the whole series at its cover
printf '> x\n\nReviewed-by: Rev Foo <revfoo@example.com>\n' |
	mail "$M/r1" "Rev Foo <revfoo@example.com>" "Re: [PATCH 1/2] thing 1" "Tue, 5 Mar 2024 10:00:00 +0000" r1@x p1@x
printf '> x\n\nAcked-by: Rev All <revall@example.com>\n' |
	mail "$M/rc" "Rev All <revall@example.com>" "Re: [PATCH 0/2] two things" "Tue, 5 Mar 2024 11:00:00 +0000" rc@x c@x
# and a reply to the review of 1/2 stays with 1/2
echo "Thanks." | mail "$M/r1d" "$D" "Re: [PATCH 1/2] thing 1" "Tue, 5 Mar 2024 12:00:00 +0000" r1d@x r1@x

pi_inbox
expect_success "index the history and the archive" "$KMAINT" index -q --inbox "$I"

# stats --list: the numbers of a section
tot() { sed -n "s/.*\"$2\": \([^,}]*\).*/\1/p" "$TRASH/$1.json" | head -1; }
for s in FOO BAR; do
	"$KMAINT" stats --list --no-update --section $s --json >"$TRASH/$s.json" 2>"$TRASH/err" ||
		echo "# stats --list --section $s failed: $(cat "$TRASH/err")"
done
is "$(tot FOO patches) $(tot FOO replies) $(tot FOO reviews) $(tot FOO reviewers)" "1 3 2 2" \
	"FOO: its patch, the three replies (review, thanks, cover ack), both reviews"
is "$(tot BAR patches) $(tot BAR replies) $(tot BAR reviews) $(tot BAR reviewers)" "1 1 1 1" \
	"BAR: its patch, and only the reply to the cover letter: 1/2's review and its thanks are not BAR's"

# report --site reads the messages once for every section's figures
# (lists/list-stats.h's list_base): a section's marks must not stay for
# the next one, which would then count the other's patch as its own
"$KMAINT" report --site "$TRASH/site" >/dev/null 2>"$TRASH/err" ||
	echo "# report --site failed: $(cat "$TRASH/err")"
posted() {
	f=$(grep -l "<h1>[^<]*$1" "$TRASH"/site/s/*.html | head -1)
	sed -n 's/.*patches posted<\/td><td class="n">\([0-9]*\)<.*never answered<\/td><td class="n">\([0-9]*\)<.*/\1 \2/p' "$f"
}
is "$(posted FOO), $(posted BAR)" "1 0, 1 0" \
	"report --site: FOO and BAR one patch posted each, as stats --list counts them"
# the commit is of today: a site as of a day before it has no year yet
# (with today's MAINTAINERS: there was none that day)
expect_success "report --site --as-of a day before the first commit" \
	"$KMAINT" report --site "$TRASH/site0" --as-of 2024-12-31 \
	--maintainers-at HEAD

# audit: the same rule for the listed people's list records (Rev Foo
# is an R: of both sections, Rev All of BAR)
"$KMAINT" audit --no-evidence --as-of 2024-12-31 --maintainers-at HEAD \
	--json >"$TRASH/a.json" 2>"$TRASH/err"
if command -v python3 >/dev/null; then
	expect_success "audit: Rev Foo's list review in FOO only, Rev All's in BAR" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
def reviews(sec, email):
    s = [x for x in d["sections"] if x["section"] == sec][0]
    return [p.get("list_reviews", 0) for p in s["listed"] if p["email"] == email][0]
got = (reviews("FOO", "revfoo@example.com"), reviews("BAR", "revfoo@example.com"),
       reviews("BAR", "revall@example.com"))
assert got == (1, 0, 1), got' "$TRASH/a.json"
fi
done_testing
