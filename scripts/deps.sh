#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Set up a fresh Debian 12 machine for kmaint, as root:
#
#	sh scripts/deps.sh
#
# Installs the build and test dependencies from Debian, unpacks Debian's
# linux-source-6.12 and linux-source-6.1 under $KMAINT_DATA (default
# /var/tmp/kmaint, outside the repository) and makes a one-commit git
# copy of the 6.12 tree there, which get_maintainer.pl --self-test=patterns
# needs (it asks `git ls-files`).  Idempotent: every step that is already
# done is skipped, and a step that was interrupted is redone.

set -eu

export DEBIAN_FRONTEND=noninteractive
KMAINT_DATA=${KMAINT_DATA:-/var/tmp/kmaint}

# build-essential, pkg-config, libpcre2-dev, libsqlite3-dev: the build.
# clang, libclang-rt-14-dev: `make CC=clang` and the libFuzzer targets
# (the fuzzer runtime is only a Recommends of clang, which we skip).
# perl: get_maintainer.pl (the oracle) and prove.  git: the history index
# and the git copy below.  sqlite3: inspecting the index by hand.
# linux-source-*: the real data (xz-utils unpacks it).  man-db: `kmaint help`.
# chromium: the report test renders kmaint's HTML headless;
# chromium-driver, python3-selenium: t7001 drives it to click through the
# site `kmaint report --site` writes.
# libgmime-3.0-dev: the mail reader (kmaint index --inbox).  public-inbox:
# the tests make their archives with its own tools.  git-email, b4: the
# real clients of `kmaint get` (send-email needs libmailtools-perl for
# Mail::Address, and Debian only recommends it).  python3-git: edk2's
# BaseTools/Scripts/GetMaintainer.py (GitPython), which bench/edk2-get.sh
# compares with `kmaint get` on the Maintainers.txt dialect.  python3:
# bench/gen-history.
PACKAGES="build-essential clang libclang-rt-14-dev pkg-config git perl make
	libpcre2-dev libsqlite3-dev sqlite3 libgmime-3.0-dev xz-utils man-db
	chromium chromium-driver python3-selenium git-email libmailtools-perl
	b4 public-inbox python3 python3-git
	linux-source-6.12 linux-source-6.1"

say() { printf 'deps: %s\n' "$*"; }

missing=
for p in $PACKAGES; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) || st=
	[ "$st" = installed ] || missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps: missing packages:$missing (run this script as root)" >&2
		exit 1
	fi
	say "installing$missing"
	apt-get update -qq
	# -qq keeps apt quiet; its errors still go to stderr.
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
	say "Debian packages present"
fi

mkdir -p "$KMAINT_DATA"

# unpack NAME: /usr/src/NAME.tar.xz -> $KMAINT_DATA/NAME.  The marker is
# written only after tar succeeded, so a half-done unpack is redone.  The
# new tree is unpacked beside the old one and moved into place, so a test
# running at the same moment never sees a half tree.
unpack() {
	name=$1
	tarball=/usr/src/$name.tar.xz
	dest=$KMAINT_DATA/$name
	marker=$KMAINT_DATA/.$name.unpacked
	if [ -f "$marker" ] && [ -f "$dest/MAINTAINERS" ] &&
	   [ "$(cat "$marker")" = "$(ls -l "$tarball")" ]; then
		say "$name already unpacked in $dest"
		return 0
	fi
	if [ ! -f "$tarball" ]; then
		echo "deps: $tarball not found (is $name installed?)" >&2
		exit 1
	fi
	say "unpacking $tarball into $dest"
	tmp=$KMAINT_DATA/.unpack-$name.$$
	rm -rf "$tmp" "$marker"
	mkdir "$tmp"
	tar -xJf "$tarball" -C "$tmp"
	if [ ! -f "$tmp/$name/MAINTAINERS" ]; then
		echo "deps: $tarball has no $name/MAINTAINERS" >&2
		exit 1
	fi
	if [ -e "$dest" ]; then
		mv "$dest" "$tmp/old"
	fi
	mv "$tmp/$name" "$dest"
	rm -rf "$tmp"
	ls -l "$tarball" >"$marker"
}

unpack linux-source-6.12
unpack linux-source-6.1

# A git copy of the 6.12 tree: every file of the tarball (ignored or not,
# as in the kernel's own repository), one commit.  Hard links save 1.7 GB
# when the file system allows them; nothing writes to these files.
git_copy() {
	src=$KMAINT_DATA/linux-source-6.12
	dest=$KMAINT_DATA/linux-git-6.12
	marker=$KMAINT_DATA/.linux-git-6.12.done
	if [ -f "$marker" ] && [ -d "$dest/.git" ] &&
	   [ "$(cat "$marker")" = "$(cat "$KMAINT_DATA/.linux-source-6.12.unpacked")" ]; then
		say "git copy already in $dest"
		return 0
	fi
	say "making the git copy $dest (a few minutes)"
	tmp=$KMAINT_DATA/.git-copy.$$
	rm -rf "$tmp" "$marker"
	cp -al "$src" "$tmp" 2>/dev/null || { rm -rf "$tmp"; cp -a "$src" "$tmp"; }
	git -C "$tmp" init -q
	git -C "$tmp" add -f -A .
	git -C "$tmp" -c user.name=kmaint -c user.email=kmaint@localhost \
		-c commit.gpgsign=false commit -q --no-verify \
		-m "Debian linux-source-6.12, unpacked"
	rm -rf "$dest"
	mv "$tmp" "$dest"
	cp "$KMAINT_DATA/.linux-source-6.12.unpacked" "$marker"
}

git_copy
say "ready: $KMAINT_DATA"
