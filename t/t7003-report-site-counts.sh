#!/bin/sh
# kmaint report --site prints a count of a thousand or more with a comma
# between thousands ("1,203"), in the cards, the tables and the
# sentences, and its script still sorts the sections table by the
# number: 1,203 changes sort above 2.  1,200 commits from git
# fast-import (a second), not a kernel-sized history.
. "${0%/*}/lib.sh"

R=$TRASH/proj
git init -q -b main "$R" && cd "$R" || exit 1
N=1200
# MAINTAINERS, then N commits to big/ by one author and two to small/
# by another, three hours apart from 2024-01-01
awk -v n=$N 'function blob(s) { printf "data %d\n%s", length(s), s }
BEGIN {
	m = "BIG DRIVER\nM:\tBig Keeper <big@example.com>\nS:\tMaintained\nF:\tbig/\n\n" \
	    "SMALL TOOL\nM:\tSmall Keeper <small@example.com>\nS:\tMaintained\nF:\tsmall/\n"
	printf "commit refs/heads/main\nmark :1\n"
	printf "author Big Keeper <big@example.com> 1704067200 +0000\n"
	printf "committer Big Keeper <big@example.com> 1704067200 +0000\n"
	blob("initial\n")
	printf "M 100644 inline MAINTAINERS\n"
	blob(m)
	for (i = 2; i <= n + 1; i++) {
		printf "commit refs/heads/main\nmark :%d\n", i
		t = 1704067200 + i * 10800
		printf "author Big Keeper <big@example.com> %d +0000\n", t
		printf "committer Big Keeper <big@example.com> %d +0000\n", t
		blob("big: change " i "\n")
		printf "from :%d\nM 100644 inline big/b.c\n", i - 1
		blob("change " i "\n")
	}
	for (j = 1; j <= 2; j++) {
		i = n + 1 + j
		printf "commit refs/heads/main\nmark :%d\n", i
		t = 1704067200 + i * 10800
		printf "author Small Keeper <small@example.com> %d +0000\n", t
		printf "committer Small Keeper <small@example.com> %d +0000\n", t
		blob("small: change " j "\n")
		printf "from :%d\nM 100644 inline small/s.c\n", i - 1
		blob("change " j "\n")
	}
}' | git fast-import --quiet && git checkout -q -f main || exit 1
expect_success "index $((N + 3)) commits" "$KMAINT" index
S=$TRASH/site
expect_success "report --site" "$KMAINT" report --site "$S"
like "$S/index.html" '>BIG DRIVER</a><td>Maintained<td>big<td>1,200<td>' \
	"the sections table: 1,200 changes"
like "$S/index.html" '<div class="card" id="c-changesets"><b><a href="contributors.html">1,203</a></b>' \
	"the changesets card: 1,203"
like "$S/s/big-driver.html" '\. 1,200 changes in the window \(1,200 ever\), 1,200 of them' \
	"the section page's sentence"
like "$S/s/big-driver.html" '<td class="n">1,200</td>' "its listed person's changesets"
like "$S/p/big-example.com.html" ': 1,201 changesets authored, 1,201 committed' \
	"the person page's sentence"
like "$S/contributors.html" '<td><a href="p/big-example\.com\.html">Big Keeper</a></td><td class="n">1,201</td>' \
	"the contributors table"
like "$S/people.html" '<td class="n">1,201</td></tr>' "the people index"
"$KMAINT" stats --json >"$TRASH/stats.json"
like "$TRASH/stats.json" '"changesets": 1203' "stats --json keeps the plain number"
# an author's employer is the one of each commit's date (gitdm's
# "< date" lines): Big Keeper's 1,201 commits, every three hours from
# 2024-01-01, are 479 before March and 722 after, whatever the site's
# walk keeps of an author from one commit to the next
printf 'big@example.com Early Corp < 2024-03-01\nbig@example.com Late Corp\n' \
	>"$TRASH/emap"
expect_success "report --site --email-map, with a date" \
	"$KMAINT" report --site "$TRASH/dated" --email-map "$TRASH/emap"
like "$TRASH/dated/contributors.html" \
	'<td>Late Corp</td><td class="n">722</td>' \
	"the employers' list: 722 commits from March on"
like "$TRASH/dated/contributors.html" \
	'<td>Early Corp</td><td class="n">479</td>' "and 479 before"

need_selenium
# a click on Changes sorts by the number the cell shows, commas and all
$PY - "$S" >"$TRASH/sorted" 2>"$TRASH/browser.err" <<'EOF'
import os, sys
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
for a in ("--headless", "--no-sandbox", "--disable-gpu",
          "--disable-dev-shm-usage", "--proxy-server=127.0.0.1:9"):
    opts.add_argument(a)
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
try:
    d.get("file://" + os.path.realpath(sys.argv[1]) + "/index.html")
    d.find_element(By.XPATH, "//table[@id='t']//th[4]//button").click()
    print(" ".join(r.find_elements(By.TAG_NAME, "td")[3].text
                   for r in d.find_elements(By.CSS_SELECTOR, "#t tbody tr")))
finally:
    d.quit()
EOF
is "$(cat "$TRASH/sorted")" "2 1,200" "a click sorts the changes ascending: 2, then 1,200"
[ -s "$TRASH/sorted" ] || sed 's/^/# /' "$TRASH/browser.err" | tail -5
done_testing
