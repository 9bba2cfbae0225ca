// SPDX-License-Identifier: GPL-2.0
/* Name folding and roles (people/identity.h); the model is tested in t/. */
#include "identity.h"
#include "tap.h"

static void fold(const char *name, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	char desc[256];

	identity_fold_name(name, &sb);
	snprintf(desc, sizeof(desc), "fold '%s'", name);
	is_str(sb.buf, want, desc);
	strbuf_release(&sb);
}

static void same(const char *a, const char *b, bool want)
{
	struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
	char desc[256];

	identity_fold_name(a, &x);
	identity_fold_name(b, &y);
	snprintf(desc, sizeof(desc), "'%s' and '%s' %s", a, b,
		 want ? "fold together" : "stay apart");
	ok(!strcmp(x.buf, y.buf) == want, desc);
	strbuf_release(&x);
	strbuf_release(&y);
}

/*
 * identity_fold_name() folds ASCII names without GLib: it must give
 * what the Unicode steps give, for every ASCII character in a name.
 */
static void ascii_as_unicode(void)
{
	static const char *names[] = {
		"Darrick J. Wong", "Theodore Ts'o", "Jean-Philippe Brucker",
		"  a\t\tb  ", "A,B_C.D-E", "O`Neil", "x..y", "- lead", "trail -",
		"Mc\rDonald", "form\ffeed", "new\nline", "v\vtab", "bell\a",
		"!#$%&*+/:;<=>?@[]^{|}~0123456789", "\x01\x1f\x7f",
	};
	struct strbuf fast = STRBUF_INIT, slow = STRBUF_INIT;
	char name[8];
	size_t i;
	int c, bad = 0;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		char desc[128];

		identity_fold_name(names[i], &fast);
		identity_fold_unicode(names[i], strlen(names[i]), &slow);
		snprintf(desc, sizeof(desc), "ASCII fold of name %zu as GLib's", i);
		is_str(fast.buf, slow.buf, desc);
	}
	for (c = 1; c < 0x80; c++) {
		snprintf(name, sizeof(name), "Ab%cCd", c);
		identity_fold_name(name, &fast);
		identity_fold_unicode(name, strlen(name), &slow);
		if (strcmp(fast.buf, slow.buf)) {
			printf("# '%s': '%s' but GLib '%s'\n", name, fast.buf,
			       slow.buf);
			bad++;
		}
	}
	ok(!bad, "every ASCII character folds as GLib folds it");
	strbuf_release(&fast);
	strbuf_release(&slow);
}

int main(void)
{
	ascii_as_unicode();
	fold("Roger Pau Monné", "roger pau monne");
	fold("Roger Pau Monne", "roger pau monne");
	/* é precomposed and decomposed */
	same("Ren\xc3\xa9 Scharfe", "Rene\xcc\x81 Scharfe", true);
	same("ROGER PAU MONNÉ", "roger pau monne", true);
	fold("  Jan   Kara (SUSE) ", "jan kara");
	fold("Mimi Zohar (IBM)", "mimi zohar");
	fold("\"Darrick J. Wong\"", "darrick j wong");
	same("Daniel P. Smith", "Daniel P Smith", true);
	same("Jean-Philippe Brucker", "Jean Philippe Brucker", true);
	same("Theodore Ts'o", "Theodore Tso", true);
	same("Theodore Ts\xe2\x80\x99o", "Theodore Ts'o", true);
	fold("Łukasz Majewski", "lukasz majewski");
	fold("Ørjan Eide", "orjan eide");
	fold("Björn Töpel", "bjorn topel");
	fold("Uwe Kleine-König", "uwe kleine konig");
	fold("Thomas Weißschuh", "thomas weissschuh");
	/* non-Latin names: case only, never an ASCII guess */
	fold("Юрий Й", "юрий й");
	same("Юрий", "Юрии", false);
	same("Йосип", "Иосип", false);
	fold("张三", "张三");
	fold("Ελένη", "ελένη");
	same("Ελένη", "Ελενη", false);
	fold("", "");
	fold("(IBM)", "(ibm)");
	/* not UTF-8: ASCII case only */
	fold("Ren\xe9 X", "ren\xe9 x");
	same("Wei Wang", "Wei  Wang", true);
	same("Wei Wang", "Wei Wan", false);

	ok(identity_role(NULL, "Community Manager",
			 "community.manager@xenproject.org", false) == IR_TITLE,
	   "a job title is a role");
	ok(identity_role(NULL, "XYZ Reviewers", "xyz_reviewers@example.com",
			 false) == IR_TITLE, "a group of reviewers is a role");
	ok(identity_role(NULL, "", "xfs@oss.sgi.com", true) == IR_LIST,
	   "an L: address is a list");
	ok(identity_role(NULL, "", "xfs-masters@oss.sgi.com", false) == IR_ALIAS,
	   "a nameless address nobody used is an alias");
	ok(identity_role(NULL, "Ben Myers", "bpm@sgi.com", false) == IR_PERSON,
	   "a name is a person");
	ok(identity_role(NULL, "Mark Linuxson", "m@example.com", false) == IR_PERSON,
	   "role words match whole words only");
	ok(identity_role(NULL, "Friedrich List", "fl@example.com", false) == IR_PERSON,
	   "a surname that is also a word (List) is a person");
	ok(identity_role(NULL, "Security Team", "security@example.com", false) ==
	   IR_TITLE, "a team is a role");
	{
		char b[32];

		is_str(identity_count(1345, b, sizeof(b)), "1,345", "1,345");
		is_str(identity_count(12, b, sizeof(b)), "12", "12");
		is_str(identity_count(1234567, b, sizeof(b)), "1,234,567",
		       "1,234,567");
		is_str(identity_count(100000, b, sizeof(b)), "100,000", "100,000");
	}
	return done_testing();
}
