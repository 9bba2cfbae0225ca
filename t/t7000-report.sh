#!/bin/sh
# kmaint report: a self-contained page, opened in headless Chromium.
# It must render with its charts, make no request, and show an author
# named <script>alert(1)</script> as text.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"

R=$TRASH/xfs
make_xfs_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q
# git strips '<' and '>' from names, so the hostile name goes in through
# the index, as any string from a repository could
XSS='<script>alert(1)</script>'
if command -v sqlite3 >/dev/null; then
	sqlite3 .git/kmaint/index.sqlite \
		"UPDATE people SET name = '$XSS', mname = '$XSS' WHERE email = 'xss@example.com'"
	ok $? "an author named $XSS in the index"
else
	ok 1 "sqlite3 is needed to name an author $XSS"
fi

expect_success "report" "$KMAINT" report --as-of "$XFS_UNTIL" -o "$TRASH/r.html"
H=$TRASH/r.html
ok $([ -s "$H" ]; echo $?) "the page is written"
if grep -Eiq '(src|href|action|xlink:href)[[:space:]]*=[[:space:]]*["'"'"']?[[:space:]]*(https?:)?//' "$H"; then
	ok 1 "no src= or href= to the network"
else
	ok 0 "no src= or href= to the network"
fi
if grep -Eiq '@import|url\(' "$H"; then ok 1 "no CSS import or url()"; else ok 0 "no CSS import or url()"; fi
if grep -qi '<script' "$H"; then ok 1 "no script element in the HTML"; else ok 0 "no script element in the HTML"; fi
like "$H" '&lt;script&gt;alert\(1\)&lt;/script&gt;' "the hostile name is in the HTML, escaped"
is "$(grep -c '<svg' "$H")" 4 "four charts: by person, by employer, tenure, reviews"

CHROMIUM=$(command -v chromium || command -v chromium-browser)
if [ -z "$CHROMIUM" ]; then
	[ "${CI:-}" = true ] && { ok 1 "chromium is installed (scripts/deps.sh)"; done_testing; exit; }
	echo "# SKIP chromium not installed: the browser checks are skipped"
	done_testing
	exit
fi
# a fresh profile; every fetch would go through a proxy that is not there
chrome() {
	rm -rf "$TRASH/profile"
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update \
		--disable-sync --no-first-run --user-data-dir="$TRASH/profile" \
		--proxy-server=127.0.0.1:9 --enable-logging=stderr --v=1 "$@"
}
# the requests a page made: Chromium's own calls home left out
requests() {
	sed -n 's/.*NotifyBeforeURLRequest: //p' "$1" |
		grep -Ev '^https?://([a-z0-9-]+\.)*(google\.com|googleapis\.com|gstatic\.com|gvt1\.com)/' || true
}

chrome --window-size=1200,2400 --screenshot="$TRASH/shot.png" "file://$H" >/dev/null 2>"$TRASH/log1"
ok $? "Chromium takes a screenshot"
ok $([ -s "$TRASH/shot.png" ] && [ "$(head -c 4 "$TRASH/shot.png" | od -An -c | tr -d ' ')" = '211PNG' ]; echo $?) \
	"the screenshot is a non-empty PNG"
chrome --dump-dom "file://$H" >"$TRASH/dom" 2>"$TRASH/log2"
ok $? "Chromium dumps the DOM"
is "$(grep -o '<svg' "$TRASH/dom" | wc -l)" 4 "the rendered DOM has the four charts"
like "$TRASH/dom" '&lt;script&gt;alert\(1\)&lt;/script&gt;' "the hostile name is text in the DOM"
if grep -qi '<script' "$TRASH/dom"; then ok 1 "no script element in the DOM"; else ok 0 "no script element in the DOM"; fi
is "$(requests "$TRASH/log1"; requests "$TRASH/log2")" "" "the page made no request"

# the check above can fail: a page with a remote image does make one
printf '<!DOCTYPE html><img src="http://example.invalid/x.png">\n' >"$TRASH/bad.html"
chrome --dump-dom "file://$TRASH/bad.html" >/dev/null 2>"$TRASH/log3"
like "$TRASH/log3" 'NotifyBeforeURLRequest: http://example.invalid/x.png' "a fetching page is caught in the log"
done_testing
