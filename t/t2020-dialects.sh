#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The dialects of MAINTAINERS: an edk2-style Maintainers.txt (CRLF, "X: "
# tags, dash-underlined categories, titles followed directly by tags,
# "Name <addr> [github-handle]", GetMaintainer.py's patterns and its
# <default> stewards) and a QEMU-style MAINTAINERS (underlined category
# headers, K: on the Subject line), both written here: get on files and
# patches, map, check.
. "${0%/*}/lib.sh"

mk_files() {
	for f in "$@"; do
		mkdir -p "$(dirname "$f")" && echo "$f" >"$f"
	done
}

# --- edk2 ---------------------------------------------------------------
E=$TRASH/edk2
mkdir -p "$E" && cd "$E" && git init -q . || exit 1
mk_files README.md FooPkg/Foo.dec FooPkg/Lib/Arm/Mmu.c FooPkg/Lib/X64/Mmu.c \
	BarPkg/Bar.c BarPkg/Skip.c BarPkg/Sub/Deep.c BazPkg/Sub/Baz.inf \
	QuxPkg/Qux/Qux.c QuxPkg/QuxExtra.c NoMaintPkg/Nm.c
# the descriptions are indented: no tags; the title is underlined "==="
sed 's/$/\r/' >Maintainers.txt <<'EOF'
EDK II Maintainers
==================

Descriptions of section entries:

  M: Package Maintainer: Cc address for patches and questions.
  F: Files and directories with wildcard patterns.
     F:   FooPkg/   all files in and below FooPkg

All patches CC:d here
L: devel@lists.example.org
F: *
F: */

Stewards
--------
F: *
M: Ann Steward <ann@example.org> [annst]
M: Bob Steward <bob@example.org> [bob-st] (on leave)

EDK II Packages:
----------------
FooPkg
F: FooPkg/
W: https://example.org/foo
M: Carol Foo <carol@example.org> [carolf]
R: Dan Rev <dan@example.org> [danr]

FooPkg: Arm modules
F: FooPkg/*/Arm/
R: Eve Arm <eve@example.org> [evearm]

BarPkg
F: BarPkg/*
X: BarPkg/Skip.c
M: Frank Bar <frank@example.org> [frankb]

BazPkg
F: BazPkg/*.inf
M: Hal Baz <hal@example.org> [halb]

QuxPkg
F: QuxPkg/Qux
M: Ida Qux <ida@example.org> [idaq]

NoMaintPkg
F: NoMaintPkg/
R: Gina Rev <gina@example.org> [ginar]
EOF
git add -A && git commit -qm init || exit 1

"$KMAINT" get FooPkg/Lib/Arm/Mmu.c >"$TRASH/foo.out" 2>"$TRASH/foo.err"
is $? 0 "edk2: get finds Maintainers.txt at the top"
# get_maintainer.pl's order: the deepest pattern first
is "$(cat "$TRASH/foo.out")" "Eve Arm <eve@example.org> (reviewer:FooPkg: Arm modules)
Carol Foo <carol@example.org> (maintainer:FooPkg)
Dan Rev <dan@example.org> (reviewer:FooPkg)
devel@lists.example.org (open list:All patches CC:d here)" \
	"edk2: sections named by their title, no S: is 'maintainer', '*' crosses directories"
is "$(cat "$TRASH/foo.err")" "" "edk2: no git-fallback warning (GetMaintainer.py has none)"

"$KMAINT" get --no-rolestats FooPkg/Lib/X64/Mmu.c >"$TRASH/x64.out"
is "$(cat "$TRASH/x64.out")" "Carol Foo <carol@example.org>
Dan Rev <dan@example.org>
devel@lists.example.org" "edk2: the Arm section only where its pattern matches"

"$KMAINT" get --json README.md >"$TRASH/readme.json"
like "$TRASH/readme.json" '"name": "Ann Steward", "address": "ann@example.org"' \
	"edk2: the github handle is not part of the address"
like "$TRASH/readme.json" '"name": "Bob Steward", "address": "bob@example.org"' \
	"edk2: nor a comment after it"
is "$(grep -c 'annst\|bob-st\|leave' "$TRASH/readme.json")" 0 "edk2: no handle anywhere in the answer"

"$KMAINT" get --no-rolestats BarPkg/Bar.c >"$TRASH/bar.out"
is "$(cat "$TRASH/bar.out")" "Frank Bar <frank@example.org>
devel@lists.example.org" "edk2: a trailing '*' takes the directory's files"

stewards="Ann Steward <ann@example.org>
Bob Steward <bob@example.org>
devel@lists.example.org"
"$KMAINT" get --no-rolestats BarPkg/Sub/Deep.c >"$TRASH/deep.out"
is "$(cat "$TRASH/deep.out")" "$stewards" \
	"edk2: ... not below it: the path falls to the <default> stewards"
"$KMAINT" get --no-rolestats BarPkg/Skip.c >"$TRASH/skip.out"
is "$(cat "$TRASH/skip.out")" "$stewards" "edk2: X: excludes, and the stewards take it"
"$KMAINT" get --no-rolestats NoMaintPkg/Nm.c >"$TRASH/nm.out"
is "$(cat "$TRASH/nm.out")" "Gina Rev <gina@example.org>
Ann Steward <ann@example.org>
Bob Steward <bob@example.org>
devel@lists.example.org" "edk2: a section with an R: but no M: keeps its R: and adds the stewards"
"$KMAINT" get --no-rolestats BazPkg/Sub/Baz.inf >"$TRASH/baz.out"
like "$TRASH/baz.out" '^Hal Baz' "edk2: '*' in the middle crosses directories (BazPkg/*.inf)"
"$KMAINT" get --no-rolestats QuxPkg/Qux/Qux.c QuxPkg/QuxExtra.c >"$TRASH/qux.out"
is "$(grep -c '^Ida Qux' "$TRASH/qux.out")" 1 "edk2: a name without '/' is a prefix"
"$KMAINT" get --no-rolestats QuxPkg/QuxExtra.c >"$TRASH/quxx.out"
like "$TRASH/quxx.out" '^Ida Qux' "edk2: ... of any name (QuxPkg/Qux takes QuxPkg/QuxExtra.c, as the script's re.match does)"

# a patch: every file's people, once
echo change >>FooPkg/Lib/Arm/Mmu.c && echo change >>BarPkg/Sub/Deep.c
git commit -qam "FooPkg: change" && git format-patch -q -1 -o "$TRASH/p" || exit 1
"$KMAINT" get --no-rolestats "$TRASH"/p/0001-*.patch >"$TRASH/patch.out"
is "$(cat "$TRASH/patch.out")" "Ann Steward <ann@example.org>
Bob Steward <bob@example.org>
Eve Arm <eve@example.org>
Carol Foo <carol@example.org>
Dan Rev <dan@example.org>
devel@lists.example.org" "edk2: get on a patch"

# a new file: get_maintainer.pl's "dev/null" path is no path here
echo new >FooPkg/New.c && git add FooPkg/New.c &&
	git commit -qm "FooPkg: new" && git format-patch -q -1 -o "$TRASH/n" || exit 1
"$KMAINT" get --no-rolestats "$TRASH"/n/0001-*.patch >"$TRASH/new.out"
is "$(cat "$TRASH/new.out")" "Carol Foo <carol@example.org>
Dan Rev <dan@example.org>
devel@lists.example.org" "edk2: a patch adding a file does not call the stewards for /dev/null"

"$KMAINT" map >"$TRASH/map.out"
like "$TRASH/map.out" '^FooPkg/Lib/Arm/Mmu.c	.*FooPkg: Arm modules' "edk2: map"
"$KMAINT" map --summary >"$TRASH/sum.out"
like "$TRASH/sum.out" '^Files covered only by the <default> stewards: 5$' \
	"edk2: map --summary counts the stewards' files (README, Maintainers.txt, BarPkg/Sub/Deep.c, BarPkg/Skip.c, NoMaintPkg/Nm.c)"

"$KMAINT" check >"$TRASH/check.out" 2>&1
is "$?:$(cat "$TRASH/check.out")" "0:" "edk2: check is clean on the dialect (CRLF, 'X: ', no S:, its order)"

# check still finds what is wrong in it, at the title's line
cp Maintainers.txt "$TRASH/bad.txt"
printf 'Lost reviewers\r\nR: Kim Lost <kim@example.org> [kiml]\r\n' >>"$TRASH/bad.txt"
printf '\r\nKeyed\r\nF: NoMaintPkg/\r\nK: nothing\r\nM: Lee Lost <lee@example.org>\r\n' >>"$TRASH/bad.txt"
lost=$(($(wc -l <Maintainers.txt) + 1))
"$KMAINT" check --mpath "$TRASH/bad.txt" >"$TRASH/bad.out" 2>&1
is $? 1 "edk2: check exits 1 on a finding"
like "$TRASH/bad.out" 'bad.txt:'$lost': warning: section without file pattern	Lost reviewers' \
	"edk2: a section without F: is found (detected by its handles under another name)"
like "$TRASH/bad.out" "bad.txt:$((lost + 5)): warning: GetMaintainer.py does not read 'K:': the section ends here" \
	"edk2: a tag the script does not read is found"
"$KMAINT" check --fix >/dev/null 2>"$TRASH/fix.err"
is $? 128 "edk2: check --fix refuses to sort the dialect in the kernel's order"

# audit and review read the dialect from the history index
echo change >>FooPkg/Foo.dec
GIT_AUTHOR_NAME='Carol Foo' GIT_AUTHOR_EMAIL=carol@example.org \
	git commit -qam "FooPkg: work" || exit 1
"$KMAINT" index >/dev/null 2>"$TRASH/idx.err"
is $? 0 "edk2: index"
"$KMAINT" audit >"$TRASH/audit.out" 2>&1
like "$TRASH/audit.out" '^  M: Carol Foo <carol@example.org> \[carolf\]' "edk2: audit lists the section's M: by its title"
like "$TRASH/audit.out" '^      changesets 1 ' "edk2: ... with her changeset in FooPkg/"
sed 's/^R: Dan Rev <dan@example.org> \[danr\]\r$/&\
R: Gil New <gil@example.org> [giln]\r/' Maintainers.txt >"$TRASH/new.txt"
cp "$TRASH/new.txt" Maintainers.txt
git commit -qam "Maintainers.txt: add a FooPkg reviewer" &&
	git format-patch -q -1 -o "$TRASH/r" && git reset -q --hard HEAD^ || exit 1
"$KMAINT" review "$TRASH"/r/0001-*.patch >"$TRASH/review.out" 2>&1
like "$TRASH/review.out" 'against Maintainers.txt \(work tree\)' "edk2: review applies the patch to Maintainers.txt"
like "$TRASH/review.out" '^FooPkg: changed$' "edk2: review names the section by its title"
like "$TRASH/review.out" '^  added R: Gil New <gil@example.org>' "edk2: review sees the addition"

# the index keeps the versions of Maintainers.txt as it does MAINTAINERS'
git am -q --keep-cr "$TRASH"/r/0001-*.patch || exit 1
"$KMAINT" index >/dev/null 2>"$TRASH/idx.err"
is "$(sqlite3 .git/kmaint/index.sqlite 'SELECT count(*) FROM maintainers')" 2 \
	"edk2: the index keeps both versions of Maintainers.txt"
"$KMAINT" history >"$TRASH/hist.out" 2>&1
like "$TRASH/hist.out" 'Gil New' "edk2: history sees the reviewer added"
"$KMAINT" review --as-of "$(git log -1 --format=%cI HEAD^)" "$TRASH"/r/0001-*.patch \
	>"$TRASH/review2.out" 2>&1
like "$TRASH/review2.out" "against Maintainers.txt blob [0-9a-f]* \\(the patch.s base\\)" "edk2: review --as-of takes the patch's base"
like "$TRASH/review2.out" '^  added R: Gil New <gil@example.org>' "edk2: ... sees the addition"

# --- QEMU ---------------------------------------------------------------
Q=$TRASH/qemu
mkdir -p "$Q" && cd "$Q" && git init -q . || exit 1
mk_files target/s390x/cpu.c hw/arm/virt.c docs/index.rst configure
cat >MAINTAINERS <<'EOF'
Project Maintainers
===================

Descriptions of section entries:

	M: Mail patches to: FullName <address@domain>
	F: Files and directories with wildcard patterns.

General Project Administration
------------------------------
M: Pat Admin <pat@example.org>

All patches CC here
L: devel@lists.example.org
F: *
F: */

Guest CPU cores (TCG)
---------------------
ARM TCG CPUs
M: Pat Admin <pat@example.org>
L: arm@lists.example.org
S: Maintained
F: hw/arm/

S390 general architecture support
M: Sam Zed <sam@example.org>
S: Supported
F: target/s390x/
K: ^Subject:.*(?i)s390x?
L: s390x@lists.example.org

Documentation
-------------
Build system architecture
M: Bo Build <bo@example.org>
S: Odd Fixes
F: docs/
F: configure
EOF
git add -A && git commit -qm init || exit 1

"$KMAINT" get configure >"$TRASH/q1.out" 2>/dev/null
is "$(cat "$TRASH/q1.out")" "Bo Build <bo@example.org> (odd fixer:Build system architecture)
devel@lists.example.org (open list:All patches CC here)" "qemu: get on a file"

echo change >>hw/arm/virt.c
git commit -qam "hw/arm: fix the S390X-like thing" && git format-patch -q -1 -o "$TRASH/q" || exit 1
"$KMAINT" get "$TRASH"/q/0001-*.patch >"$TRASH/q2.out" 2>/dev/null
like "$TRASH/q2.out" '^Sam Zed <sam@example.org> \(supporter:S390 general architecture support:Keyword:\^Subject:\.\*\(\?i\)s390x\?\)$' \
	"qemu: K: on the Subject line, case-blind by (?i) in mid-pattern"
like "$TRASH/q2.out" '^s390x@lists.example.org ' "qemu: ... and its list"
echo again >>hw/arm/virt.c
git commit -qam "hw/arm: nothing of that" && git format-patch -q -1 -o "$TRASH/q3" || exit 1
"$KMAINT" get "$TRASH"/q3/0001-*.patch >"$TRASH/q3.out" 2>/dev/null
is "$(grep -c 'Sam Zed' "$TRASH/q3.out")" 0 "qemu: not without it in the Subject"

"$KMAINT" get --sections --no-tree --mpath MAINTAINERS -f docs/index.rst >"$TRASH/q4.out" 2>/dev/null
like "$TRASH/q4.out" '^Build system architecture$' "qemu: --sections names the section by its title"

"$KMAINT" check >"$TRASH/qc.out" 2>&1
is $? 1 "qemu: check finds the section without a pattern"
is "$(grep -c 'tab' "$TRASH/qc.out")" 0 "qemu: 'X: ' with a space is the dialect, not a finding"
is "$(grep -c -- '----' "$TRASH/qc.out")" 0 "qemu: no underline is taken for a section"
like "$TRASH/qc.out" '^MAINTAINERS:9: warning: section without file pattern	General Project Administration$' \
	"qemu: the finding is at the title"

"$KMAINT" map -- docs/index.rst >"$TRASH/qm.out"
is "$(cat "$TRASH/qm.out")" "docs/index.rst	Build system architecture	All patches CC here" "qemu: map"

done_testing
