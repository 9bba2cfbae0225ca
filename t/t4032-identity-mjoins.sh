#!/bin/sh
# The joins MAINTAINERS gives the identity model (a listed address
# replaced by another under the same name) are kept beside the index,
# PATH.mjoins, under a key naming the MAINTAINERS versions and the
# .mailmap, so that a query does not read every version again.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"

R=$TRASH/id
make_identity_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
cd "$R" || exit 1
expect_success "index the fixture" "$KMAINT" index -q
C=.git/kmaint/index.sqlite.mjoins
AUDIT="$KMAINT audit --min-changes 5"
DELTA="MAINTAINERS changed one for the other in"

$AUDIT >"$TRASH/a1" 2>/dev/null
like "$TRASH/a1" "$DELTA" "DELTA: roger@project.com tied to Roger by the MAINTAINERS change"
ok "$([ -f "$C" ]; echo $?)" "the joins are kept beside the index"
like "$C" "^roger@project.com	roger.pau@citrix.com	[0-9a-f]{40}\$|^roger.pau@citrix.com	roger@project.com	[0-9a-f]{40}\$" \
	"the join, with its commit"
is "$(tail -1 "$C")" "." "and the file ends whole"

$AUDIT >"$TRASH/a2" 2>/dev/null
same_file "$TRASH/a2" "$TRASH/a1" "the next query answers the same from them"

# The file is what the next query reads: without its joins, no tie.
{ head -1 "$C"; echo .; } >"$TRASH/empty" && cp "$TRASH/empty" "$C"
$AUDIT >"$TRASH/a3" 2>/dev/null
ok "$(grep -q "$DELTA" "$TRASH/a3"; [ $? = 1 ]; echo $?)" \
	"a kept file with no joins is replayed as it is"

# A file cut short, or of another key, is not used, and is made again.
head -1 "$C" >"$TRASH/cut" && cp "$TRASH/cut" "$C"
$AUDIT >"$TRASH/a4" 2>/dev/null
same_file "$TRASH/a4" "$TRASH/a1" "a file cut short is not used"
is "$(tail -1 "$C")" "." "and is written again whole"
{ echo "kmaint-mjoins 1 other key"; echo .; } >"$C"
$AUDIT >"$TRASH/a5" 2>/dev/null
same_file "$TRASH/a5" "$TRASH/a1" "a file of another key is not used"

# A new MAINTAINERS version changes the key.  (Fixed dates from here:
# the order of the joins below is that of the commits' hashes.)
GIT_AUTHOR_DATE="1700000000 +0000" GIT_COMMITTER_DATE="1700000000 +0000"
export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
k1=$(head -1 "$C")
printf '\nNEW SECTION\nM:\tRoger Pau Monné <roger.pau@citrix.com>\nS:\tMaintained\nF:\tnew/\n' >>MAINTAINERS
git commit -qam "MAINTAINERS: add NEW SECTION" && "$KMAINT" index -q
$AUDIT >/dev/null 2>&1
ok "$([ "$(head -1 "$C")" != "$k1" ]; echo $?)" "a new MAINTAINERS version, a new key"
like "$C" "roger@project.com" "and the join found again"

# Newer versions are read alone, and their joins merged into the kept
# ones in the order of reading every version: by commit hash.
for n in 1 2 3 4 5; do
	sed -i "s/^M:\tRoger Pau Monné <roger[^>]*> *$/M:\tRoger Pau Monné <roger$n@new.example>/" MAINTAINERS
	sed -i "/^NEW SECTION/,/^F:/s/^M:\t.*/M:\tRoger Pau Monné <roger$n@new.example>/" MAINTAINERS
	git commit -qam "MAINTAINERS: Roger's address, take $n"
done
KMAINT_DEBUG=1 "$KMAINT" index -q 2>"$TRASH/dbg"
like "$TRASH/dbg" "^identity: the MAINTAINERS joins of 5 newer versions \\([1-9][0-9]*\\) merged into the [1-9][0-9]* kept" \
	"kmaint index reads only the newer versions of MAINTAINERS"
like "$C" "roger5@new.example" "their joins are kept"
cp "$C" "$TRASH/merged"
rm -f "$C" && $AUDIT >/dev/null 2>&1
same_file "$C" "$TRASH/merged" "the joins of every version read again, in the same order"
expect_success "index --verify: the stored model is one built again" \
	"$KMAINT" index --verify 1
ok "$(grep -q '^identity: ' "$TRASH/.out"; [ $? = 1 ]; echo $?)" "(no row differs)"

# An index directory that cannot be written costs only the time.
if [ "$(id -u)" != 0 ]; then
	rm -f "$C" && chmod a-w .git/kmaint
	$AUDIT >"$TRASH/a6" 2>"$TRASH/err6"
	chmod u+w .git/kmaint
	like "$TRASH/a6" "$DELTA" "a read-only index directory: the same answer"
fi

done_testing
