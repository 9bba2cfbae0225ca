#!/bin/sh
# One name across addresses (rule 4 of people/identity.h), as gitdm joins
# them: by default in stats, audit, review and idents alike; not with
# --strict-identities; never for junk addresses or one-word names.
#
# The history (git fast-import): Ian Campbell wrote 3 changes to
# drivers/net/ as ian.campbell@xensource.example, then 5 as
# ian.campbell@citrix.example, never both in one commit; MAINTAINERS
# lists the first, old address.  "Ian Campbell <ian@box.localdomain>"
# wrote once from an unconfigured machine, and signed off once with a
# typo in his old address, "Build Bot" as none@none and
# as bot@ci.example, and "admin" at two companies.
. "${0%/*}/lib.sh"
. "$SRCDIR/t/lib-identity.sh"

R=$TRASH/repo
Y=31557600
T0=1420070400	# 2015-01-01

gen_events() {
	awk -v Y=$Y -v T0=$T0 '
	function ev(t, a, path, subj) {
		printf "%d|%s|%s|%s\n", t, a, path, subj
	}
	BEGIN {
		old = "Ian Campbell <ian.campbell@xensource.example>"
		new = "Ian Campbell <ian.campbell@citrix.example>"
		bob = "Bob Dev <bob@example.com>"
		ev(T0 - 200000, bob, "MAINTAINERS", "MAINTAINERS: add")
		# a typo in a sign-off ties the old address to another
		# by a commit (rule 2) before the name joins them (rule 4)
		for (k = 0; k < 3; k++)
			ev(T0 + 5 * Y + k * 1000000, old, "drivers/net/n.c",
			   "net: old " k (k ? "" : "\\n\\nSigned-off-by: Ian Campbell <ian.campbel@xensource.example>"))
		for (k = 0; k < 5; k++)
			ev(T0 + 7 * Y + k * 1000000, new, "drivers/net/n.c", "net: new " k)
		for (k = 0; k < 6; k++)
			ev(T0 + 6 * Y + k * 1000000, bob, "drivers/net/m.c", "net: bob " k)
		ev(T0 + 7 * Y + 10, "Ian Campbell <ian@box.localdomain>", "lib/l.c", "lib: l")
		ev(T0 + 7 * Y + 20, "Build Bot <none@none>", "lib/b.c", "lib: b1")
		ev(T0 + 7 * Y + 30, "Build Bot <bot@ci.example>", "lib/b.c", "lib: b2")
		ev(T0 + 7 * Y + 40, "admin <admin@a.example>", "lib/a.c", "lib: a1")
		ev(T0 + 7 * Y + 50, "admin <admin@b.example>", "lib/a.c", "lib: a2")
	}' | sort -t'|' -k1,1n
}

maintainers() {
	printf 'List of maintainers\n\nNETWORKING\n'
	printf 'M:\tIan Campbell <ian.campbell@xensource.example>\n'
	printf 'S:\tMaintained\nF:\tdrivers/net/\n'
}

make_events_repo "$R" || skip_all "cannot build the fixture"
cd "$R" || exit 1
expect_success "index" "$KMAINT" index -q
NOW=$(git log -1 --format=%cI)

# stats: one Ian Campbell with the changesets of both addresses
"$KMAINT" stats --report changesets --csv --top 0 >"$TRASH/s" 2>&1
like "$TRASH/s" "^changesets,[0-9]+,Ian Campbell,ian.campbell@citrix.example,8," \
	"stats: Ian Campbell once, 8 changesets from two addresses"
is "$(grep -c ',Ian Campbell,' "$TRASH/s")" 2 \
	"and once more, apart, from a .localdomain address"
is "$(grep -c ',Build Bot,' "$TRASH/s")" 2 "none@none joins nothing"
is "$(grep -c ',admin,' "$TRASH/s")" 2 "a one-word name joins nothing"
"$KMAINT" stats --strict-identities --report changesets --csv --top 0 >"$TRASH/s1" 2>&1
like "$TRASH/s1" "^changesets,[0-9]+,Ian Campbell,ian.campbell@citrix.example,5," \
	"--strict-identities: the citrix address alone"
like "$TRASH/s1" "^changesets,[0-9]+,Ian Campbell,ian.campbell@xensource.example,3," \
	"--strict-identities: the xensource address alone"

# audit: the listed, old address is the person of both
"$KMAINT" audit --as-of "$NOW" --min-changes 5 >"$TRASH/a" 2>&1
like "$TRASH/a" "^      changesets 8 \\(1st\\)" "audit: Ian's 8 changesets in NETWORKING"
like "$TRASH/a" "^      identity: same person as ian.campbell@citrix.example, 8 changesets \\(the same name, nothing else\\)\$" \
	"audit: the listed address joined to the newer one by the name, said so"
"$KMAINT" audit --as-of "$NOW" --min-changes 5 --strict-identities >"$TRASH/a1" 2>&1
like "$TRASH/a1" "^      changesets 3 \\(3rd\\)" \
	"audit --strict-identities: only the old address's 3"

# review: the same person and count
git show HEAD:MAINTAINERS >"$TRASH/m.old"
sed 's/^S:\tMaintained$/R:\tIan Campbell <ian.campbell@citrix.example>\n&/' \
	"$TRASH/m.old" >"$TRASH/m.new"
diff -u --label a/MAINTAINERS --label b/MAINTAINERS "$TRASH/m.old" "$TRASH/m.new" \
	>"$TRASH/p.patch"
"$KMAINT" review --as-of "$NOW" --json "$TRASH/p.patch" >"$TRASH/r.json" 2>&1
like "$TRASH/r.json" '"email":"ian.campbell@citrix.example"[^}]*"changesets":8' \
	"review: the added address's person has both addresses' 8"

# idents --suggest: the join made on a name alone, to be confirmed
"$KMAINT" idents --suggest >"$TRASH/i" 2>&1
like "$TRASH/i" "^Ian Campbell <ian.campbell@citrix.example> <ian.campbell@xensource.example>	# joined on the name alone \\(check it is one person; --strict-identities keeps them apart\\): 3 commits, 0 tags as <ian.campbell@xensource.example>\$" \
	"idents --suggest lists the join"
ok $(grep "joined on the name" "$TRASH/i" | grep -q "none@none\|admin@\|localdomain"; [ $? = 1 ]; echo $?) \
	"and no join of a junk address or a one-word name"

done_testing
