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
