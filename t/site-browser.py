#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Drive Debian's chromium through the site "kmaint report --site" wrote.

    site-browser.py SITE EXPECTED.json ARTEFACTS

EXPECTED holds what the front page must show (from kmaint audit --json
and kmaint stats --json on the same index) and the names of sections to
filter for.  Prints TAP lines without a plan (t7001 counts them); exits
non-zero when one failed.
"""
import json
import os
import sys
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

site, expected_path, artefacts = sys.argv[1:4]
site = os.path.realpath(site)
expected = json.load(open(expected_path))
count = 0
failed = 0


def ok(cond, desc, diag=None):
    global count, failed
    count += 1
    if not cond:
        failed += 1
    print("%sok %d - %s" % ("" if cond else "not ", count, desc))
    if not cond and diag is not None:
        for line in str(diag).splitlines()[:20]:
            print("#   " + line)
    sys.stdout.flush()


def browser(javascript=True):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--window-size=1280,2000",
              "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--no-first-run",
              # a request that tries to leave goes nowhere
              "--proxy-server=127.0.0.1:9"):
        opts.add_argument(a)
    if not javascript:
        opts.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    opts.set_capability("goog:loggingPrefs",
                        {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=opts)


def url(rel):
    return "file://" + urllib.parse.quote(os.path.join(site, rel))


def requests(d):
    """The URLs the pages asked for since the last call."""
    out = []
    for e in d.get_log("performance"):
        m = json.loads(e["message"])["message"]
        if m.get("method") == "Network.requestWillBeSent":
            out.append(m["params"]["request"]["url"])
    return out


def number(text):
    """A count as the site prints it, "1,234", read back."""
    return int(text.replace(",", ""))


# the widest count a card must hold on one line: ten characters
WIDEST = "99,999,999"


def card_faults(d, num=None):
    """The cards whose number wraps or overflows, with num put in each."""
    return d.execute_script("""
        var num = arguments[0], bad = [];
        document.querySelectorAll('.cards .card').forEach(function(c) {
            var b = c.querySelector('b'), t = b.querySelector('a') || b;
            if (num)
                t.textContent = num;
            var r = document.createRange(), tops = {}, n = 0;
            r.selectNodeContents(b);
            [].forEach.call(r.getClientRects(), function(x) {
                if (x.width && !tops[Math.round(x.top)]) {
                    tops[Math.round(x.top)] = 1;
                    n++;
                }
            });
            var cs = getComputedStyle(c), cr = c.getBoundingClientRect(),
                end = cr.right - parseFloat(cs.paddingRight) -
                      parseFloat(cs.borderRightWidth);
            if (n != 1)
                bad.push(c.id + ': "' + b.textContent + '" on ' + n + ' lines');
            if (r.getBoundingClientRect().right > end + 0.5)
                bad.push(c.id + ': "' + b.textContent + '" overflows by ' +
                         (r.getBoundingClientRect().right - end) + ' px');
        });
        return bad;""", num)


def visible_rows(d):
    return [r for r in d.find_elements(By.CSS_SELECTOR, "#t tbody tr")
            if r.is_displayed()]


d = browser()
try:
    d.get(url("index.html"))
    d.save_screenshot(os.path.join(artefacts, "site-index.png"))

    # the headline figures are audit's and stats' own
    def card(i):
        return d.find_element(By.CSS_SELECTOR, "#c-%s b" % i).text

    for k, v in expected["cards"].items():
        ok(card(k) == format(v, ","), "front page: %s is %s" % (k, v),
           "shown: %s" % card(k))
    for k, v in expected["kinds"].items():
        got = d.find_element(By.ID, "kind-" + k).text
        ok(got == str(v), "front page: %s findings of kind %s" % (v, k),
           "shown: %s" % got)

    # the sections in trouble come first, worst first
    tri = [r.find_elements(By.TAG_NAME, "td")[1].text
           for r in d.find_elements(By.CSS_SELECTOR, "#tri tbody tr")]
    ok(tri == expected["triage"], "the sections in trouble, in order: %s" %
       ", ".join(expected["triage"]), tri)

    # sorting a column reorders the rows
    rows = visible_rows(d)
    ok(len(rows) == expected["cards"]["sections"], "every section is a row")
    names = [r.find_elements(By.TAG_NAME, "td")[0].text for r in rows]
    head = d.find_element(By.XPATH, "//table[@id='t']//th[3+1]//button")
    head.click()
    col = [number(r.find_elements(By.TAG_NAME, "td")[3].text)
           for r in visible_rows(d)]
    ok(col == sorted(col), "a click sorts by changes, ascending", col)
    head.click()
    col2 = [number(r.find_elements(By.TAG_NAME, "td")[3].text)
            for r in visible_rows(d)]
    ok(col2 == sorted(col2, reverse=True) and col2 != col,
       "a second click sorts descending", col2)
    after = [r.find_elements(By.TAG_NAME, "td")[0].text
             for r in visible_rows(d)]
    ok(after != names and sorted(after) == sorted(names),
       "the rows were reordered, none lost", after)

    # a filter hides the rows it should
    Select(d.find_element(By.ID, "fk")).select_by_visible_text("inactive")
    shown = sorted(r.find_elements(By.TAG_NAME, "td")[0].text
                   for r in visible_rows(d))
    ok(shown == sorted(expected["inactive"]),
       "the finding filter shows exactly the sections with an inactive finding",
       "%s, want %s" % (shown, expected["inactive"]))
    Select(d.find_element(By.ID, "fk")).select_by_value("")
    q = d.find_element(By.ID, "q")
    q.send_keys(expected["name_filter"])
    shown = [r.find_elements(By.TAG_NAME, "td")[0].text
             for r in visible_rows(d)]
    ok(shown == [expected["name_match"]], "the name filter shows one section",
       shown)
    ok(d.find_element(By.ID, "n").text.startswith("1 of "),
       "and says how many are shown")

    # the hostile section name is text, and never ran
    body = d.execute_script("return document.getElementById('t').textContent")
    ok(expected["hostile"] in body, "the hostile section name is in the table as text")
    ok(d.execute_script("return document.scripts.length") == 1,
       "the page has its one script and no other")
    try:
        d.switch_to.alert
        ok(False, "no alert() ran")
    except NoAlertPresentException:
        ok(True, "no alert() ran")

    # every link of every page resolves to a file of the site, or lore
    todo, seen, bad, lore, pages = ["index.html"], set(), [], 0, 0
    scripted = []
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        d.get(url(rel))
        pages += 1
        if d.execute_script("return document.scripts.length") > 1:
            scripted.append(rel)
        for a in d.find_elements(By.TAG_NAME, "a"):
            h = a.get_attribute("href")
            if h.startswith("https://lore.kernel.org/r/"):
                lore += 1
                continue
            p = urllib.parse.urlparse(h)
            path = urllib.parse.unquote(p.path)
            if p.scheme != "file" or not os.path.isfile(path) or \
               not path.startswith(site + "/"):
                bad.append("%s: %s" % (rel, h))
                continue
            todo.append(os.path.relpath(path, site))
        if rel == expected["section_page"]:
            d.save_screenshot(os.path.join(artefacts, "site-section.png"))
    nfiles = sum(len([f for f in fs if f.endswith(".html")])
                 for _, _, fs in os.walk(site))
    ok(not bad, "every link on %d pages resolves to a file of the site" % pages,
       "\n".join(bad))
    ok(pages == nfiles, "every page (%d) is reachable from the front page" %
       nfiles, "%d reached" % pages)
    ok(lore >= expected["lore_links"], "pending patches link to lore (%d)" % lore)
    ok(not scripted, "no page has a script but its own (markup stays text)",
       scripted)
    try:
        d.switch_to.alert
        ok(False, "no alert() ran on any page")
    except NoAlertPresentException:
        ok(True, "no alert() ran on any page")

    # every headline card is a link to the rows it counts
    def cells(sel, col=0):
        return d.execute_script(
            "return [].map.call(document.querySelectorAll(arguments[0]),"
            "function(r){return r.cells[arguments[1]].textContent})"
            .replace("arguments[1]", str(col)), sel)

    d.get(url("index.html"))
    shown = d.execute_script(
        "return [].map.call(document.querySelectorAll('.cards .card'),"
        "function(c){var a=c.querySelector('b a');return [c.id.slice(2),"
        "c.querySelector('b').textContent,a?a.getAttribute('href'):null]})")
    ok(sorted(c[0] for c in shown) ==
       sorted(list(expected["cards"]) + expected["hour_cards"]),
       "every headline card is tested", [c[0] for c in shown])
    for k, num, href in shown:
        if not href:
            ok(False, "the %s card is a link" % k)
            continue
        d.get(url("index.html"))
        d.get(d.find_element(By.CSS_SELECTOR, "#c-%s b a" % k)
              .get_attribute("href"))
        frag = urllib.parse.urlparse(href).fragment
        if frag:
            ok(d.execute_script("return !!document.getElementById(arguments[0])",
                                frag), "the %s card's anchor #%s exists" %
               (k, frag))
        # a card of hours leads to the table it is the median of
        v = expected["cards"]["sections"] if k in expected["hour_cards"] \
            else number(num)
        if k in expected["card_rows"]:
            got = sorted(cells("#t tbody tr"))
            # the findings card counts findings, its rows list them
            n = sum(len(x.split()) for x in cells("#t tbody tr", 7)) \
                if k == "findings" else len(got)
            ok(got == expected["card_rows"][k] and n == v,
               "the %s card leads to exactly its %d %s" %
               (k, v, "findings" if k == "findings" else "sections"), got)
        elif k == "listed":
            got = [x for x in cells("#pt tbody tr", 2) if number(x) > 0]
            ok(len(got) == v, "the listed card leads to its %d people" % v,
               "%d shown" % len(got))
        elif k == "pending":
            # each patch's first link is its Message-ID's; the second
            # its sender's page
            got = d.find_elements(By.CSS_SELECTOR, "li > a:first-child")
            ok(len(got) == v, "the pending card leads to its %d patches" % v,
               "%d shown" % len(got))
        elif k in ("developers", "changesets"):
            got = [number(x) for x in cells("#developers-t tbody tr", 2)]
            n = sum(got) if k == "changesets" else len(got)
            ok(n == v, "the %s card leads to its %d rows" % (k, v),
               "%d shown" % n)
        elif k == "employers":
            got = cells("#employers-t tbody tr", 1)
            ok(len(got) == v, "the employers card leads to its %d" % v, got)
        else:
            ok(False, "a test for the %s card" % k)

    # a release page's changesets are git shortlog -sn --no-merges's
    for rel, want in expected["releases"].items():
        d.get(url(rel))
        got = sorted([r[1], number(r[2])] for r in d.execute_script(
            "return [].map.call(document.querySelectorAll('#changesets-t tbody tr'),"
            "function(r){return [].map.call(r.cells,function(c){return c.textContent})})"))
        ok(got == want, "%s: changesets by person as git shortlog -sn --no-merges" %
           rel, "%s\nwant %s" % (got, want))
        head = d.find_element(By.XPATH, "//b[@id='r-changesets']/..").text
        total = d.find_element(By.ID, "r-changesets").text
        ok(total == format(sum(n for _, n in want), ",") and
           " by {:,} developers".format(len(want)) in head,
           "%s: %d changesets by %d developers, as git shortlog's" %
           (rel, sum(n for _, n in want), len(want)), head)
        # its people link to their pages, as the other pages' do
        links = d.find_elements(By.CSS_SELECTOR, "#changesets-t tbody a")
        name = links[0].text if links else None
        if links:
            links[0].click()
        h1 = d.find_element(By.TAG_NAME, "h1").text
        ok(name and h1 == name and "/p/" in d.current_url,
           "%s: a person's link reaches their page" % rel,
           "%s: %s at %s" % (name, h1, d.current_url))

    # the people index's filter
    d.get(url("people.html"))
    d.find_element(By.ID, "pq").send_keys(expected["people_filter"])
    shown = [r.find_elements(By.TAG_NAME, "td")[0].text for r in
             d.find_elements(By.CSS_SELECTOR, "#pt tbody tr") if r.is_displayed()]
    ok(shown == expected["people_match"], "the people filter shows %s" %
       expected["people_match"], shown)
    ok(d.find_element(By.ID, "pn").text.startswith("%d of " % len(shown)),
       "and says how many are shown")

    # a phone's width: tables scroll in their box, never the page
    d.set_window_size(1280, 2000)
    small = []
    for rel in ("index.html", expected["section_page"]):
        d.get(url(rel))
        small.extend("%s: %.1f px" % (rel, px) for px in d.execute_script(
            "return [].map.call(document.querySelectorAll('svg'),function(s){"
            "return 11*s.getScreenCTM().a})") if px < 10.99)
    ok(not small, "chart labels are 11 px or more at 1280 px", "\n".join(small))
    d.get(url("index.html"))
    bad = card_faults(d)
    ok(not bad, "no card's number wraps or overflows at 1280 px", "\n".join(bad))
    bad = card_faults(d, WIDEST)
    ok(not bad, "nor would %s at 1280 px" % WIDEST, "\n".join(bad))
    d.set_window_size(412, 900)
    wide, small = [], []
    for rel in ["index.html", "trouble.html", "people.html",
                "contributors.html", "findings.html", expected["section_page"],
                "p/git-example.com.html"] + list(expected["releases"]):
        d.get(url(rel))
        sw, cw, iw = d.execute_script(
            "var e=document.documentElement;"
            "return [e.scrollWidth,e.clientWidth,window.innerWidth]")
        if sw > cw or sw > iw or iw > 412:
            wide.append("%s: %d > %d (inner %d)" % (rel, sw, cw, iw))
        small.extend("%s: %.1f px" % (rel, px) for px in d.execute_script(
            "return [].map.call(document.querySelectorAll('svg'),function(s){"
            "return 11*s.getScreenCTM().a})") if px < 10.99)
    ok(not wide, "no page scrolls sideways at 412 px", "\n".join(wide))
    d.get(url("index.html"))
    bad = card_faults(d)
    ok(not bad, "no card's number wraps or overflows at 412 px", "\n".join(bad))
    bad = card_faults(d, WIDEST)
    ok(not bad, "nor would %s at 412 px" % WIDEST, "\n".join(bad))
    ok(not small, "chart labels are 11 px or more at 412 px", "\n".join(small))
    d.set_window_size(1280, 2000)
    reqs = requests(d)
    out = [r for r in reqs if not r.startswith("file://")]
    ok(reqs and not out, "no request left file:// (%d made)" % len(reqs), out)
    errs = [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    ok(not errs, "no console error or warning (a CSP violation is one)", errs)
finally:
    d.quit()

# the same pages without JavaScript
d = browser(javascript=False)
try:
    d.get(url("index.html"))
    ok(d.execute_script is not None, "a browser with JavaScript off")
    rows = d.find_elements(By.CSS_SELECTOR, "#t tbody tr")
    ok(len([r for r in rows if r.is_displayed()]) == expected["cards"]["sections"],
       "without JavaScript every section row shows")
    ok(not d.find_element(By.ID, "ctl").is_displayed(),
       "and the controls that need it stay hidden")
    ok(d.find_element(By.CSS_SELECTOR, "#c-findings b").text ==
       str(expected["cards"]["findings"]), "the figures read the same")
    d.find_element(By.LINK_TEXT, "inactive").click()
    shown = sorted(r.find_elements(By.TAG_NAME, "td")[0].text for r in
                   d.find_elements(By.CSS_SELECTOR, "#t tbody tr"))
    ok(shown == sorted(expected["inactive"]),
       "the headline's link leads to the sections with that finding", shown)
    d.get(url("people.html"))
    rows = d.find_elements(By.CSS_SELECTOR, "#pt tbody tr")
    ok(rows and all(r.is_displayed() for r in rows) and
       not d.find_element(By.ID, "pctl").is_displayed(),
       "without JavaScript the people index shows everyone, no filter")
    d.get(url(expected["section_page"]))
    ok(d.find_element(By.TAG_NAME, "h1").text == expected["section_name"],
       "a section page reads without JavaScript")
    ok(d.find_element(By.TAG_NAME, "svg").is_displayed(), "with its chart")
finally:
    d.quit()
sys.exit(1 if failed else 0)
