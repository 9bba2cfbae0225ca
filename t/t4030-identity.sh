#!/bin/sh
# The identity model (people/identity.h) in audit, check, stats, review and
# idents, on a generated history (t/lib-identity.sh): one person under
# three addresses, with and without a .mailmap; name variants; two people
# of one name; roles; a .com for .org typo; and one maintainer who really
# is inactive.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"

R=$TRASH/id
make_identity_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q
AUDIT="$KMAINT audit --min-changes 5"

# the changesets git counts for an address, and for Roger's two
roger_n=$(git log --no-merges --oneline --author=roger.pau@ | wc -l)
jose_n=$(git log --no-merges --oneline --author=jose@corp.example | wc -l)
amd_n=$(git log --no-merges --oneline --author=wei.wang@amd.example | wc -l)
intel_n=$(git log --no-merges --oneline --author=wei.w.wang@intel.example | wc -l)
is "$(git log --format=%aE | grep -c '^roger.pau@citrix.com$') $(git log --format=%aE | grep -c '^roger.pau@cloud.com$')" \
	"21 11" "fixture: Roger at two addresses, neither the listed one"

$AUDIT >"$TRASH/a" 2>"$TRASH/err"
is "$?" 1 "audit exits 1 with findings"

# one person at three addresses, no .mailmap: found by name
like "$TRASH/a" "^      identity: matched by name: roger.pau@citrix.com, $roger_n changesets\$" \
	"ALPHA: Roger found by name, with all his changesets ($roger_n)"
like "$TRASH/a" "^    matched by name: roger.pau@citrix.com, $roger_n changesets\$" \
	"the evidence block says so under him"
ok $(grep -q "INACTIVE MAINTAINER Roger Pau Monné <roger@project.org>" "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"Roger is not inactive in ALPHA"

# case and accent variants of one name, at one address
like "$TRASH/a" "^      identity: matched by name: jose@corp.example, $jose_n changesets\$" \
	"BETA: José García found as Jose Garcia and JOSÉ GARCÍA"
ok $(sed -n '/^BETA DRIVER$/,/^$/p' "$TRASH/a" | grep -q 'finding: inactive'; [ $? = 1 ]; echo $?) \
	"and not inactive"

# two people of one name: one by default (rule 4, as gitdm), said so
like "$TRASH/a" "^      identity: matched by name: wei.w.wang@intel.example, $((amd_n + intel_n)) changesets\$" \
	"GAMMA: by default the two Wei Wangs are one, found by name"
like "$TRASH/a" "^      identity: same person as wei.w.wang@intel.example, $((amd_n + intel_n)) changesets \\(the same name, nothing else\\)\$" \
	"DELTA: the AMD Wei Wang joined to the Intel one on the name alone, said so"
ok $(grep -q "ambiguous-identity" "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"and nobody is ambiguous"
"$KMAINT" stats --report changesets --json --top 0 >"$TRASH/s0.json"
like "$TRASH/s0.json" "\"email\": \"wei.w.wang@intel.example\", \"count\": $((amd_n + intel_n))," \
	"stats: one Wei Wang with both addresses' changesets"

# --strict-identities: no joins on a name alone; two Wei Wangs
$AUDIT --strict-identities >"$TRASH/a" 2>"$TRASH/err"
like "$TRASH/a" "finding: ambiguous-identity: maintainer Wei Wang <wei@new.example>: address never in the history, name ambiguous: 2 people of this name in the history: wei.wang@amd.example, $amd_n changesets; wei.w.wang@intel.example, $intel_n changesets; not judged" \
	"GAMMA: a listed Wei Wang at an unknown address is ambiguous, both named"
ok $(sed -n '/^GAMMA DRIVER$/,/^$/p' "$TRASH/a" | grep -q 'maintained-in-name-only\|finding: inactive'; [ $? = 1 ]; echo $?) \
	"and neither inactive nor name-only: one of them is active"
like "$TRASH/a" "finding: ambiguous-identity: maintainer Wei Wang <wei.wang@amd.example>: no activity as wei.wang@amd.example, but Wei Wang <wei.w.wang@intel.example> of the same name was active here \\(9 changes" \
	"DELTA: the AMD Wei Wang, silent while the Intel one works there: ambiguous"
"$KMAINT" stats --strict-identities --report changesets --json --top 0 >"$TRASH/s.json"
like "$TRASH/s.json" "\"email\": \"wei.wang@amd.example\", \"count\": $amd_n," "stats: the AMD Wei Wang alone"
like "$TRASH/s.json" "\"email\": \"wei.w.wang@intel.example\", \"count\": $intel_n," "stats: the Intel Wei Wang alone"
like "$TRASH/s.json" "\"email\": \"roger.pau@citrix.com\", \"count\": $roger_n," "stats: Roger once, all his changesets"

# roles are not people
like "$TRASH/a" "^  R: Community Manager <community.manager@project.org> \\(a role, not a person: a title or a group\\)\$" \
	"a job title is a role"
like "$TRASH/a" "^  M: beta-devel@lists.example.org \\(a list\\)\$" "a list as M: is a list"
like "$TRASH/a" "^  M: xyz-masters@example.org \\(an alias, not a person: no name, never in the history\\)\$" \
	"a nameless address nobody used is an alias"
ok $(grep -q "INACTIVE.*\\(Community\\|beta-devel\\|xyz-masters\\)" "$TRASH/a"; [ $? = 1 ]; echo $?) \
	"no role is ever inactive"

# the .com for .org typo: tied to Roger by the MAINTAINERS commit
like "$TRASH/a" "^      identity: same person as roger.pau@citrix.com, $roger_n changesets \\(MAINTAINERS changed one for the other in [0-9a-f]{12}\\)\$" \
	"DELTA: roger@project.com tied to Roger by the MAINTAINERS change"
"$KMAINT" check --only unknown-address >"$TRASH/c" 2>&1
is "$?" 1 "check: exit 1 with the finding"
like "$TRASH/c" "^MAINTAINERS:[0-9]+: warning: roger@project.com appears nowhere in the history; Roger Pau Monné is listed elsewhere as roger@project.org \\(1 time\\), likely the one meant" \
	"check: the typo, and the address meant"
ok $(grep -q "roger@project.org appears" "$TRASH/c"; echo $?) "check: the project address is unknown to the history too"
ok $(grep -q "community.manager\|xyz-masters\|beta-devel" "$TRASH/c"; [ $? = 1 ]; echo $?) "check: roles are not reported"

# the one real finding stays
like "$TRASH/a" "^  INACTIVE MAINTAINER Old Timer <old@example.com>\$" "EPSILON: Old Timer really is inactive"

# --address-identities: addresses only, the old false findings come back
$AUDIT --address-identities >"$TRASH/strict" 2>&1
like "$TRASH/strict" "^  INACTIVE MAINTAINER Roger Pau Monné <roger@project.org>\$" \
	"--address-identities: Roger inactive again, as an address"
$AUDIT >"$TRASH/a" 2>"$TRASH/err"

# with a .mailmap, the listed address is his own
printf 'Roger Pau Monné <roger@project.org> <roger.pau@citrix.com>\nRoger Pau Monné <roger@project.org> <roger.pau@cloud.com>\n' >.mailmap
expect_success "index with the .mailmap" "$KMAINT" index -q
$AUDIT --section ALPHA >"$TRASH/m" 2>&1
like "$TRASH/m" "^      changesets $((roger_n - 1)) \\(1st\\)" "with .mailmap: Roger's ALPHA changesets"
ok $(grep -q "identity:" "$TRASH/m"; [ $? = 1 ]; echo $?) "and no identity line: matched by his own address"
rm .mailmap
expect_success "index without it again" "$KMAINT" index -q

# audit, stats and review agree on every person's changesets in a section
$AUDIT --section BETA --window 50 --top 100 --json >"$TRASH/aj"
"$KMAINT" stats --section BETA --report changesets --json --top 0 >"$TRASH/sj"
git show HEAD:MAINTAINERS >"$TRASH/m.old"
sed 's/^M:\tbeta-devel@lists.example.org$/&\nR:\tBob Dev <bob@example.com>/' "$TRASH/m.old" >"$TRASH/m.new"
diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.new" >"$TRASH/bob.patch"
"$KMAINT" review --window 50 --top 100 --json "$TRASH/bob.patch" >"$TRASH/rj"
if command -v python3 >/dev/null; then
	expect_success "audit, stats and review: the same changesets per person" python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))["sections"][0]
s = json.load(open(sys.argv[2]))["reports"]["changesets"]
r = json.load(open(sys.argv[3]))["sections"][0]
fa = {p["email"]: p["changesets"] for p in a["top_unlisted"]}
fa.update({l["identity"]["person"]: l["changesets"] for l in a["listed"]
	   if l.get("identity") and l["identity"]["person"] and "changesets" in l})
fs = {p["email"]: p["count"] for p in s}
fr = {p["email"]: p["changesets"] for p in r["top_unlisted"]}
fr.update({p["email"]: p["changesets"] for p in r["people"]})
assert fa == fs, (fa, fs)
for k, v in fr.items():
	assert fs.get(k, 0) == v, (k, v, fs)
assert fs["jose@corp.example"] == int(sys.argv[4]) and fs["bob@example.com"] == 12, fs
' "$TRASH/aj" "$TRASH/sj" "$TRASH/rj" "$jose_n"
fi

# idents --suggest: the model's joins, with the commit that ties them
"$KMAINT" idents --suggest >"$TRASH/i"
like "$TRASH/i" "^Roger Pau Monne <roger.pau@citrix.com> <roger.pau@cloud.com>	# one person: .*both in commit [0-9a-f]{12}" \
	"idents: Roger's two addresses, tied by one commit"
like "$TRASH/i" "^Wei Wang <wei.w.wang@intel.example> <wei.wang@amd.example>	# joined on the name alone \\(check it is one person" \
	"idents: the join of the two Wei Wangs, made on the name alone, to confirm"
"$KMAINT" idents --suggest --strict-identities >"$TRASH/i"
like "$TRASH/i" "^Wei Wang <[^>]*> <[^>]*>	# one name, several addresses, not joined" \
	"idents --strict-identities: the two Wei Wangs only as a guess to check"
done_testing
