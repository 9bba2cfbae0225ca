/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_EMAIL_H
#define KMAINT_EMAIL_H

#include "strbuf.h"

/*
 * Mail addresses the way get_maintainer.pl reads and writes them.  Its
 * output is what git send-email, b4 and people's scripts consume, so
 * these follow its rules exactly, quirks included: a name is put in
 * double quotes as soon as it holds anything but ASCII letters, digits,
 * '_', ' ' and '-'; "Name <addr>" is split at the first '<' and the
 * last '>'; a bare "addr" is whatever surrounds the last '@' up to white
 * space.
 */

/* Split "Name <addr>" into a (quoted as needed) name and an address. */
void email_parse(const char *s, struct strbuf *name, struct strbuf *addr);

/*
 * email_parse() for matching people rather than printing: both parts
 * trimmed and the quotes email_parse() put around the name undone; and
 * a name holding a '<' ("\"><x> <a@b.c>") does not swallow the address
 * (the script's first-'<' rule makes it "x> <a@b.c"): the last
 * "<...@...>" is taken then.  get keeps the script's rule.
 */
void email_parse_plain(const char *s, struct strbuf *name,
		       struct strbuf *addr);

/* email_parse() of "@name <@addr>", without building it when it is plain. */
void email_parse_pair(const char *name, const char *addr, struct strbuf *n,
		      struct strbuf *a);

/* "Name <addr>", "addr" when there is no name or !use_name. */
void email_format(struct strbuf *out, const char *name, const char *addr,
		  bool use_name);

/* Quote @name if it needs quoting (appends to @out). */
void email_escape_name(struct strbuf *out, const char *name, size_t len);

/* Is @s one RFC 822 address (comments allowed)? */
bool rfc822_valid(const char *s);

/*
 * Is @s a comma-separated RFC 822 address list?  If so, and @out is not
 * NULL, its addresses are appended to @out as strings to free.
 */
bool rfc822_validlist(const char *s, char ***out, size_t *nr);

/* ASCII-lowercased copy. */
char *lowercase(const char *s);

/*
 * An address that says nothing about who wrote with it: no address,
 * none@none or a domain "none", and git's defaults on an unconfigured
 * machine (user@localhost*, *.localdomain, *.local, x@y.(none)).  Two
 * people's laptops share such an address: it joins nothing on a name
 * (identity.h), and its domain is no employer.
 */
bool email_names_nobody(const char *email);

/*
 * An address at a domain reserved for examples (RFC 2606): example.com,
 * example.net, example.org and their subdomains, *.example, *.invalid.
 */
bool email_is_example(const char *email);

/*
 * Is the domain of @email a name a mail server could have: two labels
 * or more, none empty ("novel..com", "suse.", "host" are not)?
 */
bool email_domain_wellformed(const char *email);

#endif
