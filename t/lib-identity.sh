# SPDX-License-Identifier: GPL-2.0
# A history for the identity model (people/identity.h): one person under
# many addresses, name variants, namesakes, roles and a typo.
#
#	make_identity_repo DIR
#
# builds it with git fast-import.  The final MAINTAINERS lists:
#   ALPHA    Roger Pau Monné <roger@project.org>, an address no commit
#            uses; he wrote as roger.pau@citrix.com ("Roger Pau Monne")
#            until 2022, then as roger.pau@cloud.com; one 2023 commit
#            has the first as author, the second as committer.  And a
#            role: Community Manager <community.manager@project.org>.
#   BETA     José García <jgarcia@personal.example>, never used; he
#            wrote as "Jose Garcia" and "JOSÉ GARCÍA" at jose@corp.example.
#            And a list as M:, beta-devel@lists.example.org (also L:).
#   GAMMA    Wei Wang <wei@new.example>, never used: two different Wei
#            Wangs wrote here (AMD until 2019, Intel since 2021), never
#            in one commit.  And xyz-masters@example.org, an alias.
#   DELTA    Wei Wang <wei.wang@amd.example> (silent since 2019, while
#            the Intel Wei Wang works here), and Roger as R: at
#            roger@project.com, a typo for .org, put there by a
#            MAINTAINERS commit that replaced roger.pau@citrix.com.
#   EPSILON  Old Timer <old@example.com>, silent since 2016: really
#            inactive; Alice Dev, active.
# Every section has at least 9 changes in the last five years.

gen_identity_events() {
	awk '
	function ev(t, a, c, path, subj, tr) {
		printf "%d|%s|%s|%s|%s|%s\n", t, a, c, path, subj, tr
	}
	BEGIN {
		Y = 31557600; T0 = 1420070400	# 2015-01-01
		citrix = "Roger Pau Monne <roger.pau@citrix.com>"
		cloud = "Roger Pau Monné <roger.pau@cloud.com>"
		jose1 = "Jose Garcia <jose@corp.example>"
		jose2 = "JOSÉ GARCÍA <jose@corp.example>"
		amd = "Wei Wang <wei.wang@amd.example>"
		intel = "Wei Wang <wei.w.wang@intel.example>"
		old = "Old Timer <old@example.com>"
		alice = "Alice Dev <alice@example.com>"
		bob = "Bob Dev <bob@example.com>"
		carol = "Carol Applier <carol@example.com>"
		for (k = 0; k < 20; k++)	# 2019 .. 2022
			ev(T0 + 4 * Y + k * 2000000, citrix, carol, "drivers/alpha/a.c",
			   "alpha: change " k, "Signed-off-by: " citrix)
		# the move: an old patch applied from the new address
		ev(T0 + 8 * Y + 100000, citrix, cloud, "drivers/alpha/a.c",
		   "alpha: resend", "Signed-off-by: " citrix "\\nSigned-off-by: " cloud)
		for (k = 0; k < 10; k++)	# 2023 .. 2025
			ev(T0 + 8 * Y + 300000 + k * 3000000, cloud, carol,
			   "drivers/alpha/b.c", "alpha: more " k, "Signed-off-by: " cloud)
		for (k = 0; k < 15; k++)
			ev(T0 + 5 * Y + k * 5000000, k % 3 ? jose1 : jose2, carol,
			   "drivers/beta/b.c", "beta: change " k,
			   "Signed-off-by: " (k % 3 ? jose1 : jose2))
		for (k = 0; k < 8; k++) {	# 2016 .. 2019
			ev(T0 + Y + k * 4000000, amd, carol, "drivers/gamma/g.c",
			   "gamma: amd " k, "Signed-off-by: " amd)
			ev(T0 + Y + k * 4000000 + 50000, amd, carol, "drivers/delta/d.c",
			   "delta: amd " k, "Signed-off-by: " amd)
		}
		for (k = 0; k < 9; k++) {	# 2021 .. 2025
			ev(T0 + 6 * Y + k * 4000000, intel, carol, "drivers/gamma/g.c",
			   "gamma: intel " k, "Signed-off-by: " intel)
			ev(T0 + 6 * Y + k * 4000000 + 50000, intel, carol,
			   "drivers/delta/d.c", "delta: intel " k, "Signed-off-by: " intel)
		}
		for (k = 0; k < 5; k++)		# 2015 .. 2016
			ev(T0 + k * 5000000, old, carol, "drivers/epsilon/e.c",
			   "epsilon: old " k, "Signed-off-by: " old)
		for (k = 0; k < 12; k++)
			ev(T0 + 5 * Y + k * 4000000, alice, carol, "drivers/epsilon/e.c",
			   "epsilon: alice " k, "Signed-off-by: " alice)
		for (k = 0; k < 12; k++)
			ev(T0 + 5 * Y + k * 4100000, bob, carol, "drivers/beta/c.c",
			   "beta: bob " k, "Signed-off-by: " bob "\\nReviewed-by: " \
			   (k % 2 ? jose1 : alice))
		# MAINTAINERS: the first version, then DELTA gets Roger as R:
		# at citrix, then his address changes there to the typo
		ev(T0 - 100000, bob, bob, "MAINTAINERS", "MAINTAINERS: 1", "")
		ev(T0 + 5 * Y, bob, bob, "MAINTAINERS", "MAINTAINERS: 2", "")
		ev(T0 + 9 * Y, cloud, cloud, "MAINTAINERS", "MAINTAINERS: 3", "")
	}' | sort -t'|' -k1,1n
}

identity_maintainers() {
	printf 'List of maintainers\n\n'
	printf 'ALPHA DRIVER\nM:\tRoger Pau Monné <roger@project.org>\n'
	printf 'R:\tCommunity Manager <community.manager@project.org>\n'
	printf 'L:\talpha-devel@lists.example.org\nS:\tSupported\nF:\tdrivers/alpha/\n\n'
	printf 'BETA DRIVER\nM:\tJosé García <jgarcia@personal.example>\n'
	printf 'M:\tbeta-devel@lists.example.org\nL:\tbeta-devel@lists.example.org\n'
	printf 'S:\tMaintained\nF:\tdrivers/beta/\n\n'
	printf 'DELTA DRIVER\nM:\tWei Wang <wei.wang@amd.example>\n'
	case $1 in
	2) printf 'R:\tRoger Pau Monne <roger.pau@citrix.com>\n' ;;
	3) printf 'R:\tRoger Pau Monné <roger@project.com>\n' ;;
	esac
	printf 'S:\tMaintained\nF:\tdrivers/delta/\n\n'
	printf 'EPSILON DRIVER\nM:\tOld Timer <old@example.com>\nM:\tAlice Dev <alice@example.com>\n'
	printf 'S:\tMaintained\nF:\tdrivers/epsilon/\n\n'
	printf 'GAMMA DRIVER\nM:\tWei Wang <wei@new.example>\nM:\txyz-masters@example.org\n'
	printf 'S:\tMaintained\nF:\tdrivers/gamma/\n\n'
	printf 'THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n'
	printf 'L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\n'
	printf 'F:\t*\nF:\t*/\n'
}

# fast-import from the sorted events; MAINTAINERS versions from above
gen_identity() {
	gen_identity_events | while IFS='|' read -r t a c path subj tr; do
		n=$((n + 1))
		printf 'commit refs/heads/main\nmark :%d\n' "$n"
		printf 'author %s %d +0000\ncommitter %s %d +0000\n' "$a" "$t" "$c" "$((t + 3600))"
		msg=$(printf '%s\n\n%b\n' "$subj" "$tr")
		printf 'data %d\n%s\n' "$(printf '%s\n' "$msg" | wc -c)" "$msg"
		[ "$n" -gt 1 ] && printf 'from :%d\n' "$((n - 1))"
		case $subj in
		"MAINTAINERS: "*)
			body=$(identity_maintainers "${subj#MAINTAINERS: }")
			printf 'M 100644 inline MAINTAINERS\ndata %d\n%s\n' \
				"$(printf '%s\n' "$body" | wc -c)" "$body"
			;;
		*)
			printf 'M 100644 inline %s\ndata <<EOT\n%s %s\nEOT\n' "$path" "$path" "$n"
			;;
		esac
		printf '\n'
	done
}

make_identity_repo() {
	git init -q -b main "$1" &&
	gen_identity | git -C "$1" fast-import --quiet &&
	git -C "$1" reset -q --hard main
}

# fast_import_events MAINT_FN: git fast-import commands for the lines
# "time|Name <addr>|path|message" on stdin, each a commit of its author
# at that time changing path; the message's \n escapes are read as
# printf %b reads them.  A commit to MAINTAINERS gets the text MAINT_FN
# prints.
fast_import_events() {
	n=0
	while IFS='|' read -r t a path msg; do
		n=$((n + 1))
		printf 'commit refs/heads/main\nmark :%d\n' "$n"
		printf 'author %s %d +0000\ncommitter %s %d +0000\n' "$a" "$t" "$a" "$t"
		msg=$(printf '%b' "$msg")
		printf 'data %d\n%s\n' "$(printf '%s\n' "$msg" | wc -c)" "$msg"
		[ "$n" -gt 1 ] && printf 'from :%d\n' "$((n - 1))"
		if [ "$path" = MAINTAINERS ]; then
			body=$($1)
			printf 'M 100644 inline MAINTAINERS\ndata %d\n%s\n' \
				"$(printf '%s\n' "$body" | wc -c)" "$body"
		else
			printf 'M 100644 inline %s\ndata <<EOT\n%s %s\nEOT\n' \
				"$path" "$path" "$n"
		fi
		printf '\n'
	done
}

# make_events_repo DIR: a repository from the caller's gen_events (lines
# for fast_import_events) and maintainers (the MAINTAINERS text).
make_events_repo() {
	git init -q -b main "$1" &&
	gen_events | fast_import_events maintainers |
	git -C "$1" fast-import --quiet &&
	git -C "$1" reset -q --hard main
}

# identity_index: the fixture in $TRASH/id, the current directory, for the
# tests that read its index with sqlite3 (DB, and q SQL).
identity_index() {
	command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"
	R=$TRASH/id
	make_identity_repo "$R" || { echo "1..0 # SKIP cannot build the fixture"; exit 0; }
	cd "$R" || exit 1
	DB=.git/kmaint/index.sqlite
}
q() { sqlite3 "$DB" "$1"; }
