# SPDX-License-Identifier: GPL-2.0
# bench/backtest.sh's figures:
#   python3 backtest.py [-k KMAINT] WORKTREE OUTDIR YEAR...
# (see bench/backtest.sh for what is counted and how).
import calendar
import json
import re
import subprocess
import sys
import time
import unicodedata

DAY = 86400
YEAR = 365 * DAY
argv, kmaint = sys.argv[1:], "kmaint"
if argv[:1] == ["-k"]:
    kmaint, argv = argv[1], argv[2:]
wt, out, years = argv[0], argv[1], [int(y) for y in argv[2:]]


def git(*args):
    return subprocess.run(["git", "-C", wt] + list(args), capture_output=True,
                          text=True, errors="replace").stdout


def ts(date):
    return calendar.timegm(time.strptime(date, "%Y-%m-%d"))


def day(t):
    return time.strftime("%Y-%m-%d", time.gmtime(t))


def split_person(v):
    m = re.match(r'\s*"?([^"<]*?)"?\s*<([^>]+)>', v)
    if m:
        return m.group(1).strip().lower(), m.group(2).strip().lower()
    return "", v.strip().lower()


# --- people: the identity model's joins (kmaint idents --suggest) ---
_canon = {}


def load_identities():
    """Each address the model takes for one person's maps to that
    person's main address: the suggestions it makes itself ("one
    person", "joined on the name alone"), not its guesses."""
    raw = subprocess.run([kmaint, "idents", "--suggest", "--json"], cwd=wt,
                         capture_output=True, text=True).stdout
    for sg in json.loads(raw or "[]"):
        if not sg["why"].startswith(("one person", "joined on the name")):
            continue
        addrs = [a.lower() for a in re.findall(r"<([^>]+)>", sg["line"])]
        for a in addrs[1:]:
            _canon[a] = addrs[0]


def canon(email):
    return _canon.get(email, email)


def fold(name):
    """A name as the identity model compares them (case, diacritics,
    dots, hyphens, apostrophes); a one-word name joins nothing."""
    n = unicodedata.normalize("NFKD", name)
    n = "".join(c for c in n if not unicodedata.combining(c))
    n = re.sub(r"\s*\([^)]*\)\s*$", "", n)
    n = re.sub(r"[.\-'\u2019]", " ", n.lower())
    n = " ".join(n.split())
    return n if " " in n else None


def same_person(a, b):
    return (a["email"] == b["email"] or canon(a["email"]) == canon(b["email"])
            or (fold(a["name"]) is not None and fold(a["name"]) == fold(b["name"])))


# --- MAINTAINERS versions: a section's F:/X: values as pathspecs ---
_versions = {}


def sections_at(commit):
    """{name: [(F values, X values), ...]} of MAINTAINERS at @commit, in
    the file's order: a name may title several sections."""
    if commit in _versions:
        return _versions[commit]
    text = git("show", commit + ":MAINTAINERS")
    secs, name, prev_blank = {}, None, True
    for line in text.split("\n"):
        m = re.match(r"^([A-Z]):\s*(.*?)\s*$", line)
        if m and name:
            if m.group(1) in "FX":
                secs[name][-1][0 if m.group(1) == "F" else 1].append(
                    m.group(2))
        elif line.strip() and not m and prev_blank:
            name = line.strip()
            secs.setdefault(name, []).append(([], []))
        prev_blank = not line.strip()
    _versions[commit] = secs
    return secs


def version_before(t):
    return git("rev-list", "-1", "--before=%d" % t, "HEAD", "--",
               "MAINTAINERS").strip()


def glob_re(v):
    """A pathspec's files as git reads ":(glob)V" (a literal V: V and
    what is under it), as a regex."""
    if not re.search(r"[*?\[]", v):
        return re.escape(v.rstrip("/")) + "(/.*)?"
    r = ""
    for c in v.rstrip("/"):
        r += "[^/]*" if c == "*" else "[^/]" if c == "?" else re.escape(c)
    return r + "(/.*)?"


# every non-merge commit once: its time, people and files
_commits, _by_path = [], {}


def load_commits():
    raw = git("-c", "core.quotepath=off", "log", "--no-merges", "--no-renames",
              "--name-only", "--format=%x01%ct%x02%an <%ae>%x02%cn <%ce>%x02"
              "%(trailers:only,unfold)%x03")
    for rec in raw.split("\x01")[1:]:
        head, _, files = rec.partition("\x03")
        t, author, committer, trailers = head.split("\x02", 3)
        # author, committer, and git's "-by" trailers
        keep = [author.lower(), committer.lower()] + [
            x for x in trailers.lower().split("\n") if re.match(r"[\w-]+-by:", x)]
        i = len(_commits)
        _commits.append((int(t), "\n".join(keep)))
        for f in files.split("\n"):
            if f:
                _by_path.setdefault(f, []).append(i)


_logs = {}


def log_of(fx):
    """The non-merge commits touching F: and not only X: paths."""
    key = (tuple(fx[0]), tuple(fx[1]))
    if key in _logs:
        return _logs[key]
    if not _commits:
        load_commits()
    inc = re.compile("|".join(glob_re(v) for v in fx[0])) if fx[0] else None
    exc = re.compile("|".join(glob_re(v) for v in fx[1])) if fx[1] else None
    ids = set()
    if inc:
        for path, cs in _by_path.items():
            if inc.fullmatch(path) and not (exc and exc.fullmatch(path)):
                ids.update(cs)
    _logs[key] = [_commits[i] for i in sorted(ids)]
    return _logs[key]


def active(fx, name, email, lo, hi):
    """Commits in (lo, hi] where the person is author, committer or in a
    "-by" trailer (as git reads trailers), by address or by a name of two
    words or more (the whole name: "Jian Wang" is not "Yunjian Wang")."""
    pat = "<" + re.escape(email) + ">"
    if name and " " in name:
        pat = "(?m)(%s|(^|: )%s <)" % (pat, re.escape(name))
    rx = re.compile(pat)
    return [t for t, text in log_of(fx) if lo < t <= hi and rx.search(text)]


load_identities()

# --- the removals ---
hist = json.load(open(out + "/history.json"))
removals = []
alive_until = {}
for sec in hist["sections"]:
    names = {sec["section"]} | {e["renamed_from"] for e in sec["events"]
                               if "renamed_from" in e}
    ends = [None if t["end"] is None else ts(t["end"]) for t in sec["tenure"]]
    for e in sec["events"]:
        if "removed" not in e:
            continue
        t = e["time"]
        n, m = split_person(e["person"])
        readded = [a for a in sec["events"] if "added" in a and
                   a["commit"] == e["commit"] and
                   split_person(a["person"])[0] == n and n]
        # a section removed whole: nobody listed after that day
        alive = any(x is None or x > t + DAY for x in ends)
        removals.append(dict(section=sec["section"], names=names, time=t,
                             commit=e["commit"], person=e["person"], name=n,
                             email=m, type=e["removed"],
                             readded=bool(readded), alive=alive))

def removal_fx(r):
    """The F:/X: values of the removal's section the day before, every
    section of the name: a silence there is a silence in each."""
    if "fx" in r:
        return r["fx"]
    v = version_before(r["time"])
    secs = sections_at(v) if v else {}
    fx = None
    for n in r["names"]:
        for f, x in secs.get(n, []):
            fx = (fx[0] + f, fx[1] + x) if fx else (f, x)
    r["fx"] = fx
    return fx


first = ts("%d-07-01" % years[0])
truth = []
skipped = dict(address=0, section=0, active=0, early=0)
for r in removals:
    if r["time"] < first:
        skipped["early"] += 1
        continue
    if r["readded"]:
        skipped["address"] += 1
        continue
    if not r["alive"]:
        skipped["section"] += 1
        continue
    fx = removal_fx(r)
    if fx is None or active(fx, r["name"], r["email"],
                            r["time"] - YEAR, r["time"]):
        skipped["active"] += 1
        continue
    truth.append(r)

# --- the findings ---
findings = []
listed_at = {}     # (year, section) -> (section record, since)
for y in years:
    asof = ts("%d-01-01" % y) + DAY - 1
    d = json.load(open("%s/audit-%d.json" % (out, y)))
    since = ts(d["since"])
    v = d["maintainers_commit"]
    secs = sections_at(v)
    seen = {}
    for s in d["sections"]:
        listed_at[(y, s["section"])] = (s, since)
        k = seen[s["section"]] = seen.get(s["section"], -1) + 1
        same_name = secs.get(s["section"], [])
        sfx = same_name[k] if k < len(same_name) else ([], [])
        for f in s["findings"]:
            if f["kind"] not in ("inactive", "fading") or "email" not in f:
                continue
            li = next((x for x in s["listed"] if x["email"] == f["email"]),
                      {})
            last = li.get("last_activity")
            lo = since
            if f["kind"] == "fading" and last and ts(last) + DAY > since:
                lo = ts(last) + DAY - 1
            n, m = split_person(f["person"])
            findings.append(dict(year=y, asof=asof, section=s["section"],
                                 kind=f["kind"], person=f["person"], name=n,
                                 email=m, lo=lo, last=last,
                                 fx=sfx))


def same_section(r, f):
    """By name (the names kmaint history knows), or across a rename it
    did not see: at least half of the removal's F: values were the
    audited section's."""
    if f["section"] in r["names"]:
        return True
    fx = removal_fx(r)
    if not fx or not fx[0] or not f["fx"][0]:
        return False
    return 2 * len(set(fx[0]) & set(f["fx"][0])) >= len(set(fx[0]))


def same(r, f):
    """One removal and one finding: the same person (by the identity
    model, not by address) in the same section."""
    return same_person(r, f) and same_section(r, f)


# recall
named = []
for r in truth:
    hits = [f for f in findings if same(r, f) and f["asof"] <= r["time"] -
            182 * DAY]
    if hits:
        h = min(hits, key=lambda f: f["asof"])
        named.append((r, h, (r["time"] - h["asof"]) / (30.44 * DAY)))
# precision
follow = silent = contra = 0
checked = []
for f in findings:
    rem = [r for r in removals if same(r, f) and f["asof"] < r["time"] <=
           f["asof"] + 3 * YEAR]
    follow += bool(rem)
    after = active(f["fx"], f["name"], f["email"], f["asof"],
                   f["asof"] + YEAR)
    silent += not after
    inside = active(f["fx"], f["name"], f["email"], f["lo"], f["asof"])
    contra += bool(inside)
    f["removed"] = rem[0] if rem else None
    f["inside"] = inside
    checked.append(f)


def pct(a, b):
    return "%d/%d (%d%%)" % (a, b, 100 * a // b if b else 0)


kinds = {}
for f in findings:
    kinds[f["kind"]] = kinds.get(f["kind"], 0) + 1
print("ground truth: %d removals after a year of silence (%s; skipped: %d "
      "before %s, %d address changes, %d sections removed whole, %d not "
      "silent a year)" % (len(truth), "%d-07-01 .. %s" % (years[0],
                          hist["last"]), skipped["early"], day(first),
                          skipped["address"], skipped["section"],
                          skipped["active"]))
print("findings: %d (%s) in %d audits" % (
    len(findings), ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
    len(years)))
print("recall (named >= 6 months before): %s; months before: %s" % (
    pct(len(named), len(truth)),
    " ".join("%d" % round(m) for _, _, m in sorted(named, key=lambda x: x[2]))))
for k in sorted(kinds):
    nk = sum(1 for _, h, _ in named if h["kind"] == k)
    print("  of them first named as %s: %d" % (k, nk))
print("precision, removal within 3 years: %s" % pct(follow, len(findings)))
done = [f for f in findings if f["asof"] + 3 * YEAR <= ts(hist["last"])]
print("  of the audits whose 3 years have passed: %s" % pct(
    sum(1 for f in done if f["removed"]), len(done)))
print("precision, silent the next 12 months: %s" % pct(silent,
                                                      len(findings)))
for k in sorted(kinds):
    fk = [f for f in findings if f["kind"] == k]
    print("  %s: silent %s, removed %s" % (
        k, pct(sum(1 for f in fk if not active(f["fx"], f["name"], f["email"],
                                                f["asof"], f["asof"] + YEAR)),
               len(fk)),
        pct(sum(1 for f in fk if f["removed"]), len(fk))))
print("contradicted by git inside the claimed silence: %d of %d" % (
    contra, len(findings)))
for f in checked:
    if f["inside"]:
        print("  CONTRADICTED %d %s %s %s: %s" % (
            f["year"], f["kind"], f["section"], f["person"],
            " ".join(day(t) for t in f["inside"][:3])))
print("removals named (first audit, months before):")
for r, h, m in sorted(named, key=lambda x: -x[2])[:6]:
    print("  %s %s %s removed %s (%s), named %s as %s, %.0f months before" % (
        r["type"], r["person"], r["section"], day(r["time"]),
        r["commit"][:12], day(h["asof"]), h["kind"], m))
print("removals missed (at the last audit 6 months before: the "
      "person's last activity, the section's median gap):")
for r in truth:
    if any(r is x for x, _, _ in named):
        continue
    why = "no audit 6 months before"
    ys = [y for y in years if ts("%d-01-01" % y) <= r["time"] - 182 * DAY]
    if ys:
        rec = next((listed_at[(ys[-1], n)] for n in r["names"]
                    if (ys[-1], n) in listed_at), None)
        if rec is None:
            why = "%d: section not audited" % ys[-1]
        else:
            li = next((x for x in rec[0]["listed"] if same_person(
                r, dict(email=x["email"],
                        name=split_person(x["person"])[0]))), None)
            why = "%d: %s, gap %s days, %d own changes in the window" % (
                ys[-1], "not listed" if li is None else
                "last " + str(li.get("last_activity")),
                rec[0].get("median_gap_days"), rec[0]["changes_own"])
    print("  %s %s %s removed %s (%s): %s" % (
        r["type"], r["person"], r["section"], day(r["time"]),
        r["commit"][:12], why))
