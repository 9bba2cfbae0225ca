#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every command's output on the test histories, kept to prove that a
# change of structure changes no byte (issue 27).
#
#	bench/outputs.sh record DIR [KMAINT]
#	bench/outputs.sh compare OLD_KMAINT NEW_KMAINT
#
# record builds the histories (t/lib-xfs.sh's XFS replay and its 2013
# patch, t/lib-propose.sh's networking history, a project with a
# public-inbox archive made by lib-inbox.sh's helpers, and Debian's 6.12
# tree under $KMAINT_DATA when it is there), indexes each with KMAINT
# (default: ./kmaint; -j 1, so that the rows' ids do not depend on
# which git process finished first) and writes into DIR, per command
# line, its standard output, its standard error and its exit status:
# the text and --json of get, map, check, stats, idents, audit, review,
# pending, propose and history, the one-page report and a whole
# report --site tree, and the rows the index's writers stored (through
# sqlite3's shell).  The directory report --site names in its summary
# line is masked.  compare records both binaries on one set of
# histories and runs diff -r (report --site's stamps aside: their
# digests cover the binary); it exits 0 when the outputs are
# byte-identical.
. "${0%/*}/../t/lib.sh"
. "$SRCDIR/t/lib-xfs.sh"
. "$SRCDIR/t/lib-propose.sh"

usage() {
	echo "usage: bench/outputs.sh record DIR [KMAINT]" >&2
	echo "   or: bench/outputs.sh compare OLD_KMAINT NEW_KMAINT" >&2
	exit 129
}

# The XFS replay, the propose history and the inbox project, once.
make_fixtures() {
	F=$1
	make_xfs_repo "$F/xfs" && make_xfs_patch "$F/xfs" "$F/xfs.patch" &&
	make_propose_repo "$F/propose" &&
	(make_inbox_project "$F") >/dev/null 2>&1 ||
	{ echo "outputs.sh: cannot build the histories" >&2; exit 128; }
}

# A project of four sections with a public-inbox archive: posted and
# reviewed patches, a pending one, names and Message-IDs that need
# escaping (the shape of t/t7001-report-site.sh's).
make_inbox_project() {
	. "$SRCDIR/t/lib-inbox.sh"
	R=$1/inbox-proj M=$1/msgs I=$1/inbox
	mkdir -p "$M" && git init -q -b main "$R" && cd "$R" || return 1
	printf '%s\n' "BAR LIBRARY" "M:	Bar Gone <bargone@example.com>" \
		"S:	Odd Fixes" "F:	bar/" "" "FOO DRIVER" \
		"M:	Git Person <git@example.com>" \
		"M:	Gone Person <gone@example.com>" \
		"R:	List Person <listy@example.com>" "L:	test@example.com" \
		"S:	Maintained" "F:	foo/" "" "QUIET TOOL" \
		"M:	Quiet Keeper <quiet@example.com>" "S:	Maintained" \
		"F:	quiet/" "" "<script>alert(1)</script> WIDGET" \
		"M:	Widget Keeper <widget@example.com>" "S:	Orphan" \
		"F:	widget/" >MAINTAINERS
	mkdir foo bar widget quiet
	echo a >foo/a.c; echo b >bar/b.c; echo w >widget/w.c; echo q >quiet/q.c
	as "Init Ial" init@example.com; by "Init Ial" init@example.com
	at "2015-01-01 00:00:00"
	git add . && git commit -qm "initial" || return 1
	for i in 1 2 3; do
		at "2015-0$i-02 00:00:00"
		as "Gone Person" gone@example.com; by "Gone Person" gone@example.com
		echo "gone $i" >>foo/a.c; git commit -qam "foo: old change $i"
		as "Bar Gone" bargone@example.com; by "Bar Gone" bargone@example.com
		echo "gone $i" >>bar/b.c; git commit -qam "bar: old change $i"
	done
	A="Dev Eloper <dev@example.com>"
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
		d=$(printf '2024-%02d-03' "$i")
		at "$d 00:00:00"
		as "Dev Eloper" dev@example.com; by "Git Person" git@example.com
		echo "change $i" >>foo/a.c
		git commit -qam "foo: change $i" -m "Signed-off-by: $A"
		if [ $i -le 6 ]; then
			post_head "$M/p$i" "$A" "[PATCH] foo: change $i" \
				"$(date -u -R -d "$d - 2 days")" "p$i@x"
			printf '> quoted\n\nReviewed-by: List Person <listy@example.com>\n' |
				mail "$M/l$i" "List Person <listy@example.com>" \
				"Re: [PATCH] foo: change $i" \
				"$(date -u -R -d "$d - 1 day")" "l$i@x" "p$i@x"
		fi
		if [ $i -le 8 ]; then
			as 'Amp & "Quote"' amp@example.com; by 'Amp & "Quote"' amp@example.com
			echo "change $i" >>bar/b.c; git commit -qam "bar: change $i"
		fi
		if [ $i -le 3 ]; then
			as "Widget Keeper" widget@example.com
			by "Widget Keeper" widget@example.com
			echo "change $i" >>widget/w.c; git commit -qam "widget: change $i"
		fi
	done
	{
		printf 'A pending change.\n\nSigned-off-by: %s\n---\n' "$A"
		printf -- '--- a/foo/a.c\n+++ b/foo/a.c\n@@ -1 +1 @@\n-a\n+z\n'
	} | mail "$M/pend" "$A" "[PATCH] foo: <script>alert(2)</script> & more" \
		"Fri, 20 Dec 2024 00:00:00 +0000" 'pend+1/"x"@x'
	pi_init test "$I" test@example.com && pi_add test "$M"/*
}

# run NAME CMD...: CMD's output into $OUT/NAME.{out,err,rc}
run() {
	_n=$1
	shift
	"$@" >"$OUT/$_n.out" 2>"$OUT/$_n.err"
	echo $? >"$OUT/$_n.rc"
}

# tables NAME...: what the index's writers stored, row by row (sorted:
# a table without rowid has no order of its own)
tables() {
	_db=$(git rev-parse --git-dir)/kmaint/index.sqlite
	for _t in "$@"; do
		if [ "$_t" = blobs ]; then
			run table-blobs blob_texts "$_db"
			continue
		fi
		# a value that is its person's "name <email>" is '' since
		# schema 8 (IDX_TRAILER_VALUE in store/index.h): as read
		if [ "$_t" = trailers ]; then
			run table-trailers sh -c 'sqlite3 "$1" "SELECT t.commit_id,
				t.seq, t.key, CASE WHEN t.value = '"''"' AND
				t.person IS NOT NULL THEN p.name || '"' <'"' ||
				p.email || '"'>'"' ELSE t.value END, t.person,
				t.target FROM trailers t LEFT JOIN people p ON
				p.id = t.person" | sort' - "$_db"
			continue
		fi
		run "table-$_t" sh -c 'sqlite3 "$1" "SELECT * FROM $2" | sort' - "$_db" "$_t"
	done
}

# blob_texts DB: each stored MAINTAINERS version as --show-blob rebuilds
# it (its checksum), not the delta it is stored as, which may change
blob_texts() {
	sqlite3 "$1" "SELECT id, hash, data IS NULL FROM blobs ORDER BY id" |
	while IFS='|' read -r _id _h _null; do
		printf '%s|%s|%s|' "$_id" "$_h" "$_null"
		$K index --db "$1" --show-blob "$_h" 2>&1 | cksum
	done
}

record_xfs() {
	cd "$W/xfs" || exit 128
	P=$F/xfs.patch
	maint=$(git rev-list -1 --grep='update maintainers file' main)
	run index $K index -q -j 1
	tables people commits files trailers maintainers blobs
	run verify $K index --verify 100000
	run index-stats $K index --stats
	run get $K get "$P"
	run get-json $K get --json "$P"
	run get-sections $K get --maintainers-sections --rolestats "$P"
	run get-file $K get -f fs/xfs/xfs_log.c MAINTAINERS
	run get-git $K get --git -f fs/xfs/xfs_inode.c
	run map $K map
	run map-json $K map --json
	run map-summary $K map --summary
	run map-summary-json $K map --summary --json
	run check $K check
	run check-json $K check --json
	run stats $K stats
	run stats-json $K stats --json
	run stats-section $K stats --section XFS --since 2012-01-01 --until 2013-11-07
	run stats-csv $K stats --csv --rev "$maint~40..$maint"
	run stats-unknown $K stats --unknown
	run idents $K idents --suggest
	run idents-json $K idents --suggest --json
	run audit $K audit
	run audit-json $K audit --json
	run audit-as-of $K audit --as-of 2013-11-07 --min-changes 5 --section XFS
	run audit-as-of-json $K audit --as-of 2013-11-07 --min-changes 5 --json
	run review $K review --as-of 2013-11-07 "$P"
	run review-json $K review --as-of 2013-11-07 --json "$P"
	run review-now $K review "$P"
	run history $K history
	run history-json $K history --json
	run history-all $K history --all --until 2013-01-01
	run history-diff $K history --diff "$maint^" "$maint"
	run history-diff-json $K history --diff --json "$maint^" "$maint"
	run pending $K pending
	run propose $K propose --as-of 2013-11-07 --min-changes 5 -n
	run report $K report --as-of 2013-11-07 --min-changes 5
	run report-section $K report --as-of 2013-11-07 --section XFS -o "$OUT/report-section.html"
	run report-title $K report --section XFS --section EXT4 --title 'A <title>'
	run report-site $K report --min-changes 5 --site "$OUT/site"
}

record_propose() {
	cd "$W/propose" || exit 128
	run index $K index -q -j 1
	run propose-dry $K propose -n
	run propose-dry-reviewers $K propose -n --reviewers
	# the patches' commits are made now, unless git is told a date
	GIT_AUTHOR_DATE="2025-01-02 00:00:00 +0000" \
	GIT_COMMITTER_DATE="2025-01-02 00:00:00 +0000" \
		run propose $K propose --reviewers
	run propose-person $K propose --person ying.xue@windriver.com
	run audit $K audit
	run audit-json $K audit --json
	run stats-json $K stats --json --since 2023-01-01
	run history $K history --all
	run report $K report
	run report-site $K report --site "$OUT/site"
}

record_inbox() {
	cd "$W/inbox-proj" || exit 128
	run index $K index -q -j 1 --inbox "$W/inbox"
	tables people commits files trailers maintainers messages msg_files \
		msg_trailers msg_problems links commit_patchids
	run verify $K index --verify 100000
	run pending $K pending
	run pending-json $K pending --json
	run pending-days $K pending --days 400 --section FOO
	run pending-person $K pending --days 400 --json --person git@example.com
	run stats-list $K stats --list
	run stats-list-json $K stats --list --json
	run stats-list-named $K stats --list TEST@example.com,nosuch
	run stats-list-one $K stats --list Test@Example.com --json
	run index-stats $K index --stats
	run stats $K stats --section FOO
	run audit $K audit --min-changes 5
	run audit-json $K audit --min-changes 5 --json
	run get-git $K get --git -f foo/a.c bar/b.c
	run report $K report --min-changes 5
	run report-site $K report --min-changes 5 --site "$OUT/site"
	# more than audit's 16 "few sections": the lists read whole
	for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16; do
		printf '\nEXTRA %s\nM:\tX <x%s@example.com>\nS:\tMaintained\nF:\tfoo/x%s\n' \
			"$i" "$i" "$i"
	done >>MAINTAINERS
	run audit-many $K audit --min-changes 5 --json
	run report-many $K report --min-changes 5
	git checkout -q MAINTAINERS
}

record_kernel() {
	T=$KMAINT_DATA/linux-source-6.12
	[ -f "$T/MAINTAINERS" ] || return 0
	cd "$T" || return 0
	run get $K get "$F/xfs.patch"
	run get-files $K get -f fs/xfs/xfs_log.c drivers/net/ethernet/intel/e1000/e1000_main.c \
		kernel/sched/core.c include/linux/mm.h Documentation/ net/ipv4/tcp.c
	run get-json $K get --json --rolestats -f mm/ fs/ext4/inode.c
	run map-summary $K map --summary
	run map-summary-json $K map --summary --json
	run map-fs $K map -- fs/xfs fs/ext4
	run check $K check
	run check-json $K check --json
}

# record DIR KMAINT: every fixture copied afresh (index writes into
# .git), each command's output under DIR/FIXTURE/.
record() {
	D=$1 K=$2
	W=$TRASH/work.$$.$(basename "$D")
	rm -rf "$W" "$D" && mkdir -p "$W" "$D" || exit 128
	D=$(cd "$D" && pwd)
	cp -a "$F/xfs" "$F/propose" "$F/inbox-proj" "$F/inbox" "$W/" || exit 128
	for f in xfs propose inbox kernel; do
		OUT=$D/$f
		mkdir -p "$OUT"
		(record_$f)
	done
	# where the site was written
	sed -i "s|$D/|OUT/|g" "$D"/*/report-site.out
	rm -rf "$W"
}

case "${1:-}" in
record)
	[ $# -ge 2 ] && [ $# -le 3 ] || usage
	K=$(cd "$(dirname "${3:-./kmaint}")" && pwd)/$(basename "${3:-./kmaint}")
	F=$TRASH/fixtures
	make_fixtures "$F"
	record "$2" "$K"
	;;
compare)
	[ $# = 3 ] || usage
	F=$TRASH/fixtures
	make_fixtures "$F"
	for k in "$2" "$3"; do
		[ -x "$k" ] || { echo "outputs.sh: $k is not executable" >&2; exit 128; }
	done
	record "$TRASH/old" "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
	record "$TRASH/new" "$(cd "$(dirname "$3")" && pwd)/$(basename "$3")"
	files=$(find "$TRASH/new" -type f | wc -l)
	if diff -r -x .kmaint-stamp "$TRASH/old" "$TRASH/new"; then
		echo "outputs.sh: $files files byte-identical"
	else
		echo "outputs.sh: the outputs differ" >&2
		exit 1
	fi
	;;
*)
	usage
	;;
esac
