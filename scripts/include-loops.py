#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The include loops between modules, as issue 27 defined them:

	scripts/include-loops.py FILE...

A module NAME.c that includes a header which, directly or through other
headers, includes NAME.h back (people/identity.c -> scope.h ->
identity.h was one), and a header that includes itself.  Headers are
found by their base name among FILE..., as the Makefile's -I list
finds them.  Prints one line a loop; exits 1 when there is any."""
import os
import re
import sys

files = sys.argv[1:]
byname = {}
for f in files:
    byname.setdefault(os.path.basename(f), f)
inc = {}
for f in files:
    with open(f, encoding='utf-8', errors='replace') as fp:
        names = re.findall(r'^#include "([^"]+)"', fp.read(), re.M)
    inc[f] = [byname[n] for n in names if n in byname]


def closure(h):
    seen, todo = set(), [h]
    while todo:
        for x in inc.get(todo.pop(), []):
            if x not in seen:
                seen.add(x)
                todo.append(x)
    return seen


loops = 0
for f in files:
    if f.endswith('.c'):
        own = f[:-2] + '.h'
        for h in inc[f]:
            if h != own and own in closure(h):
                print('%s: includes %s, which includes %s back' %
                      (f, h, own))
                loops += 1
    elif f.endswith('.h') and f in closure(f):
        print('%s: includes itself' % f)
        loops += 1
sys.exit(1 if loops else 0)
