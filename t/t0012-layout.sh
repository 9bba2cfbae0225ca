#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The house rules of the source tree (t/README, README's layout): only
# the store speaks SQL, no function is over 150 lines, no header
# includes itself back through another.  Each check is first shown to
# catch what it must, on a small file made here.
. "${0%/*}/lib.sh"

cd "$SRCDIR" || exit 1
if [ -d .git ] && command -v git >/dev/null; then
	sources() { git ls-files -- "$@"; }
else
	sources() { for p in "$@"; do find . -path "./$p" -type f; done | sed 's|^\./||'; }
fi

# The modules that may call SQLite: the store, the lists' own tables,
# and the store's unit test.
sql_allowed='^(store/[^/]*\.c|lists/list-store\.c|t/unit/index-test\.c)$'

# sql_users FILE...: the files that call sqlite3_* or include <sqlite3.h>
sql_users() { grep -lE 'sqlite3_[a-z_]+ *\(|#include <sqlite3\.h>' -- "$@" 2>/dev/null; }

printf 'int f(void)\n{\n\treturn sqlite3_changes(db);\n}\n' >"$TRASH/bad.c"
printf '#include "index.h"\nint g(void)\n{\n\treturn 0;\n}\n' >"$TRASH/good.c"
is "$(sql_users "$TRASH/bad.c" "$TRASH/good.c" | sed 's|.*/||')" "bad.c" \
	"the check finds a call of sqlite3_* and passes a file without one"

outside=$(sql_users $(sources '*.c' '*.h') | grep -vE "$sql_allowed")
is "$outside" "" "only store/, lists/list-store.c and the store's unit test speak SQL"
[ -z "$outside" ] || printf '# %s\n' $outside

hdr=$(grep -l '#include <sqlite3\.h>' -- $(sources '*.h'))
is "$hdr" "" "no header includes <sqlite3.h>, so no builtin and nothing in report/ gets it"

awk_long() { sh scripts/long-functions.sh 150 "$@"; }
{ printf 'static int long_one(void)\n{\n'; i=0
  while [ $i -lt 160 ]; do printf '\ti++;\n'; i=$((i + 1)); done
  printf '\treturn 0;\n}\n'; } >"$TRASH/long.c"
awk_long "$TRASH/long.c" >"$TRASH/long.out"
is "$?:$(sed 's|.*: ||' "$TRASH/long.out")" "1:long_one 164 lines" \
	"the length check finds a function of 164 lines"
awk_long $(sources '*.c') >"$TRASH/long.out"
is "$?" 0 "no function is over 150 lines"
sed 's/^/# /' "$TRASH/long.out"

mkdir -p "$TRASH/loop"
printf '#include "b.h"\n' >"$TRASH/loop/a.c"
printf '#include "c.h"\n' >"$TRASH/loop/b.h"
printf '#include "a.h"\n' >"$TRASH/loop/c.h"
printf 'struct a;\n' >"$TRASH/loop/a.h"
python3 scripts/include-loops.py "$TRASH"/loop/* >"$TRASH/loop.out"
is "$?:$(sed 's|.*/||' "$TRASH/loop.out")" "1:a.h back" \
	"the loop check finds a.c -> b.h -> c.h -> a.h"
python3 scripts/include-loops.py $(sources '*.c' '*.h') >"$TRASH/loop.out"
is "$?" 0 "no include loop between modules"
sed 's/^/# /' "$TRASH/loop.out"

done_testing
