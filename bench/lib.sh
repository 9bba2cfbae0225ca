# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the benchmarks; source it: . "$(dirname "$0")/lib.sh"

# bench_ms N CMD...: the median wall-clock milliseconds of N runs of CMD,
# its output discarded.  Exit status 1 counts as success (kmaint check and
# audit exit 1 when they have findings); anything else stops the bench.
bench_ms() {
	perl -MTime::HiRes=time -e '
		my $n = shift;
		open(my $out, ">&", \*STDOUT) or die;
		open(STDOUT, ">", "/dev/null"); open(STDERR, ">", "/dev/null");
		my @t;
		for (1 .. $n) {
			my $t0 = time;
			system(@ARGV);
			push @t, (time - $t0) * 1000;
			die "bench: @ARGV failed ($?)\n" if $? != 0 && $? != 256;
		}
		@t = sort { $a <=> $b } @t;
		printf $out "%.3f\n", $t[$#t / 2];' "$@"
}

# bench_tree OUT CMD...: runs CMD once, its output to OUT.stdout, and
# writes "wall cpu peak_kb" to OUT: the seconds it took, the CPU seconds
# of it and every process it waited for (git's children included), and
# the peak of the summed resident sizes of its process tree, polled
# from /proc every 2 ms for half a second then every 50 ms, and the peak of their anonymous parts (less
# what is file-backed: a git's mapped pack is page cache, shared and
# reclaimable, and a 3 GB pack counts once per git process in RSS) (GNU time's maximum RSS is one process's, and
# kmaint's git children run beside it).  A child that still runs its
# parent's program with its parent's very sizes is a spawn not yet
# exec'd (posix_spawn's child shares the parent's memory until then) and
# counts nothing: summed, it counted kmaint twice whenever a poll fell
# between the clone and the exec.  Exit status 1 counts as success.
bench_tree() {
	perl -MTime::HiRes=time,sleep -e '
		my $out = shift;
		my $t0 = time;
		my $pid = fork // die "fork: $!\n";
		if (!$pid) {
			open(STDOUT, ">", "$out.stdout") or die;
			open(STDERR, ">", "$out.stderr") or die;
			exec(@ARGV) or die "exec $ARGV[0]: $!\n";
		}
		my ($peak, $apeak) = (0, 0);
		while (1) {
			my (%kids, %rss);
			for my $d (glob("/proc/[0-9]*")) {
				open(my $fh, "<", "$d/stat") or next;
				my $s = <$fh> // next;
				$s =~ /^(\d+) \(.*\) \S (\d+) (?:\S+ ){19}(\d+)/ or next;
				push @{$kids{$2}}, $1;
				$rss{$1} = $3 * 4;
			}
			my ($sum, $anon, @q) = (0, 0, [$pid, "", ""]);
			while (defined(my $e = shift @q)) {
				my ($p, $pexe, $pstatm) = @$e;
				my $exe = readlink("/proc/$p/exe") // "";
				my $statm = "";
				if (open(my $fh, "<", "/proc/$p/statm")) {
					$statm = <$fh> // "";
				}
				# a spawn between its clone and its exec
				next if $exe ne "" && $exe eq $pexe &&
					$statm eq $pstatm;
				$sum += $rss{$p} // 0;
				# resident less shared: the mapped packs
				# is page cache, counted once per process
				my @f = split(" ", $statm);
				$anon += ($f[1] - $f[2]) * 4 if @f > 2;
				push @q, map { [$_, $exe, $statm] } @{$kids{$p} // []};
			}
			$peak = $sum if $sum > $peak;
			$apeak = $anon if $anon > $apeak;
			last if waitpid($pid, 1) == $pid;
			# every 2 ms for the first half second: a question
			# of 20 ms would end before the first look at 50 ms
			sleep(time - $t0 < 0.5 ? 0.002 : 0.05);
		}
		my $rc = $? >> 8;
		die "bench: @ARGV failed ($?)\n" if $? != 0 && $rc != 1;
		my @t = times;
		open(my $fh, ">", $out) or die;
		printf $fh "%.3f %.2f %d %d\n", time - $t0, $t[2] + $t[3], $peak, $apeak;' "$@"
}
