# SPDX-License-Identifier: GPL-2.0
# bench/backtest.sh's figures:
#   python3 backtest.py [-k KMAINT] WORKTREE OUTDIR YEAR...
# (see bench/backtest.sh for what is counted and how).
import bisect
import calendar
import json
import os
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


_mversions = []


def version_before(t):
    """As git rev-list -1 --before=T HEAD -- MAINTAINERS, from one list."""
    if not _mversions:
        _mversions.extend(
            (int(c), h) for h, c in zip(*[iter(git(
                "log", "--format=%H %ct", "HEAD", "--",
                "MAINTAINERS").split())] * 2))
    return next((h for c, h in _mversions if c <= t), "")


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
    inc = set().union(*(paths_of(v) for v in fx[0]))
    inc -= set().union(*(paths_of(v) for v in fx[1]))
    ids = set()
    for path in inc:
        ids.update(_by_path[path])
    _logs[key] = [_commits[i] for i in sorted(ids)]
    return _logs[key]


_paths, _sorted = {}, []


def paths_of(v):
    """The paths one F: or X: value matches (versions repeat them)."""
    if v not in _paths:
        if not _sorted:
            _sorted.extend(sorted(_by_path))
        # only the paths under the value's literal head can match
        head = re.split(r"[*?\[]", v, 1)[0].rstrip("/")
        rx = re.compile(glob_re(v))
        i = bisect.bisect_left(_sorted, head)
        found = set()
        while i < len(_sorted) and _sorted[i].startswith(head):
            if rx.fullmatch(_sorted[i]):
                found.add(_sorted[i])
            i += 1
        _paths[v] = found
    return _paths[v]


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


def moved_names():
    """Renames kmaint history did not see, because the files moved with
    the name (DPDK's "Intel avf" to "Intel iavf", drivers/net/avf/ to
    drivers/net/iavf/, in 3ded348378a7): in one commit a section's
    people all leave and the same people make a new section's first
    lines.  {new name: {old names}}"""
    gone, born = {}, {}
    for sec in hist["sections"]:
        ev = [e for e in sec["events"] if "person" in e]
        if ev and all(t["end"] for t in sec["tenure"]):
            last = [e for e in ev if e["commit"] == ev[-1]["commit"]]
            if all("removed" in e for e in last):
                gone.setdefault((ev[-1]["commit"], frozenset(
                    split_person(e["person"])[1] for e in last)),
                    set()).add(sec["section"])
        first = [e for e in ev if ev and e["commit"] == ev[0]["commit"]]
        if first and all("added" in e for e in first):
            born[sec["section"]] = (ev[0]["commit"], frozenset(
                split_person(e["person"])[1] for e in first))
    return {n: gone[k] for n, k in born.items() if k in gone}


moved = moved_names()
for sec in hist["sections"]:
    names = {sec["section"]} | {e["renamed_from"] for e in sec["events"]
                               if "renamed_from" in e}
    todo = list(names)
    while todo:     # renamed twice (coreboot's ASUS P8Z77 boards)
        for n in moved.get(todo.pop(), ()):
            if n not in names:
                names.add(n)
                todo.append(n)
    ends = [None if t["end"] is None else ts(t["end"]) for t in sec["tenure"]]
    for e in sec["events"]:
        if "removed" not in e:
            continue
        t = e["time"]
        n, m = split_person(e["person"])
        # an address change: the same person (by the identity model, as
        # below) added back in the same commit, or still listed after it
        # under another address
        me = dict(name=n, email=m)
        readded = [a for a in sec["events"] if "added" in a and
                   a["commit"] == e["commit"] and same_person(me, dict(
                       zip(("name", "email"), split_person(a["person"]))))]
        readded += [x for x in sec["tenure"] if ts(x["start"]) <= t and
                    (x["end"] is None or ts(x["end"]) > t + DAY) and
                    same_person(me, dict(zip(("name", "email"),
                                             split_person(x["person"]))))]
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
skipped = dict(address=0, section=0, active=0, early=0, nofiles=0)
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
    if fx is not None and not fx[0]:
        # no F: values (DPDK's "Next-net Tree", a git tree): no silence
        # in git to speak of, and nothing the audit can judge
        skipped["nofiles"] += 1
        continue
    if fx is None or active(fx, r["name"], r["email"],
                            r["time"] - YEAR, r["time"]):
        skipped["active"] += 1
        continue
    truth.append(r)

# --- the findings ---
findings = []
listed_at = {}     # year -> [(section record, as of, since, F:/X:)]
for y in years:
    asof = ts("%d-01-01" % y) + DAY - 1
    d = json.load(open("%s/audit-%d.json" % (out, y)))
    since = ts(d["since"])
    v = d["maintainers_commit"]
    secs = sections_at(v)
    seen = {}
    for s in d["sections"]:
        k = seen[s["section"]] = seen.get(s["section"], -1) + 1
        same_name = secs.get(s["section"], [])
        sfx = same_name[k] if k < len(same_name) else ([], [])
        listed_at.setdefault(y, []).append((s, asof, since, sfx))
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
      "before %s, %d address changes, %d sections removed whole, %d "
      "sections without files, %d not silent a year)" % (
          len(truth), "%d-07-01 .. %s" % (years[0], hist["last"]),
          skipped["early"], day(first), skipped["address"],
          skipped["section"], skipped["nofiles"], skipped["active"]))
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
for r, h, m in sorted(named, key=lambda x: -x[2]):
    print("  %s %s %s removed %s (%s), named %s as %s, %.0f months before" % (
        r["type"], r["person"], r["section"], day(r["time"]),
        r["commit"][:12], day(h["asof"]), h["kind"], m))
# the fading rule's thresholds, audit's defaults unless AUDIT_OPTS says
rule = dict(months=6, gaps=8, changes=4)
_o = os.environ.get("AUDIT_OPTS", "").split()
for k, v in zip(_o, _o[1:]):
    if k.startswith("--fading-") and k[9:] in rule:
        rule[k[9:]] = int(v)
MONTH = 2629800


def section_at(y, r):
    """The removal's section in the audit of year @y: by name, else by
    the F: values (as same_section)."""
    for rec in listed_at.get(y, []):
        if same_section(r, dict(section=rec[0]["section"], fx=rec[3])):
            return rec
    return None


def why_missed(r):
    """Why no audit 6 months before named @r: (kind, detail), judged at
    the last such audit, with the fading rule's thresholds."""
    ys = [y for y in years if ts("%d-01-01" % y) <= r["time"] - 182 * DAY]
    if not ys:
        return "no audit", "no audit 6 months before"
    y = ys[-1]
    rec = section_at(y, r)
    if rec is None:
        return "not listed", "%d: section not in that MAINTAINERS" % y
    s, asof, since, sfx = rec
    li = next((x for x in s["listed"] if same_person(
        r, dict(email=x["email"], name=split_person(x["person"])[0]))), None)
    if li is None:
        return "not listed", "%d: person not listed in the section" % y
    last = ts(li["last_activity"]) if li.get("last_activity") else since
    silence = asof - last
    gap = s.get("median_gap_days") or 0
    log = [t for t, _ in log_of(sfx) if last < t <= asof]
    d = "%d: last %s, silent %.1f months, %d changes since, gap %.1f days" % (
        y, li.get("last_activity"), silence / MONTH, len(log), gap)
    if li.get("identity", {}).get("how") == "ambiguous":
        return "identity", d + ", identity ambiguous"
    if not log:
        return "no changes", d
    if silence < rule["months"] * MONTH:
        return "too close", d
    if silence < rule["gaps"] * gap * DAY:
        return "gap rule", d
    if len(log) < rule["changes"]:
        return "few changes", d
    if max(log) < asof - silence / 2:
        return "quiet since", d
    return "other", d + (", active elsewhere %s" % li["active_elsewhere"]
                         if li.get("active_elsewhere") else "")


missed = [r for r in truth if not any(r is x for x, _, _ in named)]
kinds_missed = {}
for r in missed:
    r["why"] = why_missed(r)
    late = [f["asof"] for f in findings if same(r, f) and
            f["asof"] < r["time"]]
    if late:
        r["why"] = (r["why"][0], r["why"][1] + "; named %s, %.0f months "
                    "before" % (day(min(late)), (r["time"] - min(late)) /
                                (30.44 * DAY)))
    kinds_missed[r["why"][0]] = kinds_missed.get(r["why"][0], 0) + 1
print("removals missed: %d (%s)" % (len(missed), ", ".join(
    "%s %d" % kv for kv in sorted(kinds_missed.items(), key=lambda x: -x[1]))))
for r in missed:
    print("  %s %s %s removed %s (%s): %s: %s" % (
        r["type"], r["person"], r["section"], day(r["time"]),
        r["commit"][:12], r["why"][0], r["why"][1]))
