#!/bin/sh
# kmaint pending on a generated history and two archives made by
# public-inbox's own tools: a patch older than the window, v1 superseded
# by v2, a landed patch, a patch answered only by a listed R: (with and
# without a Reviewed-by), a series under its cover letter with one patch
# answered by its M:, a series answered on its cover letter, a patch
# answered by the M: from another of his addresses (tied to the listed
# one by a commit), one answered by someone unlisted, one cross-posted
# and answered on the other list, one only THE REST covers, a series
# under a cover letter without "0/N" (stgit's [PATCHSET]); --section,
# --person, --as-of, --days, --json (parsed by python3), the exit
# status (an index without archives too); and the count of FOO DRIVER's
# pending patches against one computed here from the message files and
# git log.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"

R=$TRASH/proj
M=$TRASH/msgs
M2=$TRASH/msgs2
I=$TRASH/inbox
I2=$TRASH/inbox2
mkdir -p "$M" "$M2"
git init -q -b main "$R" && cd "$R" || exit 1
lines() { i=1; while [ $i -le 40 ]; do echo "$1 line $i"; i=$((i + 1)); done; }

cat >MAINTAINERS <<'EOF'
FOO DRIVER
M:	Mal Maint <mal@new.example>
R:	Rev Iewer <rev@example.com>
L:	test@example.com
S:	Maintained
F:	foo/

BAR LIBRARY
M:	Bar Man <bar@example.com>
L:	test@example.com
S:	Maintained
F:	bar/

DOCS ONLY
L:	test@example.com
S:	Maintained
F:	doc/

THE REST
M:	Top Dog <top@example.com>
L:	linux-kernel@example.com
S:	Buried alive in reporters
F:	*
F:	*/
EOF
mkdir foo bar doc
lines a >foo/a.c
lines b >foo/b.c
lines c >bar/c.c
lines d >doc/d.txt
lines m >Makefile
as "Init Ial" init@example.com
at "2024-01-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
# Mal moved: authored at the old address, committed at the new one
as "Mal Maint" mal@old.example
at "2024-01-05 00:00:00"
sed -i "2s/.*/tidied/" foo/b.c &&
GIT_COMMITTER_NAME="Mal Maint" GIT_COMMITTER_EMAIL=mal@new.example \
	git commit -qam "foo: tidy" || exit 1
# what lands: Carol's fix, applied after it was posted
as Carol carol@example.com
at "2024-03-15 00:00:00"
sed -i "20s/.*/fixed/" foo/a.c && git commit -qam "foo: landed fix" || exit 1
landed=$(git rev-parse HEAD)

# diff FILE...: a one-line change to each (the landed fix's for "landed")
diff_of() {
	if [ "$1" = landed ]; then
		git show --format= "$landed"
		return
	fi
	for f in "$@"; do
		printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -5 +5 @@\n-%s line 5\n+changed\n' \
			"$f" "$f" "$f" "$f" "$(basename "$f" | cut -c1)"
	done
}
# patch FILE FROM SUBJECT DATE MSGID IN-REPLY-TO FILES...
patch() {
	f=$1 from=$2 subj=$3 date=$4 id=$5 irt=$6
	shift 6
	{
		printf 'A change.\n\nSigned-off-by: %s\n---\n' "$from"
		diff_of "$@"
		printf -- '-- \n2.39.0\n'
	} | mail "$f" "$from" "$subj" "$date" "$id" "$irt"
}
# reply FILE FROM SUBJECT DATE MSGID IN-REPLY-TO TEXT
reply() {
	printf '> quoted\n\n%s\n' "$7" | mail "$1" "$2" "$3" "$4" "$5" "$6"
}
MAL="Mal Maint <mal@new.example>"
MAL_OLD="Mal Maint <mal@old.example>"
REV="Rev Iewer <rev@example.com>"

patch "$M/01" "Alice <alice@example.com>" "[PATCH] foo: ancient" \
	"Thu, 1 Feb 2024 10:00:00 +0000" old@x "" foo/a.c
patch "$M/02" "Bob <bob@example.com>" "[PATCH] foo: add widget" \
	"Fri, 8 Mar 2024 10:00:00 +0000" w1@x "" foo/a.c
patch "$M/03" "Bob <bob@example.com>" "[PATCH v2] foo: add widget" \
	"Tue, 12 Mar 2024 10:00:00 +0000" w2@x "" foo/a.c
patch "$M/04" "Carol <carol@example.com>" "[PATCH] foo: landed fix" \
	"Sat, 9 Mar 2024 10:00:00 +0000" land@x "" landed
patch "$M/05" "Dave <dave@example.com>" "[PATCH] foo: reviewed only" \
	"Sun, 10 Mar 2024 10:00:00 +0000" rev@x "" foo/b.c
reply "$M/06" "$REV" "Re: [PATCH] foo: reviewed only" \
	"Sun, 10 Mar 2024 12:00:00 +0000" r1@x rev@x "Reviewed-by: $REV"
echo "Two things." | mail "$M/07" "Dora <dora@example.com>" "[PATCH 0/2] bar: two things" \
	"Mon, 11 Mar 2024 09:00:00 +0000" s0@x
patch "$M/08" "Dora <dora@example.com>" "[PATCH 1/2] bar: first thing" \
	"Mon, 11 Mar 2024 09:01:00 +0000" s1@x s0@x bar/c.c
patch "$M/09" "Dora <dora@example.com>" "[PATCH 2/2] bar: second thing" \
	"Mon, 11 Mar 2024 09:02:00 +0000" s2@x s0@x bar/c.c foo/b.c
reply "$M/10" "Bar Man <bar@example.com>" "Re: [PATCH 1/2] bar: first thing" \
	"Tue, 12 Mar 2024 09:00:00 +0000" b1@x s1@x "Applied."
patch "$M/11" "Eve <eve@example.com>" "[PATCH] foo: answered by mal" \
	"Wed, 13 Mar 2024 10:00:00 +0000" mal@x "" foo/a.c
reply "$M/12" "$MAL_OLD" "Re: [PATCH] foo: answered by mal" \
	"Thu, 14 Mar 2024 10:00:00 +0000" m1@x mal@x "Thanks, applied."
patch "$M/13" "Finn <finn@example.com>" "[PATCH] foo: only others answered" \
	"Fri, 15 Mar 2024 10:00:00 +0000" oth@x "" foo/b.c
reply "$M/14" "Other <other@example.com>" "Re: [PATCH] foo: only others answered" \
	"Fri, 15 Mar 2024 11:00:00 +0000" o1@x oth@x "Nice."
patch "$M/15" "Gus <gus@example.com>" "[PATCH] top: makefile tweak" \
	"Sat, 16 Mar 2024 10:00:00 +0000" top@x "" Makefile
# a cover letter without "0/N", as stgit's
echo "A set." | mail "$M/24" "Lee <lee@example.com>" "[PATCHSET] top: a set" \
	"Sat, 16 Mar 2024 11:00:00 +0000" set0@x
patch "$M/25" "Lee <lee@example.com>" "[PATCH 1/1] top: set one" \
	"Sat, 16 Mar 2024 11:01:00 +0000" set1@x set0@x Makefile
patch "$M/16" "Hal <hal@example.com>" "[PATCH] foo: answered by R only" \
	"Sun, 17 Mar 2024 10:00:00 +0000" ronly@x "" foo/a.c
reply "$M/17" "$REV" "Re: [PATCH] foo: answered by R only" \
	"Sun, 17 Mar 2024 12:00:00 +0000" r2@x ronly@x "Why?"
echo "A pair." | mail "$M/18" "Ivy <ivy@example.com>" "[PATCH 0/2] foo: pair" \
	"Mon, 18 Mar 2024 09:00:00 +0000" p0@x
patch "$M/19" "Ivy <ivy@example.com>" "[PATCH 1/2] foo: pair one" \
	"Mon, 18 Mar 2024 09:01:00 +0000" p1@x p0@x foo/a.c
patch "$M/20" "Ivy <ivy@example.com>" "[PATCH 2/2] foo: pair two" \
	"Mon, 18 Mar 2024 09:02:00 +0000" p2@x p0@x foo/b.c
patch "$M/21" "Kim <kim@example.com>" "[PATCH] doc: nobody to wait on" \
	"Mon, 18 Mar 2024 10:00:00 +0000" doc@x "" doc/d.txt
patch "$M/22" "Jo <jo@example.com>" "[PATCH] foo: cross-posted" \
	"Tue, 19 Mar 2024 10:00:00 +0000" xp@x "" foo/b.c
cp "$M/22" "$M2/01"
reply "$M2/02" "$MAL" "Re: [PATCH] foo: cross-posted" \
	"Tue, 19 Mar 2024 12:00:00 +0000" m3@x xp@x "Applied, thanks."
# the newest message: "now"
reply "$M/23" "$MAL" "Re: [PATCH 0/2] foo: pair" \
	"Wed, 20 Mar 2024 12:00:00 +0000" m2@x p0@x "Applied both."

{ pi_init test "$I" test@example.com && pi_add test "$M"/* &&
  pi_init other "$I2" other@example.com && pi_add other "$M2"/*; } >/dev/null 2>&1 ||
	{ echo "1..1"; echo "not ok 1 - public-inbox"; exit 1; }

expect_success "index the history and both archives" "$KMAINT" index --inbox "$I" --inbox "$I2"
like "$TRASH/.out" '^lists: 27 messages added' "27 messages (one of them twice)"

# pending [ARGS]: run it, the exit status in $rc, the output in $TRASH/p
pending() {
	"$KMAINT" pending --no-update "$@" >"$TRASH/p" 2>"$TRASH/p.err"
	rc=$?
}
# the Message-IDs listed as patches (not covers), in order
ids() { sed -n 's|^ *https://lore.kernel.org/r/||p' "$TRASH/p" | grep -vE '^(s0|set0)@x$'; }

pending --section FOO
is "$rc" 1 "--section FOO: exit 1, something is pending"
is "$(ids | tr '\n' ' ')" "rev@x s2@x w2@x oth@x ronly@x " \
	"FOO DRIVER: the reviewed one, the series' second patch, v2, the one others answered, the one its R: answered; oldest first"
like "$TRASH/p" '^kmaint pending: section FOO DRIVER of MAINTAINERS \(work tree\); patches posted 2024-03-06 \.\. 2024-03-20 \(14 days\)' \
	"now is the newest message's date, the window 14 days"
like "$TRASH/p" '^5 patches pending, 1 in 1 series$' "five patches, one of them in a series"
ok $(grep -q 'w1@x' "$TRASH/p"; [ $? = 1 ]; echo $?) "v1, superseded by v2, is not pending"
ok $(grep -q 'land@x' "$TRASH/p"; [ $? = 1 ]; echo $?) "the landed patch is not pending"
ok $(grep -q 'old@x' "$TRASH/p"; [ $? = 1 ]; echo $?) "the patch older than 14 days is not listed"
ok $(grep -q 'mal@x' "$TRASH/p"; [ $? = 1 ]; echo $?) \
	"the patch Mal answered from his old address is not pending (one person)"
ok $(grep -q 'p[12]@x' "$TRASH/p"; [ $? = 1 ]; echo $?) "the series answered on its cover letter is not pending"
ok $(grep -q 'xp@x' "$TRASH/p"; [ $? = 1 ]; echo $?) \
	"the cross-posted patch answered on the other list is not pending"
ok $(grep -q 'top@x\|doc@x' "$TRASH/p"; [ $? = 1 ]; echo $?) "nor are other sections' patches"
like "$TRASH/p" '^  waits on FOO DRIVER; reviewed by R: Rev Iewer$' "R: gave a Reviewed-by: reviewed, still waiting for the M:"
like "$TRASH/p" '^  waits on FOO DRIVER; answered by R: Rev Iewer$' "R: answered without one: answered"
sed -n '/^\[PATCH 0\/2\] bar: two things$/,/^$/p' "$TRASH/p" >"$TRASH/series"
like "$TRASH/series" '^    \[PATCH 2/2\] bar: second thing$' "the series' patch is under its cover letter"
like "$TRASH/series" '^      waits on FOO DRIVER$' "on the section asked about"
ok $(grep -q '1/2' "$TRASH/series"; [ $? = 1 ]; echo $?) "its first patch (foo/ untouched) is not there"
like "$TRASH/p" '^  Dave <dave@example.com>, 2024-03-10, 10 days$' "author, date and days waiting"
like "$TRASH/p" '^  https://lore.kernel.org/r/rev@x$' "the Message-ID as lore's URL"
# stats --list --section reads FOO's threads alone: a copy's id leads
# to the one kept there too, and Mal's answer on the other list answers
# the cross-posted patch (7 answered, not 6)
"$KMAINT" stats --list --section FOO --no-update >"$TRASH/s"
like "$TRASH/s" '^patches: 7 answered, 5 never answered; 1 landed, 1 superseded, 10 pending$' \
	"stats --list --section: the patch answered on the other list is answered"

# the same count, independently: the message files and git log
in_window() {	# FILE: dated 2024-03-06 12:00 .. 2024-03-20 12:00
	t=$(date -u -d "$(sed -n 's/^Date: //p' "$1")" +%s)
	[ "$t" -ge "$(date -u -d '2024-03-06 12:00' +%s)" ] && [ "$t" -le "$(date -u -d '2024-03-20 12:00' +%s)" ]
}
hdr() { sed -n "s/^$1: //p" "$2" | head -1; }
# Mal's addresses as git knows them: author and committer of one commit under one name
mal=$(git log --format='%an|%ae|%cn|%ce' | awk -F'|' '$1 == $3 && $2 != $4 && $1 == "Mal Maint" { print $2; print $4 }' | sort -u)
is "$(echo $mal)" "mal@new.example mal@old.example" "git log ties Mal's two addresses"
n=0
for f in "$M"/*; do
	hdr Subject "$f" | grep -q '^\[PATCH' || continue
	hdr Subject "$f" | grep -q '^\[PATCH 0/' && continue
	grep -q '^diff --git a/foo/' "$f" || continue
	in_window "$f" || continue
	id=$(hdr Message-ID "$f" | tr -d '<>')
	parent=$(hdr In-Reply-To "$f" | tr -d '<>')
	subj=$(hdr Subject "$f" | sed 's/^\[[^]]*\] //')
	from=$(hdr From "$f")
	# answered by a listed M: of FOO, on the patch or its cover letter
	answered=0
	for g in "$M"/* "$M2"/*; do
		irt=$(hdr In-Reply-To "$g" | tr -d '<>')
		[ -n "$irt" ] && { [ "$irt" = "$id" ] || [ "$irt" = "$parent" ]; } || continue
		for a in $mal; do hdr From "$g" | grep -q "$a" && answered=1; done
	done
	[ $answered = 1 ] && continue
	# superseded: the same author posted the subject again as v2
	grep -l "^Subject: \[PATCH v2\] $subj\$" "$M"/* | grep -vx "$f" |
		xargs -r grep -l "^From: $from\$" | grep -q . && continue
	# landed: a commit of that subject
	git log --format=%s | grep -qxF "$subj" && continue
	n=$((n + 1))
done
is "$n" 5 "independently, from the files and git log: 5 FOO patches pending"

pending --section FOO --json
is "$rc" 1 "--json: exit 1 too"
python3 - "$TRASH/p" >"$TRASH/py" 2>&1 <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(d["pending"], d["days"], d["as_of"], d["since"], d["sections"], d["person"])
for s in d["series"]:
    c = s["cover"]
    print("cover" if c else "alone", c["message_id"] if c else "-",
          " ".join(p["message_id"] for p in s["patches"]))
    for p in s["patches"]:
        for r in p["reviewers"]:
            print(" ", p["message_id"], r["section"], r["name"], r["email"], r["reviewed"])
        assert p["url"] == "https://lore.kernel.org/r/" + p["message_id"]
        assert p["date"].endswith("Z") and isinstance(p["days"], int)
EOF
is "$(cat "$TRASH/py")" "5 14 2024-03-20T12:00:00Z 2024-03-06T12:00:00Z ['FOO DRIVER'] None
alone - rev@x
  rev@x FOO DRIVER Rev Iewer rev@example.com True
cover s0@x s2@x
alone - w2@x
alone - oth@x
alone - ronly@x
  ronly@x FOO DRIVER Rev Iewer rev@example.com False" "--json parses; series with their cover (or none), reviewers"

pending
is "$rc" 1 "every section: exit 1"
is "$(ids | tr '\n' ' ')" "rev@x s2@x w2@x oth@x top@x set1@x ronly@x " \
	"every section: FOO's and THE REST's (not DOCS ONLY's: nobody is listed there)"
like "$TRASH/p" '^7 patches pending, 2 in 2 series$' "seven patches, two in series"
sed -n '/^\[PATCHSET\] top: a set$/,/^$/p' "$TRASH/p" >"$TRASH/set"
like "$TRASH/set" '^    \[PATCH 1/1\] top: set one$' "a cover letter without 0/N (stgit's [PATCHSET]) heads its series"
sed -n '/^\[PATCH 0\/2\] bar: two things$/,/^$/p' "$TRASH/p" >"$TRASH/series"
like "$TRASH/series" '^      waits on FOO DRIVER, BAR LIBRARY$' \
	"the series' second patch waits on both sections it touches, in MAINTAINERS order"
ok $(grep -q '1/2' "$TRASH/series"; [ $? = 1 ]; echo $?) "its first patch, answered by BAR's M:, is not pending"
sed -n '/top@x/,/^$/p' "$TRASH/p" >"$TRASH/top"
like "$TRASH/top" '^  waits on THE REST$' "a patch only THE REST covers waits on it"
ok $(grep -c 'waits on.*THE REST' "$TRASH/p" | grep -qx 2; echo $?) \
	"and only those two (this and the set): a catch-all section does not claim files other sections cover"

pending --section "THE REST"
is "$(ids | tr '\n' ' ')" "top@x set1@x " "--section 'THE REST': the file no other section covers"
pending --section bar
is "$(ids | tr '\n' ' ')" "s2@x " "--section by unique prefix, any case: BAR LIBRARY's series"

pending --person rev@example.com
is "$(ids | tr '\n' ' ')" "rev@x s2@x w2@x oth@x ronly@x " "--person by R: address: FOO DRIVER"
like "$TRASH/p" '^kmaint pending: the sections listing rev@example.com \(FOO DRIVER\)' "says which sections"
pending --person mal@old.example
like "$TRASH/p" '^kmaint pending: the sections listing mal@old.example \(FOO DRIVER\)' \
	"--person by another address of the M:: the identity model finds FOO"
pending --person "bar man"
is "$(ids | tr '\n' ' ')" "s2@x " "--person by name (folded): BAR LIBRARY"
like "$TRASH/p" '^      waits on BAR LIBRARY$' "among that person's sections"
pending --person "Mal Maint"
is "$(grep -c 's2@x' "$TRASH/p") $(sed -n '/s2@x/,/^$/p' "$TRASH/p" | grep -c 'waits on FOO DRIVER$')" "1 1" \
	"--person: a patch once, with the sections it waits on"
pending --person "Top Dog" --json
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["person"], d["sections"], d["pending"])' \
	"$TRASH/p" >"$TRASH/py"
is "$(cat "$TRASH/py")" "Top Dog ['THE REST'] 2" "--person --json"

pending --section FOO --as-of 2024-03-14
is "$(ids | tr '\n' ' ')" "land@x rev@x s2@x w2@x " \
	"--as-of 2024-03-14: the landed patch is pending (its commit came later); Mal's answer of that day counts"
like "$TRASH/p" 'posted 2024-02-29 \.\. 2024-03-14 \(14 days\)' "a date means the whole day"
pending --section FOO --as-of 2024-03-09
is "$(ids | tr '\n' ' ')" "w1@x land@x " "--as-of 2024-03-09: v1 is pending, v2 not posted yet"
pending --section FOO --days 60
is "$(ids | head -1)" old@x "--days 60: the old patch too"
pending --section FOO --days 1
is "$rc" 0 "nothing posted in the last day: exit 0"
like "$TRASH/p" '^nothing pending$' "and says so"
pending --json --days 1
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["pending"], d["series"], d["sections"])' \
	"$TRASH/p" >"$TRASH/py"
is "$(cat "$TRASH/py")" "0 [] None" "--json when nothing is pending"

"$KMAINT" pending --no-update --days 0 >/dev/null 2>&1; is "$?" 129 "--days 0 is a usage error (129)"
"$KMAINT" pending --no-update --section FOO --person bar@example.com >/dev/null 2>&1
is "$?" 129 "--section and --person together: 129"
"$KMAINT" pending --no-update --section NOSUCH >/dev/null 2>"$TRASH/err"
is "$?" 128 "an unknown section: 128"
like "$TRASH/err" "no section of MAINTAINERS \\(work tree\\) is named 'NOSUCH'" "says so"
"$KMAINT" pending --no-update --section "DOCS ONLY" >/dev/null 2>"$TRASH/err"
is "$?" 128 "a section listing nobody: 128"
"$KMAINT" pending --no-update --person nobody@example.com >/dev/null 2>"$TRASH/err"
is "$?" 128 "a person listed nowhere: 128"
like "$TRASH/err" "lists 'nobody@example.com' as M: or R:" "says so"
"$KMAINT" pending --no-update --as-of "not a date" >/dev/null 2>&1
is "$?" 128 "a bad --as-of: 128"
# an index without archives
mkdir "$TRASH/bare" && cd "$TRASH/bare" && git init -q && cp "$R/MAINTAINERS" . &&
	git add MAINTAINERS && git commit -qm init && "$KMAINT" index -q || exit 1
"$KMAINT" pending --no-update >/dev/null 2>"$TRASH/err"
is "$?" 128 "no archive in the index: 128"
like "$TRASH/err" "no mailing list in the index" "says so"
done_testing
