#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kmaint get behind its real clients, end to end and offline, against
# get_maintainer.pl (the tie-patched oracle of lib-kernel.sh) behind the
# same clients in the same generated kernel-shaped repository:
#
# - git send-email --dry-run, --to-cmd and --cc-cmd: the recipients of
#   every message (envelope, To:, Cc:);
# - b4 prep --auto-to-cc: the To: and Cc: it writes into the cover letter,
#   and kmaint check --patch on the messages b4 send -o writes from it.
#
# The series: a fix in a driver (with a Fixes: tag and a K: keyword in
# its message), a change to a file system section's two file patterns,
# and a change to a file only THE REST covers (the git fallback, for
# send-email).  Each comparison also runs a deliberately wrong command
# ("get --nor": no reviewers) and must see it differ, so it can fail;
# KMAINT_GET_OVERRIDE (lib-kernel.sh) replaces "$KMAINT get" on the
# tested side: "oracle" must pass, any wrong command must fail.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-kernel.sh"
. "${0%/*}/lib-clients.sh"
need_kernel
oracle_setup

# The clients: git-email (with Mail::Address, libmailtools-perl) and b4
missing=
[ -x "$(git --exec-path)/git-send-email" ] || missing="$missing git-email"
perl -MMail::Address -e 1 2>/dev/null || missing="$missing libmailtools-perl"
command -v b4 >/dev/null 2>&1 || missing="$missing b4"
if [ -n "$missing" ]; then
	[ "${CI:-}" = true ] && { echo "1..1"; echo "not ok 1 - missing:$missing (run scripts/deps.sh)"; exit 1; }
	skip_all "missing:$missing (run scripts/deps.sh)"
fi
clients_offline

ORACLE="perl '$ORACLE_PL'"
case $KMAINT_GET_OVERRIDE in
"")	KGET="'$KMAINT' get" ;;
oracle)	KGET=$ORACLE ;;
*)	KGET=$KMAINT_GET_OVERRIDE ;;
esac

# --- a kernel-shaped repository: what get_maintainer.pl's tree check
# wants (top_of_kernel_tree), a MAINTAINERS with two sections and THE
# REST, a little history, then the series on main after the tag "base"
R=$TRASH/linux
git init -q -b main "$R" && cd "$R" || exit 1
{ cat <<'EOF'
List of maintainers
===================

Descriptions of section entries and preferred order
---------------------------------------------------

	M: *Mail* patches to: FullName <address@domain>
	F: *Files* and directories wildcard patterns (see below)

Maintainers List
----------------

BAR FILESYSTEM
M:	Bar Maintainer <bar@example.com>
M:	Second Bar <bar2@example.net>
R:	Bar Reviewer <bar-review@example.org>
L:	linux-bar@vger.kernel.org
S:	Supported
F:	fs/bar/
F:	include/linux/bar.h
K:	\bbar_magic\b

FOO DRIVER
M:	Foo Maintainer <foo@example.com>
R:	Foo Reviewer <foo-review@example.org>
L:	foo-devel@lists.example.org (moderated for non-subscribers)
S:	Maintained
F:	drivers/foo/

EOF
the_rest; } >MAINTAINERS
for f in COPYING CREDITS Kbuild Makefile README; do echo "$f" >"$f"; done
for d in Documentation arch include drivers fs init ipc kernel lib scripts; do
	mkdir -p "$d" && echo "# $d" >"$d/Makefile"
done
mkdir -p drivers/foo fs/bar include/linux
echo 'int foo;' >drivers/foo/foo.c
echo 'int bar;' >fs/bar/inode.c
echo '#define BAR 1' >include/linux/bar.h
echo 'int rest;' >lib/rest.c

# commit NAME EMAIL SUBJECT [BODY]: commit everything as NAME, signed off
commit() {
	git add -A &&
	GIT_AUTHOR_NAME=$1 GIT_AUTHOR_EMAIL=$2 \
		git commit -q -m "$3" -m "${4:+$4
}Signed-off-by: $1 <$2>"
}
commit 'Linus Torvalds' torvalds@linux-foundation.org "Initial tree" &&
echo 'int rest2;' >>lib/rest.c &&
commit 'Rest Hacker' rest@example.com "lib: rest two" &&
echo 'int rest3;' >>lib/rest.c &&
commit 'Other Hacker' other@example.net "lib: rest three" \
	"Reviewed-by: Rest Hacker <rest@example.com>" &&
echo 'int foo2;' >>drivers/foo/foo.c &&
commit 'Foo Dev' foodev@example.com "foo: add foo2" &&
git tag base &&
echo 'int foo3;' >>drivers/foo/foo.c &&
commit 'A U Thor' author@example.com "foo: fix foo2" \
	"The bar_magic value was off by one.

Fixes: $(git rev-parse --short=12 HEAD) (\"foo: add foo2\")" &&
echo 'int bar2;' >>fs/bar/inode.c && echo '#define BAR2 2' >>include/linux/bar.h &&
commit 'A U Thor' author@example.com "bar: add bar2" &&
echo 'int rest4;' >>lib/rest.c &&
commit 'A U Thor' author@example.com "lib: rest four"
ok $? "a kernel-shaped repository with a 3-patch series"
git format-patch -q -o "$TRASH/series" base..main
is "$(ls "$TRASH/series" | wc -l | tr -d ' ')" 3 "the series: 3 patches"
expect_success "kmaint index (for the git fallback)" "$KMAINT" index -q

# --- git send-email --dry-run
send_email_dry "$ORACLE" "$TRASH/se.o" "$TRASH"/series/*.patch
is "$?" 0 "send-email with get_maintainer.pl: exit 0"
send_email_recipients "$TRASH/se.o" >"$TRASH/se.o.r"
# what the set-up must exercise, by the oracle's own answer
is "$(grep -c '^Subject: \[PATCH [1-3]/3\]' "$TRASH/se.o.r")" 3 "send-email: three messages"
awk -v RS= 'NR == 1' "$TRASH/se.o.r" >"$TRASH/m1"
awk -v RS= 'NR == 3' "$TRASH/se.o.r" >"$TRASH/m3"
like "$TRASH/m1" 'Foo Dev <foodev@example.com>' "oracle, message 1: the Fixes: commit's signer"
like "$TRASH/m1" 'Bar Maintainer <bar@example.com>' "oracle, message 1: the K: keyword's section"
like "$TRASH/m1" '^(Cc:)?[ 	]*foo-devel@lists\.example\.org' "oracle, message 1: the moderated list"
like "$TRASH/m3" 'Rest Hacker <rest@example.com>' "oracle, message 3: THE REST's file, git fallback signers"
like "$TRASH/m3" '^Cc: linux-kernel@vger\.kernel\.org' "oracle, message 3: THE REST's list"

send_email_dry "$KGET" "$TRASH/se.k" "$TRASH"/series/*.patch
is "$?" 0 "send-email with kmaint get: exit 0"
send_email_recipients "$TRASH/se.k" >"$TRASH/se.k.r"
same_file "$TRASH/se.k.r" "$TRASH/se.o.r" \
	"send-email: every message's recipients from kmaint get equal get_maintainer.pl's"
[ -s "$TRASH/se.k.err" ] && sed 's/^/# stderr: /' "$TRASH/se.k.err" | head -5

send_email_dry "$KGET --nor" "$TRASH/se.w" "$TRASH"/series/*.patch &&
send_email_recipients "$TRASH/se.w" >"$TRASH/se.w.r" &&
! cmp -s "$TRASH/se.w.r" "$TRASH/se.o.r"
ok $? "send-email: the comparison sees a wrong command (get --nor)"

# --- b4 prep --auto-to-cc, each on its own prep branch
git config user.name 'A U Thor' && git config user.email author@example.com
b4_auto_to_cc "$ORACLE" oracle base main "$TRASH/b4.o"
is "$?" 0 "b4 prep --auto-to-cc with get_maintainer.pl"
[ -s "$TRASH/b4.o" ] || tail -10 "$TRASH/b4.o.log" | sed 's/^/# /'
like "$TRASH/b4.o" '^To: Foo Maintainer <foo@example.com>$' "oracle, b4: a maintainer in To:"
like "$TRASH/b4.o" '^To: Foo Dev <foodev@example.com>$' "oracle, b4: the Fixes: commit's signer"
like "$TRASH/b4.o" '^Cc: linux-kernel@vger\.kernel\.org$' "oracle, b4: THE REST's list in Cc:"

b4_auto_to_cc "$KGET" kmaint base main "$TRASH/b4.k"
is "$?" 0 "b4 prep --auto-to-cc with kmaint get"
[ -s "$TRASH/b4.k" ] || tail -10 "$TRASH/b4.k.log" | sed 's/^/# /'
same_file "$TRASH/b4.k" "$TRASH/b4.o" \
	"b4: the cover letter's To: and Cc: from kmaint get equal get_maintainer.pl's"

# the messages b4 would send from that branch (b4 send -o writes them
# instead), checked as one series by kmaint check --patch: nobody get
# names is missing; what is left is the Fixes: commit's committer, whom
# get does not name (no Signed-off-by of theirs)
printf '#!/bin/sh\nsed -i "s/EDITME/Edited/" "$1"\n' >"$TRASH/editor" &&
chmod +x "$TRASH/editor" &&
GIT_EDITOR=$TRASH/editor EDITOR=$TRASH/editor b4 prep --edit-cover >"$TRASH/b4.send.log" 2>&1 &&
b4 send --no-sign -o "$TRASH/b4.out" >>"$TRASH/b4.send.log" 2>&1
is "$?" 0 "b4 send -o: the series b4 prepared with kmaint get"
"$KMAINT" check --patch "$TRASH"/b4.out/* >"$TRASH/b4.check" 2>&1
is "$?" 1 "kmaint check --patch on it: warnings only"
is "$(grep -Ec 'WARNING: (maintainer|reviewer|list|address) ' "$TRASH/b4.check")" 0 \
	"check --patch: every maintainer, reviewer and list get names is copied"
is "$(grep -v 'WARNING: committer of the commit Fixes: names .* C O Mitter <committer@example.com>$' "$TRASH/b4.check")" "" \
	"check --patch: only the Fixes: commit's committer is missing"

b4_auto_to_cc "$KGET --nor" wrong base main "$TRASH/b4.w" &&
! cmp -s "$TRASH/b4.w" "$TRASH/b4.o"
ok $? "b4: the comparison sees a wrong command (get --nor)"
done_testing
