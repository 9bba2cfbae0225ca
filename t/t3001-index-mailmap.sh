#!/bin/sh
# kmaint index applies .mailmap exactly as git does (git log %aN/%aE,
# git shortlog -sne and git check-mailmap are the oracles).
. "${0%/*}/lib.sh"

command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

R=$TRASH/repo
git init -q -b main "$R" && cd "$R" || exit 1
git config core.warnAmbiguousRefs false
n=0
commit_as() {
	n=$((n + 1))
	echo "$n" >"file$((n % 3))"
	git add . &&
	GIT_AUTHOR_NAME=$1 GIT_AUTHOR_EMAIL=$2 git commit -q -m "change $n

Reviewed-by: $3
Signed-off-by: $1 <$2>" || exit 1
}
commit_as "one" "One@Example.com" "two <TWO@example.com>"
commit_as "Two" "two@example.com" "Four Alias <four@example.com>"
commit_as "Three" "three@example.com" "x <THREE@EXAMPLE.COM>"
commit_as "Four Alias" "four@example.com" "Nobody <nobody@example.com>"
commit_as "four ALIAS" "FOUR@example.com" "Unmatched <four@example.com>"
commit_as "Unmatched Four" "four@example.com" "five <five@example.com>"
commit_as "Five" "five@example.com" "Six <six@example.com>"
commit_as "Six" "six@example.com" "Seven <seven@example.com>"
commit_as "Later Wins" "later@example.com" "Later Wins <later@example.com>"

cat >.mailmap <<'EOF'
# the four forms
Proper One <one@example.com>
<two-proper@example.com> <two@example.com>
Proper Three <three-proper@example.com> <THREE@example.com>
Proper Four <four-proper@example.com> Four Alias <four@example.com>
Not Used <unused@example.com> Somebody Else <nobody@example.com>
   Spaced   Six   <six@example.com>   trailing words
Later Loses <later@example.com>
Later Wins Twice <later@example.com>
EOF
echo 'File Five <five-file@example.com> <five@example.com>' >"$TRASH/file.mailmap"
git config mailmap.file "$TRASH/file.mailmap"

people_ours() {
	sqlite3 "$1" "SELECT CASE WHEN name = '' THEN '' ELSE name || ' ' END ||
	  '<' || email || '>' || char(9) || CASE WHEN mname = '' THEN '' ELSE mname || ' ' END ||
	  '<' || memail || '>' FROM people ORDER BY 1"
}
people_git() {
	sqlite3 "$1" "SELECT CASE WHEN name = '' THEN '' ELSE name || ' ' END ||
	  '<' || email || '>' FROM people ORDER BY 1" |
	while IFS= read -r who; do
		printf '%s\t%s\n' "$who" "$(git check-mailmap "$who")"
	done
}
authors_ours() {
	sqlite3 "$1" "SELECT c.hash || ' ' || p.mname || ' <' || p.memail || '>'
	  FROM commits c JOIN people p ON p.id = c.author ORDER BY c.hash"
}

DB=.git/kmaint/index.sqlite
expect_success "index with a work-tree .mailmap and mailmap.file" "$KMAINT" index
git log --format='%H %aN <%aE>' | sort >"$TRASH/git-authors"
authors_ours $DB >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/git-authors" "mapped authors = git log %aN <%aE>"
git shortlog -sne HEAD </dev/null | sed 's/^ *//' | sort >"$TRASH/shortlog"
sqlite3 $DB "SELECT count(*) || char(9) || p.mname || ' <' || p.memail || '>'
   FROM commits c JOIN people p ON p.id = c.author GROUP BY p.mname, p.memail" |
	sort >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/shortlog" "per-person counts = git shortlog -sne"
people_ours $DB >"$TRASH/ours"
people_git $DB >"$TRASH/theirs"
same_file "$TRASH/ours" "$TRASH/theirs" "every person, trailers included = git check-mailmap"
is "$(sqlite3 $DB "SELECT mname FROM people WHERE email = 'four@example.com' AND name = 'Unmatched Four'")" \
   "Unmatched Four" "a name-only line does not match another name"
is "$(sqlite3 $DB "SELECT DISTINCT mname || ' <' || memail || '>' FROM people WHERE lower(email) = 'four@example.com' AND lower(name) = 'four alias'")" \
   "Proper Four <four-proper@example.com>" "name and address match without regard to case"

# a changed .mailmap re-maps what is already indexed
echo 'Renamed Two <two-new@example.com> <two@example.com>' >>.mailmap
expect_success "index after a .mailmap change" "$KMAINT" index
like "$TRASH/.out" '^indexed 0 new commits' "nothing re-read"
git log --format='%H %aN <%aE>' | sort >"$TRASH/git-authors"
authors_ours $DB >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/git-authors" "re-mapped authors = git log"

# the index remembers the mailmap it applied, but not where the work tree
# was: a moved repository is not "a changed .mailmap"
stored=$(sqlite3 $DB "SELECT value FROM meta WHERE key = 'mailmap'")
top=$(git rev-parse --show-toplevel)
case $stored in
*"$top/.mailmap"*) ok 1 "the stored mailmap does not name the work tree's path" ;;
*"# file .mailmap"*) ok 0 "the stored mailmap does not name the work tree's path" ;;
*) ok 1 "the stored mailmap does not name the work tree's path" ;;
esac

# mailmap.blob, and HEAD:.mailmap by default in a bare repository
git add .mailmap && git commit -q -m "add mailmap" || exit 1
git clone -q --bare . "$TRASH/bare.git" || exit 1
cd "$TRASH/bare.git" || exit 1
git config mailmap.file "$TRASH/file.mailmap"
expect_success "index a bare repository" "$KMAINT" index
git log --format='%H %aN <%aE>' | sort >"$TRASH/git-authors"
authors_ours $DB >"$TRASH/ours" 2>/dev/null || authors_ours ./kmaint/index.sqlite >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/git-authors" "bare: HEAD:.mailmap applied like git"
printf 'Blob Three <three-blob@example.com> <three@example.com>\n' |
	git hash-object -w --stdin >"$TRASH/blobid"
git config mailmap.blob "$(cat "$TRASH/blobid")"
expect_success "index with mailmap.blob" "$KMAINT" index
git log --format='%H %aN <%aE>' | sort >"$TRASH/git-authors"
authors_ours ./kmaint/index.sqlite >"$TRASH/ours"
same_file "$TRASH/ours" "$TRASH/git-authors" "mailmap.blob applied like git"
like "$TRASH/ours" 'Blob Three <three-blob@example.com>' "the blob's line is used"
done_testing
