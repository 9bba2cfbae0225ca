// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for people/git-mailmap.c: git's four .mailmap forms, case rules,
 * later-wins, comments and junk, and trailer person parsing.  The shell
 * test t3001 checks the same against git check-mailmap.  TAP output.
 */
#include <stdio.h>
#include <string.h>

#include "git-mailmap.h"
#include "tap.h"

/* "Name <email>" after mapping. */
static const char *map(struct ident_mailmap *mm, const char *name,
		       const char *email)
{
	static char buf[256];

	ident_map(mm, &name, &email);
	snprintf(buf, sizeof(buf), "%s <%s>", name, email);
	return buf;
}

static const char *parse(const char *s)
{
	static char buf[256];
	struct strbuf n = STRBUF_INIT, e = STRBUF_INIT;

	if (ident_parse(s, strlen(s), &n, &e))
		snprintf(buf, sizeof(buf), "[%s] [%s]", n.buf, e.buf);
	else
		snprintf(buf, sizeof(buf), "none");
	strbuf_release(&n);
	strbuf_release(&e);
	return buf;
}

int main(void)
{
	static const char text[] =
		"# comment <not@an.entry>\n"
		"Proper One <one@example.com>\n"
		"<two-proper@example.com> <two@example.com>\n"
		"Proper Three <three-proper@example.com> <THREE@example.com>\n"
		"Proper Four <four-proper@example.com> Four Alias <four@example.com>\n"
		"   Spaced   Name   <sp@example.com>   junk after\n"
		"First <later@example.com>\n"
		"Second <later@example.com>\n"
		"Name Only One <n1@example.com> Old Name <n1@example.com>\n"
		"Name Only Two <n2@example.com> Old Name <n1@example.com>\n"
		"<empty@example.com> <>\n"
		"no address at all\n"
		"Broken <unterminated@example.com\n"
		"<> <also-empty@example.com>";
	struct ident_mailmap *mm = ident_mailmap_new();
	const char *name, *email;

	ident_mailmap_add(mm, text, strlen(text));

	is_str(map(mm, "one", "one@example.com"), "Proper One <one@example.com>",
	   "form 1: name by address");
	is_str(map(mm, "one", "ONE@Example.COM"), "Proper One <ONE@Example.COM>",
	   "form 1: address matched without case, kept as written");
	is_str(map(mm, "Two", "two@example.com"), "Two <two-proper@example.com>",
	   "form 2: address by address");
	is_str(map(mm, "Three", "three@example.com"),
	   "Proper Three <three-proper@example.com>", "form 3: both by address");
	is_str(map(mm, "Four Alias", "four@example.com"),
	   "Proper Four <four-proper@example.com>", "form 4: by name and address");
	is_str(map(mm, "four alias", "FOUR@example.com"),
	   "Proper Four <four-proper@example.com>", "form 4: name without case too");
	is_str(map(mm, "Someone Else", "four@example.com"),
	   "Someone Else <four@example.com>", "form 4: another name is not mapped");
	is_str(map(mm, "x", "sp@example.com"), "Spaced   Name <sp@example.com>",
	   "outer blanks trimmed, inner kept, junk ignored");
	is_str(map(mm, "x", "later@example.com"), "Second <later@example.com>",
	   "a later simple line wins");
	is_str(map(mm, "Old Name", "n1@example.com"), "Name Only Two <n2@example.com>",
	   "a later name line for the same name wins");
	is_str(map(mm, "Who", ""), "Who <empty@example.com>", "an empty commit address");
	is_str(map(mm, "x", "not@an.entry"), "x <not@an.entry>", "comments are ignored");
	is_str(map(mm, "x", "unterminated@example.com"), "x <unterminated@example.com>",
	   "an unterminated address is no entry");
	name = "x";
	email = "also-empty@example.com";
	ok(!ident_map(mm, &name, &email), "'<> <addr>' maps nothing");
	ok(ident_mailmap_size(mm) == 8, "eight addresses have entries");
	ident_mailmap_free(mm);

	is_str(parse("Jane Doe <jane@example.com>"), "[Jane Doe] [jane@example.com]",
	   "Name <addr>");
	is_str(parse("  \"Doe, Jane\" <jane@example.com> # 5.10+"),
	   "[Doe, Jane] [jane@example.com]", "quoted name, comment after");
	is_str(parse("<jane@example.com>"), "[] [jane@example.com]", "<addr>");
	is_str(parse("syzbot+abc123@syzkaller.appspotmail.com"),
	   "[] [syzbot+abc123@syzkaller.appspotmail.com]", "a bare address");
	is_str(parse("stable@vger.kernel.org # v5.4+"), "[] [stable@vger.kernel.org]",
	   "a bare address with a comment");
	is_str(parse("Jane Doe <jane@example.com> [fixed the typo]"),
	   "[Jane Doe] [jane@example.com]", "a note after the address");
	is_str(parse("Jane Doe"), "none", "no address, no person");
	is_str(parse("1234567890ab (\"subject\")"), "none", "a Fixes value is no person");
	is_str(parse("Jane <not an address>"), "none", "angle brackets without '@'");
	is_str(parse("<script>alert(22)'&@x.y"), "none",
	   "markup around an '@' is no bare address");
	is_str(parse("Foo (v22)'&@x.y"), "none", "nor is a parenthesis in its local part");
	is_str(parse("jane@x.org;alert(1)"), "[] [jane@x.org]",
	   "a bare address ends at ';'");
	is_str(parse("Jane (jane@x.org)"), "[] [jane@x.org]", "a bare address in parentheses");
	is_str(parse("o'brien&co@x.org"), "[] [o'brien&co@x.org]",
	   "atext in a bare address");
	is_str(parse("x@a/b"), "none", "a '/' in a domain");
	return done_testing();
}
