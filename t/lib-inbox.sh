# SPDX-License-Identifier: GPL-2.0
# Mail archives for the list tests, made with public-inbox's own tools
# (Debian's public-inbox 1.9), so that the format is the real one.
# Source it after lib.sh:
#
#	. "${0%/*}/lib-inbox.sh"
#
# Everything runs offline with the test's HOME: the public-inbox
# configuration is $PI_CONFIG there, spam checking is off, and inboxes
# are made with "-L basic" (no Xapian).
#
#	pi_init NAME DIR ADDRESS [-V1|-V2]   public-inbox-init
#	pi_mda ADDRESS FILE                  deliver FILE with public-inbox-mda
#	pi_add NAME FILE...                  add FILEs in one process, through
#	                                     public-inbox's V2Writable (its
#	                                     importer, as -mda uses it); with
#	                                     ROTATE_BYTES set, each epoch gets
#	                                     about that many bytes: public-inbox
#	                                     has no option for it, but its
#	                                     writer keeps the size in
#	                                     {rotate_bytes} (1 GB / 0.4)
#	pi_rm FILE                           public-inbox-learn rm
#	pi_inbox                             the inbox "test" at $I of the
#	                                     messages in $M (a failed test and
#	                                     exit if public-inbox fails)
#	mail FILE FROM SUBJECT DATE MSGID [IN-REPLY-TO] < BODY
#	                                     write a message to test@example.com
#	                                     (with List-Id <test.example.com>,
#	                                     as vger adds it, unless NO_LISTID)

command -v public-inbox-init >/dev/null || skip_all "public-inbox not installed"
command -v sqlite3 >/dev/null || skip_all "sqlite3 shell not installed"

export PI_CONFIG="$HOME/.public-inbox/config"
mkdir -p "$HOME/.public-inbox"

pi_init() {
	public-inbox-init "${4:--V2}" -L basic "$1" "$2" "http://example.com/$1" "$3" &&
	git config -f "$PI_CONFIG" publicinboxmda.spamcheck none
}

pi_mda() {
	ORIGINAL_RECIPIENT=$1 public-inbox-mda <"$2"
}

pi_add() {
	name=$1
	shift
	INBOX_NAME=$name perl -e '
		use strict;
		use PublicInbox::Config;
		use PublicInbox::InboxWritable;
		use PublicInbox::Eml;
		my $cfg = PublicInbox::Config->new;
		my $ibx = $cfg->lookup_name($ENV{INBOX_NAME}) or die "no inbox\n";
		$ibx = PublicInbox::InboxWritable->new($ibx);
		my $im = $ibx->importer(0);
		$im->{rotate_bytes} = $ENV{ROTATE_BYTES} if $ENV{ROTATE_BYTES};
		for my $f (@ARGV) {
			open my $fh, "<", $f or die "$f: $!\n";
			my $str = do { local $/; <$fh> };
			$im->add(PublicInbox::Eml->new(\$str)) or
				warn "public-inbox did not add $f\n";
		}
		$im->done;' "$@"
}

pi_rm() {
	public-inbox-learn rm <"$1"
}

pi_inbox() {
	{ pi_init test "$I" test@example.com && pi_add test "$M"/*; } >/dev/null 2>&1 ||
		{ echo "1..1"; echo "not ok 1 - public-inbox"; exit 1; }
}

# mail FILE FROM SUBJECT DATE MSGID [IN-REPLY-TO] < BODY
mail() {
	{
		printf 'From: %s\nTo: test@example.com\nSubject: %s\nDate: %s\nMessage-ID: <%s>\n' \
			"$2" "$3" "$4" "$5"
		[ -z "${NO_LISTID:-}" ] && printf 'List-Id: <test.example.com>\n'
		[ -n "${6:-}" ] && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$6" "$6"
		printf '\n'
		cat
	} >"$1"
}

# at DATE, as NAME ADDR, by NAME ADDR: the date, author and committer
# of the commits that follow (the tests' histories are written by hand).
at() { GIT_AUTHOR_DATE="$1 +0000" GIT_COMMITTER_DATE="$1 +0000"; export GIT_AUTHOR_DATE GIT_COMMITTER_DATE; }
as() { GIT_AUTHOR_NAME=$1 GIT_AUTHOR_EMAIL=$2; export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL; }
by() { GIT_COMMITTER_NAME=$1 GIT_COMMITTER_EMAIL=$2; export GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL; }

# post_head FILE FROM SUBJECT DATE MSGID: HEAD's change posted as a
# patch by FROM, its diff as git show prints it, so that its patch-id is
# the commit's.
post_head() {
	{
		printf 'A change.\n\nSigned-off-by: %s\n---\n' "$2"
		git show --format= HEAD
		printf -- '-- \n2.39.0\n'
	} | mail "$@"
}

# The messages public-inbox git archives hold, by git log alone: the
# commits writing an 'm' less those writing a 'd' (each removes one).
pi_count_epochs() {
	for e in "$@"; do
		git --git-dir="$e" log --raw --no-renames --format=
	done |
	awk '$NF == "m" && ($5 == "A" || $5 == "M") { m++ }
	     $NF == "d" && ($5 == "A" || $5 == "M") { d++ }
	     END { print m - d }'
}

# The project of a test with an archive: R, its work tree (made the
# current directory), M, the message files, and I, the inbox
# public-inbox makes of them.
inbox_project() {
	R=$TRASH/proj M=$TRASH/msgs I=$TRASH/inbox
	mkdir -p "$M" && git init -q -b main "$R" && cd "$R"
}
