#!/bin/sh
# kmaint report --site: a static site, driven in Debian's chromium by
# t/site-browser.py (selenium): sorting and filtering, every link, no
# request leaving file://, no console error, a section named <script>
# kept inert, the pages without JavaScript, and the front page's figures
# against kmaint audit --json and kmaint stats --json on the same index.
# A second run rewrites nothing; a page changed behind its back is.
# The sections in trouble come first, in a known order; every headline
# card leads to the rows it counts; no page scrolls sideways at 412 px;
# the people index filters.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1

HOSTILE='<script>alert(1)</script> WIDGET'
cat >MAINTAINERS <<EOF
BAR LIBRARY
M:	Bar Gone <bargone@example.com>
S:	Odd Fixes
F:	bar/

FOO DRIVER
M:	Git Person <git@example.com>
M:	Gone Person <gone@example.com>
R:	List Person <listy@example.com>
L:	test@example.com
S:	Maintained
F:	foo/

QUIET TOOL
M:	Quiet Keeper <quiet@example.com>
S:	Maintained
F:	quiet/

$HOSTILE
M:	"><img src=x onerror=alert(3)> Keeper <widget@acme.test>
S:	Orphan
F:	widget/

NOBODY HOME
R:	Fan Reviewer <fan@example.com>
S:	Maintained
F:	docs/nobody.txt
F:	docs/nobody-more.txt
F:	nobody/

EMPTY CORNER
S:	Orphan
F:	docs/corner-a.txt
F:	docs/corner-b.txt
F:	empty/

QUUX MAILING LIST
L:	quux@example.com
F:	quux/
EOF
mkdir foo bar widget quiet nobody empty quux
echo x >quux/x.c
echo n >nobody/n.c
echo e >empty/e.c
echo f >empty/f.c
mkdir docs && echo c >docs/corner-a.txt
echo a >foo/a.c
echo b >bar/b.c
echo w >widget/w.c
echo q >quiet/q.c
as "Init Ial" init@example.com; by "Init Ial" init@example.com
at "2015-01-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
i=1
while [ $i -le 3 ]; do
	at "2015-0$i-02 00:00:00"
	as "Gone Person" gone@example.com; by "Gone Person" gone@example.com
	echo "gone $i" >>foo/a.c; git commit -qam "foo: old change $i"
	as "Bar Gone" bargone@example.com; by "Bar Gone" bargone@example.com
	echo "gone $i" >>bar/b.c; git commit -qam "bar: old change $i"
	i=$((i + 1))
done
git tag v1.0
# 2024: twelve changes to foo/ by Dev Eloper that Git Person applies,
# seven of them posted, six reviewed on the list; eight to bar/ and three
# to widget/ by Amp & "Quote", whose name must be escaped too
A="Dev Eloper <dev@example.com>"
i=1
while [ $i -le 12 ]; do
	d=$(printf '2024-%02d-03' "$i")
	at "$d 00:00:00"
	as "Dev Eloper" dev@example.com; by "Git Person" git@example.com
	echo "change $i" >>foo/a.c
	git commit -qam "foo: change $i" -m "Signed-off-by: $A"
	# the seventh posted, never answered
	[ $i -le 7 ] &&
		post_head "$M/p$i" "$A" "[PATCH] foo: change $i" "$(date -u -R -d "$d - 2 days")" "p$i@x"
	if [ $i -le 6 ]; then
		printf '> quoted\n\nReviewed-by: List Person <listy@example.com>\n' |
			mail "$M/l$i" "List Person <listy@example.com>" "Re: [PATCH] foo: change $i" \
			"$(date -u -R -d "$d - 1 day")" "l$i@x" "p$i@x"
	fi
	if [ $i -le 8 ]; then
		as 'Amp & "Quote"' amp@example.com; by 'Amp & "Quote"' amp@example.com
		echo "change $i" >>bar/b.c; git commit -qam "bar: change $i"
	fi
	if [ $i -le 2 ]; then
		as "Helper Hand" helper@example.com; by "Helper Hand" helper@example.com
		echo "change $i" >>nobody/n.c; git commit -qam "nobody: change $i"
		# an entry that only routes patches to a list: never in trouble
		echo "change $i" >>quux/x.c; git commit -qam "quux: change $i"
	fi
	if [ $i -le 3 ]; then
		as "Widget Keeper" widget@acme.test; by "Widget Keeper" widget@acme.test
		echo "change $i" >>widget/w.c; git commit -qam "widget: change $i"
	fi
	# v2.0's turnover: one R: added for good, one added and taken out
	# again (the diff of the two tags' MAINTAINERS: 1 added, 0 removed)
	if [ $i = 5 ]; then
		at "$d 01:00:00"
		sed -i '/^M:	Quiet Keeper/a R:	Temp Reviewer <temp@example.com>\nR:	Late Reviewer <late@example.com>' MAINTAINERS
		git commit -qam "MAINTAINERS: reviewers for QUIET TOOL"
		sed -i '/^R:	Temp Reviewer/d' MAINTAINERS
		git commit -qam "MAINTAINERS: one reviewer fewer"
	fi
	# releases: v1.0..v2.0 and v2.0..v3.0; a release candidate is none
	[ $i = 4 ] && git tag v2.0-rc1
	[ $i = 6 ] && git tag v2.0
	i=$((i + 1))
done
git tag -a -m "three" v3.0
# a release on a branch the index does not hold (Xen's are on stable
# branches), the newest tag: no page, and the others' pages still come
git checkout -q -b stable v2.0 && echo stable >>foo/a.c &&
	git commit -qam "foo: a stable fix" && git tag v9.0 && git checkout -q - || exit 1
# a patch still waiting, whose subject and Message-ID need escaping
d="2024-12-20"
{
	printf 'A pending change.\n\nSigned-off-by: %s\n---\n' "$A"
	printf -- '--- a/foo/a.c\n+++ b/foo/a.c\n@@ -1 +1 @@\n-a\n+z\n'
} | mail "$M/pend" "$A" "[PATCH] foo: <script>alert(2)</script> & more" \
	"$(date -u -R -d "$d")" 'pend+1/"x"@x'

pi_init test "$I" test@example.com >/dev/null 2>&1 &&
pi_add test "$M"/* 2>/dev/null || { echo "1..1"; echo "not ok 1 - public-inbox"; exit 1; }
expect_success "index the history and the inbox" "$KMAINT" index --inbox "$I"

S=$TRASH/site
# the fixture is small: findings from 5 changes on
REPORT="$KMAINT report --min-changes 5"
expect_success "report --site" $REPORT --site "$S"
like "$TRASH/.err" "warning: the newest 1 tag matching '\\*' is off the indexed history" \
	"it says the newest tag is off the indexed history"
pages=$(find "$S" -name '*.html' | wc -l)
like "$TRASH/.out" "^$pages pages in .*, $pages written \\(0 unchanged\\)" "it says it wrote every page ($pages)"
ok $([ -s "$S/index.html" ] && [ -d "$S/s" ] && [ -d "$S/p" ]; echo $?) "index.html, s/ and p/"
is "$(ls "$S/s" | wc -l)" 7 "a page per section"
ok $([ -f "$S/p/git-example.com.html" ] && [ -f "$S/p/dev-example.com.html" ]; echo $?) \
	"a page for a listed person and for the leading unlisted author"
ok $(grep -q '&lt;script&gt;alert(1)&lt;/script&gt; WIDGET' "$S/index.html"; echo $?) \
	"the hostile section name is escaped in the HTML"
ok $(grep -hc '<script' "$S/index.html" | grep -qx 1; echo $?) "index.html has one script element"
ok $(cat "$S"/s/*.html "$S"/p/*.html | grep -qi '<script'; [ $? = 1 ]; echo $?) \
	"section and person pages have none"
like "$S/s/foo-driver.html" 'href="https://lore\.kernel\.org/r/pend\+1%2F%22x%22@x"' \
	"the pending patch links to lore, its Message-ID percent-encoded"
like "$S/s/foo-driver.html" '&lt;script&gt;alert\(2\)&lt;/script&gt; &amp; more' "its subject escaped"
like "$S/index.html" "Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-" \
	"a CSP forbids every request and allows the one script by its hash"
like "$S/index.html" '<td>2024\*</td>' "the year the history ends in is marked partial"
like "$S/s/foo-driver.html" '<td>2024Q4\*</td>' "so is its quarter"
like "$S/p/git-example.com.html" '<li>M: <a href="\.\./s/foo-driver\.html">FOO DRIVER</a></li>' \
	"a person's page links the sections listing them"
like "$S/p/amp-example.com.html" '<h1>Amp &amp; &quot;Quote</h1>' "an author's name is escaped (git drops the last quote)"
like "$S/index.html" '>FOO DRIVER</a><td>Maintained<td>foo<td>12<td>[0-9]*<td>[0-9-]*<td>1/2<td>' \
	"the sections table says 1 of FOO DRIVER's 2 M: is active"
like "$S/index.html" '>NOBODY HOME</a><td>Maintained<td>nobody<td>2<td>' \
	"a section's area is where its changes are, not where most F: point"
like "$S/index.html" '>EMPTY CORNER</a><td>Orphan<td>empty<td>0<td>' \
	"without changes, where most of its files are (empty/: 2), not where most F: point (docs/: 2 of 3)"
# FOO DRIVER: six patches answered by its R: a day later, one of 7 never
like "$S/index.html" '>FOO DRIVER</a><td>.*<td>1<td>24\.0<td>24\.0<td>14$' \
	"the sections table: median and 90th percentile hours to a listed reply, 14% never answered"
like "$S/s/foo-driver.html" '<tr><td>never answered \(%\)</td><td class="n">14</td></tr>' \
	"the section page gives the share never answered"
like "$S/s/foo-driver.html" '<tr><td>90th percentile hours to a first reply from a listed M:/R:</td><td class="n">24\.0</td></tr>' \
	"and the 90th percentile"
like "$S/kind-single-maintainer.html" '<td class="r">1 active maintainer for 12 changes' \
	"a kind's page gives each row its reason"
ok $([ -f "$S/r/v2.0.html" ] && [ -f "$S/r/v3.0.html" ] && [ "$(ls "$S/r" | wc -l)" = 2 ]; echo $?) \
	"a page per release, v1.0..v2.0 and v2.0..v3.0 (no -rc, none for v9.0 off the index)"
like "$S/r/v3.0.html" "<b id=\"r-changesets\">$(git rev-list --count --no-merges v2.0..v3.0)</b>" \
	"a release's changesets are git rev-list --count --no-merges's"
like "$S/r/v3.0.html" '<tr><td>sections</td><td class="n">7</td></tr><tr><td>M: lines</td><td class="n">5</td></tr><tr><td>R: lines</td><td class="n">3</td></tr>' \
	"and MAINTAINERS at its tag: 7 sections, 5 M:, 3 R:"
like "$S/r/v2.0.html" '<tr><td>M:/R: lines added since the previous release</td><td class="n">1</td></tr><tr><td>M:/R: lines removed since the previous release</td><td class="n">0</td></tr>' \
	"v2.0's turnover is the diff of v1.0's and v2.0's MAINTAINERS, not the events between"
like "$S/r/v3.0.html" 'M:/R: lines added since the previous release</td><td class="n">0</td>' \
	"and v3.0 changed none"
# v2.0..v3.0: Bar Gone and Quiet Keeper never act, Widget Keeper stopped
# at 2024-03; Git Person commits FOO DRIVER's changes
like "$S/r/v3.0.html" '<ul id="unseen"><li>BAR LIBRARY</li><li>QUIET TOOL</li><li>&lt;script&gt;alert\(1\)&lt;/script&gt; WIDGET</li></ul>' \
	"v3.0 lists the sections with no M: seen in the release"
like "$S/r/v2.0.html" '<ul id="unseen"><li>BAR LIBRARY</li><li>QUIET TOOL</li></ul>' \
	"v2.0 those two (WIDGET's M: committed in v1.0..v2.0)"
like "$S/index.html" '<li><a href="r/v3\.0\.html">v3\.0</a>: v2\.0\.\.v3\.0, ' "the front page links the releases"
# netdev's review score: from the list when it is indexed (List Person
# reviewed p1..p6 there, Dev Eloper posted them), from git's trailers
# when not (no Reviewed-by in any commit: List Person has no row)
like "$S/r/v2.0.html" '<p id="review-score-from">netdev.s, from the mailing lists: ' \
	"the review score says it is the lists'"
like "$S/r/v2.0.html" '<tr><td class="n">1</td><td><a href="../p/listy-example\.com\.html">List Person</a></td><td class="n">6</td><td class="n">6</td><td class="n">0</td></tr>' \
	"List Person: 6 patches reviewed on the list, none posted"
like "$S/r/v2.0.html" '<td><a href="../p/dev-example\.com\.html">Dev Eloper</a></td><td class="n">-6</td><td class="n">0</td><td class="n">6</td>' \
	"Dev Eloper: 6 posted, none reviewed"
like "$S/r/v3.0.html" '<tr><td class="n">1</td><td><a href="../p/dev-example\.com\.html">Dev Eloper</a></td><td class="n">-1</td><td class="n">0</td><td class="n">1</td></tr>' \
	"v3.0: the one patch posted between the tags' dates"
# a release page links its people as the other pages do, to pages there are
like "$S/r/v3.0.html" '<td class="n">1</td><td><a href="\.\./p/dev-example\.com\.html">Dev Eloper</a></td><td class="n">' \
	"a release's tables link a person to their page"
links=$(cd "$S/r" && grep -oh 'href="\.\./p/[^"]*"' *.html | sed 's/^href="//; s/"$//' | sort -u)
missing=$(cd "$S/r" && for l in $links; do [ -f "$l" ] || echo "$l"; done)
ok $([ -n "$links" ] && [ -z "$missing" ]; echo $?) \
	"every person link of the release pages reaches a page"
# a table naming people links each to their page, the name as text;
# who has no page stays text (Init Ial: one commit in 2015, not listed)
like "$S/contributors.html" '<td><a href="p/dev-example\.com\.html">Dev Eloper</a></td>' \
	"the contributors page links a person to their page"
like "$S/contributors.html" '<td><a href="p/amp-example\.com\.html">Amp &amp; &quot;Quote</a></td>' \
	"the name in the link escaped"
like "$S/contributors.html" '<td>Init Ial</td>' "a person with no page is text"
links=$(grep -oh 'href="p/[^"]*"' "$S/contributors.html" | sed 's/^href="//; s/"$//' | sort -u)
missing=$(cd "$S" && for l in $links; do [ -f "$l" ] || echo "$l"; done)
ok $([ "$(echo "$links" | wc -l)" -ge 5 ] && [ -z "$missing" ]; echo $?) \
	"every person link of the contributors page reaches a page"
like "$S/s/script-alert-1-script-widget.html" '<td><a href="\.\./p/widget-acme\.test\.html">&quot;&gt;&lt;img src=x onerror=alert\(3\)&gt; Keeper &lt;widget@acme\.test&gt;</a></td>' \
	"MAINTAINERS history links the M: line's person, its markup as text"
like "$S/s/foo-driver.html" ' from <a href="\.\./p/dev-example\.com\.html">Dev Eloper</a></li>' \
	"a pending patch links its sender's page"
# a section's MAINTAINERS history: its own changes only, all of them, in
# the history's order (site.c's index_events())
is "$(sed -n '/<h2>MAINTAINERS history/,/<\/table>/p' "$S/s/quiet-tool.html" |
	sed -n 's|^<tr><td>[0-9-]*</td><td>\([^<]*\)</td><td>\([^&]*\) &lt;.*|\1/\2|p' |
	tr '\n' ';')" \
	"M: added (first version indexed)/Quiet Keeper;R: removed/Temp Reviewer;R: added/Temp Reviewer;R: added/Late Reviewer;" \
	"a section's MAINTAINERS history: its changes, in order"
# one employer model: acme.test by its domain on the card, the person's
# page and the employers' list; example.com is a personal domain
total=$(git rev-list --count --no-merges HEAD)
acme=$(git rev-list --count --no-merges --author=widget@acme.test HEAD)
like "$S/index.html" "$(awk "BEGIN { printf \"%.1f\", 100 * ($total - $acme) / $total }")% of changesets of unknown employer" \
	"the employers card says the share still unknown ($acme of $total commits known)"
like "$S/contributors.html" '<td>acme\.test \(by domain\)</td>' "the employers' list falls back to the domain"
# and so do the release pages (the issue: one model everywhere)
rtotal=$(git rev-list --count --no-merges v1.0..v2.0)
racme=$(git rev-list --count --no-merges --author=widget@acme.test v1.0..v2.0)
like "$S/r/v2.0.html" "the gitdm map, else the address's domain; $(awk "BEGIN { printf \"%.1f\", 100 * ($rtotal - $racme) / $rtotal }")% of the changesets remain of unknown employer" \
	"a release page says its share still unknown ($racme of $rtotal commits known)"
like "$S/r/v2.0.html" '<td>acme\.test \(by domain\)</td>' \
	"a release page's employers fall back to the domain, as every page's"
like "$S/s/script-alert-1-script-widget.html" '<td>acme\.test \(by domain\)</td>' \
	"as the section page does"
bytes=$(wc -c <"$S/index.html")
like "$TRASH/.out" "index.html $bytes bytes" "the size it reports is the file's"

# a second run compares before writing
find "$S" -name '*.html' -exec touch -d 2020-01-01 {} +
touch -d 2020-01-02 "$TRASH/mark"
expect_success "report --site again" $REPORT --site "$S"
like "$TRASH/.out" "^$pages pages in .*, 0 written \\($pages unchanged\\)" "nothing rewritten"
is "$(find "$S" -name "*.html" -newer "$TRASH/mark" | wc -l)" 0 "no file touched (mtimes kept)"
echo junk >"$S/s/bar-library.html"
expect_success "report --site after a page was damaged" $REPORT --site "$S"
like "$TRASH/.out" ", 1 written \\($((pages - 1)) unchanged\\)" "only the damaged page is rewritten"
like "$S/s/bar-library.html" '<h1>BAR LIBRARY</h1>' "and it is whole again"
expect_failure "--site with --section is a usage error" $REPORT --site "$S" --section FOO
is "$rc" 129 "exit 129"

# the review score without lists: git's trailers
expect_success "an index without the lists" "$KMAINT" index --db "$TRASH/nolists.sqlite"
expect_success "report --site on it" $REPORT --db "$TRASH/nolists.sqlite" --site "$TRASH/site-nolists"
like "$TRASH/site-nolists/r/v2.0.html" '<p id="review-score-from">netdev.s, from git \(no list is indexed\): ' \
	"without lists the review score says it is git's"
ok $(grep -qE '>List Person(</a>)?</td>' "$TRASH/site-nolists/r/v2.0.html"; [ $? = 1 ]; echo $?) \
	"and List Person, who gave no trailer in git, has no row"
like "$TRASH/site-nolists/r/v2.0.html" '<td><a href="../p/dev-example\.com\.html">Dev Eloper</a></td><td class="n">-6</td><td class="n">0</td><td class="n">6</td>' \
	"Dev Eloper: 6 changesets, no trailer given"
ok $(cat "$TRASH/site-nolists/s/foo-driver.html" "$TRASH/site-nolists/p/git-example.com.html" |
	grep -q '<th>list messages</th>'; [ $? = 1 ]; echo $?) \
	"without lists, no list messages column on section and person pages"
like "$S/p/git-example.com.html" '<th>tags</th><th>list messages</th>' "with lists, that column"

# links through templates: Message-IDs (lore's by default), commit ids
S2=$TRASH/site-links
expect_success "report --site with --message-url and --commit-url" $REPORT --site "$S2" \
	--message-url 'https://mail.example.org/m/%s/' --commit-url 'https://git.example.org/c/%s' \
	--title '<script>alert(5)</script> & "T"'
like "$S2/index.html" '<title>&lt;script&gt;alert\(5\)&lt;/script&gt; &amp; &quot;T&quot;</title>' \
	"a --title with markup is text in the title"
like "$S2/index.html" '<h1>&lt;script&gt;alert\(5\)&lt;/script&gt; &amp; &quot;T&quot;</h1>' \
	"and in the heading"
ok $(grep -c '<script' "$S2/index.html" | grep -qx 1; echo $?) "the front page keeps its one script"
like "$S2/s/foo-driver.html" 'href="https://mail\.example\.org/m/pend\+1%2F%22x%22@x/"' \
	"a Message-ID links through --message-url, percent-encoded"
like "$S2/s/foo-driver.html" '<code><a href="https://git\.example\.org/c/[0-9a-f]{7,}">[0-9a-f]{7,}</a></code>' \
	"a commit id links through --commit-url"
ok $(grep -q '<code><a' "$S/s/foo-driver.html"; [ $? = 1 ]; echo $?) \
	"without --commit-url a commit id is text"
# the default from remote.origin.url when its web view is known
git config remote.origin.url git@github.com:example/proj.git
S3=$TRASH/site-remote
expect_success "report --site in a clone of github.com" $REPORT --site "$S3"
like "$S3/s/foo-driver.html" '<code><a href="https://github\.com/example/proj/commit/[0-9a-f]{7,}">' \
	"a commit id links to github.com's commit page"
expect_success "report --site --commit-url ''" $REPORT --site "$S3" --commit-url ''
ok $(grep -q '<code><a' "$S3/s/foo-driver.html"; [ $? = 1 ]; echo $?) \
	"--commit-url '' turns the link off"
git config --unset remote.origin.url
expect_failure "--commit-url without %s is a usage error" $REPORT --site "$S2" --commit-url 'https://x/'
is "$rc" 129 "exit 129"

# what the front page must show, from audit --json and stats --json
"$KMAINT" audit --min-changes 5 --json >"$TRASH/audit.json"
"$KMAINT" stats --json >"$TRASH/stats.json"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
# what git shortlog says of each release, for the release pages
for r in v1.0..v2.0 v2.0..v3.0; do
	git shortlog -sn --no-merges "$r" |
	$PY -c 'import json, sys; print(json.dumps(sorted([l.split("\t", 1)[1].rstrip("\n"), int(l.split("\t")[0])] for l in sys.stdin)))' \
		>"$TRASH/shortlog-${r#*..}.json"
done
$PY - "$TRASH/audit.json" "$TRASH/stats.json" "$HOSTILE" "$TRASH/shortlog-v2.0.json" \
	"$TRASH/shortlog-v3.0.json" >"$TRASH/expected.json" <<'EOF'
import json, sys
a = json.load(open(sys.argv[1]))
st = json.load(open(sys.argv[2]))["totals"]
kinds = {}
inactive = []
for s in a["sections"]:
    for f in s["findings"]:
        kinds[f["kind"]] = kinds.get(f["kind"], 0) + 1
        if f["kind"] == "inactive" and s["section"] not in inactive:
            inactive.append(s["section"])
status = [(s["status"] or "").lower() for s in a["sections"]]
# no active maintainer: no M:, or an M: none of whom was seen in the
# window in a section whose files changed (QUIET TOOL's did not: it is
# not counted)
def idle(s):
    ms = [l for l in s["listed"] if l["type"] == "M" and l["role"] == "person"]
    seen = [l for l in ms if (l.get("last_activity") or "") >= a["since"][:10]]
    return not ms or (s["changes"] > 0 and not seen)
# L: and no M:, R: or S: (QUUX MAILING LIST): no maintainer by design
def list_only(s):
    return s["section"] == "QUUX MAILING LIST"
def live(s):
    return not (s["status"] or "").lower().startswith("obsolete") and \
        not list_only(s)
no_active = sum(idle(s) for s in a["sections"] if live(s))
# the triage's ranking (judge/triage.h), from the audit's own figures
def trouble(s):
    ms = [l for l in s["listed"] if l["type"] == "M" and l["role"] == "person"]
    if not live(s):
        return None
    if not ms:
        return 0 if s["changes"] > 0 else 3
    if idle(s):
        return 1
    return 2 if s["findings"] else None
ranked = sorted((trouble(s), -s["changes"], s["section"]) for s in a["sections"]
                if trouble(s) is not None)
def names(f):
    return sorted(s["section"] for s in a["sections"] if f(s))
def has_status(s, w):
    return (s["status"] or "").lower().startswith(w)
listed = sorted(set(l["email"] for s in a["sections"] for l in s["listed"]
                    if l["role"] == "person"))
print(json.dumps({
    "cards": {"sections": len(a["sections"]), "findings": a["findings"],
              "orphan": sum(x.startswith("orphan") for x in status),
              "odd-fixes": sum(x.startswith("odd fix") for x in status),
              "changesets": st["changesets"], "developers": st["developers"],
              "employers": 1, "pending": 1,
              "no-active": no_active, "listed": len(listed),
              "obsolete": sum(x.startswith("obsolete") for x in status)},
    "hour_cards": ["first-reply", "review-duration"],
    "kinds": kinds, "inactive": inactive, "hostile": sys.argv[3],
    "triage": [r[2] for r in ranked],
    "card_rows": {
        "sections": names(lambda s: True),
        "findings": names(lambda s: s["findings"]),
        "no-active": names(lambda s: live(s) and idle(s)),
        "orphan": names(lambda s: has_status(s, "orphan")),
        "odd-fixes": names(lambda s: has_status(s, "odd fix")),
        "obsolete": names(lambda s: has_status(s, "obsolete")),
        "first-reply": names(lambda s: True),
        "review-duration": names(lambda s: True)},
    "listed": listed, "people_filter": "dev", "people_match": ["Dev Eloper"],
    "name_filter": "foo", "name_match": "FOO DRIVER",
    "section_page": "s/foo-driver.html", "section_name": "FOO DRIVER",
    "lore_links": 1,
    "releases": {"r/v2.0.html": json.load(open(sys.argv[4])),
                 "r/v3.0.html": json.load(open(sys.argv[5]))}}))
EOF
ok $? "the expected figures, from audit --json and stats --json"
like "$TRASH/expected.json" '"inactive": \["BAR LIBRARY", "FOO DRIVER"\]' \
	"the audit finds Bar Gone and Gone Person inactive (the filter's answer)"
like "$TRASH/expected.json" '"triage": \["NOBODY HOME", "BAR LIBRARY", "FOO DRIVER", "EMPTY CORNER"\]' \
	"in trouble: no M: with changes, an idle M: with changes, findings, no M: and no change"

need_selenium
ART=${KMAINT_ARTEFACTS:-$SRCDIR/build/artefacts}
mkdir -p "$ART"
# TAP lines of its own, numbered on from ours
$PY "$SRCDIR/t/site-browser.py" "$S" "$TRASH/expected.json" "$ART" >"$TRASH/browser" 2>"$TRASH/browser.err"
brc=$?
while IFS= read -r line; do
	case $line in
	"ok "*) ok 0 "browser: ${line#ok * - }" ;;
	"not ok "*) ok 1 "browser: ${line#not ok * - }" ;;
	*) echo "$line" ;;
	esac
done <"$TRASH/browser"
ok $brc "the browser driver ran to its end"
[ $brc = 0 ] || sed 's/^/# /' "$TRASH/browser.err" | tail -20
ok $([ -s "$ART/site-index.png" ] && [ -s "$ART/site-section.png" ]; echo $?) \
	"screenshots of the front page and a section page in $ART"
done_testing
