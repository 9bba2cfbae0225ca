// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for people/email.c.  Every expected value in the table was
 * produced by get_maintainer.pl's own parse_email(), format_email(),
 * rfc822_valid() and rfc822_validlist() (Linux 6.12, extracted and run
 * on these strings), so a difference here is a difference from the
 * oracle.  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "email.h"
#include "tap.h"

static void is_parsed(const char *got, const char *want, const char *what,
		      const char *input)
{
	char *desc = xstrfmt("%s of [%s]", what, input);

	ok(!strcmp(got, want), desc);
	if (strcmp(got, want))
		printf("#   got: [%s]\n# expected: [%s]\n", got, want);
	free(desc);
}

/*
 * input, parse_email() name and address, format_email(name, address, 1),
 * rfc822_valid(), rfc822_validlist() items joined by '|' (NULL: invalid)
 */
static const struct {
	const char *in, *name, *addr, *fmt;
	int valid;
	const char *list;
} cases[] = {
	{ "Foo Bar <foo@bar.com>", "Foo Bar", "foo@bar.com", "Foo Bar <foo@bar.com>", 1, "Foo Bar <foo@bar.com>" },
	{ "foo@bar.com", "", "foo@bar.com", "foo@bar.com", 1, "foo@bar.com" },
	{ "<foo@bar.com>", "", "foo@bar.com", "foo@bar.com", 1, "<foo@bar.com>" },
	{ "Foo B. Bar <foo@bar.com>", "\"Foo B. Bar\"", "foo@bar.com", "\"Foo B. Bar\" <foo@bar.com>", 0, NULL },
	{ "\"Bar, Foo\" <foo@bar.com>", "\"Bar, Foo\"", "foo@bar.com", "\"Bar, Foo\" <foo@bar.com>", 1, "\"Bar, Foo\" <foo@bar.com>" },
	{ "Jérôme Pouiller <jerome@x.com>", "\"Jérôme Pouiller\"", "jerome@x.com", "\"Jérôme Pouiller\" <jerome@x.com>", 1, "Jérôme Pouiller <jerome@x.com>" },
	{ "a@b, c@d", "", "a@b, c@d", "a@b, c@d", 0, "a@b|c@d" },
	{ "a@b,c@d", "", "a@b,c@d", "a@b,c@d", 0, "a@b|c@d" },
	{ "", "", "", "", 0, "" },
	{ "Name Only", "", "", "", 0, NULL },
	{ "x <y>", "", "", "", 0, NULL },
	{ "He said \"hi\" <a@b.c>", "\"He said \\\"hi\"", "a@b.c", "\"He said \\\"hi\" <a@b.c>", 1, "He said \"hi\" <a@b.c>" },
	{ "a@b (comment)", "", "a@b", "a@b", 1, "a@b  " },
	{ " <a@b.c> trailing", "", "a@b.c", "a@b.c", 0, NULL },
	{ "a <b@c> d <e@f>", "a", "b@c> d <e@f", "a <b@c> d <e@f>", 0, NULL },
	{ "Foo <foo@bar> extra", "Foo", "foo@bar", "Foo <foo@bar>", 0, NULL },
	{ "foo@bar.com (Foo Bar)", "", "foo@bar.com", "foo@bar.com", 1, "foo@bar.com  " },
	{ "O'Brien <ob@x.ie>", "\"O'Brien\"", "ob@x.ie", "\"O'Brien\" <ob@x.ie>", 1, "O'Brien <ob@x.ie>" },
	{ "Bad <a@b", "", "Bad <a@b", "Bad <a@b", 0, NULL },
	{ "a@b, , c@d", "", "a@b, , c@d", "a@b, , c@d", 0, NULL },
	{ "x@y z@w", "", "x@y z@w", "x@y z@w", 0, NULL },
	{ "Zoë <z@x.org>", "\"Zoë\"", "z@x.org", "\"Zoë\" <z@x.org>", 1, "Zoë <z@x.org>" },
	{ "李 <li@x.cn>", "\"李\"", "li@x.cn", "\"李\" <li@x.cn>", 0, NULL },
	{ "\"Q\" <q@x.org>", "Q", "q@x.org", "Q <q@x.org>", 1, "\"Q\" <q@x.org>" },
	{ "a\\\"b <q@x.org>", "\"a\\\"b\"", "q@x.org", "\"a\\\"b\" <q@x.org>", 0, NULL },
	{ "first.last@sub.example.co.uk", "", "first.last@sub.example.co.uk", "first.last@sub.example.co.uk", 1, "first.last@sub.example.co.uk" },
	{ "Name <a@b>, Other <c@d>", "Name", "a@b>, Other <c@d", "Name <a@b>, Other <c@d>", 0, "Name <a@b>|Other <c@d>" },
	{ "list: a@b, c@d;", "", "list: a@b, c@d;", "list: a@b, c@d;", 1, "list: a@b, c@d;" },
	{ " Foo  <foo@bar.com> ", "Foo", "foo@bar.com", "Foo <foo@bar.com>", 1, " Foo  <foo@bar.com> " },
	{ "Foo<foo@bar.com>", "Foo", "foo@bar.com", "Foo <foo@bar.com>", 1, "Foo<foo@bar.com>" },
	{ "<a@b> <c@d>", "", "a@b> <c@d", "a@b> <c@d", 0, NULL },
	{ "<@b>", "", "<@b>", "<@b>", 0, NULL },
	{ "<x@>", "", "x@", "x@", 0, NULL },
	{ "@b", "", "", "", 0, NULL },
	{ "a@", "", "a@", "a@", 0, NULL },
	{ "\"Unclosed <a@b>", "Unclosed", "a@b", "Unclosed <a@b>", 0, NULL },
	{ "Name \"quoted\" <a@b>", "\"Name \\\"quoted\"", "a@b", "\"Name \\\"quoted\" <a@b>", 1, "Name \"quoted\" <a@b>" },
	{ "\"a\" \"b\" <a@b>", "\"a\\\" \\\"b\"", "a@b", "\"a\\\" \\\"b\" <a@b>", 1, "\"a\" \"b\" <a@b>" },
	{ "a (b (c) d) e@f", "", "a (b (c) d) e@f", "a (b (c) d) e@f", 0, NULL },
	{ "\"a (b)\" <c@d>", "\"a (b)\"", "c@d", "\"a (b)\" <c@d>", 1, "\"a (b)\" <c@d>" },
	{ "a@b (unclosed", "", "a@b", "a@b", 0, NULL },
	{ "Foo\tBar <tab@x>", "\"Foo\tBar\"", "tab@x", "\"Foo\tBar\" <tab@x>", 1, "Foo\tBar <tab@x>" },
	{ "Mr. X <x@y>", "\"Mr. X\"", "x@y", "\"Mr. X\" <x@y>", 0, NULL },
	{ "x_y-z <x@y>", "x_y-z", "x@y", "x_y-z <x@y>", 1, "x_y-z <x@y>" },
	{ "<a@b>, <c@d>", "", "a@b>, <c@d", "a@b>, <c@d", 0, "<a@b>|<c@d>" },
	{ "a@b,", "", "a@b,", "a@b,", 0, "a@b" },
	{ ",a@b", "", ",a@b", ",a@b", 0, "a@b" },
	{ "a@[1.2.3.4]", "", "a@[1.2.3.4]", "a@[1.2.3.4]", 1, "a@[1.2.3.4]" },
	{ "\"a@b\" <c@d>", "\"a@b\"", "c@d", "\"a@b\" <c@d>", 1, "\"a@b\" <c@d>" },
	{ "R: foo@bar", "", "R: foo@bar", "R: foo@bar", 0, NULL },
};

static void test_table(void)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT, joined = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char **list = NULL;
		size_t nr = 0;
		bool valid;
		char *desc;

		email_parse(cases[i].in, &name, &addr);
		is_parsed(name.buf, cases[i].name, "name", cases[i].in);
		is_parsed(addr.buf, cases[i].addr, "address", cases[i].in);
		strbuf_reset(&out);
		email_format(&out, name.buf, addr.buf, true);
		is_parsed(out.buf, cases[i].fmt, "format_email", cases[i].in);

		desc = xstrfmt("rfc822_valid of [%s] is %d", cases[i].in,
			       cases[i].valid);
		ok(rfc822_valid(cases[i].in) == !!cases[i].valid, desc);
		free(desc);

		valid = rfc822_validlist(cases[i].in, &list, &nr);
		strbuf_reset(&joined);
		for (j = 0; j < nr; j++) {
			strbuf_addf(&joined, "%s%s", j ? "|" : "", list[j]);
			free(list[j]);
		}
		free(list);
		if (!cases[i].list) {
			desc = xstrfmt("rfc822_validlist rejects [%s]", cases[i].in);
			ok(!valid && !nr, desc);
			free(desc);
		} else {
			desc = xstrfmt("rfc822_validlist accepts [%s]", cases[i].in);
			ok(valid, desc);
			free(desc);
			is_parsed(joined.buf, cases[i].list, "rfc822_validlist items",
			       cases[i].in);
		}
	}
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&out);
	strbuf_release(&joined);
}

/* escape_name(): quote unless only [A-Za-z0-9_ -]; escape unescaped '"' */
static void test_escape(void)
{
	static const char *const pairs[][2] = {
		{ "Plain Name", "Plain Name" },
		{ "with_under-score 42", "with_under-score 42" },
		{ "", "" },
		{ "A. Dot", "\"A. Dot\"" },
		{ "Last, First", "\"Last, First\"" },
		{ "say \"hi\"", "\"say \\\"hi\\\"\"" },
		{ "already \\\"escaped\\\"", "\"already \\\"escaped\\\"\"" },
		{ "\"", "\"\\\"\"" },
		{ "Zo\xc3\xab", "\"Zo\xc3\xab\"" },
		{ "tab\there", "\"tab\there\"" },
	};
	struct strbuf out = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		strbuf_reset(&out);
		email_escape_name(&out, pairs[i][0], strlen(pairs[i][0]));
		is_parsed(out.buf, pairs[i][1], "escape_name", pairs[i][0]);
	}
	/* only @len bytes are looked at */
	strbuf_reset(&out);
	email_escape_name(&out, "Name. Rest", 4);
	is_parsed(out.buf, "Name", "escape_name, first 4 bytes", "Name. Rest");
	strbuf_release(&out);
}

/* format_email(): trims, one pair of outer quotes dropped, usename off */
static void test_format(void)
{
	struct strbuf out = STRBUF_INIT;

	email_format(&out, "  \"Quoted Name\"  ", " a@b.c ", true);
	is_parsed(out.buf, "Quoted Name <a@b.c>", "format_email", "\"Quoted Name\"");
	strbuf_reset(&out);
	email_format(&out, "\"Last, First\"", "a@b.c", true);
	is_parsed(out.buf, "\"Last, First\" <a@b.c>", "format_email", "\"Last, First\"");
	strbuf_reset(&out);
	email_format(&out, "Some Name", "a@b.c", false);
	is_parsed(out.buf, "a@b.c", "format_email without name", "Some Name");
	strbuf_reset(&out);
	email_format(&out, "", "a@b.c", true);
	is_parsed(out.buf, "a@b.c", "format_email, empty name", "");
	strbuf_reset(&out);
	email_format(&out, "\"", "a@b.c", true);
	is_parsed(out.buf, "a@b.c", "format_email, name a lone quote", "\"");
	strbuf_release(&out);
}

static void test_rfc822_more(void)
{
	char **list = NULL;
	size_t nr = 0, i;

	/* characters above U+00FF are refused, as by [\000-\377]* */
	ok(rfc822_valid("Zo\xc3\xab <z@x.org>"), "rfc822: U+00EB accepted");
	ok(!rfc822_valid("\xe6\x9d\x8e <z@x.org>"), "rfc822: U+674E refused");
	ok(rfc822_valid("a@b (a (nested) comment)"), "rfc822: nested comment stripped");
	ok(rfc822_valid("\"quoted (not a comment)\" <a@b>"),
	   "rfc822: parentheses inside quotes stay");
	ok(!rfc822_valid("a@b, c@d"), "rfc822_valid: a list is not one address");
	ok(rfc822_validlist("a@b, c@d", NULL, NULL),
	   "rfc822_validlist: NULL output only checks");
	/* items are appended to what the caller already has */
	list = xmalloc(sizeof(*list));
	list[0] = xstrdup("kept");
	nr = 1;
	ok(rfc822_validlist("x@y,\"Q, R\" <q@r>", &list, &nr) && nr == 3 &&
	   !strcmp(list[0], "kept") && !strcmp(list[1], "x@y") &&
	   !strcmp(list[2], "\"Q, R\" <q@r>"),
	   "rfc822_validlist appends \"x@y\" and \"\\\"Q, R\\\" <q@r>\"");
	for (i = 0; i < nr; i++)
		free(list[i]);
	free(list);
}

static void test_lowercase(void)
{
	char *s = lowercase("MiXeD@Example.COM \xc3\x89");

	ok(!strcmp(s, "mixed@example.com \xc3\x89"),
	   "lowercase: ASCII only");
	free(s);
}

/*
 * email_parse_plain(): kmaint's own reading of an M:/R: line.  Markup
 * in a name must not carry the address off (the script's rule reads
 * "\"><script>x</script> <a@b.c>" as the address "script>x</script>
 * <a@b.c"); the plain cases read as email_parse() reads them.
 */
static void test_listed(void)
{
	static const char *const listed[][3] = {
		{ "\"><script>x</script> <a@b.c>", "><script>x</script>", "a@b.c" },
		{ "<b>Bold</b> Name <bold@x.org>", "<b>Bold</b> Name", "bold@x.org" },
		{ "a <b@c> d <e@f>", "a <b@c> d", "e@f" },
		{ "Foo Bar <foo@bar.com>", "Foo Bar", "foo@bar.com" },
		{ "\"Bar, Foo\" <foo@bar.com>", "Bar, Foo", "foo@bar.com" },
		{ " Foo  <foo@bar.com> ", "Foo", "foo@bar.com" },
		{ "foo@bar.com", "", "foo@bar.com" },
		{ "Bad <a@b", "", "Bad <a@b" },
	};
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(listed); i++) {
		email_parse_plain(listed[i][0], &name, &addr);
		is_parsed(name.buf, listed[i][1], "listed name", listed[i][0]);
		is_parsed(addr.buf, listed[i][2], "listed address", listed[i][0]);
	}
	strbuf_release(&name);
	strbuf_release(&addr);
}

/* The addresses that name nobody, and those that do. */
static void test_names_nobody(void)
{
	static const char *const junk[] = {
		"kaf24@localhost.localdomain", "root@localhost", "x@plucky.localdomain",
		"x@penguin.local", "iap10@pug.(none)", "x@(none)", "foo@none",
		"none@none", "nobody", "@x.org", "x@",
	};
	static const char *const real[] = {
		"jbeulich@suse.com", "x@localdomain.example.org", "x@nonesuch.com",
		"x@local.net", "x@lists.xenproject.org", "x@acme.test",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(junk); i++)
		ok(email_names_nobody(junk[i]), junk[i]);
	for (i = 0; i < ARRAY_SIZE(real); i++)
		ok(!email_names_nobody(real[i]), real[i]);
	ok(email_is_example("a@example.com") && email_is_example("a@lists.Example.ORG") &&
	   email_is_example("a@x.example") && email_is_example("a@x.invalid") &&
	   email_is_example("a@example.net"), "example domains (RFC 2606)");
	ok(!email_is_example("a@myexample.com") && !email_is_example("a@example.com.au") &&
	   !email_is_example("a@acme.test"), "and not those that only look alike");
	ok(email_domain_wellformed("a@suse.com") && email_domain_wellformed("a@x.y.z") &&
	   !email_domain_wellformed("a@novel..com") && !email_domain_wellformed("a@suse.") &&
	   !email_domain_wellformed("a@.suse.com") && !email_domain_wellformed("a@host") &&
	   !email_domain_wellformed("a@") && !email_domain_wellformed("nobody"),
	   "well-formed domains: two labels or more, none empty");
}

int main(void)
{
	test_listed();
	test_table();
	test_escape();
	test_format();
	test_rfc822_more();
	test_lowercase();
	test_names_nobody();
	return done_testing();
}
