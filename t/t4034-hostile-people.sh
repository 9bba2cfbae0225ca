#!/bin/sh
# People read from hostile text: an M: line whose name is markup keeps
# its address ("\"><script>x</script> <a@b.c>" is a@b.c, the name
# text), and trailers with markup around an '@' ("Reviewed-by:
# <script>alert(22)'&@x.y") name nobody, where the bare-address rule
# made a person "22)'&@x.y" of them.
. "${0%/*}/lib.sh"

git init -q "$TRASH/r" && cd "$TRASH/r" || exit 1
cat >MAINTAINERS <<'EOF2'
HOSTILE DRIVER
M:	"><script>x</script> <a@b.c>
S:	Maintained
F:	h/
EOF2
mkdir h && echo 0 >h/h.c
commit() {
	d=$1 s=$2
	shift 2
	GIT_AUTHOR_DATE="$d 00:00:00 +0000" GIT_COMMITTER_DATE="$d 00:00:00 +0000" \
	GIT_AUTHOR_NAME="A B" GIT_AUTHOR_EMAIL=a@b.c \
	GIT_COMMITTER_NAME="A B" GIT_COMMITTER_EMAIL=a@b.c git commit -qm "$s" "$@"
}
git add . && commit 2024-01-01 init || exit 1
for i in 1 2 3 4 5 6; do
	echo $i >>h/h.c && git add h || exit 1
	commit "2024-0$i-02" "h: change $i" -m "Signed-off-by: A B <a@b.c>
Reviewed-by: <script>alert(22)'&@x.y
Tested-by: Foo (v22)'&@x.y"
done
expect_success "index" "$KMAINT" index -q
is "$(sqlite3 .git/kmaint/index.sqlite "SELECT group_concat(email, ' ') FROM people")" \
	"a@b.c" "the markup trailers add nobody to the people table"
"$KMAINT" stats --json >"$TRASH/stats.json"
ok $(grep -q "x\.y" "$TRASH/stats.json"; [ $? = 1 ]; echo $?) "stats names nobody at x.y"

"$KMAINT" audit --json >"$TRASH/audit.json"
is "$?" 0 "audit: no finding (the listed M: did the work)"
like "$TRASH/audit.json" '"type":"M","person":"\\"><script>x</script> <a@b\.c>","email":"a@b\.c"' \
	"audit: the M: line's address is a@b.c"
like "$TRASH/audit.json" '"changesets":7,' "and its seven changes are the listed person's"
"$KMAINT" report --site "$TRASH/site" >/dev/null 2>&1
ok $(grep -rq '<script>x' "$TRASH/site"; [ $? = 1 ]; echo $?) \
	"report --site: the name stays text"
ok $(grep -q '&lt;script&gt;x&lt;/script&gt;' "$TRASH/site/index.html" \
	"$TRASH"/site/s/*.html; echo $?) "escaped where it is shown"
done_testing
