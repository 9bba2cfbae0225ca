#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `kmaint audit` of every section of Linux 6.12's MAINTAINERS over an index
# of 100,000 generated commits, against what stale-maintainer scripts do:
# one `git log -1 --author=ADDR -- <the section's F: paths>` per listed
# maintainer (measured on a sample of them in this run, projected to all).
#
# The repository is generated once with git fast-import (paths from the
# 6.12 tree, authors and committers drawn from its M: and R: people and
# others, Reviewed-by/Acked-by/Signed-off-by trailers) and kept under
# $KMAINT_DATA/bench-audit-N; BENCH_AUDIT_COMMITS changes N.
#
# With $KMAINT_BENCH_EPOCH (a lore epoch, see bench/inbox.sh's header),
# the same audit again with that archive imported into a copy of the
# index (target: still under 5 s).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
N=${BENCH_AUDIT_COMMITS:-100000}
SAMPLE=${BENCH_AUDIT_SAMPLE:-20}
export LC_ALL=C TZ=UTC
[ -f "$K612/MAINTAINERS" ] || { echo "bench: no $K612 (run scripts/deps.sh)" >&2; exit 1; }

now_ms() { perl -MTime::HiRes=time -e 'printf "%.0f\n", time * 1000'; }

R=$KMAINT_DATA/bench-audit-$N
if [ ! -f "$R/.done" ]; then
	echo "bench: generating $N commits in $R (once)" >&2
	rm -rf "$R" "$R.tmp"
	git init -q -b main "$R.tmp"
	(cd "$K612" && find . -type f ! -path './.git/*' | sed 's|^\./||' | sort) |
		awk 'NR % 4 == 0' >"$R.tmp/.files"
	sed -n 's/^[MR]:[[:space:]]*\(.*<[^>]*>\).*/\1/p' "$K612/MAINTAINERS" |
		tr -s ' \t' '  ' | grep -E '^[^<>"]+ <[^<> @]+@[^<> ]+>$' | sort -u \
		>"$R.tmp/.people"
	awk -v N="$N" -v MAINT="$K612/MAINTAINERS" -v FILES="$R.tmp/.files" \
	    -v PEOPLE="$R.tmp/.people" '
	function rnd(k) { seed = (seed * 16807) % 2147483647; return seed % k }
	function who(   r) {
		# half the work by listed people, half by others
		r = rnd(2)
		return r ? people[rnd(np)] : "Dev " rnd(6000) " <dev" rnd(6000) "@example.com>"
	}
	BEGIN {
		seed = 42
		while ((getline l < FILES) > 0) files[nf++] = l
		while ((getline l < PEOPLE) > 0) people[np++] = l
		if (!nf || !np) { print "bench: no files or people" > "/dev/stderr"; exit 1 }
		for (i = 0; i < 300; i++) committers[i] = people[rnd(np)]
		text = ""
		while ((getline l < MAINT) > 0) text = text l "\n"
		t = 1262304000
		for (i = 1; i <= N; i++) {
			a = who()
			c = committers[rnd(300)]
			t += 1 + rnd(3000)
			printf "commit refs/heads/main\nmark :%d\n", i
			printf "author %s %d +0000\ncommitter %s %d +0000\n", a, t, c, t + 60
			m = "change " i "\n\nSigned-off-by: " a "\n"
			if (rnd(2)) m = m "Reviewed-by: " who() "\n"
			if (rnd(4) == 0) m = m "Acked-by: " who() "\n"
			m = m "Signed-off-by: " c "\n"
			printf "data <<EOM\n%sEOM\n", m
			if (i > 1) printf "from :%d\n", i - 1
			if (i == 1)
				printf "M 100644 inline MAINTAINERS\ndata <<EOT\n%sEOT\n", text
			f = files[rnd(nf)]
			printf "M 100644 inline %s\ndata <<EOT\n%d\nEOT\n", f, i
		}
	}' | git -C "$R.tmp" fast-import --quiet
	rm -f "$R.tmp/.files" "$R.tmp/.people"
	git -C "$R.tmp" reset -q --hard main
	mv "$R.tmp" "$R"
	# indexed where it stays: the index remembers where the .mailmap was
	(cd "$R" && "$KMAINT" index -q)
	touch "$R/.done"
fi
cd "$R"
# brings an index made by an older kmaint to this one's schema
"$KMAINT" index -q
commits=$(git rev-list --count HEAD)
[ "$commits" -ge "$N" ] || { echo "bench: only $commits commits" >&2; exit 1; }

# kmaint: every section (exit 1 means findings, which is fine)
best=
for run in 1 2 3; do
	t0=$(now_ms)
	"$KMAINT" audit --json >"${TMPDIR:-/tmp}/kmaint-bench-audit.$$" || [ $? = 1 ]
	t1=$(now_ms)
	ms=$((t1 - t0))
	[ -z "$best" ] || [ "$ms" -lt "$best" ] || continue
	best=$ms
done
sections=$(grep -o '"section":' "${TMPDIR:-/tmp}/kmaint-bench-audit.$$" | wc -l)
rm -f "${TMPDIR:-/tmp}/kmaint-bench-audit.$$"

# the scripts' way: git log -1 --author per listed person, over the F:
# paths of their section; a sample spread over the file, projected
awk '
	/^[A-Z]:/ && name != "" { sec = name }
	/^[^A-Z \t#]/ && !/^[A-Z]:/ { name = $0 }
	/^[MR]:/ && sec != "" { sub(/^[MR]:[ \t]*/, ""); m = $0
		if (match(m, /<[^>]*>/)) m = substr(m, RSTART + 1, RLENGTH - 2)
		print sec "\t" m }
' MAINTAINERS >"${TMPDIR:-/tmp}/kmaint-bench-people.$$"
listed=$(wc -l <"${TMPDIR:-/tmp}/kmaint-bench-people.$$")
awk -v n="$SAMPLE" -v total="$listed" 'NR % int(total / n) == 0' \
	"${TMPDIR:-/tmp}/kmaint-bench-people.$$" | head -n "$SAMPLE" >"${TMPDIR:-/tmp}/kmaint-bench-sample.$$"
t0=$(now_ms)
while IFS='	' read -r sec addr; do
	# the section's F: patterns, as pathspecs
	pats=$(awk -v s="$sec" '$0 == s { on = 1; next } on && /^F:/ { sub(/^F:[ \t]*/, ""); print ":(glob)" $0 }
		on && /^$/ { exit }' MAINTAINERS | sed 's|/$|/**|')
	# shellcheck disable=SC2086
	git log -1 --no-merges --format=%h --author="$addr" -- $pats >/dev/null 2>&1 || true
done <"${TMPDIR:-/tmp}/kmaint-bench-sample.$$"
t1=$(now_ms)
rm -f "${TMPDIR:-/tmp}/kmaint-bench-people.$$" "${TMPDIR:-/tmp}/kmaint-bench-sample.$$"
git_ms=$((t1 - t0))

awk -v c="$commits" -v s="$sections" -v k="$best" -v g="$git_ms" -v n="$SAMPLE" \
    -v l="$listed" 'BEGIN {
	proj = g / n * l
	printf "kmaint audit, every section (%d) of 6.12 over %d commits: %.2f s (target < 5 s)\n",
		s, c, k / 1000
	printf "git log -1 --author per listed maintainer: %.1f ms each (%d measured), %d listed: %.1f s projected\n",
		g / n, n, l, proj / 1000
	printf "ratio: kmaint is %.0fx faster\n", proj / (k > 0 ? k : 1)
}'

# the same with a mailing-list archive imported, in a copy of the index
epoch=${KMAINT_BENCH_EPOCH:-}
if [ -n "$epoch" ]; then
	db=${TMPDIR:-/tmp}/kmaint-bench-lists.$$.sqlite
	cp .git/kmaint/index.sqlite "$db"
	"$KMAINT" index --db "$db" --inbox "$epoch" >/dev/null 2>&1 ||
		{ echo "bench: cannot import $epoch" >&2; rm -f "$db"; exit 1; }
	msgs=$(sqlite3 "$db" "SELECT count(*) FROM messages" 2>/dev/null || echo "?")
	best=
	for run in 1 2 3; do
		t0=$(now_ms)
		"$KMAINT" audit --db "$db" --json >/dev/null || [ $? = 1 ]
		t1=$(now_ms)
		ms=$((t1 - t0))
		[ -z "$best" ] || [ "$ms" -lt "$best" ] || continue
		best=$ms
	done
	rm -f "$db"
	awk -v k="$best" -v m="$msgs" -v c="$commits" 'BEGIN {
		printf "kmaint audit with %s list messages too, over %d commits: %.2f s (target < 5 s)\n",
			m, c, k / 1000 }'
fi
