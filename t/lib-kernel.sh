# SPDX-License-Identifier: GPL-2.0
# Helpers for the conformance tests that compare `kmaint get` with
# get_maintainer.pl on Debian's 6.12 tree.  Source after t/lib.sh:
#
#	. "${0%/*}/lib.sh"
#	. "${0%/*}/lib-kernel.sh"
#	need_kernel
#	oracle_setup
#	need_kget
#
# The oracle is the tree's own scripts/get_maintainer.pl with one change:
# sections of equal depth come out in MAINTAINERS order and git signers
# with equal counts in byte order (upstream leaves both to Perl's random
# hash order).  It costs ~0.2 s a call, so its answers are cached under
# $KMAINT_DATA/oracle-cache, keyed by the patched oracle, MAINTAINERS,
# .mailmap, the arguments and the input's content: the ASan pass of
# `make test` and every later run reuse them.
#
# KMAINT_GET_OVERRIDE replaces "$KMAINT get" on the tested side: "oracle"
# runs the patched oracle itself (uncached), anything else is split into
# words (e.g. "perl /tmp/other.pl").  That is how the harness is checked
# against itself; it must report 0 mismatches for "oracle" and many for a
# changed command.

. "$SRCDIR/t/lib-xfs.sh"

ORACLE_CACHE=$KMAINT_DATA/oracle-cache
ORACLE_PL=$ORACLE_CACHE/get_maintainer-6.12-ties.pl
KMAINT_GET_OVERRIDE=${KMAINT_GET_OVERRIDE:-}
export ORACLE_CACHE ORACLE_PL KMAINT_GET_OVERRIDE

# The comparator strings, exactly as get_maintainer.pl 0.26 writes them.
_sort_orig='sort {$hash{$b} <=> $hash{$a}} keys %hash'

# oracle_setup: the patched copy of $K612/scripts/get_maintainer.pl and
# the cache salt.  Bails out (not ok + exit) if the tie edit does not
# apply exactly twice at the two places we expect.
oracle_setup() {
	mkdir -p "$ORACLE_CACHE" || _oracle_bail "cannot create $ORACLE_CACHE"
	src=$K612/scripts/get_maintainer.pl
	n=$(grep -cF "$_sort_orig" "$src")
	[ "$n" = 2 ] ||
		_oracle_bail "expected 2 '$_sort_orig' in $src, found $n"
	tmp=$ORACLE_CACHE/.oracle.$$
	# First comparator: keys are MAINTAINERS line indexes (section
	# order); second: "Name <address>" strings of git signers.
	perl -pe '
		BEGIN { $orig = q(sort {$hash{$b} <=> $hash{$a}} keys %hash); $n = 0 }
		if (index($_, $orig) >= 0) {
			$n++;
			$new = $n == 1 ?
			    q(sort {$hash{$b} <=> $hash{$a} || $a <=> $b} keys %hash) :
			    q(sort {$hash{$b} <=> $hash{$a} || $a cmp $b} keys %hash);
			substr($_, index($_, $orig), length($orig)) = $new;
		}
		END { exit($n == 2 ? 0 : 1) }' "$src" >"$tmp" ||
		_oracle_bail "the tie edit did not apply exactly twice"
	# Check the result: each new comparator once, no old one left, and
	# each in the loop we mean (section categories, then sign-offs).
	a=$(grep -n -A1 -F 'sort {$hash{$b} <=> $hash{$a} || $a <=> $b} keys %hash' "$tmp")
	b=$(grep -n -A2 -F 'sort {$hash{$b} <=> $hash{$a} || $a cmp $b} keys %hash' "$tmp")
	if [ "$(grep -cF "$_sort_orig" "$tmp")" != 0 ] ||
	   [ "$(printf '%s\n' "$a" | grep -c 'add_categories($line')" != 1 ] ||
	   [ "$(printf '%s\n' "$b" | grep -c 'sign_offs = \$hash{\$line}')" != 1 ] ||
	   [ "$(diff "$src" "$tmp" | grep -c '^>')" != 2 ]; then
		rm -f "$tmp"
		_oracle_bail "the tie edit landed in the wrong place"
	fi
	perl -c "$tmp" >/dev/null 2>&1 || { rm -f "$tmp"; _oracle_bail "patched oracle does not compile"; }
	if cmp -s "$tmp" "$ORACLE_PL"; then rm -f "$tmp"; else mv -f "$tmp" "$ORACLE_PL"; fi
	# Everything the answers depend on besides arguments and input.
	ORACLE_SALT=$(cd "$K612" && perl -MDigest::SHA=sha1_hex -e '
		my $s = "kmaint-oracle-2 $^V\n";
		for my $f (@ARGV) {
			open(my $fh, "<", $f) or next;
			binmode $fh; local $/; $s .= "$f " . sha1_hex(<$fh>) . "\n";
		}
		print sha1_hex($s);' "$ORACLE_PL" MAINTAINERS .mailmap .get_maintainer.ignore)
	export ORACLE_SALT K612
}

_oracle_bail() { _bail "oracle set-up: $*"; }

# _bail MESSAGE: a failed set-up fails the test (not ok, plan, exit)
_bail() {
	test_count=$((test_count + 1))
	echo "not ok $test_count - $*"
	echo "1..$test_count"
	exit 1
}

# need_kget: skip everything while `kmaint get` is still the skeleton's
# stub (it says "not implemented"); a real failure is never skipped.
need_kget() {
	[ -n "$KMAINT_GET_OVERRIDE" ] && return 0
	err=$(cd "$K612" && "$KMAINT" get --nogit --nogit-fallback -f MAINTAINERS 2>&1 >/dev/null)
	case $err in
	*"not implemented"*) skip_all "kmaint get is not implemented yet" ;;
	esac
}

# The worker run by xargs, two at a time: for each "KEY<TAB>INPUT" it
# makes sure the oracle's answer is cached, runs the tested command the
# same way and prints "MISMATCH<TAB>KEY<TAB>INPUT" when stdout or the exit
# status differ (one short write, so parallel lines do not interleave).
_conform_worker='
cd "$K612" || exit 2
invoke() {
	if [ "$1" = oracle ] || [ "$KMAINT_GET_OVERRIDE" = oracle ]; then
		set -- "$2" "$3" perl "$ORACLE_PL"
	elif [ -n "$KMAINT_GET_OVERRIDE" ]; then
		o=$2 e=$3
		eval "set -- \"\$o\" \"\$e\" $KMAINT_GET_OVERRIDE"
	else
		set -- "$2" "$3" "$KMAINT" get
	fi
	eval "set -- \"\$@\" $CONFORM_VARIANT"
	o=$1 e=$2
	shift 2
	case $CONFORM_MODE in
	file)	"$@" -f "$input" >"$o" 2>"$e" ;;
	patch)	"$@" "$input" >"$o" 2>"$e" ;;
	stdin)	# get_maintainer.pl reads a patch on stdin when it has
		# no file argument and takes "-" for a file name.
		if [ "$1" = perl ] && [ "$2" = "$ORACLE_PL" ]; then
			"$@" <"$input" >"$o" 2>"$e"
		else
			"$@" - <"$input" >"$o" 2>"$e"
		fi ;;
	stdin0)	"$@" <"$input" >"$o" 2>"$e" ;;
	esac
}
for pair; do
	key=${pair%%"	"*}
	input=${pair#*"	"}
	c=$ORACLE_CACHE/$key
	if [ ! -f "$c.rc" ]; then
		invoke oracle "$c.out.$$" "$c.err.$$"
		rc=$?
		mv -f "$c.out.$$" "$c.out" && mv -f "$c.err.$$" "$c.err" &&
		echo $rc >"$c.rc.$$" && mv -f "$c.rc.$$" "$c.rc" || exit 2
	fi
	g=$CONFORM_MM/$key
	invoke kmaint "$g.out" "$g.err"
	rc=$?
	if [ "$rc" = "$(cat "$c.rc")" ] && cmp -s "$g.out" "$c.out"; then
		rm -f "$g.out" "$g.err"
	else
		echo $rc >"$g.rc"
		printf "MISMATCH\t%s\t%s\n" "$key" "$input"
	fi
done
'

# conform DESC MODE VARIANT LIST: one TAP line for the group.  MODE is
# file (-f INPUT, INPUT relative to the tree's top), patch (INPUT as an
# argument), stdin (kmaint: - <INPUT; get_maintainer.pl, which has no
# "-", reads stdin when given no file: <INPUT) or stdin0 (<INPUT for
# both); VARIANT is extra options, shell-quoted
# (it is eval'ed: "--separator ' | '"); LIST has one INPUT per line.
conform() {
	desc=$1
	CONFORM_MODE=$2
	CONFORM_VARIANT=$3
	list=$4
	CONFORM_MM=$TRASH/mm.$((test_count + 1))
	export CONFORM_MODE CONFORM_VARIANT CONFORM_MM
	mkdir -p "$CONFORM_MM"
	n=$(wc -l <"$list")
	if [ "$n" = 0 ]; then
		ok 1 "$desc: empty sample"
		return
	fi
	# Patches live in $TRASH, whose name changes every run: key them by
	# content alone.  Files of the tree: by path and content (--kf).
	perl -MDigest::SHA=sha1_hex -e '
		my ($salt, $mode, $variant, $top) = @ARGV;
		while (my $in = <STDIN>) {
			chomp $in;
			my $p = $in =~ m{^/} ? $in : "$top/$in";
			my $h = "-";
			if (-f $p && open(my $fh, "<", $p)) {
				binmode $fh; local $/; $h = sha1_hex(<$fh>);
			}
			my $id = $mode eq "file" ? $in : "";
			# The oracle runs the same way for both stdin modes.
			my $m = $mode eq "stdin0" ? "stdin" : $mode;
			print sha1_hex(join("\0", $salt, $m, $variant, $id, $h)), "\t$in\n";
		}' "$ORACLE_SALT" "$CONFORM_MODE" "$CONFORM_VARIANT" "$K612" \
		<"$list" >"$CONFORM_MM.keys"
	xargs -d '\n' -n 16 -P 2 sh -c "$_conform_worker" sh \
		<"$CONFORM_MM.keys" >"$CONFORM_MM.res" 2>"$CONFORM_MM.xerr"
	xrc=$?
	bad=$(grep -c '^MISMATCH' "$CONFORM_MM.res")
	if [ $xrc != 0 ] && [ "$bad" = 0 ]; then
		ok 1 "$desc: harness failed (xargs exit $xrc)"
		sed 's/^/# /' "$CONFORM_MM.xerr" | head -10
		return
	fi
	ok "$bad" "$desc: $n cases, $bad mismatches"
	[ "$bad" = 0 ] && return
	sort -t "	" -k3 "$CONFORM_MM.res" | head -3 |
	while IFS="	" read -r _ key input; do
		case $CONFORM_MODE in
		file)	how="-f $input" ;;
		patch)	how="$input" ;;
		stdin)	how="- <$input" ;;
		stdin0)	how="<$input" ;;
		esac
		echo "# kmaint get $CONFORM_VARIANT $how: exit $(cat "$CONFORM_MM/$key.rc"), oracle exit $(cat "$ORACLE_CACHE/$key.rc")"
		diff -u --label oracle --label kmaint "$ORACLE_CACHE/$key.out" \
			"$CONFORM_MM/$key.out" | head -12 | sed 's/^/#   /'
		head -3 "$CONFORM_MM/$key.err" | sed 's/^/#   stderr: /'
	done
}

# ---------------------------------------------------------------------------
# Samples.  Everything is derived from the tree by sorted listings, so the
# same tree always gives the same sample.

# tree_files: every regular file of 6.12, sorted, without "./"
tree_files() {
	[ -f "$TRASH/tree-files" ] ||
		(cd "$K612" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) \
			>"$TRASH/tree-files"
	cat "$TRASH/tree-files"
}

# every N: every Nth line of stdin, starting with the first
every() { awk -v n="$1" '(NR - 1) % n == 0'; }

# spread N PERCENT: N lines of stdin evenly spread, each PERCENT of a
# step past the start of its step
spread() {
	awk -v n="$1" -v off="$2" '{ a[NR] = $0 }
		END { for (k = 0; k < n && k < NR; k++) print a[int((k + off / 100) * NR / n) + 1] }'
}

# sample_base: every 64th file of the tree (1,354 files)
sample_base() { tree_files | every 64; }

# sample_xfs: all of fs/xfs/
sample_xfs() { tree_files | grep '^fs/xfs/'; }

# sample_npat: up to 3 files matched by each N: regex of MAINTAINERS
# (the regex used unanchored with /x, as get_maintainer.pl does)
sample_npat() {
	tree_files | perl -e '
		open(my $m, "<", "$ARGV[0]/MAINTAINERS") or die;
		my @n;
		while (<$m>) { push @n, qr/$1/x if /^N:\s*(\S.*?)\s*$/ }
		my @files = <STDIN>;
		chomp @files;
		for my $re (@n) {
			my $k = 0;
			for (@files) { next unless /$re/; print "$_\n"; last if ++$k == 3 }
		}' "$K612" | LC_ALL=C sort -u
}

# sample_xpat: up to 2 files hit by each X: pattern (converted as
# get_maintainer.pl converts F:/X: globs)
sample_xpat() {
	tree_files | perl -e '
		open(my $m, "<", "$ARGV[0]/MAINTAINERS") or die;
		my @x;
		while (<$m>) { push @x, $1 if /^X:\s*(\S.*?)\s*$/ }
		my @files = <STDIN>;
		chomp @files;
		for my $v (@x) {
			$v =~ s/\./\\./g; $v =~ s/\*/.*/g; $v =~ s/\?/./g;
			my $slashes = ($v =~ tr@/@@);
			my $k = 0;
			for (@files) {
				next unless m@^$v@;
				next if $v !~ m@/$@ && tr@/@@ != $slashes;
				print "$_\n";
				last if ++$k == 2;
			}
		}' "$K612" | LC_ALL=C sort -u
}

# sample_rest: files covered only by THE REST, by get_maintainer.pl's
# own F:/X:/N: rules (a literal-prefix index picks the sections to try);
# every 40th of them.
sample_rest() {
	tree_files | perl -e '
		chdir($ARGV[0]) or die;
		open(my $m, "<", "MAINTAINERS") or die;
		my (%f, @fx, @n, $sec);	# prefix -> [section, F:]; X:s by section
		$sec = 0;
		sub re {
			my $v = shift;
			$v =~ s@\.@\\.@g; $v =~ s@\*@.*@g; $v =~ s@\?@.@g;
			$v =~ s@/*$@/@ if -d $v;
			my $dir = substr($v, -1) eq "/";
			return [qr@^$v@, $dir, ($v =~ tr@/@@)];
		}
		sub hit {
			my ($path, $p) = @_;
			return 0 unless $path =~ $p->[0];
			return $p->[1] || ($path =~ tr@/@@) == $p->[2];
		}
		while (<$m>) {
			if (/^([A-Z]):\s*(\S+)/) {
				my ($t, $v) = ($1, $2);
				if ($t eq "X") {
					push @{$fx[$sec]}, re($v);
				} elsif ($t eq "F") {
					(my $p = $v) =~ s/[*?\[].*//;
					push @{$f{$p}}, [$sec, re($v)];
				} elsif ($t eq "N") {
					push @n, qr/$v/x;
				}
			} elsif (/^\S/) {
				last if /^THE REST/;
				$sec++;
			}
		}
		FILE: while (my $path = <STDIN>) {
			chomp $path;
			for my $i (0 .. length $path) {
				my $fs = $f{substr($path, 0, $i)} or next;
				PAT: for (@$fs) {
					my ($s, $p) = @$_;
					next unless hit($path, $p);
					for (@{$fx[$s] || []}) { next PAT if hit($path, $_) }
					next FILE;
				}
			}
			for (@n) { next FILE if $path =~ $_ }
			print "$path\n";
		}' "$K612" | every 40
}

# sample_dirs: every top-level directory, every 97th directory of the
# tree, each both with and without the trailing slash
sample_dirs() {
	(cd "$K612" && find . -mindepth 1 -type d | sed 's|^\./||' | LC_ALL=C sort) >"$TRASH/tree-dirs"
	{ grep -v / "$TRASH/tree-dirs"; every 97 <"$TRASH/tree-dirs"; } |
		LC_ALL=C sort -u | sed 'p; s|$|/|'
}

# sample_odd: names with characters other than [A-Za-z0-9._/-]: all of
# those with more than a comma, every 40th with a comma
sample_odd() {
	{
		tree_files | LC_ALL=C grep -v '^[A-Za-z0-9._/,-]*$'
		tree_files | LC_ALL=C grep -v '^[A-Za-z0-9._/-]*$' | every 40
	} | LC_ALL=C sort -u
}

# sample_special: top-level files, MAINTAINERS, dot files, deep paths
sample_special() {
	{
		(cd "$K612" && find . -maxdepth 1 -type f | sed 's|^\./||')
		printf '%s\n' scripts/get_maintainer.pl Documentation/process/submitting-patches.rst \
			Documentation/ABI/testing/sysfs-class-power \
			Documentation/ABI/testing/sysfs-class-power-wilco \
			include/linux/bpf.h kernel/bpf/verifier.c net/core/dev.c mm/page_alloc.c
		tree_files | awk -F/ 'NF >= 9' | every 20
	} | LC_ALL=C sort -u
}

# sample_kf: files of the base sample whose content matches some K:
# regex (up to 3 per K:), for --kf
sample_kf() {
	sample_base | perl -e '
		open(my $m, "<", "$ARGV[0]/MAINTAINERS") or die;
		my @k;
		while (<$m>) { push @k, $1 if /^K:\s*(\S.*?)\s*$/ }
		my @files = <STDIN>;
		chomp @files;
		my %out;
		for my $v (@k) {
			my $re = eval { qr/$v/x } or next;
			my $n = 0;
			for my $f (@files) {
				open(my $fh, "<", "$ARGV[0]/$f") or next;
				my $t = do { local $/; <$fh> };
				next unless $t =~ $re;
				$out{$f} = 1;
				last if ++$n == 3;
			}
		}
		print "$_\n" for sort keys %out;' "$K612"
}

# sample_all: the union the file groups cover
sample_all() {
	{ sample_base; sample_xfs; sample_npat; sample_xpat; sample_rest
	  sample_dirs; sample_odd; sample_special; } | LC_ALL=C sort -u
}

# sample_subset: 200 files for the option variants: every 7th of the base
# sample plus every 10th of fs/xfs/, N: and X: hits
sample_subset() {
	{ sample_base | every 7; sample_xfs | every 10; sample_npat | every 10
	  sample_xpat | every 4; } | LC_ALL=C sort -u | head -200
}

# ---------------------------------------------------------------------------
# Patches: real differences between linux-source-6.1 and 6.12, written as
# git format-patch mails (From line, headers, message, Signed-off-by,
# "---", then diff --git hunks).  make_patches DIR writes DIR/NNNN.patch
# (sorted names) and DIR/series.mbox.

# _fdiff PATH KIND: one file's diff --git section (KIND: mod, new, del)
_fdiff() {
	case $2 in
	mod)	echo "diff --git a/$1 b/$1"
		echo "index 0123456..89abcde 100644"
		diff -u --label "a/$1" --label "b/$1" "$K61/$1" "$K612/$1" ;;
	new)	echo "diff --git a/$1 b/$1"
		echo "new file mode 100644"
		echo "index 0000000..89abcde"
		diff -u --label /dev/null --label "b/$1" /dev/null "$K612/$1" ;;
	del)	echo "diff --git a/$1 b/$1"
		echo "deleted file mode 100644"
		echo "index 0123456..0000000"
		diff -u --label "a/$1" --label /dev/null "$K61/$1" /dev/null ;;
	esac
	return 0
}

# _mail N TOTAL SUBJECT WORD: the mail headers and message
_kwords="bpf riscv landlock PREEMPT_RT zstd macsec pidfd rust xdp ptp"
_mail() {
	word=$(echo $_kwords | cut -d' ' -f$(( $1 % 10 + 1 )))
	echo "From 0123456789abcdef0123456789abcdef0123456$(( $1 % 10 )) Mon Sep 17 00:00:00 2001"
	echo "From: A U Thor <author@example.com>"
	echo "Date: Mon, 2 Dec 2024 10:00:00 +0000"
	if [ "$2" -gt 1 ]; then
		echo "Subject: [PATCH $1/$2] $3"
	else
		echo "Subject: [PATCH] $3"
	fi
	echo
	echo "Bring this up to date with Linux 6.12."
	[ $(( $1 % 3 )) = 0 ] && echo "This touches the $word code as well."
	echo
	echo "Signed-off-by: A U Thor <author@example.com>"
	echo "---"
	echo
}

make_patches() {
	dir=$1
	mkdir -p "$dir"
	(cd "$K61" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$dir/.old"
	tree_files >"$dir/.new"
	# Changed files: every 97th common file that differs, with a diff
	# of at most 600 lines.
	LC_ALL=C comm -12 "$dir/.old" "$dir/.new" | every 97 |
	while read -r f; do
		cmp -s "$K61/$f" "$K612/$f" && continue
		[ "$(diff "$K61/$f" "$K612/$f" | wc -l)" -le 600 ] && echo "$f"
	done >"$dir/.mod"
	LC_ALL=C comm -13 "$dir/.old" "$dir/.new" | every 211 |
	while read -r f; do
		[ "$(wc -l <"$K612/$f")" -le 300 ] && echo "$f"
	done | head -8 >"$dir/.add"
	LC_ALL=C comm -23 "$dir/.old" "$dir/.new" | every 151 |
	while read -r f; do
		[ "$(wc -l <"$K61/$f")" -le 300 ] && echo "$f"
	done | head -6 >"$dir/.del"
	i=0
	# 32 single-file modifications spread over the tree
	spread 32 0 <"$dir/.mod" | while read -r f; do
		i=$((i + 1))
		{ _mail $i 1 "${f%/*}: update ${f##*/}"; _fdiff "$f" mod; } \
			>"$dir/$(printf %04d $i).patch"
	done
	i=32
	while read -r f; do
		i=$((i + 1))
		{ _mail $i 1 "${f%/*}: add ${f##*/}"; _fdiff "$f" new; } \
			>"$dir/$(printf %04d $i).patch"
	done <"$dir/.add"
	i=40
	while read -r f; do
		i=$((i + 1))
		{ _mail $i 1 "${f%/*}: remove ${f##*/}"; _fdiff "$f" del; } \
			>"$dir/$(printf %04d $i).patch"
	done <"$dir/.del"
	# 12 multi-file patches: 2 to 5 changed files, one of them added or
	# deleted every third time
	i=46
	for k in 0 1 2 3 4 5 6 7 8 9 10 11; do
		i=$((i + 1))
		nf=$((k % 4 + 2))
		{
			_mail $i 1 "treewide: sync $nf files with 6.12"
			first=$(spread 12 50 <"$dir/.mod" | sed -n "$((k + 1))p")
			grep -A$((nf - 1)) -Fx "$first" "$dir/.mod" | head -$nf |
			while read -r f; do _fdiff "$f" mod; done
			f=
			[ $((k % 3)) = 0 ] && f=$(sed -n "$((k / 3 + 1))p" "$dir/.add")
			[ -n "$f" ] && _fdiff "$f" new
			f=
			[ $((k % 3)) = 1 ] && f=$(sed -n "$((k / 3 + 1))p" "$dir/.del")
			[ -n "$f" ] && _fdiff "$f" del
			true
		} >"$dir/$(printf %04d $i).patch"
	done
	# MAINTAINERS itself: the first 4 hunks of the 6.1 -> 6.12 diff
	{
		_mail 59 1 "MAINTAINERS: update"
		echo "diff --git a/MAINTAINERS b/MAINTAINERS"
		diff -u --label a/MAINTAINERS --label b/MAINTAINERS \
			"$K61/MAINTAINERS" "$K612/MAINTAINERS" |
			awk '/^@@/ { h++ } h <= 4'
	} >"$dir/0059.patch"
	# fs/xfs/ (the fixture's subsystem): two changed files together
	{
		_mail 60 1 "xfs: sync with 6.12"
		LC_ALL=C comm -12 "$dir/.old" "$dir/.new" | grep '^fs/xfs/libxfs/' |
		while read -r f; do
			cmp -s "$K61/$f" "$K612/$f" && continue
			[ "$(diff "$K61/$f" "$K612/$f" | wc -l)" -le 600 ] && echo "$f"
		done | head -2 | while read -r f; do _fdiff "$f" mod; done
	} >"$dir/0060.patch"
	# A rename (rename from/to, no hunk), and the 2013 XFS patch, which
	# git format-patch makes from the generated XFS history (t/lib-xfs.sh)
	# the same on every machine
	{
		_mail 61 1 "xfs: rename a file"
		echo "diff --git a/fs/xfs/xfs_file.c b/fs/xfs/xfs_file_ops.c"
		echo "similarity index 100%"
		echo "rename from fs/xfs/xfs_file.c"
		echo "rename to fs/xfs/xfs_file_ops.c"
	} >"$dir/0061.patch"
	{ make_xfs_repo "$dir/.xfs" && make_xfs_patch "$dir/.xfs" "$dir/0062.patch"; } ||
		_bail "make_patches: cannot make the 2013 XFS patch"
	rm -rf "$dir/.xfs"
	# The mbox: a 5-patch series
	for j in 1 2 3 4 5; do
		f=$(spread 5 25 <"$dir/.mod" | sed -n "${j}p")
		_mail $j 5 "${f%/*}: update ${f##*/}"
		_fdiff "$f" mod
		echo
	done >"$dir/series.mbox"
	rm -f "$dir/.old" "$dir/.new" "$dir/.mod" "$dir/.add" "$dir/.del"
}
