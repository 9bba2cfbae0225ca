# SPDX-License-Identifier: GPL-2.0
# A repository with the shape of XFS in 2011-2013, for the audit, review,
# history and report tests.
#
#	make_xfs_repo DIR
#	make_xfs_patch DIR OUT
#
# The first builds it with git fast-import; the second writes the
# MAINTAINERS patch of 2013 from it (see below).  Its MAINTAINERS entry for XFS goes
# through the versions the 2013 maintainer dispute saw:
#   2011-01-03  P: Silicon Graphics Inc, M: Alex Elder <aelder@sgi.com>,
#               M: xfs-masters@oss.sgi.com
#   2011-08-10  M: Ben Myers <bpm@sgi.com> added
#   2012-03-20  Alex Elder at elder@kernel.org, the list M: xfs@oss.sgi.com
#               (the context of the 2013 patch)
#   2013-11-12  the patch applied: Alex Elder out, Mark Tinguely in.  Its
#               author and message are those of the mail Ben Myers sent
#               on Thu, 7 Nov 2013 16:02:08 -0600, "xfs: update
#               maintainers file"; the commit date is the day it went in.
# The work on fs/xfs/ until 2013-11-07 (XFS_UNTIL): Dave Chinner and
# Christoph Hellwig far ahead of everyone, Mark Tinguely far behind,
# every listed maintainer at sgi.com, Ben Myers applying nearly every
# commit after 2011-10-01 (Alex Elder before).  After the patch, in 2014,
# Mark Tinguely writes a lot, so a review that ignores --as-of sees
# another history.  A .mailmap maps aelder@sgi.com to elder@kernel.org.
#
# The expected figures are recomputed by the tests from git log, not
# taken from here.
#
# XFS_VARIANT=review-heavy makes Mark Tinguely's record the one the
# identity issue describes: 12 changesets, 7th of 10 authors, but 3rd
# of 7 by Reviewed-by tags, with the two leaders still far ahead.

XFS_UNTIL=2013-11-07

gen_xfs() {
	awk -v variant="${XFS_VARIANT:-}" '
	function rnd(k) {
		# Park-Miller: the same sequence in every awk
		seed = (seed * 16807) % 2147483647
		return seed % k
	}
	function person(i) { return names[i] " <" mails[i] ">" }
	function data(s) { printf "data <<EOM\n%sEOM\n", s }
	function maint(v,   s) {
		s = "List of maintainers and how to submit kernel changes\n\n"
		s = s "XEN SWIOTLB SUBSYSTEM\nM:\tKonrad Rzeszutek Wilk <konrad.wilk@oracle.com>\n"
		s = s "L:\txen-devel@lists.xensource.com (moderated for non-subscribers)\n"
		s = s "S:\tSupported\nF:\tarch/x86/xen/*swiotlb*\nF:\tdrivers/xen/*swiotlb*\n\n"
		s = s "XFS FILESYSTEM\nP:\tSilicon Graphics Inc\n"
		if (v == 1)
			s = s "M:\tAlex Elder <aelder@sgi.com>\nM:\txfs-masters@oss.sgi.com\n"
		if (v == 2)
			s = s "M:\tBen Myers <bpm@sgi.com>\nM:\tAlex Elder <aelder@sgi.com>\nM:\txfs-masters@oss.sgi.com\n"
		if (v == 3)
			s = s "M:\tBen Myers <bpm@sgi.com>\nM:\tAlex Elder <elder@kernel.org>\nM:\txfs@oss.sgi.com\n"
		if (v == 4)
			s = s "M:\tBen Myers <bpm@sgi.com>\nM:\tMark Tinguely <tinguely@sgi.com>\nM:\txfs@oss.sgi.com\n"
		s = s "L:\t" (v < 3 ? "xfs-masters" : "xfs") "@oss.sgi.com\n"
		if (v < 3)
			s = s "L:\txfs@oss.sgi.com\n"
		s = s "W:\thttp://oss.sgi.com/projects/xfs\nT:\tgit git://oss.sgi.com/xfs/xfs.git\n"
		s = s "S:\tSupported\nF:\tDocumentation/filesystems/xfs.txt\nF:\tfs/xfs/\n\n"
		s = s "EXT4 FILE SYSTEM\nM:\tTheodore Ts'"'"'o <tytso@mit.edu>\nL:\tlinux-ext4@vger.kernel.org\n"
		s = s "S:\tMaintained\nF:\tfs/ext4/\n\n"
		s = s "THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
		s = s "L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\nF:\t*\nF:\t*/\n"
		return s
	}
	function commit(t, a, c, subject, path, trailers) {
		mark++
		printf "commit refs/heads/main\nmark :%d\n", mark
		printf "author %s %d +0000\n", person(a), t
		printf "committer %s %d +0000\n", person(c), t + 3600
		data(subject "\n\nBody.\n\n" trailers)
		if (mark > 1)
			printf "from :%d\n", mark - 1
		version[path]++
		printf "M 100644 inline %s\ndata <<EOT\n%s version %d\nEOT\n", path, path, version[path]
	}
	# maint_commit(T, A, V, SUBJECT[, BODY, AT, ATZ]): MAINTAINERS
	# version V, committed by A at T + 60; authored at AT (zone ATZ)
	# if given, else at T
	function maint_commit(t, a, v, subject, body, at, atz) {
		mark++
		printf "commit refs/heads/main\nmark :%d\n", mark
		if (at)
			printf "author %s %d %s\n", person(a), at, atz
		else
			printf "author %s %d +0000\n", person(a), t
		printf "committer %s %d +0000\n", person(a), t + 60
		data(subject "\n\n" (body ? body "\n\n" : "") "Signed-off-by: " person(a) "\n")
		if (mark > 1)
			printf "from :%d\n", mark - 1
		printf "M 100644 inline MAINTAINERS\ndata <<EOT\n%sEOT\n", maint(v)
	}
	BEGIN {
		seed = 20131107
		n = split("Dave Chinner|Christoph Hellwig|Jie Liu|Eric Sandeen|Brian Foster|Carlos Maiolino|Alex Elder|Ben Myers|Mark Tinguely|Chandra Seetharaman|Zhi Yong Wu|Theodore Ts'"'"'o|Konrad Rzeszutek Wilk|Linus Torvalds|Alex Elder|Some One|Another Dev|Third Dev|Fourth Dev|Fifth Dev|Xss Person", names, "|")
		split("david@fromorbit.com|hch@lst.de|jeff.liu@oracle.com|sandeen@redhat.com|bfoster@redhat.com|cmaiolino@redhat.com|elder@kernel.org|bpm@sgi.com|tinguely@sgi.com|sekharan@us.ibm.com|wuzhy@linux.vnet.ibm.com|tytso@mit.edu|konrad.wilk@oracle.com|torvalds@linux-foundation.org|aelder@sgi.com|one@example.com|another@example.com|third@example.com|fourth@example.com|fifth@example.com|xss@example.com", mails, "|")
		DAVE = 1; HCH = 2; JIE = 3; ERIC = 4; BRIAN = 5; CARLOS = 6
		ALEX = 7; BEN = 8; MARK = 9; CHANDRA = 10; ZHI = 11; TED = 12
		KONRAD = 13; LINUS = 14; ALEX_SGI = 15; XSS = 21
		# XFS authors by changesets, 2011-01 .. 2013-11-06
		want[DAVE] = 150; want[HCH] = 110; want[JIE] = 22; want[ERIC] = 18
		want[BRIAN] = 16; want[CARLOS] = 10; want[ALEX_SGI] = 9; want[BEN] = 7
		want[CHANDRA] = 6; want[MARK] = 5; want[ZHI] = 3
		want[16] = 2; want[17] = 2; want[18] = 1; want[19] = 1; want[20] = 1
		want[XSS] = 1
		# review-heavy: ten authors, Mark 7th with 12, reviewing a lot
		rv_hch = 40; rv_dave = 70; rv_mark = 74; rv_brian = 84; rv_jie = 92
		rv_eric = 100
		if (variant == "review-heavy") {
			want[CARLOS] = 14; want[MARK] = 12; want[ZHI] = 0
			for (p = 16; p <= 21; p++)
				want[p] = 0
			rv_hch = 36; rv_dave = 62; rv_mark = 76; rv_brian = 86
			rv_jie = 92; rv_eric = 96
		}
		nfiles = split("fs/xfs/xfs_inode.c|fs/xfs/xfs_log.c|fs/xfs/xfs_buf.c|fs/xfs/xfs_super.c|fs/xfs/xfs_aops.c|fs/xfs/xfs_file.c|fs/xfs/xfs_iomap.c|fs/xfs/xfs_trans.c|fs/xfs/xfs_qm.c|Documentation/filesystems/xfs.txt", files, "|")
		# a deck of author slots, shuffled
		total = 0
		for (p = 1; p <= 21; p++)
			for (k = 0; k < want[p]; k++)
				deck[total++] = p
		for (k = total - 1; k > 0; k--) {
			j = rnd(k + 1)
			x = deck[k]; deck[k] = deck[j]; deck[j] = x
		}

		t0 = 1294012800		# 2011-01-03
		maint_commit(t0, LINUS, 1, "MAINTAINERS: the 2011 file")
		mark++
		printf "commit refs/heads/main\nmark :%d\n", mark
		printf "author %s %d +0000\ncommitter %s %d +0000\n", person(LINUS), t0 + 100, person(LINUS), t0 + 100
		data("mailmap: Alex Elder\n")
		printf "from :%d\n", mark - 1
		printf "M 100644 inline .mailmap\ndata <<EOT\nAlex Elder <elder@kernel.org> <aelder@sgi.com>\nEOT\n"

		t_ben = 1312934400	# 2011-08-10: Ben Myers added
		t_alex = 1332201600	# 2012-03-20: Alex Elder at kernel.org
		t_end = 1383696000	# 2013-11-06
		step = int((t_end - t0 - 86400) / total)
		done_ben = 0; done_alex = 0
		for (k = 0; k < total; k++) {
			t = t0 + 86400 + k * step
			if (!done_ben && t > t_ben) {
				maint_commit(t_ben, BEN, 2, "MAINTAINERS: add Ben Myers as XFS maintainer")
				done_ben = 1
			}
			if (!done_alex && t > t_alex) {
				maint_commit(t_alex, ALEX, 3, "MAINTAINERS: update Alex Elder and the XFS list")
				done_alex = 1
			}
			a = deck[k]
			c = t < 1317427200 ? ALEX_SGI : BEN	# 2011-10-01
			tr = "Signed-off-by: " person(a) "\n"
			r = rnd(100)
			rv = r < rv_hch ? HCH : r < rv_dave ? DAVE : r < rv_mark ? MARK : \
			     r < rv_brian ? BRIAN : r < rv_jie ? JIE : r < rv_eric ? ERIC : CARLOS
			if (rv == a)
				rv = a == HCH ? DAVE : HCH
			tr = tr "Reviewed-by: " person(rv) "\n"
			if (c != a)
				tr = tr "Signed-off-by: " person(c) "\n"
			commit(t, a, c, "xfs: change " k, files[1 + rnd(nfiles)], tr)
		}
		# other subsystems, same years
		for (k = 0; k < 40; k++) {
			t = t0 + 90000 + k * 2300000
			commit(t, TED, TED, "ext4: change " k, "fs/ext4/inode.c", "Signed-off-by: " person(TED) "\n")
		}
		for (k = 0; k < 12; k++) {
			t = t0 + 95000 + k * 7000000
			commit(t, KONRAD, KONRAD, "xen/swiotlb: change " k, "drivers/xen/swiotlb-xen.c", "Signed-off-by: " person(KONRAD) "\n")
		}
		# the patch as Ben Myers sent it on Thu, 7 Nov 2013 16:02:08
		# -0600, applied on 2013-11-12
		maint_commit(1384214400, BEN, 4, "xfs: update maintainers file",
			"Updated maintainer info.", 1383861728, "-0600")
		# 2014: Mark Tinguely writes a lot, Dave Chinner applies
		for (k = 0; k < 60; k++) {
			t = 1388534400 + k * 200000
			a = k % 3 ? MARK : DAVE
			tr = "Signed-off-by: " person(a) "\nReviewed-by: " person(HCH) "\n"
			if (a != DAVE)
				tr = tr "Signed-off-by: " person(DAVE) "\n"
			commit(t, a, DAVE, "xfs: later change " k, files[1 + rnd(nfiles - 1)], tr)
		}
	}'
}

make_xfs_repo() {
	git init -q -b main "$1" &&
	gen_xfs | git -C "$1" fast-import --quiet &&
	git -C "$1" reset -q --hard main
}

# make_xfs_patch DIR OUT: the 2013 patch, as the mail git format-patch
# makes of the commit in DIR (made by make_xfs_repo).  The output depends
# only on that commit, not on git's configuration or the rest of the
# history: no configuration files are read, the From line carries a zero
# commit id (the real one changes whenever an earlier commit of the
# generated history does), blob ids are abbreviated to a fixed 12
# digits, and there is no signature (it would name git's version).
make_xfs_patch() {
	_c=$(git -C "$1" rev-list -1 --fixed-strings \
		--grep='xfs: update maintainers file' main -- MAINTAINERS) &&
	[ -n "$_c" ] &&
	GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 \
		git -C "$1" format-patch -1 --stdout --no-signature \
		--zero-commit --abbrev=12 "$_c" >"$2"
}
