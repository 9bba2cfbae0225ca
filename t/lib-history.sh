# SPDX-License-Identifier: GPL-2.0
# Generated git histories for the index tests and bench/index.sh.
#
#	make_history DIR N [SEED [LINES]]
#
# builds a repository at DIR with about N commits on "main" through
# git fast-import: kernel-like paths, Signed-off-by/Reviewed-by/Acked-by/
# Tested-by/Reported-by/Cc/Link/Fixes trailers, renames, deletions,
# merges of side branches, a second root commit, binary files, submodule
# gitlinks, an ISO-8859-1 commit, a commit in bytes that are not UTF-8,
# an empty author name, tags outside the trailer block, in lower case, without
# a space, ending in CR or in the subject paragraph, a "by:" in a subject,
# paths with tabs,
# newlines and quotes, dates in 1970 and 2100, MAINTAINERS changes, and
# a branch literally named HEAD.  Files have up to LINES (12) lines; with
# more, a change rewrites a few of them, as real changes do.

gen_history() {
	n=$1
	seed=${2:-1}
	lines=${3:-12}
	# Two binary blobs (NUL bytes), marks :1 and :2.
	printf 'blob\nmark :1\ndata 8\nBIN\000\001\002\003\n'
	printf 'blob\nmark :2\ndata 9\nBIN\000\001\002\003\004\n'
	awk -v N="$n" -v SEED="$seed" -v L="$lines" '
	function rnd(k) { return int(rand() * k) }
	function person(i) { return names[i] " <" mails[i] ">" }
	function content(path, v,   k, s, j, w) {
		k = 3 + rnd(L)
		s = ""
		if (L <= 12) {
			for (j = 0; j < k; j++)
				s = s "line " j " of " path " v" (j % 3 ? v : 0) "\n"
			return s
		}
		# longer files, a few lines changed at a time, as in real code
		w = rnd(k)
		for (j = 0; j < k; j++)
			s = s "\tline " j " of " path (j >= w && j < w + 4 ? " v" v : "") "\n"
		return s
	}
	function quote(p,   q) {
		q = p
		gsub(/\\/, "\\\\\\\\", q)	# mawk needs 8 for 2
		gsub(/"/, "\\\"", q)
		gsub(/\t/, "\\t", q)
		gsub(/\n/, "\\n", q)
		return "\"" q "\""
	}
	function add(p) {
		if (!(p in pos)) {
			pos[p] = nexist
			plist[nexist++] = p
		}
	}
	function del(p,   k, last) {
		k = pos[p]
		last = plist[nexist - 1]
		plist[k] = last
		pos[last] = k
		delete pos[p]
		nexist--
	}
	function modify(p) {
		printf "M 100644 inline %s\ndata <<EOT\n%sEOT\n", quote(p), content(p, rnd(1000))
		add(p)
	}
	function pick() { return nexist ? plist[rnd(nexist)] : "" }
	function msg(i, a,   s, t, k) {
		s = subsys[rnd(nsub)] ": change number " i
		# the odd shapes real messages have, chosen by i so that the
		# random stream (and every other commit) stays the same: a
		# "by:" in the subject, a tag quoted in the body
		if (i % 53 == 17)
			s = s " as reported by: " person(9)
		if (i % 67 == 29)
			s = s "\nReviewed-by: " person(4)
		s = s "\n\nBody of change " i ".\n\n"
		if (i % 47 == 13)
			s = s "As said before:\n    Acked-by: " person(5) "\n\n"
		if (rnd(4) == 0)
			s = s "Fixes: " sprintf("%06x%06x", rnd(16777216), rnd(16777216)) " (\"older change\")\n"
		if (rnd(3) == 0)
			s = s "Reported-by: " person(rnd(np)) "\n"
		if (rnd(5) == 0)
			s = s "Reported-by: syzbot+" sprintf("%08x", rnd(2147483647)) "@syzkaller.appspotmail.com\n"
		if (rnd(6) == 0)
			s = s "Link: https://lore.kernel.org/r/" i "@example.org\n"
		if (rnd(7) == 0)
			s = s "Cc: stable@vger.kernel.org # v5.10+\n"
		s = s "Signed-off-by: " person(a) "\n"
		if (rnd(2) == 0)
			s = s "Reviewed-by: " person(rnd(np)) "\n"
		if (rnd(3) == 0)
			s = s "Acked-by: " person(rnd(np)) "\n"
		if (rnd(4) == 0)
			s = s "Tested-by: " person(rnd(np)) "\n"
		if (rnd(3) == 0)
			s = s "Signed-off-by: " person(0) "\n"
		# a tag in lower case, one without a space, one ending in CR,
		# and tags followed by a note (no longer the trailer block)
		if (i % 43 == 11)
			s = s "signed-off-by: " person(7) "\n"
		if (i % 59 == 19)
			s = s "Signed-off-by:" person(8) "\n"
		if (i % 61 == 23)
			s = s "Reviewed-by: " person(6) "\r\n"
		if (i % 41 == 7)
			s = s "\n[ note added after the tags ]\n"
		return s
	}
	function header(ref, mark, i, a,   t, tz) {
		t = 1200000000 + i * 3607
		if (i == 1) {
			t = 0
			tz = "+0000"
		}
		if (i == 7)
			t = 4102444800
		if (i != 1)
			tz = tzs[i % ntz]
		printf "commit %s\nmark :%d\n", ref, mark
		printf "author %s %.0f %s\n", person(a), t, tz
		printf "committer %s %.0f %s\n", person(0), t + 60, tz
	}
	function data(s) { printf "data <<EOM\n%sEOM\n", s }
	BEGIN {
		srand(SEED)
		np = split("Linus Torvalds|Greg Kroah-Hartman|Jane Developer|jane developer|Bob Hacker|Alice Reviewer|Ingo M|Thomas G|Dave M|Some One|Old Name|X", names, "|")
		split("torvalds@linux-foundation.org|gregkh@linuxfoundation.org|jane@example.com|JANE@Example.com|bob@old.example.org|alice@example.net|mingo@kernel.org|tglx@linutronix.de|davem@davemloft.net|someone@example.com|old@example.com|x@example.com", mails, "|")
		# awk arrays from split are 1-based; make them 0-based
		for (i = 0; i < np; i++) { names[i] = names[i + 1]; mails[i] = mails[i + 1] }
		nsub = split("net|mm|x86|drm/i915|usb|ext4|sched|docs", subsys, "|")
		for (i = 0; i < nsub; i++) subsys[i] = subsys[i + 1]
		ntz = split("+0000|-0700|+0530|+0100|-1200|+1400", tzs, "|")
		for (i = 0; i < ntz; i++) tzs[i] = tzs[i + 1]
		npaths = split("drivers/net/ethernet/intel/e1000/e1000_main.c|drivers/net/ethernet/intel/e1000/e1000_hw.c|drivers/usb/core/hub.c|drivers/usb/core/hcd.c|drivers/gpu/drm/i915/i915_drv.c|drivers/gpu/drm/i915/display/intel_display.c|arch/x86/kernel/cpu/common.c|arch/x86/mm/fault.c|arch/arm64/kernel/setup.c|mm/page_alloc.c|mm/slub.c|kernel/sched/core.c|kernel/sched/fair.c|fs/ext4/inode.c|fs/ext4/super.c|net/core/dev.c|net/ipv4/tcp.c|include/linux/sched.h|include/linux/mm.h|include/net/sock.h|Documentation/process/submitting-patches.rst|Documentation/admin-guide/README.rst|scripts/checkpatch.pl|lib/string.c|tools/perf/builtin-record.c", paths, "|")
		for (i = 0; i < npaths; i++) paths[i] = paths[i + 1]
		odd[0] = "drivers/odd/tab\there.c"
		odd[1] = "drivers/odd/new\nline.c"
		odd[2] = "drivers/odd/quote\"d.c"
		odd[3] = "drivers/odd/sp ace.c"
		odd[4] = "drivers/odd/back\\slash.c"

		mark = 10
		side = 0
		for (i = 1; i <= N; i++) {
			a = rnd(np)
			mark++
			header("refs/heads/main", mark, i, a)
			data(msg(i, a))
			if (prev)
				printf "from :%d\n", prev
			if (pending_merge) {
				printf "merge :%d\n", pending_merge
				pending_merge = 0
			}
			if (i == 1) {
				printf "M 100644 inline MAINTAINERS\ndata <<EOT\nLINUX\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\nS:\tMaintained\nF:\t*\nEOT\n"
				add("README")
				printf "M 100644 inline README\ndata <<EOT\nLinux kernel\nEOT\n"
			}
			k = 1 + rnd(3)
			for (j = 0; j < k; j++) {
				r = rnd(100)
				if (r < 60 || nexist < 5) {
					modify(paths[rnd(npaths)])
				} else if (r < 70) {
					p = pick()
					if (p != "" && p != "MAINTAINERS" && index(p, "/") > 0) {
						q = p ".renamed" i
						printf "R %s %s\n", quote(p), quote(q)
						del(p)
						add(q)
						if (rnd(2)) modify(q)
					}
				} else if (r < 76) {
					p = pick()
					if (p != "" && p != "MAINTAINERS" && p != "README") {
						printf "D %s\n", quote(p)
						del(p)
					}
				} else if (r < 80) {
					p = "firmware/blob" rnd(3) ".bin"
					printf "M 100644 :%d %s\n", 1 + rnd(2), quote(p)
					add(p)
				} else if (r < 83) {
					printf "M 160000 %040x %s\n", i, quote("external/sub" rnd(2))
				} else if (r < 90) {
					modify(odd[rnd(5)])
				} else {
					modify("drivers/new/file" i ".c")
				}
			}
			if (i % 9 == 0)
				printf "M 100644 inline MAINTAINERS\ndata <<EOT\nLINUX\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\nS:\tMaintained\nF:\t*\n\nSUBSYS %d\nM:\t%s\nS:\tMaintained\nF:\tdrivers/new/file%d.c\nEOT\n", i, person(a), i
			prev = mark
			main_at[i] = mark
			# every 40 commits: a side branch off an older commit, merged next
			if (i % 40 == 20 && i > 10) {
				mark++
				header("refs/heads/side", mark, i, rnd(np))
				data("side: work on " i "\n\nSigned-off-by: " person(1) "\n")
				printf "from :%d\n", main_at[i - 5]
				printf "M 100644 inline drivers/side/side%d.c\ndata <<EOT\nside %d\nEOT\n", i, i
				pending_merge = mark
			}
			# halfway: a second root commit, merged next
			if (i == int(N / 2)) {
				mark++
				header("refs/heads/other", mark, i, 2)
				data("other: an unrelated history\n\nSigned-off-by: " person(2) "\n")
				printf "M 100644 inline other/README\ndata <<EOT\nanother root\nEOT\n"
				pending_merge = mark
			}
			# an ISO-8859-1 commit with an accented name
			if (i == 5) {
				mark++
				printf "commit refs/heads/main\nmark :%d\n", mark
				printf "author Fran\347ois Accent <francois@example.fr> 1300000000 +0100\n"
				printf "committer %s 1300000060 +0100\n", person(0)
				printf "encoding ISO-8859-1\n"
				data("latin1: caf\351\n\nSigned-off-by: Fran\347ois Accent <francois@example.fr>\n")
				printf "from :%d\n", prev
				modify("drivers/latin1/caf.c")
				prev = mark
			}
			# bytes that are not UTF-8, with no encoding header
			if (i == 8) {
				mark++
				printf "commit refs/heads/main\nmark :%d\n", mark
				printf "author Bad \377\376 Bytes <bad@example.com> 1300000000 +0000\n"
				printf "committer %s 1300000060 +0000\n", person(0)
				data("bad: \377 not utf-8 \300\200\n\nSigned-off-by: Bad \377\376 Bytes <bad@example.com>\n")
				printf "from :%d\n", prev
				modify("drivers/bad/bad.c")
				prev = mark
			}
			# an empty author name
			if (i == 6) {
				mark++
				printf "commit refs/heads/main\nmark :%d\n", mark
				printf "author <anon@example.com> 1300000000 +0000\n"
				printf "committer %s 1300000060 +0000\n", person(0)
				data("anon: nameless author\n")
				printf "from :%d\n", prev
				modify("drivers/anon/anon.c")
				prev = mark
			}
		}
		# a branch literally named HEAD, off an older commit
		mark++
		header("refs/heads/HEAD", mark, N + 1, 3)
		data("branch named HEAD\n\nSigned-off-by: " person(3) "\n")
		printf "from :%d\n", main_at[int(N / 3) + 1]
		printf "M 100644 inline drivers/headbranch.c\ndata <<EOT\nhead\nEOT\n"
	}'
}

make_history() {
	git init -q -b main "$1" &&
	gen_history "$2" "${3:-1}" "${4:-12}" | git -C "$1" fast-import --quiet &&
	git -C "$1" symbolic-ref HEAD refs/heads/main &&
	git -C "$1" config core.warnAmbiguousRefs false &&
	git -C "$1" reset -q --hard main 2>/dev/null
}
