# SPDX-License-Identifier: GPL-2.0
# A kernel-shaped history for kmaint propose, in the shape of the
# networking MAINTAINERS clean-ups of 2024-2025:
#
#	make_propose_repo DIR
#
#   TIPC NETWORK LAYER  busy (70 changes in the last two years, Jon Maloy
#                       acking most); Ying Xue silent there for three
#                       years, but active in WIDGET DRIVER.
#   AX.25 NETWORK LAYER busy (60 changes); its only maintainer, Ralf
#                       Baechle, silent for five years; he has a CREDITS
#                       entry already.
#   NETWORKING DRIVERS  Active One maintains; Simon Horman reviews most
#                       changes and is not listed; a role (Community
#                       Manager) and an alias (netdev-maint@) are listed.
#   FOO DRIVER          Wei Wang at AMD listed, silent; another Wei Wang
#                       (Intel) does the work: ambiguous, not proposed.
# The history ends on 2025-01-01 (PROPOSE_END).  Files: COPYING, CREDITS,
# Kbuild, Makefile, README and the top directories, as in a kernel tree.

PROPOSE_END=2025-01-01

propose_maintainers() {
	cat <<'EOF'
List of maintainers and how to submit kernel changes
====================================================

AX.25 NETWORK LAYER
M:	Ralf Baechle <ralf@linux-mips.org>
L:	linux-hams@vger.kernel.org
S:	Maintained
F:	include/net/ax25.h
F:	net/ax25/

FOO DRIVER
M:	Wei Wang <wei.wang@amd.example>
S:	Maintained
F:	drivers/foo/

NETWORKING DRIVERS
M:	Active One <active@example.com>
M:	netdev-maint@example.org
R:	Community Manager <community.manager@example.org>
L:	netdev@vger.kernel.org
S:	Maintained
F:	drivers/net/

TIPC NETWORK LAYER
M:	Jon Maloy <jmaloy@redhat.com>
M:	Ying Xue <ying.xue@windriver.com>
L:	netdev@vger.kernel.org (core kernel code)
L:	tipc-discussion@lists.sourceforge.net (user apps, general discussion)
S:	Maintained
W:	http://tipc.sourceforge.net/
F:	include/uapi/linux/tipc*.h
F:	net/tipc/

WIDGET DRIVER
M:	Ying Xue <ying.xue@windriver.com>
S:	Maintained
F:	drivers/widget/

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git
F:	*
F:	*/
EOF
}

propose_credits() {
	cat <<'EOF'
	This is at least a partial credits-file of people that have
	contributed to the Linux project.  It is sorted by name and
	formatted to allow easy grepping and beautification by
	scripts.  The fields are: name (N), email (E), web-address
	(W), PGP key ID and fingerprint (P), description (D), and
	snail-mail address (S).
	Thanks,

			Linus
----------

N: Matti Aarnio
E: mea@nic.funet.fi
D: Alpha systems hacking, IPv6 and other network related stuff

N: Ralf Baechle
E: ralf@gnu.org
D: Linux/MIPS port
D: Linux/68k hacker
S: Hauptstrasse 19
S: 79837 St. Blasien
S: Germany

N: Linus Torvalds
E: torvalds@linux-foundation.org
D: Original kernel hacker

N: Zed Zulu
E: zed@zulu.example
D: The last entry
EOF
}

gen_propose() {
	awk -v maint="$(propose_maintainers)" -v credits="$(propose_credits)" '
	function person(i) { return names[i] " <" mails[i] ">" }
	function data(s) { printf "data <<EOM\n%sEOM\n", s }
	function commit(t, a, c, subject, path, trailers) {
		mark++
		printf "commit refs/heads/main\nmark :%d\n", mark
		printf "author %s %d +0000\n", person(a), t
		printf "committer %s %d +0000\n", person(c), t + 600
		data(subject "\n\nSome words about it.\n\nSigned-off-by: " person(a) "\n" trailers \
		     (c != a ? "Signed-off-by: " person(c) "\n" : ""))
		if (mark > 1)
			printf "from :%d\n", mark - 1
		version[path]++
		printf "M 100644 inline %s\ndata <<EOT\n%s version %d\nEOT\n", path, path, version[path]
	}
	BEGIN {
		n = split("Jon Maloy|Ying Xue|Ralf Baechle|Active One|Simon Horman|Wei Wang|Wei Wang|Dev One|Dev Two|Dev Three|Marc Kleine-Budde|Jakub Kicinski", names, "|")
		split("jmaloy@redhat.com|ying.xue@windriver.com|ralf@linux-mips.org|active@example.com|horms@kernel.org|wei.wang@amd.example|wei.w.wang@intel.example|dev1@example.com|dev2@example.com|dev3@example.com|mkl@pengutronix.de|kuba@kernel.org", mails, "|")
		JON = 1; YING = 2; RALF = 3; ACTIVE = 4; SIMON = 5; AMD = 6; INTEL = 7
		D1 = 8; D2 = 9; D3 = 10; MKL = 11; KUBA = 12
		END_T = 1735689600		# 2025-01-01
		Y = 31557600
		t0 = END_T - 8 * Y
		mark++
		printf "commit refs/heads/main\nmark :%d\n", mark
		printf "author %s %d +0000\ncommitter %s %d +0000\n", person(KUBA), t0, person(KUBA), t0
		data("Initial tree\n")
		printf "M 100644 inline MAINTAINERS\ndata <<EOT\n%s\nEOT\n", maint
		printf "M 100644 inline CREDITS\ndata <<EOT\n%s\nEOT\n", credits
		split("COPYING Kbuild Makefile README", top, " ")
		for (i = 1; i <= 4; i++)
			printf "M 100644 inline %s\ndata <<EOT\n%s\nEOT\n", top[i], top[i]
		split("arch Documentation drivers fs include init ipc kernel lib scripts", dirs, " ")
		for (i = 1; i <= 10; i++)
			printf "M 100644 inline %s/.keep\ndata <<EOT\nkeep\nEOT\n", dirs[i]
		# years ago: Ying Xue and Ralf Baechle at work, the AMD Wei Wang
		for (k = 0; k < 20; k++) {
			commit(t0 + 100000 + k * 4000000, YING, KUBA, "tipc: old " k, "net/tipc/node.c", "")
			commit(t0 + 120000 + k * 4000000, RALF, KUBA, "ax25: old " k, "net/ax25/af_ax25.c", "")
			commit(t0 + 140000 + k * 3000000, AMD, KUBA, "foo: amd " k, "drivers/foo/foo.c", "")
		}
		# Ying Xue three years ago, last time in TIPC
		commit(END_T - 3 * Y, YING, KUBA, "tipc: a last fix", "net/tipc/link.c", "")
		# the last two years
		for (k = 0; k < 70; k++) {
			a = k % 3 == 0 ? D1 : k % 3 == 1 ? D2 : JON
			tr = k < 42 && a != JON ? "Acked-by: " person(JON) "\n" : ""
			if (k % 5 == 0)
				tr = tr "Reviewed-by: " person(SIMON) "\n"
			commit(END_T - 2 * Y + 200000 + k * 850000, a, KUBA, "tipc: change " k, "net/tipc/socket.c", tr)
		}
		for (k = 0; k < 60; k++) {
			a = k % 2 ? D3 : D1
			tr = k % 6 == 0 ? "Reviewed-by: " person(MKL) "\n" : ""
			commit(END_T - 2 * Y + 300000 + k * 1000000, a, KUBA, "ax25: change " k, "net/ax25/ax25_out.c", tr)
		}
		for (k = 0; k < 80; k++) {
			a = k % 3 ? ACTIVE : D2
			tr = k % 8 ? "Reviewed-by: " person(SIMON) "\n" : ""
			commit(END_T - 2 * Y + 400000 + k * 750000, a, KUBA, "net: drv change " k, "drivers/net/dev.c", tr)
		}
		for (k = 0; k < 12; k++)
			commit(END_T - Y + 500000 + k * 2000000, YING, KUBA, "widget: change " k, "drivers/widget/w.c", "")
		for (k = 0; k < 55; k++)
			commit(END_T - 2 * Y + 600000 + k * 1100000, INTEL, KUBA, "foo: intel " k, "drivers/foo/foo.c", "")
		# the last commit, on the last day
		commit(END_T - 600, D3, KUBA, "lib: the end", "lib/end.c", "")
	}'
}

make_propose_repo() {
	git init -q -b main "$1" &&
	gen_propose | git -C "$1" fast-import --quiet &&
	git -C "$1" reset -q --hard main
}
