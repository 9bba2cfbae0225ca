#!/bin/sh
# kmaint history --diff: Debian's linux-source-6.1 and 6.12 MAINTAINERS,
# with totals checked against an awk count of the two files, and
# revisions of a generated repository.
. "${0%/*}/lib.sh"
need_kernel

# Section names as get_maintainer.pl reads the file: fields are /^[A-Z]:/,
# blank and '#' lines are skipped, any other line is text, and a section
# is named by the text line just before its first field.
names() {
	awk '/^[ \t\r\v\f]*(#|$)/ { next }
	     /^[A-Z]:/ { if (text != "") { sub(/[ \t\r]+$/, "", text); print text }
			 text = ""; next }
	     { text = $0 }' "$1" | sort
}
names "$K61/MAINTAINERS" >"$TRASH/a"
names "$K612/MAINTAINERS" >"$TRASH/b"
only_new=$(comm -13 "$TRASH/a" "$TRASH/b" | wc -l)
only_old=$(comm -23 "$TRASH/a" "$TRASH/b" | wc -l)

expect_success "history --diff on two files" \
	"$KMAINT" history --diff "$K61/MAINTAINERS" "$K612/MAINTAINERS"
cp "$TRASH/.out" "$TRASH/diff"
set -- $(sed -n '1s/^sections: \([0-9]*\) added, \([0-9]*\) removed, \([0-9]*\) renamed, \([0-9]*\) changed$/\1 \2 \3 \4/p' "$TRASH/diff")
added=$1 removed=$2 renamed=$3 changed=$4
is "$((added + renamed))" "$only_new" "sections added + renamed = names only in 6.12 ($only_new, by awk)"
is "$((removed + renamed))" "$only_old" "sections removed + renamed = names only in 6.1 ($only_old, by awk)"
is "$(grep -c '^added: ' "$TRASH/diff")" "$added" "one 'added:' entry per added section"
is "$(grep -c '^removed: ' "$TRASH/diff")" "$removed" "one 'removed:' entry per removed section"
# every renamed pair really is a name of 6.1 gone and one of 6.12 new
bad=0
sed -n 's/^renamed: \(.*\) -> \(.*\)$/\1\t\2/p' "$TRASH/diff" >"$TRASH/renames"
while IFS='	' read -r old new; do
	grep -qxF -- "$old" "$TRASH/a" && ! grep -qxF -- "$old" "$TRASH/b" || bad=$((bad + 1))
	grep -qxF -- "$new" "$TRASH/b" && ! grep -qxF -- "$new" "$TRASH/a" || bad=$((bad + 1))
done <"$TRASH/renames"
is "$bad" 0 "every rename pairs a vanished name with a new one"

# the XFS entry: Leah Rumancik left, the P: profile and F: files changed
sed -n '/^changed: XFS FILESYSTEM$/,/^$/p' "$TRASH/diff" >"$TRASH/xfs"
like "$TRASH/xfs" '^changed: XFS FILESYSTEM$' "the XFS entry is reported as changed"
like "$TRASH/xfs" '^  -M:	Leah Rumancik <leah.rumancik@gmail.com>$' "Leah Rumancik removed as M:"
like "$TRASH/xfs" '^  \+P:	Documentation/filesystems/xfs/xfs-maintainer-entry-profile.rst$' "P: added"
like "$TRASH/xfs" '^  \+F:	Documentation/filesystems/xfs/\*$' "F: added"
# cross-check the XFS people against the two files
xfs_people() { awk '/^XFS FILESYSTEM$/ { on = 1; next } on && /^$/ { exit } on && /^[MR]:/' "$1"; }
xfs_people "$K61/MAINTAINERS" | sort >"$TRASH/x61"
xfs_people "$K612/MAINTAINERS" | sort >"$TRASH/x612"
is "$(comm -23 "$TRASH/x61" "$TRASH/x612" | sed 's/^/-/')" \
   "$(sed -n 's/^  \(-[MR]:	.*\)$/\1/p' "$TRASH/xfs")" "XFS people removed as the files say"
is "$(comm -13 "$TRASH/x61" "$TRASH/x612" | sed 's/^/+/')" \
   "$(sed -n 's/^  \(+[MR]:	.*\)$/\1/p' "$TRASH/xfs")" "XFS people added as the files say"

expect_success "--json" "$KMAINT" history --diff --json "$K61/MAINTAINERS" "$K612/MAINTAINERS"
like "$TRASH/.out" "^\\{\"added\":$added,\"removed\":$removed,\"renamed\":$renamed,\"changed\":$changed," "JSON totals as text"
cp "$TRASH/.out" "$TRASH/json"
if command -v python3 >/dev/null; then
	expect_success "JSON parses, one change per counted section" python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["changes"]) == d["added"]+d["removed"]+d["renamed"]+d["changed"]' "$TRASH/json"
fi

expect_success "the same file twice: nothing" "$KMAINT" history --diff "$K612/MAINTAINERS" "$K612/MAINTAINERS"
like "$TRASH/.out" '^sections: 0 added, 0 removed, 0 renamed, 0 changed$' "no change"
expect_failure "one version is a usage error" "$KMAINT" history --diff "$K612/MAINTAINERS"
expect_failure "a missing file or revision fails" "$KMAINT" history --diff "$TRASH/nope" "$K612/MAINTAINERS"
like "$TRASH/.err" "neither a file nor a revision" "and says why"

# revisions, in a repository holding both files
R=$TRASH/repo
git init -q "$R"
cp "$K61/MAINTAINERS" "$R/MAINTAINERS"
git -C "$R" add MAINTAINERS && git -C "$R" commit -q -m v6.1 && git -C "$R" tag v6.1
cp "$K612/MAINTAINERS" "$R/MAINTAINERS"
git -C "$R" commit -q -a -m v6.12
(cd "$R" && "$KMAINT" history --diff v6.1 HEAD) >"$TRASH/rev" 2>&1
same_file "$TRASH/rev" "$TRASH/diff" "revisions give the same answer as the files"
done_testing
