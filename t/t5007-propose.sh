#!/bin/sh
# kmaint propose on a kernel-shaped history (t/lib-propose.sh): the
# patches apply with git am, keep MAINTAINERS sorted and CREDITS in
# order, pass kmaint check and checkpatch.pl --strict, carry the CC lines
# kmaint get gives, and leave an audit with the findings they address
# gone and nothing new.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-propose.sh"

R=$TRASH/repo
make_propose_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
export GIT_AUTHOR_NAME="Pat Proposer" GIT_AUTHOR_EMAIL=pat@example.org
export GIT_COMMITTER_NAME="Pat Proposer" GIT_COMMITTER_EMAIL=pat@example.org
export GIT_COMMITTER_DATE="$PROPOSE_END 12:00:00 +0000" GIT_AUTHOR_DATE="$PROPOSE_END 12:00:00 +0000"
expect_success "index the fixture" "$KMAINT" index -q
OPTS="--window 2"

"$KMAINT" propose $OPTS --reviewers --dry-run >"$TRASH/plan" 2>&1
is "$?" 1 "--dry-run exits 1 when there is something to propose"
like "$TRASH/plan" "^MAINTAINERS: remove Ying Xue from TIPC NETWORK LAYER\$" "TIPC: the silent maintainer"
like "$TRASH/plan" "^MAINTAINERS: mark AX.25 NETWORK LAYER as Orphan\$" "AX.25: its only maintainer gone, Orphan"
like "$TRASH/plan" "^MAINTAINERS: add Simon Horman as reviewer of NETWORKING DRIVERS\$" "the prolific unlisted reviewer"
ok $(grep -q "^MAINTAINERS:.*\\(WIDGET\\|FOO DRIVER\\|THE REST\\)" "$TRASH/plan"; [ $? = 1 ]; echo $?) \
	"nothing for WIDGET (Ying Xue active there), FOO (ambiguous) or THE REST"
ok $(grep -q "^MAINTAINERS:.*\\(Community Manager\\|netdev-maint\\)" "$TRASH/plan"; [ $? = 1 ]; echo $?) \
	"no role is removed as a person"
like "$TRASH/plan" "^Ying Xue stays listed for WIDGET DRIVER \\(active there: 12 changesets" \
	"the TIPC patch says Ying Xue stays, active, in WIDGET DRIVER"
end=$(git log -1 --format=%ct)
tipc=$(git log --no-merges --format=%ct -- net/tipc include/uapi/linux |
	awk -v lo=$((end - 2 * 31557600)) '$1 >= lo' | wc -l)
like "$TRASH/plan" "^There were $tipc changes to TIPC NETWORK LAYER in the last 2 years, and\$" \
	"the reason's figures, as git log counts them ($tipc)"

# the audit's evidence block, exactly
"$KMAINT" audit $OPTS --section TIPC >"$TRASH/audit" 2>&1
sed -n '/^Subsystem TIPC NETWORK LAYER$/,/^$/p' "$TRASH/audit" | sed '/^$/d' >"$TRASH/ev.audit"
sed -n '/^MAINTAINERS: remove Ying Xue/,/^MAINTAINERS: add/p' "$TRASH/plan" |
	sed -n '/^Subsystem TIPC NETWORK LAYER$/,/^$/p' | sed '/^$/d' >"$TRASH/ev.plan"
same_file "$TRASH/ev.plan" "$TRASH/ev.audit" "the evidence block is the audit's"

"$KMAINT" audit $OPTS --as-of "$PROPOSE_END" --findings-only >"$TRASH/before" 2>&1
"$KMAINT" check >"$TRASH/check.before" 2>&1

expect_success "propose -o DIR" "$KMAINT" propose $OPTS --reviewers -o "$TRASH/out"
n=$(ls "$TRASH/out"/*.patch | wc -l)
is "$n" "$(grep -c '^MAINTAINERS: ' "$TRASH/plan")" "one patch per proposed change ($n)"
like "$TRASH/out/0001-MAINTAINERS-mark-AX.25-NETWORK-LAYER-as-Orphan.patch" \
	"^Signed-off-by: Pat Proposer <pat@example.org>\$" "Signed-off-by from the user's git identity"
ok $(git status --porcelain | grep -qv '^??'; [ $? = 1 ]; echo $?) "nothing in the work tree changed"

# the mbox on stdout is the same series
"$KMAINT" propose $OPTS --reviewers >"$TRASH/mbox"
is "$(grep -c '^From [0-9a-f]\{40\} ' "$TRASH/mbox")" "$n" "the mbox on stdout holds the same patches"

# CC lines: what kmaint get --maintainers-sections gives for the patch
bad=0
for p in "$TRASH/out"/*.patch; do
	sed -n '/^---$/,/^ [A-Z]/p' "$p" | sed -n 's/^CC: //p' >"$TRASH/cc.got"
	"$KMAINT" get --maintainers-sections --norolestats --non --nogit --nogit-fallback "$p" >"$TRASH/cc.want"
	cmp -s "$TRASH/cc.got" "$TRASH/cc.want" || { bad=$((bad + 1)); diff "$TRASH/cc.want" "$TRASH/cc.got" | sed 's/^/# /'; }
done
is "$bad" 0 "every patch's CC lines are kmaint get's answer"
like "$TRASH/out/0001-MAINTAINERS-mark-AX.25-NETWORK-LAYER-as-Orphan.patch" "^CC: ralf@linux-mips.org\$" \
	"the person removed is CC'd"

# apply them to a clone, as a maintainer would
git clone -q "$R" "$TRASH/clone"
cd "$TRASH/clone" || exit 1
expect_success "git am applies every patch" git am -q "$TRASH/out"/*.patch
like MAINTAINERS "^S:	Orphan\$" "AX.25 is Orphan"
ok $(grep -q "^M:	Ralf Baechle" MAINTAINERS; [ $? = 1 ]; echo $?) "Ralf Baechle is gone from MAINTAINERS"
ok $(sed -n '/^TIPC NETWORK LAYER$/,/^$/p' MAINTAINERS | grep -q "Ying Xue"; [ $? = 1 ]; echo $?) \
	"Ying Xue is gone from TIPC"
like MAINTAINERS "^M:	Ying Xue <ying.xue@windriver.com>\$" "and still in WIDGET DRIVER"
like MAINTAINERS "^R:	Simon Horman <horms@kernel.org>\$" "Simon Horman is a reviewer"
# CREDITS: Ralf's entry extended, Ying Xue's added between Torvalds and Zulu
sed -n '/^N: Ralf Baechle$/,/^$/p' CREDITS >"$TRASH/ralf"
like "$TRASH/ralf" "^D: AX.25 NETWORK LAYER maintainer\$" "CREDITS: Ralf Baechle's entry gains a D: line"
is "$(sed -n '/^N: Ralf Baechle$/,/^$/p' CREDITS | grep -n '^' | sed -n 's/^\([0-9]*\):D: AX.25.*/\1/p')" 5 \
	"after his other D: lines, before S:"
is "$(grep '^N: ' CREDITS | tr '\n' '|')" "N: Matti Aarnio|N: Ralf Baechle|N: Linus Torvalds|N: Ying Xue|N: Zed Zulu|" \
	"CREDITS: Ying Xue in surname order"
like CREDITS "^D: TIPC NETWORK LAYER maintainer\$" "with the role"

# MAINTAINERS keeps check --fix's order; check finds nothing new
cp MAINTAINERS "$TRASH/m.am"
"$KMAINT" check --fix >/dev/null 2>&1
same_file MAINTAINERS "$TRASH/m.am" "check --fix changes nothing: the order is kept"
git checkout -q MAINTAINERS
"$KMAINT" check >"$TRASH/check.after" 2>&1
sed 's/^MAINTAINERS:[0-9]*: //' "$TRASH/check.before" | sort >"$TRASH/cb"
sed 's/^MAINTAINERS:[0-9]*: //' "$TRASH/check.after" | sort >"$TRASH/ca"
is "$(comm -13 "$TRASH/cb" "$TRASH/ca" | wc -l)" 0 "kmaint check: no new finding"

# the audit again: what the patches address is gone, nothing is new
expect_success "index the clone" "$KMAINT" index -q
"$KMAINT" audit $OPTS --as-of "$PROPOSE_END" --findings-only >"$TRASH/after" 2>&1
# (counts aside: the patches are changes to THE REST themselves)
grep '^  finding:' "$TRASH/before" | sed 's/[0-9][0-9]*/N/g' | sort -u >"$TRASH/fb"
grep '^  finding:' "$TRASH/after" | sed 's/[0-9][0-9]*/N/g' | sort -u >"$TRASH/fa"
comm -13 "$TRASH/fb" "$TRASH/fa" >"$TRASH/fnew"; sed "s/^/# new: /" "$TRASH/fnew"
is "$(comm -13 "$TRASH/fb" "$TRASH/fa" | wc -l)" 0 "audit: no new finding"
ok $(grep -q "inactive: maintainer \\(Ralf Baechle\\|Ying Xue\\)" "$TRASH/fa"; [ $? = 1 ]; echo $?) \
	"audit: the inactive findings addressed are gone"
like "$TRASH/fb" "inactive: maintainer Ying Xue" "(and they were there before)"

# checkpatch.pl --strict from the Linux tree: no error, no warning
if [ -f "$KMAINT_DATA/linux-source-6.12/scripts/checkpatch.pl" ]; then
	bad=0
	for p in "$TRASH/out"/*.patch; do
		perl "$KMAINT_DATA/linux-source-6.12/scripts/checkpatch.pl" --strict --no-tree "$p" >"$TRASH/cp" 2>&1
		grep -q '^total: 0 errors, 0 warnings' "$TRASH/cp" || { bad=$((bad + 1)); sed 's/^/# /' "$TRASH/cp" | head -20; }
	done
	is "$bad" 0 "checkpatch.pl --strict: 0 errors, 0 warnings on every patch (run where git knows the commits)"
elif [ "${CI:-}" = true ]; then
	ok 1 "checkpatch.pl from the 6.12 tree is missing"
fi

cd "$R" || exit 1
"$KMAINT" propose $OPTS --person ying.xue --dry-run >"$TRASH/ying" 2>&1
is "$(grep -c '^MAINTAINERS: ' "$TRASH/ying")" 1 "--person: only Ying Xue's"
"$KMAINT" propose $OPTS --section AX.25 --dry-run >"$TRASH/ax" 2>&1
is "$(grep -c '^MAINTAINERS: ' "$TRASH/ax")" 1 "--section: only AX.25's"
"$KMAINT" propose --dry-run >"$TRASH/five" 2>&1
is "$(grep '^MAINTAINERS: ' "$TRASH/five")" "MAINTAINERS: mark AX.25 NETWORK LAYER as Orphan" \
	"the default 5-year window: only Ralf Baechle, silent for five years"
"$KMAINT" propose --section TIPC --dry-run >"$TRASH/none" 2>&1
is "$?" 0 "nothing to propose: exit 0"

# a listed line longer than a commit message's 75 columns: the evidence
# block is wrapped, and checkpatch.pl still passes
sed -i 's/^M:	Ralf Baechle <ralf@linux-mips.org>$/M:	Ralf Baechle who kept the MIPS port and the amateur radio stacks going <ralf@linux-mips.org>/' MAINTAINERS
git commit -qam "MAINTAINERS: a long line" && "$KMAINT" index -q || exit 1
expect_success "propose -o DIR with a long M: line" "$KMAINT" propose $OPTS --section AX.25 -o "$TRASH/long"
p=$(ls "$TRASH/long"/*.patch)
awk '/^---$/ { exit } f; /^$/ { f = 1 }' "$p" >"$TRASH/long.msg"
like "$TRASH/long.msg" "^  Ralf Baechle who kept the MIPS port and the amateur radio stacks going\$" \
	"the long evidence line is wrapped at a space"
is "$(awk 'length > 75' "$TRASH/long.msg")" "" "no line of the commit message is over 75 columns"
if [ -f "$KMAINT_DATA/linux-source-6.12/scripts/checkpatch.pl" ]; then
	perl "$KMAINT_DATA/linux-source-6.12/scripts/checkpatch.pl" --strict --no-tree "$p" >"$TRASH/cp" 2>&1
	like "$TRASH/cp" '^total: 0 errors, 0 warnings' "checkpatch.pl --strict passes it"
fi

# --as-of: the patches are written against that day's MAINTAINERS, the
# one the audit judged, not the work tree's
sed -i 's|^L:	linux-hams@vger.kernel.org$|L:	linux-hams@lists.example.org|' MAINTAINERS
GIT_COMMITTER_DATE="2025-06-01 12:00:00 +0000" git commit -qam "MAINTAINERS: AX.25's new list" &&
	"$KMAINT" index -q || exit 1
expect_success "propose --as-of -o DIR" "$KMAINT" propose $OPTS --as-of 2025-03-01 \
	--section AX.25 -o "$TRASH/asof"
p=$(ls "$TRASH/asof"/*.patch)
like "$p" "^index $(git rev-parse --short HEAD~:MAINTAINERS)\\.\\." \
	"the patch's preimage is that day's MAINTAINERS ($(git rev-parse --short HEAD~:MAINTAINERS))"
git clone -q "$R" "$TRASH/asof-clone" && cd "$TRASH/asof-clone" &&
	git checkout -q HEAD~ || exit 1
expect_success "git am applies it to that day's commit" git am -q "$p"
ok $(grep -q '^M:	Ralf Baechle' MAINTAINERS; [ $? = 1 ]; echo $?) "the change is made there"
done_testing
