# SPDX-License-Identifier: GPL-2.0
# TAP helpers for kmaint's shell tests.  Source it first:
#
#	. "${0%/*}/lib.sh"
#
# KMAINT names the binary under test (the Makefile sets it, so the same
# script runs against the sanitizer build); TRASH is a fresh directory
# removed at exit; SRCDIR is the repository's top.

SRCDIR=$(cd "${0%/*}/.." && pwd)
KMAINT=${KMAINT:-$SRCDIR/kmaint}
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}
export KMAINT SRCDIR KMAINT_DATA
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1 GIT_PAGER=cat PAGER=cat
export GIT_AUTHOR_NAME='A U Thor' GIT_AUTHOR_EMAIL=author@example.com
export GIT_COMMITTER_NAME='C O Mitter' GIT_COMMITTER_EMAIL=committer@example.com
export HOME="${TMPDIR:-/tmp}/kmaint-home.$$"

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/kmaint-test.XXXXXX")
mkdir -p "$HOME"
trap 'rm -rf "$TRASH" "$HOME"' EXIT

test_count=0
test_failed=0

plan() { echo "1..$1"; }
done_testing() { echo "1..$test_count"; [ "$test_failed" = 0 ]; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }

ok() {
	test_count=$((test_count + 1))
	if [ "$1" = 0 ]; then
		echo "ok $test_count - $2"
	else
		echo "not ok $test_count - $2"
		test_failed=$((test_failed + 1))
	fi
}

# expect_success DESC CMD...: the command exits 0
expect_success() {
	desc=$1
	shift
	"$@" >"$TRASH/.out" 2>"$TRASH/.err"
	rc=$?
	ok $rc "$desc"
	[ $rc = 0 ] || { echo "# exit $rc: $*"; sed 's/^/# /' "$TRASH/.err" | head -20; }
}

# expect_failure DESC CMD...: the command exits non-zero, but not by a
# signal or a sanitizer abort (128 is die(), 129 a usage error, as in git)
expect_failure() {
	desc=$1
	shift
	"$@" >"$TRASH/.out" 2>"$TRASH/.err"
	rc=$?
	if [ $rc -ne 0 ] && [ $rc -le 129 ]; then ok 0 "$desc"; else
		ok 1 "$desc"
		echo "# exit $rc: $*"
		sed 's/^/# /' "$TRASH/.err" | head -20
	fi
}

# is GOT EXPECTED DESC
is() {
	if [ "$1" = "$2" ]; then ok 0 "$3"; else
		ok 1 "$3"
		printf '#   got: %s\n# expected: %s\n' "$1" "$2" | head -40
	fi
}

# same_file GOT EXPECTED DESC: files are byte-identical
same_file() {
	if cmp -s "$1" "$2"; then ok 0 "$3"; else
		ok 1 "$3"
		diff -u "$2" "$1" | head -30 | sed 's/^/# /'
	fi
}

# like FILE REGEX DESC: FILE has a line matching the extended regex
like() {
	if grep -Eq -- "$2" "$1"; then ok 0 "$3"; else
		ok 1 "$3"
		echo "# no line of $1 matches /$2/:"
		head -20 "$1" | sed 's/^/#   /'
	fi
}

# the_rest: the kernel's last section, THE REST, as the fixtures end
# their MAINTAINERS with it.
the_rest() {
	printf '%s\n' 'THE REST' \
		'M:	Linus Torvalds <torvalds@linux-foundation.org>' \
		'L:	linux-kernel@vger.kernel.org' \
		'S:	Buried alive in reporters' 'F:	*' 'F:	*/'
}

# The Debian kernel trees (scripts/deps.sh unpacks them); skip if absent
# unless CI=true, where their absence is a failure.
need_kernel() {
	K612=$KMAINT_DATA/linux-source-6.12
	K61=$KMAINT_DATA/linux-source-6.1
	if [ ! -f "$K612/MAINTAINERS" ] || [ ! -f "$K61/MAINTAINERS" ]; then
		if [ "${CI:-}" = true ]; then
			echo "1..1"
			echo "not ok 1 - kernel trees missing under $KMAINT_DATA (run scripts/deps.sh)"
			exit 1
		fi
		skip_all "kernel trees not unpacked under $KMAINT_DATA (run scripts/deps.sh)"
	fi
}

# Debian's chromium, chromedriver and python3-selenium for the browser
# checks, run with $PY: when one is missing, the checks so far are the
# test (a failure under CI=true, where scripts/deps.sh installed them).
need_selenium() {
	PY=/usr/bin/python3
	[ -x "$PY" ] || PY=python3
	if ! $PY -c 'import selenium' 2>/dev/null || ! command -v chromedriver >/dev/null ||
	   ! [ -x /usr/bin/chromium ]; then
		if [ "${CI:-}" = true ]; then
			ok 1 "chromium, chromium-driver and python3-selenium are installed (scripts/deps.sh)"
		else
			echo "# SKIP chromium, chromium-driver or python3-selenium missing: no browser checks"
		fi
		done_testing
		exit
	fi
}
