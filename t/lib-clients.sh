# SPDX-License-Identifier: GPL-2.0
# The real clients of `kmaint get`, offline: git send-email --dry-run
# with --to-cmd/--cc-cmd, and b4 prep --auto-to-cc.  Used by
# t/t1010-clients.sh and bench/send-email.sh; source after t/lib.sh (or
# with LC_ALL=C, an isolated HOME and GIT_CONFIG_NOSYSTEM=1 exported).
#
#	clients_offline
#	send_email_dry GET OUT PATCH...
#	send_email_recipients OUT
#	b4_auto_to_cc GET NAME BASE SERIES OUT
#
# GET is a get_maintainer command line as a shell word list (it is run
# by send-email's shell and split by b4's shlex): "'/path/kmaint' get"
# or "perl '/path/get_maintainer.pl'".

# clients_offline: no network (a proxy that refuses every connection),
# no configuration of the user's (XDG directories unset; HOME is the
# caller's business)
clients_offline() {
	http_proxy=http://127.0.0.1:9
	https_proxy=$http_proxy
	HTTP_PROXY=$http_proxy
	HTTPS_PROXY=$http_proxy
	ALL_PROXY=$http_proxy
	export http_proxy https_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY
	unset no_proxy NO_PROXY XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME
}

# send_email_dry GET OUT PATCH...: git send-email --dry-run on the
# patches, To: from "GET --norolestats --nol" and Cc: from
# "GET --norolestats --nom", as the kernel's documentation suggests.
# Only those commands add recipients: the author, Cc: and body lines of
# the patches are suppressed.  --smtp-server names a host that cannot
# resolve; a dry run never connects.  Stdout to OUT, stderr to OUT.err;
# returns send-email's exit status.
send_email_dry() {
	_get=$1
	_out=$2
	shift 2
	git send-email --dry-run --confirm=never \
		--from='A U Thor <author@example.com>' \
		--to-cmd="$_get --norolestats --nol" \
		--cc-cmd="$_get --norolestats --nom" \
		--suppress-cc=author --suppress-cc=self --suppress-cc=cc \
		--suppress-cc=body --smtp-server=smtp.invalid \
		"$@" </dev/null >"$_out" 2>"$_out.err"
}

# send_email_recipients OUT: from send-email's dry-run log, each
# message's Subject, envelope recipients (RCPT TO) and To:/Cc: headers
# with their continuation lines, in order, a blank line after each
# message (dates and message ids left out)
send_email_recipients() {
	awk '
	/^Dry-OK\. Log says:$/ { inlog = 1; next }
	/^Result: / { if (inlog) print ""; inlog = 0; next }
	!inlog { next }
	/^(Subject|To|Cc):/ || /^RCPT TO:/ { hdr = 1; print; next }
	/^[ \t]/ && hdr { print; next }
	{ hdr = 0 }' "$1"
}

# b4_auto_to_cc GET NAME BASE SERIES OUT: from the branch SERIES (b4
# will not start a series on a prep branch), b4 prep -n NAME -f BASE, the
# commits BASE..SERIES cherry-picked onto it, then b4 prep --auto-to-cc
# with b4's own default get_maintainer.pl options for To: and Cc: (b4
# runs the command with each patch on standard input).  Writes the To:
# and Cc: lines of the cover letter to OUT, the log to OUT.log; returns
# the exit status of the first step that failed.
b4_auto_to_cc() {
	_opts="--nogit --nogit-fallback --nogit-chief-penguins --norolestats"
	git checkout -q "$4" &&
	b4 prep -n "$2" -f "$3" >"$5.log" 2>&1 &&
	git cherry-pick "$3..$4" >>"$5.log" 2>&1 &&
	git config b4.send-auto-to-cmd "$1 $_opts --nol" &&
	git config b4.send-auto-cc-cmd "$1 $_opts --nom" &&
	b4 prep --auto-to-cc >>"$5.log" 2>&1 || return
	# the cover letter: the first commit of the branch, in b4's format
	_cover=$(git rev-list --reverse "$3..HEAD" | head -1) &&
	git show -s --format=%B "$_cover" |
		sed -n '/^--- b4-submit-tracking ---$/q; /^\(To\|Cc\): /p' >"$5"
}
