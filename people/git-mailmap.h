/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_IDENT_H
#define KMAINT_IDENT_H

#include "strbuf.h"

/*
 * People as git names them: a .mailmap with git's own semantics (as
 * "git log --format=%aN <%aE>" and "git check-mailmap" apply it), and
 * "Name <addr>" as trailers write it.
 *
 * git's rules, kept exactly:
 *  - four line forms:
 *        Proper Name <commit@email>
 *        <proper@email> <commit@email>
 *        Proper Name <proper@email> <commit@email>
 *        Proper Name <proper@email> Commit Name <commit@email>
 *    the first three match on the address alone, the fourth on address
 *    and name;
 *  - addresses and names match without regard to ASCII case;
 *  - a line starting with '#' is a comment; text after the last '>'
 *    that is not an address is ignored;
 *  - later lines win: a simple line replaces the name and address it
 *    gives, a name-matching line replaces an earlier one for that name;
 *  - the sources, in order: the work tree's top-level .mailmap (not in
 *    a bare repository, and not through a symlink), the blob named by
 *    mailmap.blob (HEAD:.mailmap by default in a bare repository), the
 *    file named by mailmap.file.
 */
struct ident_mailmap;

struct ident_mailmap *ident_mailmap_new(void);
void ident_mailmap_free(struct ident_mailmap *mm);

/* Add the lines of one .mailmap text. */
void ident_mailmap_add(struct ident_mailmap *mm, const char *buf, size_t len);

/* Add a file; a missing one is empty.  Returns -1 on a read error. */
int ident_mailmap_add_file(struct ident_mailmap *mm, const char *path);

/*
 * Load the mailmap of the repository in the current directory from all
 * of git's sources.  @text, if not NULL, receives every source's text
 * (to notice when the mailmap changes).  Returns -1 if git cannot be
 * asked.
 */
int ident_mailmap_load_repo(struct ident_mailmap *mm, struct strbuf *text);

/* Number of addresses with an entry. */
size_t ident_mailmap_size(const struct ident_mailmap *mm);

/*
 * Map @name and @email.  On a hit, *@name and/or *@email point at the
 * map's strings (valid while @mm lives) and true is returned; otherwise
 * they are left alone.
 */
bool ident_map(const struct ident_mailmap *mm, const char **name,
	       const char **email);

/*
 * Parse the person in a trailer value: "Name <addr>", "\"Last, First\"
 * <addr>", "<addr>", or a bare "addr" containing '@' (syzbot's form),
 * followed by anything ("# 5.10.x", "[fixed foo]").  Returns false,
 * leaving @name and @email empty, if no address is found.
 */
bool ident_parse(const char *s, size_t len, struct strbuf *name,
		 struct strbuf *email);

#endif
