#!/bin/sh
# A repository missing a blob (a damaged clone, a snapshot without a
# large file): index --inbox gives every other commit its patch-id and
# its link, names the commit it cannot diff once, and gives that one no
# patch-id, rather than a patch-id of half a diff or none for the rest.
#
# The history is made with git fast-import, in loose objects, and the
# blob commit 3 adds is deleted: its diff is cut short after another
# file's, and a patch-id of that half would be a wrong one.  Each commit
# was posted under a subject of its own, so only its patch-id links it.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
DB=$R/.git/kmaint/index.sqlite
q() { sqlite3 "$DB" "$1"; }

{
	t=1704067200	# 2024-01-01
	m=$(printf 'FOO DRIVER\nL:\ttest@example.com\nF:\t*\n')
	printf 'blob\nmark :1\ndata %d\n%s\n\n' $((${#m} + 1)) "$m"
	printf 'commit refs/heads/main\nmark :100\n'
	printf 'author A U Thor <author@example.com> %d +0000\n' $t
	printf 'committer A U Thor <author@example.com> %d +0000\n' $t
	printf 'data 8\ninitial\nM 100644 :1 MAINTAINERS\n\n'
	for i in 1 2 3 4 5 6; do
		body="file $i, a line of its own"
		printf 'blob\nmark :%d\ndata %d\n%s\n' $((i + 1)) $((${#body} + 1)) "$body"
		printf 'commit refs/heads/main\nmark :%d\n' $((i + 100))
		printf 'author A U Thor <author@example.com> %d +0000\n' $((t + i * 86400 * 10))
		printf 'committer A U Thor <author@example.com> %d +0000\n' $((t + i * 86400 * 10))
		printf 'data 10\nchange %d\n\nfrom :%d\nM 100644 :%d f%d.c\n' $i $((i + 99)) $((i + 1)) $i
		# commit 3 adds a.c too, whose diff comes first
		[ $i = 3 ] && printf 'M 100644 :1 a.c\n'
		echo
	done
} | git -c fastimport.unpackLimit=1000 fast-import --quiet || exit 1	# loose objects
git reset -q --hard main || exit 1
i=1
for c in $(git rev-list --reverse main~6..main); do
	d=$(git log -1 --format=%aD "$c")
	{
		printf 'Posted.\n\nSigned-off-by: A U Thor <author@example.com>\n---\n'
		git diff-tree -p "$c"
	} | mail "$M/$i" "A U Thor <author@example.com>" "[PATCH] posted as number $i" \
		"$(date -u -R -d "$d - 1 day")" "p$i@x"
	eval c$i=$c
	i=$((i + 1))
done
blob=$(git rev-parse "$c3:f3.c")
# (and from the work tree: git diff reads a file there that the index
# says is the blob's)
rm ".git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)" f3.c || exit 1
ok $(git cat-file -e "$blob" 2>/dev/null; [ $? != 0 ]; echo $?) "the blob of commit 3 is gone"

pi_inbox
"$KMAINT" index -q --inbox "$I" >"$TRASH/out" 2>"$TRASH/err"
echo "# exit $?"; sed 's/^/# /' "$TRASH/err"
sed -n '/no patch-id for:$/,$p' "$TRASH/err" >"$TRASH/named"
is "$(grep -c "$c3" "$TRASH/named")" 1 "the commit that cannot be diffed is named once"
ok $(grep -q "$c1\|$c2\|$c4\|$c5\|$c6" "$TRASH/named"; [ $? = 1 ]; echo $?) "and no other"
is "$(q "SELECT count(*) FROM commit_patchids p JOIN commits c ON c.id = p.commit_id
	WHERE c.hash = '$c3' AND p.patch_id IS NULL")" 1 "commit 3 has none, not one of half its diff"
is "$(q "SELECT c.hash FROM commit_patchids p JOIN commits c ON c.id = p.commit_id
	WHERE p.patch_id IS NOT NULL ORDER BY c.author_time" | tr '\n' ' ')" \
	"$c1 $c2 $c4 $c5 $c6 " "every other commit has its patch-id"
for i in 1 2 4 5 6; do
	git diff-tree -p "$(eval echo \$c$i)" 2>/dev/null | git patch-id --stable | cut -d' ' -f1
done >"$TRASH/want"
is "$(q "SELECT p.patch_id FROM commit_patchids p JOIN commits c ON c.id = p.commit_id
	WHERE p.patch_id IS NOT NULL ORDER BY c.author_time" | tr '\n' ' ')" \
	"$(grep . "$TRASH/want" | tr '\n' ' ')" "git patch-id's, each"
is "$(q "SELECT m.msgid FROM links l JOIN messages m ON m.id = l.message
	WHERE l.how = 'patch-id' ORDER BY m.msgid" | tr '\n' ' ')" \
	"p1@x p2@x p4@x p5@x p6@x " "and its link to the patch that posted it"
done_testing
