#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git send-email --dry-run on a 20-patch series with kmaint get as
# --to-cmd and --cc-cmd, against the same run with get_maintainer.pl,
# in the same run: total wall time (median of 3 runs each), the time of
# one call, and send-email alone (commands that print nothing).
#
# The repository is kernel-shaped, with Linux 6.12's MAINTAINERS and the
# 20 files the series touches (20 .c files spread over the tree); the
# commands are t/lib-clients.sh's (--norolestats --nol for To:, --nom
# for Cc:, git fallback on, as the kernel's documentation has them).
# The index for the fallback is built first, not timed.
set -eu
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
KMAINT=${KMAINT:-$top/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
K612=$KMAINT_DATA/linux-source-6.12
GM=$K612/scripts/get_maintainer.pl
# the tie-patched copy t/lib-kernel.sh makes, if there is one: same speed,
# comparable output
[ -f "$KMAINT_DATA/oracle-cache/get_maintainer-6.12-ties.pl" ] &&
	GM=$KMAINT_DATA/oracle-cache/get_maintainer-6.12-ties.pl
[ -f "$K612/MAINTAINERS" ] && [ -f "$GM" ] ||
	{ echo "bench: no Linux 6.12 tree in $K612 (run scripts/deps.sh)" >&2; exit 1; }
[ -x "$(git --exec-path)/git-send-email" ] ||
	{ echo "bench: git send-email is not installed (run scripts/deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-bench-se.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C GIT_PAGER=cat GIT_CONFIG_NOSYSTEM=1 HOME="$tmp/home"
export GIT_AUTHOR_NAME='A U Thor' GIT_AUTHOR_EMAIL=author@example.com
export GIT_COMMITTER_NAME='A U Thor' GIT_COMMITTER_EMAIL=author@example.com
mkdir "$HOME"
. "$top/t/lib-clients.sh"
clients_offline

# the repository: what get_maintainer.pl's tree check wants, 6.12's
# MAINTAINERS, 20 files; then one commit per file
R=$tmp/linux
git init -q -b main "$R"
cd "$R"
cp "$K612/MAINTAINERS" .
for f in COPYING CREDITS Kbuild Makefile README; do echo "$f" >"$f"; done
for d in Documentation arch include drivers fs init ipc kernel lib scripts; do
	mkdir -p "$d" && echo "# $d" >"$d/Makefile"
done
(cd "$K612" && find fs drivers net kernel mm sound arch/x86 block crypto security \
	-name '*.c' | LC_ALL=C sort | awk 'NR % 1350 == 1' | head -20) >"$tmp/files"
while read -r f; do
	mkdir -p "${f%/*}" && echo "/* $f */" >"$f"
done <"$tmp/files"
git add -A && git commit -q -m "Linux 6.12 MAINTAINERS and 20 files"
i=0
while read -r f; do
	i=$((i + 1))
	echo "int change$i;" >>"$f"
	git commit -q -a -m "${f%/*}: change $i" -m "Signed-off-by: A U Thor <author@example.com>"
done <"$tmp/files"
git format-patch -q -o "$tmp/series" HEAD~20
n=$(ls "$tmp/series" | wc -l)
echo "indexing (not timed) ..." >&2
"$KMAINT" index -q

# se.sh GET OUT: one send-email run (bench_ms runs commands, not functions)
cat >"$tmp/se.sh" <<EOF
. "$top/t/lib-clients.sh"
send_email_dry "\$1" "\$2" "$tmp"/series/*.patch
EOF
KGET="'$KMAINT' get"
OGET="perl '$GM'"
k=$(bench_ms 3 sh "$tmp/se.sh" "$KGET" "$tmp/k.out")
o=$(bench_ms 3 sh "$tmp/se.sh" "$OGET" "$tmp/o.out")
b=$(bench_ms 3 sh "$tmp/se.sh" true "$tmp/b.out")
p1=$(ls "$tmp"/series/*.patch | head -1)
kc=$(bench_ms 21 "$KMAINT" get --norolestats --nol "$p1")
oc=$(bench_ms 5 perl "$GM" --norolestats --nol "$p1")

printf '%-44s %12s %12s %10s\n' "send-email --dry-run, $n patches (ms)" kmaint script ratio
awk -v k="$k" -v o="$o" -v kc="$kc" -v oc="$oc" -v b="$b" -v n="$n" 'BEGIN {
	printf "%-44s %12.0f %12.0f %9.1fx\n", "total, " 2 * n " calls (median of 3)", k, o, o / k
	printf "%-44s %12.0f %12.0f %9.1fx\n", "without send-email itself", k - b, o - b, (o - b) / (k - b)
	printf "%-44s %12.1f %12.1f %9.0fx\n", "one call (median of 21 / 5)", kc, oc, oc / kc
	printf "%-44s %12.0f\n", "send-email alone (commands print nothing)", b }'
send_email_recipients "$tmp/k.out" >"$tmp/k.r"
send_email_recipients "$tmp/o.out" >"$tmp/o.r"
if cmp -s "$tmp/k.r" "$tmp/o.r"; then
	echo "(same recipients for all $n messages)"
else
	echo "(recipients differ; with the unpatched script, ties are in hash order)"
	diff "$tmp/o.r" "$tmp/k.r" | head -6
fi
